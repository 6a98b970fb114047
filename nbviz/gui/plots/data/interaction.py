"""Mouse interaction shared by the data views: picking a point, the selection ring, moving a mean."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

import nbviz.core as nc

from ..scatter_items import clear_scatter

CLICK_RADIUS = 8  # pixels


def clicked_position(ev, view_box: pg.ViewBox):
    """Where a left click landed in `view_box` (view coordinates), or None if the click is not ours."""
    if ev.button() != Qt.MouseButton.LeftButton or ev.isAccepted():
        return None
    if not view_box.sceneBoundingRect().contains(ev.scenePos()):
        return None
    return view_box.mapSceneToView(ev.scenePos())


def picked_index(ev, view_box: pg.ViewBox, layer) -> int | None:
    """Index of the point nearest a left click (-1 for none), or None if the click is not ours."""
    pos = clicked_position(ev, view_box)
    return None if pos is None else layer.nearest(pos.x(), pos.y(), CLICK_RADIUS)


def show_ring(ring: pg.ScatterPlotItem, xy, sizes=(23, 18), appearance=None) -> None:
    """A dark ring with a white inner ring around the selected point (or none for xy None): one of
    the two stands out on any background. Larger and thicker in `appearance`'s presentation mode."""
    if xy is None:
        clear_scatter(ring)
        return
    grow = appearance.point_size(1.0) if appearance is not None else 1.0
    thicken = appearance.line_width(1.0) if appearance is not None else 1.0
    ring.setData(
        pos=[xy, xy],
        size=[grow * size for size in sizes],
        brush=[None, None],
        pen=[pg.mkPen("#111111", width=3 * thicken), pg.mkPen("w", width=1.5 * thicken)],
    )


def with_moved_mean(model: nc.GaussianMixture, k: int, features, values) -> nc.GaussianMixture:
    """`model` with component k's mean set to `values` in the given feature positions."""
    means = np.array(model.means, dtype=float)
    means[k, list(features)] = values
    return model.replaced(means=means)
