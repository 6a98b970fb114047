"""With missing cells the surrogate is the bound EM climbs, checked against a reference written here.

The reference (Ghahramani & Jordan 1994): q is the posterior over z under theta_old given each
row's observed cells and, under component k, the conditional distribution of its missing cells
given the observed ones under theta_old; the bound is

    L(theta) = sum_nk q_nk [log pi_k + E_q(x_mis | x_obs, k) log p(x_n | k, theta)]
               + H(q_z) + sum_nk q_nk H(q(x_mis | x_obs, k)) (+ log-prior(theta)),

each expectation by its own formula (Gaussian: log N(x^ | mu, S) - tr(S^-1 C) / 2; Bernoulli and
categorical: the log-probability of the expected indicators), with scipy's densities.
"""

import numpy as np
import pytest
from scipy.special import logsumexp, xlogy
from scipy.stats import multivariate_normal

import nbviz.core as nc

COVARIANCES = [
    [[1.0, 0.5, 0.2], [0.5, 0.9, -0.3], [0.2, -0.3, 1.2]],
    [[0.7, -0.2, 0.1], [-0.2, 1.1, 0.4], [0.1, 0.4, 0.8]],
]
TRUTH = nc.GaussianMixture(weights=[0.4, 0.6], means=[[0, 0, 1], [2.5, 1, -1]], covariances=COVARIANCES)
GRID = np.linspace(-0.5, 1.5, 41)  # GRID[10] is t = 0, GRID[30] t = 1
NEAR_ONE = np.linspace(0.99, 1.01, 21)  # NEAR_ONE[10] is t = 1
POINTS = [-0.3, 0.0, 0.4, 1.0, 1.3]


def holes(X, seed):
    """X with about 30% of its cells missing; row 0 misses every cell and row 1 none."""
    missing = np.random.default_rng(seed).random(X.shape) < 0.3
    missing[0], missing[1] = True, False
    return np.where(missing, np.nan, X)


def gaussian_data(seed=0, n=40):
    return holes(TRUTH.sample(n, rng=seed)[0], seed)


def bernoulli_data(seed=0, n=40):
    truth = nc.BernoulliMixture(weights=[0.35, 0.65], probs=[[0.8, 0.3, 0.6, 0.1, 0.7], [0.2, 0.7, 0.5, 0.9, 0.4]])
    return holes(truth.sample(n, rng=seed)[0], seed)


def categorical_data(seed=0, n=40):
    probs = [[[0.6, 0.3, 0.1], [0.1, 0.2, 0.7]], [[0.7, 0.3], [0.4, 0.6]], [[0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1]]]
    truth = nc.CategoricalMixture(weights=[0.45, 0.55], probs=probs)
    return holes(truth.sample(n, rng=seed)[0], seed)


CASES = {
    "gaussian-full": (gaussian_data, "gaussian", {"covariance_type": "full"}),
    "gaussian-diag": (gaussian_data, "gaussian", {"covariance_type": "diag"}),
    "gaussian-spherical": (gaussian_data, "gaussian", {"covariance_type": "spherical"}),
    "gaussian-tied": (gaussian_data, "gaussian", {"covariance_type": "tied"}),
    "bernoulli": (bernoulli_data, "bernoulli", {}),
    "categorical": (categorical_data, "categorical", {}),
}


def case(name, seed=0, prior=None, hard=False):
    """Data with missing cells, theta_old (a start) and theta_new (one M-step from it)."""
    make, family, options = CASES[name]
    X = make(seed)
    old = nc.init_model(X, family, 2, rng=seed, prior=nc.Prior(beta=1.0), **options)
    run = nc.EM(X, old, prior=prior, hard=hard)
    run.step()
    return X, old, run.model


def line(old, new, t):
    """theta_old + t (theta_new - theta_old), written here for each family."""
    if isinstance(old, nc.GaussianMixture):
        return nc.GaussianMixture(
            weights=(1 - t) * old.weights + t * new.weights,
            means=(1 - t) * old.means + t * new.means,
            covariances=(1 - t) * old.covariances + t * new.covariances,
            covariance_type=old.covariance_type,
        )
    if isinstance(old, nc.BernoulliMixture):
        return nc.BernoulliMixture(
            weights=(1 - t) * old.weights + t * new.weights, probs=(1 - t) * old.probs + t * new.probs
        )
    probs = [(1 - t) * a + t * b for a, b in zip(old.probs, new.probs, strict=True)]
    return nc.CategoricalMixture(weights=(1 - t) * old.weights + t * new.weights, probs=probs)


