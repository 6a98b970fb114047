"""The objective EM climbs, one point per half-step, with the ELBO and the KL gap between them."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...app.appearance import Appearance
from ...app.session import Session
from ..palette import DECREASE_COLOR, ELBO_COLOR, OBJECTIVE_COLOR
from .plot_view import PlotView, new_plot
from .styling import pen

# A drop larger than this (relative) is a real decrease, not rounding.
DECREASE_TOLERANCE = 1e-9
MIN_VISIBLE_HALF_STEPS = 6
HARD_EM_NOTE = (
    "Hard EM assigns each point wholly to one component, so it climbs the classification "
    "likelihood (the lower curve, which never goes down), a different objective from the "
    "log-likelihood."
)


def decreases(values: np.ndarray) -> np.ndarray:
    """Indices i >= 1 where values[i] fell below values[i - 1] by more than rounding."""
    values = np.asarray(values, dtype=float)
    if values.size < 2:
        return np.array([], dtype=int)
    slack = DECREASE_TOLERANCE * np.maximum(1.0, np.abs(values[:-1]))
    return np.flatnonzero(np.diff(values) < -slack) + 1


class HalfStepAxis(pg.AxisItem):
    """An axis of half-step numbers: ticks only at whole numbers."""

    def tickValues(self, minVal, maxVal, size):
        levels = super().tickValues(minVal, maxVal, size)
        whole = [(spacing, [v for v in values if v == round(v)]) for spacing, values in levels if spacing >= 1]
        return whole or [(1.0, [float(v) for v in range(int(np.ceil(minVal)), int(np.floor(maxVal)) + 1)])]


class ObjectiveCurve(PlotView, QWidget):
    """Objective (log-likelihood, + log-prior with a prior) and ELBO over half-steps.

    The ELBO touches the objective after every E-step and lies below it after every M-step; the
    shaded band between them is KL(q || posterior). A half-step that lowers the objective gets a
    red marker and an explanation underneath.
    """

    follows = {"history_changed": "redraw", "run_reset": "redraw", "cursor_changed": "_move_cursor"}
    grid = True
    plot: pg.PlotWidget

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(session, parent, appearance=appearance)
        self.plot = new_plot({"bottom": HalfStepAxis("bottom")}, menu=True)
        self.plot.setMinimumHeight(160)
        self.plot.showGrid(x=True, y=True, alpha=0.15)
        self.plot.setLabel("bottom", "half-step")
        self.plot.setMouseEnabled(x=True, y=True)
        # bottom right: the curve climbs, so that corner stays clear of it
        legend = self.plot.addLegend(offset=(-10, -10), labelTextSize="9pt")
        self.elbo_curve = self.plot.plot(
            pen=pg.mkPen(ELBO_COLOR, width=2),
            symbol="t",
            symbolSize=7,
            symbolBrush=ELBO_COLOR,
            symbolPen=None,
            name="ELBO L(q, θ)",
        )
        self.objective_curve = self.plot.plot(
            pen=pg.mkPen(OBJECTIVE_COLOR, width=2.5),
            symbol="o",
            symbolSize=7,
            symbolBrush=OBJECTIVE_COLOR,
            symbolPen=None,
            name="log-likelihood",
        )
        self.gap = pg.FillBetweenItem(self.objective_curve, self.elbo_curve, brush=pg.mkBrush(44, 160, 44, 45))
        self.plot.addItem(self.gap)
        self.decrease_marks = pg.ScatterPlotItem(size=16, symbol="x", pen=pg.mkPen(DECREASE_COLOR, width=3), brush=None)
        self.plot.addItem(self.decrease_marks)
        self.cursor_line = pg.InfiniteLine(
            angle=90, movable=True, pen=pg.mkPen("#555555", width=1.5, style=Qt.PenStyle.DashLine)
        )
        self.cursor_line.sigPositionChangeFinished.connect(self._cursor_dragged)
        self.legend = legend
        self.plot.addItem(self.cursor_line)
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.explanation.setStyleSheet(f"color: {DECREASE_COLOR};")
        self.explanation.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        layout.addWidget(self.explanation)
        self.follow_session()

    def restyle(self, a: Appearance) -> None:
        """Pens, marker sizes and the legend for the appearance."""
        self.elbo_curve.setPen(pen(a, ELBO_COLOR, 2))
        self.elbo_curve.setSymbolSize(a.point_size(7))
        self.objective_curve.setPen(pen(a, OBJECTIVE_COLOR, 2.5))
        self.objective_curve.setSymbolSize(a.point_size(7))
        self.decrease_marks.setPen(pen(a, DECREASE_COLOR, 3))
        self.decrease_marks.setSize(a.point_size(16))
        self.cursor_line.setPen(pen(a, a.muted_text, 1.5, style=Qt.PenStyle.DashLine))
        self.legend.setBrush(pg.mkBrush(a.background + "c8"))
        self.legend.setLabelTextColor(a.foreground)
        self.legend.setLabelTextSize(f"{a.font_size(9):.1f}pt")
        for _, label in self.legend.items:
            label.setText(label.text)  # re-render with the new colour and size

    @property
    def y_label(self) -> str:
        config = self.session.config
        return "log-likelihood" if config.prior.is_flat else "log-likelihood + log-prior"

    def redraw(self, *_) -> None:
        history = self.session.history
        label = self.y_label
        if self.appearance.presentation:  # a short title fits beside large text on a short plot
            label = "log-lik." if label == "log-likelihood" else "objective"
        self.plot.setLabel("left", label)
        self.objective_curve.opts["name"] = self.y_label
        legend = self.plot.plotItem.legend
        if legend is not None and legend.items:
            legend.items[-1][1].setText(self.y_label)
        if not history:
            for item in (self.objective_curve, self.elbo_curve):
                item.setData([], [])
            self.decrease_marks.setData([], [])
            self.explanation.hide()
            return
        x = np.arange(len(history), dtype=float)
        # at least a few half-steps wide, so a short run is not stretched over the whole plot
        self.plot.setXRange(0, max(len(history) - 1, MIN_VISIBLE_HALF_STEPS), padding=0.02)
        objective = np.array([s.objective for s in history])
        elbo = np.array([np.nan if s.elbo is None else s.elbo for s in history])
        self.objective_curve.setData(x, objective)
        # Before the first E-step there is no q, so the ELBO starts at the first E-step; the band
        # needs two curves of the same length, so the initial point borrows the objective there.
        elbo_filled = np.where(np.isnan(elbo), objective, elbo)
        self.elbo_curve.setData(x[1:], elbo_filled[1:]) if len(x) > 1 else self.elbo_curve.setData([], [])
        self.gap.setCurves(self.objective_curve, self.elbo_curve) if len(x) > 1 else None
        self._show_decreases(x, objective)
        self._move_cursor(self.session.cursor)

    def _show_decreases(self, x: np.ndarray, objective: np.ndarray) -> None:
        drops = decreases(objective)
        self.decrease_marks.setData(x[drops], objective[drops])
        hard = self.session.config.hard
        legend = self.plot.plotItem.legend
        if legend is not None and legend.items:  # in hard EM the lower curve is another objective
            legend.items[0][1].setText("classification log-lik." if hard else "ELBO L(q, θ)")
        self.decrease_marks.setToolTip(HARD_EM_NOTE if hard else "The objective went down here")
        if drops.size == 0 and not hard:
            self.explanation.hide()
            return
        if hard:
            text = HARD_EM_NOTE + (
                f" The log-likelihood went down at half-step {int(drops[0])} (red ×)."
                if drops.size
                else " So the log-likelihood may go down (it would get a red ×)."
            )
        else:
            first = int(drops[0])
            text = (
                f"The objective went down at half-step {first}. Soft EM cannot do this in exact "
                "arithmetic; it points to a numerical problem (a nearly singular covariance)."
            )
        self.explanation.setText(text)
        self.explanation.show()

    def _move_cursor(self, index: int) -> None:
        self.cursor_line.blockSignals(True)
        self.cursor_line.setValue(index)
        self.cursor_line.blockSignals(False)

    def _cursor_dragged(self) -> None:
        self.session.set_cursor(int(round(self.cursor_line.value())))
        self._move_cursor(self.session.cursor)
