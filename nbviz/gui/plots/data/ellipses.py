"""Component glyphs: covariance ellipses and draggable mean markers.

Both are created once per component and updated in place as EM steps.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPolygonF

from ....app.analysis.ellipse_geometry import ellipse_offsets
from ...style.palette import component_color
from ..pixels import item_pixel_extent

SIGMA_LEVELS = (1.0, 2.0)
UNMATCHED_COLOR = "#6b6b6b"


def matched_color(k: int, dark: bool = False) -> QColor:
    """Colour of a true component matched to fitted component `k` (grey when unmatched, k = -1), for a
    light or `dark` background."""
    return QColor(UNMATCHED_COLOR) if k < 0 else component_color(k, dark)


class EllipseItem(pg.GraphicsObject):
    """The 1- and 2-sigma ellipses of one 2-D Gaussian, drawn as one QPainterPath.

    The path is built relative to the mean, in units of a power of two near the ellipse's size,
    and painted through a translation and scaling: Qt ignores path points beyond 1e128 (a
    ``moveTo`` there is dropped, which drew a wedge from the origin at data scaled by 1e150), and
    vertices near 1 keep their precision however far the ellipse is from the origin.

    Parameters
    ----------
    pen : QPen or anything `pg.mkPen` accepts
        Cosmetic (constant width on screen) unless the pen says otherwise.
    levels : sequence of float
        Mahalanobis radii of the drawn ellipses.
    """

    def __init__(self, pen=None, levels=SIGMA_LEVELS):
        super().__init__()
        self.pen = pg.mkPen(pen)
        self.levels = tuple(levels)
        self.path = QPainterPath()  # in local units: data = centre + unit * path
        self.centre = (0.0, 0.0)
        self.unit = 1.0
        self.curves: list[np.ndarray] = []  # one (n + 1, 2) vertex array per level, in data units
        self.polygons: list[QPolygonF] = []  # the finite curves as drawn: relative to the centre, in `unit`s
        self._gaussian: tuple[np.ndarray, np.ndarray] | None = None  # (mean, cov) drawn
        # kept as a pixmap: a half-step that leaves the Gaussian alone repaints no path
        self.setCacheMode(self.CacheMode.DeviceCoordinateCache)

    def set_gaussian(self, mean: np.ndarray, cov: np.ndarray) -> None:
        """Redraw for a Gaussian with `mean` (2,) and covariance `cov` (2, 2) (nothing to do if unchanged)."""
        mean, cov = np.array(mean, dtype=float), np.array(cov, dtype=float)
        drawn = self._gaussian
        if drawn is not None and np.array_equal(drawn[0], mean) and np.array_equal(drawn[1], cov):
            return
        self._gaussian = (mean, cov)
        offsets = ellipse_offsets(cov, self.levels)  # each level's vertices - mean
        self.curves = [mean + offset for offset in offsets]
        finite = [offset for offset, curve in zip(offsets, self.curves) if np.all(np.isfinite(curve))]
        extent = max((float(np.max(np.abs(offset))) for offset in finite), default=0.0)
        unit = math.ldexp(1.0, math.frexp(extent)[1]) if 0.0 < extent < math.inf else 1.0  # exact scaling
        # one open polyline per level (the last vertex repeats the first): Qt strokes a polyline at about
        # half the cost of the same outline as a path
        path = QPainterPath()
        for offset in finite:
            local = offset / unit
            path.addPath(pg.arrayToQPath(local[:, 0], local[:, 1], connect="all"))
        self.polygons = path.toSubpathPolygons()
        self.prepareGeometryChange()
        self.path, self.unit = path, unit
        self.centre = (float(mean[0]), float(mean[1])) if np.all(np.isfinite(mean)) else (0.0, 0.0)
        self.update()

    def set_pen(self, pen) -> None:
        pen = pg.mkPen(pen)
        if pen != self.pen:
            self.pen = pen
            self.update()

    def clear(self) -> None:
        self.prepareGeometryChange()
        self._gaussian = None
        self.curves = []
        self.polygons = []
        self.path = QPainterPath()
        self.update()

    def boundingRect(self) -> QRectF:
        local = self.path.boundingRect()
        if local.isNull():
            return QRectF()
        (cx, cy), unit = self.centre, self.unit
        rect = QRectF(cx + unit * local.left(), cy + unit * local.top(), unit * local.width(), unit * local.height())
        # The cosmetic pen's width is in pixels: pad by it in data units (the extent of a device
        # pixel along each axis; asked of the transform directly, as the scene asks this often)
        pixel_x, pixel_y = item_pixel_extent(self)
        width = self.pen.widthF() + 2
        return rect.adjusted(-pixel_x * width, -pixel_y * width, pixel_x * width, pixel_y * width)

    def paint(self, painter, *args) -> None:
        painter.setRenderHint(painter.RenderHint.Antialiasing, True)
        painter.setPen(self.pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.translate(*self.centre)
        painter.scale(self.unit, self.unit)  # the pen is cosmetic: its width stays in pixels
        for polygon in self.polygons:
            painter.drawPolyline(polygon)


class DraggableMarkers(pg.ScatterPlotItem):
    """Scatter markers that can be dragged one at a time with the left mouse button.

    A drag starting on a marker moves that marker (the view does not pan); a drag starting
    elsewhere is left to the view. ``axes="x"`` restricts dragging to the horizontal.

    Signals
    -------
    marker_moved(int, float, float) : marker index and its position while dragging
    marker_dropped(int, float, float) : marker index and its final position
    """

    marker_moved = Signal(int, float, float)
    marker_dropped = Signal(int, float, float)

    def __init__(self, axes: str = "xy", **options):
        super().__init__(**options)
        self.axes = axes
        self.drag_enabled = True
        self._dragging: int | None = None
        self._grab_offset = QPointF()
        self._fixed_y = 0.0

    @property
    def dragging(self) -> int | None:
        """Index of the marker being dragged, or None."""
        return self._dragging

    def hoverEvent(self, ev) -> None:
        super().hoverEvent(ev)
        over = self.drag_enabled and not ev.isExit() and len(self.pointsAt(ev.pos())) > 0
        if over:
            ev.acceptDrags(Qt.MouseButton.LeftButton)
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        elif self._dragging is None:
            self.unsetCursor()

    def mouseDragEvent(self, ev) -> None:
        if ev.button() != Qt.MouseButton.LeftButton or not self.drag_enabled:
            ev.ignore()
            return
        if ev.isStart():
            hits = self.pointsAt(ev.buttonDownPos())
            if len(hits) == 0:
                ev.ignore()
                return
            spot = hits[0]  # the topmost marker
            self._dragging = int(spot.index())
            self._grab_offset = spot.pos() - ev.buttonDownPos()
            self._fixed_y = spot.pos().y()
        elif self._dragging is None:
            ev.ignore()
            return
        ev.accept()
        pos = ev.pos() + self._grab_offset
        x, y = pos.x(), (self._fixed_y if self.axes == "x" else pos.y())
        index = self._dragging
        if ev.isFinish():
            self._dragging = None
            self.unsetCursor()
            self.marker_dropped.emit(index, x, y)
        else:
            self.marker_moved.emit(index, x, y)
