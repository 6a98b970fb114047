"""The PySide6 + pyqtgraph window. Views take the Session and redraw on its signals."""

import pyqtgraph as pg

# Plots are drawn on white: dark axes and text (pyqtgraph's default grey is too faint on a projector).
pg.setConfigOptions(foreground="#333333", antialias=True)
