"""Unexpected errors: shown in a dialog, written to a log, and the app keeps running.

PySide6 only prints an exception raised in a slot (or in a worker thread) and carries on; a user
would see nothing. `ExceptionReporter.install` routes every uncaught exception — in the GUI thread,
in Qt slots and in other threads — to a dialog with the message, the details behind a button and a
"Copy details" button, and appends the traceback to a log file. Nothing the user has open is
touched: the slot that failed simply did not finish.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QMessageBox

import nbviz

from ...app.presentation.state_folder import log_path

translate = QCoreApplication.translate

log = logging.getLogger("nbviz")

SysExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], Any]
ThreadingExceptHook = Callable[[threading.ExceptHookArgs], Any]


def default_log_path() -> Path:
    """The message log (Help → Message log shows it)."""
    return log_path()


class ExceptionReporter(QObject):
    """Shows uncaught exceptions from any thread in a dialog on the GUI thread.

    Attributes
    ----------
    dialog : QMessageBox or None
        The dialog for the latest error (kept until closed).
    log_path : Path
    """

    reported = Signal(str, str)  # one-line message, full details; queued to the GUI thread

    def __init__(self, parent_window=None, log_path: Path | None = None):
        super().__init__()
        self.parent_window = parent_window
        self.log_path = Path(log_path) if log_path is not None else default_log_path()
        self.dialog: QMessageBox | None = None
        self._previous: tuple[SysExceptHook, ThreadingExceptHook] | None = None
        self._handler: logging.FileHandler | None = None
        self.reported.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def install(self) -> ExceptionReporter:
        self._previous = (sys.excepthook, threading.excepthook)
        sys.excepthook = self.handle
        threading.excepthook = lambda args: self.handle(args.exc_type, args.exc_value, args.exc_traceback)
        try:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(self.log_path, encoding="utf-8")
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
            log.addHandler(handler)
            self._handler = handler
        except OSError:
            self._handler = None  # no log file: the dialog still shows the details
        return self

    def uninstall(self) -> None:
        if self._previous is not None:
            sys.excepthook, threading.excepthook = self._previous
            self._previous = None
        if self._handler is not None:
            log.removeHandler(self._handler)
            self._handler.close()
            self._handler = None

    def handle(self, exc_type, exc_value, exc_traceback) -> None:
        """The excepthook: log the traceback and ask the GUI thread to show it."""
        if issubclass(exc_type, KeyboardInterrupt):
            QApplication.quit()
            return
        details = "".join(traceback.format_exception(exc_type, exc_value, exc_traceback))
        versions = f"nbviz {nbviz.__version__}, Python {sys.version.split()[0]}"
        log.error("uncaught exception (%s)\n%s", versions, details)
        message = f"{exc_type.__name__}: {exc_value}" if str(exc_value) else exc_type.__name__
        self.reported.emit(message, f"{versions}\n\n{details}")

    def _show(self, message: str, details: str) -> None:
        box = QMessageBox(self.parent_window)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle(translate("nbviz", "nbviz — unexpected error"))
        box.setText(
            translate(
                "nbviz", "Something went wrong inside nbviz. What you had open is unchanged and you can go on working."
            )
        )
        box.setInformativeText(translate("nbviz", "{0}\n\nThe details are in {1}.").format(message, self.log_path))
        box.setDetailedText(details)
        copy = box.addButton(translate("nbviz", "Copy details"), QMessageBox.ButtonRole.ActionRole)
        copy.clicked.disconnect()  # keep the dialog open after copying
        copy.clicked.connect(lambda: QApplication.clipboard().setText(details))
        box.addButton(QMessageBox.StandardButton.Close)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.dialog = box
