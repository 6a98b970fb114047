"""Device pixels in data units: how far one pixel of the screen reaches in a view's coordinates."""

from __future__ import annotations

import math

from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem


def pixel_extent(device: QTransform) -> tuple[float, float]:
    """How far one device pixel reaches along x and along y in the coordinates `device` maps to pixels.

    Worked out per axis, without inverting the matrix: at data scales like 1e150 its determinant is
    too small for `QTransform.inverted`, which then gives up. (0, 0) for a degenerate transform.
    """
    a, b, c, d = device.m11(), device.m12(), device.m21(), device.m22()
    if b == 0.0 and c == 0.0:  # no rotation: the usual case
        return (1.0 / abs(a) if a else 0.0), (1.0 / abs(d) if d else 0.0)
    det = a * d - b * c
    if det == 0.0 or not math.isfinite(det):
        return 0.0, 0.0
    return (abs(d) + abs(c)) / abs(det), (abs(b) + abs(a)) / abs(det)


def item_pixel_extent(item: QGraphicsItem) -> tuple[float, float]:
    """`pixel_extent` of `item`'s coordinates in the first view showing it; (0, 0) when none does.

    Asked of the transforms directly (pyqtgraph's `pixelVectors` does more work, and the scene asks
    for bounding rectangles often).
    """
    scene = item.scene()
    views = scene.views() if scene is not None else []
    if not views:
        return 0.0, 0.0
    device = item.deviceTransform(views[0].viewportTransform())
    # (pyqtgraph before 0.14 answers None for a view not laid out yet, whose transform is singular)
    return (0.0, 0.0) if device is None else pixel_extent(device)
