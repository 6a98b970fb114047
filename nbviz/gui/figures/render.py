"""Drawing a figure to PNG (at the resolution asked for), SVG (portable) or PDF (for LaTeX).

A `Figure` is a few widgets stacked top to bottom (a key above a plot, say), laid out at the size
the figure has on screen. Each format paints them with one painter in figure coordinates: PNG on
an image `scale` times larger (so text and lines are drawn at that resolution, not enlarged),
SVG through Qt's generator and `portable_svg`, PDF through Qt's PDF writer. While painting,
pyqtgraph items draw real shapes instead of their cached pixmaps (export mode; a data legend
leaves out its on-screen hints meanwhile), and the rasterised data points become vector markers
(`vector_points`) and curves are drawn from near their view's origin (`precise_curves`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field

import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPoint, QRect, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPageSize, QPainter, QPdfWriter, QPicture
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem, QWidget

from .portable_svg import portable_svg
from .precise_curves import recentred_curves
from .vector_points import vector_points

FIGURE_SUFFIXES = (".png", ".svg", ".pdf")
SCREEN_DPI = 96  # a layout pixel: SVG and PDF sizes are given at this resolution (CSS's pixel)
MAX_PNG_PIXELS = 120_000_000  # about 11,000 x 11,000: beyond it the image is refused, not half-written
MAX_SCALE = 20.0
TITLE_PIXELS = 15.0  # the title's font size in layout pixels (presentation mode's is larger)
TITLE_MARGIN = 0.6  # space above and below the title, in font sizes
TITLE_SEPARATOR = " · "  # a long title's lines are broken between its parts
NO_CACHE = QGraphicsItem.CacheMode.NoCache


@dataclass(frozen=True)
class FigureOptions:
    """How a figure is drawn.

    Attributes
    ----------
    scale : float
        PNG pixels per layout pixel (1: as on screen, 2: twice as sharp); SVG and PDF ignore it.
    presentation : bool
        Presentation mode's fonts, line widths and point sizes.
    dpi : float or None
        Written into the PNG, so that a word processor places it at its print size.
    show_title : bool
        A title above the figure (saying what it shows).
    title : str or None
        The title's text; None for the figure's default (its data, model and half-step).
    """

    scale: float = 1.0
    presentation: bool = False
    dpi: float | None = None
    show_title: bool = True
    title: str | None = None

    def __post_init__(self) -> None:
        if not 0.1 <= self.scale <= MAX_SCALE:
            raise ValueError(f"the scale must be between 0.1 and {MAX_SCALE:g}; got {self.scale:g}")


def print_scale(dpi: float, width_cm: float, layout_width: int) -> float:
    """The PNG scale that prints a figure `layout_width` pixels wide `width_cm` wide at `dpi`."""
    return dpi * width_cm / 2.54 / max(layout_width, 1)


@dataclass
class Figure:
    """Widgets drawn one below the other, each at its laid-out size.

    Attributes
    ----------
    parts : list of QWidget
    background : QColor
        Under everything (PNG and PDF; SVG gets it as a rectangle too).
    keep : list
        Objects that must live as long as the figure (the off-screen host of the parts).
    origins : list of QPoint, optional
        Where each part's corner is, below the title (default: one below the other).
    title : str
        Drawn as text centred above the parts, wrapped to their width ("": no title).
    title_colour : QColor
    title_pixels : float
        The title's font size in layout pixels.
    """

    parts: list[QWidget]
    background: QColor = field(default_factory=lambda: QColor("white"))
    keep: list = field(default_factory=list)
    origins: list[QPoint] | None = None
    title: str = ""
    title_colour: QColor = field(default_factory=lambda: QColor("black"))
    title_pixels: float = TITLE_PIXELS

    def __post_init__(self) -> None:
        if self.origins is None:  # one below the other
            tops = [sum(p.height() for p in self.parts[:i]) for i in range(len(self.parts))]
            self.origins = [QPoint(0, top) for top in tops]

    @staticmethod
    def as_laid_out(parts: list[QWidget], frame: QWidget, **fields) -> Figure:
        """`parts` where they are in `frame` (side by side, say), without what else `frame` holds."""
        corners = [part.mapTo(frame, QPoint(0, 0)) for part in parts]
        left, top = min(c.x() for c in corners), min(c.y() for c in corners)
        return Figure(parts, origins=[c - QPoint(left, top) for c in corners], **fields)

    def _part_rects(self) -> list[QRect]:
        assert self.origins is not None  # set in __post_init__
        return [QRect(origin, part.size()) for origin, part in zip(self.origins, self.parts)]

    def title_font(self) -> QFont:
        font = QFont()
        font.setPixelSize(max(1, round(self.title_pixels)))
        font.setBold(True)
        return font

    def title_rect(self) -> QRect:
        """Where the title's lines are drawn (empty without a title), in layout pixels."""
        if not self.title:
            return QRect()
        width = max((r.right() + 1 for r in self._part_rects()), default=1)
        margin = round(self.title_pixels * TITLE_MARGIN)
        box = QRect(margin, margin, max(width - 2 * margin, 1), 100_000)
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap
        lines = QFontMetrics(self.title_font()).boundingRect(box, flags, self.title_lines())
        return QRect(margin, margin, box.width(), lines.height())

    def title_lines(self) -> str:
        """The title with its lines broken between its parts (at " · ") where it does not fit on one line."""
        metrics = QFontMetrics(self.title_font())
        width = max((r.right() + 1 for r in self._part_rects()), default=1)
        room = width - 2 * round(self.title_pixels * TITLE_MARGIN)
        lines: list[str] = []
        for part in self.title.split(TITLE_SEPARATOR):
            joined = f"{lines[-1]}{TITLE_SEPARATOR}{part}" if lines else part
            if lines and metrics.horizontalAdvance(joined) <= room:
                lines[-1] = joined
            else:
                lines.extend(wrapped(part, metrics, room))
        return "\n".join(lines)

    def rects(self) -> list[QRect]:
        """Where each part is drawn (below the title), in layout pixels."""
        title = self.title_rect()
        below = title.bottom() + 1 + title.top() if self.title else 0
        return [rect.translated(0, below) for rect in self._part_rects()]

    @property
    def size(self) -> QSize:
        """The size of the title and all the parts together, in layout pixels."""
        rects = self.rects()
        return QSize(max((r.right() + 1 for r in rects), default=1), max((r.bottom() + 1 for r in rects), default=1))

    def close(self) -> None:
        """Delete the off-screen widgets the figure was built from."""
        for widget in self.keep:
            if isinstance(widget, QWidget):
                widget.close()
                widget.deleteLater()
        self.keep.clear()


