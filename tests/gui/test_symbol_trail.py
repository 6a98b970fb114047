"""Markers along a curve (SymbolTrail): where the points are, on screen and in a figure."""

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator

from nbviz.gui.plots.run.symbol_trail import SymbolTrail


def plot_with(qtbot, trail):
    widget = pg.PlotWidget(background="w")
    qtbot.addWidget(widget)
    widget.resize(240, 200)
    for side in ("left", "bottom"):
        widget.getPlotItem().hideAxis(side)
    widget.setRange(xRange=(0.0, 10.0), yRange=(0.0, 10.0), padding=0)
    widget.addItem(trail)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_a_marker_is_drawn_at_each_point_and_nowhere_else(qtbot):
    trail = SymbolTrail("o", 9, "#d62728")
    widget = plot_with(qtbot, trail)
    points = np.array([[2.0, 3.0], [5.0, 5.0], [8.0, 7.0]])
    trail.set_points(points[:, 0], points[:, 1])
    image = widget.grab().toImage()
    view_box = widget.getViewBox()
    for x, y in points:
        pixel = widget.mapFromScene(view_box.mapViewToScene(pg.Point(x, y)))
        colour = image.pixelColor(pixel.x(), pixel.y())
        assert (colour.red(), colour.green(), colour.blue()) == (0xD6, 0x27, 0x28)
    away = widget.mapFromScene(view_box.mapViewToScene(pg.Point(5.0, 1.0)))
    assert image.pixelColor(away.x(), away.y()).name() == "#ffffff"
    # the markers keep their size in pixels: the red area is about three discs of 9 pixels
    pixels = np.array(
        [
            [image.pixelColor(i, j).red() > 150 and image.pixelColor(i, j).green() < 100 for i in range(image.width())]
            for j in range(image.height())
        ]
    )
    assert 3 * 40 < pixels.sum() < 3 * 90


def test_points_that_are_not_finite_are_left_out_and_an_empty_trail_takes_no_room(qtbot):
    trail = SymbolTrail("t", 7, "#2ca02c")
    _widget = plot_with(qtbot, trail)  # (the trail lives as long as its widget)
    assert trail.boundingRect().isNull()
    trail.set_points([1.0, np.nan, 3.0], [1.0, 2.0, np.inf])
    np.testing.assert_array_equal(trail.x, [1.0])
    assert not trail.boundingRect().isNull()
    trail.set_points([], [])
    assert trail.boundingRect().isNull()


def test_a_figure_gets_vector_markers(qtbot):
    trail = SymbolTrail("o", 9, "#1f77b4")
    widget = plot_with(qtbot, trail)
    trail.set_points([2.0, 8.0], [2.0, 8.0])
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setViewBox(QRectF(0, 0, 240, 200))
    trail.setExportMode(True, {"antialias": True})
    painter = QPainter(generator)
    widget.scene().render(painter)
    painter.end()
    trail.setExportMode(False)
    svg = bytes(data).decode()
    assert "<image" not in svg  # shapes, not pasted pixels
    assert svg.count("#1f77b4") >= 2


class Click:
    """What a legend sample reads of a mouse click."""

    def __init__(self):
        self.accepted = False

    def button(self):
        from PySide6.QtCore import Qt

        return Qt.MouseButton.LeftButton

    def accept(self):
        self.accepted = True


def test_a_click_on_a_legend_sample_hides_and_shows_its_curve_and_markers(qtbot):
    from nbviz.gui.plots.run.symbol_trail import CurveSample

    widget = pg.PlotWidget(background="w")
    qtbot.addWidget(widget)
    legend = widget.addLegend(sampleType=CurveSample)
    curve, marks = (
        pg.PlotCurveItem([0, 1, 2], [1, 2, 3], pen=pg.mkPen("#d62728", width=3)),
        SymbolTrail("o", 9, "#d62728"),
    )
    widget.addItem(curve)
    widget.addItem(marks)
    marks.set_points([0, 1, 2], [1, 2, 3])
    legend.addItem(CurveSample(curve, marks), "the curve")
    sample, label = legend.items[0]
    assert isinstance(sample, CurveSample) and label.text == "the curve"
    click = Click()
    sample.mouseClickEvent(click)
    assert click.accepted and not curve.isVisible() and not marks.isVisible()
    sample.mouseClickEvent(Click())
    assert curve.isVisible() and marks.isVisible()
