"""Bad input gets a ValueError that says what is wrong and where: never a crash inside numpy."""

import numpy as np
import pytest

import nbviz.core as nc
import nbviz.core.init as init_module

GAUSS = dict(
    weights=[0.4, 0.6], means=[[0.0, 0.0], [3.0, 1.0]], covariances=[[[1.0, 0.2], [0.2, 1.0]], [[0.5, 0.0], [0.0, 0.5]]]
)
BERN = dict(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
MULT = dict(weights=[0.5, 0.5], probs=[[0.5, 0.4, 0.05, 0.05], [0.1, 0.1, 0.5, 0.3]])


@pytest.mark.parametrize("bad, where", [(np.inf, "X[2, 1]"), (-np.inf, "X[2, 1]")])
def test_infinite_data_is_refused_with_its_position(bad, where):
    # NaN is a missing cell, which Gaussian mixtures marginalise (tests/core/test_missing_*.py)
    X = np.zeros((4, 2))
    X[2, 1] = bad
    g = nc.GaussianMixture(**GAUSS)
    for call in (
        g.log_joint,
        g.responsibilities,
        g.predict,
        g.log_likelihood,
        lambda X: nc.EM(X, g),
        lambda X: nc.init_model(X, "gaussian", 2, rng=0),
    ):
        with pytest.raises(ValueError, match=r"X\[2, 1\].*row 2, column 1"):
            call(X)


def test_bernoulli_data_must_be_binary_and_the_message_names_value_row_and_column():
    X = np.array([[0, 1], [1, 1], [1, 0.5]])
    model = nc.BernoulliMixture(**BERN)
    with pytest.raises(ValueError, match=r"binary.*X\[2, 1\] \(row 2, column 1.*is 0\.5"):
        model.responsibilities(X)
    with pytest.raises(ValueError, match=r"X\[0, 0\].* is 2"):
        nc.EM([[2, 0], [1, 1]], model)


@pytest.mark.parametrize("value, shown", [(-1, "-1"), (1.5, "1.5")])
def test_multinomial_data_must_be_counts(value, shown):
    X = np.array([[1, 2, 0, 0], [0, 0, value, 3]], dtype=float)
    with pytest.raises(ValueError, match=rf"counts \(non-negative integers\).*X\[1, 2\].* is {shown}"):
        nc.MultinomialMixture(**MULT).log_likelihood(X)


def test_multinomial_counts_beyond_exact_float_range_are_refused_by_row_and_column():
    """Around 1e19 doubles are 2048 apart: such counts (or a row adding up to them) are not held exactly."""
    X = np.array([[1, 2, 0, 0], [0, 3, 1e19, 3], [1, 1, 1, 1]], dtype=float)
    with pytest.raises(nc.DataFitError, match=r"counts of at most 2\^53.*X\[1, 2\].* is 1e\+19") as caught:
        nc.init_model(X, "multinomial", 2, rng=0)
    assert (caught.value.row, caught.value.column, caught.value.value) == (1, 2, 1e19)
    assert "2^53" in caught.value.problem and "divide the counts" in caught.value.advice
    X[1, 2] = 2.0**53  # the largest count below which every whole number is exact
    with pytest.raises(nc.DataFitError, match=r"rows add up to at most 2\^53.*X\[1, 2\]"):
        nc.MultinomialMixture(**MULT).log_likelihood(X)  # its row adds up to 2^53 + 6
    X[1] = [2.0**52, 2.0**52 - 7, 0, 0]  # a row adding up to 2^53 - 7: still exact
    assert np.isfinite(nc.MultinomialMixture(**MULT).log_likelihood(X))


def test_more_components_than_points():
    X = np.array([[0.0, 0.0], [1.0, 1.0]])
    with pytest.raises(ValueError, match="3 components is more than the 2 data points"):
        nc.init_model(X, "gaussian", 3, rng=0)
    g3 = nc.GaussianMixture(weights=[1 / 3] * 3, means=np.zeros((3, 2)), covariances=np.stack([np.eye(2)] * 3))
    with pytest.raises(ValueError, match="3 components is more than the 2 data points"):
        nc.EM(X, g3)


def test_width_mismatch():
    with pytest.raises(ValueError, match="3 feature column.*model has 2"):
        nc.GaussianMixture(**GAUSS).log_joint(np.zeros((5, 3)))
    with pytest.raises(ValueError, match="1 feature column.*model has 4"):
        nc.EM(np.zeros((5, 1)), nc.MultinomialMixture(**MULT))


@pytest.mark.parametrize(
    "shape_input, message",
    [
        (np.zeros(5), "2-dimensional.*reshape"),
        (np.zeros((0, 2)), "empty"),
        ([["a", "b"]], "numeric"),
    ],
)
def test_data_of_the_wrong_shape_or_type(shape_input, message):
    with pytest.raises(ValueError, match=message):
        nc.GaussianMixture(**GAUSS).log_joint(shape_input)


@pytest.mark.parametrize(
    "weights, message",
    [
        ([0.5, 0.4], "sum to 1; they sum to 0.9"),
        ([1.2, -0.2], r"weights\[1\] = -0.2 is negative"),
        ([0.3333, 0.3333, 0.3333], "sum to 1"),
        ([[0.5, 0.5]], "1-dimensional"),
        ([np.nan, 1.0], "NaN"),
    ],
)
def test_weights_are_validated(weights, message):
    with pytest.raises(ValueError, match=message):
        nc.BernoulliMixture(weights=weights, probs=np.full((len(np.ravel(weights)), 2), 0.5))


def test_probabilities_outside_the_unit_interval():
    with pytest.raises(ValueError, match=r"probs\[1, 0\] = 1.2 is not a probability"):
        nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.5, 0.5], [1.2, 0.1]])
    with pytest.raises(ValueError, match=r"probs\[0, 1\] = -0.1"):
        nc.MultinomialMixture(weights=[1.0], probs=[[0.9, -0.1]])
    with pytest.raises(ValueError, match=r"probs\[1\] must sum to 1.*0.9"):
        nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.5, 0.5], [0.5, 0.4]])


