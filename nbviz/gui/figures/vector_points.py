"""The data points of an exported figure as vector markers, up to `VECTOR_POINTS_MAX` of them.

On screen a `PointLayer` splats the points into one image at the screen's resolution. In a figure
that image would be enlarged (blocky at 2x) and, in SVG, unzoomable; so for the export the layer is
hidden and the same points are drawn as pyqtgraph markers of the same size, colours, rim and shape.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from ..plots.data.point_layer import RIM_SHADE, SHAPE_GROWTH, SHAPES, PointLayer, dot_radius

# Beyond this many points a figure keeps the layer's image (embedded as a PNG in SVG and PDF):
# each vector marker costs about 250 bytes of SVG, so 5,000 points make a file of about 1.3 MB
# that browsers, Inkscape and LaTeX still open at once; 100,000 would be 25 MB and slow to draw.
VECTOR_POINTS_MAX = 5_000


def point_layers(parts: Iterable[QWidget]) -> list[PointLayer]:
    """The point layers of the views in the windows (off-screen hosts) of `parts`."""
    found: list[PointLayer] = []
    for part in parts:
        # a part can be a view's plot: the view holding the layer is further up
        for widget in [part.window(), *part.window().findChildren(QWidget)]:
            layer = getattr(widget, "points", None)
            if isinstance(layer, PointLayer) and layer not in found:
                found.append(layer)
    return found


def markers_for(layer: PointLayer) -> pg.ScatterPlotItem:
    """A scatter item that draws the layer's points as it does: disc (or shape) and darker rim."""
    n = len(layer.positions)
    radius = max(1.0, dot_radius(n) + layer.radius_change)
    fill = [QColor(*map(int, rgb)) for rgb in layer.colors]
    rims = (layer.colors * RIM_SHADE).astype(np.uint8)
    pens = [pg.mkPen(QColor(*map(int, rgb)), width=1) for rgb in rims]
    if layer.shapes is None:
        symbols: list[str] | str = "o"
        size: float | np.ndarray = 2 * radius + 1
    else:
        symbols = [SHAPES[int(i)] for i in layer.shapes]
        size = np.where(layer.shapes == 0, 2 * radius + 1, 2 * radius * SHAPE_GROWTH)
    item = pg.ScatterPlotItem(
        x=layer.positions[:, 0],
        y=layer.positions[:, 1],
        symbol=symbols,
        size=size,
        brush=fill,
        pen=pens,
        pxMode=True,
    )
    item.setZValue(layer.image_item.zValue())
    return item


@contextmanager
def vector_points(parts: Iterable[QWidget]) -> Iterator[None]:
    """While inside, the shown point layers of `parts` with at most `VECTOR_POINTS_MAX` points draw markers."""
    swapped: list[tuple[PointLayer, pg.ScatterPlotItem]] = []
    try:
        for layer in point_layers(parts):
            if layer.image_item.isVisible() and 0 < len(layer.positions) <= VECTOR_POINTS_MAX:
                item = markers_for(layer)
                item.setExportMode(True, {"antialias": True})
                layer.view_box.addItem(item, ignoreBounds=True)
                layer.image_item.hide()
                swapped.append((layer, item))
        yield
    finally:
        for layer, item in swapped:
            layer.view_box.removeItem(item)
            layer.image_item.show()
