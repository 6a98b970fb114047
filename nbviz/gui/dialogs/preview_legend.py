"""What the synthesis preview's marks mean, as rows of the data views' legend (`plots.legend`).

`preview_entries` is plain data (testable without drawing), in the data legend's wording: the
preview draws the true parameters where the data view draws the fitted ones, so its ellipses and
means are "true", and its points are coloured by their true component, not by responsibilities.
"""

from __future__ import annotations

from enum import Enum

from ...app.families import presentation
from ...app.presentation.view_options import ViewOptions
from ..plots.data.legend import LegendEntry, ellipse_text


class PreviewKind(Enum):
    """How the preview draws a sample: one page of `SynthesisPreview` (the scatter plot two ways)."""

    SCATTER = "scatter"  # Gaussian, two or more features: x1 against x2
    STRIPS = "strips"  # Gaussian, one feature: a strip of x1 per component
    PICTURES = "pictures"  # Bernoulli over square images: the chosen and the sampled pictures
    BARS = "bars"  # few probabilities: chosen ones as bars, sampled ones as dots
    HEATMAPS = "heatmaps"  # many probabilities: the chosen and the sampled heat maps


MEAN_TEXT = "true mean μ<sub>k</sub>"


def points_entry(options: ViewOptions) -> LegendEntry:
    """The sample's points: coloured (and, with `options.shapes`, shaped) by true component.

    Short: the legend must fit beside the plot's axis on a projector, 1024 pixels wide.
    """
    if options.shapes:
        return LegendEntry("shapes", "sample; colour and shape: true component k")
    return LegendEntry("points", "sample, coloured by true component k")


def preview_entries(kind: PreviewKind, family: str, options: ViewOptions) -> list[LegendEntry]:
    """The legend rows of a preview drawn as `kind` for a mixture of `family`.

    Only the layers `options` shows are listed (the window's View options: ellipses, shapes).
    """
    label = presentation(family).preview_label
    if kind is PreviewKind.SCATTER:
        entries = [points_entry(options)]
        if options.ellipses:
            entries.append(LegendEntry("ellipses", f"true {ellipse_text()} ellipses"))
        entries.append(LegendEntry("marker", MEAN_TEXT, hint="drag it"))
        return entries
    if kind is PreviewKind.STRIPS:
        return [points_entry(options), LegendEntry("marker", MEAN_TEXT, hint="drag it")]
    if kind is PreviewKind.PICTURES:
        return [LegendEntry("ink", "ink: white 0 to black 1")]
    if kind is PreviewKind.BARS:
        return [
            LegendEntry("component_bars", f"bars: chosen {label}"),
            LegendEntry("dots", "dots: frequencies in the sample"),
        ]
    return [LegendEntry("ink", "ink: white 0 to black at each map's largest value")]
