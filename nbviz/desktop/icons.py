"""The app's and the session document's icons, drawn from ``icons/nbviz.svg`` at any size.

The Linux icon theme takes PNGs (`xdg`); the packaging scripts turn the same pictures into a Windows
``.ico`` and a macOS ``.icns`` (``packaging/make_icons.py``), so no icon file is kept in the repository
beside its source.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen
from PySide6.QtSvg import QSvgRenderer

_offscreen_app = None  # kept alive while icons are drawn from the command line


def _drawn(size: int, paint: Callable[[QPainter], None]) -> QImage:
    """A transparent square of `size` pixels that `paint` has drawn on (ARGB32)."""
    global _offscreen_app
    if QGuiApplication.instance() is None:  # drawing needs an application; no window is shown
        _offscreen_app = QGuiApplication(["nbviz", "-platform", "offscreen"])
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(painter)
    painter.end()
    return image


def render_svg(svg: Path, size: int) -> QImage:
    """`svg` drawn on a transparent square: a QImage of shape (size, size)."""
    return _drawn(size, QSvgRenderer(str(svg)).render)


def document_icon(svg: Path, size: int) -> QImage:
    """The session file's icon, a QImage of shape (size, size): a sheet of paper with its corner folded
    and the app's icon `svg` on it."""

    def paint(painter: QPainter) -> None:
        left, right, top, bottom, fold = 0.15 * size, 0.85 * size, 0.03 * size, 0.97 * size, 0.24 * size
        sheet = QPainterPath(QPointF(left, top))
        for x, y in ((right - fold, top), (right, top + fold), (right, bottom), (left, bottom)):
            sheet.lineTo(x, y)
        sheet.closeSubpath()
        painter.setPen(QPen(QColor("#6b7280"), max(1.0, size / 48)))
        painter.setBrush(QColor("#ffffff"))
        painter.drawPath(sheet)
        corner = QPainterPath(QPointF(right - fold, top))
        corner.lineTo(right - fold, top + fold)
        corner.lineTo(right, top + fold)
        corner.closeSubpath()
        painter.setBrush(QColor("#d1d5db"))
        painter.drawPath(corner)
        side = 0.56 * size  # the app's icon, in the sheet's lower part
        QSvgRenderer(str(svg)).render(painter, QRectF((size - side) / 2, bottom - side - 0.08 * size, side, side))

    return _drawn(size, paint)


ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # what Explorer shows, list to extra-large
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)  # macOS's icon sizes (1024: 512 at twice the density)


def app_svg() -> Path:
    from ..app.presentation.resources import resource_path
    from .identity import APP_ID

    return resource_path("icons", f"{APP_ID}.svg")


def _pictures(sizes: tuple[int, ...], document: bool):
    from PIL import Image

    svg = app_svg()
    pictures = []
    for size in sizes:
        image = (document_icon if document else render_svg)(svg, size)
        image = image.convertToFormat(QImage.Format.Format_RGBA8888)
        data = bytes(image.constBits())
        pictures.append(Image.frombuffer("RGBA", (size, size), data, "raw", "RGBA", image.bytesPerLine(), 1))
    return pictures


def write_ico(path: Path, document: bool = False) -> None:
    """Write the app's icon (or, with `document`, the session's) as a Windows ``.ico`` of `ICO_SIZES`."""
    pictures = _pictures(ICO_SIZES, document)
    largest = pictures[-1]
    largest.save(path, format="ICO", sizes=[p.size for p in pictures], append_images=pictures[:-1])


def write_icns(path: Path, document: bool = False) -> None:
    """Write the app's icon (or, with `document`, the session's) as a macOS ``.icns`` of `ICNS_SIZES`."""
    pictures = _pictures(ICNS_SIZES, document)
    pictures[-1].save(path, format="ICNS", append_images=pictures[:-1])
