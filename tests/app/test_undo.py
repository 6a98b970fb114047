"""Undo: every change that discards a history can be taken back, with the whole history and cursor."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import write_session
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.outcome import Outcome
from nbviz.app.run.session import Session
from nbviz.app.run.undo import MAX_UNDO, SavedRun, UndoStack

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [5, 5]], covariances=np.stack([np.eye(2)] * 2))
OTHER = nc.GaussianMixture(weights=[0.3, 0.7], means=[[0, 0], [3, -3]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def session(synthesised_session):
    session = synthesised_session(TRUTH, 150, 1, n_components=2, seed=3)
    for _ in range(4):
        assert session.step()
    session.set_cursor(5)
    session.select(7)
    return session


def state(session):
    """What undo must bring back: data, model choice, every half-step (objects), cursor, selection."""
    return (session.problem, session.config, list(session.history), session.cursor, session.selected)


def reference_objectives(problem, config, half_steps):
    """The objective after each half-step of a run made from scratch with `config` (independent of the session)."""
    start = nc.init_model(
        problem.X, config.family, config.n_components, method=config.init_method, rng=config.seed, prior=config.prior
    )
    em = nc.EM(problem.X, start, prior=config.prior, warn_empty=False)
    for i in range(half_steps):
        em.e_step() if i % 2 == 0 else em.m_step()
    return [snapshot.objective for snapshot in em.history]


CHANGES = {
    "K": lambda s: s.configure(s.config.with_(n_components=3)),
    "covariance type": lambda s: s.configure(s.config.with_(covariance_type="diag")),
    "seed": lambda s: s.reinitialise(seed=4),
    "start method": lambda s: s.reinitialise(method="random"),
    "prior": lambda s: s.configure(s.config.with_(prior=nc.Prior(alpha=2.0))),
    "hard EM": lambda s: s.configure(s.config.with_(hard=True)),
    "a label": lambda s: s.hand_labels.set_label(3, 1),
    "a start": lambda s: s.set_start(s.start_model.replaced(weights=np.array([0.2, 0.8]))),
    "new data": lambda s: s.load(Problem.synthesised(OTHER, 80, seed=9), ModelConfig(n_components=2)),
    "reset": lambda s: s.reset() or Outcome.done(),
    "a step from a scrubbed-back cursor": lambda s: s.e_step(),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_undo_brings_back_the_run_a_change_discarded(session, change, qtbot):
    before = state(session)
    assert not session.undo_history.can_undo
    with qtbot.waitSignal(session.undo_changed):
        assert CHANGES[change](session)
    assert session.undo_history.can_undo and state(session) != before
    after = state(session)
    assert session.undo_history.undo()
    assert state(session) == before  # the very snapshots, the cursor and the inspected row
    assert not session.undo_history.can_undo and session.undo_history.can_redo
    assert session.undo_history.redo()
    assert state(session)[:2] == after[:2] and state(session)[3:] == after[3:]
    assert [s.objective for s in session.history] == [s.objective for s in after[2]]


def test_the_undone_run_is_the_one_em_made_and_steps_on_as_before(session):
    config = session.config
    assert session.configure(config.with_(n_components=3))
    assert session.undo_history.undo()
    objectives = [s.objective for s in session.history]
    assert objectives == pytest.approx(reference_objectives(session.problem, config, 8), rel=1e-12)
    assert session.cursor == 5
    assert session.e_step()  # from the restored cursor: the later half-steps go, and that is undoable too
    assert len(session.history) == 7 and session.undo_history.can_undo
    assert session.undo_history.undo() and len(session.history) == 9 and session.cursor == 5


def test_undo_brings_back_other_data_and_tells_the_views(session, qtbot):
    problem = session.problem
    assert session.load(Problem.synthesised(OTHER, 80, seed=9), ModelConfig(n_components=2))
    with qtbot.waitSignals([session.problem_changed, session.run_reset, session.notice_raised]):
        assert session.undo_history.undo()
    assert session.problem is problem and session.cursor == 5 and session.selected == 7


def test_a_refused_change_leaves_nothing_to_undo(session):
    outcome = session.configure(session.config.with_(family="bernoulli"))  # real-valued data
    assert not outcome and not session.undo_history.can_undo


def test_a_new_change_forgets_what_was_undone(session):
    assert session.reinitialise(seed=5)
    assert session.undo_history.undo() and session.undo_history.can_redo
    assert session.reinitialise(seed=6)
    assert not session.undo_history.can_redo
    outcome = session.undo_history.redo()
    assert not outcome and "nothing to redo" in outcome.reason


def test_nothing_to_undo_and_busy_are_refused_with_reasons(session):
    outcome = session.undo_history.undo()
    assert not outcome and "nothing to undo" in outcome.reason
    assert session.reinitialise(seed=5)
    session.background.set_busy(True)
    assert not session.undo_history.can_undo
    outcome = session.undo_history.undo()
    assert not outcome and outcome.reason.startswith("Wait for the run in progress")
    session.background.set_busy(False)
    assert session.undo_history.can_undo and session.undo_history.undo()


def test_stepping_at_the_end_and_scrubbing_discard_nothing(session):
    session.set_cursor(len(session.history) - 1)
    session.set_cursor(2)
    session.set_cursor(len(session.history) - 1)
    assert session.step()
    assert not session.undo_history.can_undo


def test_the_stack_is_bounded_and_forgets_the_oldest_first(session):
    seeds = []
    for seed in range(10, 10 + MAX_UNDO + 3):
        seeds.append(session.config.seed)
        assert session.reinitialise(seed=seed)
    undone = []
    while session.undo_history.can_undo:
        assert session.undo_history.undo()
        undone.append(session.config.seed)
    assert undone == seeds[::-1][:MAX_UNDO]


def test_saved_runs_own_their_history(session):
    """Stepping the session after an undo-able change leaves the saved run as it was."""
    stack = UndoStack(limit=2)
    run = session.em
    saved = SavedRun(session.problem, session.config, tuple(run.history), 0)
    stack.push(saved)
    assert stack.can_undo and len(stack) == 1
    with pytest.raises(ValueError, match="outside the run's 9 half-steps"):
        SavedRun(session.problem, session.config, tuple(run.history), 9)
    with pytest.raises(ValueError, match="limit >= 1"):
        UndoStack(limit=0)
    assert session.configure(session.config.with_(n_components=3))
    assert session.undo_history.undo()
    restored = session.em
    assert session.e_step() and session.undo_history.undo()  # the restored run was stepped from cursor 5 ...
    assert len(session.history) == 9  # ... yet the run saved before that step kept all its half-steps
    assert restored is not session.em


def test_a_run_continued_elsewhere_from_an_earlier_half_step_is_undoable(session):
    """A run to convergence from a scrubbed-back cursor drops the later half-steps: undo brings them back."""
    before = state(session)
    run = session.background.continuation()  # from cursor 5 of 9 half-steps
    run.rewind(len(run.history) - 1)
    for _ in range(3):
        run.step()
    assert session.background.adopt_continuation(run)
    assert len(session.history) == 6 + 1 + 2 + 2  # up to E-step 3, its M-step, two iterations
    assert session.history[6] is not before[2][6]
    assert session.undo_history.undo() and state(session) == before


def test_opening_a_saved_session_is_undoable(session, tmp_path):
    from nbviz.app.documents.session_file import read_session

    before = state(session)
    other = Session()
    assert other.load(Problem.synthesised(OTHER, 60, seed=4), ModelConfig(n_components=2))
    assert other.step() and other.save(tmp_path / "other.nbviz", write_session)
    assert session.restore(read_session(tmp_path / "other.nbviz"))
    assert session.problem.n_samples == 60
    assert session.undo_history.undo() and state(session) == before


def test_a_saved_run_that_no_longer_fits_is_refused_and_the_stack_stays(session):
    assert session.reinitialise(seed=5)
    shown = state(session)
    saved = session.undo_history._stack._undo[-1]
    broken = SavedRun(saved.problem, saved.config.with_(prior=nc.Prior(alpha=5.0)), saved.history, saved.cursor)
    session.undo_history._stack._undo[-1] = broken
    outcome = session.undo_history.undo()
    assert not outcome and outcome.reason.startswith("Cannot bring back the run of")
    assert state(session) == shown and session.undo_history.can_undo and not session.undo_history.can_redo


def test_undo_keeps_the_convergence_settings_and_drops_a_probe_of_other_data(session):
    assert session.load(Problem.synthesised(OTHER, 80, seed=2), ModelConfig(n_components=2, seed=1))
    assert session.set_convergence(tolerance=1e-3, max_iter=25)
    assert session.inspection.probe([1.0, -1.0])
    assert session.inspection.probed is not None
    assert session.undo_history.undo()
    assert session.problem.n_samples == 150  # the first data set is back
    assert (session.config.tolerance, session.config.max_iter) == (1e-3, 25)  # the user's settings stay
    assert session.inspection.probed is None
