"""The session: what the window shows, as plain state with Qt signals (no widgets)."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.runner import Runner
from nbviz.app.run.session import Session

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [5, 5]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def session(synthesised_session):
    return synthesised_session(TRUTH, 200, 1, n_components=2, seed=3)


def test_load_starts_a_run_and_announces_it(qtbot):
    session = Session()
    with qtbot.waitSignals([session.problem_changed, session.run_reset, session.cursor_changed]):
        session.load(Problem.synthesised(TRUTH, 50, seed=0), ModelConfig(n_components=2))
    assert session.snapshot.phase == "init" and session.cursor == 0
    assert session.resp.shape == (50, 2)


def test_stepping_moves_the_cursor_to_the_newest_half_step(session, qtbot):
    with qtbot.waitSignal(session.cursor_changed) as blocker:
        session.e_step()
    assert blocker.args == [1] and session.snapshot.phase == "E"
    session.m_step()
    session.step()
    assert [s.phase for s in session.history] == ["init", "E", "M", "E", "M"]
    assert session.cursor == 4


def test_scrubbing_only_moves_the_cursor_and_restores_earlier_state(session):
    for _ in range(3):
        session.step()
    resp_at_2 = session.em.responsibilities_at(2).copy()
    session.set_cursor(2)
    assert len(session.history) == 7
    np.testing.assert_array_equal(session.resp, resp_at_2)
    assert session.snapshot is session.history[2]
    session.set_cursor(99)
    assert session.cursor == 6
    session.set_cursor(-5)
    assert session.cursor == 0


def test_stepping_from_an_earlier_half_step_continues_from_there(session):
    for _ in range(3):
        session.step()
    kept = session.history[2]
    session.set_cursor(2)
    session.e_step()
    assert len(session.history) == 4 and session.history[2] is kept and session.cursor == 3


def test_responsibilities_follow_a_new_half_step_at_an_old_index(session):
    for _ in range(2):
        session.step()
    old = session.resp.copy()  # read at index 4
    session.set_cursor(2)  # scrub back without reading anything
    session.em.hard = True  # so that the new half-steps use a different q
    session.e_step()
    session.m_step()
    assert session.cursor == 4
    np.testing.assert_array_equal(session.resp, session.em.responsibilities_at(4))
    assert not np.array_equal(session.resp, old)


def test_m_step_before_an_e_step_is_refused_with_a_message(session, qtbot):
    with qtbot.waitSignal(session.error_raised) as blocker:
        assert not session.m_step()
    assert "E-step first" in blocker.args[0]
    assert len(session.history) == 1


def test_a_model_that_does_not_fit_the_data_is_refused_and_nothing_is_lost(session, qtbot):
    session.step()
    before = (session.problem, session.config, session.em, len(session.history))
    with qtbot.waitSignal(session.error_raised) as blocker:
        assert not session.configure(session.config.with_(family="bernoulli"))
    assert "binary" in blocker.args[0]
    assert (session.problem, session.config, session.em, len(session.history)) == before
    with qtbot.waitSignal(session.error_raised):
        assert not session.load(Problem.synthesised(TRUTH, 3, seed=0), ModelConfig(n_components=5))
    assert session.problem is before[0]


def test_configure_reinitialise_and_reset_restart_the_history(session):
    session.step()
    assert session.configure(session.config.with_(n_components=3))
    assert len(session.history) == 1 and session.em.model.n_components == 3
    first = session.em.model
    assert session.reinitialise(seed=42)
    assert session.config.seed == 42 and session.em.model is not first
    session.step()
    session.step()
    session.reset()
    assert len(session.history) == 1 and session.cursor == 0


def test_set_start_runs_from_the_given_model(session):
    start = nc.GaussianMixture(weights=[0.5, 0.5], means=[[1, 1], [2, 2]], covariances=np.stack([np.eye(2)] * 2))
    assert session.set_start(start)
    assert session.history[0].model is start


def test_play_takes_half_steps_until_paused(session, qtbot):
    session.player.set_speed(50)
    with qtbot.waitSignal(session.play_state_changed):
        session.player.play()
    qtbot.waitUntil(lambda: len(session.history) >= 5, timeout=5000)
    session.player.pause()
    assert not session.player.playing
    phases = [s.phase for s in session.history]
    assert phases[:5] == ["init", "E", "M", "E", "M"]


def test_play_stops_by_itself_at_convergence(session, qtbot):
    session.player.set_speed(60)
    session.player.play()
    qtbot.waitUntil(lambda: not session.player.playing, timeout=20000)
    assert session.converged


def test_breakdown_reproduces_the_core_e_step(session):
    session.step()
    session.e_step()
    b = session.inspection.breakdown(7)
    model = session.snapshot.model
    np.testing.assert_allclose(b.log_products, model.log_joint(session.problem.X[7:8])[0], rtol=1e-14)
    np.testing.assert_allclose(np.exp(b.log_products - b.log_normaliser), b.resp, rtol=1e-12)
    np.testing.assert_allclose(b.resp, model.responsibilities(session.problem.X)[7], rtol=1e-12)


def test_a_collapsing_covariance_is_reported_and_the_history_kept(qtbot):
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [10.0, 0.0], [11.0, 2.0], [12.0, 1.0]])
    start = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[1, 1], [11, 1]], covariances=np.stack([np.eye(2) * 0.01] * 2)
    )
    session = Session()
    session.load(Problem(name="line", X=X, columns=("a", "b")), ModelConfig(n_components=2), start)
    with qtbot.waitSignal(session.error_raised) as blocker:
        session.step()
    assert "covariance prior" in blocker.args[0]
    assert [s.phase for s in session.history] == ["init", "E"]


def test_naive_bayes_uses_every_label_and_converges_in_one_m_step(qtbot):
    rng = np.random.default_rng(0)
    X = (rng.random((60, 5)) < 0.5).astype(float)
    y = rng.integers(0, 3, size=60)
    session = Session()
    config = ModelConfig(family="bernoulli", label_fraction=1.0, prior=nc.Prior(beta=1.0))
    assert session.load(Problem(name="nb", X=X, columns=tuple("abcde"), labels=y), config)
    assert session.em.model.n_components == 3
    session.step()
    expected = nc.fit_naive_bayes(X, y, "bernoulli", prior=nc.Prior(beta=1.0))
    np.testing.assert_allclose(session.snapshot.model.probs, expected.probs, rtol=1e-14)
    session.step()
    assert session.converged


def test_runner_runs_in_the_background_and_can_be_cancelled(qtbot):
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(c, 1.0, size=(20_000, 2)) for c in ([0, 0], [3, 0], [0, 3])])
    session = Session()
    session.load(Problem(name="big", X=X, columns=("a", "b")), ModelConfig(n_components=3))
    session.tolerance = 0.0  # never converges by tolerance: only cancel or max_iter stop it
    runner = Runner(session)
    runner.max_iter = 10_000
    with qtbot.waitSignal(session.busy_changed):
        assert runner.start()
    assert session.busy and not runner.start()
    done = []
    runner.progressed.connect(lambda iterations, _: done.append(iterations))
    qtbot.waitUntil(lambda: bool(done) and done[-1] > 2, timeout=10000)
    # the worker steps its own copy: the session's run and history are as they were until it ends
    assert len(session.history) == 1 and session.cursor == 0
    with qtbot.waitSignal(runner.finished, timeout=10000) as blocker:
        runner.cancel()
    iterations, converged = blocker.args
    assert not converged and 0 < iterations < 10_000
    assert len(session.history) == 1 + 2 * iterations
    assert not session.busy and session.cursor == len(session.history) - 1


def test_runner_converges(session, qtbot):
    runner = Runner(session)
    with qtbot.waitSignal(runner.finished, timeout=10000) as blocker:
        runner.start()
    assert blocker.args[1] is True and session.converged


def test_matched_truth_follows_the_cursor_and_hands_out_its_own_copy(session):
    for _ in range(3):
        session.step()
    for index in range(len(session.history)):
        session.set_cursor(index)
        truth, perm = session.matched_truth()
        fitted = session.snapshot.model.means
        # the true means are far apart: each is matched to the fitted mean nearest to it
        nearest = [int(np.argmin(np.linalg.norm(fitted - mean, axis=1))) for mean in TRUTH.means]
        assert truth is session.problem.truth and list(perm) == nearest
        perm[:] = -7  # a caller's scribbles do not reach the next caller
        assert list(session.matched_truth()[1]) == nearest
