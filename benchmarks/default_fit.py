"""The default fit of a data file against scikit-learn's default fit, measured in the same run.

    python benchmarks/default_fit.py [repeats]

1. **Agreement with the classes** (what chose `nbviz.core.best_fit.DEFAULT_N_INIT`): on the
   standardised (z-scored) wine and iris tables, the adjusted Rand index between the classes and
   the default fit (`nbviz.core.fit_best`: k-means starts, the file's covariance prior, the
   per-row rule), for 10 seeds and 1, 2, 3, 5 and 10 starts, against scikit-learn's
   ``GaussianMixture(n_components=3, random_state=seed)`` with its defaults. "delivered" is what
   the window and ``--fit`` give: EM from the kept start to the file's tolerance (the same fit).
2. **Time of one fit** (the command line's fit of a small file): a 145 x 3 table of three
   classes (the size of Reaven and Miller's chemical diabetes table), the default fit against
   scikit-learn's default fit; medians of `repeats` runs, and their ratio.

scikit-learn is only a yardstick here (installed with the test extra).
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np

import nbviz.core as nc
from nbviz.app.families.gaussian import file_covariance_prior
from nbviz.core.convergence import PER_ROW_TOL

sys.path.insert(0, str(Path(__file__).parent))
from core import median_time  # noqa: E402  (benchmarks/core.py: the same timing loop)

SEEDS = range(10)
STARTS = (1, 2, 3, 5, 10)


def standardised(X) -> np.ndarray:
    return (X - X.mean(axis=0)) / X.std(axis=0)


def ours(X, K: int, seed: int, n_init: int = nc.best_fit.DEFAULT_N_INIT) -> np.ndarray:
    prior = nc.Prior(covariance_prior=file_covariance_prior(X))
    best = nc.fit_best(X, "gaussian", K, n_init, rng=seed, prior=prior)
    assert best.run is not None
    return best.run.model.responsibilities(X).argmax(axis=1)


def delivered(X, K: int, seed: int) -> np.ndarray:
    """What the window and ``--fit`` deliver: EM from the kept start to the file's rule (``PER_ROW_TOL``
    per row, the tolerance the starts were compared at)."""
    prior = nc.Prior(covariance_prior=file_covariance_prior(X))
    best = nc.fit_best(X, "gaussian", K, rng=seed, prior=prior)
    assert best.start is not None
    run = nc.EM(X, best.start, prior=prior)
    run.run(max_iter=1000, tol=PER_ROW_TOL, convergence="per_row")
    return run.model.responsibilities(X).argmax(axis=1)


def reference(X, K: int, seed: int) -> np.ndarray:
    from sklearn.mixture import GaussianMixture

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an unconverged fit warns
        return GaussianMixture(n_components=K, random_state=seed).fit(X).predict(X)


def agreement() -> None:
    from sklearn.datasets import load_iris, load_wine
    from sklearn.metrics import adjusted_rand_score

    for name, load in (("wine", load_wine), ("iris", load_iris)):
        table = load()
        X, y = standardised(table.data), table.target
        rows = [("scikit-learn", [adjusted_rand_score(y, reference(X, 3, seed)) for seed in SEEDS])]
        for n_init in STARTS:
            rows.append(
                (f"nbviz, {n_init} start(s)", [adjusted_rand_score(y, ours(X, 3, seed, n_init)) for seed in SEEDS])
            )
        rows.append(("nbviz, delivered", [adjusted_rand_score(y, delivered(X, 3, seed)) for seed in SEEDS]))
        print(f"\n{name} (standardised), ARI per seed 0..9")
        for label, values in rows:
            print(f"  {label:20s} {' '.join(f'{v:.3f}' for v in values)}   mean {np.mean(values):.3f}")


def small_table() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    sizes, centres = (76, 36, 33), np.array([[0.0, 0.0, 0.0], [3.0, 1.0, 0.0], [1.0, 4.0, 2.0]])
    y = np.repeat(np.arange(3), sizes)
    return standardised(centres[y] + rng.normal(size=(y.size, 3))), y


def one_fit(repeats: int) -> None:
    X, _ = small_table()
    a = median_time(lambda: ours(X, 3, 0), repeats)
    b = median_time(lambda: reference(X, 3, 0), repeats)
    print(
        f"\none default fit of a {X.shape[0]}x{X.shape[1]} table: ours {a * 1e3:.1f} ms, scikit-learn {b * 1e3:.1f} ms"
    )
    print(f"ratio {a / b:.3f}")


if __name__ == "__main__":
    agreement()
    one_fit(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
