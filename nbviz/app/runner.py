"""Running EM to convergence off the GUI thread, with progress and cancel."""

from __future__ import annotations

import sys
import time
import warnings

from PySide6.QtCore import QObject, QThread, Signal, Slot

import nbviz.core as nc

from .session import Session


PROGRESS_INTERVAL = 0.1  # seconds between progress reports: fast iterations must not flood the GUI


class _Worker(QObject):
    progressed = Signal(int, float)
    done = Signal(int, bool, str)  # iterations, converged, error message ("" if none)

    def __init__(self, em: nc.EM, max_iter: int, tol: float):
        super().__init__()
        self._em, self._max_iter, self._tol = em, max_iter, tol
        self.cancelled = False

    @Slot()
    def run(self) -> None:
        done, error = 0, ""
        last_report = time.monotonic()

        def report(em):
            nonlocal done, last_report
            done += 1
            now = time.monotonic()
            if now - last_report >= PROGRESS_INTERVAL:
                last_report = now
                self.progressed.emit(done, em.history[-1].objective)
            return not self.cancelled

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", nc.EmptyComponentWarning)
                done = self._em.run(self._max_iter, self._tol, callback=report)
        except ValueError as exc:  # a collapsed covariance: keep what was done
            error = str(exc)
        except Exception as exc:  # a bug: report it, and still tell the window the run has ended
            sys.excepthook(type(exc), exc, exc.__traceback__)
            error = f"The run stopped after an unexpected error ({type(exc).__name__}); the half-steps done are kept."
        self.done.emit(done, self._em.converged, error)


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
        self._thread: QThread | None = None
        self._worker: _Worker | None = None
        self.max_iter = 1000

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self) -> bool:
        """Start running from the cursor; False if there is nothing to run or a run is going."""
        session = self.session
        if session.em is None or session.busy or self.running:
            return False
        if session.cursor < len(session.history) - 1:
            session.em.rewind(session.cursor)
        session.set_busy(True)
        self._thread = QThread()
        self._worker = _Worker(session.em, self.max_iter, session.tolerance)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.run)
        self._worker.progressed.connect(self.progressed)
        self._worker.done.connect(self._on_done)
        self._thread.start()
        return True

    def cancel(self) -> None:
        """Stop after the iteration in progress; the iterations done so far are kept."""
        if self._worker is not None:
            self._worker.cancelled = True

    def wait(self) -> None:
        """Block until the worker thread has ended (used at shutdown)."""
        if self._thread is not None:
            self.cancel()
            self._thread.quit()
            self._thread.wait()

    @Slot(int, bool, str)
    def _on_done(self, iterations: int, converged: bool, error: str) -> None:
        self._thread.quit()
        self._thread.wait()
        self._thread.deleteLater()
        self._worker.deleteLater()
        self._thread = self._worker = None
        session = self.session
        session.set_busy(False)
        session.adopt_history()
        if error:
            session.error_raised.emit(error)
        self.finished.emit(iterations, converged)
