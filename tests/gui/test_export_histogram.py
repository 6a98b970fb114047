"""An exported figure draws the histogram the window draws: its bars filled down to 0, not to the
centre of the view's range (the figure's curves are recentred while it is drawn, for SVG precision)."""

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF

from nbviz.gui.figures.precise_curves import recentred_curves


def test_a_histograms_fill_stays_at_zero_while_its_curve_is_recentred(qtbot):
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    edges, heights = np.arange(6.0), np.array([0.2, 0.0, 0.15, 0.3, 0.05])  # an empty bin
    bars = pg.PlotDataItem(edges, heights, stepMode="center", fillLevel=0, brush=(150, 150, 150))
    widget.addItem(bars)
    widget.setRange(xRange=(0, 5), yRange=(-0.1, 0.35), padding=0)
    curve = bars.curve
    with recentred_curves([widget]):
        shift = curve.pos()
        assert shift.y() != 0  # the curve was moved ...
        assert curve.opts["fillLevel"] + shift.y() == 0  # ... and its fill still ends at the data's 0
        np.testing.assert_allclose(curve.yData + shift.y(), heights)
    assert curve.pos() == QPointF() and curve.opts["fillLevel"] == 0
    np.testing.assert_array_equal(curve.yData, heights)
