"""The bound EM climbs: the objective and the E-step's surrogate along a one-parameter slice.

The view only draws: what it draws (`nbviz.app.bound_slices.BoundPicture`) is computed by
`nbviz.app.bound_view_model.BoundPictures`, in a worker thread and cached per snapshot.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

import nbviz.core as nc

from ...app.appearance import Appearance
from ...app.bound_slices import LINE, BoundPicture, caption, slice_choices
from ...app.bound_view_model import BoundPictures
from ...app.problem import Problem
from ...app.session import Session
from ..palette import ELBO_COLOR, OBJECTIVE_COLOR
from .plot_view import PlotView, new_plot
from .styling import pen, style_line

M_STEP_COLOR = "#d55e00"
__all__ = ["LINE", "M_STEP_COLOR", "BoundView"]


class BoundView(PlotView, QWidget):
    """Objective and surrogate along a slice, with markers at theta_old and the surrogate's maximum.

    Parameters
    ----------
    pictures : BoundPictures, optional
        Computes and caches the slices (one of its own by default; the other parameters are those
        of `SessionView`).

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
    pictures : BoundPictures
        Computes and caches what is drawn.
    """

    grid = True
    plot: pg.PlotWidget

    def __init__(
        self,
        session: Session,
        parent=None,
        pictures: BoundPictures | None = None,
        *,
        appearance: Appearance | None = None,
    ):
        super().__init__(session, parent, appearance=appearance)
        self.pictures = pictures if pictures is not None else BoundPictures(session, self)
        self._awake, self._stale = False, True  # hidden until its dock is shown
        self._wake_now = False
        # (family, n_components, n_features, problem) the slice choices were made for
        self._choices_key: tuple[str, int, int, Problem | None] | None = None
        self.result: nc.BoundSlice | None = None
        self.slice_choice = QComboBox()
        self.slice_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
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

        self.plot = new_plot(menu=True)
        self.plot.setMinimumHeight(130)
        self.plot.showGrid(x=True, y=True, alpha=0.15)
        # the objective drawn wider, so that it shows on both sides of the dashed surrogate where they
        # (nearly) touch; the key sits above the plot, where it hides no curve
        self.objective_curve = self.plot.plot(connect="finite")
        self.surrogate_curve = self.plot.plot(connect="finite")
        self.key = QLabel(
            f'<span style="color:{OBJECTIVE_COLOR}">━━ objective</span> &nbsp; '
            f'<span style="color:{ELBO_COLOR}">╍╍ surrogate L(q, θ) from the E-step</span>'
        )
        # labels at different heights, so that they stay readable when the lines (nearly) coincide
        self.old_line = self._line("θ_old", 0.08)
        self.max_line = self._line("max of L", 0.5)
        self.m_step_line = self._line("M-step", 0.3)
        self.touch_mark = pg.ScatterPlotItem(symbol="o", brush=None)
        self.plot.addItem(self.touch_mark)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # the caption scrolls rather than pushing into the plot when the dock is short (large text)
        self.caption_area = QScrollArea()
        self.caption_area.setWidget(self.caption)
        self.caption_area.setWidgetResizable(True)
        self.caption_area.setFrameShape(QFrame.Shape.NoFrame)
        self.caption_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fit_caption_area()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.key)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.caption_area)

        self.slice_choice.currentIndexChanged.connect(self.redraw)
        self.half_width.valueChanged.connect(self.redraw)
        self.pictures.computed.connect(self._draw)
        self.follow_session()

    def restyle(self, a: Appearance) -> None:
        """Pens, marker size and the line labels for the appearance."""
        self.objective_curve.setPen(pen(a, OBJECTIVE_COLOR, 4))
        self.surrogate_curve.setPen(pen(a, ELBO_COLOR, 2, style=Qt.PenStyle.DashLine))
        self.touch_mark.setPen(pen(a, a.muted_text, 2))
        self.touch_mark.setSize(a.point_size(11))
        for line, colour, style in (
            (self.old_line, a.muted_text, Qt.PenStyle.DotLine),
            (self.max_line, ELBO_COLOR, Qt.PenStyle.SolidLine),
            (self.m_step_line, M_STEP_COLOR, Qt.PenStyle.DashLine),
        ):
            style_line(line, a, colour, 2, style=style)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # presentation mode: the caption's lines are taller
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

    # ----------------------------------------------------------------- drawing
    def set_awake(self, awake: bool) -> None:
        """Sleep, or wake and draw at once (so that a figure taken as the view is shown has its curves)."""
        self._wake_now = awake and self._stale
        try:
            super().set_awake(awake)
        finally:
            self._wake_now = False

    def redraw(self, *_) -> None:
        """Ask for the slice at the session's cursor; draw it now if known, else when computed."""
        if self.asleep():
            return
        session = self.session
        if not session.has_run:
            self.pictures.forget()
            self._show_nothing("Load data or choose a preset to see the bound.")
            return
        self._sync_choices(session.responsibilities_model())
        picture = self.pictures.request(self.direction, self.half_width.value(), now=self._wake_now)
        if picture is not None:
            self._draw(picture)

    def _draw(self, picture: BoundPicture) -> None:
        """Draw a computed slice (the view keeps its last drawing while the next one is computed)."""
        if picture.result is None:
            self._show_nothing(picture.message)
            return
        result, xs, direction = picture.result, picture.xs, picture.direction
        self.result = result
        self.plot.setLabel(
            "bottom", "t (0 = θ_old, 1 = θ_new)" if direction == LINE else self.slice_choice.currentText()
        )
        self.plot.setLabel("left", "log-likelihood" if self.session.config.prior.is_flat else "log-lik. + log-prior")
        self.objective_curve.setData(xs, result.objective)
        self.surrogate_curve.setData(xs, result.surrogate)
        finite = xs[np.isfinite(result.objective)]
        self.plot.setXRange(finite.min(), finite.max(), padding=0.03)  # only where the model is valid
        self.old_line.setValue(picture.at_old)
        self.max_line.setValue(picture.best)
        centre = picture.centre
        self.touch_mark.setData([xs[centre]], [result.objective[centre]])
        for line in (self.old_line, self.max_line):
            line.show()
        target = picture.target
        self.m_step_line.setVisible(target is not None)
        if target is not None:
            self.m_step_line.setValue(target)
        self._place_labels()
        self.caption.setText(caption(picture, self.session.config.hard))

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
