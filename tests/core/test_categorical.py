"""The categorical family: naive Bayes as scikit-learn's CategoricalNB, latent class analysis by EM."""

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from scipy.special import logsumexp
from sklearn.naive_bayes import CategoricalNB

import nbviz.core as nc

# Stouffer & Toby (1951): 216 respondents' answers to four dilemmas of role conflict (1: the
# universalistic answer); the response-pattern counts as Goodman (1974) tabulates them, the
# classic first example of latent class analysis (R's poLCA ships it as `values`).
STOUFFER_TOBY = {
    (1, 1, 1, 1): 42, (1, 1, 1, 0): 23, (1, 1, 0, 1): 6, (1, 1, 0, 0): 25,
    (1, 0, 1, 1): 6, (1, 0, 1, 0): 24, (1, 0, 0, 1): 7, (1, 0, 0, 0): 38,
    (0, 1, 1, 1): 1, (0, 1, 1, 0): 4, (0, 1, 0, 1): 1, (0, 1, 0, 0): 6,
    (0, 0, 1, 1): 2, (0, 0, 1, 0): 9, (0, 0, 0, 1): 2, (0, 0, 0, 0): 20,
}  # fmt: skip


def stouffer_toby() -> np.ndarray:
    return np.array([pattern for pattern, count in STOUFFER_TOBY.items() for _ in range(count)], float)


def survey(n=300, seed=0):
    """Answers to five items of 3, 2, 4, 3 and 5 levels from three latent classes."""
    rng = np.random.default_rng(seed)
    levels = (3, 2, 4, 3, 5)
    truth = nc.CategoricalMixture(
        weights=[0.5, 0.3, 0.2], probs=[rng.dirichlet(np.full(L, 0.6), size=3) for L in levels]
    )
    return truth.sample(n, rng=rng)


def plain_lca(X, levels, K, rng, iterations=2000, tol=1e-10):
    """Latent class analysis by EM in plain numpy, from a random Dirichlet start: the log-likelihood."""
    codes = X.astype(int)
    weights = np.full(K, 1.0 / K)
    probs = [rng.dirichlet(np.ones(L), size=K) for L in levels]
    last = -np.inf
    for _ in range(iterations):
        with np.errstate(divide="ignore"):  # a level probability can reach 0
            log_joint = np.log(weights) + sum(np.log(p[:, codes[:, j]]).T for j, p in enumerate(probs))
        log_p = logsumexp(log_joint, axis=1)
        resp = np.exp(log_joint - log_p[:, None])
        weights = resp.mean(axis=0)
        probs = [
            np.stack([resp[codes[:, j] == level].sum(axis=0) for level in range(L)], axis=1) / resp.sum(axis=0)[:, None]
            for j, L in enumerate(levels)
        ]
        if log_p.sum() - last < tol:
            break
        last = log_p.sum()
    return float(log_p.sum())


# ----------------------------------------------------------------- naive Bayes against scikit-learn
@pytest.mark.parametrize("alpha", [1.0, 0.3, 1e-10])
def test_naive_bayes_is_scikit_learns_categorical_nb(alpha):
    X, _ = survey(240, seed=3)
    y = np.random.default_rng(4).integers(0, 3, size=240)
    model = nc.fit_naive_bayes(X, y, family="categorical", prior=nc.Prior(beta=alpha))
    oracle = CategoricalNB(alpha=alpha).fit(X.astype(int), y)
    # scikit-learn's class prior is the plain frequency: nbviz's weights prior alpha = 0 (the default).
    np.testing.assert_allclose(np.log(model.weights), oracle.class_log_prior_, rtol=0, atol=1e-10)
    assert len(model.probs) == len(oracle.feature_log_prob_)
    for ours, theirs in zip(model.probs, oracle.feature_log_prob_, strict=True):
        np.testing.assert_allclose(np.log(ours), theirs, rtol=0, atol=1e-10)
    np.testing.assert_allclose(model.responsibilities(X), oracle.predict_proba(X.astype(int)), rtol=0, atol=1e-10)
    assert (model.predict(X) == oracle.predict(X.astype(int))).all()


