"""Running EM to convergence off the GUI thread, with progress and cancel.

The worker steps a copy of the session's run (`BackgroundRuns.continuation`) and hands the finished run
back; the session adopts it in the GUI thread (`BackgroundRuns.adopt_continuation`). The worker never
touches the session or its run.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

import nbviz.core as nc

from ..jobs.background import BackgroundJob
from .session import Session
from .stop_reason import StopReason, stop_reason


@dataclass(frozen=True, eq=False)
class FinishedRun:
    """What a run to convergence hands back to the GUI thread.

    Attributes
    ----------
    run : nc.EM
        The copy that was stepped; its history continues the session's up to the cursor.
    iterations : int
        Full iterations done.
    failure : str
        Why it stopped early ("" if it did not), e.g. a collapsed covariance.
    capped_at : int
        The iteration cap, if the run stopped there without converging; else 0.
    stop : StopReason or None
        Why it stopped (`stop_reason`).
    """

    run: nc.EM
    iterations: int
    failure: str = ""
    capped_at: int = 0
    stop: StopReason | None = None


def run_to_convergence(
    run: nc.EM, max_iter: int, tol: float, job: BackgroundJob, convergence: str = "absolute"
) -> FinishedRun:
    """Rewind `run` (a `BackgroundRuns.continuation`) to its last half-step and run it; in the worker thread.

    `convergence` is the stopping rule (`ModelConfig.convergence`); under "fixed" the run does
    exactly `max_iter` iterations, and ending there is its normal end, not the cap.
    """
    run.rewind(len(run.history) - 1)
    done = 0

    def report(em: nc.EM) -> bool:
        nonlocal done
        done += 1
        return job.report((done, em.history[-1].objective))

    try:
        done = run.run(max_iter, tol, callback=report, convergence=convergence)
    except ValueError as error:  # a collapsed covariance: keep what was done
        stop = stop_reason(run, error)
        return FinishedRun(run, done, stop.message, stop=stop)
    ended = done >= max_iter and not run.converged
    fixed = max_iter if ended and convergence == "fixed" else 0
    capped_at = max_iter if ended and not fixed else 0
    stop = stop_reason(run, capped_at=capped_at, cancelled=job.cancelled, tol=tol, fixed=fixed)
    return FinishedRun(run, done, capped_at=capped_at, stop=stop)


class Runner(QObject):
    """Runs the session's EM to convergence in a worker thread.

    Signals
    -------
    progressed(int, float) : iterations done so far, current objective
    finished(int, bool) : iterations done, whether it converged (False also when cancelled; the
        session's `cap_reached` tells whether it stopped at the iteration cap)
    """

    progressed = Signal(int, float)
    finished = Signal(int, bool)

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self._job = BackgroundJob(self, lambda payload: self.progressed.emit(*payload), self._on_done)
        self._run: nc.EM | None = None  # the copy the worker steps

    @property
    def max_iter(self) -> int:
        """The iteration cap of a run: the session's (`ModelConfig.max_iter`)."""
        return self.session.config.max_iter

    @max_iter.setter
    def max_iter(self, value: int) -> None:
        outcome = self.session.set_convergence(max_iter=value)
        if not outcome:
            raise ValueError(outcome.reason)

    @property
    def running(self) -> bool:
        return self._job.running

    def start(self) -> bool:
        """Start running from the cursor; False if there is nothing to run or a run is going."""
        session = self.session
        if not session.can_step or self.running:
            return False
        run, max_iter, tol = session.background.continuation(), self.max_iter, session.tolerance
        rule = session.config.convergence
        self._run = run  # read again only after the worker has ended
        session.background.set_busy(True)
        return self._job.start(lambda job: run_to_convergence(run, max_iter, tol, job, rule))

    def cancel(self) -> None:
        """Stop after the iteration in progress; the iterations done so far are kept."""
        self._job.cancel()

    def wait(self) -> None:
        """Block until the worker thread has ended (used at shutdown)."""
        self._job.wait()

    @Slot(object, str)
    def _on_done(self, finished: FinishedRun | None, unexpected: str) -> None:
        session, run, self._run = self.session, self._run, None
        session.background.set_busy(False)
        if finished is None:  # a bug in the worker (already reported): keep the half-steps it did
            assert run is not None  # set when the job started
            session.background.adopt_continuation(run, unexpected + " The half-steps done are kept.")
            self.finished.emit(0, False)
            return
        session.background.adopt_continuation(
            finished.run, finished.failure, capped_at=finished.capped_at, stop=finished.stop
        )
        self.finished.emit(finished.iterations, finished.run.converged)
