"""A gallery card's picture: a cached pixmap on screen, shapes when drawn into a figure.

On screen the thumbnail is a pixmap painted once (cheap for a gallery of many runs). When the card
is drawn into an exported figure (SVG, PDF, or a PNG at 2x or 300 dpi) the same picture is drawn
again with the figure's painter, as shapes at the figure's resolution, not as a 1x image.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QPaintEngine, QPainter, QPixmap
from PySide6.QtWidgets import QLabel

Drawing = Callable[[QPainter, int, int], None]  # (painter, width, height): draws the picture from (0, 0)


def drawn_pixmap(drawing: Drawing, width: int, height: int) -> QPixmap:
    """A pixmap of `width` x `height` pixels with the picture `drawing` draws."""
    pixmap = QPixmap(width, height)
    painter = QPainter(pixmap)
    try:
        drawing(painter, width, height)
    finally:
        painter.end()
    return pixmap


class ThumbnailLabel(QLabel):
    """A label showing a thumbnail drawn by `show_drawing`'s function (or text, like any label)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.drawing: Drawing | None = None

    def show_drawing(self, drawing: Drawing) -> None:
        """Show the picture `drawing` draws at the label's size (its pixmap made now, for the screen)."""
        self.drawing = drawing
        self.setPixmap(drawn_pixmap(drawing, self.width(), self.height()))

    def paintEvent(self, event) -> None:
        if self.drawing is None:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        try:
            engine = painter.paintEngine()
            scale = painter.deviceTransform().m11()
            if engine is not None and engine.type() == QPaintEngine.Type.Raster and abs(scale - 1.0) < 1e-9:
                painter.drawPixmap(0, 0, self.pixmap())  # the screen, or an image at its own size
            else:  # a figure: SVG, PDF or a finer image
                self.drawing(painter, self.width(), self.height())
        finally:
            painter.end()
