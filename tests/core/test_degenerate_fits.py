"""Choose K never crowns a degenerate fit: too few rows for a component's parameters, or a covariance at the floor."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from sklearn.mixture import GaussianMixture

import nbviz.core as nc
from nbviz.core.degeneracy import FLOOR_FACTOR, rows_needed

KS = range(1, 7)


def blobs() -> np.ndarray:
    rng = np.random.default_rng(0)
    centres = np.array([[0.0, 0.0], [6.0, 0.0], [3.0, 5.0]])
    return np.concatenate([c + rng.normal(size=(100, 2)) for c in centres])


def file_covariance_prior(X) -> float:
    """The app's covariance prior for a data file, by hand: 1e-6 N times the narrowest variance."""
    return 1e-6 * X.shape[0] * float(X.var(axis=0).min())


def chosen(X, **options):
    prior = nc.Prior(covariance_prior=file_covariance_prior(X))
    return nc.select_components(
        X, "gaussian", KS, n_init=5, rng=0, prior=prior, method="kmeans", tol=1e-3, convergence="per_row", **options
    )


def test_a_tight_cluster_of_duplicated_rows_would_win_but_is_passed_over():
    X = np.concatenate([blobs(), np.tile([[3.0, -5.0]], (3, 1))])  # three equal rows, away from the clusters
    selection = chosen(X)
    raw = np.unravel_index(np.nanargmin(selection.bic), selection.bic.shape)
    assert selection.degenerate[raw], "without the check, a degenerate fit has the lowest BIC"
    degeneracy = selection.degeneracies[tuple(int(i) for i in raw)]
    assert any("at the prior's floor" in reason for reason in degeneracy.reasons)
    best = selection.best_index
    assert best is not None and not selection.degenerate[best]
    assert selection.bic[best] == np.nanmin(np.where(selection.degenerate, np.nan, selection.bic))
    assert selection.best_k != selection.ks[raw[0]]
    for k_index in range(len(selection.ks)):  # each K's shown fit is one that is not degenerate, where there is one
        run = selection.best_run_for(k_index)
        usable = selection.usable()[k_index]
        if usable.any():
            assert run is not None and run.history[-1].objective == np.max(selection.objective[k_index][usable])


def test_on_a_clean_table_the_choice_agrees_with_scikit_learns_bic():
    X = blobs()
    selection = chosen(X)
    assert not selection.degenerate.any() and selection.converged.all()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a fit that hits its cap warns
        bics = [GaussianMixture(k, n_init=2, random_state=0).fit(X).bic(X) for k in KS]
    assert selection.best_k == 1 + int(np.argmin(bics)) == 3


def test_choosing_the_covariance_type_too_passes_over_degenerate_fits():
    X = np.concatenate([blobs(), np.tile([[3.0, -5.0]], (3, 1))])
    models = chosen(X, covariance_types=["full", "diag"])
    full = models.selections["full"]
    scores = models.scores()
    assert np.isnan(scores[0][full.degenerate.all(axis=1)]).all()
    best_type, best_k = models.best
    winner = models.selections[best_type]
    k_index = list(winner.ks).index(best_k)
    assert winner.usable()[k_index].any()


@pytest.mark.parametrize(("covariance_type", "needed"), [("full", 4), ("diag", 2), ("spherical", 2), ("tied", 1)])
def test_rows_a_component_needs_by_covariance_type(covariance_type, needed):
    # full: D + 1 rows span D directions; diag/spherical: two rows give a spread; tied: the
    # covariance is everyone's, a component only needs a row for its mean.
    X = np.random.default_rng(1).normal(size=(40, 3))
    model = nc.init_model(X, "gaussian", 2, rng=0, covariance_type=covariance_type)
    assert rows_needed(model) == needed
    assert rows_needed(nc.BernoulliMixture(weights=[1.0], probs=[[0.5, 0.5]])) == 1


def test_effective_rows_and_the_floor_are_read_from_the_fit():
    X = np.array([[0.0, 0.0], [1.0, 0.2], [0.3, 1.0], [1.2, 1.1], [0.5, 0.4], [10.0, 10.0], [10.5, 9.0]])
    lam = 0.01
    # component 2 holds the two far rows (fewer than the 3 a full covariance of 2 features needs)
    means = [X[:5].mean(axis=0), X[5:].mean(axis=0)]
    wide = np.cov(X[:5].T, bias=True) + lam / 5 * np.eye(2)
    model = nc.GaussianMixture(weights=[5 / 7, 2 / 7], means=means, covariances=[wide, np.eye(2)])
    found = nc.find_degenerate(model, X, nc.Prior(covariance_prior=lam))
    assert found.components == (1,) and "holds 2 effective rows" in found.reasons[0]
    # a covariance the prior holds up: N_k * smallest variance <= FLOOR_FACTOR * lambda
    floor = FLOOR_FACTOR * lam / 5
    flat = np.diag([floor * 0.99, 1.0])
    on_floor = nc.GaussianMixture(weights=[5 / 7, 2 / 7], means=means, covariances=[flat, np.eye(2)])
    assert nc.find_degenerate(on_floor, X, nc.Prior(covariance_prior=lam)).components[0] == 0
    assert nc.find_degenerate(on_floor, X).components == (1,)  # no prior, no floor