@pytest.mark.parametrize(
    "covariance_type, covariances, message",
    [
        ("full", [[[1.0, 2.0], [2.0, 1.0]], np.eye(2)], r"covariances\[0\] is not positive definite"),
        ("full", [np.eye(2), [[1.0, 0.5], [0.4, 1.0]]], r"covariances\[1\] is not symmetric"),
        ("tied", [[1.0, 2.0], [2.0, 1.0]], r"covariances \(tied\) is not positive definite"),
        ("diag", [[1.0, 1.0], [1.0, 0.0]], r"covariances\[1, 1\] = 0.0 is not positive"),
        ("spherical", [1.0, -2.0], r"covariances\[1\] = -2.0 is not positive"),
        ("full", np.eye(2), r"shape \(2, 2, 2\)"),
        ("banana", np.eye(2), "covariance_type must be one of full, diag, spherical, tied"),
    ],
)
def test_covariances_are_validated(covariance_type, covariances, message):
    with pytest.raises(ValueError, match=message):
        nc.GaussianMixture(
            weights=[0.5, 0.5], means=[[0, 0], [1, 1]], covariances=covariances, covariance_type=covariance_type
        )


def test_mismatched_parameter_shapes():
    with pytest.raises(ValueError, match="means has 3 rows but there are 2 weights"):
        nc.GaussianMixture(weights=[0.5, 0.5], means=np.zeros((3, 2)), covariances=np.stack([np.eye(2)] * 3))
    with pytest.raises(ValueError, match="probs has 1 rows but there are 2 weights"):
        nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.5]])


def test_singular_covariance_without_a_prior_says_what_to_do():
    # Three points for a component in 2-D, all on a line: the covariance is singular.
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [10.0, 0.0], [11.0, 2.0], [12.0, 1.0]])
    model = nc.GaussianMixture(weights=[0.5, 0.5], means=[[1, 1], [11, 1]], covariances=np.stack([np.eye(2)] * 2))
    resp = np.repeat([[1.0, 0.0]], 6, axis=0)
    resp[3:] = [0.0, 1.0]
    # the first component collapsed; it is named as the app numbers components (from 1)
    with pytest.raises(
        nc.SingularCovarianceError, match="component 1's.*singular.*covariance prior > 0 or use fewer components"
    ):
        nc.m_step(model, X, resp)
    # With a covariance prior the same step is fine.
    new = nc.m_step(model, X, resp, prior=nc.Prior(covariance_prior=0.1))
    assert np.all(np.isfinite(new.covariances))


def test_singular_data_covariance_at_initialisation():
    X = np.column_stack([np.arange(10.0), 2 * np.arange(10.0)])
    with pytest.raises(ValueError, match="covariance prior"):
        nc.init_model(X, "gaussian", 2, rng=0)
    assert nc.init_model(X, "gaussian", 2, rng=0, prior=nc.Prior(covariance_prior=1e-3)).n_components == 2


def test_too_few_distinct_rows_for_the_components():
    X = np.array([[1.0, 0.0]] * 5 + [[0.0, 1.0]] * 5)
    for method in ("kmeans++", "random_from_data"):
        with pytest.raises(ValueError, match="only 2 distinct rows, too few for 3 components"):
            nc.init_model(X, "bernoulli", 3, method=method, rng=0)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(alpha=-1.0), "alpha must be a finite number >= 0"),
        (dict(beta=np.nan), "beta must be a finite number >= 0"),
        (dict(covariance_prior="x"), r"Prior.covariance_prior must be a finite number >= 0; got 'x'"),
    ],
)
def test_prior_is_validated(kwargs, message):
    with pytest.raises(ValueError, match=message):
        nc.Prior(**kwargs)


