"""Grid lines at a plot's ticks, in opaque colours mixed with the background beforehand.

pyqtgraph draws a grid by stretching each axis's ticks across the plot in a faint, translucent pen,
as part of the axis: every axis then covers the whole plot, is kept as a plot-sized pixmap and is
drawn again, text and all, whenever its range moves (a few milliseconds each time, the objective
curve's axes move as a run grows), and both pixmaps are blended over the plot at every repaint.
`ViewGrid` draws the same lines itself, one pixel wide, in colours already mixed with the
background, behind the data; the axes keep only their own strip.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QColor, QPen

LEVELS = 2  # major and minor ticks (pyqtgraph's third, finest level is not gridded)


def mixed(background, line, alpha: float) -> QColor:
    """`line` laid over `background` at opacity `alpha` (0..1), as one opaque colour."""
    back, front = pg.mkColor(background), pg.mkColor(line)
    channels = [
        round(b + (f - b) * alpha)
        for b, f in zip((back.red(), back.green(), back.blue()), (front.red(), front.green(), front.blue()))
    ]
    return QColor(*channels)


class ViewGrid(pg.GraphicsObject):
    """A grid behind the data of `plot` (a pg.PlotItem) at its bottom and left axes' ticks.

    The major lines have opacity `alpha` over the background and the minor ones half of it, as
    pyqtgraph's own grid has (`set_colours`).
    """

    def __init__(self, plot: pg.PlotItem):
        super().__init__()
        self.plot = plot
        self.view_box = plot.getViewBox()
        self.pens = [QPen(QColor("#dddddd")), QPen(QColor("#eeeeee"))]  # major, minor
        for line in self.pens:
            line.setCosmetic(True)
        self._ticks: tuple | None = None  # (key, [(vertical, level, values), ...]) of the last paint
        self.setZValue(-1e6)
        self.view_box.addItem(self, ignoreBounds=True)
        self.view_box.sigRangeChanged.connect(self._moved)
        self.view_box.sigResized.connect(self._moved)

    def set_colours(self, background, line, alpha: float) -> None:
        """Major lines of `line` at opacity `alpha` over `background`, minor ones at half of it."""
        for level, pen in enumerate(self.pens):
            pen.setColor(mixed(background, line, alpha / (level + 1)))
        self.update()

    def _moved(self, *_) -> None:
        self.prepareGeometryChange()
        self.update()

    def boundingRect(self) -> QRectF:
        return self.view_box.viewRect()

    def ticks(self) -> list[tuple[bool, int, list[float]]]:
        """(vertical, level, positions) of the lines: the bottom axis's (vertical lines) and the left's."""
        rect = self.view_box.viewRect()
        width, height = self.view_box.width(), self.view_box.height()
        key = (rect.left(), rect.right(), rect.top(), rect.bottom(), width, height)
        if self._ticks is None or self._ticks[0] != key:
            lines = []
            for name, vertical, low, high, size in (
                ("bottom", True, rect.left(), rect.right(), width),
                ("left", False, rect.top(), rect.bottom(), height),
            ):
                axis = self.plot.getAxis(name)
                if size <= 0 or not axis.isVisible():
                    continue
                for level, (_, values) in enumerate(axis.tickValues(low, high, size)[:LEVELS]):
                    lines.append((vertical, level, [v for v in values if low <= v <= high]))
            self._ticks = (key, lines)
        return self._ticks[1]

    def paint(self, painter, *args) -> None:
        rect = self.view_box.viewRect()
        transform = painter.transform()
        painter.save()
        painter.resetTransform()  # whole device pixels: crisp one-pixel lines
        painter.setRenderHint(painter.RenderHint.Antialiasing, False)
        for vertical, level, values in sorted(self.ticks(), key=lambda line: -line[1]):  # minor under major
            painter.setPen(self.pens[min(level, len(self.pens) - 1)])
            for value in values:
                line = (
                    QLineF(value, rect.top(), value, rect.bottom())
                    if vertical
                    else QLineF(rect.left(), value, rect.right(), value)
                )
                painter.drawLine(transform.map(line))
        painter.restore()


def add_grid(plot) -> ViewGrid:
    """A `ViewGrid` in `plot` (a pg.PlotWidget or pg.PlotItem), instead of pyqtgraph's axis grid."""
    item = plot.getPlotItem() if isinstance(plot, pg.PlotWidget) else plot
    item.showGrid(x=False, y=False)
    grid = ViewGrid(item)
    item.grid_lines = grid  # found by `style_plot`
    return grid
