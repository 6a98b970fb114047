"""The figure export's small dialog: the PNG's size (a scale, a width in pixels, or a print width at a
dpi), presentation mode's sizes and the title; the choices are remembered in the settings (a title's
own words are not: they belong to one figure)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from .render import MAX_SCALE, FigureOptions, print_scale

translate = QCoreApplication.translate

# the scale chooser: its entries (English, as the settings keep them; translated where shown) and scales
SCALES = {
    QT_TRANSLATE_NOOP("nbviz", "1x (as on screen)"): 1.0,
    QT_TRANSLATE_NOOP("nbviz", "2x (sharp on slides)"): 2.0,
    "3x": 3.0,
    "4x": 4.0,
}
SIZE_MODES = ("scale", "width", "print")  # the size chooser's entries, in order
KEY = "figure_export/"  # the settings' group
TITLE_ROOM = 0.75  # of the screen's width: the title field widens to show the default title whole, up to this
TITLE_FRAME = 40  # pixels of the title field that are not text (frame, margins, clear button)


class FigureOptionsDialog(QDialog):
    """Asks how to draw a figure `layout_width` pixels wide; `options()` gives the answer.

    Parameters
    ----------
    settings : QSettings
        Where the last choices are read from and, on OK, written to.
    layout_width : int
        The figure's width on screen in pixels (a width or print size becomes a scale of it).
    png : bool
        Whether the figure is a PNG (the size matters); SVG and PDF only ask for presentation sizes.
    default_title : str
        The title the figure gets when the title field is left empty (its data, model and
        half-step); the empty field shows it, greyed.
    """

    def __init__(
        self, settings: QSettings, layout_width: int, png: bool, default_title: str, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.setWindowTitle(translate("nbviz", "Figure options"))
        self.settings, self.layout_width, self.png = settings, max(int(layout_width), 1), png
        self.mode = QComboBox()
        self.mode.addItems(
            [
                translate("nbviz", "Scale"),
                translate("nbviz", "Width in pixels"),
                translate("nbviz", "Print width at a resolution"),
            ]
        )
        self.scale = QComboBox()
        for text in SCALES:
            self.scale.addItem(translate("nbviz", text), text)
        self.width_box = QSpinBox()
        self.width_box.setRange(100, round(self.layout_width * MAX_SCALE))
        self.width_box.setSuffix(" px")
        self.print_width = QDoubleSpinBox()
        self.print_width.setRange(1.0, 100.0)
        self.print_width.setSuffix(" cm")
        self.dpi = QSpinBox()
        self.dpi.setRange(72, 1200)
        self.dpi.setSuffix(" dpi")
        self.presentation = QCheckBox(translate("nbviz", "Presentation mode's fonts, line widths and point sizes"))
        self.show_title = QCheckBox(translate("nbviz", "A title above the figure"))
        self.title = QLineEdit()
        self.title.setPlaceholderText(default_title)
        self.title.setToolTip(translate("nbviz", "Left empty, the title is: {0}").format(default_title))
        screen = self.screen().availableGeometry().width()
        room = self.title.fontMetrics().horizontalAdvance(default_title) + TITLE_FRAME
        self.title.setMinimumWidth(min(room, round(screen * TITLE_ROOM)))
        self.title.setClearButtonEnabled(True)
        self.show_title.toggled.connect(self.title.setEnabled)
        self.result_size = QLabel()
        form = QFormLayout(self)
        if png:
            form.addRow(translate("nbviz", "Size"), self.mode)
            form.addRow(translate("nbviz", "Scale"), self.scale)
            form.addRow(translate("nbviz", "Width"), self.width_box)
            form.addRow(translate("nbviz", "Print width"), self.print_width)
            form.addRow(translate("nbviz", "Resolution"), self.dpi)
            form.addRow("", self.result_size)
        else:
            form.addRow(QLabel(translate("nbviz", "SVG and PDF are drawings: they stay sharp at any size.")))
        form.addRow(self.presentation)
        form.addRow(self.show_title)
        form.addRow(translate("nbviz", "Title"), self.title)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._read()
        for signal in (
            self.mode.currentIndexChanged,
            self.scale.currentIndexChanged,
            self.width_box.valueChanged,
            self.print_width.valueChanged,
            self.dpi.valueChanged,
        ):
            signal.connect(self._update)
        self._update()

    def _read(self) -> None:
        s = self.settings
        mode = str(s.value(KEY + "mode", "scale"))
        self.mode.setCurrentIndex(SIZE_MODES.index(mode) if mode in SIZE_MODES else 0)
        self.scale.setCurrentIndex(max(0, self.scale.findData(str(s.value(KEY + "scale", next(iter(SCALES)))))))
        self.width_box.setValue(_number(s.value(KEY + "width"), 2 * self.layout_width))
        self.print_width.setValue(_number(s.value(KEY + "print_width"), 16.0))
        self.dpi.setValue(_number(s.value(KEY + "dpi"), 300))
        self.presentation.setChecked(str(s.value(KEY + "presentation", "false")).lower() == "true")
        self.show_title.setChecked(str(s.value(KEY + "title", "true")).lower() == "true")
        self.title.setEnabled(self.show_title.isChecked())

    def _write(self) -> None:
        s = self.settings
        s.setValue(KEY + "mode", SIZE_MODES[self.mode.currentIndex()])
        s.setValue(KEY + "scale", self.scale.currentData())
        s.setValue(KEY + "width", self.width_box.value())
        s.setValue(KEY + "print_width", self.print_width.value())
        s.setValue(KEY + "dpi", self.dpi.value())
        s.setValue(KEY + "presentation", "true" if self.presentation.isChecked() else "false")
        s.setValue(KEY + "title", "true" if self.show_title.isChecked() else "false")
        s.sync()

    def _update(self, *_) -> None:
        mode = SIZE_MODES[self.mode.currentIndex()]
        self.scale.setEnabled(mode == "scale")
        self.width_box.setEnabled(mode == "width")
        self.print_width.setEnabled(mode == "print")
        self.dpi.setEnabled(mode == "print")
        self.result_size.setText(
            translate("nbviz", "The image will be {0} pixels wide.").format(
                round(self.layout_width * self.chosen_scale())
            )
        )

    def chosen_scale(self) -> float:
        """PNG pixels per screen pixel for the size chosen, within `FigureOptions`' range."""
        mode = SIZE_MODES[self.mode.currentIndex()]
        if mode == "width":
            scale = self.width_box.value() / self.layout_width
        elif mode == "print":
            scale = print_scale(self.dpi.value(), self.print_width.value(), self.layout_width)
        else:
            scale = SCALES[self.scale.currentData()]
        return min(max(scale, 0.1), MAX_SCALE)

    def options(self) -> FigureOptions:
        """The options chosen (the print mode also records its dpi in the PNG; an empty title is the default)."""
        dpi = float(self.dpi.value()) if self.png and SIZE_MODES[self.mode.currentIndex()] == "print" else None
        return FigureOptions(
            scale=self.chosen_scale() if self.png else 1.0,
            presentation=self.presentation.isChecked(),
            dpi=dpi,
            show_title=self.show_title.isChecked(),
            title=self.title.text().strip() or None,
        )

    def accept(self) -> None:
        self._write()
        super().accept()


def _number(value, default):
    """A remembered number, or `default` when the setting is missing or not a number."""
    try:
        return type(default)(float(value))
    except (TypeError, ValueError):
        return default
