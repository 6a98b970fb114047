"""One piece of work at a time in a worker thread, with throttled progress and cancel.

The work is a plain function ``work(job)`` that runs in the worker thread, calls
``job.report(...)`` now and then and stops early when ``job.cancelled`` is True. Its return value
arrives on the GUI thread through `BackgroundJob.finished`.

While a worker thread runs, Python's cyclic garbage collector runs on the GUI thread only
(`GuiThreadCollection`); a window collects so for good, between events.
"""

from __future__ import annotations

import atexit
import gc
import sys
import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QTimer, Signal, Slot

PROGRESS_INTERVAL = 0.1  # seconds between progress reports: fast work must not flood the GUI
COLLECT_INTERVAL_MS = 250  # how often the GUI thread collects garbage while workers run

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


class GuiThreadCollection:
    """While worker threads run, Python's cyclic garbage is collected on the GUI thread only.

    Python collects cycles in whichever thread allocates when a generation passes its threshold. In
    a worker thread that can free the GUI's Qt objects (a closed widget's cycle of Python wrappers),
    whose destructors then run in the worker: Qt locks the object's connections while Shiboken waits
    there for the interpreter lock, which the GUI thread holds while it waits for the same Qt lock to
    delete a menu. Both wait for ever (this froze the test suite). So while a worker runs, automatic
    collection is off and a timer on the GUI thread collects instead, by the same thresholds; when no
    worker runs any more, automatic collection is back as it was.

    A window keeps this for good (`keep`): an automatic collection can also start inside a paint, in
    whatever allocates there, and free a pyqtgraph item's cycle of wrappers while the scene being
    painted still refers to it; the process then dies in the paint ("pure virtual method called" or a
    segmentation fault; the pairs view's tests did, one run in a few). The timer collects between
    events, where no paint is under way.
    """

    _timer: QTimer | None = None
    _was_enabled = True
    _kept = False

    @classmethod
    def keep(cls) -> None:
        """From the GUI thread, once the application exists: collect on its timer only, for good."""
        cls._kept = True
        cls.begin()

    @classmethod
    def release(cls) -> None:
        """Undo `keep`: automatic collection is back once no worker runs (as in a process with no window)."""
        cls._kept = False
        if not any(thread.isRunning() for thread, _ in _STARTED.values()):
            cls._end()

    @classmethod
    def begin(cls) -> None:
        """From the GUI thread, as a worker starts: collect on this thread only until none runs."""
        if cls._timer is not None:
            return
        cls._was_enabled = gc.isenabled()
        gc.disable()
        cls._timer = QTimer(QCoreApplication.instance())
        cls._timer.timeout.connect(cls._collect)
        cls._timer.start(COLLECT_INTERVAL_MS)

    @classmethod
    def active(cls) -> bool:
        return cls._timer is not None

    @classmethod
    def _collect(cls) -> None:
        counts, thresholds = gc.get_count(), gc.get_threshold()
        generation = -1
        while generation < 2 and counts[generation + 1] > thresholds[generation + 1]:
            generation += 1
        if generation >= 0:
            gc.collect(generation)
        if not cls._kept and not any(thread.isRunning() for thread, _ in _STARTED.values()):
            cls._end()

    @classmethod
    def _end(cls) -> None:
        if cls._timer is not None:
            cls._timer.stop()
            cls._timer.deleteLater()
            cls._timer = None
        if cls._was_enabled:
            gc.enable()


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
        GuiThreadCollection.begin()
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
