"""Bernoulli and categorical mixtures with missing cells against an independent implementation written here.

A row's likelihood is the product over its observed features; one EM iteration counts each
missing cell at its expectation under the current component (Bernoulli: ``p_kd``; categorical:
the level probabilities ``p_kj``). Multinomial mixtures refuse a missing count.
"""

import numpy as np
import pytest
from scipy.special import logsumexp

import nbviz.core as nc

TOL = dict(rtol=1e-10, atol=1e-12)


def holes(X, seed, fraction=0.3):
    rng = np.random.default_rng(seed)
    missing = rng.random(X.shape) < fraction
    missing[0] = True  # a row with nothing observed
    missing[1] = False  # a complete one
    return np.where(missing, np.nan, X)


def bernoulli_case(seed=0):
    model = nc.BernoulliMixture(weights=[0.35, 0.65], probs=[[0.8, 0.3, 0.6, 0.1], [0.2, 0.7, 0.5, 0.9]])
    X, _ = model.sample(50, rng=seed)
    return model, holes(X, seed)


def categorical_case(seed=0):
    probs = [[[0.6, 0.3, 0.1], [0.1, 0.2, 0.7]], [[0.7, 0.3], [0.4, 0.6]], [[0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1]]]
    model = nc.CategoricalMixture(weights=[0.45, 0.55], probs=probs)
    X, _ = model.sample(60, rng=seed)
    return model, holes(X, seed)


# ----------------------------------------------------------------- the independent reference
def cell_log_probability(model, k, d, value):
    if isinstance(model, nc.BernoulliMixture):
        p = model.probs[k, d]
        return np.log(p) if value == 1 else np.log1p(-p)
    return np.log(model.probs[d][k, int(value)])


def cell_expectation(model, k, d, value):
    """The expected indicator(s) of a cell under component k: the value itself when it is observed."""
    if isinstance(model, nc.BernoulliMixture):
        return model.probs[k, d] if np.isnan(value) else value
    if np.isnan(value):
        return model.probs[d][k]
    return np.eye(model.levels[d])[int(value)]


def reference_log_joint(model, X):
    out = np.empty((X.shape[0], model.n_components))
    for n, x in enumerate(X):
        for k in range(model.n_components):
            observed = [cell_log_probability(model, k, d, v) for d, v in enumerate(x) if not np.isnan(v)]
            out[n, k] = np.log(model.weights[k]) + sum(observed)
    return out


def reference_step(model, X, alpha, beta):
    log_joint = reference_log_joint(model, X)
    resp = np.exp(log_joint - logsumexp(log_joint, axis=1, keepdims=True))
    nk = resp.sum(axis=0)
    K, D = model.n_components, X.shape[1]
    weights = (nk + alpha) / (X.shape[0] + K * alpha)
    probs = []
    for d in range(D):
        counts = np.array(
            [sum(resp[n, k] * cell_expectation(model, k, d, X[n, d]) for n in range(len(X))) for k in range(K)]
        )
        size = 2 if isinstance(model, nc.BernoulliMixture) else model.levels[d]
        denominator = nk + size * beta
        probs.append((counts + beta) / (denominator[:, None] if counts.ndim == 2 else denominator))
    if isinstance(model, nc.BernoulliMixture):
        probs = np.array(probs).T
    return resp, weights, probs


CASES = {"bernoulli": bernoulli_case, "categorical": categorical_case}


def assert_probs_close(actual, expected):
    if isinstance(expected, list):
        for a, e in zip(actual, expected, strict=True):
            np.testing.assert_allclose(a, e, **TOL)
    else:
        np.testing.assert_allclose(actual, expected, **TOL)


# ----------------------------------------------------------------- the tests
@pytest.mark.parametrize("family", CASES)
def test_log_likelihood_and_responsibilities_are_those_of_the_observed_cells(family):
    model, X = CASES[family]()
    expected = reference_log_joint(model, X)
    np.testing.assert_allclose(model.log_joint(X), expected, **TOL)
    np.testing.assert_allclose(model.log_likelihood(X), logsumexp(expected, axis=1).sum(), **TOL)
    resp = np.exp(expected - logsumexp(expected, axis=1, keepdims=True))
    np.testing.assert_allclose(model.responsibilities(X), resp, **TOL)
    np.testing.assert_allclose(nc.e_step(model, X), resp, **TOL)
    np.testing.assert_allclose(model.responsibilities(X)[0], model.weights, rtol=1e-14)  # nothing observed


@pytest.mark.parametrize("family", CASES)
@pytest.mark.parametrize("alpha, beta", [(0.0, 0.0), (1.0, 0.5)])
def test_one_em_iteration_counts_missing_cells_at_their_expectation(family, alpha, beta):
    model, X = CASES[family](seed=1)
    resp, weights, probs = reference_step(model, X, alpha, beta)
    run = nc.EM(X, model, prior=nc.Prior(alpha=alpha, beta=beta))
    new = run.step()
    np.testing.assert_allclose(run.resp, resp, **TOL)
    np.testing.assert_allclose(new.weights, weights, **TOL)
    assert_probs_close(new.probs, probs)
    assert_probs_close(nc.m_step(model, X, resp, prior=nc.Prior(alpha=alpha, beta=beta)).probs, probs)


