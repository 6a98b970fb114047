"""The surrogate EM maximises lies below the objective, touches it at theta_old, peaks at the M-step."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nbviz.core as nc

TRUTH = nc.GaussianMixture(
    weights=[0.4, 0.6], means=[[0, 0], [3, 1]], covariances=[[[1.0, 0.3], [0.3, 0.8]], [[0.6, 0.0], [0.0, 1.2]]]
)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), family=st.sampled_from(["gaussian", "bernoulli"]), use_prior=st.booleans())
def test_surrogate_is_below_the_objective_and_touches_at_theta_old(seed, family, use_prior):
    rng = np.random.default_rng(seed)
    if family == "gaussian":
        X, _ = TRUTH.sample(120, rng=rng)
        along = ("mean", int(rng.integers(2)), int(rng.integers(2)))
    else:
        X = (rng.random((120, 6)) < 0.4).astype(float)
        along = ("prob", int(rng.integers(2)), int(rng.integers(6)))
    prior = nc.Prior(alpha=1.0, beta=1.0, covariance_prior=0.1) if use_prior else None
    model = nc.init_model(X, family, 2, rng=rng, prior=nc.Prior(beta=1.0))
    ts = np.linspace(-0.3, 0.3, 13)
    for direction in (along, ("weight", 0)):
        result = nc.bound_slice(X, model, direction, ts, prior=prior)
        valid = ~np.isnan(result.objective)
        assert valid[6]
        # where the prior is zero (a probability at 0 or 1 under beta > 0) both are -inf
        impossible = valid & np.isneginf(result.objective)
        assert np.all(np.isneginf(result.surrogate[impossible]))
        finite = valid & ~impossible
        gap = result.objective[finite] - result.surrogate[finite]
        assert np.all(gap >= -1e-9 * np.abs(result.objective[finite]))
        assert result.surrogate[6] == pytest.approx(result.objective[6], rel=1e-12)


def test_on_the_line_to_the_m_step_the_surrogate_peaks_at_the_m_step():
    X, _ = TRUTH.sample(300, rng=2)
    start = nc.init_model(X, "gaussian", 2, rng=4)
    run = nc.EM(X, start)
    run.step()
    ts = np.linspace(-0.5, 1.5, 41)
    result = nc.bound_slice(X, start, run.model, ts)
    assert ts[np.nanargmax(result.surrogate)] == pytest.approx(1.0)
    # and the surrogate's value there is the ELBO the M-step recorded
    assert result.surrogate[30] == pytest.approx(run.history[-1].elbo, rel=1e-12)
    assert result.objective[30] == pytest.approx(run.history[-1].objective, rel=1e-12)


def test_slice_values_and_invalid_points():
    X, _ = TRUTH.sample(100, rng=0)
    model = nc.init_model(X, "gaussian", 2, rng=0)
    result = nc.bound_slice(X, model, ("weight", 1), [-0.9, 0.0, 0.1])
    assert np.isnan(result.objective[0])  # a negative weight: not a valid model
    np.testing.assert_allclose(result.values[1:], [model.weights[1], model.weights[1] + 0.1])


@pytest.mark.parametrize("covariance_type", ["diag", "spherical"])
def test_along_one_mean_coordinate_the_surrogate_peaks_at_the_m_steps_new_value(covariance_type):
    X, _ = TRUTH.sample(250, rng=7)
    start = nc.init_model(X, "gaussian", 2, rng=3, covariance_type=covariance_type)
    run = nc.EM(X, start)
    run.step()
    for k, d in [(0, 0), (1, 1)]:
        target = run.model.means[k, d] - start.means[k, d]  # where the M-step moved this coordinate
        ts = np.linspace(target - 1.0, target + 1.0, 201)
        result = nc.bound_slice(X, start, ("mean", k, d), ts)
        # the surrogate is a parabola in one mean coordinate: its vertex from three exact values
        a, b, _ = np.polyfit(ts[[0, 100, 200]], result.surrogate[[0, 100, 200]], 2)
        assert -b / (2 * a) == pytest.approx(target, abs=1e-9)
        assert result.values[100] == pytest.approx(run.model.means[k, d], rel=1e-12)
        assert np.all(result.surrogate <= result.surrogate[100] + 1e-9)
        assert np.all(result.surrogate <= result.objective + 1e-9 * np.abs(result.objective))


def test_with_labels_the_surrogate_still_touches_and_in_hard_em_it_stays_below():
    X, z = TRUTH.sample(150, rng=8)
    labels = np.where(np.arange(150) % 4 == 0, z, -1)
    model = nc.init_model(X, "gaussian", 2, rng=1)
    ts = np.linspace(-1.0, 1.0, 21)
    soft = nc.bound_slice(X, model, ("mean", 0, 1), ts, labels=labels)
    assert soft.surrogate[10] == pytest.approx(soft.objective[10], rel=1e-12)
    assert np.all(soft.surrogate <= soft.objective + 1e-9 * np.abs(soft.objective))
    hard = nc.bound_slice(X, model, ("mean", 0, 1), ts, labels=labels, hard=True)
    np.testing.assert_allclose(hard.objective, soft.objective, rtol=1e-13)
    assert np.all(hard.surrogate < hard.objective)  # a one-hot q leaves a gap everywhere
