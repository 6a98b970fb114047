"""Emptying scatter items: spots go, and an empty item is not rebuilt."""

import pyqtgraph as pg

from nbviz.gui.plots.scatter_items import clear_scatter


def test_clearing_removes_the_spots_and_leaves_an_empty_item_alone(qtbot):
    item = pg.ScatterPlotItem(pos=[(0.0, 1.0), (2.0, 3.0)])
    changes = []
    item.sigPlotChanged.connect(lambda *_: changes.append(1))
    clear_scatter(item)
    assert len(item.data) == 0 and item.points().size == 0 and changes == [1]
    clear_scatter(item)
    assert changes == [1]  # nothing to remove: not rebuilt, not repainted
