"""Parity with independent references: scikit-learn (test-only oracle) and scipy."""

import warnings

import numpy as np
import pytest
from scipy import stats
from scipy.special import logsumexp
from sklearn.mixture import GaussianMixture as SkGaussianMixture
from sklearn.naive_bayes import BernoulliNB, GaussianNB, MultinomialNB

import nbviz.core as nc


def blobs(n=300, d=2, k=3, seed=0):
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=3, size=(k, d))
    return centres[rng.integers(k, size=n)] + rng.normal(scale=rng.uniform(0.5, 1.5, size=d), size=(n, d))


def sklearn_iterations(model: nc.GaussianMixture, X, iterations: int) -> SkGaussianMixture:
    """scikit-learn's GaussianMixture after `iterations` EM iterations from exactly `model`."""
    kind = model.covariance_type
    precisions = np.linalg.inv(model.covariances) if kind in ("full", "tied") else 1.0 / model.covariances
    sk = SkGaussianMixture(
        model.n_components,
        covariance_type=kind,
        reg_covar=0.0,
        max_iter=iterations,
        tol=0.0,
        weights_init=model.weights,
        means_init=model.means,
        precisions_init=precisions,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConvergenceWarning: we stop it on purpose
        sk.fit(X)
    return sk


def assert_same_parameters(model: nc.GaussianMixture, sk: SkGaussianMixture, rtol: float):
    scale = lambda a: np.max(np.abs(a))  # noqa: E731
    for ours, theirs in [(model.weights, sk.weights_), (model.means, sk.means_), (model.covariances, sk.covariances_)]:
        assert np.max(np.abs(ours - theirs)) <= rtol * scale(theirs), (ours, theirs)


@pytest.mark.parametrize("covariance_type", nc.COVARIANCE_TYPES)
@pytest.mark.parametrize("d, k", [(2, 2), (3, 4)])
@pytest.mark.parametrize("iterations", [1, 5])
def test_em_iterations_equal_scikit_learn(covariance_type, d, k, iterations):
    X = blobs(d=d, k=k, seed=d + k)
    start = nc.init_model(X, "gaussian", k, rng=1, covariance_type=covariance_type)
    run = nc.EM(X, start)
    for _ in range(iterations):
        run.step()
    assert_same_parameters(run.model, sklearn_iterations(start, X, iterations), rtol=1e-7)


@pytest.mark.parametrize("offset", [1e6, 1e8])
def test_full_covariance_at_large_offsets_still_equals_scikit_learn(offset):
    X = blobs(seed=3) + offset
    start = nc.init_model(X, "gaussian", 3, rng=2)
    run = nc.EM(X, start)
    run.step()
    assert_same_parameters(run.model, sklearn_iterations(start, X, 1), rtol=1e-7)


@pytest.mark.parametrize("offset", [1e6, 1e8])
@pytest.mark.parametrize("covariance_type", ["diag", "spherical", "tied"])
def test_other_covariance_types_are_shift_invariant_at_large_offsets(offset, covariance_type):
    # scikit-learn expands E[x^2] - mu^2 for these types and loses precision at such offsets, so
    # compare nbviz on X + offset with scikit-learn on X.
    X = blobs(seed=4)
    start = nc.init_model(X, "gaussian", 3, rng=5, covariance_type=covariance_type)
    shifted = nc.GaussianMixture(
        weights=start.weights,
        means=start.means + offset,
        covariances=start.covariances,
        covariance_type=covariance_type,
    )
    run = nc.EM(X + offset, shifted)
    run.step()
    sk = sklearn_iterations(start, X, 1)
    np.testing.assert_allclose(run.model.weights, sk.weights_, rtol=1e-7)
    # means near 1e8 are stored to about 1e8 * 2e-16 absolute precision
    np.testing.assert_allclose(run.model.means - offset, sk.means_, rtol=1e-7, atol=10 * offset * 2.2e-16)
    np.testing.assert_allclose(run.model.covariances, sk.covariances_, rtol=1e-7)


@pytest.mark.parametrize("covariance_type", nc.COVARIANCE_TYPES)
def test_gaussian_log_densities_equal_scipy(covariance_type):
    X = blobs(n=50, d=3, seed=6)
    model = nc.init_model(X, "gaussian", 3, rng=3, covariance_type=covariance_type)
    run = nc.EM(X, model)
    run.run(max_iter=3)
    model = run.model
    expected = np.column_stack(
        [
            np.log(model.weights[k]) + stats.multivariate_normal(model.means[k], model.full_covariances[k]).logpdf(X)
            for k in range(3)
        ]
    )
    np.testing.assert_allclose(model.log_joint(X), expected, rtol=1e-12)
    assert model.log_likelihood(X) == pytest.approx(logsumexp(expected, axis=1).sum(), rel=1e-13)
    assert model.log_likelihood(X) == pytest.approx(_sklearn_at(model).score_samples(X).sum(), rel=1e-12)


def _sklearn_at(model: nc.GaussianMixture) -> SkGaussianMixture:
    from sklearn.mixture._gaussian_mixture import _compute_precision_cholesky

    sk = SkGaussianMixture(model.n_components, covariance_type=model.covariance_type)
    sk.weights_, sk.means_, sk.covariances_ = model.weights, model.means, model.covariances
    sk.precisions_cholesky_ = _compute_precision_cholesky(model.covariances, model.covariance_type)
    return sk


def test_bernoulli_log_densities_equal_scipy_including_zero_and_one():
    probs = np.array([[0.3, 0.0, 0.9, 1.0], [0.6, 0.2, 0.5, 0.7]])
    model = nc.BernoulliMixture(weights=[0.4, 0.6], probs=probs)
    X = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 0, 0, 0], [0, 0, 1, 1]], dtype=float)
    with np.errstate(divide="ignore"):
        expected = np.column_stack(
            [np.log(model.weights[k]) + stats.bernoulli(probs[k]).logpmf(X).sum(axis=1) for k in range(2)]
        )
    got = model.log_joint(X)
    assert not np.isnan(got).any()
    np.testing.assert_array_equal(np.isneginf(got), np.isneginf(expected))
    finite = np.isfinite(expected)
    np.testing.assert_allclose(got[finite], expected[finite], rtol=1e-13)