@pytest.mark.parametrize("family", CASES)
def test_complete_rows_take_the_complete_data_path_exactly(family):
    model, X = CASES[family](seed=2)
    complete = ~np.isnan(X).any(axis=1)
    assert np.array_equal(model.component_log_density(X)[complete], model.component_log_density(X[complete]))


@pytest.mark.parametrize("family", CASES)
@pytest.mark.parametrize("method", nc.INIT_METHODS)
def test_every_start_method_takes_missing_cells_and_em_climbs_from_it(family, method):
    model, X = CASES[family](seed=3)
    X = np.vstack([X, model.sample(100, rng=4)[0]])
    run = nc.EM(X, nc.init_model(X, family, 2, method=method, rng=0))
    run.run(max_iter=100)
    objectives = np.array([s.objective for s in run.history])
    assert np.all(np.diff(objectives) >= -1e-9 * np.abs(objectives[1:])) and np.isfinite(objectives[-1])


def test_a_bernoulli_missing_cell_is_expected_at_its_probability():
    model, X = bernoulli_case(seed=5)
    expected = np.where(np.isnan(X)[None], model.probs[:, None, :], X[None])
    np.testing.assert_array_equal(nc.conditional_expectations(model, X), expected)
    resp = model.responsibilities(X)
    np.testing.assert_allclose(nc.filled_in(model, X), np.einsum("nk,knd->nd", resp, expected), **TOL)
    hard = np.eye(2)[resp.argmax(axis=1)]
    np.testing.assert_allclose(nc.filled_in(model, X, resp=hard), np.einsum("nk,knd->nd", hard, expected), **TOL)


def test_a_categorical_missing_cell_is_expected_at_its_most_probable_level():
    model, X = categorical_case(seed=6)
    missing = np.isnan(X)
    modes = np.array([[np.argmax(p[k]) for p in model.probs] for k in range(2)])
    np.testing.assert_array_equal(
        nc.conditional_expectations(model, X), np.where(missing[None], modes[:, None, :], X[None])
    )
    resp = model.responsibilities(X)
    weighted = np.array([[np.argmax(resp[n] @ p) for p in model.probs] for n in range(len(X))])
    np.testing.assert_array_equal(nc.filled_in(model, X), np.where(missing, weighted, X))


def test_an_observed_level_beyond_the_model_is_named_where_it_is():
    model, X = categorical_case(seed=7)
    X[9, 1] = 4
    with pytest.raises(ValueError, match=r"X\[9, 1\] \(row 9, column 1, counting from 0\) is level 4"):
        model.responsibilities(X)


def test_an_observed_non_binary_value_is_named_where_it_is():
    model, X = bernoulli_case(seed=8)
    X[5, 3] = 0.5
    with pytest.raises(nc.DataFitError, match=r"binary.*X\[5, 3\] \(row 5, column 3"):
        nc.EM(X, model)


def test_a_missing_count_is_refused_by_a_multinomial_mixture_saying_why():
    model = nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.5, 0.5], [0.9, 0.1]])
    X = np.array([[2.0, 1.0], [np.nan, 3.0]])
    for call in (model.log_likelihood, lambda X: nc.EM(X, model), lambda X: nc.init_model(X, "multinomial", 2)):
        with pytest.raises(nc.DataFitError, match=r"X\[1, 0\] \(row 1, column 0.*is nan.*enter 0") as caught:
            call(X)
        assert "count can be missing" in str(caught.value)
        assert (caught.value.row, caught.value.column) == (1, 0)


def test_missing_mask_marks_the_nan_cells_and_refuses_infinity():
    X = [[1.0, np.nan], [np.nan, 0.0]]
    assert nc.missing_mask(X).tolist() == [[False, True], [True, False]]
    with pytest.raises(ValueError, match=r"infinity at X\[0, 1\]"):
        nc.missing_mask([[1.0, np.inf]])


def test_complete_data_is_its_own_completion():
    model, X = bernoulli_case(seed=9)
    X = X[~np.isnan(X).any(axis=1)]
    assert np.array_equal(nc.filled_in(model, X), X)
    assert np.array_equal(nc.conditional_expectations(model, X), np.stack([X, X]))


MISSING_HOOKS = (
    "_marginal",
    "_expected_update",
    "_starting_layout",
    "_conditional_expectations",
    "_filled_in",
    "_missing_divergence",
)


@pytest.mark.parametrize("name", list(nc.FAMILIES))
def test_a_family_takes_missing_cells_with_every_hook_or_refuses_them(name):
    cls = nc.get_family(name)
    X = np.array([[1.0, 0.0], [0.0, np.nan], [1.0, 1.0]])
    try:
        data = cls._prepare(X)
    except ValueError as error:
        assert "X[1, 1]" in str(error) and not cls.accepts_missing  # as the family declares
        return
    assert cls.accepts_missing
    assert data.missing is not None and data.missing.tolist() == [[False, False], [False, True], [False, False]]
    # a family of blocks (mixed) lays each block out by its own family, which has the hooks
    families = [nc.get_family(family) for family in getattr(data, "families", [name])]
    assert all(callable(getattr(each, hook, None)) for each in families for hook in MISSING_HOOKS)
