"""File → Export → Animation: the half-steps, frame length, size and format, then where to write it.

The frame length, size and whether the objective curve is drawn beside the data are remembered
(QSettings); the range starts as the whole run each time.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
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

from nbviz.translation_marks import QT_TRANSLATE_NOOP

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
from ..widgets.accessible import buddy_label
from ..widgets.guide_links import attach_help
from ..widgets.layouts import left_row, ok_cancel

translate = QCoreApplication.translate

# key: (text in the chooser, suffix of a file, file-dialog filter; "" for a folder)
FORMATS = {
    "gif": (QT_TRANSLATE_NOOP("nbviz", "Animated GIF"), ".gif", QT_TRANSLATE_NOOP("nbviz", "GIF animation (*.gif)")),
    "apng": (
        QT_TRANSLATE_NOOP("nbviz", "Animated PNG (APNG)"),
        ".png",
        QT_TRANSLATE_NOOP("nbviz", "Animated PNG (*.png *.apng)"),
    ),
    "series": (QT_TRANSLATE_NOOP("nbviz", "Numbered PNG frames in a folder"), "", ""),
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
        self.setWindowTitle(translate("nbviz", "Export an animation"))
        if appearance is not None:
            style_window(self, appearance)
        last = max(length - 1, 0)
        self.format_choice = QComboBox()
        for key, (text, _, _) in FORMATS.items():
            self.format_choice.addItem(translate("nbviz", text), key)
        self.first = _spin(0, last, 0)
        self.last = _spin(0, last, last)
        self.first.valueChanged.connect(lambda value: self.last.setMinimum(value))
        self.frame_ms = _spin(20, 10_000, remembered.frame_ms, " ms")
        self.frame_ms.setSingleStep(50)
        self.width_box = _spin(MIN_FRAME[0], MAX_SIDE, remembered.width, " px")
        self.height_box = _spin(MIN_FRAME[1], MAX_SIDE, remembered.height, " px")
        self.objective = QCheckBox(translate("nbviz", "The objective curve beside the data, marking the half-step"))
        self.objective.setChecked(remembered.with_objective)
        self.summary = QLabel()
        form = QFormLayout()
        form.addRow(translate("nbviz", "Format:"), self.format_choice)
        form.addRow(
            buddy_label(translate("nbviz", "Half-steps:"), self.first),
            left_row(
                self.first,
                translate("nbviz", "to"),
                self.last,
                translate("nbviz", "(the run has 0 to {0})").format(last),
            ),
        )
        form.addRow(buddy_label(translate("nbviz", "Each frame:"), self.frame_ms), left_row(self.frame_ms))
        form.addRow(
            buddy_label(translate("nbviz", "Size:"), self.width_box), left_row(self.width_box, "×", self.height_box)
        )
        for box, name in (
            (self.first, translate("nbviz", "First half-step")),
            (self.last, translate("nbviz", "Last half-step")),
            (self.frame_ms, translate("nbviz", "Each frame, in milliseconds")),
            (self.width_box, translate("nbviz", "Width in pixels")),
            (self.height_box, translate("nbviz", "Height in pixels")),
        ):
            box.setAccessibleName(name)
        form.addRow("", self.objective)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        self.buttons = ok_cancel(self, translate("nbviz", "Export…"), self.accept)
        layout.addWidget(self.buttons)
        for box in (self.first, self.last, self.frame_ms):
            box.valueChanged.connect(self._summarise)
        self._summarise()

    def _summarise(self, *_) -> None:
        frames = self.last.value() - self.first.value() + 1
        seconds = frames * self.frame_ms.value() / 1000
        summary = (
            translate("nbviz", "{0} frame, {1:.1f} s in all.")
            if frames == 1
            else translate("nbviz", "{0} frames, {1:.1f} s in all.")
        )
        self.summary.setText(summary.format(frames, seconds))

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
    text, filters = translate("nbviz", text), translate("nbviz", filters) if filters else filters
    if kind == "series":
        folder = QFileDialog.getExistingDirectory(
            window,
            translate("nbviz", "Folder for the PNG frames"),
            window.dialog_directory("export"),
        )
        return folder + "/" if folder else ""
    suggested = window.dialog_directory("export", f"{stem}-animation{suffix}")
    path, _ = QFileDialog.getSaveFileName(
        window, translate("nbviz", "Export the animation ({0})").format(text), suggested, filters
    )
    if path and not Path(path).suffix:
        path += suffix
    return path


def ask_for_animation(window) -> AnimationExport | None:
    """The whole menu command for `window` (a MainWindow): choose, pick a path, export with progress.

    Returns the export under way (None if the user cancelled before it began, or it could not).
    """
    session = window.session
    if not session.has_run:
        window.banner.show_error(
            translate("nbviz", "There is nothing to export yet: load data or choose a preset first.")
        )
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
        window.banner.show_error(translate("nbviz", "Could not export the animation: {0}").format(error))
        return None
    export = AnimationExport(source, window)

    def ended(reason: str) -> None:
        if not reason:
            window.statusBar().showMessage(translate("nbviz", "Exported the animation to {0}").format(path), 6000)
        elif reason != "Cancelled.":
            window.banner.show_error(translate("nbviz", "Could not export the animation: {0}").format(reason))

    export.finished.connect(ended)
    export.start()
    return export
