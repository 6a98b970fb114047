"""The PySide6 + pyqtgraph window. Views take the Session and redraw on its signals.

Its packages: `window` (the main window, its commands and presentation mode), `plots` (the data
views and the run's curves), `panels` (side panels), `dialogs`, `figures` (figures, animations and
handouts drawn off screen), `widgets` (small shared widgets and the `SessionView` base) and `style`
(theme, palette, icons). Each package's docstring says what it may import.
"""

import pyqtgraph as pg

# Plots are drawn on white: dark axes and text (pyqtgraph's default grey is too faint on a projector).
pg.setConfigOptions(foreground="#333333", antialias=True)
