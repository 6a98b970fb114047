"""File → Classify new data…: choose a file, classify its rows under the model shown, choose where to save.

The file is read and classified in a worker thread (`nbviz.app.data.classify`), under the model at the
cursor when the command was given; the result is written in the responsibilities export's format.
A file that cannot be read or classified is named in the banner, and nothing is written.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QMainWindow

import nbviz.core as nc
from nbviz.app.data.classify import Classified, classify_file, write_classified
from nbviz.app.jobs.background import BackgroundJob

from ...app.run.session import Session
from ..widgets.banner import MessageBanner
from .file_commands import DialogFolders

translate = QCoreApplication.translate

DATA_FILTER = "Data (*.csv *.tsv *.txt *.npy);;All files (*)"


class ClassifyFlow(QObject):
    """Classifies a new file for a main window (its session, banner, status bar and file dialogs).

    Parameters
    ----------
    window : QMainWindow
        The file dialogs' parent; its status bar says what is going on.
    session : Session
    folders : DialogFolders
        Where the file dialogs open.
    banner : MessageBanner
        Where a failure is said.

    Signals
    -------
    classified(object) : the `nbviz.app.data.classify.Classified` result, before asking where to save it
    written(str) : the file written
    failed(str) : why nothing was written (also shown in the window's banner)
    """

    classified = Signal(object)
    written = Signal(str)
    failed = Signal(str)

    def __init__(self, window: QMainWindow, session: Session, folders: DialogFolders, banner: MessageBanner):
        super().__init__(window)
        self.window, self.session, self.folders, self.banner = window, session, folders, banner
        self._job = BackgroundJob(self, on_finished=self._done)
        self._names: list[str] = []
        self._source = ""

    @property
    def running(self) -> bool:
        return self._job.running

    def choose(self) -> None:
        """Ask for the new file, then classify it (the save dialog follows when it is done)."""
        path, _ = QFileDialog.getOpenFileName(
            self.window,
            translate("nbviz", "Classify new data"),
            self.folders.folder("open"),
            DATA_FILTER,
        )
        if path:
            self.start(path)

    def start(self, path: str) -> bool:
        """Read and classify `path` in the background; False (and a message) if that cannot start."""
        session = self.session
        if not session.has_run:
            return self._fail(
                translate("nbviz", "There is no model to classify with yet: load data or choose a preset first.")
            )
        if self._job.running:
            return self._fail(translate("nbviz", "A file is being classified already; wait for it to finish."))
        problem, snapshot = session.problem, session.snapshot
        assert problem is not None and snapshot is not None  # has_run
        model = snapshot.model
        self._names, self._source = session.component_names(), path

        def work(job: BackgroundJob):
            try:
                return classify_file(problem, model, path, progress=job.report)
            except nc.LoadCancelled:
                return None
            except (OSError, ValueError) as error:  # DataError is a ValueError
                return str(error)

        self._job.start(work)
        self.window.statusBar().showMessage(translate("nbviz", "Classifying {0}…").format(Path(path).name))
        return True

    def _fail(self, message: str) -> bool:
        self.banner.show_error(message)
        self.failed.emit(message)
        return False

    @Slot(object, str)
    def _done(self, result, unexpected: str) -> None:
        self.window.statusBar().clearMessage()
        name = Path(self._source).name
        if unexpected or isinstance(result, str):
            self._fail(translate("nbviz", "Cannot classify {0}: {1}").format(name, unexpected or result))
            return
        if result is None:
            return
        self.classified.emit(result)
        suggested = self.folders.folder("export", Path(name).stem + "-classified.csv")
        path, _ = QFileDialog.getSaveFileName(
            self.window, translate("nbviz", "Save the classified rows"), suggested, "CSV (*.csv)"
        )
        if path:
            self.save(result, path if Path(path).suffix else path + ".csv")

    def save(self, result: Classified, path: str) -> bool:
        """Write `result` to `path`; a message in the banner if it cannot be written."""
        try:
            write_classified(path, result, self._names)
        except OSError as error:
            return self._fail(translate("nbviz", "Could not write {0}: {1}").format(path, error))
        n, left = result.problem.n_samples, len(result.unassigned)
        dropped = len(result.problem.context.dropped_rows) if result.problem.context is not None else 0
        note = (
            translate("nbviz", " ({0} without an assignment; see unassigned_reason)").format(left + dropped)
            if left + dropped
            else ""
        )
        self.window.statusBar().showMessage(
            translate("nbviz", "Classified {0} rows of {1}{2}").format(n - left, Path(self._source).name, note), 8000
        )
        self.written.emit(path)
        return True
