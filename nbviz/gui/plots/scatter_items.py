"""Scatter items for marks that are mostly absent: emptied cheaply, and never painted while empty."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QRectF


def clear_scatter(item: pg.ScatterPlotItem) -> None:
    """Remove every spot of `item`; an item with none is left alone.

    `setData([], [])` rebuilds the item and schedules a repaint even when it shows nothing, and
    most marks (the selection ring, the probe, the stop square) are empty at most half-steps.
    """
    if len(item.data):
        item.setData([], [])


class Marks(pg.ScatterPlotItem):
    """A scatter item that, while it has no spots, takes no room and is never painted.

    pyqtgraph gives an empty scatter item a small rectangle at the origin, and a view repainting
    there (at every half-step, when the points change colour) runs its whole paint for nothing.
    """

    def clear(self) -> None:
        super().clear()
        self._flag_contents()

    def addPoints(self, *args, **kwargs) -> None:
        super().addPoints(*args, **kwargs)
        self._flag_contents()

    def _flag_contents(self) -> None:
        self.setFlag(self.GraphicsItemFlag.ItemHasNoContents, not len(self.data))

    def boundingRect(self) -> QRectF:
        return super().boundingRect() if len(self.data) else QRectF()
