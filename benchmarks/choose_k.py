"""Choose K against the same loop of scikit-learn fits, measured in the same run.

    python benchmarks/choose_k.py [repeats] [--exact-rule]

**Data files (the default)**: Choose K on a 15,000 x 2 table (five clusters), K = 1..8, 5 starts
each, full covariance, as the app fits a data file: k-means starts, the file's covariance prior,
the per-row rule at the file's ``tol=1e-4`` (`convergence="per_row"`, a tenth of scikit-learn's) and the app's cap of
1000 iterations, against scikit-learn's defaults for the same 40 fits: for each K, 5 separately
seeded ``GaussianMixture(K, random_state=seed)`` (k-means start, ``tol=1e-3`` on the per-row
lower bound, ``max_iter=100``, ``reg_covar=1e-6``), which is the work of one
``GaussianMixture(K, n_init=5)`` with the fits kept apart for the iteration counts. Target (issue
"Clusters an analyst can trust by default"): ratio <= 1.

**The exact rule** (``--exact-rule``, the comparison kept from before): Choose K on 10,000 x 5
Gaussian data (four clusters), K = 1..8, 5 restarts each, full covariance, k-means++ starts, the
app's tolerance (1e-6) and iteration cap (1000): `nc.select_components`
(`nbviz.core.parallel.FIT_WORKERS` threads) against the same 40 fits of scikit-learn's
`GaussianMixture(init_params="k-means++")` with the same `max_iter`, twice:

- **the same stopping rule** (the target's comparison): ours stops when an iteration raises the
  total objective (the log-likelihood summed over the N points) by less than `tol`; scikit-learn
  stops when it raises the mean log-likelihood per point by less than its `tol`. The same rule is
  therefore scikit-learn's ``tol = TOL / N`` (ours ``tol = TOL``), so both fits stop at the same
  gain of the model's log-likelihood;
- **the same number** (``tol = TOL`` for both, the raw comparison): scikit-learn then stops N times
  earlier in log-likelihood, so it runs far fewer iterations than ours.

Iteration counts are printed for each. Target (issue 16): ratio <= 1 with the same stopping rule.
"""

from __future__ import annotations

import sys
import time
import warnings
from typing import Any

import numpy as np

import nbviz.core as nc
from nbviz.core.convergence import PER_ROW_TOL

KS, N_INIT, TOL, MAX_ITER, N, D = range(1, 9), 5, 1e-6, 1000, 10_000, 5
FILE_N, FILE_TOL = 15_000, PER_ROW_TOL  # the data-file comparison: 15,000 x 2, the file's per-row rule


def file_data() -> np.ndarray:
    rng = np.random.default_rng(1)
    centres = rng.normal(scale=4, size=(5, 2))
    return centres[rng.integers(5, size=FILE_N)] + rng.normal(size=(FILE_N, 2))


def ours_per_row(X) -> tuple[int, int]:
    """(iterations, best K) of Choose K as the app runs it on a data file."""
    from nbviz.app.families.gaussian import file_covariance_prior
    from nbviz.app.model.config import DEFAULT_MAX_ITER

    selection = nc.select_components(
        X, "gaussian", KS, n_init=N_INIT, rng=0, method="kmeans", tol=FILE_TOL, convergence="per_row",
        max_iter=DEFAULT_MAX_ITER, prior=nc.Prior(covariance_prior=file_covariance_prior(X)),
    )  # fmt: skip
    iterations = sum(run.history[-1].iteration for run in selection.runs.values())
    return iterations, int(selection.best_k or 0)


def reference_defaults(X) -> tuple[int, int]:
    """(iterations, best K by BIC) of 5 default scikit-learn fits per K."""
    from sklearn.mixture import GaussianMixture

    iterations, bics = 0, []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an unconverged fit warns
        for k in KS:
            fits = [GaussianMixture(k, random_state=seed).fit(X) for seed in range(N_INIT)]
            iterations += sum(fit.n_iter_ for fit in fits)
            bics.append(min(fit.bic(X) for fit in fits))
    return iterations, KS[int(np.argmin(bics))]


def main_per_row(repeats: int) -> None:
    X = file_data()
    ratios = []
    print(
        f"choose K on a data file ({FILE_N}x2, K=1..8, {N_INIT} starts, full): ours k-means starts, per-row tol "
        f"{FILE_TOL:g}, cap 1000; scikit-learn GaussianMixture(K, random_state=seed) defaults, seeds 0..{N_INIT - 1}"
    )
    for _ in range(repeats):
        a, (ours_iterations, ours_k) = timed(ours_per_row, X)
        b, (reference_iterations, reference_k) = timed(reference_defaults, X)
        ratios.append(a / b)
        print(
            f"ours {a:.2f} s ({ours_iterations} iterations, best K {ours_k}); scikit-learn {b:.2f} s "
            f"({reference_iterations} iterations, best K {reference_k}); ratio {a / b:.3f}"
        )
    print(f"median ratio {np.median(ratios):.3f} (target <= 1)")


def data() -> np.ndarray:
    rng = np.random.default_rng(0)
    centres = rng.normal(scale=3, size=(4, D))
    return centres[rng.integers(4, size=N)] + rng.normal(size=(N, D))


def ours(X) -> int:
    selection = nc.select_components(X, "gaussian", KS, n_init=N_INIT, rng=0, tol=TOL, max_iter=MAX_ITER)
    return sum(run.history[-1].iteration for run in selection.runs.values())


def reference(X, tol: float) -> int:
    from sklearn.mixture import GaussianMixture

    iterations = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an unconverged fit warns
        for k in KS:
            for seed in range(N_INIT):
                fit = GaussianMixture(
                    k, covariance_type="full", tol=tol, max_iter=MAX_ITER, init_params="k-means++", random_state=seed
                ).fit(X)
                iterations += fit.n_iter_
    return iterations


def timed(function, *args) -> tuple[float, Any]:
    start = time.perf_counter()
    iterations = function(*args)
    return time.perf_counter() - start, iterations


def main(repeats: int = 3) -> None:
    X = data()
    same_rule, same_number = [], []
    print(
        f"choose K ({N}x{D}, K=1..8, {N_INIT} restarts, full, max_iter {MAX_ITER}): ours tol {TOL:g} on the total "
        f"objective; scikit-learn tol {TOL / N:g} on the mean per point (the same rule) "
        f"and tol {TOL:g} (the same number)"
    )
    for _ in range(repeats):
        a, ours_iterations = timed(ours, X)
        b, rule_iterations = timed(reference, X, TOL / N)
        c, number_iterations = timed(reference, X, TOL)
        same_rule.append(a / b)
        same_number.append(a / c)
        print(
            f"ours {a:.2f} s ({ours_iterations} iterations); scikit-learn, same rule {b:.2f} s ({rule_iterations} "
            f"iterations), ratio {a / b:.3f}; same number {c:.2f} s ({number_iterations} iterations), ratio {a / c:.3f}"
        )
    print(f"median ratio, same stopping rule {np.median(same_rule):.3f} (target <= 1)")
    print(f"median ratio, same tol number {np.median(same_number):.3f}")


if __name__ == "__main__":
    numbers = [int(arg) for arg in sys.argv[1:] if arg.isdigit()]
    if "--exact-rule" in sys.argv[1:]:
        main(numbers[0] if numbers else 3)
    else:
        main_per_row(numbers[0] if numbers else 3)
