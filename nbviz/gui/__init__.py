"""The PySide6 + pyqtgraph window. Views take the Session and redraw on its signals."""
