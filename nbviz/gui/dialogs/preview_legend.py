"""What the synthesis preview's marks mean, as rows of the data views' legend (`plots.legend`).

`preview_entries` is plain data (testable without drawing), in the data legend's wording: the
preview draws the true parameters where the data view draws the fitted ones, so its ellipses and
means are "true", and its points are coloured by their true component, not by responsibilities.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QCoreApplication

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.families import presentation
from ...app.presentation.view_options import ViewOptions
from ..plots.data.legend import LegendEntry, ellipse_text

translate = QCoreApplication.translate


class PreviewKind(Enum):
    """How the preview draws a sample: one page of `SynthesisPreview` (the scatter plot two ways)."""

    SCATTER = "scatter"  # Gaussian, two or more features: x1 against x2
    STRIPS = "strips"  # Gaussian, one feature: a strip of x1 per component
    PICTURES = "pictures"  # Bernoulli over square images: the chosen and the sampled pictures
    BARS = "bars"  # few probabilities: chosen ones as bars, sampled ones as dots
    HEATMAPS = "heatmaps"  # many probabilities: the chosen and the sampled heat maps


MEAN_TEXT = QT_TRANSLATE_NOOP("nbviz", "true mean μ<sub>k</sub>")


def points_entry(options: ViewOptions) -> LegendEntry:
    """The sample's points: coloured (and, with `options.shapes`, shaped) by true component.

    Short: the legend must fit beside the plot's axis on a projector, 1024 pixels wide.
    """
    if options.shapes:
        return LegendEntry("shapes", translate("nbviz", "sample; colour and shape: true component k"))
    return LegendEntry("points", translate("nbviz", "sample, coloured by true component k"))


def preview_entries(kind: PreviewKind, family: str, options: ViewOptions) -> list[LegendEntry]:
    """The legend rows of a preview drawn as `kind` for a mixture of `family`.

    Only the layers `options` shows are listed (the window's View options: ellipses, shapes).
    """
    label = translate("nbviz", presentation(family).preview_label)
    if kind is PreviewKind.SCATTER:
        entries = [points_entry(options)]
        if options.ellipses:
            entries.append(LegendEntry("ellipses", translate("nbviz", "true {0} ellipses").format(ellipse_text())))
        entries.append(LegendEntry("marker", translate("nbviz", MEAN_TEXT), hint=translate("nbviz", "drag it")))
        return entries
    if kind is PreviewKind.STRIPS:
        return [
            points_entry(options),
            LegendEntry("marker", translate("nbviz", MEAN_TEXT), hint=translate("nbviz", "drag it")),
        ]
    if kind is PreviewKind.PICTURES:
        return [LegendEntry("ink", translate("nbviz", "ink: white 0 to black 1"))]
    if kind is PreviewKind.BARS:
        return [
            LegendEntry("component_bars", translate("nbviz", "bars: chosen {0}").format(label)),
            LegendEntry("dots", translate("nbviz", "dots: frequencies in the sample")),
        ]
    return [LegendEntry("ink", translate("nbviz", "ink: white 0 to black at each map's largest value"))]
