"""The default fit of a data file: k-means starts, the best of several, against scikit-learn's defaults."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from sklearn.datasets import load_iris, load_wine
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import GaussianMixture

import nbviz.core as nc

SEEDS = range(10)


def standardised(X) -> np.ndarray:
    return (X - X.mean(axis=0)) / X.std(axis=0)


def file_covariance_prior(X) -> float:
    """The app's covariance prior for a data file, by hand: 1e-6 N times the narrowest variance."""
    return 1e-6 * X.shape[0] * float(X.var(axis=0).min())


def ours(X, K: int, seed: int) -> np.ndarray:
    """Labels of the default fit of a data file (as `for_file` configures it)."""
    prior = nc.Prior(covariance_prior=file_covariance_prior(X))
    best = nc.fit_best(X, "gaussian", K, rng=seed, prior=prior)
    assert best.run is not None
    return best.run.model.responsibilities(X).argmax(axis=1)


def sklearn_default(X, K: int, seed: int) -> np.ndarray:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a fit that hits its cap warns; its labels count all the same
        return GaussianMixture(n_components=K, random_state=seed).fit(X).predict(X)


@pytest.mark.parametrize("load", [load_wine, load_iris], ids=["wine", "iris"])
def test_the_default_fit_agrees_with_the_classes_at_least_as_well_as_scikit_learns(load):
    table = load()
    X, y = standardised(table.data), table.target
    ari_ours = [adjusted_rand_score(y, ours(X, 3, seed)) for seed in SEEDS]
    ari_sklearn = [adjusted_rand_score(y, sklearn_default(X, 3, seed)) for seed in SEEDS]
    assert np.mean(ari_ours) >= np.mean(ari_sklearn) - 0.02, (ari_ours, ari_sklearn)


def test_the_kept_start_is_the_best_fit_that_is_not_degenerate():
    # On the standardised wine table, some k-means starts run to the exact rule end with one
    # component on 6 rows (fewer than the 14 a full covariance of 13 features needs, at the
    # prior's floor) and a higher objective than any fit that describes the data.
    X = standardised(load_wine().data)
    prior = nc.Prior(covariance_prior=file_covariance_prior(X))
    collapsed = nc.EM(X, nc.init_model(X, "gaussian", 3, method="kmeans", rng=16, prior=prior), prior=prior)
    collapsed.run(1000, 1e-6)
    degeneracy = nc.find_degenerate(collapsed.model, X, prior)
    assert degeneracy.components == (0,) and "holds 6 effective rows" in degeneracy.reasons[0]
    assert "needs at least 14" in degeneracy.reasons[0]
    best = nc.fit_best(X, "gaussian", 3, n_init=40, rng=0, prior=prior, tol=1e-6, convergence="absolute")
    finished = ~np.isnan(best.objectives)
    assert best.objectives[best.index] == np.max(best.objectives[finished & ~best.degenerate])
    assert not best.degenerate[best.index] and best.converged[best.index]
    assert collapsed.history[-1].objective > best.objectives[best.index]
    run = nc.EM(X, best.start, prior=prior, warn_empty=False)  # the start finds the same fit again
    run.run(1000, 1e-6)
    assert run.history[-1].objective == best.objectives[best.index]


def test_every_start_failing_leaves_no_run_and_says_why():
    X = np.zeros((4, 2))
    X[0] = 1.0  # two distinct rows: three components cannot start
    best = nc.fit_best(X, "gaussian", 3, n_init=2, rng=0)
    assert best.run is None and best.index is None and best.start is None
    assert sorted(best.failures) == [0, 1] and "distinct rows" in best.failures[0]
