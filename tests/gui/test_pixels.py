"""How far a device pixel reaches in a view's coordinates (nbviz.gui.plots.pixels)."""

import math

import pyqtgraph as pg
import pytest
from PySide6.QtGui import QTransform

from nbviz.gui.plots.pixels import item_pixel_extent, pixel_extent


def test_a_pixel_in_data_units_along_each_axis():
    assert pixel_extent(QTransform.fromScale(40.0, -25.0)) == (1 / 40, 1 / 25)  # a plot: y points down
    assert pixel_extent(QTransform.fromScale(1e-148, 1e-148)) == pytest.approx((1e148, 1e148))  # data at 1e150
    turned = QTransform().rotate(90).scale(2.0, 2.0)  # a quarter turn: each axis reaches half a unit
    assert pixel_extent(turned) == pytest.approx((0.5, 0.5))
    tilted = QTransform().rotate(45)
    assert pixel_extent(tilted) == pytest.approx((math.sqrt(2), math.sqrt(2)))  # the pixel's diagonal
    assert pixel_extent(QTransform(1.0, 2.0, 2.0, 4.0, 0.0, 0.0)) == (0.0, 0.0)  # singular


def test_an_item_in_no_view_reaches_nothing(qtbot):
    item = pg.PlotCurveItem()
    assert item_pixel_extent(item) == (0.0, 0.0)
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    widget.addItem(item)
    widget.resize(200, 100)
    widget.setRange(xRange=(0.0, 10.0), yRange=(0.0, 5.0), padding=0)
    widget.show()
    qtbot.waitExposed(widget)
    widget.grab()  # painted: pyqtgraph has brought its view transform up to date
    x, y = item_pixel_extent(item)
    view_box = widget.getViewBox()  # one data unit along each axis, in device pixels
    origin, right, up = (view_box.mapViewToDevice(pg.Point(*p)) for p in ((0, 0), (1, 0), (0, 1)))
    assert (x, y) == pytest.approx((1 / abs(right.x() - origin.x()), 1 / abs(up.y() - origin.y())))
