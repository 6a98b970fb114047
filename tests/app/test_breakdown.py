"""The worked numbers of the E-step and M-step, checked against hand arithmetic and numpy/scipy."""

import math

import numpy as np
import pytest
from scipy.stats import multivariate_normal, norm

import nbviz.core as nc
from nbviz.app.analysis.breakdown import (
    MAX_FACTORS,
    TOP_TERMS,
    e_step_numbers,
    factor_rows,
    log_sum,
    parameter_choices,
    posterior_curves,
    worked_parameter,
)
from nbviz.app.analysis.probe import Probe, make_probe, probe_model
from nbviz.app.data.problem import Problem
from nbviz.app.families.steps import ParameterKey
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session

TWO_DOCUMENTS = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])


def test_e_step_of_the_two_documents_by_hand():
    numbers = e_step_numbers(TWO_DOCUMENTS, [1, 1])
    np.testing.assert_allclose(np.exp(numbers.log_densities), [0.5 * 0.4, 0.2 * 0.7])
    np.testing.assert_allclose(np.exp(numbers.log_products), [0.7 * 0.2, 0.3 * 0.14])
    assert math.exp(numbers.log_normaliser) == pytest.approx(0.14 + 0.042)
    np.testing.assert_allclose(numbers.resp, [0.14 / 0.182, 0.042 / 0.182])


def test_bernoulli_factors_feature_by_feature():
    rows = factor_rows(TWO_DOCUMENTS, [0, 1])
    assert rows.features.tolist() == [0, 1] and rows.labels == ["1 − p", "p"]
    np.testing.assert_allclose(np.exp(rows.log_factors), [[0.5, 0.8], [0.4, 0.7]])
    assert rows.n_rest == 0 and rows.n_silent == 0 and rows.log_constant == 0


def test_many_features_list_the_decisive_ones_and_summarise_the_rest():
    rng = np.random.default_rng(0)
    probs = rng.uniform(0.3, 0.7, size=(2, 30))
    probs[:, 7] = (0.01, 0.99)  # the most decisive feature
    model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=probs)
    x = (rng.random(30) < 0.5).astype(float)
    rows = factor_rows(model, x)
    assert len(rows.features) == MAX_FACTORS and rows.n_rest == 30 - MAX_FACTORS
    assert rows.features[0] == 7
    by_hand = np.where(x[:, None] == 1, np.log(probs.T), np.log(1 - probs.T))
    spread = by_hand.max(axis=1) - by_hand.min(axis=1)
    assert set(rows.features.tolist()) == set(np.argsort(-spread)[:MAX_FACTORS].tolist())
    total = rows.log_factors.sum(axis=0) + rows.rest_log
    np.testing.assert_allclose(total, model.component_log_density(x[None])[0], rtol=1e-12)


def test_multinomial_factors_with_the_coefficient_and_silent_words():
    model = nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.5, 0.3, 0.2], [0.1, 0.1, 0.8]])
    x = np.array([2.0, 0.0, 1.0])
    rows = factor_rows(model, x)
    assert rows.features.tolist() == [0, 2] and rows.labels == ["θ^2", "θ"] and rows.n_silent == 1
    np.testing.assert_allclose(np.exp(rows.log_factors), [[0.25, 0.01], [0.2, 0.8]])
    assert rows.log_constant == pytest.approx(math.log(3))  # 3! / (2! 0! 1!)
    total = rows.log_constant + rows.log_factors.sum(axis=0)
    np.testing.assert_allclose(total, model.component_log_density(x[None])[0], rtol=1e-12)


def test_gaussian_density_does_not_factor():
    model = nc.GaussianMixture(weights=[1.0], means=[[0.0]], covariances=[[[1.0]]])
    assert factor_rows(model, [0.5]) is None


def one_step(X, model, prior=None):
    run = nc.EM(X, model, prior=prior)
    run.e_step()
    resp = run.resp.copy()
    return run.m_step(), resp


def test_m_step_of_the_five_points_by_hand():
    X = np.array([[1.0], [2.0], [4.0], [5.0], [6.0]])
    start = nc.GaussianMixture(weights=[0.4, 0.6], means=[[1.5], [5.0]], covariances=[[[0.25]], [[2 / 3]]])
    model, resp = one_step(X, start)
    r = resp[:, 1]
    mean = worked_parameter(ParameterKey("mean", 1, (0,)), model, X, resp, nc.Prior(), ["x"])
    assert mean.rows.tolist() == [0, 1, 2, 3, 4] and mean.n_rest == 0
    np.testing.assert_allclose(mean.contributions, r * X[:, 0])
    assert mean.value == pytest.approx(np.sum(r * X[:, 0]) / np.sum(r))
    assert mean.stored == pytest.approx(mean.value, rel=1e-12)
    var = worked_parameter(ParameterKey("covariance", 1, (0, 0)), model, X, resp, nc.Prior(), ["x"])
    mu = np.sum(r * X[:, 0]) / np.sum(r)
    assert var.value == pytest.approx(np.sum(r * (X[:, 0] - mu) ** 2) / np.sum(r))
    assert var.stored == pytest.approx(var.value, rel=1e-9)
    weight = worked_parameter(ParameterKey("weight", 0), model, X, resp, nc.Prior(), ["x"])
    assert weight.value == pytest.approx(resp[:, 0].sum() / 5) == weight.stored


