"""File → Export → Animation: the half-steps, frame length, size and format, then where to write it.

The frame length, size and whether the objective curve is drawn beside the data are remembered
(QSettings); the range starts as the whole run each time.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
)

from ...app.data.animation_files import WriteError
from ...app.presentation.preferences import write_directory
from ..figures.animation import (
    AnimationChoices,
    AnimationExport,
    FrameSource,
    read_choices,
    window_services,
    write_choices,
)
from ..figures.frames import MIN_FRAME
from ..style.theme import style_window
from ..widgets.guide_links import attach_help
from ..widgets.layouts import left_row, ok_cancel

# key: (text in the chooser, suffix of a file, file-dialog filter; "" for a folder)
FORMATS = {
    "gif": ("Animated GIF", ".gif", "GIF animation (*.gif)"),
    "apng": ("Animated PNG (APNG)", ".png", "Animated PNG (*.png *.apng)"),
    "series": ("Numbered PNG frames in a folder", "", ""),
}
MAX_SIDE = 4096


def _spin(low: int, high: int, value: int, suffix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(min(max(value, low), high))
    box.setSuffix(suffix)
    return box


class AnimationDialog(QDialog):
    """Choose what an animation of the session's run shows and how.

    Parameters
    ----------
    length : int
        Half-steps in the run (the range is 0 to length - 1).
    remembered : AnimationChoices
        Frame length, size and objective choice to start from.
    """

    def __init__(self, length: int, remembered: AnimationChoices, parent=None, appearance=None):
        super().__init__(parent)
        self.setWindowTitle("Export an animation")
        if appearance is not None:
            style_window(self, appearance)
        last = max(length - 1, 0)
        self.format_choice = QComboBox()
        for key, (text, _, _) in FORMATS.items():
            self.format_choice.addItem(text, key)
        self.first = _spin(0, last, 0)
        self.last = _spin(0, last, last)
        self.first.valueChanged.connect(lambda value: self.last.setMinimum(value))
        self.frame_ms = _spin(20, 10_000, remembered.frame_ms, " ms")
        self.frame_ms.setSingleStep(50)
        self.width_box = _spin(MIN_FRAME[0], MAX_SIDE, remembered.width, " px")
        self.height_box = _spin(MIN_FRAME[1], MAX_SIDE, remembered.height, " px")
        self.objective = QCheckBox("The objective curve beside the data, marking the half-step")
        self.objective.setChecked(remembered.with_objective)
        self.summary = QLabel()
        form = QFormLayout()
        form.addRow("Format:", self.format_choice)
        form.addRow("Half-steps:", left_row(self.first, "to", self.last, f"(the run has 0 to {last})"))
        form.addRow("Each frame:", left_row(self.frame_ms))
        form.addRow("Size:", left_row(self.width_box, "×", self.height_box))
        form.addRow("", self.objective)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        self.buttons = ok_cancel(self, "Export…", self.accept)
        layout.addWidget(self.buttons)
        for box in (self.first, self.last, self.frame_ms):
            box.valueChanged.connect(self._summarise)
        self._summarise()

    def _summarise(self, *_) -> None:
        frames = self.last.value() - self.first.value() + 1
        seconds = frames * self.frame_ms.value() / 1000
        self.summary.setText(f"{frames} frame{'s' if frames != 1 else ''}, {seconds:.1f} s in all.")

    @property
    def kind(self) -> str:
        """ "gif", "apng" or "series"."""
        return self.format_choice.currentData()

    def choices(self) -> AnimationChoices:
        return AnimationChoices(
            self.first.value(),
            self.last.value(),
            self.frame_ms.value(),
            self.width_box.value(),
            self.height_box.value(),
            self.objective.isChecked(),
        )


def ask_for_path(window, kind: str) -> str:
    """Where to write an animation of `kind` (a file dialog, or a folder dialog for PNG frames); "" if cancelled."""
    problem = window.session.problem
    stem = Path(problem.name).stem if problem is not None else "nbviz"
    text, suffix, filters = FORMATS[kind]
    if kind == "series":
        folder = QFileDialog.getExistingDirectory(
            window, "Folder for the PNG frames", window.dialog_directory("export")
        )
        return folder + "/" if folder else ""
    suggested = window.dialog_directory("export", f"{stem}-animation{suffix}")
    path, _ = QFileDialog.getSaveFileName(window, f"Export the animation ({text})", suggested, filters)
    if path and not Path(path).suffix:
        path += suffix
    return path


def ask_for_animation(window) -> AnimationExport | None:
    """The whole menu command for `window` (a MainWindow): choose, pick a path, export with progress.

    Returns the export under way (None if the user cancelled before it began, or it could not).
    """
    session = window.session
    if not session.has_run:
        window.banner.show_error("There is nothing to export yet: load data or choose a preset first.")
        return None
    dialog = AnimationDialog(len(session.history), read_choices(window.settings, len(session.history)), window)
    attach_help(dialog)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    choices = dialog.choices()
    write_choices(window.settings, choices)
    path = ask_for_path(window, dialog.kind)
    if not path:
        return None
    if window.remember_layout:  # a scripted run leaves the user's settings alone
        write_directory(window.settings, "export", path.rstrip("/"))
    return start_animation(window, path, choices)


def start_animation(window, path: str, choices: AnimationChoices) -> AnimationExport | None:
    """Start exporting `choices` to `path` from `window`, with a progress dialog; None if it cannot start."""
    try:
        source = FrameSource(window.session, path, choices, **window_services(window))
    except (ValueError, WriteError) as error:
        window.banner.show_error(f"Could not export the animation: {error}")
        return None
    export = AnimationExport(source, window)

    def ended(reason: str) -> None:
        if not reason:
            window.statusBar().showMessage(f"Exported the animation to {path}", 6000)
        elif reason != "Cancelled.":
            window.banner.show_error(f"Could not export the animation: {reason}")

    export.finished.connect(ended)
    export.start()
    return export
