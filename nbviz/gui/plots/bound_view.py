"""The bound EM climbs: the objective and the E-step's surrogate along a one-parameter slice.

At the last E-step q became the posterior under theta_old. The surrogate
``L(q, theta) = E_q[log p(X, Z | theta)] + H(q)`` (+ log-prior) lies below the objective for every
theta, touches it at theta_old, and the M-step moves to its maximum. This view draws both along a
slice through theta_old: one mean coordinate, one weight (the others rescaled to sum to 1), one
Bernoulli probability, or the straight line from theta_old (t = 0) to the M-step's theta_new (t = 1).
"""

from __future__ import annotations

import warnings

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import (
    QComboBox, QDoubleSpinBox, QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget,
)

import nbviz.core as nc

from ...app.appearance import appearance_of
from ...app.session import Session
from ..palette import ELBO_COLOR, OBJECTIVE_COLOR
from .sleep import Sleeper
from .styling import pen, style_line, style_plot

N_POINTS = 101
MAX_PROB_ITEMS = 60  # Bernoulli probabilities offered in the slice chooser (the first features)
M_STEP_COLOR = "#d55e00"
LINE = "line"


def slice_choices(model: nc.Mixture, columns) -> list[tuple[str, object]]:
    """(title, direction) for every slice offered for `model`; direction as for `nc.bound_slice`."""
    choices = [("θ_old → θ_new: the line to the M-step (t)", LINE)]
    K = model.n_components
    if model.family == "gaussian":
        choices += [(f"mean of component {k + 1}, {columns[d]}", ("mean", k, d))
                    for k in range(K) for d in range(model.n_features)]
    choices += [(f"weight of component {k + 1}", ("weight", k)) for k in range(K)]
    if model.family == "bernoulli":
        features = range(min(model.n_features, max(1, MAX_PROB_ITEMS // K)))
        choices += [(f"P({columns[m]} = 1 | component {k + 1})", ("prob", k, m)) for k in range(K) for m in features]
    return choices


def refined_argmax(xs: np.ndarray, ys: np.ndarray) -> float:
    """The maximum of sampled values, refined by the parabola through it and its two neighbours."""
    i = int(np.nanargmax(ys))
    if 0 < i < len(ys) - 1 and np.all(np.isfinite(ys[i - 1:i + 2])):
        a, b, _ = np.polyfit(xs[i - 1:i + 2], ys[i - 1:i + 2], 2)
        if a < 0:
            return float(np.clip(-b / (2 * a), xs[i - 1], xs[i + 1]))
    return float(xs[i])


class BoundView(Sleeper, QWidget):
    """Objective and surrogate along a slice, with markers at theta_old and the surrogate's maximum.

    Attributes
    ----------
    slice_choice : QComboBox
    half_width : QDoubleSpinBox
        How far the slice reaches either side of theta_old (0: automatic).
    plot : pg.PlotWidget
    objective_curve, surrogate_curve : pg.PlotDataItem
    old_line, max_line, m_step_line : pg.InfiniteLine
        At theta_old (where the curves touch), the surrogate's maximum and the M-step's value.
    result : nc.BoundSlice or None
        The slice drawn last.
    """

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self.appearance = appearance_of(session)
        self._awake, self._stale = False, True  # hidden until its dock is shown
        self._choices_key = None
        self.result: nc.BoundSlice | None = None
        self.slice_choice = QComboBox()
        self.slice_choice.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.slice_choice.setToolTip("Which parameter to move; everything else stays at θ_old")
        self.half_width = QDoubleSpinBox()
        self.half_width.setRange(0.0, 1e6)
        self.half_width.setDecimals(3)
        self.half_width.setSpecialValueText("auto")
        self.half_width.setKeyboardTracking(False)
        self.half_width.setToolTip("How far the slice reaches either side of θ_old (auto: from the data)")
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 2, 4, 0)
        bar.addWidget(QLabel("Slice:"))
        bar.addWidget(self.slice_choice, 1)
        bar.addWidget(QLabel("± range"))
        bar.addWidget(self.half_width)

        self.plot = pg.PlotWidget()
        self.plot.setMinimumHeight(130)
        self.plot.showGrid(x=True, y=True, alpha=0.15)
        for axis in ("left", "bottom"):
            self.plot.getAxis(axis).enableAutoSIPrefix(False)
        # the objective drawn wider, so that it shows on both sides of the dashed surrogate where they
        # (nearly) touch; the key sits above the plot, where it hides no curve
        self.objective_curve = self.plot.plot(connect="finite")
        self.surrogate_curve = self.plot.plot(connect="finite")
        self.key = QLabel(f'<span style="color:{OBJECTIVE_COLOR}">━━ objective</span> &nbsp; '
                          f'<span style="color:{ELBO_COLOR}">╍╍ surrogate L(q, θ) from the E-step</span>')
        # labels at different heights, so that they stay readable when the lines (nearly) coincide
        self.old_line = self._line("θ_old", 0.08)
        self.max_line = self._line("max of L", 0.5)
        self.m_step_line = self._line("M-step", 0.3)
        self.touch_mark = pg.ScatterPlotItem(symbol="o", brush=None)
        self.plot.addItem(self.touch_mark)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        # the caption scrolls rather than pushing into the plot when the dock is short (large text)
        self.caption_area = QScrollArea()
        self.caption_area.setWidget(self.caption)
        self.caption_area.setWidgetResizable(True)
        self.caption_area.setFrameShape(QFrame.NoFrame)
        self.caption_area.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self._fit_caption_area()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.key)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.caption_area)

        self.slice_choice.currentIndexChanged.connect(self.redraw)
        self.half_width.valueChanged.connect(self.redraw)
        for signal in (session.problem_changed, session.run_reset, session.cursor_changed):
            signal.connect(self.redraw)
        self.appearance.changed.connect(self.apply_appearance)
        self.apply_appearance()

    def apply_appearance(self) -> None:
        """Background, axes, fonts, pens and the line labels for the appearance (then redraw)."""
        a = self.appearance
        style_plot(self.plot, a, grid=True)
        self.objective_curve.setPen(pen(a, OBJECTIVE_COLOR, 4))
        self.surrogate_curve.setPen(pen(a, ELBO_COLOR, 2, style=Qt.DashLine))
        self.touch_mark.setPen(pen(a, a.muted_text, 2))
        self.touch_mark.setSize(a.point_size(11))
        for line, colour, style in ((self.old_line, a.muted_text, Qt.DotLine),
                                    (self.max_line, ELBO_COLOR, Qt.SolidLine),
                                    (self.m_step_line, M_STEP_COLOR, Qt.DashLine)):
            style_line(line, a, colour, 2, style=style)
        self.redraw()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.FontChange:  # presentation mode: the caption's lines are taller
            self._fit_caption_area()

    def _fit_caption_area(self) -> None:
        """Room for three lines of the caption; longer captions scroll."""
        self.caption_area.setFixedHeight(3 * self.fontMetrics().lineSpacing() + 4)

    def sizeHint(self) -> QSize:
        return QSize(640, 300)  # half the bottom of the window, beside the objective curve

    def _line(self, text: str, height: float) -> pg.InfiniteLine:
        """A vertical line labelled `text` at `height` (0 bottom, 1 top); `apply_appearance` colours it."""
        line = pg.InfiniteLine(angle=90, label=text, labelOpts={"position": height, "anchors": [(0, 0.5), (0, 0.5)]})
        line.hide()
        self.plot.addItem(line)
        return line

    # ----------------------------------------------------------------- what to slice
    @property
    def direction(self):
        index = self.slice_choice.currentIndex()
        return self.slice_choice.itemData(index) if index >= 0 else None

    def _sync_choices(self, model: nc.Mixture) -> None:
        key = (model.family, model.n_components, model.n_features, self.session.problem)
        if key == self._choices_key:
            return
        self._choices_key = key
        previous = self.slice_choice.currentText()
        self.slice_choice.blockSignals(True)
        self.slice_choice.clear()
        for title, direction in slice_choices(model, self.session.problem.columns):
            self.slice_choice.addItem(title, direction)
        found = self.slice_choice.findText(previous)
        # a mean coordinate is the clearest first picture for a Gaussian mixture
        self.slice_choice.setCurrentIndex(found if found >= 0 else min(1, self.slice_choice.count() - 1))
        self.slice_choice.blockSignals(False)

    def _auto_half_width(self, model: nc.Mixture, direction) -> float:
        kind, k, *rest = direction
        if kind == "mean":
            return 2.0 * float(np.sqrt(model.full_covariances[k, rest[0], rest[0]]))
        return 0.25

    # ----------------------------------------------------------------- drawing
    def redraw(self, *_) -> None:
        """Evaluate and draw the slice at the session's cursor."""
        if self.asleep():
            return
        session = self.session
        if not session.has_run:
            self._show_nothing("Load data or choose a preset to see the bound.")
            return
        old = session.responsibilities_model()
        self._sync_choices(old)
        direction = self.direction
        new = self._m_step_model(old)
        if direction is None or (direction == LINE and new is None):
            self._show_nothing("The M-step cannot be taken from here, so there is no line to it.")
            return
        ts, target = self._positions(old, new, direction)
        config = session.config
        along = new if direction == LINE else direction

        def slice_at(positions):
            return nc.bound_slice(session.problem.X, old, along, positions, prior=config.prior,
                                  labels=session.labels, hard=config.hard)

        result = slice_at(ts)
        self.result = result
        xs = result.ts if direction == LINE else result.values
        if not np.any(np.isfinite(result.surrogate)):
            self._show_nothing("No valid parameters along this slice; choose a smaller range.")
            return
        self.plot.setLabel("bottom", "t (0 = θ_old, 1 = θ_new)" if direction == LINE else
                           self.slice_choice.currentText())
        self.plot.setLabel("left", "log-likelihood" if config.prior.is_flat else "log-lik. + log-prior")
        self.objective_curve.setData(xs, result.objective)
        self.surrogate_curve.setData(xs, result.surrogate)
        finite = xs[np.isfinite(result.objective)]
        self.plot.setXRange(finite.min(), finite.max(), padding=0.03)  # only where the model is valid
        at_old = 0.0 if direction == LINE else self._value_of(old, direction)
        best = self._maximum(slice_at, result, xs)
        self.old_line.setValue(at_old)
        self.max_line.setValue(best)
        centre = int(np.argmin(np.abs(result.ts)))
        self.touch_mark.setData([xs[centre]], [result.objective[centre]])
        for line in (self.old_line, self.max_line):
            line.show()
        self.m_step_line.setVisible(target is not None)
        if target is not None:
            self.m_step_line.setValue(target)
        self._place_labels()
        self.caption.setText(self._caption(result, centre, at_old, best, target))

    @staticmethod
    def _maximum(slice_at, result: nc.BoundSlice, xs: np.ndarray) -> float:
        """Where the surrogate peaks (x units): the grid's best point, then a fine grid around it."""
        i = int(np.nanargmax(result.surrogate))
        low, high = max(i - 1, 0), min(i + 1, len(xs) - 1)
        fine = slice_at(np.linspace(result.ts[low], result.ts[high], 41))
        offset = xs[i] - result.ts[i]  # x = t (+ theta_old's value for one parameter)
        return refined_argmax(fine.ts + offset, fine.surrogate)

    def _place_labels(self) -> None:
        """Line labels to the left of lines in the right half, so that none is cut off at the edge."""
        (x0, x1), _ = self.plot.getViewBox().viewRange()
        for line in (self.old_line, self.max_line, self.m_step_line):
            side = 1 if line.value() > (x0 + x1) / 2 else 0
            line.label.anchors = [(side, 0.5), (side, 0.5)]
            line.label.updatePosition()

    def _show_nothing(self, text: str) -> None:
        self.result = None
        for curve in (self.objective_curve, self.surrogate_curve, self.touch_mark):
            curve.setData([], [])
        for line in (self.old_line, self.max_line, self.m_step_line):
            line.hide()
        self.caption.setText(text)

    def _m_step_model(self, old: nc.Mixture) -> nc.Mixture | None:
        """theta_new: the M-step from the q in force at the cursor (the snapshot itself after an M-step)."""
        session = self.session
        snapshot = session.snapshot
        if snapshot.phase == "M":
            return snapshot.model
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", nc.EmptyComponentWarning)
                return nc.m_step(old, session.problem.X, session.resp, prior=session.config.prior,
                                 fixed_covariances=session.fixed_covariances)
        except ValueError:  # e.g. a covariance would collapse: there is no M-step to show
            return None

    @staticmethod
    def _value_of(model: nc.Mixture, direction) -> float:
        kind, k, *rest = direction
        if kind == "weight":
            return float(model.weights[k])
        return float((model.means if kind == "mean" else model.probs)[k, rest[0]])

    def _positions(self, old, new, direction) -> tuple[np.ndarray, float | None]:
        """Slice positions t, and where the M-step puts the sliced value (x units), if known."""
        if direction == LINE:
            return np.linspace(-0.5, 1.5, N_POINTS), 1.0
        half = self.half_width.value() or self._auto_half_width(old, direction)
        target = None if new is None else self._value_of(new, direction)
        delta = 0.0 if target is None else target - self._value_of(old, direction)
        low, high = min(-half, 1.25 * delta), max(half, 1.25 * delta)
        ts = np.linspace(low, high, N_POINTS)
        return np.union1d(ts, [0.0]), target  # theta_old itself is always one of the points

    def _caption(self, result: nc.BoundSlice, centre: int, at_old: float, best: float, target) -> str:
        gap = result.objective[centre] - result.surrogate[centre]
        parts = []
        if self.session.config.hard:
            parts.append(f"Hard EM: q is one-hot, so the bound stays below the objective even at θ_old "
                         f"(gap {gap:.4g}); it is the classification log-likelihood.")
        else:
            parts.append(f"The surrogate lies below the objective and touches it at θ_old = {at_old:.4g} "
                         f"(gap {abs(gap):.2g}).")
        parts.append(f"Its maximum here: {best:.3g}." + ("" if target is None else f" The M-step: {target:.3g}."))
        if target is not None:
            span = np.nanmax(result.values if result.values.size else [1.0]) - np.nanmin(result.values)
            if abs(best - target) > 0.02 * max(span, 1e-12):
                parts.append("(On this slice the other parameters stay at θ_old; the M-step moves them "
                             "all, and lands on the maximum along the line to the M-step.)")
        return " ".join(parts)
