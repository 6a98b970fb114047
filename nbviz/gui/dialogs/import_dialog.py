"""The import dialog: preview a data file, correct how it is read, choose column roles, load it.

The file is loaded in a worker thread (`nbviz.app.data.loader.DataLoader`) with a progress dialog;
errors come back into the dialog, so the user can correct the choices; nothing outside the
dialog changes until a data set has been read and adopted.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QLabel,
    QProgressDialog,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import nbviz.core as nc

from ...app.data.import_spec import ImportSpec
from ...app.data.loader import DataLoader
from ...app.data.problem import Problem
from ...app.families import family_for_table, presentation
from ...app.model.config import FAMILY_LABELS, MAX_COMPONENTS, ModelConfig, without_covariance_prior
from ...app.model.model_fit import fitting_model, model_problem
from ...app.presentation.appearance import Appearance
from ...core.tables.columns import ROLES, guess_roles, is_missing, is_number, text_columns
from ..style.theme import style_window
from ..widgets.accessible import buddy_label
from ..widgets.banner import message_style
from ..widgets.layouts import left_row, ok_cancel, resize_within_screen
from .import_choices import DECIMALS, DELIMITERS
from .import_notes import USE_ANSWERS, answers_note, answers_roles, heading, lines_text, summary
from .standardize_row import StandardizeRow

translate = QCoreApplication.translate

PREVIEW_ROWS = 20
# the preview table's least height in rows (its header, the roles and a few lines): the wrapped notes
# around it, which a dialog's least size does not count, keep their room on a 1024x768 screen
LEAST_TABLE_ROWS = 6


class ImportDialog(QDialog):
    """Preview and options for reading one data file.

    Parameters
    ----------
    path : str
        The data file (delimited text or ``.npy``).
    adopt : callable, optional
        ``adopt(dataset, spec, config)`` is called with the loaded data set and the model chosen in
        the dialog; it returns None when the data was taken (the dialog closes) or a message saying
        why not (shown, the dialog stays). Without it the dialog closes and leaves the data set in
        `dataset`.
    config : ModelConfig, optional
        The model shown first (its family follows the data until the user chooses one).
    appearance : Appearance, optional
        The window's presentation mode and colour scheme, which the dialog follows (default: light).
    prepare : callable, optional
        ``prepare(dataset, spec, config, standardise)`` runs in the loading thread once the file is
        read (the model's starts, which take seconds on a large table); what it returns is passed to
        `adopt` as a fourth argument.

    Attributes
    ----------
    dataset : nbviz.core.Dataset or None
        The loaded data set once the dialog was accepted.
    """

    def __init__(
        self,
        path: str,
        parent=None,
        adopt: Callable[[nc.Dataset, ImportSpec, ModelConfig], str | None] | None = None,
        appearance: Appearance | None = None,
        config: ModelConfig | None = None,
        prepare: Callable[[nc.Dataset, ImportSpec, ModelConfig, str | None], object] | None = None,
    ):
        super().__init__(parent)
        self.appearance = appearance if appearance is not None else Appearance(self)
        style_window(self, self.appearance)  # before the widgets, so they are sized for its font
        self._message_kind = ""
        self.path = os.fspath(path)
        self.adopt = adopt
        self.prepare = prepare
        self.dataset: nc.Dataset | None = None
        self.spec: ImportSpec | None = None
        self.preview: nc.Preview | None = None
        self._text_columns: set[int] = set()
        self.identifiers: tuple[tuple[int, str], ...] = ()  # columns left out as naming the rows, and why
        self._marked: list = []  # (table row, columns) coloured for the current message
        self._progress: QProgressDialog | None = None
        # a window-modal progress dialog handles events inside setValue, where the load can end:
        # its ending then waits until setValue has returned (the dialog is not deleted under it)
        self._setting_progress = False
        self._ending: Callable[[], None] | None = None
        self._fraction: float | None = None  # the latest report, until it is drawn
        self.loader = DataLoader(self)
        self.loader.progressed.connect(self._load_progressed)
        self.loader.loaded.connect(self._loaded)
        self.loader.failed.connect(self._load_failed)
        self.loader.cancelled.connect(self._load_cancelled)
        self.setWindowTitle(translate("nbviz", "Import {0}").format(os.path.basename(self.path)))

        self.file_label = QLabel()
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.delimiter_combo = QComboBox()
        for delimiter, name in DELIMITERS:
            self.delimiter_combo.addItem(translate("nbviz", name), delimiter)
        self.delimiter_combo.setToolTip(translate("nbviz", "The character between the fields of a line"))
        self.decimal_combo = QComboBox()
        for decimal, name in DECIMALS:
            self.decimal_combo.addItem(translate("nbviz", name), decimal)
        for combo in (self.delimiter_combo, self.decimal_combo):  # they grow to "... (detected)", set later
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.decimal_combo.setToolTip(
            translate(
                "nbviz",
                "The decimal mark of the numbers: a comma in files from most of Europe (17,99). "
                "Thousands separators are not read",
            )
        )
        self.header_check = QCheckBox(translate("nbviz", "First row is a header"))
        self.header_check.setToolTip(translate("nbviz", "Whether the first row names the columns"))
        self.skip_spin = QSpinBox()
        self.skip_spin.setRange(-1, 9999)  # -1: a units row under the header is found and skipped
        self.skip_spin.setSpecialValueText(translate("nbviz", "units row"))
        self.skip_spin.setValue(-1)
        self.skip_spin.setToolTip(
            translate(
                "nbviz",
                "Lines to skip after the header. 'units row': a row of units under the header (,km/s) is skipped",
            )
        )
        self.text_options = QWidget()
        # two rows: the reading of the characters, then of the lines (one row is wider than a
        # 1024x768 screen in presentation type once the boxes say "... (detected)")
        options = QVBoxLayout(self.text_options)
        options.setContentsMargins(0, 0, 0, 0)
        options.addLayout(
            left_row(
                buddy_label(translate("nbviz", "Delimiter"), self.delimiter_combo),
                self.delimiter_combo,
                16,
                buddy_label(translate("nbviz", "Decimal mark"), self.decimal_combo),
                self.decimal_combo,
            )
        )
        options.addLayout(
            left_row(self.header_check, 16, buddy_label(translate("nbviz", "Skip"), self.skip_spin), self.skip_spin)
        )

        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; the arrow keys move in it
        self.table.setAccessibleName(translate("nbviz", "The file's first rows, and each column's role"))
        row_height = self.fontMetrics().height() + 8
        self.table.verticalHeader().setDefaultSectionSize(row_height)
        self.table.setMinimumHeight(LEAST_TABLE_ROWS * row_height)
        self.role_combos: list[QComboBox] = []
        roles_hint = QLabel(
            translate(
                "nbviz",
                "Choose each column's role in the first row: <i>feature</i> (numbers used by the "
                "model), <i>categorical</i> (answers, as text or codes: their levels under the name), <i>label</i> "
                "(known classes, for naive Bayes and comparisons) or <i>ignore</i>.",
            )
        )
        roles_hint.setWordWrap(True)

        self.binarise_check = QCheckBox(
            translate("nbviz", "Binarise at threshold t (x ≥ t is 1, else 0: for Bernoulli)")
        )
        self.threshold_spin = QDoubleSpinBox()
        self.threshold_spin.setRange(-1e12, 1e12)
        self.threshold_spin.setDecimals(4)
        self.threshold_spin.setValue(0.5)
        self.threshold_spin.setEnabled(False)
        self.threshold_spin.setMinimumWidth(120)
        self.threshold_spin.setToolTip(translate("nbviz", "t: feature values x ≥ t become 1, smaller ones 0"))
        self.threshold_spin.setAccessibleName(translate("nbviz", "Threshold t"))
        binarise_row = left_row(self.binarise_check, self.threshold_spin)
        self.standardize_row = StandardizeRow()  # its choice is read when the data is adopted
        self.standardize_row.combo.currentIndexChanged.connect(self.check)  # standardised: measurements
        # checked without a covariance prior: the file's own (`for_file`) is added when it loads
        self.base_config = without_covariance_prior(config or ModelConfig())
        self.model_chosen = False  # the user set the model: checks follow it and nothing changes it
        self.model_note = ""
        self.family_combo = QComboBox()
        for family, title in FAMILY_LABELS.items():
            self.family_combo.addItem(translate("nbviz", title), family)
        self.family_combo.setToolTip(
            translate("nbviz", "The mixture fitted to the data (integer data can be Gaussian too)")
        )
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, MAX_COMPONENTS)
        self.k_spin.setToolTip(
            translate(
                "nbviz", "K, the number of components: at most {0} (each is drawn, coloured and stepped through)"
            ).format(MAX_COMPONENTS)
        )
        self.covariance_combo = QComboBox()
        self.covariance_combo.addItems(nc.COVARIANCE_TYPES)
        self.covariance_combo.setToolTip(
            translate(
                "nbviz",
                "Gaussian covariance: full needs more rows than features per component; diag and spherical need fewer",
            )
        )
        self._show_config(self.base_config)
        model_row = left_row(
            *(buddy_label(translate("nbviz", "Model"), self.family_combo), self.family_combo, 8),
            *(buddy_label("K", self.k_spin), self.k_spin, 8),
            *(buddy_label(translate("nbviz", "Covariance"), self.covariance_combo), self.covariance_combo),
        )
        self.drop_check = QCheckBox()
        self.drop_check.setVisible(False)
        self.keep_check = QCheckBox(translate("nbviz", "Keep them: EM accounts for them"))
        self.keep_check.setToolTip(
            translate(
                "nbviz",
                "Keep the rows with empty cells: each row's E-step uses the features it has, and the M-step "
                "the expected values of the others",
            )
        )
        self.keep_check.setVisible(False)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.message.linkActivated.connect(self._link_activated)
        self.buttons = ok_cancel(self, translate("nbviz", "Load"), self.start_loading)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)

        layout = QVBoxLayout(self)
        layout.addWidget(self.file_label)
        layout.addWidget(self.text_options)
        layout.addWidget(roles_hint)
        layout.addWidget(self.table, 1)
        layout.addLayout(binarise_row)
        layout.addWidget(self.standardize_row)
        layout.addLayout(model_row)
        layout.addWidget(self.message)
        layout.addLayout(left_row(self.drop_check, 16, self.keep_check))
        layout.addWidget(self.buttons)
        resize_within_screen(self, 760, 560)

        self._reparse(None, None)
        self.delimiter_combo.currentIndexChanged.connect(self._text_options_changed)
        self.decimal_combo.currentIndexChanged.connect(self._text_options_changed)
        self.header_check.toggled.connect(self._text_options_changed)
        self.skip_spin.valueChanged.connect(self._text_options_changed)
        self.binarise_check.toggled.connect(self.threshold_spin.setEnabled)
        self.binarise_check.toggled.connect(self.check)
        self.threshold_spin.valueChanged.connect(self.check)
        self.drop_check.toggled.connect(self._missing_choice_changed)
        self.keep_check.toggled.connect(self._missing_choice_changed)
        for signal in (
            self.family_combo.currentIndexChanged,
            self.k_spin.valueChanged,
            self.covariance_combo.currentIndexChanged,
        ):
            signal.connect(self._model_changed)
        self.appearance.changed.connect(self.apply_appearance)
        self.apply_appearance()

    def apply_appearance(self) -> None:
        """Palette, font and the colours of marked cells and messages for the appearance."""
        a = self.appearance
        style_window(self, a)
        self.file_label.setText(
            f"<b>{os.path.basename(self.path)}</b> &nbsp; <span style='color: {a.muted_text}'>{self.path}</span>"
        )
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        if self.role_combos:
            self.table.setRowHeight(0, self.role_combos[0].sizeHint().height() + 2)
        marked = {(i, j) for i, columns in self._marked for j in columns}
        for i in range(1, self.table.rowCount()):
            for j in range(self.table.columnCount()):
                item = self.table.item(i, j)
                if item is not None and ((i, j) in marked or self._is_gap(j, item.text())):
                    item.setBackground(self._cell_colour(missing=(i, j) not in marked))
        if self._message_kind:
            self._style_message()

    def _cell_colour(self, missing: bool) -> QColor:
        """A missing value's background, or that of a cell the current message is about."""
        a = self.appearance
        return QColor(a.missing_background if missing else a.problem_background)

    def _style_message(self) -> None:
        style = message_style(self.appearance, self._message_kind)
        self.message.setStyleSheet(f"QLabel {{{style} border-radius: 4px; padding: 6px;}}")

    # ----------------------------------------------------------------- the user's choices
    def current_spec(self) -> ImportSpec:
        """The choices as shown."""
        npy = self.preview is not None and self.preview.is_npy
        return ImportSpec.with_roles(
            self.path,
            self.roles(),
            delimiter=None if npy else self.delimiter_combo.currentData(),
            header=None if npy else self.header_check.isChecked(),
            decimal=None if npy else self.decimal_combo.currentData(),
            drop_missing=not self.drop_check.isHidden() and self.drop_check.isChecked(),
            keep_missing=_keeps_missing(self.family_combo, self.keep_check),
            binarise_at=self.threshold_spin.value() if self.binarise_check.isChecked() else None,
            skip_rows=None if npy or self.skip_spin.value() < 0 else self.skip_spin.value(),
        )

    def model_config(self) -> ModelConfig:
        """The model as chosen in the dialog."""
        return self.base_config.with_(
            family=self.family_combo.currentData(),
            n_components=self.k_spin.value(),
            covariance_type=self.covariance_combo.currentText(),
            manual_labels=(),  # clicked labels and a fixed variance belong to the data open before
            fixed_variance=None,
        )

    def set_model(self, family: str | None = None, n_components: int | None = None, covariance: str | None = None):
        """Choose the model as the user does (the checks then follow it)."""
        if family is not None:
            self.family_combo.setCurrentIndex(self.family_combo.findData(family))
        if n_components is not None:
            self.k_spin.setValue(n_components)
        if covariance is not None:
            self.covariance_combo.setCurrentText(covariance)

    def _show_config(self, config: ModelConfig) -> None:
        """Show `config` in the model controls without counting it as the user's choice."""
        widgets = (self.family_combo, self.k_spin, self.covariance_combo)
        for widget in widgets:
            widget.blockSignals(True)
        self.family_combo.setCurrentIndex(self.family_combo.findData(config.family))
        self.k_spin.setValue(config.n_components)
        self.covariance_combo.setCurrentText(config.covariance_type)
        self.covariance_combo.setEnabled(bool(presentation(config.family).covariance_types))
        for widget in widgets:
            widget.blockSignals(False)
        self.base_config = config

    def _missing_choice_changed(self, ticked: bool) -> None:
        """Dropping and keeping exclude each other: ticking one unticks the other."""
        other = self.keep_check if self.sender() is self.drop_check else self.drop_check
        if ticked and other.isChecked():
            other.blockSignals(True)
            other.setChecked(False)
            other.blockSignals(False)
        self.check()

    def _model_changed(self) -> None:
        self.model_chosen = True
        self.covariance_combo.setEnabled(bool(presentation(self.family_combo.currentData()).covariance_types))
        self.check()

    def _fit_model(self, dataset: nc.Dataset) -> str | None:
        """Follow the data with the model (unless the user chose it); None, or why it cannot start."""
        problem = Problem.from_dataset(dataset)
        self.model_note = ""
        if self.model_chosen:
            return model_problem(problem, self.model_config())
        guess = family_for_table(problem.X, problem.levels, standardised=self.standardize_row.method is not None)
        fitted, note = fitting_model(problem, self.model_config().with_(family=guess.family))
        if fitted is None:
            return note
        self._show_config(fitted)
        self.model_note = " ".join(part for part in (guess.reason, note) if part)
        return None

    def roles(self) -> list[str]:
        return [ROLES[combo.currentIndex()] for combo in self.role_combos]

    def set_role(self, column: int, role: str) -> None:
        """Give the 0-based file column `column` a role ("feature", "categorical", "label" or "ignore")."""
        self.role_combos[column].setCurrentIndex(ROLES.index(role))  # shown in the window's language

    def set_delimiter(self, delimiter: str) -> None:
        self.delimiter_combo.setCurrentIndex(self.delimiter_combo.findData(delimiter))

    # ----------------------------------------------------------------- preview and checks
    def _text_options_changed(self) -> None:
        self._reparse(
            self.delimiter_combo.currentData(), self.header_check.isChecked(), self.decimal_combo.currentData()
        )

    def _reparse(self, delimiter: str | None, header: bool | None, decimal: str | None = None) -> None:
        """Read the preview again with these options (None: detect) and check the choices."""
        try:
            skip = self.skip_spin.value()
            preview = nc.preview_table(
                self.path, delimiter, header, n_rows=PREVIEW_ROWS, decimal=decimal, skip_rows=None if skip < 0 else skip
            )
        except nc.DataError as error:
            self.preview = None
            self.text_options.setEnabled(False)
            self._fill_table(None)
            self._show_problem(str(error))
            return
        old_roles = self.roles() if self.preview is not None else None
        self.preview = preview
        self._text_columns = set(text_columns(preview))  # where "None" is an answer, not a gap
        self.text_options.setVisible(not preview.is_npy)
        if delimiter is None and not preview.is_npy:  # the first look: show what was detected
            for signal_source in (self.delimiter_combo, self.header_check, self.decimal_combo):
                signal_source.blockSignals(True)
            index = self.delimiter_combo.findData(preview.delimiter)
            self.delimiter_combo.setItemText(
                index, translate("nbviz", "{0} (detected)").format(translate("nbviz", DELIMITERS[index][1]))
            )
            self.delimiter_combo.setCurrentIndex(index)
            index = self.decimal_combo.findData(preview.decimal)
            self.decimal_combo.setItemText(
                index, translate("nbviz", "{0} (detected)").format(translate("nbviz", DECIMALS[index][1]))
            )
            self.decimal_combo.setCurrentIndex(index)
            self.header_check.setChecked(preview.header)
            for signal_source in (self.delimiter_combo, self.header_check, self.decimal_combo):
                signal_source.blockSignals(False)
        self._fill_table(preview)
        if old_roles is not None and len(old_roles) == preview.n_columns:
            for j, role in enumerate(old_roles):
                self.set_role(j, role)
        else:
            self._guess_roles(preview)
        self.check()

    def _fill_table(self, preview: nc.Preview | None) -> None:
        """Column names as headers, a role box per column in row 0, then the first rows."""
        self.table.clear()
        self._marked = []
        self.role_combos = []
        if preview is None:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            return
        self.table.setColumnCount(preview.n_columns)
        self.table.setRowCount(len(preview.rows) + 1)
        self.table.setHorizontalHeaderLabels(list(preview.columns))
        unit = "row" if preview.is_npy else "line"
        self.table.setVerticalHeaderLabels(["role"] + [f"{unit} {line}" for line in preview.lines])
        for j in range(preview.n_columns):
            combo = QComboBox()
            for role in ROLES:
                combo.addItem(translate("nbviz", role), role)
            combo.setAccessibleName(translate("nbviz", "Role of column {0}").format(preview.columns[j]))
            under = QTableWidgetItem()  # the cell under the box, as a screen reader reads the table
            under.setData(
                Qt.ItemDataRole.AccessibleTextRole, translate("nbviz", "role of {0}").format(preview.columns[j])
            )
            self.table.setItem(0, j, under)
            combo.currentIndexChanged.connect(lambda index, j=j: self._role_changed(j, ROLES[index]))
            self.table.setCellWidget(0, j, combo)
            self.role_combos.append(combo)
        for i, row in enumerate(preview.rows, 1):
            for j, cell in enumerate(row[: preview.n_columns]):
                item = QTableWidgetItem(cell)
                if not cell.strip():
                    item.setData(Qt.ItemDataRole.AccessibleTextRole, "empty")
                if self._is_gap(j, cell):
                    item.setBackground(self._cell_colour(missing=True))
                    item.setToolTip(translate("nbviz", "A missing value"))
                item.setTextAlignment(
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    if is_number(cell, preview.decimal)
                    else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                )
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        if self.role_combos:
            self.table.setRowHeight(0, self.role_combos[0].sizeHint().height() + 2)
        for j in range(preview.n_columns):
            self.table.setColumnWidth(j, max(self.table.columnWidth(j), 96))

    def _guess_roles(self, preview: nc.Preview) -> None:
        """The roles `ImportSpec.guessed` gives, as the command line does."""
        try:
            skip = self.skip_spin.value()
            spec, checked = ImportSpec.guess(
                self.path, delimiter=preview.delimiter, decimal=preview.decimal, skip_rows=None if skip < 0 else skip
            )
            same = spec.header == preview.header
            roles = spec.roles(preview.n_columns) if same else guess_roles(preview)
            self.identifiers = checked.identifiers if same else ()
        except nc.DataError:  # the preview has read it: only a change on disk since then
            roles = guess_roles(preview)
            self.identifiers = ()
        for j, role in enumerate(roles):
            self.role_combos[j].blockSignals(True)
            self.set_role(j, role)
            self.role_combos[j].blockSignals(False)

    def _role_changed(self, column: int, role: str) -> None:
        if role == "label":  # one label column: another one becomes a feature
            for j, combo in enumerate(self.role_combos):
                if j != column and ROLES[combo.currentIndex()] == "label":
                    combo.blockSignals(True)
                    combo.setCurrentIndex(ROLES.index("feature"))
                    combo.blockSignals(False)
        self.check()

    def check(self) -> bool:
        """Check the current choices by loading (small files); show the outcome; True if OK."""
        if self.preview is None:
            return False
        spec = self.current_spec()
        if not spec.checkable:
            size = os.path.getsize(self.path) / 2**20
            self._show_ok(
                translate("nbviz", "{0} is large ({1:.0f} MB): the whole file is checked as it loads.").format(
                    os.path.basename(self.path), size
                )
            )
            return True
        try:
            dataset = spec.load()
        except nc.DataError as error:
            self._show_problem(error)
            return False
        self.standardize_row.propose(dataset.X, dataset.columns, dataset.levels)
        self._show_levels(dataset, spec)
        reason = self._fit_model(dataset)
        if reason is not None:
            self._show_problem(
                translate("nbviz", "{0}: {1}. Choose the model above.").format(self.model_config().title, reason)
            )
            return False
        text = summary(dataset, spec, self.preview, self.roles(), self.identifiers) + (
            " " + self.model_note if self.model_note else ""
        )
        assert self.preview is not None  # checked above
        note = answers_note(self.preview, self.roles())  # rich: its link takes the answers in
        self._show_ok(_escape(text) + note if note else text, rich=bool(note))
        return True

    def _show_levels(self, dataset: nc.Dataset, spec: ImportSpec) -> None:
        """Each categorical column's levels under its name in the table's heading."""
        assert self.preview is not None  # a data set was read from it
        levels = dict(zip(spec.categorical_columns or (), dataset.levels or (), strict=False))
        names = [heading(name, levels.get(j)) for j, name in enumerate(self.preview.columns)]
        self.table.setHorizontalHeaderLabels(names)
        for j in levels:  # wide enough for the levels under the name
            width = self.table.horizontalHeader().sectionSizeHint(j)
            self.table.setColumnWidth(j, max(self.table.columnWidth(j), width))

    def _link_activated(self, link: str) -> None:
        """The message's link: take the text answers in as the features (`answers_note`)."""
        if link == USE_ANSWERS and self.preview is not None:
            for j, role in enumerate(answers_roles(self.preview, self.roles())):
                self.role_combos[j].blockSignals(True)
                self.set_role(j, role)
                self.role_combos[j].blockSignals(False)
            self.check()

    def _show_ok(self, text: str, rich: bool = False) -> None:
        self._set_message("notice", text, rich)
        self.drop_check.setVisible(self.drop_check.isChecked() or _keeps_missing(self.family_combo, self.keep_check))
        self.keep_check.setVisible(
            _keeps_missing(self.family_combo, self.keep_check)
            or (self.drop_check.isChecked() and _may_keep(self.family_combo))
        )
        self.ok_button.setEnabled(not self.loader.running)

    def _show_problem(self, error) -> None:
        """Show a DataError (or message) and disable Load; missing values get the drop offer."""
        if isinstance(error, nc.MissingValuesError):
            n = len(error.lines)
            self.drop_check.setText(
                translate("nbviz", "Drop this row with missing values")
                if n == 1
                else translate("nbviz", "Drop these {0} rows with missing values").format(n)
            )
            self.drop_check.setVisible(True)
            self.keep_check.setVisible(_may_keep(self.family_combo))
            keep = translate("nbviz", " or keep them for EM") if _may_keep(self.family_combo) else ""
            text = (
                translate(
                    "nbviz",
                    "{0} row has missing values ({1}). Tick a box below to load without it{2}, or fill them in.",
                )
                if n == 1
                else translate(
                    "nbviz",
                    "{0} rows have missing values ({1}). Tick a box below to load without them{2}, or fill them in.",
                )
            ).format(n, lines_text(error.lines, self.preview), keep)
            if _keeps_missing(self.family_combo, self.keep_check):  # kept cells: only missing labels are left
                text = (
                    translate("nbviz", "{0} row lacks its label ({1}): ")
                    if n == 1
                    else translate("nbviz", "{0} rows lack their label ({1}): ")
                ).format(n, lines_text(error.lines, self.preview)) + translate(
                    "nbviz",
                    "a row without its class cannot be kept for EM. Fill it in, set the label column's role to ignore, "
                    "or tick Drop (which drops every row with a missing value).",
                )
                self.drop_check.setText(
                    translate("nbviz", "Drop every row with missing values instead")
                )  # not only these
            first = _escape(str(error).split(";")[0])
            self._set_message(
                "error",
                translate("nbviz", "{0}<br><small>First: {1}</small>").format(text, first),
                rich=True,
            )
        else:
            text = str(error)
            if getattr(error, "remedy", None) == "column":
                text += translate("nbviz", " (the role box at the top of the column; text answers can be categorical).")
            elif "is not a number" in text and getattr(error, "column", None) is not None:
                text += translate("nbviz", ". Correct the file, or set that column's role to ignore (or label).")
            self._set_message("error", text)
            self._mark_error(error)
        self.ok_button.setEnabled(False)

    def _mark_error(self, error) -> None:
        """Colour the previewed cell (or, without a column, the row) that `error` points at."""
        preview, line = self.preview, getattr(error, "line", None)
        if preview is None or line not in preview.lines:
            return
        i = preview.lines.index(line) + 1
        column = getattr(error, "column", None)
        if preview.header:
            columns = [preview.columns.index(column)] if column in preview.columns else []
        else:
            columns = [int(column) - 1] if column and column.isdigit() else []
        for j in columns or range(preview.n_columns):
            item = self.table.item(i, j)
            if item is None:  # a ragged row's missing cell
                item = QTableWidgetItem("")
                item.setData(Qt.ItemDataRole.AccessibleTextRole, translate("nbviz", "no cell"))
                self.table.setItem(i, j, item)
            item.setBackground(self._cell_colour(missing=False))
            item.setToolTip(str(error))
        first = self.table.item(i, columns[0] if columns else 0)
        if first is not None:  # None only for a preview without columns
            self.table.scrollToItem(first)
        self._marked.append((i, columns or range(preview.n_columns)))

    def _is_gap(self, j: int, cell: str) -> bool:
        """Whether the previewed `cell` of column `j` is a missing value as loading reads it."""
        return is_missing(cell, text=j in self._text_columns)

    def _clear_marks(self) -> None:
        for i, columns in self._marked:
            for j in columns:
                item = self.table.item(i, j)
                if item is not None:
                    gap = self._is_gap(j, item.text())
                    item.setBackground(self._cell_colour(missing=True) if gap else QBrush())
                    item.setToolTip(translate("nbviz", "A missing value") if gap else "")
        self._marked = []

    def _set_message(self, kind: str, text: str, rich: bool = False) -> None:
        self._clear_marks()
        self.message.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
        self._message_kind = kind
        self._style_message()
        self.message.setText(text)

    # ----------------------------------------------------------------- loading
    def start_loading(self) -> bool:
        """Load the file with the current choices in a worker thread; False if it cannot start."""
        if not self.ok_button.isEnabled() or self.loader.running:
            return False
        self.spec = self.current_spec()
        self.ok_button.setEnabled(False)
        self._progress = QProgressDialog(
            translate("nbviz", "Loading {0}…").format(os.path.basename(self.path)),
            translate("nbviz", "Cancel"),
            0,
            1000,
            self,
        )
        self._progress.setWindowTitle("nbviz")
        self._progress.setMinimumWidth(360)
        self._progress.setMinimumDuration(300)  # only shown for loads longer than ~300 ms
        self._progress.setValue(0)
        self._progress.setWindowModality(Qt.WindowModality.WindowModal)
        self._progress.canceled.connect(self.loader.cancel)
        prepare, spec, config, method = self.prepare, self.spec, self.model_config(), self.standardize_row.method
        after = None if prepare is None else (lambda dataset: prepare(dataset, spec, config, method))
        return self.loader.start(self.spec, after)

    def cancel_loading(self) -> None:
        """What the progress dialog's Cancel button does."""
        self.loader.cancel()

    def _load_progressed(self, fraction: float) -> None:
        # drawn from the event loop, not inside the signal: every listener sees the reports in order
        if self._fraction is None:
            QTimer.singleShot(0, self, self._show_progress)
        self._fraction = fraction

    def _show_progress(self) -> None:
        fraction, self._fraction = self._fraction, None
        if self._progress is None or self._setting_progress or fraction is None:
            return  # a report arriving while the last is drawn: the next one shows the progress
        self._setting_progress = True
        try:
            self._progress.setValue(int(round(fraction * 1000)))
            if fraction >= 1.0 and self.prepare is not None:  # read: the model's starts run now
                self._progress.setLabelText(f"Read {os.path.basename(self.path)}; starting the model…")
        finally:
            self._setting_progress = False
        ending, self._ending = self._ending, None
        if ending is not None:
            ending()

    def _ended_inside_progress(self, ending: Callable[[], None]) -> bool:
        """Whether the load ended while the progress is being drawn; `ending` then runs after it."""
        if self._setting_progress:
            self._ending = ending
        return self._setting_progress

    def _close_progress(self) -> None:
        if self._progress is not None:
            self._progress.canceled.disconnect(self.loader.cancel)
            self._progress.close()
            self._progress.deleteLater()
            self._progress = None

    def _loaded(self, dataset: nc.Dataset) -> None:
        if self._ended_inside_progress(lambda: self._loaded(dataset)):
            return
        self._close_progress()
        assert self.spec is not None  # set by start_loading, the only way to start the loader
        prepared = () if self.prepare is None else (self.loader.prepared,)
        problem = self.adopt(dataset, self.spec, self.model_config(), *prepared) if self.adopt is not None else None
        if problem is not None:
            self._show_problem(problem)
            return
        self.dataset = dataset
        self.accept()

    def _load_failed(self, error) -> None:
        if self._ended_inside_progress(lambda: self._load_failed(error)):
            return
        self._close_progress()
        self._show_problem(error)

    def _load_cancelled(self) -> None:
        if self._ended_inside_progress(self._load_cancelled):
            return
        self._close_progress()
        self._set_message("notice", translate("nbviz", "Loading was cancelled; nothing was loaded."))
        self.ok_button.setEnabled(True)

    def reject(self) -> None:
        if self.loader.running:
            self.loader.wait()
        self._close_progress()
        super().reject()


def _may_keep(family_combo: QComboBox) -> bool:
    """Whether the chosen family's EM accounts for missing cells, so keeping them is offered."""
    return presentation(family_combo.currentData()).accepts_missing


def _keeps_missing(family_combo: QComboBox, keep_check: QCheckBox) -> bool:
    """Whether missing cells are kept: offered, ticked, and the chosen family's EM accounts for them."""
    return _may_keep(family_combo) and not keep_check.isHidden() and keep_check.isChecked()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