def test_the_map_update_counts_a_pseudo_count_on_every_level():
    X = np.array([[0, 1], [0, 2], [1, 2]], float)
    model = nc.fit_naive_bayes(X, [0, 0, 1], family="categorical", prior=nc.Prior(beta=1))
    # class 0 has rows 0 and 1: feature 0 levels (2, 0) -> (3, 1) / 4; feature 1 levels (0, 1, 1) -> (1, 2, 2) / 5
    np.testing.assert_allclose(model.probs[0][0], [3 / 4, 1 / 4])
    np.testing.assert_allclose(model.probs[1][0], [1 / 5, 2 / 5, 2 / 5])
    np.testing.assert_allclose(model.probs[1][1], [1 / 4, 1 / 4, 2 / 4])
    assert model.log_prior(nc.Prior(beta=1)) == pytest.approx(sum(np.log(p).sum() for p in model.probs))


# ----------------------------------------------------------------- the parameter set
def test_parameters_count_levels_and_round_trip():
    model = nc.CategoricalMixture(
        weights=[0.25, 0.75], probs=[[[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]], [[1.0, 0.0], [0.4, 0.6]]]
    )
    assert model.levels == (3, 2) and model.n_features == 2
    assert model.n_parameters == (2 - 1) + 2 * ((3 - 1) + (2 - 1))
    copy = nc.Mixture.from_dict(model.to_dict())
    assert type(copy) is nc.CategoricalMixture
    for a, b in zip(copy.probs, model.probs, strict=True):
        np.testing.assert_array_equal(a, b)
    swapped = model.permuted([1, 0])
    np.testing.assert_array_equal(swapped.probs[0], model.probs[0][::-1])
    assert swapped.weights.tolist() == [0.75, 0.25]
    X = np.array([[2, 1], [0, 0]])
    expected = np.log([[0.25 * 0.7 * 0.0 + 0.75 * 0.25 * 0.6, 0.25 * 0.1 + 0.75 * 0.5 * 0.4]])
    np.testing.assert_allclose(model.score_samples(X), expected[0])


@pytest.mark.parametrize(
    ("probs", "message"),
    [
        ([[[0.5, 0.6], [0.5, 0.5]]], r"probs\[0\]\[0\] sums to 1\.1"),
        ([[[0.5, 0.5]]], "has 1 rows but there are 2 weights"),
        ([[[1.5, -0.5], [0.5, 0.5]]], "is not a probability"),
    ],
)
def test_bad_parameters_are_refused_by_name(probs, message):
    with pytest.raises(ValueError, match=message):
        nc.CategoricalMixture(weights=[0.5, 0.5], probs=probs)


def test_bad_data_are_refused_by_cell():
    model = nc.CategoricalMixture(weights=[1.0], probs=[[[0.5, 0.5]], [[0.2, 0.8]]])
    with pytest.raises(nc.DataFitError, match=r"X\[1, 0\].*is 0\.5"):
        model.log_likelihood([[0, 1], [0.5, 1]])
    with pytest.raises(ValueError, match=r"X\[1, 1\].*is level 2 but the model has 2 levels"):
        model.log_likelihood([[0, 1], [1, 2]])


def test_sampling_draws_the_level_probabilities():
    model = nc.CategoricalMixture(weights=[0.4, 0.6], probs=[[[0.2, 0.3, 0.5], [0.7, 0.2, 0.1]]])
    X, z = model.sample(40_000, rng=5)
    assert set(np.unique(X)) == {0.0, 1.0, 2.0}
    for k in range(2):
        frequencies = np.bincount(X[z == k, 0].astype(int), minlength=3) / (z == k).sum()
        np.testing.assert_allclose(frequencies, model.probs[0][k], atol=0.015)


def test_distances_and_slices():
    a = nc.CategoricalMixture(weights=[0.5, 0.5], probs=[[[0.9, 0.1], [0.1, 0.9]]])
    distances = nc.bhattacharyya_distances(a, a)
    bc = 2 * np.sqrt(0.09)
    np.testing.assert_allclose(distances, [[0, -np.log(bc)], [-np.log(bc), 0]], atol=1e-12)
    moved, value = a.slice_point(("prob", 0, 0, 1), 0.2)
    np.testing.assert_allclose(moved.probs[0][0], [0.7, 0.3])
    assert value == pytest.approx(0.3)
    assert ("prob", 1, 0, 0) in a.slice_directions()


