"""One piece of work at a time in a worker thread, with throttled progress and cancel.

The work is a plain function ``work(job)`` that runs in the worker thread, calls
``job.report(...)`` now and then and stops early when ``job.cancelled`` is True. Its return value
arrives on the GUI thread through `BackgroundJob.finished`.
"""

from __future__ import annotations

import atexit
import sys
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

PROGRESS_INTERVAL = 0.1  # seconds between progress reports: fast work must not flood the GUI

# Every started worker thread with its worker, until the job that started it has collected it.
# Qt aborts the process when a QThread object is destroyed while its thread runs; the owner of a
# job (a view, a panel) can be deleted while its work still runs, so the thread objects are kept
# here, not only by the job, and waited for before the interpreter exits.
_STARTED: dict[int, tuple[QThread, QObject]] = {}


def wait_for_all_workers() -> None:
    """Block until every worker thread started by a `BackgroundJob` has ended (at exit)."""
    for thread, _ in list(_STARTED.values()):
        thread.wait()
    _STARTED.clear()


atexit.register(wait_for_all_workers)


class _Worker(QObject):
    progressed = Signal(object)
    done = Signal(object, str)  # the work's result (None after an unexpected error), error text

    def __init__(self, work: Callable, job: BackgroundJob):
        super().__init__()
        self._work, self._job = work, job

    @Slot()
    def run(self) -> None:
        result, error = None, ""
        try:
            result = self._work(self._job)
        except Exception as exc:  # a bug: report it, and still tell the window the work has ended
            sys.excepthook(type(exc), exc, exc.__traceback__)
            error = f"The background work stopped after an unexpected error ({type(exc).__name__})."
        self.done.emit(result, error)


class BackgroundJob(QObject):
    """Runs one function at a time in a worker thread.

    Signals
    -------
    progressed(object) : what the work passed to `report` (at most every `PROGRESS_INTERVAL` s)
    finished(object, str) : the work's return value and "" — or None and a message when it raised
    """

    progressed = Signal(object)
    finished = Signal(object, str)

    def __init__(self, parent=None, on_progress: Callable | None = None, on_finished: Callable | None = None):
        super().__init__(parent)
        if on_progress is not None:
            self.progressed.connect(on_progress)
        if on_finished is not None:
            self.finished.connect(on_finished)
        self._thread: QThread | None = None
        self._worker: _Worker | None = None
        self._last_report = 0.0
        self.cancelled = False

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self, work: Callable[[BackgroundJob], object]) -> bool:
        """Run ``work(self)`` in a new worker thread; False if work is already running."""
        if self.running:
            return False
        self.cancelled = False
        self._last_report = time.monotonic()
        self._thread = QThread()
        self._worker = _Worker(work, self)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.run)
        self._worker.progressed.connect(self.progressed)
        self._worker.done.connect(self._on_done)
        # the thread's event loop ends with the work, even if this job is gone by then
        self._worker.done.connect(self._thread.quit, Qt.ConnectionType.DirectConnection)
        _STARTED[id(self._thread)] = (self._thread, self._worker)
        self._thread.start()
        return True

    def report(self, payload, force: bool = False) -> bool:
        """From the work: pass `payload` on (throttled unless `force`); returns False once cancelled."""
        now = time.monotonic()
        if force or now - self._last_report >= PROGRESS_INTERVAL:
            self._last_report = now
            worker = self._worker
            assert worker is not None, "report() is for the work while it runs"
            worker.progressed.emit(payload)
        return not self.cancelled

    def cancel(self) -> None:
        """Ask the work to stop at its next check; what it did so far is kept."""
        if self.running:
            self.cancelled = True

    def wait(self) -> None:
        """Cancel and block until the worker thread has ended (used at shutdown)."""
        if self._thread is not None:
            self.cancel()
            self._thread.quit()
            self._thread.wait()

    @Slot(object, str)
    def _on_done(self, result, error: str) -> None:
        thread, worker = self._thread, self._worker
        assert thread is not None and worker is not None  # only a started worker says it is done
        thread.quit()
        thread.wait()
        _STARTED.pop(id(thread), None)
        thread.deleteLater()
        worker.deleteLater()
        self._thread = self._worker = None
        self.finished.emit(result, error)
