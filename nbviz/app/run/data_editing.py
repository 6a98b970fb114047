"""Painting the data shown: add, move or remove a point, and let EM go on from where it was.

`DataEditing` is the session's part for it. Each edit makes the edited data the session's data
(`nbviz.app.data.painting`) and a new run on it that starts from the parameters at the cursor: the
next E-step recomputes the responsibilities of every point, old and new, under them. The run
shown before is kept for undo, so Ctrl+Z brings back the old data and the old run as they were.

The objective of different data is not comparable, so the run after an edit has its own history
(its first half-step is the edit); `began_with_edit` tells the objective curve to mark it.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

import numpy as np

import nbviz.core as nc
from nbviz.translation_marks import translate

from ..data.fit_messages import describe_fit_error
from ..data.painting import added, moved, paint_choices, removed, rows_after_removal
from ..data.problem import Problem
from ..families import DataView, presentation
from .events import SessionEvents
from .outcome import DONE, Outcome
from .run_making import new_run
from .undo_history import UndoHistory, Undone

PAINTED_DIMENSIONS = (1, 2)  # the views that show every feature as it is: the 1-D and the 2-D one
KEPT_EDIT_STARTS = 64  # runs begun by an edit that the curve can still mark (undo keeps fewer)


class Edited(Undone, Protocol):
    """What painting reads of the session (besides what undo reads), and how it keeps the run shown for undo."""

    @property
    def snapshot(self) -> nc.Snapshot | None: ...

    @property
    def undo_history(self) -> UndoHistory: ...


def why_not_paintable(problem: Problem | None, model: nc.Mixture | None) -> str:
    """Why the data shown cannot be painted ("" when it can): no data, or not 1-D / 2-D points."""
    if problem is None or model is None:
        return translate("nbviz", "Load data or choose a preset first: there is no data to paint.")
    if presentation(model).data_view is not DataView.POINTS or problem.n_features not in PAINTED_DIMENSIONS:
        return translate(
            "nbviz",
            "Painting needs 1-D or 2-D continuous data (a Gaussian mixture drawn as points); this is {0}-feature "
            "data under a {1}.",
        ).format(problem.n_features, translate("nbviz", presentation(model).title))
    return ""


class DataEditing:
    """Adds, moves and removes data points; each edit is one undoable step.

    Parameters
    ----------
    session : Edited
    events : SessionEvents
        Where refusals and notes are announced.
    """

    def __init__(self, session: Edited, events: SessionEvents):
        self._session = session
        self._events = events
        self._edit_starts: deque[nc.Snapshot] = deque(maxlen=KEPT_EDIT_STARTS)

    # ----------------------------------------------------------------- what can be painted
    @property
    def why_not(self) -> str:
        """Why painting is not possible now ("" when it is)."""
        session = self._session
        snapshot = session.snapshot
        reason = why_not_paintable(session.problem, None if snapshot is None else snapshot.model)
        if not reason and session.busy:
            return "Wait for the run in progress to end (or cancel it) before painting."
        return reason

    @property
    def can_paint(self) -> bool:
        return not self.why_not

    def choices(self) -> tuple[str, ...]:
        """What a new point can be (`paint_choices`): classes, true components, or () for a plain point."""
        problem = self._session.problem
        return () if problem is None else paint_choices(problem)

    def began_with_edit(self) -> bool:
        """Whether the run shown starts at an edit of the data (its first half-step is the edit)."""
        history = self._session.history
        return bool(len(history)) and any(start is history[0] for start in self._edit_starts)

    # ----------------------------------------------------------------- edits
    def add(self, x, choice: int = 0) -> Outcome:
        """Add a point at `x` (one value per feature), of class / true component `choice` where there is one."""
        return self._edit("add a point", lambda problem: added(problem, x, choice), lambda n: n - 1, "Added a point")

    def move(self, row: int, x) -> Outcome:
        """Move data point `row` (0-based) to `x`."""
        return self._edit(
            f"move point {row + 1}", lambda problem: moved(problem, row, x), lambda _: row, f"Moved point {row + 1}"
        )

    def remove(self, row: int) -> Outcome:
        """Remove data point `row` (0-based)."""
        return self._edit(
            f"remove point {row + 1}",
            lambda problem: removed(problem, row),
            lambda _: -1,
            f"Removed point {row + 1}",
            removed_row=row,
        )

    def _edit(self, what: str, edit, selected, done: str, removed_row: int | None = None) -> Outcome:
        """Make `edit` (problem -> edited problem) the data, and a run on it from the parameters shown.

        `what` says what was refused ("add a point"), `done` what was done ("Added a point"); the
        row `selected(n_samples)` of the edited data is inspected.
        """
        session = self._session
        reason = self.why_not
        if reason:
            return self._events.refuse(f"Cannot {what}: {reason}")
        problem, snapshot = session.problem, session.snapshot
        assert problem is not None and snapshot is not None  # why_not said so
        config = session.config.with_(start_given=True)  # the run goes on from the parameters shown
        if removed_row is not None and config.manual_labels:
            config = config.with_(manual_labels=rows_after_removal(config.manual_labels, removed_row))
        try:
            edited = edit(problem)
            em = new_run(edited, config, snapshot.model)
        except ValueError as error:
            return self._events.refuse(f"Cannot {what}: {describe_fit_error(problem, error)}")
        session.undo_history.remember()
        self._edit_starts.append(em.history[0])
        session.show_run(edited, config, em, new_data=True)
        session.select(selected(edited.n_samples))
        where = ""
        if removed_row is None:
            shown = edited.X[selected(edited.n_samples)]
            values = ", ".join(f"{value:.4g}" for value in np.atleast_1d(shown))
            where = f" at ({values})" if np.size(shown) > 1 else f" at x = {values}"
        self._events.notice_raised.emit(
            f"{done}{where}; now {edited.n_samples} points. EM goes on from the parameters shown; "
            "Ctrl+Z brings back the old data and run."
        )
        return DONE
