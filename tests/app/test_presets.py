"""Presets: every default run converges within 100 iterations; the lecture presets carry the lectures' numbers.

The expected numbers are worked out here by hand or with plain numpy (an EM written in this file),
never read from the app.
"""

import itertools

import numpy as np
import pytest

from nbviz.app.presentation.presets import PRESETS, load_preset
from nbviz.app.run.session import Session

LECTURES = (
    "lecture-two-documents",
    "lecture-five-points",
    "lecture-fruit",
    "lecture-eight-points",
    "lecture-dog-cat",
    "lecture-kmeans",
    "lecture-twos",
    "lecture-three-sources",
    "lecture-sampling",
    "lecture-sampling-1d",
)


def loaded(name: str) -> Session:
    session = Session()
    problem, config, start = load_preset(name)
    assert session.load(problem, config, start)
    return session


def test_every_lecture_preset_is_there_with_a_note():
    for name in LECTURES:
        assert name in PRESETS
    for preset in PRESETS.values():
        assert preset.note and preset.description
        assert len(preset.note) < 300, f"{preset.name}: a note is a few sentences, not a page"


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_default_run_converges_within_100_iterations(qtbot, name):
    session = loaded(name)
    run = session.background.continuation()  # the run the window's "Run to convergence" steps
    config = session.config
    done = run.run(max_iter=min(config.max_iter, 100), tol=session.tolerance, convergence=config.convergence)
    if config.fixed_iterations:  # a note's loop of a fixed number of iterations: it ends there
        assert done == config.max_iter <= 100
    else:
        assert run.converged, f"{name}: not converged after {done} iterations (tolerance {session.tolerance})"
        assert done <= 100


@pytest.mark.parametrize("name", [name for name in PRESETS if PRESETS[name].selected is not None])
def test_a_preset_selects_a_row_of_its_data(name):
    problem, _, _ = load_preset(name)
    assert 0 <= PRESETS[name].selected < problem.n_samples


# ----------------------------------------------------------------- lecture-two-documents
def test_two_documents_one_e_and_one_m_step_by_hand(qtbot):
    session = loaded("lecture-two-documents")
    np.testing.assert_array_equal(session.problem.X, [[1, 1], [0, 1]])
    # E-step by hand. Document (1, 1): 0.7*0.5*0.4 = 0.14 and 0.3*0.2*0.7 = 0.042;
    # document (0, 1): 0.7*0.5*0.4 = 0.14 and 0.3*0.8*0.7 = 0.168.
    r1 = np.array([0.14, 0.042]) / 0.182
    r2 = np.array([0.14, 0.168]) / 0.308
    assert session.e_step()
    np.testing.assert_allclose(session.resp, [r1, r2], rtol=1e-12)
    assert session.m_step()
    model = session.snapshot.model
    weight_2 = (r1[1] + r2[1]) / 2
    p_x1_given_1 = r1[0] / (r1[0] + r2[0])  # only document 1 has x1 = 1
    assert round(weight_2, 3) == 0.388 and round(p_x1_given_1, 3) == 0.629  # the lecture's numbers
    np.testing.assert_allclose(model.weights, [1 - weight_2, weight_2], rtol=1e-12)
    np.testing.assert_allclose(model.probs[:, 0], [p_x1_given_1, r1[1] / (r1[1] + r2[1])], rtol=1e-12)
    np.testing.assert_allclose(model.probs[:, 1], [1.0, 1.0])  # both documents have x2 = 1


# ----------------------------------------------------------------- lecture-five-points
def test_five_points_start_from_the_k_means_clusters(qtbot):
    session = loaded("lecture-five-points")
    np.testing.assert_array_equal(session.problem.X[:, 0], [1, 2, 4, 5, 6])
    start = session.start_model
    assert start.family == "gaussian" and session.config.n_components == 2
    np.testing.assert_allclose(start.weights, [2 / 5, 3 / 5])
    np.testing.assert_allclose(start.means[:, 0], [1.5, 5.0])
    # maximum-likelihood variances of {1, 2} and {4, 5, 6}
    np.testing.assert_allclose(start.covariances[:, 0, 0], [0.25, 2 / 3])


# ----------------------------------------------------------------- lecture-fruit
def test_fruit_counts_are_the_lectures():
    problem, config, _ = load_preset("lecture-fruit")
    assert problem.classes == ("banana", "orange", "other") and problem.columns == ("long", "sweet", "yellow")
    assert problem.n_samples == 1000 and config.supervised
    assert np.bincount(problem.labels).tolist() == [500, 300, 200]
    counts = [problem.X[problem.labels == k].sum(axis=0).tolist() for k in range(3)]
    assert counts == [[400, 350, 450], [0, 150, 300], [100, 150, 50]]
    assert config.prior.alpha == 1 and config.prior.beta == 1


def test_fruit_posterior_of_a_long_sweet_yellow_fruit_by_hand(qtbot):
    session = loaded("lecture-fruit")
    selected = PRESETS["lecture-fruit"].selected
    np.testing.assert_array_equal(session.problem.X[selected], [1, 1, 1])
    # Laplace smoothing: P(class) = (N_k + 1) / (N + 3), P(feature | class) = (count + 1) / (N_k + 2)
    prior = np.array([501, 301, 201]) / 1003
    likelihood = (
        np.array([401 / 502, 1 / 302, 101 / 202])  # long
        * np.array([351 / 502, 151 / 302, 151 / 202])  # sweet
        * np.array([451 / 502, 301 / 302, 51 / 202])  # yellow
    )
    posterior = prior * likelihood / np.sum(prior * likelihood)
    assert round(posterior[0], 3) == 0.928
    # E (the labels), M (the fit), then the E-step that uses the fit
    assert session.e_step() and session.m_step() and session.e_step()
    model = session.snapshot.model
    np.testing.assert_allclose(model.weights, prior, rtol=1e-12)
    breakdown = session.inspection.breakdown(selected)
    shown = np.exp(breakdown.log_products - breakdown.log_normaliser)  # pi_k p(x | k) / p(x), as in the inspector
    np.testing.assert_allclose(shown, posterior, rtol=1e-10)
    np.testing.assert_allclose(model.responsibilities(np.ones((1, 3)))[0], posterior, rtol=1e-10)


