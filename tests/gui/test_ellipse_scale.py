"""Ellipses look the same at any data scale: Qt drops path points beyond 1e128."""

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtGui import QImage

from nbviz.gui.plots.data.ellipses import EllipseItem

MEAN = np.array([4.0, 3.0])
COV = np.array([[0.6, 0.04], [0.04, 1.4]])


def rendered(qtbot, scale: float) -> tuple[np.ndarray, EllipseItem, pg.PlotWidget]:
    widget = pg.PlotWidget(background="w")
    qtbot.addWidget(widget)
    widget.resize(240, 200)
    for side in ("left", "bottom"):
        widget.getPlotItem().hideAxis(side)
    item = EllipseItem(pen=pg.mkPen("k", width=2))
    widget.addItem(item)
    item.set_gaussian(MEAN * scale, COV * scale**2)
    widget.setXRange(0.0, 8.0 * scale, padding=0)
    widget.setYRange(0.0, 6.0 * scale, padding=0)
    widget.show()
    qtbot.waitExposed(widget)
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_Grayscale8)
    pixels = np.array(image.constBits(), dtype=np.uint8).reshape(image.height(), image.bytesPerLine())
    return pixels[:, : image.width()], item, widget  # (the item lives as long as its widget)


@pytest.mark.parametrize("scale", [1e150, 2.0**-500, 1e-150])
def test_an_ellipse_far_from_unit_scale_is_drawn_as_at_unit_scale(qtbot, scale):
    unit, *_ = rendered(qtbot, 1.0)
    scaled, item, _widget = rendered(qtbot, scale)
    ink = unit != unit[0, 0]
    assert ink.sum() > 300  # the two ellipses are drawn
    # the same pixels are inked (a wedge from the origin inked hundreds more)
    assert np.count_nonzero((scaled != scaled[0, 0]) != ink) < 20
    rect = item.boundingRect()
    low, high = (MEAN - 2.0 * np.sqrt(np.diag(COV))) * scale, (MEAN + 2.0 * np.sqrt(np.diag(COV))) * scale
    slack = 1e-2 * scale  # the 2-sigma extremes, up to the 96 vertices sampling the curve
    assert rect.left() <= low[0] + slack and rect.right() >= high[0] - slack
    assert rect.top() <= low[1] + slack and rect.bottom() >= high[1] - slack
    # 4 sqrt(0.6) = 3.1, and (pen + 2) pixels of padding each side: 0.27 at 240 pixels for 8 units
    assert rect.width() < 3.5 * scale
