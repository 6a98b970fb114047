"""The synthesis dialog: choose a family, N, K, D and the true parameters, preview the sample, open it.

The dialog edits the table of `nbviz.app.data.synthesis` (one row per component) and checks it after
every edit: a cell that cannot be used turns red with the reason as its tooltip, every reason is
listed under the table, and OK stays disabled until all are fixed. Changing the family, K or D draws
new parameters from the seed; Randomise draws them from a new seed; changing only the seed keeps
the parameters and draws a new sample. On OK the data are drawn and loaded into the session with a
model of the same family and K, so the workspace overlays the truth and reports the error.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...app.data import synthesis
from ...app.families import presentation
from ...app.model.config import ModelConfig
from ...app.presentation.appearance import Appearance
from ...app.presentation.preferences import SynthesisChoice, read_synthesis, write_synthesis
from ...app.presentation.view_options import ViewOptions
from ...app.run.session import Session
from ..plots.data.prototypes import colour_icon
from ..style.palette import component_color
from ..style.theme import style_window
from ..widgets.layouts import left_row, ok_cancel, resize_within_screen
from .parameter_table import ParameterTable, listed_issues
from .synthesis_preview import SynthesisPreview

translate = QCoreApplication.translate

PREVIEW_ROWS = 2000  # rows drawn for the preview; up to this N the preview shows the very data
PREVIEW_DELAY_MS = 120  # edits within this time share one preview redraw (a drag redraws ~8 times a second)
MEAN_DECIMALS = 2  # a dragged mean is rounded to this many decimals in the table


class SynthesisDialog(QDialog):
    """Synthesise data from chosen true parameters and load it into `session`.

    Parameters
    ----------
    session : Session
        Receives the data on OK; if it refuses them the dialog stays open with the reason.
    parent : QWidget, optional
    settings : QSettings, optional
        Where the last family, N, K, D and seed are read from on opening and stored on OK;
        None (a scripted run) remembers nothing.
    appearance : Appearance, optional
        The window's; without one the dialog keeps its own (light, normal size).

    Attributes
    ----------
    table : QTableWidget
        One row per component, the columns of `synthesis.columns`.
    issues_label : QLabel
        The reasons the table cannot be used (empty when it can).
    check : synthesis.TableCheck
        The latest check of the table.
    """

    def __init__(
        self,
        session: Session,
        parent=None,
        settings=None,
        *,
        appearance: Appearance | None = None,
        view_options: ViewOptions | None = None,
    ):
        super().__init__(parent)
        self.session = session
        self.settings = settings
        self.appearance = appearance if appearance is not None else Appearance(self)
        style_window(self, self.appearance)  # before the widgets, so they are sized for its font
        self.setWindowTitle(translate("nbviz", "Synthesise data"))
        self._filling = False  # True while the dialog writes cells itself
        self.check = synthesis.TableCheck(None, ())
        self._size_problem: str | None = None

        self.family_box = QComboBox()
        for name in synthesis.FAMILIES:
            self.family_box.addItem(translate("nbviz", presentation(name).title), name)
        self.n_spin = _spin(1, 1_000_000, 500, translate("nbviz", "Number of data rows to draw"))
        self.k_spin = _spin(
            1, 12, 3, translate("nbviz", "Number of true components (changing it draws new parameters)")
        )
        self.d_spin = _spin(1, 8, 2, "")
        self.d_label = QLabel()
        self.d_label.setBuddy(self.d_spin)
        self.seed_spin = _spin(
            0, 2**31 - 1, 0, translate("nbviz", "Seed of the random sample (the parameters stay as they are)")
        )
        self.length_spin = _spin(
            1, 100_000, synthesis.DEFAULT_DOCUMENT_LENGTH, translate("nbviz", "Words in each document")
        )
        self.length_label = QLabel(translate("nbviz", "Words per document"))
        self.length_label.setBuddy(self.length_spin)
        self.randomise_button = QPushButton(translate("nbviz", "Randomise"))
        self.randomise_button.setToolTip(translate("nbviz", "New random parameters from a new seed"))
        self.normalise_button = QPushButton(translate("nbviz", "Normalise weights"))
        form = QFormLayout()
        form.addRow(translate("nbviz", "Family"), self.family_box)
        form.addRow(translate("nbviz", "Rows N"), self.n_spin)
        form.addRow(translate("nbviz", "Components K"), self.k_spin)
        form.addRow(self.d_label, self.d_spin)
        form.addRow(self.length_label, self.length_spin)
        form.addRow(translate("nbviz", "Seed"), self.seed_spin)
        form.addRow(left_row(self.randomise_button, self.normalise_button))

        self.table = ParameterTable()
        self.table.setAccessibleName(translate("nbviz", "True parameters"))
        self.table.horizontalHeader().setDefaultSectionSize(72)
        self.issues_label = QLabel()
        self.issues_label.setWordWrap(True)
        self.issues_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.issues_label.setTextFormat(Qt.TextFormat.RichText)
        self.preview = SynthesisPreview(self.appearance, view_options=view_options)
        self.preview.setMinimumSize(360, 300)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(form)
        table_title = QLabel(translate("nbviz", "True parameters (one row per component; edit any cell):"))
        table_title.setWordWrap(True)  # the dialog fits a 1024-pixel projector at presentation fonts
        left_layout.addWidget(table_title)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.issues_label)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.preview)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.buttons = ok_cancel(self, translate("nbviz", "Synthesise and open"), self.accept)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)

        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.setInterval(PREVIEW_DELAY_MS)
        self._preview_timer.timeout.connect(self.redraw_preview)

        self.family_box.currentIndexChanged.connect(self._family_changed)
        self.k_spin.valueChanged.connect(self._shape_changed)
        self.d_spin.valueChanged.connect(self._shape_changed)
        for spin in (self.n_spin, self.seed_spin, self.length_spin):
            spin.valueChanged.connect(self._settings_changed)
        self.randomise_button.clicked.connect(self.randomise)
        self.normalise_button.clicked.connect(self.normalise)
        self.table.itemChanged.connect(self._cell_edited)
        self.preview.mean_dragged.connect(self.move_mean)
        self._family_changed()
        if settings is not None:
            self.restore_choice(read_synthesis(settings, synthesis.FAMILIES))
        resize_within_screen(self, 1080, 620)
        self.appearance.changed.connect(self.apply_appearance)
        self.apply_appearance()

    def apply_appearance(self) -> None:
        """Palette, font, the problem colour and the component swatches for the appearance."""
        style_window(self, self.appearance)
        self.table.horizontalHeader().setDefaultSectionSize(round(self.appearance.font_size(72)))
        self.issues_label.setStyleSheet(f"color: {self.appearance.error_text};")
        for k in range(self.table.rowCount()):
            header = self.table.verticalHeaderItem(k)
            if header is not None:
                header.setIcon(colour_icon(component_color(k, self.appearance.dark)))
        self.revalidate()

    # ----------------------------------------------------------------- what the dialog holds
    @property
    def family(self) -> str:
        return self.family_box.currentData()

    @property
    def n_features(self) -> int:
        return self.d_spin.value()

    def cells(self) -> list[list[str]]:
        """The table's text, row by row."""
        return [
            [self._cell(k, c).text() for c in range(self.table.columnCount())] for k in range(self.table.rowCount())
        ]

    def _cell(self, k: int, c: int) -> QTableWidgetItem:
        """The table's item in row `k`, column `c`; `set_parameters` fills every cell."""
        item = self.table.item(k, c)
        assert item is not None, f"synthesis table cell ({k}, {c}) is empty"
        return item

    def set_parameters(self, model) -> None:
        """Show `model`'s parameters in the table (K and D follow the model)."""
        self._filling = True
        try:
            for spin, value in ((self.k_spin, model.n_components), (self.d_spin, model.n_features)):
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
            columns = synthesis.columns(model.family, model.n_features)
            values = synthesis.table_from_truth(model)
            self.table.clear()
            self.table.setRowCount(model.n_components)
            self.table.setColumnCount(len(columns))
            self.table.setHorizontalHeaderLabels([column.header for column in columns])
            for c, column in enumerate(columns):
                header_item = self.table.horizontalHeaderItem(c)
                assert header_item is not None  # set by setHorizontalHeaderLabels just above
                header_item.setToolTip(column.description)
            for k in range(model.n_components):
                header = QTableWidgetItem(str(k + 1))
                header.setIcon(colour_icon(component_color(k, self.appearance.dark)))
                self.table.setVerticalHeaderItem(k, header)
                for c in range(len(columns)):
                    self.table.setItem(k, c, QTableWidgetItem(_format(values[k, c])))
        finally:
            self._filling = False
        self.revalidate()

    def problem(self):
        """The data the dialog would open, or None while the table is invalid."""
        model = self.check.model  # None while the table is invalid (not check.ok)
        if model is None or self._size_problem:
            return None
        return synthesis.synthesised_problem(
            model, self.n_spin.value(), self.seed_spin.value(), self.length_spin.value()
        )

    def config(self) -> ModelConfig:
        """The model the workspace fits: the same family and number of components."""
        return ModelConfig(family=self.family, n_components=self.k_spin.value())

    def choice(self) -> SynthesisChoice:
        """The family, N, K, D and seed shown now."""
        return SynthesisChoice(
            self.family, self.n_spin.value(), self.k_spin.value(), self.n_features, self.seed_spin.value()
        )

    def restore_choice(self, choice: SynthesisChoice) -> None:
        """Show the remembered `choice`; a field that is None or outside its box's range keeps the default."""
        index = self.family_box.findData(choice.family) if choice.family is not None else -1
        if index >= 0:
            self.family_box.setCurrentIndex(index)  # sets the family's D range
        boxes = (
            (self.n_spin, choice.n),
            (self.k_spin, choice.k),
            (self.d_spin, choice.d),
            (self.seed_spin, choice.seed),
        )
        for spin, value in boxes:
            if value is not None and spin.minimum() <= value <= spin.maximum():
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self._draw_parameters()

    # ----------------------------------------------------------------- user actions
    def randomise(self) -> None:
        """New random parameters from a new seed."""
        seed = random.SystemRandom().randrange(2**31 - 1)
        self.seed_spin.blockSignals(True)
        self.seed_spin.setValue(seed)
        self.seed_spin.blockSignals(False)
        self._draw_parameters()

    def normalise(self) -> None:
        """Scale the weights (and, for a multinomial mixture, each word distribution) to sum to 1."""
        failures = self.table.normalise(synthesis.recipe(self.family).simplex_rows, (4, 6), _format)
        self.revalidate()
        if failures:
            self._show_messages(failures + ([self.issues_label.text()] if self.issues_label.text() else []))

    def move_mean(self, k: int, x: float, y: float) -> None:
        """Set component `k`'s mean of x1 (and x2, with two or more features) to a dragged position."""
        columns = synthesis.columns(self.family, self.n_features)
        means = {column.feature: c for c, column in enumerate(columns) if column.kind == "mean"}
        if not means or not 0 <= k < self.table.rowCount():
            return  # a family without means has nothing to drag
        targets = [(means[0], x)] + ([(means[1], y)] if 1 in means else [])
        self._filling = True
        try:
            for c, value in targets:
                self._cell(k, c).setText(_format(round(value, MEAN_DECIMALS)))
        finally:
            self._filling = False
        self.revalidate()

    def accept(self) -> None:
        """Draw the data and load it; stay open with the reason if that fails."""
        problem = self.problem()
        if problem is None:
            return
        outcome = self.session.load(problem, self.config())
        if outcome:
            if self.settings is not None:
                write_synthesis(self.settings, self.choice())
                self.settings.sync()
            super().accept()
        else:
            self._show_messages([_escape(outcome.reason or translate("nbviz", "The data could not be opened."))])

    # ----------------------------------------------------------------- reacting to edits
    def _family_changed(self) -> None:
        recipe = synthesis.recipe(self.family)
        low, high = recipe.feature_range
        self.d_spin.blockSignals(True)
        self.d_spin.setRange(low, high)
        self.d_spin.setValue(recipe.default_features)
        self.d_spin.blockSignals(False)
        self.d_label.setText(translate("nbviz", recipe.features_label))
        self.d_spin.setToolTip(
            translate("nbviz", "Number of {0} (changing it draws new parameters)").format(
                translate("nbviz", recipe.features_noun)
            )
        )
        self.length_label.setVisible(recipe.asks_document_length)
        self.length_spin.setVisible(recipe.asks_document_length)
        self.normalise_button.setText(translate("nbviz", recipe.normalise_text))
        rows = (
            ""
            if recipe.simplex_rows is None
            else translate("nbviz", " and each component's {0}").format(translate("nbviz", recipe.simplex_rows))
        )
        self.normalise_button.setToolTip(translate("nbviz", "Scale the weights{0} to sum to 1").format(rows))
        self._draw_parameters()

    def _shape_changed(self) -> None:
        self._draw_parameters()

    def _draw_parameters(self) -> None:
        model = synthesis.random_truth(self.family, self.k_spin.value(), self.n_features, self.seed_spin.value())
        self.set_parameters(model)

    def _settings_changed(self) -> None:
        self.revalidate()

    def _cell_edited(self, _item) -> None:
        if not self._filling:
            self.revalidate()

    def revalidate(self) -> None:
        """Check the table, mark the cells at fault, enable OK accordingly and schedule a preview."""
        self.check = synthesis.check_table(self.family, self.cells(), self.n_features)
        self._size_problem = synthesis.check_size(self.n_spin.value(), self.n_features)
        marked = self.check.cell_messages()
        columns = synthesis.columns(self.family, self.n_features)
        self._filling = True
        try:
            for k in range(self.table.rowCount()):
                for c in range(self.table.columnCount()):
                    item = self._cell(k, c)
                    reason = marked.get((k, c))
                    item.setBackground(QColor(self.appearance.problem_background) if reason else QBrush())
                    item.setToolTip(
                        reason or translate("nbviz", "component {0}: {1}").format(k + 1, columns[c].description)
                    )
        finally:
            self._filling = False
        messages = [issue.message for issue in self.check.issues]
        if self._size_problem:
            messages.append(self._size_problem)
        self._show_messages([_escape(text) for text in listed_issues(messages)])
        valid = self.check.ok and not self._size_problem
        self.ok_button.setEnabled(valid)
        if self.check.ok:
            if not self._preview_timer.isActive():  # at most one redraw per delay, even while dragging
                self._preview_timer.start()
        else:
            self._preview_timer.stop()
            self.preview.show_paused(translate("nbviz", "fix the cells marked in red."))

    def _show_messages(self, lines: list[str]) -> None:
        """Show `lines` (rich text) under the table; hide the label when there are none."""
        self.issues_label.setText("<br>".join(lines))
        self.issues_label.setVisible(bool(lines))

    def redraw_preview(self) -> None:
        """Draw a sample of the current parameters (at most `PREVIEW_ROWS` rows)."""
        model = self.check.model  # None while the table is invalid (not check.ok)
        if model is None:
            return
        n = self.n_spin.value()
        options = synthesis.sample_options(model.family, self.length_spin.value())
        X, z = model.sample(min(n, PREVIEW_ROWS), rng=self.seed_spin.value(), **options)
        self.preview.show_sample(model, X, z, n)


def _spin(low: int, high: int, value: int, tip: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setGroupSeparatorShown(True)
    spin.setToolTip(tip)
    return spin


def _format(value: float) -> str:
    """A table cell's text: up to 6 significant digits (generated and normalised values are exact)."""
    text = f"{float(value):.6g}"
    return "0" if text == "-0" else text


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
