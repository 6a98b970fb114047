"""Emptying scatter items: spots go, and an empty item is not rebuilt."""

import pyqtgraph as pg

from nbviz.gui.plots.scatter_items import Marks, clear_scatter


def test_clearing_removes_the_spots_and_leaves_an_empty_item_alone(qtbot):
    item = pg.ScatterPlotItem(pos=[(0.0, 1.0), (2.0, 3.0)])
    changes = []
    item.sigPlotChanged.connect(lambda *_: changes.append(1))
    clear_scatter(item)
    assert len(item.data) == 0 and item.points().size == 0 and changes == [1]
    clear_scatter(item)
    assert changes == [1]  # nothing to remove: not rebuilt, not repainted


def test_empty_marks_are_not_painted_and_filled_marks_are(qtbot):
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    widget.resize(200, 160)
    widget.setRange(xRange=(-1.0, 1.0), yRange=(-1.0, 1.0), padding=0)  # the origin in view
    marks = Marks(symbol="o", size=10)
    widget.addItem(marks)
    painted = []
    original = marks.paint
    marks.paint = lambda *args: (painted.append(len(marks.data)), original(*args))
    widget.show()
    qtbot.waitExposed(widget)
    assert marks.boundingRect().isNull()
    widget.grab()
    assert painted == []  # empty: no room taken, nothing painted
    marks.setData(pos=[(0.5, 0.5)])
    assert not marks.boundingRect().isNull()
    widget.grab()
    assert painted and painted[-1] == 1
    clear_scatter(marks)
    painted.clear()
    widget.grab()
    assert painted == []
