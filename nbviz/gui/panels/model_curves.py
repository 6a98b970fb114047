"""Choose K over covariance types: one BIC and one ICL line per type, as mclust's BIC plot.

`ModelCurves` owns the plot items of the model comparison in the Choose K panel; the panel decides
when it is shown and what a click loads.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor

import nbviz.core as nc

from ...app.explore.choose_k import KChoice
from ...app.presentation.appearance import Appearance
from ..plots.styling import pen

translate = QCoreApplication.translate

# The look of each covariance type's lines, in the order of the registry `nc.COVARIANCE_TYPES` (full,
# diag, spherical, tied), repeated for a longer list; which types are compared is the family's `compared_types`
TYPE_COLORS = ("#0072B2", "#009E73", "#CC79A7", "#D55E00")
TYPE_COLORS_DARK = ("#56B4E9", "#2FC296", "#E69FC8", "#E8803A")
TYPE_SYMBOLS = ("o", "t", "d", "s")
LINE_CRITERIA = ("bic", "icl")  # solid and dashed


def lowest_per_k(values: np.ndarray) -> np.ndarray:
    """The lowest value of each row of `values` (n_ks, n_init); NaN (without a warning) for all-NaN rows."""
    finished = ~np.all(np.isnan(values), axis=1)
    out = np.full(values.shape[0], np.nan)
    out[finished] = np.nanmin(values[finished], axis=1)
    return out


class ModelCurves:
    """The lines of every (covariance type, criterion) on `plot`, created once and updated."""

    def __init__(self, plot: pg.PlotWidget):
        self.plot = plot
        self.lines: dict[tuple[str, str], pg.PlotDataItem] = {}
        for i, kind in enumerate(nc.COVARIANCE_TYPES):
            for criterion in LINE_CRITERIA:
                line = pg.PlotDataItem(symbol=TYPE_SYMBOLS[i % len(TYPE_SYMBOLS)])
                line.setZValue(5)
                plot.addItem(line)
                self.lines[(kind, criterion)] = line
        self.points: list[tuple[str, int, float, float]] = []  # (type, k_index, K, value) of every drawn point

    def colour(self, kind: str, appearance: Appearance) -> QColor:
        colours = TYPE_COLORS_DARK if appearance.dark else TYPE_COLORS
        return QColor(colours[nc.COVARIANCE_TYPES.index(kind) % len(colours)])

    def clear(self) -> None:
        for line in self.lines.values():
            line.setData([], [])
        self.points = []

    def draw(self, result: KChoice, appearance: Appearance) -> None:
        """One line per fitted covariance type for BIC (solid) and ICL (dashed): the best restart per K."""
        self.clear()
        for kind in result.covariance_types:
            selection = result.selection_for(kind)
            ks = selection.ks.astype(float)
            for criterion in LINE_CRITERIA:
                best = lowest_per_k(selection.usable_scores(criterion))  # degenerate fits: NA, as mclust
                rows = ~np.isnan(best)
                line = self.lines[(kind, criterion)]
                colour = self.colour(kind, appearance)
                solid = criterion == "bic"
                line.setData(ks[rows], best[rows])
                line.setPen(pen(appearance, colour, 2.0 if solid else 1.3, style=_style(solid)))
                line.setSymbolPen(pen(appearance, colour, 1.2))
                line.setSymbolBrush(colour if solid else QColor(0, 0, 0, 0))
                line.setSymbolSize(appearance.point_size(8 if solid else 6))
                self.points += [(kind, int(i), ks[i], float(best[i])) for i in np.flatnonzero(rows)]

    def legend_html(self, result: KChoice, appearance: Appearance) -> str:
        parts = []
        for kind in result.covariance_types:
            colour = self.colour(kind, appearance).name()
            parts.append(f"<span style='color:{colour}'>&#9473;&#9473;</span> {kind}")
        return (
            translate("nbviz", "Lower is better: ")
            + " &nbsp; ".join(parts)
            + " &nbsp; (solid: BIC, dashed: ICL; best restart per K)"
        )

    def nearest(self, x: float, y: float, x_span: float, y_span: float) -> tuple[str, int] | None:
        """(covariance type, k_index) of the drawn point nearest (x, y), in units of the view's spans."""
        if not self.points:
            return None
        distances = [
            np.hypot((K - x) / max(x_span, 1e-300), (value - y) / max(y_span, 1e-300)) for _, _, K, value in self.points
        ]
        kind, k_index, _, _ = self.points[int(np.argmin(distances))]
        return kind, k_index


def _style(solid: bool) -> Qt.PenStyle:
    return Qt.PenStyle.SolidLine if solid else Qt.PenStyle.DashLine