def wrapped(text: str, metrics: QFontMetrics, room: int) -> list[str]:
    """`text` in lines no wider than `room` pixels (where its words allow), broken at its spaces but
    never beside an "=": "K = 2" stays whole rather than "K" over "= 2"."""
    lines: list[str] = []
    for word in re.split(r"(?<!=) (?!=)", text):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and metrics.horizontalAdvance(joined) <= room:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


@contextmanager
def export_mode(figure: Figure, shapes: bool = True) -> Iterator[None]:
    """The figure's pyqtgraph items are told that a figure is being drawn (pyqtgraph's export mode).

    With `shapes` every item is: they draw real shapes (no cached pixmaps) and data points are vector
    markers. Without, only the legends are (a figure's legend leaves out its on-screen hints,
    `plots.legend.HintedLegend`); the rest is drawn as on screen.
    """
    every = [
        item
        for part in figure.parts
        for view in [part, *part.findChildren(pg.GraphicsView)]
        if isinstance(view, pg.GraphicsView)
        for item in view.scene().items()
    ]
    items = [item for item in every if isinstance(item, pg.GraphicsItem if shapes else pg.LegendItem)]
    # items the views keep as device pixmaps (ellipses, legends and their text) are drawn as shapes in a figure
    cached = [(item, item.cacheMode()) for item in every if item.cacheMode() != NO_CACHE] if shapes else []
    for item in items:
        item.setExportMode(True, {"antialias": True})
    for item, _ in cached:
        item.setCacheMode(NO_CACHE)
    try:
        with ExitStack() as shapes_only:
            if shapes:
                shapes_only.enter_context(vector_points(figure.parts))
                shapes_only.enter_context(recentred_curves(figure.parts))
            yield
    finally:
        for item in items:
            item.setExportMode(False)
        for item, mode in cached:
            item.setCacheMode(mode)