# ----------------------------------------------------------------- the independent reference
def covariance(model, k):
    D, cov, kind = model.means.shape[1], np.asarray(model.covariances), model.covariance_type
    return {
        "full": lambda: cov[k],
        "tied": lambda: cov,
        "diag": lambda: np.diag(cov[k]),
        "spherical": lambda: cov[k] * np.eye(D),
    }[kind]()


def gaussian_terms(model, old, x, k):
    """(log p(x_obs | k, model), E log p(x | k, model), H) under old's conditional of the missing cells given k."""
    o, m = ~np.isnan(x), np.isnan(x)
    S, mu = covariance(model, k), model.means[k]
    S0, mu0 = covariance(old, k), old.means[k]
    observed = multivariate_normal(mu[o], S[np.ix_(o, o)]).logpdf(x[o]) if o.any() else 0.0
    filled, C = x.copy(), np.zeros((x.size, x.size))
    if m.any():
        regression = S0[np.ix_(m, o)] @ np.linalg.inv(S0[np.ix_(o, o)]) if o.any() else np.zeros((m.sum(), 0))
        filled[m] = mu0[m] + regression @ (x[o] - mu0[o])
        C[np.ix_(m, m)] = S0[np.ix_(m, m)] - regression @ S0[np.ix_(o, m)]
    expected = multivariate_normal(mu, S).logpdf(filled) - 0.5 * np.trace(np.linalg.solve(S, C))
    entropy = 0.5 * np.linalg.slogdet(2 * np.pi * np.e * C[np.ix_(m, m)])[1] if m.any() else 0.0
    return observed, expected, entropy


def discrete_terms(model, old, x, k):
    """As `gaussian_terms`, for a Bernoulli or categorical mixture: one level distribution per feature."""
    if isinstance(model, nc.BernoulliMixture):
        levels = [np.array([1 - p, p]) for p in model.probs[k]]
        old_levels = [np.array([1 - p, p]) for p in old.probs[k]]
    else:
        levels = [p[k] for p in model.probs]
        old_levels = [p[k] for p in old.probs]
    observed = expected = entropy = 0.0
    for d, value in enumerate(x):
        if np.isnan(value):
            expected += float(np.sum(xlogy(old_levels[d], levels[d])))  # 0 log 0 = 0
            entropy -= float(np.sum(xlogy(old_levels[d], old_levels[d])))
        else:
            observed += np.log(levels[d][int(value)])
            expected += np.log(levels[d][int(value)])
    return observed, expected, entropy


def reference(X, old, model, hard=False):
    """(objective, the bound with missing cells, the bound over z alone) at `model`; q from `old`."""
    terms = gaussian_terms if isinstance(old, nc.GaussianMixture) else discrete_terms
    K = old.n_components
    objective = full = over_z = 0.0
    for x in X:
        old_joint = np.array([np.log(old.weights[k]) + terms(old, old, x, k)[0] for k in range(K)])
        q = np.exp(old_joint - logsumexp(old_joint))
        if hard:
            q = np.eye(K)[np.argmax(old_joint)]
        entropy_z = -float(np.sum(q[q > 0] * np.log(q[q > 0])))
        rows = [terms(model, old, x, k) for k in range(K)]
        log_pi = np.log(model.weights)
        objective += logsumexp(log_pi + np.array([r[0] for r in rows]))
        over_z += float(np.sum(q * (log_pi + np.array([r[0] for r in rows])))) + entropy_z
        full += float(np.sum(q * (log_pi + np.array([r[1] + r[2] for r in rows])))) + entropy_z
    return objective, full, over_z


