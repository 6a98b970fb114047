"""The "Choose K" panel: information criteria against K, with the spread over restarts.

Every restart is a faint point, the best restart per K a line; the chosen criterion's best K is
ringed and, for synthesised data, the true K is a dashed vertical line. Clicking a K on the plot or
a row of the table loads that K's best fit, with its whole history, into the workspace (a result
read from a session makes that fit again from its seed first, in the background).
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.explore.choose_k import CHOOSE_K_STARTS, KChoice
from ...app.explore.explore import Explorer, FitAgain, run_limits
from ...app.families import presentation
from ...app.presentation import view_descriptions as words
from ...app.presentation.appearance import Appearance
from ...app.presentation.messages import MessageBoard, MessageGroup
from ...app.run.session import Session
from ..plots.grid import add_grid
from ..plots.plot_view import PlotView, new_plot
from ..plots.styling import pen, style_line
from ..style.theme import set_header_fonts
from ..widgets.accessible import buddy_label
from .job_bar import JobBar
from .model_curves import ModelCurves, lowest_per_k

translate = QCoreApplication.translate

CRITERION_LABELS = {"bic": "BIC", "aic": "AIC", "icl": "ICL"}
CRITERION_COLORS = {"bic": "#0072B2", "aic": "#D55E00", "icl": "#009E73"}
CRITERION_COLORS_DARK = {"bic": "#56B4E9", "aic": "#E8803A", "icl": "#2FC296"}  # readable on a dark plot
BEST_COLOR = "#d62728"
COLUMNS = [
    "K",
    "BIC",
    "AIC",
    "ICL",
    QT_TRANSLATE_NOOP("nbviz", "objective"),
    QT_TRANSLATE_NOOP("nbviz", "spread"),
    QT_TRANSLATE_NOOP("nbviz", "reached"),
    QT_TRANSLATE_NOOP("nbviz", "failed"),
    QT_TRANSLATE_NOOP("nbviz", "flags"),
]
COLUMN_TIPS = [
    QT_TRANSLATE_NOOP("nbviz", "Number of components"),
    QT_TRANSLATE_NOOP("nbviz", "Lowest BIC over the restarts"),
    QT_TRANSLATE_NOOP("nbviz", "Lowest AIC over the restarts"),
    QT_TRANSLATE_NOOP("nbviz", "Lowest ICL over the restarts"),
    QT_TRANSLATE_NOOP("nbviz", "Highest final objective over the restarts"),
    QT_TRANSLATE_NOOP("nbviz", "Highest minus lowest final objective over the restarts: how much the start matters"),
    QT_TRANSLATE_NOOP(
        "nbviz", "Restarts that ended on this K's best fit: one alone says more restarts may find a better one"
    ),
    QT_TRANSLATE_NOOP("nbviz", "Restarts that failed (e.g. a covariance collapsed)"),
    QT_TRANSLATE_NOOP(
        "nbviz",
        "Degenerate fits (a component with too few rows, or a covariance at the prior's floor: never chosen; "
        "NA when every restart is) and fits that stopped at the iteration cap; hover for the reasons",
    ),
]


def _fmt(value: float) -> str:
    return "—" if np.isnan(value) else f"{value:.6g}"


def _lowest(values: np.ndarray) -> float:
    """The smallest value ignoring NaN; NaN (without a warning) if every value is NaN."""
    return np.nan if np.all(np.isnan(values)) else float(np.nanmin(values))


def _flags_note(result: KChoice) -> str:
    """What the table's flags column means for `result`, or that they are not known (an older file)."""
    flags = [result.flags(i, kind) for kind in result.covariance_types for i in range(len(result.selection.ks))]
    if any(not flag.known and flag.finished for flag in flags):
        return translate(
            "nbviz",
            " Read from an older session: which fits are degenerate or unconverged is not known; every fit counts.",
        )
    if any(flag.degenerate for flag in flags):
        return translate("nbviz", " Degenerate fits (hollow, flagged) are never chosen.")
    return ""


