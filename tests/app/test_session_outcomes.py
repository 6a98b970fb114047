"""Outcomes are returned, signals announce: what a Session operation answers, and who changes its run."""

import ast
import itertools
from pathlib import Path

import numpy as np
import pytest

import nbviz
import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.outcome import Outcome
from nbviz.app.run.run_making import new_run
from nbviz.app.run.runner import Runner
from nbviz.app.run.session import Session

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [5, 5]], covariances=np.stack([np.eye(2)] * 2))
PACKAGE = Path(nbviz.__file__).parent


@pytest.fixture
def session(qtbot):
    session = Session()
    assert session.load(Problem.synthesised(TRUTH, 200, seed=1), ModelConfig(n_components=2, seed=3))
    return session


def test_a_refused_load_returns_the_reason_without_listening_to_a_signal(session):
    before = (session.problem, session.em, len(session.history))
    outcome = session.load(
        Problem(name="tiny.csv", X=np.array([[0.0, 1.0]]), columns=("a", "b")), ModelConfig(n_components=3)
    )
    assert isinstance(outcome, Outcome) and not outcome and outcome.ok is False
    assert outcome.reason.startswith("Cannot use tiny.csv with") and "use at most 1" in outcome.reason
    assert (session.problem, session.em, len(session.history)) == before
    done = session.load(Problem.synthesised(TRUTH, 20, seed=2))
    assert done and done.ok and done.reason == ""


def test_the_announcement_and_the_outcome_carry_the_same_reason(session, qtbot):
    with qtbot.waitSignal(session.error_raised) as blocker:
        outcome = session.configure(session.config.with_(family="bernoulli"))
    assert not outcome and blocker.args[0] == outcome.reason and "binary" in outcome.reason


def test_a_refused_restore_and_save_return_their_reasons(session, tmp_path):
    path = tmp_path / "saved.nbviz"
    assert session.save(path, write_session)
    saved = read_session(path)
    session.background.set_busy(True)
    outcome = session.restore(saved)
    assert not outcome and outcome.reason.startswith("Wait for the run in progress")
    session.background.set_busy(False)
    assert session.restore(saved)
    empty = Session()
    outcome = empty.save(tmp_path / "nothing.nbviz", write_session)
    assert not outcome and "nothing to save" in outcome.reason


def test_stepping_refusals_carry_reasons(session):
    outcome = session.m_step()
    assert not outcome and "Run an E-step first" in outcome.reason
    assert not Session().next_half_step().ok
    session.background.set_busy(True)
    outcome = session.step()
    assert not outcome and "Wait for the run" in outcome.reason and len(session.history) == 1


def test_an_outcome_refused_without_a_reason_is_a_bug():
    with pytest.raises(ValueError, match="reason"):
        Outcome.refused("")


def reference_converged(session) -> bool:
    """The definition, by a scan of the whole history (what the session must agree with)."""

    def climbed(snapshot):
        if session.config.hard:
            return -np.inf if snapshot.elbo is None else snapshot.elbo
        return snapshot.objective

    values = [climbed(s) for s in session.history[: session.cursor + 1] if s.phase == "M"]
    if not values:
        return False
    previous = climbed(session.history[0]) if len(values) == 1 else values[-2]
    return values[-1] - previous < session.tolerance


@pytest.mark.parametrize("hard", [False, True])
def test_converged_agrees_with_a_scan_of_the_history_while_stepping_and_scrubbing(qtbot, hard):
    session = Session()
    session.load(Problem.synthesised(TRUTH, 120, seed=4), ModelConfig(n_components=2, seed=1, hard=hard))
    session.tolerance = 1e-3
    rng = np.random.default_rng(0)
    actions = [
        session.e_step,
        session.m_step,
        session.step,
        lambda: session.set_cursor(int(rng.integers(0, len(session.history)))),
        session.reset,
    ]
    seen = set()
    for choice in rng.choice(len(actions), size=120, p=[0.3, 0.2, 0.35, 0.13, 0.02]):
        actions[choice]()
        assert session.converged == reference_converged(session)
        seen.add(session.converged)
    assert seen == {False, True}  # both answers were checked