# ----------------------------------------------------------------- the tests
@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("use_prior", [False, True])
def test_on_the_line_to_the_m_step_the_surrogate_peaks_at_the_m_step(name, use_prior):
    prior = nc.Prior(alpha=1.0, beta=1.0, covariance_prior=0.1) if use_prior else None
    X, old, new = case(name, seed=3, prior=prior)
    result = nc.bound_slice(X, old, new, GRID, prior=prior)
    assert np.nanargmax(result.surrogate) == 30
    assert result.surrogate[10] == pytest.approx(result.objective[10], rel=1e-12)  # t = 0: it touches
    valid = ~np.isnan(result.surrogate)
    assert valid[10:].all()  # from t = -0.5 the weights or covariances may leave their domain
    assert np.all(result.surrogate[valid] <= result.objective[valid] + 1e-12 * np.abs(result.objective[valid]))
    near = nc.bound_slice(X, old, new, NEAR_ONE, prior=prior).surrogate
    assert np.all(near[10] >= near - 1e-12 * abs(near[10]))
    a, b, _ = np.polyfit(NEAR_ONE - 1.0, near - near[10], 2)  # a parabola at this scale: its vertex
    assert a < 0 and -b / (2 * a) == pytest.approx(0.0, abs=1e-4)


@pytest.mark.parametrize("name", list(CASES))
def test_the_surrogate_is_the_bound_with_the_missing_cells_averaged(name):
    X, old, new = case(name, seed=5)
    result = nc.bound_slice(X, old, new, POINTS)
    for i, t in enumerate(POINTS):
        objective, full, over_z = reference(X, old, line(old, new, t))
        assert result.objective[i] == pytest.approx(objective, rel=1e-10)
        assert result.surrogate[i] == pytest.approx(full, rel=1e-10)
        if t != 0.0:  # averaging over the missing cells costs a divergence, so the bound over z is above
            assert full < over_z - 1e-6


@pytest.mark.parametrize("name", ["gaussian-full", "gaussian-diag", "bernoulli", "categorical"])
def test_in_hard_em_the_missing_cells_stay_under_the_chosen_component(name):
    X, old, new = case(name, seed=7, hard=True)
    result = nc.bound_slice(X, old, new, GRID, hard=True)
    assert np.nanargmax(result.surrogate) == 30  # hard EM's M-step maximises this bound too
    for i in (5, 10, 22, 30, 36):
        objective, full, _ = reference(X, old, line(old, new, GRID[i]), hard=True)
        assert result.surrogate[i] == pytest.approx(full, rel=1e-10)
        assert result.surrogate[i] < objective  # a one-hot q leaves a gap


@pytest.mark.parametrize("name", list(CASES))
def test_complete_data_keep_the_bound_over_the_components(name):
    make, family, options = CASES[name]
    X = make(11, n=150)
    X = X[~np.isnan(X).any(axis=1)]
    old = nc.init_model(X, family, 2, rng=1, prior=nc.Prior(beta=1.0), **options)
    run = nc.EM(X, old)
    run.step()
    result = nc.bound_slice(X, old, run.model, POINTS)
    for i, t in enumerate(POINTS):
        _, full, over_z = reference(X, old, line(old, run.model, t))
        assert full == pytest.approx(over_z, rel=1e-13)  # nothing missing: the two bounds are one
        assert result.surrogate[i] == pytest.approx(over_z, rel=1e-10)
    assert result.surrogate[3] == run.history[-1].elbo  # the M-step's recorded ELBO, to the last bit


def test_probabilities_of_exactly_0_and_1_give_finite_or_minus_infinite_bounds_never_nan():
    X = bernoulli_data(seed=2)
    X[:, 0] = np.where(np.isnan(X[:, 0]), np.nan, 0.0)  # feature 0 is never 1 where observed
    old = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.0, 0.3, 0.6, 0.2, 0.7], [0.0, 0.7, 0.5, 0.9, 0.4]])
    run = nc.EM(X, old)
    run.step()
    assert np.all(run.model.probs[:, 0] == 0.0)  # a missing cell of feature 0 is 0 under either model
    result = nc.bound_slice(X, old, run.model, GRID)
    assert np.nanargmax(result.surrogate) == 30
    objective, full, _ = reference(X, old, run.model)
    assert result.surrogate[30] == pytest.approx(full, rel=1e-10)
    # moving P(x_1 = 1 | component 0) to 0 rules out the value a missing cell takes with probability 0.3
    moved = nc.bound_slice(X, old, ("prob", 0, 1), [-0.3, -0.1, 0.0, 0.7])
    assert np.isneginf(moved.surrogate[0]) and np.isneginf(moved.surrogate[3])
    assert np.all(np.isfinite(moved.surrogate[1:3]))
    assert not np.isnan(moved.surrogate).any()