class ChooseKPanel(PlotView, QWidget):
    """Fits K = min..max from several restarts each; plots and tabulates the criteria.

    Parameters
    ----------
    messages : MessageBoard, optional
        Where the panel's own errors are shown (the other parameters are those of `SessionView`).
    """

    follows = {"problem_changed": "_data_changed", "run_reset": "_family_changed", "explored_restored": "_restored"}
    grid = True
    plot: pg.PlotWidget  # made in __init__: never None here

    def __init__(
        self,
        session: Session,
        parent=None,
        messages: MessageBoard | None = None,
        *,
        appearance: Appearance | None = None,
    ):
        super().__init__(session, parent, appearance=appearance)
        self.error = MessageGroup(messages, "choose_k", "error")
        self.explorer = Explorer(session, self)
        self.result: KChoice | None = None

        self.min_spin = QSpinBox()
        self.min_spin.setRange(1, 50)
        self.min_spin.setValue(1)
        self.max_spin = QSpinBox()
        self.max_spin.setRange(1, 50)
        self.max_spin.setValue(6)
        for spin in (self.min_spin, self.max_spin):
            spin.setToolTip(
                translate("nbviz", "The range of K to fit: 1 to 50 here (a single run allows up to 100 components)")
            )
        self.restarts_spin = QSpinBox()
        self.restarts_spin.setRange(1, 50)
        self.restarts_spin.setValue(CHOOSE_K_STARTS)
        self.restarts_spin.setToolTip(
            translate("nbviz", "Starts per K, 1 to 50; the seeds are drawn from the session's seed")
        )
        self.criterion_combo = QComboBox()
        for name, label in CRITERION_LABELS.items():
            self.criterion_combo.addItem(label, name)
        self.criterion_combo.setToolTip(
            translate(
                "nbviz",
                "Lower is better. BIC and ICL penalise parameters more than AIC; ICL also penalises overlapping "
                "components.",
            )
        )
        k_row = QHBoxLayout()
        k_row.addWidget(self.min_spin)
        k_row.addWidget(buddy_label(translate("nbviz", "to"), self.max_spin))
        k_row.addWidget(self.max_spin)
        self.max_spin.setAccessibleName(translate("nbviz", "K up to"))
        form = QFormLayout()
        form.addRow(buddy_label(translate("nbviz", "K from"), self.min_spin), k_row)
        form.addRow(translate("nbviz", "Restarts per K"), self.restarts_spin)
        form.addRow(translate("nbviz", "Criterion"), self.criterion_combo)
        # a short label: the dock is narrow beside the parameters at 1400x900 (the types are in the tooltip)
        self.models_check = QCheckBox(translate("nbviz", "Compare covariance types"))
        self.models_check.setToolTip(
            translate(
                "nbviz",
                "Choose the model, not only K: fit every K with each covariance type (full, tied, diag, spherical) and "
                "plot BIC and ICL per type (as mclust's BIC plot); click any point to load that fit",
            )
        )
        form.addRow(self.models_check)
        self.job_bar = JobBar(self.explorer, translate("nbviz", "Fit every K"), appearance=self.appearance)
        self.job_bar.run_button.setToolTip(
            translate(
                "nbviz",
                "Fits unsupervised soft EM for each K with the current family, covariance type, prior, start "
                "method and tolerance, in the background",
            )
        )
        self.summary = QLabel(translate("nbviz", "Fit the current model for each K to compare the criteria."))
        self.summary.setWordWrap(True)

        self.plot = new_plot()
        self.plot.setMinimumHeight(220)
        add_grid(self.plot)  # (coloured by style_plot)
        self.plot.setLabel("bottom", translate("nbviz", "number of components K"))
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.legend = QLabel()  # beside the plot, never over the curves
        self.legend.setWordWrap(True)  # four covariance types' key would widen a narrow dock past its edge
        self.restart_points = {}
        self.best_lines = {}
        for name in CRITERION_LABELS:
            self.restart_points[name] = pg.ScatterPlotItem(size=6, pen=None)
            self.best_lines[name] = pg.PlotDataItem(symbol="o", symbolPen=None)
            self.plot.addItem(self.restart_points[name])
            self.plot.addItem(self.best_lines[name])
        self.best_marker = pg.ScatterPlotItem(size=18, pen=pg.mkPen(BEST_COLOR, width=2.5), brush=None)
        self.plot.addItem(self.best_marker)
        self.truth_line = pg.InfiniteLine(
            angle=90, movable=False, label=translate("nbviz", "true K"), labelOpts={"position": 0.93}
        )
        self.plot.addItem(self.truth_line)
        self.truth_line.hide()
        self.models = ModelCurves(self.plot)
        self._rows: list[tuple[str | None, int]] = []  # the table's rows: (covariance type or None, k_index)
        self.plot.scene().sigMouseClicked.connect(self._plot_clicked)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([translate("nbviz", column) for column in COLUMNS])
        for column, tip in enumerate(COLUMN_TIPS):
            header = self.table.horizontalHeaderItem(column)
            assert header is not None  # set by setHorizontalHeaderLabels just above
            header.setToolTip(translate("nbviz", tip))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # each column as wide as its heading and numbers (a narrow dock scrolls sideways, cutting no heading)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setToolTip(translate("nbviz", "Click a row to load that K's best fit into the workspace"))
        self.table.cellClicked.connect(lambda row, _: self._row_clicked(row))
        self.table.activated.connect(lambda index: self._row_clicked(index.row()))  # Enter on a row, too
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; the arrow keys move in it
        self.table.setAccessibleName(translate("nbviz", "Fits for each K"))

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.job_bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot, 3)
        layout.addWidget(self.table, 2)

        self.job_bar.run_requested.connect(self.run)
        self.explorer.finished.connect(self._finished)
        self.explorer.finished.connect(self.refresh_description)  # after the summary says what was found
        self.criterion_combo.currentIndexChanged.connect(self.redraw)
        self.min_spin.valueChanged.connect(lambda v: self.max_spin.setValue(max(v, self.max_spin.value())))
        self.max_spin.valueChanged.connect(lambda v: self.min_spin.setValue(min(v, self.min_spin.value())))
        for spin in (self.min_spin, self.max_spin):  # before a fit the axis shows the Ks to be fitted
            spin.valueChanged.connect(lambda _: self.redraw() if self.result is None else None)
        self.follow_session()
        self._family_changed()
        self._restored()  # built after a session was opened (a dock shown later): its result

    def _family_changed(self, *_) -> None:
        """Covariance types to compare only for the families that have them."""
        self.models_check.setVisible(bool(presentation(self.session.config.family).compared_types))

    @property
    def comparing_models(self) -> bool:
        """Whether the next run fits every covariance type."""
        return self.models_check.isChecked() and bool(presentation(self.session.config.family).compared_types)

    def restyle(self, a: Appearance) -> None:
        """The best-K ring and the true-K line for the appearance."""
        self.best_marker.setPen(pen(a, BEST_COLOR, 2.5))
        self.best_marker.setSize(a.point_size(18))
        style_line(self.truth_line, a, a.muted_text, 1.5, style=Qt.PenStyle.DashLine)

    def changeEvent(self, event) -> None:
        """A new window font (presentation mode): rows as tall as its text, the bold row in its size."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
            set_header_fonts(self.table, self.font())
            if self.result is not None:
                self.redraw()

    def criterion_color(self, name: str) -> QColor:
        """The colour of criterion `name` on the appearance's background."""
        return QColor((CRITERION_COLORS_DARK if self.appearance.dark else CRITERION_COLORS)[name])

    @property
    def criterion(self) -> str:
        return self.criterion_combo.currentData()

    # ----------------------------------------------------------------- running
    def run(self) -> bool:
        ks = range(self.min_spin.value(), self.max_spin.value() + 1)
        n_init = self.restarts_spin.value()
        types = presentation(self.session.config.family).compared_types if self.comparing_models else None
        if not self.explorer.choose_k(ks, n_init, self.criterion, covariance_types=types):
            return False
        self.job_bar.started(
            translate("nbviz", "Fitting K = {0}…{1}, {2} restart(s) each…").format(ks[0], ks[-1], n_init)
        )
        return True

    def _finished(self, result) -> None:
        if isinstance(result, FitAgain):
            self._fitted_again(result)
            return
        if not self.job_bar.is_current(result, KChoice, "fits"):
            return
        self.session.explored.keep(choice=result)  # saved with the session
        self._show(result)

    def _restored(self) -> None:
        """Show the Choose K result read with a session (if it had one), with the settings that made it."""
        result = self.session.explored.choice
        if result is not None and result.problem is self.session.problem:
            self._show_settings(result)
            self._show(result)

    def _show_settings(self, result: KChoice) -> None:
        """The K range, restarts, criterion and comparison that produced `result`, in the inputs."""
        ks = result.selection.ks
        self.min_spin.setValue(int(ks[0]))  # the lower first: the upper never goes below it
        self.max_spin.setValue(int(ks[-1]))
        self.restarts_spin.setValue(int(result.selection.seeds.size))
        self.criterion_combo.setCurrentIndex(self.criterion_combo.findData(result.selection.criterion))
        self.models_check.setChecked(bool(result.by_type))

    def _show(self, result: KChoice) -> None:
        self.result = result
        self._show_notes(result)
        self.redraw()

    def _show_notes(self, result: KChoice) -> None:
        """The result's cancel and failures on the job bar's status line."""
        selection = result.selection
        done = int(np.sum(~np.isnan(selection.objective)))
        failures = sum(len(result.selection_for(kind).failures) for kind in result.covariance_types)
        notes = []
        if result.cancelled:
            notes.append(
                translate("nbviz", "Cancelled: {0} of {1} fits were done.").format(
                    done + failures, selection.objective.size
                )
            )
        notes += result.failure_lines()  # one line per cause, not one per failed fit
        self.job_bar.show_message("\n".join(notes), error=bool(failures))

    def _data_changed(self) -> None:
        self.explorer.cancel()
        self.job_bar.show_message("")  # the last file's cancels and failures are not this file's
        if self.result is not None:
            self.result = None
            self.redraw()
            self.summary.setText(translate("nbviz", "The data changed: fit again to compare K."))

    # ----------------------------------------------------------------- drawing
    def _show_ks(self, ks: np.ndarray) -> None:
        """The K axis over `ks` (whole numbers, ascending), a tick at each."""
        self.plot.setXRange(ks[0] - 0.5, ks[-1] + 0.5, padding=0)
        self.plot.getAxis("bottom").setTicks([[(k, str(int(k))) for k in ks]])

    def accessible_text(self) -> tuple[str, str] | None:
        return words.choose_k_name(), self.summary.text()

    def redraw(self, *_) -> None:
        result, criterion = self.result, self.criterion
        truth_k = (
            None
            if self.session.problem is None or self.session.problem.truth is None
            else int(self.session.problem.truth.n_components)
        )
        self.truth_line.setVisible(result is not None and truth_k is not None)
        if truth_k is not None:
            self.truth_line.setValue(truth_k)
            self.truth_line.label.setFormat(translate("nbviz", "true K = {0}").format(truth_k))
        self.models.clear()
        if result is not None and len(result.covariance_types) > 1:
            self._draw_models(result, criterion, truth_k)
            return
        if result is None:
            self.legend.setText("")
            for name in CRITERION_LABELS:
                self.restart_points[name].setData([], [])
                self.best_lines[name].setData([], [])
            self.best_marker.setData([], [])
            self.table.setRowCount(0)
            self._show_ks(np.arange(self.min_spin.value(), self.max_spin.value() + 1, dtype=float))
            return
        ks = result.selection.ks.astype(float)
        a = self.appearance
        usable = result.selection.usable()
        for name in CRITERION_LABELS:
            scores = result.scores(name)
            chosen = name == criterion
            finished = ~np.isnan(scores)
            x = np.broadcast_to(ks[:, None], scores.shape)[finished]
            faint = self.criterion_color(name)
            faint.setAlpha(90)
            hollow = ~usable[finished]  # degenerate: an outline only
            self.restart_points[name].setData(
                x if chosen else [],
                scores[finished] if chosen else [],
                brush=[pg.mkBrush(None) if h else pg.mkBrush(faint) for h in hollow] if chosen else [],
                pen=[pen(a, self.criterion_color(name), 1.2) if h else pg.mkPen(None) for h in hollow]
                if chosen
                else [],
                size=a.point_size(6),
            )
            best = np.array([_lowest(row) for row in np.where(usable, scores, np.nan)])
            rows = ~np.isnan(best)
            self.best_lines[name].setData(ks[rows], best[rows])
            colour = self.criterion_color(name)
            if not chosen:
                colour.setAlpha(110)
            self.best_lines[name].setPen(
                pen(a, colour, 2.5 if chosen else 1.2, style=Qt.PenStyle.SolidLine if chosen else Qt.PenStyle.DashLine)
            )
            self.best_lines[name].setSymbolBrush(colour)
            self.best_lines[name].setSymbolSize(a.point_size(7 if chosen else 4))
        best_k = result.best_k(criterion)
        label = CRITERION_LABELS[criterion]
        self.legend.setText(self._legend_html(criterion))
        if best_k is None:
            self.best_marker.setData([], [])
            self.summary.setText(translate("nbviz", "No fit finished; see the messages above."))
        else:
            k_index = int(np.flatnonzero(result.selection.ks == best_k)[0])
            self.best_marker.setData([best_k], [_lowest(result.selection.usable_scores(criterion)[k_index])])
            text = translate("nbviz", "<b>{0} prefers K = {1}</b>").format(label, best_k)
            if result.cancelled:
                finished = result.selection.ks[~np.all(np.isnan(result.selection.objective), axis=1)]
                text += translate("nbviz", " among the K values finished before Cancel ({0})").format(
                    ", ".join(map(str, finished))
                )
            if truth_k is not None:
                text += translate("nbviz", " (the data was drawn from K = {0})").format(truth_k)
            if best_k == result.selection.ks[-1] and len(result.selection.ks) > 1:
                text += translate("nbviz", ", the largest K tried: larger K may be better still")
            limits = run_limits(result.config, result.tolerance) + _flags_note(result)
            self.summary.setText(
                text
                + translate("nbviz", ". Click a K on the plot or a row below to load its best fit.<br>{0}").format(
                    limits
                )
            )
        self._show_ks(ks)
        self._fill_table(result, best_k)

    def _draw_models(self, result: KChoice, criterion: str, truth_k: int | None) -> None:
        """The model comparison: a BIC and an ICL line per covariance type, the best model ringed."""
        for name in CRITERION_LABELS:
            self.restart_points[name].setData([], [])
            self.best_lines[name].setData([], [])
        self.models.draw(result, self.appearance)
        self.legend.setText(self.models.legend_html(result, self.appearance))
        best = result.best_model(criterion)
        label = CRITERION_LABELS[criterion]
        if best is None:
            self.best_marker.setData([], [])
            self.summary.setText(translate("nbviz", "No fit finished; see the messages above."))
        else:
            kind, k = best
            selection = result.selection_for(kind)
            k_index = int(np.flatnonzero(selection.ks == k)[0])
            self.best_marker.setData([k], [lowest_per_k(selection.usable_scores(criterion))[k_index]])
            text = translate("nbviz", "<b>{0} prefers K = {1} with {2} covariance</b>").format(label, k, kind)
            if truth_k is not None:
                text += translate("nbviz", " (the data was drawn from K = {0})").format(truth_k)
            limits = run_limits(result.config, result.tolerance) + _flags_note(result)
            self.summary.setText(
                text
                + translate("nbviz", ". Click any point on the plot or a row below to load that fit.<br>{0}").format(
                    limits
                )
            )
        ks = result.selection.ks.astype(float)
        self._show_ks(ks)
        self._fill_model_table(result, best)

    def _fill_model_table(self, result: KChoice, best: tuple[str, int] | None) -> None:
        """One row per (covariance type, K), the best model in bold."""
        self._rows = [(kind, i) for kind in result.covariance_types for i in range(len(result.selection.ks))]
        self.table.setRowCount(len(self._rows))
        bold = QFont(self.table.font())
        bold.setBold(True)
        for row, (kind, i) in enumerate(self._rows):
            selection = result.selection_for(kind)
            k = int(selection.ks[i])
            self._fill_row(row, f"{k} {kind}", result, i, kind, best == (kind, k), bold)

    def _legend_html(self, criterion: str) -> str:
        parts = []
        for name, label in CRITERION_LABELS.items():
            colour = self.criterion_color(name).name()
            if name == criterion:
                parts.append(
                    translate(
                        "nbviz", "<span style='color:{0}'>&#9473;&#9473;</span> <b>{1}</b> (dots: every restart)"
                    ).format(colour, label)
                )
            else:
                parts.append(f"<span style='color:{colour}'>&#9476;&#9476;</span> {label}")
        parts.append(translate("nbviz", "<span style='color:{0}'>&#9711;</span> lowest").format(BEST_COLOR))
        return translate("nbviz", "Lower is better: ") + " &nbsp; ".join(parts)

    def _fill_table(self, result: KChoice, best_k: int | None) -> None:
        selection = result.selection
        self._rows = [(None, i) for i in range(len(selection.ks))]
        self.table.setRowCount(len(selection.ks))
        bold = QFont(self.table.font())  # the window's size (larger in presentation mode)
        bold.setBold(True)
        for i, k in enumerate(selection.ks):
            self._fill_row(i, str(int(k)), result, i, None, best_k is not None and int(k) == best_k, bold)

    def _fill_row(
        self, row: int, name: str, result: KChoice, i: int, kind: str | None, best: bool, bold: QFont
    ) -> None:
        """Row `row` of the table: the fits of ``ks[i]`` (of covariance type `kind`); the scores of
        usable fits only (a K whose every fit is degenerate shows NA, greyed, as mclust does)."""
        selection = result.selection_for(kind)
        flags = result.flags(i, kind)
        usable = selection.usable()[i]
        objective = selection.objective[i]
        finished = ~np.isnan(objective)
        values = [
            name,
            *(("NA" if flags.all_degenerate else _fmt(_lowest(np.where(usable, getattr(selection, c)[i], np.nan))))
              for c in ("bic", "aic", "icl")),
            _fmt(-_lowest(-objective)),
            f"{np.ptp(objective[finished]):.2f}" if finished.sum() > 1 else "—",
            f"{selection.reached()[i]}/{objective.size}",
            str(sum(1 for (ki, _) in selection.failures if ki == i)),
            flags.text(),
        ]  # fmt: skip
        tip = flags.tooltip(result.config.max_iter)
        for column, value in enumerate(values):
            item = QTableWidgetItem(value)
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if best:
                item.setFont(bold)
            if flags.all_degenerate:
                item.setForeground(self.palette().placeholderText())
            if tip:
                item.setToolTip(tip)
            self.table.setItem(row, column, item)

    # ----------------------------------------------------------------- choosing
    def _plot_clicked(self, event) -> None:
        if self.result is None or event.button() != Qt.MouseButton.LeftButton:
            return
        view = self.plot.getPlotItem().vb
        point = view.mapSceneToView(event.scenePos())
        if len(self.result.covariance_types) > 1:
            (x0, x1), (y0, y1) = view.viewRange()
            picked = self.models.nearest(point.x(), point.y(), x1 - x0, y1 - y0)
            if picked is not None:
                self.choose_model(*picked)
            return
        ks = self.result.selection.ks
        k_index = int(np.argmin(np.abs(ks - point.x())))
        if abs(ks[k_index] - point.x()) <= 0.5:
            self.choose(k_index)

    def _row_clicked(self, row: int) -> None:
        kind, k_index = self._rows[row] if row < len(self._rows) else (None, row)
        if kind is None:
            self.choose(k_index)
        else:
            self.choose_model(kind, k_index)

    def choose_model(self, covariance_type: str, k_index: int) -> bool:
        """Load the best fit (by the chosen criterion) of ``ks[k_index]`` with `covariance_type`.

        True if it was loaded, or is being made again in the background (a result read from a session).
        """
        result = self.result
        if result is None:
            return False
        restart = result.best_restart(k_index, self.criterion, covariance_type)
        k = result.selection.ks[k_index]
        missing = translate(
            "nbviz", "No fit with K = {0} and {1} covariance finished; there is nothing to load."
        ).format(k, covariance_type)
        if restart is None:
            self.error(missing)
            return False
        if (covariance_type, k_index) in self._rows:
            self.table.selectRow(self._rows.index((covariance_type, k_index)))
        return self._load(result, k_index, restart, covariance_type, missing)

    def choose(self, k_index: int) -> bool:
        """Load the best fit (by the chosen criterion) of ``ks[k_index]`` into the workspace.

        True if it was loaded, or is being made again in the background (a result read from a session).
        """
        result = self.result
        if result is None:
            return False
        restart = result.best_restart(k_index, self.criterion)
        missing = translate("nbviz", "No fit with K = {0} finished; there is nothing to load for it.").format(
            result.selection.ks[k_index]
        )
        if restart is None:
            self.error(missing)
            return False
        self.table.selectRow(k_index)
        return self._load(result, k_index, restart, None, missing)

    def _load(self, result: KChoice, k_index: int, restart: int, covariance_type: str | None, missing: str) -> bool:
        """Adopt a fit in memory at once; a fit read from a session is made again in the background
        first (`_fitted_again` adopts it), with the job bar's progress and Cancel. `missing`: the
        error when there is no fit."""
        if result.must_fit_again(k_index, restart, covariance_type):
            if not self.explorer.fit_again(result, k_index, restart, covariance_type):
                return False
            what = result.fit_name(k_index, covariance_type)  # how many iterations it takes was not saved
            self.job_bar.started(translate("nbviz", "Making {0} again from its seed…").format(what), known_length=False)
            return True
        fit = result.fit(k_index, restart, covariance_type)
        if fit is None:
            self.error(missing)
            return False
        return bool(self.session.adopt_run(*fit))

    def _fitted_again(self, fit: FitAgain) -> None:
        """Adopt a fit made again in the background, or say why not (the workspace stays as it is)."""
        if not self.job_bar.is_current_fit(fit):
            return
        if self.result is not None:
            self._show_notes(self.result)  # in place of the progress
        if fit.run is None or fit.config is None:  # e.g. not the saved fit when made again
            self.error(fit.error)
            return
        self.session.adopt_run(fit.run, fit.config)  # a refusal (a run going on) is the session's to say