def test_converged_does_not_scan_the_history_on_every_refresh(session):
    for _ in range(30):
        session.step()
    assert session.converged == reference_converged(session)
    marks = session.run_history._last_m
    assert len(marks) == len(session.history)  # cached once per half-step
    session.e_step()
    assert session.converged in (True, False)  # reading it extends the cache by the new half-step
    assert len(marks) == len(session.history) and marks[-1][0] is session.history[-1]


def test_the_runner_hands_a_finished_run_back_and_never_steps_the_sessions_run(session, qtbot):
    session.step()
    session.set_cursor(1)  # run from an earlier half-step: the later ones are dropped by the session
    shown, kept = session.em, list(session.history)
    runner = Runner(session)
    with qtbot.waitSignal(runner.finished, timeout=10000) as blocker:
        assert runner.start()
    iterations, converged = blocker.args
    assert converged and iterations > 0
    assert shown.history == kept  # the run that was shown is as it was: a copy was stepped
    assert session.em is not shown and session.history[:2] == kept[:2]
    assert session.cursor == len(session.history) - 1 and session.converged


def test_a_continuation_from_elsewhere_is_refused(session):
    other = Session()
    other.load(Problem.synthesised(TRUTH, 50, seed=0))
    outcome = session.background.adopt_continuation(other.background.continuation())
    assert not outcome and "does not continue" in outcome.reason


def test_without_data_a_continuation_says_to_load_data(qtbot):
    empty = Session()
    with pytest.raises(ValueError, match="load data"):
        empty.background.continuation()
    # a new run needs no session: it is made on the data given
    problem = Problem.synthesised(TRUTH, 50, seed=0)
    assert np.array_equal(new_run(problem, ModelConfig(n_components=2)).X, problem.X)


def emitted_signals(path: Path) -> set[str]:
    """Names of signals emitted on anything but `self` in a module (``x.y.error_raised.emit(...)``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "emit"
            and isinstance(node.func.value, ast.Attribute)
            and not (isinstance(node.func.value.value, ast.Name) and node.func.value.value.id == "self")
        ):
            found.add(node.func.value.attr)
    return found


SESSION_SIGNALS = {
    "problem_changed",
    "run_reset",
    "history_changed",
    "cursor_changed",
    "play_state_changed",
    "busy_changed",
    "error_raised",
    "notice_raised",
    "selection_changed",
    "probe_changed",
    "convergence_changed",
    "undo_changed",
    "explored_restored",
}
# the session's parts announce what they change on the session's signals (`SessionEvents`)
SESSION_PARTS = {
    "app/run/background.py",
    "app/run/data_editing.py",
    "app/run/hand_labels.py",
    "app/run/inspection.py",
    "app/run/player.py",
    "app/run/undo_history.py",
}


def test_only_the_session_and_its_parts_emit_its_signals():
    emitters = {}
    for path in itertools.chain((PACKAGE / "app").rglob("*.py"), (PACKAGE / "gui").rglob("*.py")):
        emitted = emitted_signals(path) & SESSION_SIGNALS
        if emitted:
            emitters[path.relative_to(PACKAGE).as_posix()] = sorted(emitted)
    assert set(emitters) == SESSION_PARTS, emitters
    assert emitters["app/run/background.py"] == ["busy_changed", "cursor_changed", "history_changed"]


def test_nobody_listens_to_error_raised_to_learn_why_an_operation_failed():
    # the outcome carries the reason; only the window's banner shows the announcement
    listeners = [
        str(path.relative_to(PACKAGE))
        for path in (PACKAGE / "gui").rglob("*.py")
        if "error_raised.connect" in path.read_text(encoding="utf-8")
    ]
    listeners += ["cli.py"] if "error_raised" in (PACKAGE / "cli.py").read_text(encoding="utf-8") else []
    assert set(listeners) <= {"gui/window/main_window.py"}


def test_the_history_is_read_only_and_follows_the_run(qtbot):
    session = Session()
    assert len(session.history) == 0
    assert session.load(Problem.synthesised(TRUTH, 50, seed=1), ModelConfig(n_components=2, seed=3))
    history = session.history
    assert session.e_step()
    assert len(history) == 2 and history[-1] is session.snapshot  # a view, not a copy
    assert history[:1] == [session.history[0]] and history == list(history)
    with pytest.raises(TypeError):
        history[0] = history[1]
    for change in ("append", "pop", "clear", "extend"):
        assert not hasattr(history, change)
