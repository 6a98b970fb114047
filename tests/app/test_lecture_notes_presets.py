"""The presets of lecture notes 001, 002 and 004, and the note's 100 iterations of lecture-eight-points,
against numbers worked by hand or with plain numpy."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.analysis.breakdown import linear_score
from nbviz.app.presentation.presets import PRESETS, load_preset
from nbviz.app.run.fit_here import fit_to_convergence
from nbviz.app.run.session import Session


def loaded(name: str) -> Session:
    session = Session()
    assert session.load(*load_preset(name))
    return session


# ----------------------------------------------------------------- lecture-eight-points: the note's 100 iterations
def numpy_em_100(X, weights, probs, alpha, beta, iterations=100):
    """MAP-EM for a Bernoulli mixture, exactly `iterations` times, as the note's em_bern loops."""
    for _ in range(iterations):
        joint = weights * np.prod(np.where(X[:, None, :] == 1, probs, 1 - probs), axis=2)
        resp = joint / joint.sum(axis=1, keepdims=True)
        nk = resp.sum(axis=0)
        weights = (nk + alpha) / (X.shape[0] + len(nk) * alpha)
        probs = (resp.T @ X + beta) / (nk[:, None] + 2 * beta)
    return weights, probs


def test_eight_points_runs_the_notes_100_iterations_to_its_printed_numbers(qtbot):
    session = loaded("lecture-eight-points")
    assert session.config.fixed_iterations and session.config.max_iter == 100
    start = session.start_model
    weights, probs = numpy_em_100(session.problem.X, start.weights, start.probs, 0.01, 0.01)
    # the note's printed numbers (8 digits)
    np.testing.assert_allclose(
        probs, [[0.74982646, 0.74982646, 0.99800266], [0.00496739, 0.00496739, 0.25487292]], atol=5e-9
    )
    np.testing.assert_allclose(weights, [0.66500949, 0.33499051], atol=5e-9)
    assert fit_to_convergence(session)  # "run to convergence", as --fit and the Run button run it
    assert session.snapshot.iteration == 100 and len(session.history) == 201
    model = session.snapshot.model
    np.testing.assert_allclose(model.probs, probs, rtol=1e-10)
    np.testing.assert_allclose(model.weights, weights, rtol=1e-10)
    stop = session.run_stop
    assert stop is not None and stop.kind == "fixed" and session.run_history.cap_reached == 0


def test_a_gain_test_would_stop_the_eight_points_early():
    """Why the preset needs the fixed rule: the note's tolerance-free loop goes on past a float-noise loss."""
    problem, config, start = load_preset("lecture-eight-points")
    run = nc.EM(problem.X, start, prior=config.prior)
    assert run.run(max_iter=100, tol=1e-6) == 22 and run.converged
    run = nc.EM(problem.X, start, prior=config.prior)
    assert run.run(max_iter=100, tol=1e-6, convergence="fixed") == 100 and not run.converged


def test_the_fixed_rule_survives_a_saved_config():
    config = load_preset("lecture-eight-points")[1]
    assert type(config).from_dict(config.to_dict()) == config
    with pytest.raises(ValueError, match="stopping rule"):
        config.with_(convergence="sometimes")


# ----------------------------------------------------------------- lecture-dog-cat (note 001)
def test_dog_cat_e_step_of_the_notes_document_by_hand(qtbot):
    session = loaded("lecture-dog-cat")
    assert session.problem.columns == ("dog", "cat", "tulip", "rose")
    np.testing.assert_array_equal(session.problem.X[0], [3, 2, 1, 0])  # dog dog cat dog cat tulip
    assert PRESETS["lecture-dog-cat"].selected == 0
    np.testing.assert_array_equal(session.start_model.weights, [0.5, 0.5])
    # by hand: the multinomial coefficient 6! / (3! 2! 1!) = 60 cancels in P(+ | d)
    plus = 60 * 0.5**3 * 0.4**2 * 0.05  # 0.06
    minus = 60 * 0.1**3 * 0.1**2 * 0.5  # 0.0003
    assert session.e_step()
    np.testing.assert_allclose(session.resp[0], [plus / (plus + minus), minus / (plus + minus)], rtol=1e-12)
    assert round(session.resp[0, 0], 4) == 0.9950
    # the note's linear score: log(pi+/pi-) + sum_w n(w) log(theta+_w / theta-_w)
    score = linear_score(session.snapshot.model, session.problem.X[0])
    assert score is not None
    by_hand = [3 * np.log(0.5 / 0.1), 2 * np.log(0.4 / 0.1), 1 * np.log(0.05 / 0.5)]
    assert score.log_prior_ratio == 0.0 and score.features.tolist() == [0, 1, 2]  # rose: n = 0, no term
    np.testing.assert_allclose(score.terms, by_hand, rtol=1e-12)
    np.testing.assert_allclose(score.score, np.log(200.0), rtol=1e-12)  # 0.06 / 0.0003
    np.testing.assert_allclose(score.resp, 200 / 201, rtol=1e-12)


