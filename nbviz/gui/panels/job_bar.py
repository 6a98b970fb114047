"""Run / Cancel buttons with a progress bar and a status line, for a panel's background job."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from ...app.explore.explore import Explorer, FitAgain
from ...app.presentation.appearance import Appearance

translate = QCoreApplication.translate

if TYPE_CHECKING:
    from ...app.data.problem import Problem


class _ProblemResult(Protocol):
    """A job's result that names the data it was computed for (`KChoice`, `RestartGallery`)."""

    @property
    def problem(self) -> Problem: ...


class JobBar(QWidget):
    """Starts a job through `run_requested`, follows an `Explorer`'s progress, cancels it.

    Run is disabled while the job runs and while the session is busy (a run to convergence is
    going); Cancel only while the job runs. The status line's error colour follows `appearance`
    (the panel's; without one the bar keeps its own, light one).
    """

    run_requested = Signal()

    def __init__(self, explorer: Explorer, run_text: str, parent=None, *, appearance: Appearance | None = None):
        super().__init__(parent)
        self.explorer = explorer
        self.appearance = appearance if appearance is not None else Appearance(self)
        self._error = False
        self.run_button = QPushButton(run_text)
        self.cancel_button = QPushButton(translate("nbviz", "Cancel"))
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(12)
        self.status = QLabel()
        self.status.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)

        self.run_button.clicked.connect(self.run_requested)
        self.cancel_button.clicked.connect(self._cancel)
        explorer.progressed.connect(self._progressed)
        explorer.finished.connect(self.update_enabled)
        explorer.failed.connect(self._failed)
        explorer.session.busy_changed.connect(self.update_enabled)
        explorer.session.problem_changed.connect(self.update_enabled)
        self.progress.hide()
        self.status.hide()
        self.update_enabled()
        self.appearance.changed.connect(self.apply_appearance)

    def apply_appearance(self) -> None:
        self._show_error(self._error)

    def started(self, text: str, known_length: bool = True) -> None:
        """Call after the job has started; without `known_length` the bar only shows it is busy."""
        self.progress.setRange(0, 1000 if known_length else 0)
        self.progress.setValue(0)
        self.progress.show()
        self._show_error(False)
        self.status.setText(text)
        self.status.show()
        self.update_enabled()

    def is_current(self, result, kind: type[_ProblemResult], what: str) -> bool:
        """True if `result` (announced by the explorer) is a `kind` for the session's data.

        A result for data replaced while the job ran is dropped, and the status line says so
        ("The data changed while the `what` ran; ...").
        """
        if not isinstance(result, kind):
            return False
        if result.problem is not self.explorer.session.problem:
            self.show_message(translate("nbviz", "The data changed while the {0} ran; run them again.").format(what))
            return False
        return True

    def is_current_fit(self, fit: FitAgain) -> bool:
        """True if `fit` (a fit made again, announced by the explorer) is for the session's data and
        was not cancelled; it may still have failed (``fit.error``, the panel's to show).

        Otherwise nothing is to be loaded and the status line says why.
        """
        if fit.problem is not self.explorer.session.problem:
            self.show_message(
                translate("nbviz", "The data changed while {0} was made again; nothing was loaded.").format(fit.what)
            )
            return False
        if fit.cancelled:
            self.show_message(
                translate("nbviz", "Cancelled: {0} was not loaded; the workspace is as it was.").format(fit.what)
            )
            return False
        return True

    def show_message(self, text: str, error: bool = False) -> None:
        self.progress.hide()
        self._show_error(error)
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def _show_error(self, error: bool) -> None:
        """The status line in the appearance's problem colour (an error) or the normal text colour."""
        self._error = error
        self.status.setStyleSheet(f"color: {self.appearance.error_text};" if error else "")

    def update_enabled(self, *_) -> None:
        running = self.explorer.running
        session = self.explorer.session
        self.run_button.setEnabled(not running and not session.busy and session.problem is not None)
        self.cancel_button.setEnabled(running)
        if not running:
            self.progress.hide()

    def _progressed(self, fraction: float, text: str) -> None:
        if math.isnan(fraction):  # how much is left is not known: a busy bar
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(round(1000 * fraction)))
        self.status.setText(text)

    def _failed(self, message: str) -> None:
        self.show_message(message, error=True)
        self.update_enabled()

    def _cancel(self) -> None:
        self.explorer.cancel()
        self.status.setText(translate("nbviz", "Cancelling after the fit in progress…"))
        self.cancel_button.setEnabled(False)