def test_pseudo_counts_enter_the_m_step():
    X = np.array([[1, 1, 1], [1, 1, 1], [1, 0, 1], [0, 1, 1], [0, 0, 0], [0, 0, 1]], dtype=float)
    start = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.9, 0.3, 0.3], [0.6, 0.4, 0.4]])
    prior = nc.Prior(alpha=1.0, beta=0.01)
    model, resp = one_step(X, start, prior)
    p = worked_parameter(ParameterKey("prob", 0, (1,)), model, X, resp, prior, ["a", "b", "c"])
    expected = (np.sum(resp[:, 0] * X[:, 1]) + 0.01) / (resp[:, 0].sum() + 0.02)
    assert p.value == pytest.approx(expected) and p.stored == pytest.approx(expected)
    assert p.ratio.numerator_pseudo == 0.01 and "β = 0.01" in p.ratio.pseudo_text
    weight = worked_parameter(ParameterKey("weight", 1), model, X, resp, prior, ["a", "b", "c"])
    assert weight.value == pytest.approx((resp[:, 1].sum() + 1) / (6 + 2)) == pytest.approx(weight.stored)


def test_multinomial_word_probability_with_a_prior():
    X = np.array([[3, 0, 1], [0, 2, 2], [1, 1, 0]], dtype=float)
    start = nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.6, 0.2, 0.2], [0.2, 0.4, 0.4]])
    prior = nc.Prior(beta=0.5)
    model, resp = one_step(X, start, prior)
    theta = worked_parameter(ParameterKey("prob", 1, (2,)), model, X, resp, prior, ["a", "b", "c"])
    r = resp[:, 1]
    expected = (np.sum(r * X[:, 2]) + 0.5) / (np.sum(r * X.sum(axis=1)) + 3 * 0.5)
    assert theta.value == pytest.approx(expected) and theta.stored == pytest.approx(expected)


def test_large_n_lists_the_largest_terms_and_sums_the_rest():
    rng = np.random.default_rng(3)
    X = np.concatenate([rng.normal(-3, 1, 200), rng.normal(3, 1, 200)])[:, None]
    start = nc.GaussianMixture(weights=[0.5, 0.5], means=[[-1.0], [1.0]], covariances=[[[4.0]], [[4.0]]])
    model, resp = one_step(X, start)
    mean = worked_parameter(ParameterKey("mean", 0, (0,)), model, X, resp, nc.Prior(), ["x"])
    terms = resp[:, 0] * X[:, 0]
    assert len(mean.rows) == TOP_TERMS and mean.n_rest == 400 - TOP_TERMS
    assert set(mean.rows.tolist()) == set(np.argsort(-np.abs(terms))[:TOP_TERMS].tolist())
    assert mean.contributions.sum() + mean.rest_sum == pytest.approx(terms.sum())


def test_parameter_choices_follow_the_covariance_type():
    full = nc.GaussianMixture(weights=[0.5, 0.5], means=np.zeros((2, 2)), covariances=np.stack([np.eye(2)] * 2))
    keys = [key for key, _ in parameter_choices(full, ["a", "b"])]
    assert keys[:2] == [ParameterKey("weight", 0), ParameterKey("weight", 1)]
    assert ParameterKey("covariance", 0, (0, 1)) in keys and len(keys) == 2 + 4 + 6
    fixed = [key for key, _ in parameter_choices(full, ["a", "b"], fixed_covariances=True)]
    assert not any(key.kind == "covariance" for key in fixed)
    assert len(parameter_choices(TWO_DOCUMENTS, ["x1", "x2"])) == 2 + 4


SEVEN = np.array([[0.0, 1.0], [1.0, 0.5], [0.5, 2.0], [4.0, 3.0], [5.0, 4.5], [4.5, 3.5], [2.5, 2.0]])
TIED_START = nc.GaussianMixture(
    weights=[0.5, 0.5], means=[[0.5, 1.0], [4.5, 3.5]], covariances=[[1.0, 0.3], [0.3, 1.0]], covariance_type="tied"
)


def tied_by_hand(X, resp, lam):
    """The pooled scatter of every component about its own weighted mean, λ on the diagonal, over N."""
    scatter = np.zeros((X.shape[1], X.shape[1]))
    for k in range(resp.shape[1]):
        r = resp[:, k]
        centred = X - (r @ X) / r.sum()
        scatter += (centred * r[:, None]).T @ centred
    return (scatter + lam * np.eye(X.shape[1])) / len(X)


