"""Markers along a curve: one symbol, size and colour at every point, drawn as copies of one sprite.

The objective curve marks each half-step. A pyqtgraph scatter item does this with a great deal of
per-paint bookkeeping that a dozen identical markers do not need, and the curve is redrawn at every
half-step; `SymbolTrail` keeps the points as arrays, renders the symbol once into a pixmap (at the
screen's pixel ratio) and copies it to each point's pixel. In a figure (pyqtgraph's export mode) it
draws every marker as a shape instead, so SVG and PDF files get vector markers.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QPixmap

from ..pixels import item_pixel_extent


class SymbolTrail(pg.GraphicsObject):
    """Markers of pyqtgraph `symbol`, `size` pixels wide, filled with `brush` and outlined with `pen`.

    Parameters
    ----------
    symbol : str
        A pyqtgraph symbol name ("o", "t", "s", ...).
    size : float
        Width in (logical) pixels, whatever the zoom.
    brush, pen
        Anything `pg.mkBrush` / `pg.mkPen` accepts (pen None: no outline).
    """

    def __init__(self, symbol: str, size: float, brush, pen=None):
        super().__init__()
        self.symbol, self.size = symbol, float(size)
        self.brush, self.pen = pg.mkBrush(brush), pg.mkPen(pen)
        self.x = np.empty(0)
        self.y = np.empty(0)
        self._data_rect = QRectF()
        self._sprites: dict[float, QPixmap] = {}  # by device pixel ratio
        self._exporting = False
        self.setFlag(self.GraphicsItemFlag.ItemHasNoContents, True)

    # ----------------------------------------------------------------- data and style
    def set_points(self, x, y) -> None:
        """Mark the points (x[i], y[i]); those with a non-finite coordinate are left out."""
        x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        finite = np.isfinite(x) & np.isfinite(y)
        x, y = x[finite], y[finite]
        if np.array_equal(x, self.x) and np.array_equal(y, self.y):
            return
        self.prepareGeometryChange()
        self.x, self.y = x, y
        self._data_rect = (
            QRectF(float(x.min()), float(y.min()), float(np.ptp(x)), float(np.ptp(y))) if x.size else QRectF()
        )
        self.setFlag(self.GraphicsItemFlag.ItemHasNoContents, not x.size)
        self.update()

    def set_style(self, size: float | None = None, brush=None, pen=None) -> None:
        """A new marker size, fill or outline (None keeps the one there is)."""
        if size is not None:
            self.size = float(size)
        if brush is not None:
            self.brush = pg.mkBrush(brush)
        if pen is not None:
            self.pen = pg.mkPen(pen)
        self._sprites.clear()
        self.prepareGeometryChange()
        self.update()

    def setExportMode(self, export, opts=None):  # pyqtgraph's name: a figure is being drawn
        self._exporting = bool(export)
        return super().setExportMode(export, opts)

    # ----------------------------------------------------------------- drawing
    def _reach(self) -> float:
        """How far a marker reaches from its point, in pixels (half its size, its outline, one for rounding)."""
        outline = 0.0 if self.pen.style() == Qt.PenStyle.NoPen else self.pen.widthF()
        return self.size / 2 + outline + 1.0

    def boundingRect(self) -> QRectF:
        if not self.x.size:
            return QRectF()
        pixel_x, pixel_y = item_pixel_extent(self)
        reach = self._reach()
        return self._data_rect.adjusted(-pixel_x * reach, -pixel_y * reach, pixel_x * reach, pixel_y * reach)

    def _sprite(self, ratio: float) -> QPixmap:
        """The marker rendered once, `ratio` device pixels per logical pixel, centred in its pixmap."""
        sprite = self._sprites.get(ratio)
        if sprite is None:
            side = 2 * math.ceil(self._reach())
            sprite = QPixmap(math.ceil(side * ratio), math.ceil(side * ratio))
            sprite.setDevicePixelRatio(ratio)
            sprite.fill(Qt.GlobalColor.transparent)
            painter = QPainter(sprite)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.translate(side / 2, side / 2)
            pg.graphicsItems.ScatterPlotItem.drawSymbol(painter, self.symbol, self.size, self.pen, self.brush)
            painter.end()
            self._sprites[ratio] = sprite
        return sprite

    def paint(self, painter, *args) -> None:
        if not self.x.size:
            return
        transform = painter.transform()
        xs = self.x * transform.m11() + self.y * transform.m21() + transform.dx()
        ys = self.x * transform.m12() + self.y * transform.m22() + transform.dy()
        # only the markers that reach into the device (a zoomed-in long run has thousands outside)
        area, reach = painter.viewport(), self._reach()
        shown = (xs > area.left() - reach) & (xs < area.right() + reach)
        shown &= (ys > area.top() - reach) & (ys < area.bottom() + reach)
        xs, ys = xs[shown], ys[shown]
        painter.save()
        painter.resetTransform()  # the markers keep their size in pixels whatever the zoom
        if self._exporting:  # a figure: shapes, not pixels
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            for x, y in zip(xs.tolist(), ys.tolist()):
                painter.save()
                painter.translate(x, y)
                pg.graphicsItems.ScatterPlotItem.drawSymbol(painter, self.symbol, self.size, self.pen, self.brush)
                painter.restore()
        else:
            device = painter.device()
            sprite = self._sprite(device.devicePixelRatioF() if device is not None else 1.0)
            half = sprite.width() / sprite.devicePixelRatio() / 2
            for x, y in zip(np.round(xs - half).tolist(), np.round(ys - half).tolist()):  # whole pixels: crisp
                painter.drawPixmap(QPointF(x, y), sprite)
        painter.restore()


class CurveSample(pg.GraphicsWidget):
    """A legend's sample of a curve drawn with `pen` and marked by `marks`: a line with one marker.

    Given to a `pg.LegendItem` made with ``sampleType=CurveSample`` (the legend parents it, so Qt
    owns it: no Python-owned item outside a scene). A click shows or hides the curve and its
    markers, as pyqtgraph's own samples do, and greys the sample.
    """

    sigClicked = Signal(object)  # (pyqtgraph's legend connects it by this name)

    def __init__(self, curve: pg.PlotCurveItem, marks: SymbolTrail):
        super().__init__()
        self.curve, self.marks = curve, marks
        self.setFixedWidth(20)
        self.setFixedHeight(20)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, 20, 20)

    def paint(self, painter, *args) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if not self.curve.isVisible():
            painter.setOpacity(0.3)
        painter.setPen(self.curve.opts["pen"])
        painter.drawLine(QPointF(0, 11), QPointF(20, 11))
        painter.translate(10, 11)
        marks = self.marks
        pg.graphicsItems.ScatterPlotItem.drawSymbol(painter, marks.symbol, marks.size, marks.pen, marks.brush)

    def mouseClickEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            shown = not self.curve.isVisible()
            self.curve.setVisible(shown)
            self.marks.setVisible(shown)
            event.accept()
            self.update()
            self.sigClicked.emit(self.curve)
