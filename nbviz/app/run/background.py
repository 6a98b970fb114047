"""Runs stepped off the GUI thread: the session's busy state, and a run handed out and taken back.

`BackgroundRuns` is the session's part for work done elsewhere on the run shown (a run to
convergence in a worker thread, `runner.Runner`): while it goes the session is busy (stepping,
new data and model changes are refused); the worker steps a `continuation`, a copy of the run,
and the session takes it back with `adopt_continuation`.
"""

from __future__ import annotations

from collections.abc import Callable

import nbviz.core as nc

from .events import SessionEvents
from .outcome import DONE, Outcome
from .run_history import RunHistory
from .stop_reason import StopReason


class BackgroundRuns:
    """The session's busy state and the runs it hands out to be stepped elsewhere.

    Parameters
    ----------
    run : RunHistory
        The session's run.
    events : SessionEvents
        Where the busy state, the run taken back and refusals are announced.
    pause : callable
        Stops play (a background run starts).
    remember : callable
        Keeps the run shown for undo (a run taken back drops half-steps of it).
    """

    def __init__(self, run: RunHistory, events: SessionEvents, pause: Callable[[], None], remember: Callable[[], None]):
        self._run = run
        self._events = events
        self._pause = pause
        self._remember = remember
        self.busy = False

    def set_busy(self, busy: bool) -> None:
        """Start (True) or end (False) a background run; play stops when one starts."""
        if busy != self.busy:
            self.busy = busy
            if busy:
                self._pause()
            self._events.busy_changed.emit(busy)

    def continuation(self) -> nc.EM:
        """A copy of the run that another thread may step (e.g. to run it to convergence).

        Its history is the session's up to the cursor (not yet rewound there: call
        ``rewind(len(history) - 1)`` on the copy, which is the copy's own business). The session's
        run is not touched; hand the finished copy back with `adopt_continuation`.
        """
        return self._run.continuation()

    def adopt_continuation(
        self, run: nc.EM, failure: str = "", *, capped_at: int = 0, stop: StopReason | None = None
    ) -> Outcome:
        """Show `run`, a `continuation` stepped elsewhere, at its last half-step.

        `failure` says why it stopped early (e.g. a collapsed covariance); the half-steps done are
        kept and the failure is announced. `capped_at`: the iteration cap at which it stopped without
        converging (0: it did not; `RunHistory.cap_reached` tells at its last half-step). `stop`: why
        it ended (`run_stop` tells while the run ends there). Refused when `run` does not continue the
        run shown.
        """
        if not self._run.continues(run):
            return self._events.refuse("That run does not continue the one shown; run it again.")
        if self._run.drops_half_steps(run):  # it went on from a scrubbed-back cursor: the rest is dropped
            self._remember()
        self._run.take_over(run, capped_at, stop)
        self._events.history_changed.emit()
        self._events.cursor_changed.emit(self._run.cursor)
        if failure:
            return self._events.refuse(failure)
        return DONE
