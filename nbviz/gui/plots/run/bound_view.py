"""The bound EM climbs: the objective and the E-step's surrogate along a one-parameter slice.

The view only draws: what it draws (`nbviz.app.analysis.bound_slices.BoundPicture`) is computed by
`nbviz.app.run.bound_view_model.BoundPictures`, in a worker thread and cached per snapshot.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, QSize, Qt
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

from ....app.analysis.bound_slices import LINE, BoundPicture, caption, slice_choices
from ....app.data.problem import Problem
from ....app.presentation import view_descriptions as words
from ....app.presentation.appearance import Appearance
from ....app.run.bound_view_model import BoundPictures
from ....app.run.session import Session
from ...style.palette import ELBO_COLOR, OBJECTIVE_COLOR
from ...widgets.accessible import buddy_label
from ..grid import add_grid
from ..plot_view import PlotView, new_plot
from ..styling import pen, style_line

translate = QCoreApplication.translate

M_STEP_COLOR = "#d55e00"
LABEL_ROWS = (0.9, 0.66, 0.42, 0.18)  # heights a line label may sit at (0 bottom, 1 top), tried in order
LABEL_GAP = 4.0  # pixels kept free between labels
LABEL_OFFSET = 6.0  # pixels between a line and its label, so that a thick line does not cover the text
__all__ = ["LINE", "M_STEP_COLOR", "BoundView", "place_labels"]


def place_labels(
    xs: list[float], sizes: list[tuple[float, float]], width: float, height: float
) -> list[tuple[int, float]]:
    """Where the labels of vertical lines go so that none overlaps another or leaves the plot.

    Parameters
    ----------
    xs : list of float
        The lines' positions in pixels from the plot's left edge.
    sizes : list of (float, float)
        Each label's (width, height) in pixels.
    width, height : float
        The plot's size in pixels.

    Returns
    -------
    list of (int, float)
        Per line: the side (0: the label right of its line, 1: left of it) and the height (a
        fraction of the plot's height, 0 bottom, 1 top). Of lines closer than a label's width, the
        left one's label goes left and the right one's right; the heights are the first of
        `LABEL_ROWS` where the label meets no label placed before it (moved in from the plot's
        top or bottom as far as the label's half height needs).
    """
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    sides = [0] * len(xs)
    for rank, i in enumerate(order):
        w = sizes[i][0] + LABEL_GAP + LABEL_OFFSET
        left_neighbour = rank > 0 and xs[i] - xs[order[rank - 1]] < w
        right_neighbour = rank + 1 < len(order) and xs[order[rank + 1]] - xs[i] < w
        side = 1 if right_neighbour and not left_neighbour else 0
        if xs[i] + w > width:  # no room on the right
            side = 1
        elif xs[i] - w < 0:  # none on the left
            side = 0
        sides[i] = side
    placed: list[QRectF] = []
    result = [(0, LABEL_ROWS[0])] * len(xs)
    for i in range(len(xs)):  # in the caller's order: the first line gets the top row
        w, h = sizes[i]
        best = None
        inside = min(h / 2 / height, 0.5) if height > 0 else 0.5  # a label's half height, as a fraction
        # then every row a label's height apart, top to bottom: a tall label (a projector's) in a short plot
        pitch = (1.2 * h + LABEL_GAP) / height if height > 0 else 1.0
        sweep = [1.0 - inside - j * pitch for j in range(int((1.0 - 2 * inside) / pitch) + 1)] if pitch > 0 else []
        for row in (*LABEL_ROWS, *sweep, inside):  # (the lowest row last: the room under the others)
            row = min(max(row, inside), 1.0 - inside)  # a short plot's top and bottom rows move in
            top = (1.0 - row) * height - h / 2
            left = xs[i] + LABEL_OFFSET if sides[i] == 0 else xs[i] - w - LABEL_OFFSET
            rect = QRectF(left, top, w, h).adjusted(-LABEL_GAP / 2, -LABEL_GAP / 2, LABEL_GAP / 2, LABEL_GAP / 2)
            clash = sum(rect.intersected(other).width() * rect.intersected(other).height() for other in placed)
            if best is None or clash < best[0]:
                best = (clash, row, rect)
            if clash == 0:
                break
        assert best is not None  # LABEL_ROWS is not empty
        placed.append(best[2])
        result[i] = (sides[i], best[1])
    return result


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
        self.slice_choice.setToolTip(translate("nbviz", "Which parameter to move; everything else stays at θ_old"))
        self.half_width = QDoubleSpinBox()
        self.half_width.setRange(0.0, 1e6)
        self.half_width.setDecimals(3)
        self.half_width.setSpecialValueText("auto")
        self.half_width.setKeyboardTracking(False)
        self.half_width.setToolTip(
            translate("nbviz", "How far the slice reaches either side of θ_old (auto: from the data)")
        )
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 2, 4, 0)
        bar.addWidget(buddy_label(translate("nbviz", "Slice:"), self.slice_choice))
        bar.addWidget(self.slice_choice, 1)
        bar.addWidget(buddy_label(translate("nbviz", "± range"), self.half_width))
        bar.addWidget(self.half_width)

        self.plot = new_plot(menu=True)
        self.plot.setMinimumHeight(150)
        add_grid(self.plot)  # (coloured by style_plot)
        # the objective drawn wider, so that it shows on both sides of the dashed surrogate where they
        # (nearly) touch; the key sits above the plot, where it hides no curve
        self.objective_curve = self.plot.plot(connect="finite")
        self.surrogate_curve = self.plot.plot(connect="finite")
        self.key = QLabel(
            translate(
                "nbviz",
                '<span style="color:{0}">━━ objective</span> &nbsp; <span style="color:{1}">╍╍ surrogate '
                "L(q, θ) from the E-step</span>",
            ).format(OBJECTIVE_COLOR, ELBO_COLOR)
        )
        # the labels are placed apart (`place_labels`), so that they stay readable when the lines (nearly) coincide
        self.old_line = self._line("θ_old", LABEL_ROWS[-1])
        self.max_line = self._line(translate("nbviz", "max of L"), LABEL_ROWS[0])
        self.m_step_line = self._line(translate("nbviz", "M-step"), LABEL_ROWS[1])
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
        self.caption_area.setAccessibleName(translate("nbviz", "Caption of the bound view"))
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
        self.plot.getViewBox().sigRangeChanged.connect(self._place_labels)
        self.plot.getViewBox().sigResized.connect(self._place_labels)
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
        self.caption_area.setFixedHeight(4 * self.fontMetrics().lineSpacing() + 4)

    def sizeHint(self) -> QSize:
        return QSize(640, 420)  # half the bottom of the window, beside the objective curve

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
        # first the line theta_old -> theta_new: there the surrogate peaks exactly at the M-step
        self.slice_choice.setCurrentIndex(found if found >= 0 else 0)
        self.slice_choice.blockSignals(False)

    # ----------------------------------------------------------------- drawing
    def set_awake(self, awake: bool) -> None:
        """Sleep, or wake and draw at once (so that a figure taken as the view is shown has its curves)."""
        self._wake_now = awake and self._stale
        try:
            super().set_awake(awake)
        finally:
            self._wake_now = False

    def accessible_text(self) -> tuple[str, str] | None:
        return words.bound_name(), words.described(self.caption.text(), self.session)

    def redraw(self, *_) -> None:
        """Ask for the slice at the session's cursor; draw it now if known, else when computed."""
        if self.asleep():
            return
        session = self.session
        if not session.has_run:
            self.pictures.forget()
            self._show_nothing(translate("nbviz", "Load data or choose a preset to see the bound."))
            return
        self._sync_choices(session.run_history.responsibilities_model())
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
            "bottom",
            translate("nbviz", "t (0 = θ_old, 1 = θ_new)") if direction == LINE else self.slice_choice.currentText(),
        )
        self.plot.setLabel(
            "left",
            translate("nbviz", "log-likelihood")
            if self.session.config.prior.is_flat
            else translate("nbviz", "log-lik. + log-prior"),
        )
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

    def _place_labels(self, *_) -> None:
        """The line labels apart from each other and inside the plot (`place_labels`)."""
        box = self.plot.getViewBox()
        lines = [line for line in (self.max_line, self.m_step_line, self.old_line) if line.isVisible()]
        area = box.sceneBoundingRect()
        if not lines or area.width() <= 0:
            return
        xs = [box.mapViewToScene(QPointF(line.value(), 0.0)).x() - area.left() for line in lines]
        sizes = [(line.label.boundingRect().width(), line.label.boundingRect().height()) for line in lines]
        for line, (side, height), (w, _) in zip(lines, place_labels(xs, sizes, area.width(), area.height()), sizes):
            shift = LABEL_OFFSET / max(w, 1.0)  # the anchor is a fraction of the label's width
            anchor = (1.0 + shift, 0.5) if side else (-shift, 0.5)
            line.label.anchors = [anchor, anchor]
            line.label.setPosition(height)
            line.label.updatePosition()

    def _show_nothing(self, text: str) -> None:
        self.result = None
        for curve in (self.objective_curve, self.surrogate_curve, self.touch_mark):
            curve.setData([], [])
        for line in (self.old_line, self.max_line, self.m_step_line):
            line.hide()
        self.caption.setText(text)
