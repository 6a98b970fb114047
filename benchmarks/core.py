"""Speed of the model core against references measured in the same run.

    python benchmarks/core.py

Prints, for each case, our time per EM iteration (E-step + M-step + the snapshot's log-likelihood
and ELBO), the reference's time, and their ratio (medians of repeated runs). Targets:
  - Gaussian mixture, N=1e5, D=2, K=5, full covariance: ratio to scikit-learn's iteration <= 1/3.
  - Bernoulli mixture, N=2e4, M=784, K=10, from three starts (uniform random responsibilities,
    k-means++, and a converged model with near one-hot responsibilities on digit-like images whose
    border pixels are constant): ratio to one float64 (N x M)(M x K) product <= 2.5 (issue 16).
scikit-learn is only a yardstick here (installed with the test extra). Choose K is measured by
benchmarks/choose_k.py.
"""

from __future__ import annotations

import time
import warnings
from functools import partial

import numpy as np

import nbviz.core as nc


def median_time(function, repeats: int) -> float:
    function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def gaussian_case(repeats: int = 15) -> tuple[float, float]:
    from sklearn.mixture import GaussianMixture as Reference

    rng = np.random.default_rng(0)
    N, D, K = 100_000, 2, 5
    centres = rng.normal(scale=4, size=(K, D))
    X = centres[rng.integers(K, size=N)] + rng.normal(size=(N, D))
    start = nc.init_model(X, "gaussian", K, rng=0)
    run = nc.EM(X, start)
    ours = median_time(run.step, repeats)

    reference = Reference(
        K,
        covariance_type="full",
        reg_covar=0,
        max_iter=1,
        weights_init=start.weights,
        means_init=start.means,
        precisions_init=np.linalg.inv(start.covariances),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference.fit(X)

    def reference_iteration():
        _, log_resp = reference._e_step(X)
        reference._m_step(X, log_resp)

    return ours, median_time(reference_iteration, repeats)


def digit_like_images(rng, N: int = 20_000, side: int = 28, K: int = 10) -> np.ndarray:
    """Binary `side` x `side` images from K sharp prototypes whose 3-pixel border is always 0 and
    whose centre is always 1 (constant columns, as in digit data), shape (N, side * side)."""
    prototypes = np.where(rng.random((K, side, side)) < 0.5, 0.02, 0.98)
    prototypes[:, :3], prototypes[:, -3:], prototypes[:, :, :3], prototypes[:, :, -3:] = 0, 0, 0, 0
    prototypes[:, side // 2 - 1 : side // 2 + 1, side // 2 - 1 : side // 2 + 1] = 1
    prototypes = prototypes.reshape(K, side * side)
    return (rng.random((N, side * side)) < prototypes[rng.integers(K, size=N)]).astype(np.float64)


def bernoulli_case(start: str, repeats: int = 7) -> tuple[float, float]:
    rng = np.random.default_rng(0)
    K = 10
    X = digit_like_images(rng, K=K)
    if start == "converged":
        run = nc.EM(X, nc.init_model(X, "bernoulli", K, rng=0))
        run.run(max_iter=200, tol=1e-6)
        model = run.model
    else:
        model = nc.init_model(X, "bernoulli", K, method=start, rng=0)
    run = nc.EM(X, model)
    ours = median_time(run.step, repeats)
    weights = rng.random((X.shape[1], K))
    return ours, median_time(lambda: X @ weights, repeats)


def main() -> None:
    for name, case, target in [
        ("gaussian N=1e5 D=2 K=5 full, vs scikit-learn iteration", gaussian_case, "<= 0.333"),
        *(
            (
                f"bernoulli N=2e4 M=784 K=10, {start} start, vs one (NxM)(MxK) product",
                partial(bernoulli_case, start),
                "<= 2.5",
            )
            for start in ("random", "kmeans++", "converged")
        ),
    ]:
        ours, reference = case()
        print(
            f"{name}: ours {ours * 1e3:.2f} ms, reference {reference * 1e3:.2f} ms, "
            f"ratio {ours / reference:.3f} (target {target})"
        )


if __name__ == "__main__":
    main()
