"""Gaussian mixtures with missing cells against an independent implementation written here.

The reference loops over the rows: a row's density is the mixture of scipy's multivariate normal on
its observed sub-vector (observed part of the mean, observed block of the covariance); one EM
iteration completes each row per component with the explicit conditional mean and adds the
explicit conditional covariance to the scatter (Ghahramani & Jordan 1994).
"""

import numpy as np
import pytest
from scipy.special import logsumexp
from scipy.stats import multivariate_normal

import nbviz.core as nc

TOL = dict(rtol=1e-10, atol=1e-10)


def data_with_holes(seed=0, n=60, d=3, fraction=0.25):
    rng = np.random.default_rng(seed)
    centres = np.array([[0.0, 0.0, 0.0], [3.0, -2.0, 1.0]])[:, :d]
    X = (
        centres[rng.integers(2, size=n)]
        + rng.normal(size=(n, d)) @ np.array([[1, 0.4, 0], [0, 1, 0.3], [0, 0, 1]])[:d, :d]
    )
    holes = rng.random((n, d)) < fraction
    holes[3] = True  # a row with nothing observed
    holes[4] = False  # and complete ones
    return np.where(holes, np.nan, X)


def model_of(kind, d=3):
    means = np.array([[0.2, -0.1, 0.3], [2.5, -1.5, 0.8]])[:, :d]
    full = np.array(
        [[[1.2, 0.3, 0.1], [0.3, 0.9, -0.2], [0.1, -0.2, 1.1]], [[0.8, -0.2, 0.0], [-0.2, 1.3, 0.4], [0.0, 0.4, 0.7]]]
    )
    covariances = {
        "full": full[:, :d, :d],
        "tied": full[0, :d, :d],
        "diag": np.array([[1.2, 0.9, 1.1], [0.8, 1.3, 0.7]])[:, :d],
        "spherical": np.array([1.1, 0.8]),
    }[kind]
    return nc.GaussianMixture(weights=[0.45, 0.55], means=means, covariances=covariances, covariance_type=kind)


# ----------------------------------------------------------------- the independent reference
def reference_log_joint(model, X):
    """log pi_k + log N(x_obs; mu_obs, S_obs,obs), row by row (0 + log pi_k for a row with nothing observed)."""
    covs = model.full_covariances
    out = np.empty((X.shape[0], model.n_components))
    for n, x in enumerate(X):
        o = ~np.isnan(x)
        for k in range(model.n_components):
            density = 0.0 if not o.any() else multivariate_normal(model.means[k][o], covs[k][np.ix_(o, o)]).logpdf(x[o])
            out[n, k] = np.log(model.weights[k]) + density
    return out


def reference_step(model, X, lam=0.0, alpha=0.0):
    """One EM iteration: responsibilities, then the M-step from explicit conditional means and covariances."""
    log_joint = reference_log_joint(model, X)
    resp = np.exp(log_joint - logsumexp(log_joint, axis=1, keepdims=True))
    covs = model.full_covariances
    N, D = X.shape
    K = model.n_components
    means, scatters = np.empty((K, D)), np.empty((K, D, D))
    for k in range(K):
        filled, extra = np.empty((N, D)), np.zeros((N, D, D))
        for n, x in enumerate(X):
            o, m = ~np.isnan(x), np.isnan(x)
            filled[n] = x
            S, mu = covs[k], model.means[k]
            if m.any():
                gain = S[np.ix_(m, o)] @ np.linalg.inv(S[np.ix_(o, o)]) if o.any() else np.zeros((m.sum(), 0))
                filled[n, m] = mu[m] + gain @ (x[o] - mu[o])
                extra[n][np.ix_(m, m)] = S[np.ix_(m, m)] - gain @ S[np.ix_(o, m)]
        nk = resp[:, k].sum()
        means[k] = resp[:, k] @ filled / nk
        centred = filled - means[k]
        scatters[k] = np.einsum("n,ni,nj->ij", resp[:, k], centred, centred) + np.einsum("n,nij->ij", resp[:, k], extra)
    nk = resp.sum(axis=0)
    kind = model.covariance_type
    if kind == "full":
        covariances = (scatters + lam * np.eye(D)) / nk[:, None, None]
    elif kind == "tied":
        covariances = (scatters.sum(axis=0) + lam * np.eye(D)) / N
    elif kind == "diag":
        covariances = (np.diagonal(scatters, axis1=1, axis2=2) + lam) / nk[:, None]
    else:
        covariances = (np.diagonal(scatters, axis1=1, axis2=2).mean(axis=1) + lam) / nk
    weights = (nk + alpha) / (N + K * alpha)
    return resp, weights, means, covariances


# ----------------------------------------------------------------- the tests
@pytest.mark.parametrize("kind", nc.COVARIANCE_TYPES)
def test_log_likelihood_and_responsibilities_are_those_of_the_observed_cells(kind):
    X, model = data_with_holes(), model_of(kind)
    expected = reference_log_joint(model, X)
    np.testing.assert_allclose(model.log_joint(X), expected, **TOL)
    np.testing.assert_allclose(model.log_likelihood(X), logsumexp(expected, axis=1).sum(), **TOL)
    np.testing.assert_allclose(model.score_samples(X), logsumexp(expected, axis=1), **TOL)
    resp = np.exp(expected - logsumexp(expected, axis=1, keepdims=True))
    np.testing.assert_allclose(model.responsibilities(X), resp, **TOL)
    np.testing.assert_allclose(nc.e_step(model, X), resp, **TOL)


