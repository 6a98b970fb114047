"""Curves moved near their view's origin while a figure is drawn, so that SVG keeps their detail.

pyqtgraph draws a curve in data coordinates under the view's transform, and Qt's SVG generator
writes those coordinates with six significant digits. A log-likelihood near -1287.09 that moves
by 0.001 across the bound view is then written in steps of 0.01: a staircase. While a figure is
drawn, every curve of a view is shifted by the centre of the view's range and the item moved back
by the same amount (its picture is unchanged); its coordinates are then small and keep their
precision. Filled bands between curves follow their curves and move with them, and a curve filled
down to a level (a histogram's bars, filled to 0) has its level shifted with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QWidget


def _view_boxes(parts: Iterable[QWidget]) -> list[pg.ViewBox]:
    boxes: list[pg.ViewBox] = []
    for part in parts:
        for view in [part, *part.findChildren(pg.GraphicsView)]:
            if isinstance(view, pg.GraphicsView):
                boxes.extend(item for item in view.scene().items() if isinstance(item, pg.ViewBox))
    return boxes


@contextmanager
def recentred_curves(parts: Iterable[QWidget]) -> Iterator[None]:
    """While inside, the curves (and bands between them) of `parts` are drawn from near the origin."""
    moved: list[tuple[pg.PlotCurveItem, np.ndarray, np.ndarray, float | None]] = []
    bands: list[pg.FillBetweenItem] = []
    auto: list[tuple[pg.ViewBox, list]] = []
    try:
        for box in _view_boxes(parts):
            (x0, x1), (y0, y1) = box.viewRange()
            centre = QPointF((x0 + x1) / 2, (y0 + y1) / 2)
            children = box.addedItems
            curves = [c for item in children for c in _curves_of(item)]
            if not curves:
                continue
            auto.append((box, list(box.state["autoRange"])))
            box.disableAutoRange()
            for curve in curves:
                x, y, level = curve.xData, curve.yData, curve.opts["fillLevel"]
                moved.append((curve, x, y, level))
                curve.setData(x - centre.x(), y - centre.y())
                if level is not None:  # the fill keeps its place in the data (a histogram's 0)
                    curve.setFillLevel(level - centre.y())
                curve.setPos(curve.pos() + centre)
            for band in (item for item in children if isinstance(item, pg.FillBetweenItem)):
                band.setPos(band.pos() + centre)
                bands.append(band)
        yield
    finally:
        for curve, x, y, level in moved:
            curve.setPos(QPointF())
            curve.setData(x, y)
            curve.setFillLevel(level)
        for band in bands:
            band.setPos(QPointF())
        for box, (auto_x, auto_y) in auto:
            box.enableAutoRange(x=auto_x, y=auto_y)


def _curves_of(item) -> list[pg.PlotCurveItem]:
    """The data curves drawn by `item` (a PlotCurveItem, or a PlotDataItem's curve)."""
    if isinstance(item, pg.PlotDataItem):
        item = item.curve
    if not isinstance(item, pg.PlotCurveItem) or not item.isVisible() or item.pos() != QPointF():
        return []
    x, y = item.xData, item.yData
    return [item] if x is not None and y is not None and len(x) > 1 else []