# ----------------------------------------------------------------- lecture-eight-points
def numpy_bernoulli_em(X, weights, probs, alpha, beta, tol):
    """Plain MAP-EM for a Bernoulli mixture: pi = (N_k + alpha) / (N + K alpha), p = (N_km + beta) / (N_k + 2 beta).

    Stops when log-likelihood + log-prior gains less than `tol` in an iteration.
    """

    def objective(weights, probs):
        joint = weights * np.prod(np.where(X[:, None, :] == 1, probs, 1 - probs), axis=2)
        prior = alpha * np.log(weights).sum() + beta * np.sum(np.log(probs) + np.log(1 - probs))
        return np.log(joint.sum(axis=1)).sum() + prior, joint

    value, joint = objective(weights, probs)
    for _ in range(1000):
        resp = joint / joint.sum(axis=1, keepdims=True)
        nk = resp.sum(axis=0)
        weights = (nk + alpha) / (X.shape[0] + len(nk) * alpha)
        probs = (resp.T @ X + beta) / (nk[:, None] + 2 * beta)
        new_value, joint = objective(weights, probs)
        if new_value - value < tol:
            return weights, probs
        value = new_value
    raise AssertionError("the numpy EM did not converge")


def test_eight_points_responsibility_of_0_0_1_after_the_fit(qtbot):
    session = loaded("lecture-eight-points")
    X = np.array([[1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 0, 1], [0, 1, 1], [0, 0, 0], [0, 0, 0], [0, 0, 1]], float)
    np.testing.assert_array_equal(session.problem.X, X)
    start = np.array([[0.98361599, 0.24034226, 0.27483172], [0.65366543, 0.37040353, 0.36428356]])
    np.testing.assert_array_equal(session.start_model.probs, start)
    np.testing.assert_array_equal(session.start_model.weights, [0.5, 0.5])
    assert session.config.prior.alpha == 0.01 and session.config.prior.beta == 0.01
    weights, probs = numpy_bernoulli_em(X, np.array([0.5, 0.5]), start, 0.01, 0.01, session.tolerance)
    joint = weights * np.prod(np.where(np.array([0, 0, 1]) == 1, probs, 1 - probs), axis=1)
    expected = joint / joint.sum()

    run = session.background.continuation()
    run.run(max_iter=100, tol=session.tolerance)
    assert session.background.adopt_continuation(run)
    np.testing.assert_allclose(session.snapshot.model.probs, probs, atol=1e-6)
    # the point (0, 0, 1): row 7, which the preset selects
    assert PRESETS["lecture-eight-points"].selected == 7
    assert session.e_step()  # its responsibilities under the fitted model
    np.testing.assert_allclose(session.resp[7], expected, atol=1e-6)
    assert round(expected[1], 2) == 0.67  # mostly the component of the (nearly) empty rows


# ----------------------------------------------------------------- lecture-three-sources
def test_three_sources_fit_recovers_the_sources_with_the_truth_overlaid(qtbot):
    sources = np.array([[0.7, 0.1, 0.8, 0.2, 0.2, 0.5], [0.2, 0.9, 0.3, 0.2, 0.6, 0.2], [0.3, 0.6, 0.1, 0.9, 0.5, 0.2]])
    session = loaded("lecture-three-sources")
    truth = session.problem.truth
    assert truth is not None and truth.family == "bernoulli"
    np.testing.assert_allclose(truth.probs, sources)
    run = session.background.continuation()
    run.run(max_iter=100, tol=session.tolerance)
    fitted = run.model.probs
    error = min(np.abs(fitted[list(order)] - sources).max() for order in itertools.permutations(range(3)))
    assert error < 0.1


# ----------------------------------------------------------------- lecture-sampling
def test_sampling_presets_draw_from_the_lectures_mixtures():
    problem, config, _ = load_preset("lecture-sampling")
    truth = problem.truth
    np.testing.assert_allclose(truth.weights, [0.9, 0.1])
    np.testing.assert_allclose(truth.means, [[5, 0], [-5, 0]])  # the note's means
    np.testing.assert_allclose(truth.covariances, [[[4.25, 3.75], [3.75, 4.25]], [[2, 0], [0, 2]]])
    # the note's n = 1000, about 90 % of them from the first component
    assert problem.n_samples == 1000
    assert abs(np.mean(problem.truth_z == 0) - 0.9) < 0.05 and config.n_components == 2
    problem, config, _ = load_preset("lecture-sampling-1d")
    truth = problem.truth
    assert problem.n_features == 1 and config.n_components == 3
    np.testing.assert_allclose(truth.weights, [0.2, 0.5, 0.3])
    np.testing.assert_allclose(truth.means[:, 0], [-2, 0, 3])
    np.testing.assert_allclose(np.sqrt(truth.covariances[:, 0, 0]), [1.2, 1, 2.5])


def test_every_preset_builds_the_same_problem_twice():
    for name in LECTURES:
        first, second = load_preset(name)[0], load_preset(name)[0]
        np.testing.assert_array_equal(first.X, second.X)
