"""Running EM to convergence off the GUI thread, with progress and cancel."""

from __future__ import annotations

import warnings

from PySide6.QtCore import QObject, Signal, Slot

import nbviz.core as nc

from .background import BackgroundJob
from .session import Session


class Runner(QObject):
    """Runs the session's EM to convergence in a worker thread.

    Signals
    -------
    progressed(int, float) : iterations done so far, current objective
    finished(int, bool) : iterations done, whether it converged (False also when cancelled)
    """

    progressed = Signal(int, float)
    finished = Signal(int, bool)

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self._job = BackgroundJob(self, lambda payload: self.progressed.emit(*payload), self._on_done)
        self._iterations = 0
        self.max_iter = 1000

    @property
    def running(self) -> bool:
        return self._job.running

    def start(self) -> bool:
        """Start running from the cursor; False if there is nothing to run or a run is going."""
        session = self.session
        if session.em is None or session.busy or self.running:
            return False
        if session.cursor < len(session.history) - 1:
            session.em.rewind(session.cursor)
        session.set_busy(True)
        em, max_iter, tol = session.em, self.max_iter, session.tolerance
        self._iterations = 0

        def work(job: BackgroundJob) -> str:
            def report(em):
                self._iterations += 1
                return job.report((self._iterations, em.history[-1].objective))

            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", nc.EmptyComponentWarning)
                    self._iterations = em.run(max_iter, tol, callback=report)
            except ValueError as exc:  # a collapsed covariance: keep what was done
                return str(exc)
            return ""

        return self._job.start(work)

    def cancel(self) -> None:
        """Stop after the iteration in progress; the iterations done so far are kept."""
        self._job.cancel()

    def wait(self) -> None:
        """Block until the worker thread has ended (used at shutdown)."""
        self._job.wait()

    @Slot(object, str)
    def _on_done(self, error: str | None, unexpected: str) -> None:
        session = self.session
        session.set_busy(False)
        session.adopt_history()
        if error or unexpected:
            session.error_raised.emit(error or unexpected + " The half-steps done are kept.")
        self.finished.emit(self._iterations, session.em.converged)