def test_responsibilities_passed_to_m_step_are_validated():
    model = nc.BernoulliMixture(**BERN)
    X = np.array([[1, 0], [0, 1]])
    with pytest.raises(ValueError, match=r"shape \(2, 2\)"):
        nc.m_step(model, X, np.ones((2, 3)) / 3)
    with pytest.raises(ValueError, match="row 1 sums to 0.9"):
        nc.m_step(model, X, [[0.5, 0.5], [0.5, 0.4]])
    with pytest.raises(ValueError, match="negative"):
        nc.m_step(model, X, [[1.5, -0.5], [0.5, 0.5]])


def test_labels_are_validated():
    X = np.array([[1, 0], [0, 1], [1, 1]])
    model = nc.BernoulliMixture(**BERN)
    with pytest.raises(ValueError, match=r"labels\[1\] = 2 is not a valid class \(expected -1..1\)"):
        nc.EM(X, model, labels=[0, 2, -1])
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        nc.EM(X, model, labels=[0, 1])
    with pytest.raises(ValueError, match="class 1 has no examples"):
        nc.fit_naive_bayes(X, [0, 2, 2], "bernoulli")


def test_unknown_names_list_the_choices():
    X = np.eye(3)
    with pytest.raises(ValueError, match="family must be one of gaussian, bernoulli, multinomial"):
        nc.init_model(X, "poisson", 2)
    with pytest.raises(ValueError, match="method must be one of kmeans\\+\\+, kmeans, random, random_from_data"):
        nc.init_model(X, "bernoulli", 2, method="best")
    with pytest.raises(ValueError, match="family must be one of"):
        nc.fit_naive_bayes(X, [0, 1, 1], "poisson")


def test_a_point_impossible_under_every_component_is_reported_not_nan():
    model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.0, 0.5], [0.0, 0.9]])
    X = np.array([[0, 1], [1, 0]])
    assert model.log_likelihood(X) == -np.inf
    with pytest.raises(nc.ZeroProbabilityError, match="row 1 has probability zero under every component.*beta > 0"):
        model.responsibilities(X)
    with pytest.raises(ValueError, match="row 1"):
        nc.EM(X, model)


THREE_ROWS_REPEATED = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 3.0]])[[0, 1, 2, 1, 0, 2, 2, 0, 1, 0, 1, 2]]


@pytest.mark.parametrize("scale", [1.0, 1e-200, 1e200, 2.0**-700, 2.0**700])
def test_distinct_rows_are_counted_whatever_the_scale(scale):
    """k-means++ and random rows see 3 distinct rows at every scale (squared distances of rows
    around 1e-200 underflow to 0, around 1e200 overflow)."""
    points = THREE_ROWS_REPEATED * scale
    for pick in (init_module._kmeanspp, init_module._distinct_rows):
        chosen = pick(points, 3, np.random.default_rng(5))
        assert len({tuple(row) for row in points[chosen]}) == 3
        with pytest.raises(ValueError, match="only 3 distinct rows, too few for 4 components"):
            pick(points, 4, np.random.default_rng(5))
    # a power-of-two scale changes no draw
    unscaled = init_module._kmeanspp(THREE_ROWS_REPEATED, 3, np.random.default_rng(5))
    if np.log2(scale).is_integer():
        assert init_module._kmeanspp(points, 3, np.random.default_rng(5)).tolist() == unscaled.tolist()


def test_gaussian_data_too_narrow_to_square_is_named_not_one_distinct_row():
    X = np.array([[0.0, 1.0], [1.0, 2.0], [5.0, 0.5], [6.0, 0.0]])
    assert nc.init_model(X, "gaussian", 2, rng=0).n_components == 2
    X[:, 0] *= 1e-200
    for method in ("kmeans++", "random_from_data", "random"):
        with pytest.raises(nc.DataFitError, match=r"X\[3, 0\].*is 6e-200; rescale that column") as caught:
            nc.init_model(X, "gaussian", 2, method=method, rng=0)
        assert "multiply it by a power of ten" in caught.value.advice and "underflow" in caught.value.problem
    # evaluating a model at such points is still fine: only fitting needs the squares
    model = nc.GaussianMixture(weights=[1.0], means=[[0.0, 1.0]], covariances=[np.eye(2)])
    assert np.isfinite(model.log_likelihood(X))


def test_values_too_large_to_compare_are_named_not_nan_probabilities():
    # k-means++ squares distances between rows: 1e200 apart overflows to inf, which numpy's
    # sampler would report as "probabilities contain NaN"
    X = np.array([[0.0, 1.0], [1.0, 2.0], [1e200, 0.5], [2.0, 0.0]])
    with pytest.raises(nc.DataFitError, match=r"X\[2, 0\].*is 1e\+200; rescale that column") as caught:
        nc.init_model(X, "gaussian", 2, method="kmeans++", rng=0)
    assert (caught.value.row, caught.value.column, caught.value.value) == (2, 0, 1e200)
    # the same data with that column rescaled starts as usual
    X[:, 0] /= 1e190
    assert nc.init_model(X, "gaussian", 2, method="kmeans++", rng=0).n_components == 2
