"""The start editor: type EM's starting parameters exactly, or start from the truth of synthesised data.

One table per family, one row per component (`nbviz.app.run.start_table.StartTable`, built on the
family's synthesis recipe): the weights and, for a Gaussian mixture, the means and the covariance
(the full matrix, or standard deviations and correlations), for a Bernoulli mixture P(x = 1) of
each feature, for a multinomial mixture each word's probability. Every edit is checked at once: a
cell that cannot be used turns red with the reason as its tooltip, the reasons are listed under the
table, and "Start EM here" stays disabled until all are fixed. On it the session starts a new run
whose first snapshot is exactly the table's numbers.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QPushButton, QVBoxLayout

import nbviz.core as nc

from ...app.data import synthesis
from ...app.families import presentation
from ...app.families.synthesis_table import feature_name
from ...app.presentation.appearance import Appearance
from ...app.run.session import Session
from ...app.run.start_table import StartTable, fit_options, start_config, start_problem, truth_start
from ..style.theme import style_window
from ..widgets.layouts import left_row, ok_cancel, resize_within_screen
from .parameter_table import ParameterTable, listed_issues

translate = QCoreApplication.translate

MAX_NAMED_FEATURES = 12  # the feature names are listed above the table up to this many


class StartEditor(QDialog):
    """Edit the start of `session`'s run and restart EM from exactly it.

    Parameters
    ----------
    session : Session
        Must have a run; its start fills the table.
    parent : QWidget, optional
    appearance : Appearance, optional
        The window's; without one the dialog keeps its own.

    Attributes
    ----------
    table : ParameterTable
    layout_box : QComboBox
        How a Gaussian covariance is typed (hidden for a family with one layout).
    covariance_box : QComboBox
        The run's covariance type (hidden for a family without one).
    check : synthesis.TableCheck
        The latest check of the table.
    """

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(parent)
        start = session.start_model
        if start is None or session.problem is None:
            raise ValueError("there is no run to edit the start of: load data or choose a preset first")
        self.session = session
        self.appearance = appearance if appearance is not None else Appearance(self)
        style_window(self, self.appearance)
        self.setWindowTitle(translate("nbviz", "Edit start"))
        self.family = start.family
        self.check = synthesis.TableCheck(None, ())
        self._table_shape = StartTable.for_model(start)

        self.title_label = QLabel()
        self.features_label = QLabel()
        self.features_label.setWordWrap(True)
        self.layout_box = QComboBox()
        for name in self._table_shape.layouts:
            shown = translate("nbviz", name)
            self.layout_box.addItem(shown[:1].upper() + shown[1:], name)
        self.layout_box.setToolTip(
            translate("nbviz", "Type each covariance as its matrix (exact) or as standard deviations and correlations")
        )
        self.covariance_box = QComboBox()
        options = fit_options(self.family, start)
        self.covariance_box.addItems(list(nc.COVARIANCE_TYPES))
        if "covariance_type" in options:  # the family's option (shown only then)
            self.covariance_box.setCurrentText(str(options["covariance_type"]))
        self.covariance_box.setToolTip(translate("nbviz", "The covariance type of the run; the table must respect it"))
        form = QFormLayout()
        form.addRow(self.title_label)
        form.addRow(translate("nbviz", "Covariance as"), self.layout_box)
        form.addRow(translate("nbviz", "Covariance type"), self.covariance_box)
        form.setRowVisible(self.layout_box, bool(self._table_shape.layouts))
        form.setRowVisible(self.covariance_box, "covariance_type" in options)

        self.current_button = QPushButton(translate("nbviz", "Current start"))
        self.current_button.setToolTip(translate("nbviz", "The parameters this run started from"))
        self.cursor_button = QPushButton(translate("nbviz", "Parameters shown"))
        self.cursor_button.setToolTip(
            translate("nbviz", "The parameters at the history cursor (a fresh start from there)")
        )
        self.truth_button = QPushButton(translate("nbviz", "Start from the truth"))
        self.truth_button.setToolTip(translate("nbviz", "The true parameters the synthesised data were drawn from"))
        self.normalise_button = QPushButton(translate("nbviz", presentation(self.family).synthesis.normalise_text))
        self.table = ParameterTable()
        self.table.setAccessibleName(translate("nbviz", "Starting parameters"))
        self.issues_label = QLabel()
        self.issues_label.setWordWrap(True)
        self.issues_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = ok_cancel(self, translate("nbviz", "Start EM here"), self.accept)
        self.ok_button = self.buttons.ok_button
        for button in self.buttons.buttons():  # Enter finishes a cell's edit; it does not start EM
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
                button.setDefault(False)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(left_row(self.current_button, self.cursor_button, self.truth_button, self.normalise_button))
        layout.addWidget(self.features_label)
        layout.addWidget(QLabel(translate("nbviz", "Starting parameters (one row per component; edit any cell):")))
        layout.addWidget(self.table, 1)
        layout.addWidget(self.issues_label)
        layout.addWidget(self.buttons)

        self.table.itemChanged.connect(self._cell_edited)
        self.layout_box.currentIndexChanged.connect(self._shape_changed)
        self.covariance_box.currentIndexChanged.connect(self._shape_changed)
        self.current_button.clicked.connect(self.show_current_start)
        self.cursor_button.clicked.connect(self.show_cursor_parameters)
        self.truth_button.clicked.connect(self.start_from_truth)
        self.normalise_button.clicked.connect(self.normalise)
        self.truth_button.setEnabled(truth_start(session.problem, self.family) is not None)
        self._name_features()
        self.set_parameters(start)
        resize_within_screen(self, 960, 440)
        self.appearance.changed.connect(self.apply_appearance)
        self.apply_appearance()

    # ----------------------------------------------------------------- what the dialog holds
    def shape(self) -> StartTable:
        """The table's family, number of features, layout and the chosen fit options."""
        options = dict(self._table_shape.options)
        if "covariance_type" in options:
            options["covariance_type"] = self.covariance_box.currentText()
        layout = self.layout_box.currentData() or ""
        return StartTable(self.family, self._table_shape.n_features, layout, tuple(options.items()))

    def cells(self) -> list[list[str]]:
        return self.table.cells()

    def set_parameters(self, model: nc.Mixture) -> None:
        """Show `model`'s parameters (K follows the model; its covariance type is chosen with it)."""
        options = fit_options(model.family, model)
        if "covariance_type" in options:
            self.covariance_box.blockSignals(True)
            self.covariance_box.setCurrentText(str(options["covariance_type"]))
            self.covariance_box.blockSignals(False)
        shape = self.shape()
        self.table.fill(shape.columns, shape.cells(model), self.appearance.dark)
        self.revalidate()

    # ----------------------------------------------------------------- user actions
    def show_current_start(self) -> None:
        start = self.session.start_model
        if start is not None:
            self.set_parameters(start)

    def show_cursor_parameters(self) -> None:
        snapshot = self.session.snapshot
        if snapshot is not None:
            self.set_parameters(snapshot.model)

    def start_from_truth(self) -> None:
        """Fill the table with the true parameters (synthesised data only)."""
        truth = truth_start(self.session.problem, self.family)
        if truth is not None:
            self.set_parameters(truth)

    def normalise(self) -> None:
        """Scale the weights (and each word distribution) to sum to 1."""
        failures = self.table.normalise(presentation(self.family).synthesis.simplex_rows)
        self.revalidate()
        if failures:
            self._show_messages(failures + ([self.issues_label.text()] if self.issues_label.text() else []))

    def accept(self) -> None:
        """Restart EM from the table's numbers; stay open with the reason if the session refuses."""
        model = self.check.model
        problem = self.session.problem
        if model is None or problem is None:
            return
        reason = start_problem(model, problem)
        if reason is None:
            outcome = self.session.configure(start_config(self.session.config, model), start=model)
            reason = None if outcome else (outcome.reason or translate("nbviz", "The start could not be used."))
        if reason is not None:
            self._show_messages([reason])
            return
        super().accept()

    # ----------------------------------------------------------------- reacting to edits
    def _shape_changed(self) -> None:
        """Show the table again in the chosen layout, keeping the numbers when they can be read."""
        model = self.check.model
        old_cells = self.cells()
        shape = self.shape()
        if model is not None:
            self.table.fill(shape.columns, shape.cells(model), self.appearance.dark)
        elif len(shape.columns) == self.table.columnCount():  # only the covariance type changed
            self.table.fill(shape.columns, old_cells, self.appearance.dark)
        else:
            self.show_current_start()
            return
        self.revalidate()

    def _cell_edited(self, _item) -> None:
        self.revalidate()

    def revalidate(self) -> None:
        """Check the table, mark the cells at fault and enable "Start EM here" accordingly."""
        self.check = self.shape().check(self.cells())
        self.table.mark(self.check, self.appearance.problem_background)
        messages = [issue.message for issue in self.check.issues]
        self._show_messages(listed_issues(messages))
        self.ok_button.setEnabled(self.check.ok)

    def _show_messages(self, lines: list[str]) -> None:
        self.issues_label.setText("\n".join(lines))
        self.issues_label.setVisible(bool(lines))

    def _name_features(self) -> None:
        problem = self.session.problem
        assert problem is not None  # checked on construction
        K = self.session.n_components
        self.title_label.setText(
            translate("nbviz", "{0}, K = {1}, on {2}").format(presentation(self.family).title, K, problem.name)
        )
        names = [str(name) for name in problem.columns]
        shown = [f"{feature_name(m)} = {name}" for m, name in enumerate(names[:MAX_NAMED_FEATURES])]
        if len(names) > len(shown):
            shown.append(translate("nbviz", "… ({0} in all)").format(len(names)))
        self.features_label.setText(translate("nbviz", "Features: ") + ", ".join(shown))
        self.features_label.setVisible(names != [feature_name(m) for m in range(len(names))])

    def apply_appearance(self) -> None:
        style_window(self, self.appearance)
        self.table.horizontalHeader().setDefaultSectionSize(round(self.appearance.font_size(90)))
        self.issues_label.setStyleSheet(f"color: {self.appearance.error_text};")
        self.table.set_dark(self.appearance.dark)
        self.revalidate()
