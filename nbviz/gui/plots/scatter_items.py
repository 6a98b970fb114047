"""Emptying a pyqtgraph scatter item without the cost of emptying an empty one."""

from __future__ import annotations

import pyqtgraph as pg


def clear_scatter(item: pg.ScatterPlotItem) -> None:
    """Remove every spot of `item`; an item with none is left alone.

    `setData([], [])` rebuilds the item and schedules a repaint even when it shows nothing, and
    most marks (the selection ring, the probe, the stop square) are empty at most half-steps.
    """
    if len(item.data):
        item.setData([], [])
