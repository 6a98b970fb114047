"""With missing cells the ELBO EM records after an M-step is the bound that M-step maximises.

The reference is written here from `test_bound_missing`'s per-row terms (scipy's densities; each
expectation by its own formula): q is the posterior over z under theta_old given each row's
observed cells (one-hot on labelled rows, and on every row in hard EM) and, under component k,
the conditional distribution of the missing cells given the observed ones under theta_old. The
recorded ELBO is checked against it, against `bound_slice`'s surrogate at t = 1 and against
`EM.recomputed`; complete data keep the bound over the components alone.
"""

import numpy as np
import pytest
from scipy.special import logsumexp
from test_bound_missing import CASES, discrete_terms, gaussian_terms

import nbviz.core as nc
from nbviz.core.incomplete import level_divergence

PRIOR = nc.Prior(alpha=1.0, beta=1.0, covariance_prior=0.1)


def reference(X, old, model, prior=None, labels=None, hard=False):
    """(objective, the bound with the missing cells averaged under `old`, the bound over z alone) at `model`."""
    terms = gaussian_terms if isinstance(old, nc.GaussianMixture) else discrete_terms
    K = old.n_components
    labels = np.full(len(X), -1) if labels is None else np.asarray(labels)
    objective = full = over_z = 0.0
    for x, label in zip(X, labels, strict=True):
        old_joint = np.array([np.log(old.weights[k]) + terms(old, old, x, k)[0] for k in range(K)])
        q = np.exp(old_joint - logsumexp(old_joint))
        if label >= 0 or hard:
            q = np.eye(K)[label if label >= 0 else np.argmax(old_joint)]
        entropy_z = -float(np.sum(q[q > 0] * np.log(q[q > 0])))
        rows = [terms(model, old, x, k) for k in range(K)]
        joint = np.log(model.weights) + np.array([r[0] for r in rows])
        objective += joint[label] if label >= 0 else logsumexp(joint)
        over_z += float(np.sum(q * joint)) + entropy_z
        full += float(np.sum(q * (np.log(model.weights) + np.array([r[1] + r[2] for r in rows])))) + entropy_z
    log_prior = model.log_prior(prior)
    return objective + log_prior, full + log_prior, over_z + log_prior


def some_labels(n, seed):
    rng = np.random.default_rng(seed)
    return np.where(rng.random(n) < 0.25, rng.integers(2, size=n), -1)


N_FITTED = 30  # rows: every missing pattern of three features occurs, and the row-by-row reference stays quick


def fitted(name, seed, iterations=3, **options):
    """Data with missing cells and a run of `iterations` EM iterations on it."""
    make, family, kind = CASES[name]
    X = make(seed, n=N_FITTED)
    start = nc.init_model(X, family, 2, rng=seed, prior=nc.Prior(beta=1.0), **kind)
    run = nc.EM(X, start, warn_empty=False, **options)
    for _ in range(iterations):
        run.step()
    return X, run


SETTINGS = {
    "ml": {},
    "map": {"prior": PRIOR},
    "labelled": {"labels": "some", "prior": PRIOR},
    "hard": {"hard": True, "prior": PRIOR},
}


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("setting", list(SETTINGS))
def test_the_recorded_elbo_is_the_bound_the_m_step_maximises(name, setting):
    options = dict(SETTINGS[setting])
    if options.get("labels") == "some":
        options["labels"] = some_labels(N_FITTED, seed=4)
    X, run = fitted(name, seed=4, **options)
    history = run.history
    for i in range(1, len(history)):
        snapshot, before = history[i], history[i - 1]
        old = run.responsibilities_model(i)
        objective, full, over_z = reference(X, old, snapshot.model, **options)
        assert snapshot.objective == pytest.approx(objective, rel=1e-10)
        assert snapshot.elbo == pytest.approx(full, rel=1e-10)
        assert snapshot.kl == pytest.approx(objective - full, rel=1e-7, abs=1e-8)
        assert run.recomputed(i).elbo == snapshot.elbo  # the same numbers, recomputed from the parameters
        if snapshot.phase == "E":
            assert full == pytest.approx(over_z, rel=1e-12)  # at theta_old the divergences are 0
            continue
        # the M-step climbs the bound with the missing cells averaged; it lies below the one over z
        assert before.elbo - 1e-12 * abs(before.elbo) <= snapshot.elbo <= snapshot.objective
        assert full < over_z - 1e-6
        surrogate = nc.bound_slice(X, old, snapshot.model, [0.0, 1.0], **options).surrogate
        assert snapshot.elbo == pytest.approx(surrogate[1], rel=1e-10, abs=0)  # the bound view's value at t = 1
        assert surrogate[0] == pytest.approx(before.elbo, rel=1e-12)


