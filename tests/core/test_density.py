"""The public density API of a mixture against independent references (scipy.stats, scikit-learn)."""

import numpy as np
import pytest
from scipy import stats
from scipy.special import logsumexp

import nbviz.core as nc

RNG = np.random.default_rng(7)


@pytest.mark.parametrize("covariance_type", ["full", "tied", "diag", "spherical"])
def test_gaussian_densities_equal_scipy_and_sklearn(covariance_type):
    from sklearn.mixture import GaussianMixture as SkGaussianMixture

    X = np.vstack([RNG.normal(0, 1, (40, 3)), RNG.normal(3, 0.5, (40, 3))])
    sk = SkGaussianMixture(2, covariance_type=covariance_type, random_state=0).fit(X)
    model = nc.GaussianMixture(
        weights=sk.weights_, means=sk.means_, covariances=sk.covariances_, covariance_type=covariance_type
    )
    points = RNG.normal(1, 2, (25, 3))
    expected = np.column_stack(
        [stats.multivariate_normal(model.means[k], model.full_covariances[k]).logpdf(points) for k in range(2)]
    )
    assert model.component_log_density(points).shape == (25, 2)
    np.testing.assert_allclose(model.component_log_density(points), expected, rtol=1e-10)
    np.testing.assert_allclose(model.score_samples(points), sk.score_samples(points), rtol=1e-9)
    np.testing.assert_allclose(
        model.score_samples(points), logsumexp(expected + np.log(model.weights), axis=1), rtol=1e-10
    )


def test_bernoulli_densities_equal_scipy():
    probs = np.array([[0.1, 0.9, 0.5], [0.7, 0.2, 0.6]])
    model = nc.BernoulliMixture(weights=[0.3, 0.7], probs=probs)
    X = RNG.integers(0, 2, (12, 3)).astype(float)
    expected = np.column_stack([stats.bernoulli(probs[k]).logpmf(X).sum(axis=1) for k in range(2)])
    np.testing.assert_allclose(model.component_log_density(X), expected, rtol=1e-12)
    np.testing.assert_allclose(model.score_samples(X), logsumexp(expected + np.log([0.3, 0.7]), axis=1), rtol=1e-12)


def test_multinomial_densities_equal_scipy_with_the_coefficient():
    probs = np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]])
    model = nc.MultinomialMixture(weights=[0.4, 0.6], probs=probs)
    X = RNG.integers(0, 5, (10, 3)).astype(float)
    expected = np.array([[stats.multinomial(int(x.sum()), probs[k]).logpmf(x) for k in range(2)] for x in X])
    np.testing.assert_allclose(model.component_log_density(X), expected, rtol=1e-10)
    np.testing.assert_allclose(model.score_samples(X), logsumexp(expected + np.log([0.4, 0.6]), axis=1), rtol=1e-10)


def test_score_samples_sums_to_the_log_likelihood_and_is_minus_inf_where_impossible():
    model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.0, 0.5], [0.0, 0.9]])
    X = np.array([[0.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    with np.errstate(all="raise"):  # no numpy warning for the impossible row
        scores = model.score_samples(X)
    assert scores[1] == -np.inf and np.all(np.isfinite(scores[[0, 2]]))
    assert model.log_likelihood(X[[0, 2]]) == pytest.approx(scores[[0, 2]].sum())
