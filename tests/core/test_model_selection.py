"""Choosing the model, not only K: select_components over covariance types, retries, BIC as scikit-learn's."""

import numpy as np
import pytest
from sklearn.mixture import GaussianMixture as SkGaussianMixture
from sklearn.mixture._gaussian_mixture import _compute_precision_cholesky

import nbviz.core as nc
from nbviz.core.restart import SINGULAR_CAUSE, fit_restart, retry_seed

TYPES = ["full", "tied", "diag", "spherical"]


def _data(seed=0):
    rng = np.random.default_rng(seed)
    a = rng.multivariate_normal([0, 0], [[1.0, 0.8], [0.8, 1.0]], size=80)
    b = rng.multivariate_normal([4, -1], [[0.5, 0.0], [0.0, 2.0]], size=80)
    return np.vstack([a, b])


def test_select_components_over_covariance_types_fits_each_type_with_the_same_seeds():
    X = _data()
    models = nc.select_components(X, "gaussian", [1, 2, 3], n_init=2, rng=0, covariance_types=TYPES)
    assert isinstance(models, nc.ModelSelection) and models.covariance_types == tuple(TYPES)
    for kind, selection in models.selections.items():
        assert selection.covariance_type == kind
        assert all(run.model.covariance_type == kind for run in selection.runs.values())
    seeds = [selection.seeds.tolist() for selection in models.selections.values()]
    assert all(s == seeds[0] for s in seeds)
    assert models.scores("bic").shape == (4, 3)
    kind, k = models.best
    t = TYPES.index(kind)
    assert models.scores("bic")[t, [1, 2, 3].index(k)] == np.nanmin(models.scores("bic"))
    assert k == 2  # two clusters, drawn so


def test_the_old_signature_still_returns_one_selection():
    selection = nc.select_components(_data(), "gaussian", [1, 2], n_init=1, rng=0, covariance_type="diag")
    assert isinstance(selection, nc.Selection) and selection.covariance_type == "diag"


@pytest.mark.parametrize("kind", TYPES)
def test_bic_equals_scikit_learns_for_the_same_parameters(kind):
    X = _data(1)
    models = nc.select_components(X, "gaussian", [2, 3], n_init=1, rng=0, covariance_types=[kind])
    selection = models.selections[kind]
    for (i, r), run in selection.runs.items():
        model = run.model
        sk = SkGaussianMixture(int(selection.ks[i]), covariance_type=kind)
        sk.weights_, sk.means_ = model.weights, model.means
        sk.covariances_ = model.covariances
        sk.precisions_cholesky_ = _compute_precision_cholesky(model.covariances, kind)
        assert selection.bic[i, r] == pytest.approx(sk.bic(X), rel=1e-9)


def test_a_failed_restart_is_retried_from_another_seed_and_reported():
    # two tight pairs and one lone point: K = 3 without a prior collapses onto the lone point
    X = np.array([[0.0, 0.0], [0.1, 0.05], [5.0, 5.0], [5.1, 4.9], [10.0, -3.0]])
    fit = fit_restart(X, "gaussian", 3, 0, retries=2)
    assert fit.run is None and len(fit.failed) == 3
    assert [seed for seed, _, _ in fit.failed] == [0, retry_seed(0, 1), retry_seed(0, 2)]
    assert {cause for _, cause, _ in fit.failed} == {SINGULAR_CAUSE}
    selection = nc.select_components(X, "gaussian", [1, 3], n_init=2, rng=0)
    assert set(selection.failures) == {(1, 0), (1, 1)} and len(selection.retried[(1, 0)]) == 3
    assert selection.fit_seeds[0].tolist() == selection.seeds.tolist()  # K = 1 needed no retry


def test_a_retry_that_succeeds_keeps_its_seed():
    X = _data()
    first = fit_restart(X, "gaussian", 2, 5)
    assert first.run is not None and not first.retried and first.seed == 5