@pytest.mark.parametrize("name", ["gaussian-full", "gaussian-diag", "gaussian-tied"])
def test_with_fixed_covariances_the_recorded_elbo_is_still_the_bound_averaging_the_missing_cells(name):
    X, run = fitted(name, seed=6, fixed_covariances=True)
    for i in range(2, len(run.history), 2):
        old, snapshot = run.history[i - 1].model, run.history[i]
        assert np.array_equal(snapshot.model.covariances, old.covariances)
        _, full, _ = reference(X, old, snapshot.model)
        assert snapshot.elbo == pytest.approx(full, rel=1e-10)
        assert run.history[i - 1].elbo <= snapshot.elbo <= snapshot.objective


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("hard", [False, True])
def test_complete_data_record_the_bound_over_the_components_and_compute_no_divergence(name, hard, monkeypatch):
    make, family, kind = CASES[name]
    X = make(8)
    X = X[~np.isnan(X).any(axis=1)]
    start = nc.init_model(X, family, 2, rng=8, prior=nc.Prior(beta=1.0), **kind)

    def refused(self, data):
        raise AssertionError("complete data have no divergence to compute")

    monkeypatch.setattr(type(start), "_missing_divergence", refused)
    run = nc.EM(X, start, prior=PRIOR, hard=hard)
    run.run(max_iter=3, tol=0.0)
    for i in range(1, len(run.history)):
        snapshot = run.history[i]
        _, full, over_z = reference(X, run.responsibilities_model(i), snapshot.model, prior=PRIOR, hard=hard)
        assert full == pytest.approx(over_z, rel=1e-13)
        assert snapshot.elbo == pytest.approx(over_z, rel=1e-10)
        assert run.recomputed(i).elbo == snapshot.elbo


def test_theta_olds_conditionals_are_computed_once_per_e_step(monkeypatch):
    X, run = fitted("gaussian-full", seed=2, iterations=0)
    built = []
    hook = nc.GaussianMixture._missing_divergence

    def counted(self, data):
        built.append(self)
        return hook(self, data)

    monkeypatch.setattr(nc.GaussianMixture, "_missing_divergence", counted)
    run.run(max_iter=4, tol=0.0)
    assert built == [run.history[i].model for i in (1, 3, 5, 7)]  # each E-step's model, once
    assert run.recomputed(-1).elbo == run.history[-1].elbo and len(built) == 4  # the last one is kept
    assert run.recomputed(4).elbo == run.history[4].elbo and built[-1] is run.history[3].model


def test_a_second_m_step_records_a_bound_under_the_same_q():
    X, run = fitted("gaussian-full", seed=9, iterations=1)
    run.m_step()  # again, without an E-step: q (and its average over the missing cells) stays the E-step's
    snapshot = run.history[-1]
    _, full, _ = reference(X, run.history[1].model, snapshot.model)
    assert snapshot.elbo == pytest.approx(full, rel=1e-10)
    assert snapshot.elbo <= snapshot.objective
    assert run.recomputed(-1).elbo == snapshot.elbo


