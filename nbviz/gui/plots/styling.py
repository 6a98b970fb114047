"""Plot styling from the session's `Appearance`: background, axes, tick and label fonts.

A view (see `nbviz.gui.widgets.session_view.SessionView` and `PlotView`) restyles on the appearance's
`changed`: `style_plot` for its plot, then its own items with pens from `pen` (widths scaled for
presentation mode), then a redraw.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pyqtgraph as pg
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPen

from ...app.presentation.appearance import Appearance
from .grid import add_grid

TICK_POINTS = 9.0  # tick labels in normal mode
LABEL_POINTS = 10.0  # axis titles in normal mode


def plot_font(appearance: Appearance, points: float = TICK_POINTS, bold: bool = False) -> QFont:
    """A font of `points` (normal mode) scaled for presentation mode."""
    font = QFont()
    font.setPointSizeF(appearance.font_size(points))
    font.setBold(bold or appearance.presentation)
    return font


def leave_edge_room(item: pg.PlotItem, tick_font: QFont | None = None) -> None:
    """Margins round `item` that leave room for the tick labels at its top and right edges.

    A tick label is centred on its tick, so the label of a tick at the very top of the left axis
    (or the right end of the bottom one) reaches half its size beyond the plot, where the edge of
    the widget would cut it. `style_plot` sizes the room for the plot's tick font.
    """
    item.edge_room = True
    metrics = QFontMetricsF(tick_font if tick_font is not None else QFont())
    top = math.ceil(metrics.height() / 2) + 2
    right = math.ceil(metrics.horizontalAdvance("0") * 1.5)  # half a label of three characters
    item.layout.setContentsMargins(2, top, right, 2)


def pen(appearance: Appearance, color, width: float = 1.0, **options):
    """A cosmetic pen of `width` pixels (normal mode), thicker in presentation mode."""
    return pg.mkPen(color, width=appearance.line_width(width), **options)


def marker_pen(appearance: Appearance, color, width: float = 1.0) -> QPen:
    """`pen` for scatter markers: one pen object per colour and width, shared.

    pyqtgraph's scatter items know a rendered marker by the identity of its pen and brush: new
    objects at every half-step render every marker again and pile them into the item's atlas.
    """
    return _shared_pen(pg.mkColor(color).rgba(), appearance.line_width(width))


def marker_brush(color) -> QBrush:
    """A brush for scatter markers: one brush object per colour, shared (see `marker_pen`)."""
    return _shared_brush(pg.mkColor(color).rgba())


@lru_cache(maxsize=512)
def _shared_pen(rgba: int, width: float) -> QPen:
    return pg.mkPen(QColor.fromRgba(rgba), width=width)


@lru_cache(maxsize=512)
def _shared_brush(rgba: int) -> QBrush:
    return pg.mkBrush(QColor.fromRgba(rgba))


def style_plot(plot, appearance: Appearance, grid: bool = False) -> None:
    """Background, axis pens, tick fonts and axis-title sizes of a `pg.PlotWidget` or `pg.PlotItem`;
    with `grid`, a grid faint enough for the background."""
    if isinstance(plot, pg.PlotWidget):
        plot.setBackground(appearance.background)
        item = plot.getPlotItem()
    else:
        item = plot
    if grid:
        lines = getattr(item, "grid_lines", None) or add_grid(item)
        lines.set_colours(appearance.background, appearance.axis_color, 0.25 if appearance.dark else 0.15)
    tick_font = plot_font(appearance)
    label_size = f"{appearance.font_size(LABEL_POINTS):.1f}pt"
    for name in ("left", "bottom", "right", "top"):
        axis = item.getAxis(name)
        axis.labelStyle["font-size"] = label_size
        axis.setPen(pen(appearance, appearance.axis_color))
        axis.setTextPen(appearance.foreground)  # also updates the title
        axis.setTickFont(tick_font)
    if getattr(item, "edge_room", False):
        leave_edge_room(item, tick_font)
    title = item.titleLabel
    if title.text:
        title.setText(title.text, color=appearance.foreground, size=label_size)


def style_line(line: pg.InfiniteLine, appearance: Appearance, color, width: float = 1.5, **options) -> None:
    """An `InfiniteLine`'s pen, and its label in the same colour on a translucent background patch."""
    line.setPen(pen(appearance, color, width, **options))
    if line.label is not None:
        line.label.setColor(color)
        line.label.fill = pg.mkBrush(appearance.background + "c8")  # #RRGGBBAA
        line.label.setFont(plot_font(appearance))