def test_multinomial_log_densities_equal_scipy():
    probs = np.array([[0.5, 0.3, 0.2, 0.0], [0.1, 0.2, 0.3, 0.4]])
    model = nc.MultinomialMixture(weights=[0.3, 0.7], probs=probs)
    X = np.array([[3, 1, 0, 0], [0, 2, 2, 5], [1, 1, 1, 0], [0, 0, 0, 0]], dtype=float)
    expected = np.column_stack(
        [
            np.log(model.weights[k]) + np.array([stats.multinomial(int(x.sum()), probs[k]).logpmf(x) for x in X])
            for k in range(2)
        ]
    )
    got = model.log_joint(X)
    np.testing.assert_array_equal(np.isneginf(got), np.isneginf(expected))
    finite = np.isfinite(expected)
    np.testing.assert_allclose(got[finite], expected[finite], rtol=1e-12, atol=1e-12)


def test_gaussian_naive_bayes_equals_gaussiannb():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    model = nc.fit_naive_bayes(X, y, "gaussian")
    sk = GaussianNB(var_smoothing=0.0).fit(X, y)
    np.testing.assert_allclose(model.weights, sk.class_prior_, rtol=1e-14)
    np.testing.assert_allclose(model.means, sk.theta_, rtol=1e-13)
    np.testing.assert_allclose(model.covariances, sk.var_, rtol=1e-10)
    np.testing.assert_allclose(model.responsibilities(X), sk.predict_proba(X), rtol=1e-9, atol=1e-12)
    np.testing.assert_array_equal(model.predict(X), sk.predict(X))


@pytest.mark.parametrize("smoothing", [0.5, 1.0])
def test_bernoulli_and_multinomial_naive_bayes_equal_scikit_learn(smoothing):
    rng = np.random.default_rng(8)
    y = rng.integers(0, 3, size=120)
    binary = (rng.random((120, 10)) < 0.2 + 0.2 * y[:, None] / 2).astype(float)
    counts = rng.poisson(1.0 + y[:, None] * np.linspace(0, 1, 8), size=(120, 8)).astype(float)
    prior = nc.Prior(beta=smoothing)
    ours = nc.fit_naive_bayes(binary, y, "bernoulli", prior=prior)
    sk = BernoulliNB(alpha=smoothing, binarize=None, force_alpha=True).fit(binary, y)
    np.testing.assert_allclose(np.log(ours.probs), sk.feature_log_prob_, rtol=1e-13)
    np.testing.assert_allclose(np.log(ours.weights), sk.class_log_prior_, rtol=1e-13)
    np.testing.assert_allclose(ours.responsibilities(binary), sk.predict_proba(binary), rtol=1e-10)
    ours = nc.fit_naive_bayes(counts, y, "multinomial", prior=prior)
    sk = MultinomialNB(alpha=smoothing, force_alpha=True).fit(counts, y)
    np.testing.assert_allclose(np.log(ours.probs), sk.feature_log_prob_, rtol=1e-13)
    np.testing.assert_allclose(ours.responsibilities(counts), sk.predict_proba(counts), rtol=1e-10)


@pytest.mark.parametrize("covariance_type", nc.COVARIANCE_TYPES)
def test_map_covariance_update_is_the_pseudo_scatter_over_the_mass(covariance_type):
    X = blobs(n=80, d=3, k=2, seed=9)
    rng = np.random.default_rng(1)
    resp = rng.dirichlet([1, 1], size=80)
    lam = 0.7
    start = nc.init_model(X, "gaussian", 2, rng=0, covariance_type=covariance_type)
    new = nc.m_step(start, X, resp, prior=nc.Prior(covariance_prior=lam))
    nk = resp.sum(axis=0)
    means = resp.T @ X / nk[:, None]
    scatter = np.stack([(resp[:, k, None] * (X - means[k])).T @ (X - means[k]) for k in range(2)])
    expected = {
        "full": (scatter + lam * np.eye(3)) / nk[:, None, None],
        "diag": (np.diagonal(scatter, axis1=1, axis2=2) + lam) / nk[:, None],
        "spherical": (np.trace(scatter, axis1=1, axis2=2) / 3 + lam) / nk,
        "tied": (scatter.sum(axis=0) + lam * np.eye(3)) / 80,
    }[covariance_type]
    np.testing.assert_allclose(new.means, means, rtol=1e-12)
    np.testing.assert_allclose(new.covariances, expected, rtol=1e-12)