@pytest.mark.parametrize("name", ["gaussian-full", "bernoulli", "categorical"])
def test_a_saved_history_with_missing_cells_recomputes_to_its_stored_elbos(name):
    X, run = fitted(name, seed=12, prior=PRIOR)
    saved = [nc.Snapshot.from_dict(s.to_dict()) for s in run.history]
    again = nc.EM.from_history(X, saved, prior=PRIOR)
    for i, snapshot in enumerate(saved):
        assert again.recomputed(i).elbo == snapshot.elbo
    again.step()
    run.step()
    assert again.history[-1].elbo == run.history[-1].elbo


def test_the_missing_cells_preset_agrees_with_the_bound_view():
    truth = nc.GaussianMixture(
        weights=[0.4, 0.35, 0.25],
        means=[[0.0, 0.0], [5.0, 1.0], [2.0, 5.0]],
        covariances=[[[1.0, 0.6], [0.6, 1.0]], [[0.8, -0.4], [-0.4, 1.0]], [[0.5, 0.0], [0.0, 0.5]]],
    )
    X = truth.sample(300, rng=21)[0]
    rng = np.random.default_rng(22)
    hidden = rng.random(len(X)) < 0.34
    X[np.flatnonzero(hidden), rng.integers(0, 2, size=int(hidden.sum()))] = np.nan
    start = nc.GaussianMixture(
        weights=np.full(3, 1 / 3), means=[[1.5, 1.5], [2.5, 2.0], [2.0, 2.5]], covariances=[np.eye(2) * 6.0] * 3
    )
    run = nc.EM(X, start)
    run.step()
    E, M = run.history[1:]
    assert M.elbo == pytest.approx(-1116.2245058, abs=1e-6)  # the bound over z alone gives -1114.34 here
    assert M.elbo == nc.bound_slice(X, E.model, M.model, [1.0]).surrogate[0]
    _, full, over_z = reference(X, E.model, M.model)
    assert M.elbo == pytest.approx(full, rel=1e-10)
    assert over_z == pytest.approx(-1114.34, abs=5e-3)


ULP_BELOW_ONE = 2.0**-53  # the spacing of doubles just below 1.0


def assert_finite_climbing_bound(run, steps):
    for _ in range(steps):
        run.step()
    history = run.history[1:]
    elbos = np.array([s.elbo for s in history])
    objectives = np.array([s.objective for s in history])
    assert np.isfinite(elbos).all()
    assert (elbos <= objectives + 1e-12).all()
    assert (elbos[1::2] >= elbos[0::2] - 1e-12).all()  # each M-step raises the E-step's bound


def test_a_probability_a_rounding_below_one_leaves_the_bound_finite():
    """A feature observed as 1 wherever it is observed: its probability hovers a rounding below 1.0.

    The table is the one a property test found: on some processors an M-step rounded such a
    probability up to 1.0 while the E-step's model had 1 - k 2**-53, and the ELBO was -inf.
    """
    n = np.nan
    X = np.array(
        [[1, 1], [n, 1], [n, 1], [n, n], [n, n], [1, n], [n, 0], [1, n], [n, 0], [n, n], [1, n], [1, 1], [n, 1], [1, 0]]
        + [[n, n]]
    )
    run = nc.EM(X, nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[1.0, 0.3125], [1.0, 0.8125]]))
    assert_finite_climbing_bound(run, 30)


ONES_WITH_GAPS = np.array([[1, 0], [np.nan, 1], [1, 1], [np.nan, 0], [1, np.nan], [np.nan, 1], [1, 0], [1, 1]])


