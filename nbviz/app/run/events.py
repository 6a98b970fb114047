"""The session's signals, declared once: what views follow, and the one way a refusal is announced.

`SessionEvents` is the base of the `Session` facade; the session's parts (the player, undo, hand
labels, the inspection, background runs) are given it to announce what they change, so the views
connect to one object whichever part did the work.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from .outcome import Outcome


class SessionEvents(QObject):
    """Signals of the workspace session.

    Signals
    -------
    problem_changed : new data (and a new run)
    run_reset : a new run (new data, model choice, start or initialisation); history restarted
    history_changed : half-steps were added or dropped
    cursor_changed(int) : the displayed half-step changed
    play_state_changed(bool)
    busy_changed(bool) : a background run started or ended
    error_raised(str) : something the user asked for could not be done; nothing was changed (the
        operation's `Outcome` carries the same reason; only the session and its parts emit this)
    notice_raised(str) : a note for the status bar (e.g. a component emptied)
    selection_changed(int) : the inspected data row (-1: none)
    probe_changed : the probed point (`Inspection.probed`, not a data row) was set or cleared
    convergence_changed : the tolerance or the iteration cap changed (the run stays)
    undo_changed : what undo and redo can bring back changed (`UndoHistory.can_undo`, `can_redo`)
    explored_restored : a session's Choose K / restart results were read (`ExploredResults`)
    """

    problem_changed = Signal()
    run_reset = Signal()
    history_changed = Signal()
    cursor_changed = Signal(int)
    play_state_changed = Signal(bool)
    busy_changed = Signal(bool)
    error_raised = Signal(str)
    notice_raised = Signal(str)
    selection_changed = Signal(int)
    probe_changed = Signal()
    convergence_changed = Signal()
    undo_changed = Signal()
    explored_restored = Signal()

    def refuse(self, reason: str) -> Outcome:
        """The refusal with `reason`, announced on `error_raised`."""
        self.error_raised.emit(reason)
        return Outcome.refused(reason)

    def refused_while_busy(self, what: str) -> Outcome:
        """The refusal while a background run goes: its result belongs to the run shown."""
        return self.refuse(f"Wait for the run in progress to end (or cancel it) before {what}.")