@pytest.mark.parametrize("lam", [0.0, 0.5])
def test_tied_covariance_entries_are_worked_out(lam):
    prior = nc.Prior(covariance_prior=lam)
    model, resp = one_step(SEVEN, TIED_START, prior)
    expected = tied_by_hand(SEVEN, resp, lam)
    for i, j in [(0, 0), (1, 1), (0, 1)]:
        worked = worked_parameter(ParameterKey("covariance", None, (i, j)), model, SEVEN, resp, prior, ["a", "b"])
        assert worked.value == pytest.approx(model.covariances[i, j], abs=1e-12)
        assert worked.value == pytest.approx(expected[i, j], abs=1e-12)
        assert worked.stored == model.covariances[i, j] and not worked.kept
        assert worked.rows.tolist() == list(range(7)) and worked.n_rest == 0
        terms = sum(
            resp[:, k]
            * (SEVEN[:, i] - resp[:, k] @ SEVEN[:, i] / resp[:, k].sum())
            * (SEVEN[:, j] - resp[:, k] @ SEVEN[:, j] / resp[:, k].sum())
            for k in range(2)
        )
        np.testing.assert_allclose(worked.contributions, terms, atol=1e-12)
        assert worked.ratio.denominator == pytest.approx(7.0)
        on_diagonal = i == j
        assert worked.ratio.numerator_pseudo == (lam if on_diagonal else 0.0)
        assert ("λ = 0.5" in worked.ratio.pseudo_text) == (on_diagonal and lam > 0)
        assert worked.ratio.symbol == ("σ²" if on_diagonal else "Σ")


def test_tied_covariance_with_many_rows_lists_the_largest_terms():
    rng = np.random.default_rng(5)
    X = np.concatenate([rng.normal(-3, 1, (150, 2)), rng.normal(3, 1, (150, 2))])
    start = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[-1.0, -1.0], [1.0, 1.0]], covariances=4 * np.eye(2), covariance_type="tied"
    )
    prior = nc.Prior(covariance_prior=0.1)
    model, resp = one_step(X, start, prior)
    worked = worked_parameter(ParameterKey("covariance", None, (0, 1)), model, X, resp, prior, ["a", "b"])
    assert len(worked.rows) == TOP_TERMS and worked.n_rest == 300 - TOP_TERMS
    assert worked.value == pytest.approx(model.covariances[0, 1], abs=1e-12)
    assert worked.value == pytest.approx(tied_by_hand(X, resp, 0.1)[0, 1], abs=1e-12)
    terms = worked.ratio.values
    assert set(worked.rows.tolist()) == set(np.argsort(-np.abs(terms))[:TOP_TERMS].tolist())
    assert worked.contributions.sum() + worked.rest_sum == pytest.approx(worked.numerator_sum)


def test_tied_parameter_choices_list_the_shared_entries_once():
    keys = [key for key, _ in parameter_choices(TIED_START, ["a", "b"])]
    tied = [key for key in keys if key.kind == "covariance"]
    assert tied == [
        ParameterKey("covariance", None, (0, 0)),
        ParameterKey("covariance", None, (1, 1)),
        ParameterKey("covariance", None, (0, 1)),
    ]
    assert len(keys) == 2 + 4 + 3
    fixed = [key for key, _ in parameter_choices(TIED_START, ["a", "b"], fixed_covariances=True)]
    assert not any(key.kind == "covariance" for key in fixed)


def test_posterior_curves_are_the_normalised_weighted_densities():
    model = nc.GaussianMixture(weights=[0.3, 0.7], means=[[0.0], [2.0]], covariances=[[[1.0]], [[0.5]]])
    x = np.linspace(-3, 5, 50)
    weighted = np.array([0.3 * norm.pdf(x, 0, 1), 0.7 * norm.pdf(x, 2, math.sqrt(0.5))])
    np.testing.assert_allclose(posterior_curves(model, x), weighted / weighted.sum(axis=0), rtol=1e-10)


class Pair:
    """A feature-pair plane (as the scatter view's projection)."""

    def __init__(self, D, i, j):
        self.title, self.labels = f"{i} vs {j}", (str(i), str(j))
        self.matrix = np.zeros((D, 2))
        self.matrix[i, 0] = self.matrix[j, 1] = 1.0
        self.offset = np.zeros(D)


