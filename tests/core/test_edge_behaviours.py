"""Behaviours at the edges that scikit-learn's own test suite checks: few rows, tight clusters, huge values."""

import re
import warnings

import numpy as np
import pytest
from sklearn.mixture import GaussianMixture as SkGaussianMixture
from sklearn.naive_bayes import GaussianNB

import nbviz.core as nc

COLLAPSED = "covariance became singular: the component collapsed onto too few points or a flat subspace"


@pytest.fixture(autouse=True)
def warnings_are_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


# ----------------------------------------------------------------- e_step answers wherever responsibilities does
BERNOULLI3 = nc.BernoulliMixture(weights=[0.2, 0.3, 0.5], probs=[[0.1, 0.9], [0.5, 0.5], [0.8, 0.2]])


def test_e_step_with_more_components_than_rows_equals_the_posterior():
    X = np.array([[1.0, 0.0]])
    resp = nc.e_step(BERNOULLI3, X)
    # Bayes' rule by hand: weight times P(x=1) P(y=0) per component, normalised
    joint = np.array([0.2 * 0.1 * 0.1, 0.3 * 0.5 * 0.5, 0.5 * 0.8 * 0.8])
    np.testing.assert_allclose(resp, [joint / joint.sum()], rtol=1e-14)
    np.testing.assert_array_equal(resp, BERNOULLI3.responsibilities(X))


def test_e_step_with_more_components_than_rows_keeps_labels_and_hard_assignment():
    X = np.array([[1.0, 0.0], [0.0, 1.0]])
    np.testing.assert_array_equal(nc.e_step(BERNOULLI3, X, hard=True), [[0, 0, 1], [1, 0, 0]])
    resp = nc.e_step(BERNOULLI3, X, labels=[1, -1])
    np.testing.assert_array_equal(resp[0], [0, 1, 0])
    np.testing.assert_allclose(resp[1], BERNOULLI3.responsibilities(X)[1], rtol=1e-14)
    np.testing.assert_array_equal(nc.e_step(BERNOULLI3, X, labels=[1, -1], hard=True), [[0, 1, 0], [1, 0, 0]])
    with pytest.raises(ValueError, match=r"labels\[0\] = 3 is not a valid class \(expected -1..2\)"):
        nc.e_step(BERNOULLI3, X, labels=[3, -1])


def test_fitting_more_components_than_rows_is_still_refused():
    X = np.array([[1.0, 0.0]])
    with pytest.raises(ValueError, match="3 components is more than the 1 data points; use at most 1"):
        nc.EM(X, BERNOULLI3)
    with pytest.raises(ValueError, match="3 components is more than the 1 data points; use at most 1 components"):
        nc.init_model(X, "bernoulli", 3)


# ----------------------------------------------------------------- a tight cluster is not a collapsed one
RESOLUTION = 10 * np.finfo(float).eps * 1e4  # ten units in the last place at the far cluster


def tight_and_wide(d=1, seed=0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0, 1e-4, (100, d)), rng.normal(1e4, 1, (100, d))])
    return X, np.repeat([0, 1], 100)


def test_tight_cluster_beside_a_far_wide_one_fits_naive_bayes_as_scikit_learn():
    X, y = tight_and_wide()
    model = nc.fit_naive_bayes(X, y, "gaussian")
    reference = GaussianNB(var_smoothing=0.0).fit(X, y)
    # nbviz centres the data at its mean, 5e3: values there are resolved to about 1e-12
    np.testing.assert_allclose(model.means, reference.theta_, rtol=1e-12, atol=RESOLUTION)
    np.testing.assert_allclose(model.covariances, reference.var_, rtol=1e-9)


@pytest.mark.parametrize("d", [1, 2])
def test_tight_cluster_full_covariance_is_the_sample_covariance(d):
    X, y = tight_and_wide(d)
    model = nc.fit_naive_bayes(X, y, "gaussian", covariance_type="full")
    for k in range(2):
        sample = np.atleast_2d(np.cov(X[y == k].T, bias=True))
        np.testing.assert_allclose(model.covariances[k], sample, rtol=1e-9, atol=1e-9 * np.abs(sample).max())


