"""Undo and redo of the changes that discard a run's history (Ctrl+Z, Ctrl+Shift+Z).

`UndoHistory` is the session's part that keeps the replaced runs (an `UndoStack` of `SavedRun`)
and brings one back: the run is rebuilt from its half-steps on its data with its model choice,
and the session shows it at the cursor and with the row it had.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import nbviz.core as nc

from ..data.problem import Problem
from ..model.config import ModelConfig
from .events import SessionEvents
from .outcome import DONE, Outcome
from .run_making import run_from_history
from .undo import SavedRun, UndoStack


class Undone(Protocol):
    """What undo reads of the session, and how it shows a run brought back."""

    @property
    def problem(self) -> Problem | None: ...

    @property
    def config(self) -> ModelConfig: ...

    @property
    def busy(self) -> bool: ...

    @property
    def has_run(self) -> bool: ...

    @property
    def history(self) -> Sequence[nc.Snapshot]: ...

    @property
    def cursor(self) -> int: ...

    @property
    def selected(self) -> int: ...

    def show_run(self, problem: Problem, config: ModelConfig, em: nc.EM, new_data: bool = True) -> None: ...

    def set_cursor(self, index: int) -> None: ...

    def select(self, index: int) -> None: ...


class UndoHistory:
    """The runs replaced by changes that discarded their history, to bring back.

    Parameters
    ----------
    session : Undone
    events : SessionEvents
        Where changes of what can be undone (`undo_changed`), refusals and notes are announced.
    """

    def __init__(self, session: Undone, events: SessionEvents):
        self._session = session
        self._events = events
        self._stack = UndoStack()

    def remember(self) -> None:
        """Keep the run shown (its half-steps) for undo: a change is about to discard its history."""
        saved = self._saved_run()
        if saved is not None:
            self._stack.push(saved)
            self._events.undo_changed.emit()

    def _saved_run(self) -> SavedRun | None:
        session = self._session
        if not session.has_run or session.problem is None:  # a run always comes with its data
            return None
        return SavedRun(session.problem, session.config, tuple(session.history), session.cursor, session.selected)

    @property
    def can_undo(self) -> bool:
        """Whether a replaced run can be brought back now (not while a background run goes)."""
        return self._stack.can_undo and not self._session.busy

    @property
    def can_redo(self) -> bool:
        """Whether the run last undone can be shown again now."""
        return self._stack.can_redo and not self._session.busy

    def undo(self) -> Outcome:
        """Bring back the run the last history-discarding change replaced.

        Its data, model choice, whole history, cursor and inspected row come back as they were;
        the run shown now can be brought back with `redo`.
        """
        return self._travel("undo")

    def redo(self) -> Outcome:
        """Show again the run that `undo` replaced last (until another change discards a history)."""
        return self._travel("redo")

    def _travel(self, what: str) -> Outcome:
        session = self._session
        if session.busy:
            return self._events.refused_while_busy(f"{what}ing a change")
        current = self._saved_run()
        saved = None
        if current is not None:
            saved = self._stack.undo(current) if what == "undo" else self._stack.redo(current)
        if saved is None:
            return self._events.refuse(f"There is nothing to {what}: no change has discarded a run yet.")
        problem = saved.problem
        # the convergence settings are the session's, not the run's: they stay as the user set them
        config = saved.config.with_(
            tolerance=session.config.tolerance,
            max_iter=session.config.max_iter,
            convergence=session.config.convergence,
        )
        try:  # the run made these half-steps on this data with this config: they re-evaluate exactly
            em = run_from_history(problem, config, saved.history)
        except ValueError as error:  # put the stack back as it was: the run shown stays
            self._stack.redo(saved) if what == "undo" else self._stack.undo(saved)
            return self._events.refuse(f"Cannot bring back the run of {config.title} on {problem.name}: {error}")
        session.show_run(problem, config, em, new_data=problem is not session.problem)
        session.set_cursor(saved.cursor)
        session.select(saved.selected)
        self._events.undo_changed.emit()
        done = "Undone" if what == "undo" else "Redone"
        self._events.notice_raised.emit(
            f"{done}: {config.title} on {problem.name}, half-step {saved.cursor} of {len(saved.history) - 1}."
        )
        return DONE