def test_a_probe_in_a_plane_uses_the_marginal_mixture():
    rng = np.random.default_rng(1)
    A = rng.normal(size=(2, 3, 3))
    covariances = A @ A.transpose(0, 2, 1) + np.eye(3)
    model = nc.GaussianMixture(weights=[0.4, 0.6], means=rng.normal(size=(2, 3)), covariances=covariances)
    plane = Pair(3, 0, 2)
    probe = make_probe([0.3, -0.5], 3, plane)
    marginal = probe_model(model, probe)
    numbers = e_step_numbers(marginal, probe.x)
    index = np.ix_([0, 2], [0, 2])
    weighted = [
        model.weights[k] * multivariate_normal(model.means[k, [0, 2]], covariances[k][index]).pdf([0.3, -0.5])
        for k in range(2)
    ]
    np.testing.assert_allclose(numbers.resp, np.array(weighted) / sum(weighted), rtol=1e-10)
    assert "in the view 0 vs 2" in probe.describe(["a", "b", "c"])
    with pytest.raises(ValueError, match="needs 2 value"):
        make_probe([1.0], 3, plane)
    with pytest.raises(ValueError, match="drawn as points"):
        probe_model(TWO_DOCUMENTS, Probe(np.zeros(2), plane))


def test_session_probe_is_not_a_selection(qtbot):
    session = Session()
    X = np.array([[1.0], [2.0], [4.0], [5.0], [6.0]])
    assert session.load(Problem("five", X, ("x",)), ModelConfig(n_components=2))
    session.select(2)
    with qtbot.waitSignals([session.probe_changed, session.selection_changed]):
        assert session.inspection.probe([3.0])
    assert session.selected == -1 and session.inspection.probed.x.tolist() == [3.0]
    model = session.snapshot.model
    np.testing.assert_allclose(
        e_step_numbers(session.inspection.probe_model(), [3.0]).resp, model.responsibilities([[3.0]])[0]
    )
    refused = session.inspection.probe([1.0, 2.0])
    assert not refused and "needs 1 value" in refused.reason and session.inspection.probed.x.tolist() == [3.0]
    session.select(1)
    assert session.inspection.probed is None and session.selected == 1
    session.inspection.probe([3.0])
    with qtbot.waitSignal(session.probe_changed):
        session.load(Problem("again", X + 1, ("x",)), ModelConfig(n_components=2))
    assert session.inspection.probed is None


def test_e_step_with_a_component_of_weight_zero_keeps_its_density():
    """pi_2 = 0: p(x | 2) is still the component's density (by scipy), its product exactly 0, nothing NaN."""
    model = nc.GaussianMixture(weights=[1.0, 0.0], means=[[0.0], [3.0]], covariances=[[[1.0]], [[4.0]]])
    numbers = e_step_numbers(model, [1.0])
    np.testing.assert_allclose(numbers.log_densities, [norm.logpdf(1.0, 0, 1), norm.logpdf(1.0, 3, 2)], rtol=1e-12)
    assert numbers.log_products[1] == -math.inf and numbers.log_products[0] == pytest.approx(norm.logpdf(1.0))
    assert numbers.resp.tolist() == [1.0, 0.0] and numbers.log_normaliser == pytest.approx(norm.logpdf(1.0))


def test_e_step_of_a_point_impossible_under_one_component():
    """A word-probability of exactly 0 makes x impossible under component 1: log p(x | 1) = -inf, no NaN."""
    model = nc.BernoulliMixture(weights=[0.0, 1.0], probs=[[0.0, 0.5], [0.5, 0.5]])
    numbers = e_step_numbers(model, [1, 1])
    assert numbers.log_densities[0] == -math.inf and numbers.log_densities[1] == pytest.approx(math.log(0.25))
    assert numbers.log_products.tolist() == [-math.inf, pytest.approx(math.log(0.25))]
    assert numbers.resp.tolist() == [0.0, 1.0]


def test_log_sum_is_minus_infinity_when_every_term_is_zero():
    assert log_sum(np.array([-math.inf, -math.inf])) == -math.inf
    assert log_sum(np.array([math.log(0.25), -math.inf, math.log(0.5)])) == pytest.approx(math.log(0.75))


def test_m_step_of_a_component_without_responsibility_is_undefined_not_an_error():
    """N_k = 0: the ratio is 0 / 0, reported as NaN (the component keeps its values), without a warning."""
    X = np.array([[1.0], [2.0], [4.0]])
    model = nc.GaussianMixture(weights=[1.0, 0.0], means=[[7 / 3], [50.0]], covariances=[[[1.5]], [[1.0]]])
    resp = np.array([[1.0, 0.0]] * 3)
    for key in (ParameterKey("mean", 1, (0,)), ParameterKey("covariance", 1, (0, 0))):
        worked = worked_parameter(key, model, X, resp, nc.Prior(), ["x"], empty=(1,))
        assert math.isnan(worked.value) and worked.kept and worked.ratio.denominator == 0
    weight = worked_parameter(ParameterKey("weight", 1), model, X, resp, nc.Prior(), ["x"], empty=(1,))
    assert weight.value == 0.0 and not weight.kept