@pytest.mark.parametrize("covariance_type", ["full", "diag", "spherical"])
def test_tight_cluster_em_steps_equal_scikit_learn(covariance_type):
    X, _ = tight_and_wide(2, seed=1)
    covariances = {
        "full": np.stack([np.eye(2) * 1e-8, np.eye(2)]),
        "diag": np.array([[1e-8, 1e-8], [1, 1]]),
        "spherical": np.array([1e-8, 1.0]),
    }[covariance_type]
    start = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0, 0], [1e4, 1e4]], covariances=covariances, covariance_type=covariance_type
    )
    run = nc.EM(X, start)
    for _ in range(3):
        run.step()
    precisions = np.linalg.inv(covariances) if covariance_type == "full" else 1.0 / covariances
    sk = SkGaussianMixture(
        2,
        covariance_type=covariance_type,
        reg_covar=0.0,
        max_iter=3,
        tol=0.0,
        weights_init=start.weights,
        means_init=start.means,
        precisions_init=precisions,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConvergenceWarning: stopped after 3 iterations on purpose
        sk.fit(X)
    np.testing.assert_allclose(run.model.weights, sk.weights_, rtol=1e-12)
    np.testing.assert_allclose(run.model.means, sk.means_, rtol=1e-12, atol=1e-12)
    # the tight component's covariance is ~1e-8: compare it on its own scale
    for k in range(2):
        np.testing.assert_allclose(
            run.model.covariances[k], sk.covariances_[k], rtol=1e-6, atol=1e-9 * np.abs(sk.covariances_[k]).max()
        )


@pytest.mark.parametrize("location", [0.0, 0.1, 3.3, -7.5e3, 1e8 + 0.37])
@pytest.mark.parametrize("covariance_type", nc.COVARIANCE_TYPES)
def test_identical_points_beside_a_wide_cluster_are_collapsed(location, covariance_type):
    rng = np.random.default_rng(2)
    X = np.vstack([np.full((50, 2), location), rng.normal(1e4, 1, (50, 2))])
    y = np.repeat([0, 1], 50)
    if covariance_type == "tied":  # the shared covariance collapses only if every class does
        X[50:] = -location
    with pytest.raises(nc.SingularCovarianceError, match=COLLAPSED):
        nc.fit_naive_bayes(X, y, "gaussian", covariance_type=covariance_type)


def test_fewer_distinct_points_than_dimensions_are_collapsed():
    # two distinct points in 3-D, tight (1e-4 apart) and far from the data's centre
    rng = np.random.default_rng(3)
    pair = np.array([[0.0, 0.0, 0.0], [1e-4, 2e-4, -1e-4]])
    X = np.vstack([np.repeat(pair, 20, axis=0), rng.normal(1e4, 1, (40, 3))])
    y = np.repeat([0, 1], 40)
    with pytest.raises(nc.SingularCovarianceError, match="component 1's " + COLLAPSED):
        nc.fit_naive_bayes(X, y, "gaussian", covariance_type="full")
    # per feature the two values differ, so the diagonal covariance is valid
    variances = nc.fit_naive_bayes(X, y, "gaussian", covariance_type="diag").covariances[0]
    np.testing.assert_allclose(variances, (pair[1] / 2) ** 2, rtol=1e-6)


# ----------------------------------------------------------------- data too large to square
HUGE = np.array([[1e160, 1.0], [2e160, 2.0], [-1e160, 3.0], [-3e160, 5.0]])
TOO_LARGE = (
    r"a Gaussian model needs values whose squared distances are finite, but X\[3, 0\] "
    r"\(row 3, column 0, counting from 0\) is -3e\+160; rescale that column"
)
GAUSSIAN2 = nc.GaussianMixture(
    weights=[0.5, 0.5], means=[[0.0, 0.0], [1.0, 1.0]], covariances=np.stack([np.eye(2)] * 2)
)


@pytest.mark.parametrize(
    "call",
    [
        *[
            pytest.param(lambda method=method: nc.init_model(HUGE, "gaussian", 2, method=method, rng=0), id=method)
            for method in nc.INIT_METHODS
        ],
        pytest.param(lambda: nc.fit_naive_bayes(HUGE, [0, 0, 1, 1], "gaussian"), id="naive_bayes"),
        pytest.param(lambda: nc.EM(HUGE, GAUSSIAN2).step(), id="EM"),
        pytest.param(lambda: nc.e_step(GAUSSIAN2, HUGE), id="e_step"),
        pytest.param(lambda: nc.m_step(GAUSSIAN2, HUGE, np.full((4, 2), 0.5)), id="m_step"),
        pytest.param(lambda: GAUSSIAN2.log_likelihood(HUGE), id="log_likelihood"),
        pytest.param(lambda: nc.select_components(HUGE, "gaussian", [1], n_init=1).failures[(0, 0)], id="select"),
    ],
)
def test_data_too_large_to_square_is_named_on_every_path(call):
    try:
        result = call()
    except nc.DataFitError as error:
        message, error = str(error), error
        assert (error.row, error.column, error.value) == (3, 0, -3e160)
    else:  # select_components reports failures instead of raising
        message = result
    assert re.search(TOO_LARGE, message), message


def test_the_largest_values_that_can_be_squared_still_fit():
    X, y = tight_and_wide()
    scale = 1e140  # deviations near 1e144: squares near 1e288, sums of 200 of them still finite
    model = nc.fit_naive_bayes(X * scale, y, "gaussian")
    reference = nc.fit_naive_bayes(X, y, "gaussian")
    np.testing.assert_allclose(model.means, reference.means * scale, rtol=1e-12, atol=RESOLUTION * scale)
    np.testing.assert_allclose(model.covariances, reference.covariances * scale**2, rtol=1e-9)
    run = nc.EM(X * scale, model)
    run.step()
    assert np.isfinite(run.history[-1].objective)


def test_a_point_too_many_deviations_away_is_impossible_not_a_warning():
    model = nc.GaussianMixture(weights=[1.0], means=[[1e100]], covariances=[[[1e-200]]])
    assert model.log_likelihood(np.array([[0.0]])) == -np.inf
