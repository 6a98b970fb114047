"""Saving a view as a figure for slides: PNG (pixels) or SVG (vector), chosen by the file name."""

from __future__ import annotations

from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QRect, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from ..app.files import write_atomically

FIGURE_SUFFIXES = (".png", ".svg")


def figure_bytes(widget: QWidget, suffix: str) -> bytes:
    """`widget` as it is drawn on screen, encoded as PNG or SVG."""
    if suffix == ".png":
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not widget.grab().save(buffer, "PNG"):
            raise OSError("the image could not be encoded")
        return bytes(buffer.data().data())
    if suffix == ".svg":
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        size = widget.size()
        generator.setSize(QSize(size))
        generator.setViewBox(QRect(0, 0, size.width(), size.height()))
        generator.setTitle("nbviz figure")
        # pyqtgraph items draw cached pixmap fragments on screen, which SVG cannot hold; in export
        # mode they draw real shapes instead
        items = [
            item
            for view in widget.findChildren(pg.GraphicsView)
            for item in view.scene().items()
            if isinstance(item, pg.GraphicsItem)
        ]
        painter = QPainter(generator)
        try:
            for item in items:
                item.setExportMode(True, {"antialias": True})
            widget.render(painter, QPoint(0, 0))
        finally:
            painter.end()
            for item in items:
                item.setExportMode(False)
        return bytes(data.data())
    raise ValueError(f"figures are saved as {' or '.join(FIGURE_SUFFIXES)}; got {suffix or 'no suffix'}")


def save_figure(widget: QWidget, path) -> None:
    """Write `widget` to `path` (.png or .svg) atomically; ValueError for another suffix."""
    write_atomically(path, figure_bytes(widget, Path(path).suffix.lower()))