@pytest.mark.parametrize("k", range(1, 9))
@pytest.mark.parametrize("beta", [0.0, 1e-300])
def test_an_m_step_never_rounds_a_possible_outcome_away(k, beta):
    """From p = 1 - k ulps (and 0 + k * the smallest double) an M-step keeps both outcomes possible.

    The missing cells count at the E-step model's probability; however the processor rounds the
    update, the new probability is never exactly 1 (or 0) where the old one was not, so the
    divergence of the missing cells is finite and the bound climbs.
    """
    high = 1.0 - k * ULP_BELOW_ONE
    low = k * np.finfo(np.float64).tiny
    start = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[high, 0.4], [high, 0.6]])
    prior = nc.Prior(alpha=0.0, beta=beta)
    run = nc.EM(ONES_WITH_GAPS, start, prior=prior)
    run.step()
    run.step()
    assert (run.model.probs[:, 0] < 1.0).all()
    assert_finite_climbing_bound(run, 6)
    zeros = np.where(np.isnan(ONES_WITH_GAPS), np.nan, 1.0 - ONES_WITH_GAPS)
    run = nc.EM(zeros, nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[low, 0.4], [low, 0.6]]), prior=prior)
    run.step()
    run.step()
    assert (run.model.probs[:, 0] > 0.0).all()
    assert_finite_climbing_bound(run, 6)


@pytest.mark.parametrize("k", [0, 1, 2, 4, 8])
def test_a_categorical_level_a_rounding_from_zero_stays_possible(k):
    """Answers with gaps whose third level the start gives 0 + k * the smallest double (or exactly 0)."""
    n = np.nan
    X = np.array([[0, 1], [n, 0], [1, 1], [n, 1], [0, n], [1, 0], [n, n], [0, 0]])
    tiny = k * np.finfo(np.float64).tiny
    first = [[1.0 - 2 * tiny - 0.5, 0.5, 2 * tiny], [0.3, 0.7 - tiny, tiny]]
    start = nc.CategoricalMixture(weights=[0.5, 0.5], probs=[first, [[0.5, 0.5], [0.4, 0.6]]])
    run = nc.EM(X, start, prior=nc.Prior(alpha=0.0, beta=0.0))
    run.step()
    run.step()
    third = run.model.probs[0][:, 2]
    assert ((third > 0) == (np.array(first)[:, 2] > 0)).all()  # possible exactly where it was
    assert_finite_climbing_bound(run, 6)


def test_exactly_zero_and_one_stay_where_no_row_can_move_them():
    """p = 1 exactly on a feature never observed as 0: the missing cells are 1 for sure, the bound is finite."""
    X = np.array([[1, 0], [np.nan, 1], [1, 1], [np.nan, 0], [1, 1]])
    run = nc.EM(X, nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[1.0, 0.3], [0.0, 0.6]]), prior=nc.Prior(0.0, 0.0))
    run.step()
    run.step()
    assert run.model.probs[0, 0] == 1.0
    assert_finite_climbing_bound(run, 6)


def test_the_divergence_of_levels_is_exact_as_stored():
    below_one = 1.0 - ULP_BELOW_ONE
    # A level only the old model allows is ruled out by the new: infinite, however small it was
    # (the M-step never produces such a pair on a weighted row: the tests above).
    assert level_divergence(np.array([below_one, 1.0 - below_one]), np.array([1.0, 0.0])) == np.inf
    assert level_divergence(np.array([0.5, 0.5]), np.array([1.0, 0.0])) == np.inf
    assert level_divergence(np.array([1.0, 0.0]), np.array([0.5, 0.5])) == pytest.approx(np.log(2), rel=1e-15)
    for k in range(1, 9):
        old = np.array([1.0 - k * ULP_BELOW_ONE, k * ULP_BELOW_ONE])
        new = np.array([below_one, ULP_BELOW_ONE])
        expected = old[0] * np.log1p((old[0] - new[0]) / new[0]) + old[1] * np.log(k)
        assert level_divergence(old, new) == pytest.approx(expected, rel=1e-12, abs=1e-30)
    # A subnormal new probability: old / new overflows, the divergence does not.
    assert level_divergence(np.array([1.0, 0.0]), np.array([5e-324, 1.0])) == pytest.approx(-np.log(5e-324), rel=1e-15)
    assert level_divergence(np.array([0.5, 0.5]), np.array([0.25, 0.75])) == pytest.approx(
        0.5 * np.log(0.5 / 0.25) + 0.5 * np.log(0.5 / 0.75), rel=1e-14
    )
