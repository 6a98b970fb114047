"""The discrete families' shortcuts (column totals, support counts) agree with the plain formulas."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.core.mixture import Prepared
from nbviz.core.prior import Prior


def hostile_responsibilities(rng, K, N):
    """Near one-hot columns with exact zeros and the smallest subnormal among them."""
    logits = rng.normal(scale=rng.choice([1, 50, 800]), size=(K, N))
    resp = np.exp(logits - logits.max(axis=0))
    resp[rng.random((K, N)) < 0.3] = 0.0
    resp[rng.random((K, N)) < 0.1] = 5e-324
    resp[0, resp.sum(axis=0) == 0] = 1.0
    return resp / resp.sum(axis=0)


def plain_bernoulli_update(X, resp, beta):
    """p = (N_km + beta) / (N_k + 2 beta), then 0 or 1 undone where the weighted data hold the other outcome."""
    counts = resp @ np.ascontiguousarray(X.T).T  # the engine's operand layout, so the same rounding
    with np.errstate(invalid="ignore", divide="ignore"):
        probs = np.minimum((counts + beta) / (resp.sum(axis=1) + 2 * beta)[:, None], 1.0)
    has_one, has_zero = (resp @ X) > 0, (resp @ (1 - X)) > 0  # any weighted 1, any weighted 0
    probs[(probs == 1) & has_zero] = np.nextafter(1.0, 0.0)
    probs[(probs == 0) & has_one] = np.finfo(float).tiny
    return probs


def binary_data(rng, N, M):
    # constant columns of zeros and of ones next to rare and common features
    return (rng.random((N, M)) < rng.choice([0.0, 0.02, 0.5, 0.98, 1.0], size=M)).astype(float)


@pytest.mark.parametrize("seed", range(40))
def test_bernoulli_m_step_keeps_weighted_outcomes_possible_exactly_as_the_plain_formula(seed):
    rng = np.random.default_rng(seed)
    N, M, K = int(rng.integers(2, 60)), int(rng.integers(1, 12)), int(rng.integers(1, 5))
    X, resp = binary_data(rng, N, M), hostile_responsibilities(rng, K, N)
    if (resp.sum(axis=1) < 1e-8).any():
        return  # an empty component is another rule (it keeps its previous parameters)
    data = nc.BernoulliMixture.prepare(nc.BernoulliMixture(weights=[1.0], probs=[[0.5] * M]), X)
    model, _ = nc.BernoulliMixture._map_update(data, resp, Prior())
    np.testing.assert_array_equal(model.probs, plain_bernoulli_update(X, resp, 0.0))


@pytest.mark.parametrize("family", ["bernoulli", "multinomial"])
@pytest.mark.parametrize("seed", range(20))
def test_points_contradicting_a_zero_or_one_probability_are_impossible_as_by_the_plain_count(family, seed):
    rng = np.random.default_rng(seed)
    N, M, K = 30, 8, 3
    X = binary_data(rng, N, M)
    if family == "bernoulli":
        probs = rng.choice([0.0, 1.0, 0.3], size=(K, M))
        model = nc.BernoulliMixture(weights=np.full(K, 1 / K), probs=probs)
        contradicted = (X @ (probs == 0).T + (1 - X) @ (probs == 1).T) > 0
    else:
        probs = rng.choice([0.0, 1.0], size=(K, M)) * rng.random((K, M))
        probs[:, 0] += 1e-3
        probs /= probs.sum(axis=1, keepdims=True)
        model = nc.MultinomialMixture(weights=np.full(K, 1 / K), probs=probs)
        contradicted = (X @ (probs == 0).T) > 0
    density = model.component_log_density(X)
    np.testing.assert_array_equal(np.isneginf(density), contradicted)
    # the same without the cached column totals (prepared data from elsewhere)
    data = model.prepare(X)
    bare = Prepared(X=data.X, Xt=data.Xt, shift=data.shift, row_constant=data.row_constant)
    np.testing.assert_array_equal(model._log_emission(bare), model._log_emission(data))