def paint(figure: Figure, painter: QPainter, shapes: bool = True) -> None:
    """Draw the figure's parts with `painter`, in layout pixels from (0, 0).

    `shapes` False draws pyqtgraph's items as on screen (their cached pixmaps, raster points): the
    same picture, about twice as fast, for images at the layout's own resolution (animation frames).
    Either way a legend's words are a figure's (`export_mode`).
    """
    size = figure.size
    painter.fillRect(QRect(0, 0, size.width(), size.height()), figure.background)
    if figure.title:  # text, so that it stays text in SVG and PDF
        painter.save()
        painter.setFont(figure.title_font())
        painter.setPen(figure.title_colour)
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        painter.drawText(figure.title_rect(), flags, figure.title_lines())
        painter.restore()
    with export_mode(figure, shapes):
        for part, rect in zip(figure.parts, figure.rects()):
            # each part clipped to its box (a plot's scene can reach past its widget); the figure's
            # background is painted once above, a part's own (a label's grey) is not
            painter.save()
            painter.setClipRect(rect)
            QWidget.render(part, painter, rect.topLeft(), renderFlags=QWidget.RenderFlag.DrawChildren)
            painter.restore()


def _begin(painter: QPainter, device) -> None:
    if not painter.begin(device):
        raise OSError("the figure could not be drawn (the drawing device refused)")
    for hint in (
        QPainter.RenderHint.Antialiasing,
        QPainter.RenderHint.TextAntialiasing,
        QPainter.RenderHint.SmoothPixmapTransform,
    ):
        painter.setRenderHint(hint, True)


def _painted(device, draw: Callable[[QPainter], None]) -> None:
    """Run `draw` with a painter on `device` (antialiased), ended even when drawing fails."""
    painter = QPainter()
    _begin(painter, device)
    try:
        draw(painter)
    finally:
        painter.end()


def png_bytes(figure: Figure, options: FigureOptions) -> bytes:
    """The figure drawn at `options.scale` times its layout size, encoded as PNG."""
    size = figure.size
    width, height = max(1, round(size.width() * options.scale)), max(1, round(size.height() * options.scale))
    if width * height > MAX_PNG_PIXELS:
        raise ValueError(f"a {width} x {height} pixel image is too large to write; choose a smaller scale or width")
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise OSError(f"there is not enough memory for a {width} x {height} pixel image")
    if options.dpi:
        image.setDotsPerMeterX(round(options.dpi / 0.0254))
        image.setDotsPerMeterY(round(options.dpi / 0.0254))

    def draw(painter: QPainter) -> None:
        painter.scale(width / size.width(), height / size.height())
        paint(figure, painter)

    _painted(image, draw)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # PySide6 takes the name as str
        raise OSError("the image could not be encoded as PNG")
    return bytes(buffer.data().data())


def svg_bytes(figure: Figure, title: str = "nbviz figure") -> bytes:
    """The figure as an SVG drawing that librsvg, browsers and Inkscape render as Qt does."""
    size = figure.size
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)  # SVG 1.1 keeps the plots' clipping
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRect(QPoint(0, 0), size))
    generator.setResolution(SCREEN_DPI)
    generator.setTitle(title)
    # Qt's SVG engine does not write the clip a painter's restore() brings back (a later shape keeps
    # the last clip set, e.g. a legend label's): a recorded picture replays every clip explicitly
    picture = QPicture()
    _painted(picture, lambda painter: paint(figure, painter))
    _painted(generator, lambda painter: painter.drawPicture(0, 0, picture))
    return portable_svg(bytes(data.data()), size.width(), size.height())


def pdf_bytes(figure: Figure, title: str = "nbviz figure") -> bytes:
    """The figure as a one-page vector PDF, the page the figure's size (a layout pixel = 0.75 pt)."""
    size = figure.size
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("nbviz")
    writer.setResolution(SCREEN_DPI)
    points = 72 / SCREEN_DPI
    writer.setPageSize(QPageSize(QSizeF(size.width() * points, size.height() * points), QPageSize.Unit.Point))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0))
    _painted(writer, lambda painter: paint(figure, painter))
    return bytes(data.data())


def figure_bytes(figure: Figure, suffix: str, options: FigureOptions | None = None) -> bytes:
    """The figure encoded for a file ending in `suffix` (.png, .svg or .pdf); ValueError for another."""
    options = options if options is not None else FigureOptions()
    if suffix == ".png":
        return png_bytes(figure, options)
    if suffix == ".svg":
        return svg_bytes(figure, figure.title or "nbviz figure")
    if suffix == ".pdf":
        return pdf_bytes(figure, figure.title or "nbviz figure")
    raise ValueError(f"figures are saved as {', '.join(FIGURE_SUFFIXES)}; got {suffix or 'no suffix'}")
