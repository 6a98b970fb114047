"""Toolbar icons: one-colour SVG sources in `icons/`, drawn in the palette's text colour.

Each toolbar icon is drawn in the single colour FOREGROUND (black); `themed_icon` swaps it for the
colour the icon should have (the window's text colour, so the icons follow a light or a dark
scheme) and renders the SVG at the toolbar sizes. The disabled state gets the palette's disabled
text colour.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from ...app.presentation.resources import resource_path

FOREGROUND = "#000000"  # the drawing colour in the SVG sources, replaced at run time
SIZES = (16, 24, 32)
_FOREGROUND_PATTERN = re.compile(re.escape(FOREGROUND), re.IGNORECASE)


def icon_source(name: str) -> str:
    """The SVG text of icon `name` (e.g. "e-step"); raises FileNotFoundError if it is not installed."""
    return resource_path("icons", f"{name}.svg").read_text(encoding="utf-8")


def render_icon(source: str, color: QColor, size: int) -> QPixmap:
    """The SVG `source` drawn in `color` on a transparent `size` x `size` pixmap."""
    svg = _FOREGROUND_PATTERN.sub(color.name(), source)
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    if renderer.isValid():
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
    return pixmap


def themed_icon(name: str, palette: QPalette) -> QIcon:
    """Icon `name` in the palette's text colour (greyed when disabled); a null QIcon if it is missing."""
    try:
        source = icon_source(name)
    except (FileNotFoundError, OSError):
        return QIcon()  # the action still shows its text
    icon = QIcon()
    normal = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.WindowText)
    disabled = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    for size in SIZES:
        icon.addPixmap(render_icon(source, normal, size), QIcon.Mode.Normal)
        icon.addPixmap(render_icon(source, disabled, size), QIcon.Mode.Disabled)
    return icon
