"""Grid lines at the axes' ticks, in opaque colours mixed with the background (nbviz.gui.plots.grid)."""

import pyqtgraph as pg
from PySide6.QtGui import QColor

from nbviz.gui.plots.grid import add_grid, mixed


def test_a_mixed_colour_is_the_line_laid_over_the_background():
    assert mixed("#ffffff", "#000000", 0.15).getRgb()[:3] == (217, 217, 217)  # 255 - 0.15 * 255 = 216.75
    assert mixed("#102030", "#102030", 0.7).getRgb()[:3] == (16, 32, 48)
    assert mixed((0, 0, 0), (200, 100, 50), 0.5).getRgb()[:3] == (100, 50, 25)


def test_lines_are_drawn_at_the_major_ticks_and_nowhere_between(qtbot):
    widget = pg.PlotWidget(background="w")
    qtbot.addWidget(widget)
    widget.resize(400, 300)
    widget.setRange(xRange=(0.0, 10.0), yRange=(0.0, 10.0), padding=0)
    grid = add_grid(widget)
    grid.set_colours("#ffffff", "#000000", 0.3)
    widget.show()
    qtbot.waitExposed(widget)
    image = widget.grab().toImage()
    view_box = widget.getViewBox()
    major_spacing, majors = widget.getAxis("bottom").tickValues(0.0, 10.0, view_box.width())[0]
    assert majors
    major = QColor(mixed("#ffffff", "#000000", 0.3))
    for x in majors:
        if 0.0 < x < 10.0:
            pixel = widget.mapFromScene(view_box.mapViewToScene(pg.Point(x, 5.5)))
            # a one-pixel line at the tick's pixel (the mapping rounds to either neighbour)
            assert major in [image.pixelColor(pixel.x() + dx, pixel.y()) for dx in (-1, 0, 1)]
    # half way between two major lines (no tick of either level there): the background
    ticks = [v for _, values in widget.getAxis("bottom").tickValues(0.0, 10.0, view_box.width())[:2] for v in values]
    between = min(ticks) + 0.25 * (sorted(ticks)[1] - sorted(ticks)[0])
    pixel = widget.mapFromScene(view_box.mapViewToScene(pg.Point(between, 5.5)))
    assert image.pixelColor(pixel.x(), pixel.y()) == QColor("#ffffff")