@pytest.mark.parametrize("kind", nc.COVARIANCE_TYPES)
@pytest.mark.parametrize("lam, alpha", [(0.0, 0.0), (0.5, 1.0)])
def test_one_em_iteration_matches_the_explicit_conditional_means_and_covariances(kind, lam, alpha):
    X, model = data_with_holes(seed=1), model_of(kind)
    resp, weights, means, covariances = reference_step(model, X, lam, alpha)
    run = nc.EM(X, model, prior=nc.Prior(alpha=alpha, covariance_prior=lam))
    new = run.step()
    np.testing.assert_allclose(run.resp, resp, **TOL)
    np.testing.assert_allclose(new.weights, weights, **TOL)
    np.testing.assert_allclose(new.means, means, **TOL)
    np.testing.assert_allclose(new.covariances, covariances, **TOL)
    by_function = nc.m_step(model, X, resp, prior=nc.Prior(alpha=alpha, covariance_prior=lam))
    np.testing.assert_allclose(by_function.covariances, covariances, **TOL)


def test_fixed_covariances_move_the_means_to_the_weighted_conditional_means():
    X, model = data_with_holes(seed=2), model_of("full")
    resp, weights, means, _ = reference_step(model, X)
    new = nc.m_step(model, X, resp, fixed_covariances=True)
    np.testing.assert_allclose(new.means, means, **TOL)
    np.testing.assert_allclose(new.weights, weights, **TOL)
    assert np.array_equal(new.covariances, model.covariances)


@pytest.mark.parametrize("kind", nc.COVARIANCE_TYPES)
def test_complete_rows_take_the_complete_data_path_exactly(kind):
    X, model = data_with_holes(seed=3), model_of(kind)
    complete = ~np.isnan(X).any(axis=1)
    assert np.array_equal(model.component_log_density(X)[complete], model.component_log_density(X[complete]))


def test_a_row_with_nothing_observed_adds_nothing_and_its_responsibilities_are_the_weights():
    X, model = data_with_holes(seed=4), model_of("full")
    blank = np.full((1, 3), np.nan)
    assert model.log_likelihood(np.vstack([X, blank])) == pytest.approx(model.log_likelihood(X), rel=1e-14)
    np.testing.assert_allclose(model.responsibilities(blank)[0], model.weights, rtol=1e-14)
    assert model.log_likelihood(blank) == pytest.approx(0.0, abs=1e-15)  # log of the weights' sum, 1 to rounding


def test_em_with_default_settings_runs_on_data_with_missing_cells_and_never_descends():
    X = data_with_holes(seed=5, n=150)
    run = nc.EM(X, nc.init_model(X, "gaussian", 2, rng=0))
    run.run(max_iter=200)
    objectives = np.array([s.objective for s in run.history])
    assert np.all(np.diff(objectives) >= -1e-9 * np.abs(objectives[1:]))
    assert run.converged and np.isfinite(objectives[-1])


@pytest.mark.parametrize("method", nc.INIT_METHODS)
def test_every_start_method_takes_data_with_missing_cells(method):
    X = data_with_holes(seed=6, n=80)
    start = nc.init_model(X, "gaussian", 2, method=method, rng=0, covariance_type="diag")
    assert np.isfinite(start.means).all() and np.isfinite(start.log_likelihood(X))


def test_a_column_with_nothing_observed_is_refused_by_name():
    X = data_with_holes()
    X[:, 1] = np.nan
    model = model_of("full")
    assert np.isfinite(model.log_likelihood(X))  # a model of it can still be evaluated and climbed
    with pytest.raises(ValueError, match=r"X\[:, 1\] \(column 1, counting from 0\) has no observed value"):
        nc.init_model(X, "gaussian", 2, rng=0)


def test_observed_cells_are_still_checked_where_they_are():
    X = data_with_holes()
    X[7, 2] = np.inf
    with pytest.raises(ValueError, match=r"infinity at X\[7, 2\] \(row 7, column 2"):
        model_of("full").responsibilities(X)


def test_naive_bayes_refuses_missing_cells_as_before():
    X = data_with_holes()
    with pytest.raises(ValueError, match=r"X contains NaN at X\[\d+, \d\].*fill in missing"):
        nc.fit_naive_bayes(X, np.arange(X.shape[0]) % 2, "gaussian")


def test_choose_k_and_the_best_of_several_starts_take_missing_cells():
    X = data_with_holes(seed=7, n=200)
    selection = nc.select_components(X, "gaussian", [1, 2, 3], n_init=2, rng=0)
    assert selection.best_k == 2
    assert np.isfinite(nc.bic(selection.best_model, X)) and np.isfinite(nc.icl(selection.best_model, X))
    best = nc.fit_best(X, "gaussian", 2, rng=0, covariance_type="tied")
    assert not best.failures and np.isfinite(best.objectives).all()
