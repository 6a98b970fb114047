"""The pyqtgraph probe reads back what pyqtgraph's public setters were given.

Each item here is built and styled with pyqtgraph's public API only; if a pyqtgraph release moves
what the probe reads, these tests fail, and tests/gui/pg_probe.py is the one place to follow it.
"""

import numpy as np
import pg_probe
import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont


@pytest.fixture
def plot(qtbot):
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    return widget


def test_spots_give_each_spot_as_set_and_the_default_size_where_none_was_set(plot):
    item = pg.ScatterPlotItem(size=7, pen=pg.mkPen("k", width=1.5), brush=pg.mkBrush("r"))
    plot.addItem(item)
    item.setData(
        x=[1.0, 2.0, 3.0],
        y=[4.0, 5.0, 6.0],
        data=[10, 11, 12],
        size=[9.0, 7.0, 12.0],
        pen=[pg.mkPen("b", width=w) for w in (3, 2, 0.5)],
    )
    got = pg_probe.spots(item)
    assert len(got) == 3
    np.testing.assert_array_equal(got.x, [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(got.y, [4.0, 5.0, 6.0])
    np.testing.assert_array_equal(got.sizes, [9.0, 7.0, 12.0])
    assert got.data == [10, 11, 12]
    assert [p.widthF() for p in got.pens] == pytest.approx([3.0, 2.0, 0.5])
    assert got.pens[0].color() == pg.mkColor("b")
    assert all(b.color() == pg.mkColor("r") for b in got.brushes)

    item.setData(x=[0.5], y=[0.25])  # a new data set, no per-spot sizes or pens: the item's own
    got = pg_probe.spots(item)
    np.testing.assert_array_equal(got.sizes, [7.0])
    assert (got.pens[0].widthF(), got.pens[0].color()) == (1.5, pg.mkColor("k"))
    assert got.data == [None]

    item.setData(x=[], y=[])
    assert len(pg_probe.spots(item)) == 0


def test_pen_of_curves_scatters_and_lines(plot):
    curve = plot.plot([0, 1, 2], [2, 1, 3])
    curve.setPen(pg.mkPen("#123456", width=2.5, style=Qt.DashLine))
    read = pg_probe.pen(curve)
    assert (read.widthF(), read.style(), read.color()) == (2.5, Qt.DashLine, QColor("#123456"))

    bare = pg.PlotCurveItem([0, 1], [1, 0])
    bare.setPen(pg.mkPen("r", width=4))
    assert pg_probe.pen(bare).widthF() == 4

    scatter = pg.ScatterPlotItem()
    scatter.setPen(pg.mkPen("g", width=1.25))
    assert pg_probe.pen(scatter).widthF() == 1.25

    line = pg.InfiniteLine(pos=1.0, angle=90)
    line.setPen(pg.mkPen("#abcdef", width=3))
    assert (pg_probe.pen(line).widthF(), pg_probe.pen(line).color()) == (3, QColor("#abcdef"))

    with pytest.raises(TypeError, match="pg_probe.py"):
        pg_probe.pen(pg.TextItem("no pen"))


def test_symbol_size_of_curves_with_symbols_and_scatters(plot):
    curve = plot.plot([0, 1], [1, 2], symbol="o")
    curve.setSymbolSize(11)
    assert pg_probe.symbol_size(curve) == 11
    scatter = pg.ScatterPlotItem()
    scatter.setSize(6.5)
    assert pg_probe.symbol_size(scatter) == 6.5


def test_legend_texts_axis_labels_and_tick_fonts(plot):
    plot.addLegend()
    plot.plot([0, 1], [0, 1], name="first curve")
    plot.plot([0, 1], [1, 0], name="ELBO L(q, θ)")
    assert pg_probe.legend_texts(plot.getPlotItem()) == ["first curve", "ELBO L(q, θ)"]

    plot.setLabel("bottom", "PC1")
    plot.setLabel("left", "log-likelihood", units="nats", color="#D8D8D8")
    assert pg_probe.axis_label(plot, "bottom") == "PC1"
    assert pg_probe.axis_label(plot.getPlotItem(), "left") == "log-likelihood"
    assert pg_probe.axis_label_color(plot, "left").lower() == "#d8d8d8"

    font = QFont()
    font.setPointSizeF(13.5)
    plot.getAxis("bottom").setTickFont(font)
    assert pg_probe.tick_font(plot, "bottom").pointSizeF() == 13.5
    assert pg_probe.tick_labels(plot, "bottom") == []
    plot.getAxis("bottom").setTicks([[(0.5, "x1"), (2.5, "x3")]])
    assert pg_probe.tick_labels(plot, "bottom") == ["x1", "x3"]
    assert isinstance(pg_probe.tick_font(plot, "left"), QFont)  # never set: the axis's own font


def test_the_label_of_an_infinite_line(plot):
    line = pg.InfiniteLine(pos=2.0, angle=90, label="old", labelOpts={"fill": "#202020"})
    plot.addItem(line)
    font = QFont()
    font.setPointSizeF(17)
    line.label.setFont(font)
    assert pg_probe.line_label_font(line).pointSizeF() == 17
    assert pg_probe.line_label_fill(line).color() == QColor("#202020")