# ----------------------------------------------------------------- EM, restarts, choosing K
common = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@common
@given(
    k=st.integers(1, 4),
    n=st.integers(10, 60),
    levels=st.lists(st.integers(1, 5), min_size=1, max_size=4),
    seed=st.integers(0, 2**32 - 1),
    method=st.sampled_from(nc.INIT_METHODS),
    alpha=st.sampled_from([0.0, 0.5]),
    beta=st.sampled_from([0.0, 0.1, 1.0]),
)
def test_the_objective_never_decreases(k, n, levels, seed, method, alpha, beta):
    rng = np.random.default_rng(seed)
    X = np.column_stack([rng.integers(0, L, size=n) for L in levels]).astype(float)
    prior = nc.Prior(alpha=alpha, beta=beta)
    try:
        start = nc.init_model(X, "categorical", k, method=method, rng=rng, prior=prior)
    except ValueError:
        start = None  # e.g. fewer distinct rows than components
    assume(start is not None)
    run = nc.EM(X, start, prior=prior, warn_empty=False)
    for _ in range(8):
        run.step()
    objective = np.array([s.objective for s in run.history])
    assert np.isfinite(objective).all()
    assert (np.diff(objective) >= -1e-9 * np.maximum(1, np.abs(objective[:-1]))).all(), objective


def test_information_criteria_count_free_level_probabilities():
    X, _ = survey(200, seed=1)
    run = nc.EM(X, nc.init_model(X, "categorical", 3, rng=0))
    run.run(200)
    model = run.model
    p = 2 + 3 * ((3 - 1) + (2 - 1) + (4 - 1) + (3 - 1) + (5 - 1))
    assert model.n_parameters == p
    ll = model.log_likelihood(X)
    assert nc.bic(model, X) == pytest.approx(-2 * ll + p * np.log(200))
    assert nc.aic(model, X) == pytest.approx(-2 * ll + 2 * p)
    resp = model.responsibilities(X)
    entropy = -np.sum(resp[resp > 0] * np.log(resp[resp > 0]))
    assert nc.icl(model, X) == pytest.approx(-2 * ll + p * np.log(200) + 2 * entropy)


def test_choose_k_and_restarts_find_the_three_classes():
    X, _ = survey(600, seed=2)
    selection = nc.select_components(X, "categorical", [1, 2, 3, 4, 5], n_init=3, rng=0)
    best_bic = selection.bic.min(axis=1)
    assert int(selection.ks[np.argmin(best_bic)]) == 3
    best = nc.fit_best(X, "categorical", 3, n_init=4, rng=1)
    assert best.objectives.shape == (4,)
    assert best.run.model.log_likelihood(X) == pytest.approx(best.objectives.max())


def test_latent_class_analysis_of_stouffer_toby_reaches_the_best_likelihood():
    """Goodman's two-class model (three classes of four binary items are barely identified)."""
    X = stouffer_toby()
    rng = np.random.default_rng(7)
    reference = max(plain_lca(X, (2, 2, 2, 2), 2, rng) for _ in range(10))
    best = nc.fit_best(X, "categorical", 2, n_init=10, rng=3, max_iter=2000, tol=1e-10, convergence="absolute")
    assert best.run.model.log_likelihood(X) == pytest.approx(reference, abs=1e-5)
    patterns = np.array(list(STOUFFER_TOBY))
    counts = np.array(list(STOUFFER_TOBY.values()))
    fitted = 216 * np.exp(best.run.model.score_samples(patterns))
    g2 = 2 * np.sum(counts * np.log(counts / fitted))
    assert g2 == pytest.approx(2.72, abs=0.01)  # Goodman (1974): G^2 = 2.72 on 6 degrees of freedom


def test_latent_class_analysis_of_a_survey_reaches_the_best_likelihood():
    X, _ = survey(400, seed=9)
    rng = np.random.default_rng(11)
    reference = max(plain_lca(X, (3, 2, 4, 3, 5), 3, rng) for _ in range(10))
    best = nc.fit_best(X, "categorical", 3, n_init=10, rng=5, max_iter=2000, tol=1e-10, convergence="absolute")
    assert best.run.model.log_likelihood(X) >= reference - 1e-4