def test_a_linear_score_needs_two_components_of_a_naive_bayes_family():
    three = nc.BernoulliMixture(weights=np.full(3, 1 / 3), probs=np.full((3, 2), 0.5))
    assert linear_score(three, [1.0, 0.0]) is None
    gauss = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0], [1.0]], covariances=np.ones((2, 1, 1)))
    assert linear_score(gauss, [0.5]) is None
    empty = nc.BernoulliMixture(weights=np.array([1.0, 0.0]), probs=np.full((2, 2), 0.5))
    assert linear_score(empty, [1.0, 0.0]) is None  # log(pi_1 / 0) is infinite


# ----------------------------------------------------------------- lecture-kmeans (note 002)
def test_kmeans_half_steps_are_the_notes_assignments_and_means(qtbot):
    session = loaded("lecture-kmeans")
    X = session.problem.X[:, 0]
    np.testing.assert_array_equal(X, [1, 2, 4, 5, 6])
    np.testing.assert_array_equal(session.start_model.means[:, 0], [3.5, 4.8])
    # worked by hand: nearest mean, then the clusters' averages
    expected = [
        ([0, 0, 0, 1, 1], None),  # 4 is 0.5 from 3.5 and 0.8 from 4.8
        (None, [7 / 3, 5.5]),  # {1, 2, 4} and {5, 6}
        ([0, 0, 1, 1, 1], None),  # 4 is 5/3 from 7/3 and 1.5 from 5.5
        (None, [1.5, 5.0]),  # {1, 2} and {4, 5, 6}: where lecture-five-points begins
    ]
    means = session.start_model.means[:, 0]
    for assignment, new_means in expected:
        if assignment is not None:
            assert session.e_step()
            nearest = np.argmin(np.abs(X[:, None] - means[None, :]), axis=1)
            np.testing.assert_array_equal(nearest, assignment)
            np.testing.assert_array_equal(session.resp, np.eye(2)[assignment])  # the app's hard E-step agrees
        else:
            assert session.m_step()
            means = session.snapshot.model.means[:, 0]
            np.testing.assert_allclose(means, new_means, rtol=1e-12)
    five = load_preset("lecture-five-points")[2]
    np.testing.assert_allclose(session.snapshot.model.means, five.means, rtol=1e-12)
    np.testing.assert_allclose(session.snapshot.model.weights, five.weights, rtol=1e-12)
    assert fit_to_convergence(session) and session.converged  # a third round changes nothing


# ----------------------------------------------------------------- lecture-twos (note 004)
def numpy_hard_em(X, weights, probs, alpha, beta, iterations=100):
    """Hard (classification) MAP-EM for a Bernoulli mixture, until the assignment stops changing."""
    assignment = None
    for _ in range(iterations):
        with np.errstate(divide="ignore"):
            log_joint = np.log(weights) + X @ np.log(probs).T + (1 - X) @ np.log1p(-probs).T
        new = np.argmax(log_joint, axis=1)
        if assignment is not None and np.array_equal(new, assignment):
            return weights, probs, assignment
        assignment = new
        resp = np.eye(len(weights))[assignment]
        nk = resp.sum(axis=0)
        weights = (nk + alpha) / (X.shape[0] + len(nk) * alpha)
        probs = (resp.T @ X + beta) / (nk[:, None] + 2 * beta)
    raise AssertionError("hard EM did not settle")


def test_twos_are_the_bundled_2s_and_hard_em_finds_two_ways_to_write_one(qtbot):
    session = loaded("lecture-twos")
    problem, config = session.problem, session.config
    dataset = nc.load_data("resources/datasets/digits.csv", label_column="digit")
    twos = dataset.X[np.asarray(dataset.labels) == dataset.classes.index("2")]
    np.testing.assert_array_equal(problem.X, np.round(twos))
    assert problem.image_shape == (8, 8)
    assert config.hard and config.n_components == 2 and config.prior.alpha == 1 and config.prior.beta == 1
    start = session.start_model
    np.testing.assert_array_equal(start.probs, np.random.default_rng(0).uniform(size=(2, 64)))  # uniform random
    weights, probs, assignment = numpy_hard_em(problem.X, start.weights, start.probs, 1.0, 1.0)
    assert fit_to_convergence(session) and session.converged
    assert session.snapshot.iteration <= 100
    np.testing.assert_allclose(session.snapshot.model.probs, probs, rtol=1e-12)
    np.testing.assert_allclose(session.snapshot.model.weights, weights, rtol=1e-12)
    # two ways to write a 2: both prototypes are used, and they differ in many pixels
    assert np.bincount(assignment, minlength=2).min() > 30
    assert np.sum(np.abs(probs[0] - probs[1]) > 0.5) >= 5


def test_the_new_lecture_presets_are_listed():
    for name in ("lecture-dog-cat", "lecture-kmeans", "lecture-twos"):
        assert name in PRESETS and PRESETS[name].description.startswith("Lecture:")
