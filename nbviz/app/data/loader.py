"""Loading a data file off the GUI thread, with progress and cancel."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal, Slot

import nbviz.core as nc

from ..jobs.background import BackgroundJob
from .import_spec import ImportSpec


class DataLoader(QObject):
    """Reads one `ImportSpec` at a time in a worker thread; nothing else changes until it is done.

    Signals
    -------
    progressed(float) : fraction of the file parsed, 0..1
    loaded(object) : the `nbviz.core.Dataset`
    failed(object) : the `nbviz.core.DataError` (or a plain message for an unexpected error)
    cancelled() : the user cancelled; nothing was loaded
    """

    progressed = Signal(float)
    loaded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self._job = BackgroundJob(self)
        self._job.progressed.connect(lambda fraction: self.progressed.emit(float(fraction)))
        self._job.finished.connect(self._on_done)
        self.prepared: object = None  # what `start`'s `after` made of the last data set loaded

    @property
    def running(self) -> bool:
        return self._job.running

    def start(self, spec: ImportSpec, after: Callable[[nc.Dataset], object] | None = None) -> bool:
        """Start loading; False if a load is already running.

        `after`, when given, is called in the worker thread with the data set read (e.g. to run the
        model's starts, which take seconds on a large table); what it returns is `prepared` when
        `loaded` is emitted (None without it). It reports no progress: `progressed` ends at 1.0.
        """

        def work(job: BackgroundJob):
            try:
                dataset = spec.load(progress=job.report)
            except nc.LoadCancelled:
                return "cancelled", None
            except nc.DataError as error:
                return "failed", error
            return "loaded", (dataset, None if after is None else after(dataset))

        self.prepared = None
        return self._job.start(work)

    def cancel(self) -> None:
        """Stop at the next progress check; nothing is loaded."""
        self._job.cancel()

    def wait(self) -> None:
        """Cancel and block until the worker thread has ended (used at shutdown)."""
        self._job.wait()

    @Slot(object, str)
    def _on_done(self, result, unexpected: str) -> None:
        if self._job.cancelled:  # cancelled after the last check: still nothing is loaded
            self.cancelled.emit()
            return
        if unexpected:
            self.failed.emit(unexpected + " Nothing was loaded.")
            return
        outcome, value = result
        if outcome == "loaded":
            dataset, self.prepared = value
            self.loaded.emit(dataset)
        elif outcome == "failed":
            self.failed.emit(value)
        else:
            self.cancelled.emit()
