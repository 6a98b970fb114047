"""Documents the system hands the running app: on macOS a session double-clicked in Finder, dropped on
the Dock icon or opened with "Open With" arrives as a ``QFileOpenEvent`` sent to the application,
not on the command line.

`FileOpenHandler` opens each one exactly as a file dropped onto the window (`MainWindow.open_dropped`):
half-steps not saved yet are offered to be saved first, as on closing; then a session opens at its
half-step, a data file in the import preview. While a dialog holds the window, the file waits and
opens when it closes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication


class FileOpenHandler(QObject):
    """An event filter on the application that opens the files of ``QEvent.FileOpen`` with `open_path`.

    Parameters
    ----------
    open_path : callable
        ``open_path(path)``, as a dropped file is opened.
    parent : QObject, optional

    Attributes
    ----------
    waiting : list of str
        Files that arrived while a modal dialog was open, opened once it closes.
    """

    def __init__(self, open_path: Callable[[str], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._open_path = open_path
        self.waiting: list[str] = []

    def install(self, app: QCoreApplication) -> FileOpenHandler:
        app.installEventFilter(self)
        return self

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.FileOpen:
            return False
        path = event.file()  # type: ignore[attr-defined]
        if not path:
            return False  # a URL, not a file: nothing of nbviz's
        self.waiting.append(path)
        self._open_waiting()
        return True

    def _open_waiting(self) -> None:
        if QApplication.activeModalWidget() is not None:  # a dialog holds the window: try again later
            QTimer.singleShot(250, self, self._open_waiting)
            return
        while self.waiting:
            self._open_path(self.waiting.pop(0))
