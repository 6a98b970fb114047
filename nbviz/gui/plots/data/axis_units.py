"""Axis labels of a projection: feature names in standardised or original units, PCA's explained variance
and loadings.

A feature axis of standardised data can be read in the file's units without moving anything: the
map ``x = c + s * z`` is affine per axis, so the points, means and ellipses stay where they are and
only the ticks change (`UnitsAxis`). A PCA axis says the share of the variance it explains, and
hovering it lists its largest loadings by feature name.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication

from ....app.analysis.projection import Projection
from ....app.data.original_units import feature_units
from ....app.data.problem import Problem

translate = QCoreApplication.translate

TOP_LOADINGS = 5  # loadings listed in a PCA axis's tooltip


class UnitsAxis(pg.AxisItem):
    """An axis of standardised values ``z`` whose ticks may be placed and labelled at ``c + s * z``.

    Attributes
    ----------
    units : (float, float) or None
        ``(c, s)``, s > 0; None labels the view coordinate itself.
    """

    def __init__(self, orientation: str, **options):
        super().__init__(orientation, **options)
        self.units: tuple[float, float] | None = None

    def set_units(self, units: tuple[float, float] | None) -> None:
        if units != self.units:
            self.units = units
            self.picture = None
            self.update()

    def tickValues(self, minVal, maxVal, size):
        if self.units is None:
            return super().tickValues(minVal, maxVal, size)
        c, s = self.units
        levels = super().tickValues(c + s * minVal, c + s * maxVal, size)
        return [(spacing / s, [(value - c) / s for value in values]) for spacing, values in levels]

    def tickStrings(self, values, scale, spacing):
        if self.units is None:
            return super().tickStrings(values, scale, spacing)
        c, s = self.units
        return super().tickStrings([c + s * value for value in values], scale, spacing * s)


def unit_axes() -> dict[str, UnitsAxis]:
    """The bottom and left axes of a plot that can show original units (``new_plot(axis_items=...)``)."""
    return {"bottom": UnitsAxis("bottom"), "left": UnitsAxis("left")}


def loadings_tip(projection: Projection, axis: int, columns, top: int = TOP_LOADINGS) -> str:
    """The `top` largest loadings (by size) of PCA axis `axis` as lines "name  +0.62"."""
    loadings = projection.matrix[:, axis]
    order = np.argsort(-np.abs(loadings), kind="stable")[:top]
    name = projection.labels[axis]
    lines = [translate("nbviz", "{0}, {1}: its largest loadings").format(name, projection.title)]
    lines += [f"{columns[d]}  {loadings[d]:+.3f}" for d in order]
    if len(loadings) > top:
        lines.append(translate("nbviz", "(and {0} smaller)").format(len(loadings) - top))
    return "\n".join(lines)


def feature_label(problem: Problem, feature: int, original: bool) -> str:
    """An axis label for feature `feature`: its name, saying "standardised" when shown as z-values."""
    name = str(problem.columns[feature])
    return (
        translate("nbviz", "{0} (standardised)").format(name)
        if problem.standardization is not None and not original
        else name
    )


def label_axes(plot: pg.PlotWidget, projection: Projection, problem: Problem, original_units: bool) -> None:
    """Label `plot`'s bottom and left axes for `projection` of `problem` (axes made by `unit_axes`).

    A feature pair's axes tick in the file's units when `original_units` and the data were
    standardised; a PCA axis shows its explained variance and, hovered, its largest loadings.
    """
    for axis, side in enumerate(("bottom", "left")):
        item = plot.getAxis(side)
        if projection.pair is None:
            text, units, tip = projection.labels[axis], None, loadings_tip(projection, axis, problem.columns)
        else:
            feature = projection.pair[axis]
            units = feature_units(problem, feature, original_units)
            text, tip = feature_label(problem, feature, units is not None), ""
        if isinstance(item, UnitsAxis):
            item.set_units(units)
        plot.setLabel(side, text)
        item.setToolTip(tip)
