"""Read what a pyqtgraph item shows: the one place the tests reach into pyqtgraph's attributes.

pyqtgraph has setters for pens, symbol sizes, legend entries, axis labels and fonts but few getters, so
tests that check what a reader sees must read its attributes (``opts``, ``style``, ``labelText``,
``LegendItem.items``, ``TextItem.fill``). They do it here only, so a pyqtgraph upgrade that renames one
breaks this module and its test (tests/gui/test_pg_probe.py), not a dozen view tests.

Per-spot values of a ScatterPlotItem come from its public ``points()``, never from its record array.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QBrush, QFont, QPen


@dataclass(frozen=True)
class Spots:
    """What a ScatterPlotItem shows, one entry per spot in the order they were set.

    Attributes
    ----------
    x, y : ndarray of shape (n_spots,)
        Positions in data coordinates.
    sizes : ndarray of shape (n_spots,)
        Symbol sizes in pixels (the item's default where a spot has none of its own).
    pens : list of QPen, length n_spots
    brushes : list of QBrush, length n_spots
    data : list, length n_spots
        The ``data`` value given for each spot (None where none was given).
    """

    x: np.ndarray
    y: np.ndarray
    sizes: np.ndarray
    pens: list[QPen]
    brushes: list[QBrush]
    data: list

    def __len__(self) -> int:
        return len(self.x)


def spots(item: pg.ScatterPlotItem) -> Spots:
    """The spots of `item`, read through its public ``points()``."""
    points = item.points()
    return Spots(
        x=np.array([p.pos().x() for p in points], dtype=float),
        y=np.array([p.pos().y() for p in points], dtype=float),
        sizes=np.array([p.size() for p in points], dtype=float),
        pens=[QPen(p.pen()) for p in points],
        brushes=[QBrush(p.brush()) for p in points],
        data=[p.data() for p in points],
    )


def pen(item: pg.GraphicsObject) -> QPen:
    """The line pen of a PlotDataItem, PlotCurveItem, InfiniteLine, or the default pen of a ScatterPlotItem."""
    if isinstance(item, pg.InfiniteLine):
        return QPen(item.pen)
    if isinstance(item, (pg.PlotDataItem, pg.PlotCurveItem, pg.ScatterPlotItem)):
        return QPen(pg.mkPen(item.opts["pen"]))
    raise TypeError(f"pg_probe.pen: no pen to read on a {type(item).__name__}; add it to tests/gui/pg_probe.py")


def symbol_size(item: pg.GraphicsObject) -> float:
    """The symbol size in pixels of a PlotDataItem, or the default spot size of a ScatterPlotItem."""
    if isinstance(item, pg.PlotDataItem):
        return float(item.opts["symbolSize"])
    if isinstance(item, pg.ScatterPlotItem):
        return float(item.opts["size"])
    raise TypeError(f"pg_probe.symbol_size: no symbols on a {type(item).__name__}")


def legend_texts(plot_item: pg.PlotItem) -> list[str]:
    """The texts of the legend entries of `plot_item`, top to bottom."""
    return [label.text for _, label in plot_item.legend.items]


def axis_label(plot: pg.PlotWidget | pg.PlotItem, side: str) -> str:
    """The label text (without units) of the axis on `side` ("left", "bottom", ...)."""
    return plot.getAxis(side).labelText


def tick_font(plot: pg.PlotWidget | pg.PlotItem, side: str) -> QFont:
    """The font of the tick labels of the axis on `side`, as set with ``AxisItem.setTickFont``."""
    axis = plot.getAxis(side)
    font = axis.style["tickFont"]
    return QFont(font) if font is not None else QFont(axis.font())


def tick_labels(plot: pg.PlotWidget | pg.PlotItem, side: str) -> list[str]:
    """The major tick labels given with ``AxisItem.setTicks`` to the axis on `side` ([] when none were)."""
    levels = plot.getAxis(side)._tickLevels
    return [text for _, text in levels[0]] if levels else []


def line_label_font(line: pg.InfiniteLine) -> QFont:
    """The font of the label an InfiniteLine carries (its ``label=`` text)."""
    return line.label.textItem.font()


def line_label_fill(line: pg.InfiniteLine) -> QBrush:
    """The background brush of the label an InfiniteLine carries."""
    return QBrush(line.label.fill)


def axis_label_color(plot: pg.PlotWidget | pg.PlotItem, side: str) -> str:
    """The colour (a CSS colour string) of the label of the axis on `side`, as given to ``setLabel``."""
    return plot.getAxis(side).labelStyle["color"]
