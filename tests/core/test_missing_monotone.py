"""Property tests: with missing cells EM still never lowers its objective, for every family that takes them.

The M-step maximises the expected complete-data log-likelihood (missing cells and components
latent), so the observed-data objective rises. The ELBO recorded after an M-step is that bound (q
averages the missing cells under the E-step's model): the M-step raises it above the ELBO of the
E-step before it (where it touches the objective), and it stays below the objective. In hard EM
the same holds of the classification bound, with q one-hot.
"""

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_monotone import assert_non_decreasing, prior_from, run_half_steps, start_or_none

import nbviz.core as nc

CHOICES = [("gaussian", kind) for kind in nc.COVARIANCE_TYPES] + [("bernoulli", None), ("categorical", None)]
RELATIVE = 1e-9


def data_for(family, n, d, k, rng):
    if family == "gaussian":
        centres = rng.normal(scale=3, size=(k, d))
        mixing = np.eye(d) + rng.normal(scale=0.4, size=(d, d))
        return centres[rng.integers(k, size=n)] + rng.normal(size=(n, d)) @ mixing
    if family == "bernoulli":
        protos = rng.uniform(0.05, 0.95, size=(k, d + 1))
        return (rng.random((n, d + 1)) < protos[rng.integers(k, size=n)]).astype(float)
    levels = rng.integers(2, 5, size=d + 1)
    probs = [rng.dirichlet(np.ones(L), size=k) for L in levels]
    return nc.CategoricalMixture(weights=np.full(k, 1.0 / k), probs=probs).sample(n, rng=rng)[0]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    choice=st.sampled_from(CHOICES),
    shape=st.tuples(st.integers(1, 3), st.integers(15, 60), st.integers(1, 4)),  # K, N, D
    fraction=st.floats(0.0, 0.6),
    seed=st.integers(0, 2**32 - 1),
    method=st.sampled_from(nc.INIT_METHODS),
    prior_flags=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    fixed=st.booleans(),
)
def test_objective_never_decreases_with_random_missing_cells(choice, shape, fraction, seed, method, prior_flags, fixed):
    family, kind = choice
    fixed = fixed and family == "gaussian"  # the M-step then maximises over the weights and means
    k, n, d = shape
    rng = np.random.default_rng(seed)
    X = data_for(family, n, d, k, rng)
    X[rng.random(X.shape) < fraction] = np.nan
    assume(not np.isnan(X).all(axis=0).any())  # a column with nothing observed has no start (tested elsewhere)
    prior = prior_from(prior_flags, rng)
    start = start_or_none(X, family, k, method=method, rng=rng, covariance_type=kind or "full", prior=prior)
    assume(start is not None)
    history = run_half_steps(nc.EM(X, start, prior=prior, fixed_covariances=fixed, warn_empty=False), 8)
    assume(len(history) > 1)
    assert_non_decreasing([s.objective for s in history])
    for before, after in zip(history, history[1:]):
        scale = RELATIVE * max(1.0, abs(after.objective))
        assert np.isfinite(after.objective) and np.isfinite(after.elbo)
        if after.phase == "E":
            assert abs(after.elbo - after.objective) <= scale
        else:
            assert_m_step_climbs_its_bound(before, after)


def assert_m_step_climbs_its_bound(before, after):
    """The ELBO after an M-step is at least the E-step's before it and at most the objective."""
    scale = RELATIVE * max(1.0, abs(after.objective))
    assert before.phase == "E" and after.phase == "M"
    assert after.elbo <= after.objective + scale
    assert after.elbo >= before.elbo - scale


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    choice=st.sampled_from(CHOICES),
    seed=st.integers(0, 2**32 - 1),
    fraction=st.floats(0.05, 0.5),
    hard=st.booleans(),
)
def test_labelled_and_hard_runs_take_missing_cells(choice, seed, fraction, hard):
    family, kind = choice
    rng = np.random.default_rng(seed)
    X = data_for(family, 40, 2, 2, rng)
    X[rng.random(X.shape) < fraction] = np.nan
    assume(not np.isnan(X).all(axis=0).any())
    labels = np.where(rng.random(40) < 0.3, rng.integers(2, size=40), -1)
    prior = nc.Prior(beta=1.0, covariance_prior=0.1)
    start = start_or_none(X, family, 2, rng=rng, covariance_type=kind or "full", prior=prior)
    assume(start is not None)
    history = run_half_steps(nc.EM(X, start, prior=prior, labels=labels, hard=hard, warn_empty=False), 6)
    climbed = [s.elbo for s in history[1:]] if hard else [s.objective for s in history]
    assert_non_decreasing([c for c in climbed if c is not None])
    for before, after in zip(history[1::2], history[2::2]):
        assert_m_step_climbs_its_bound(before, after)
