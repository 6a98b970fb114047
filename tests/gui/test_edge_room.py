"""Tick labels at a plot's edges stay whole: room above and to the right of the plot (plot_view.new_plot).

A tick label is centred on its tick, so the label of a tick at the very top of the value axis sticks
out half its height above the plot; without room there the widget's edge cuts it in half.
"""

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

import nbviz.core as nc
from nbviz.app.presentation.appearance import Appearance
from nbviz.gui.panels.choose_k import ChooseKPanel
from nbviz.gui.plots.data.scatter_view import ScatterView
from nbviz.gui.plots.run.bound_view import BoundView
from nbviz.gui.plots.run.objective_curve import ObjectiveCurve

TRUTH = nc.GaussianMixture(
    weights=[0.5, 0.5], means=[[0.0, 0.0], [4.0, 4.0]], covariances=[[[1.0, 0.0], [0.0, 1.0]]] * 2
)


def tick_labels(plot, side: str) -> list[tuple[str, QRectF]]:
    """Each tick label `side`'s axis of `plot` (a PlotWidget) draws, with its rectangle in the widget's pixels."""
    axis = plot.getAxis(side)
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        _, _, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(text, plot.mapFromScene(axis.mapRectToScene(rect)).boundingRect().toRectF()) for rect, _, text in texts]


@pytest.mark.parametrize("presentation", [False, True])
@pytest.mark.parametrize("view_class", [ObjectiveCurve, BoundView, ChooseKPanel, ScatterView])
def test_the_labels_of_ticks_at_the_top_and_right_ends_lie_whole_inside_the_plot(
    view_class, presentation, synthesised_session, shown, qtbot
):
    session = synthesised_session(TRUTH, 200, 0, family="gaussian", n_components=2, seed=1)
    view = shown(view_class(session, appearance=Appearance(presentation=presentation)), 700, 500)
    plot = view.plot
    if view_class is ScatterView:  # synthesised data are drawn at equal scale: here each axis has its own range
        view.view_options.set("equal_aspect", False)
    qtbot.wait(1)  # the view's own redraws first (they set its ranges)
    # ticks at both ends of both axes: round numbers at the plot's edges (on the value axis, just
    # three, the top one a hair inside the range, which pyqtgraph would drop when rounding puts it out)
    plot.setRange(xRange=(0.0, 100.0), yRange=(0.0, 100.0), padding=0)
    plot.getAxis("left").setTicks([[(0.0, "0"), (50.0, "50"), (99.9, "100")]])
    assert plot.getViewBox().viewRange() == [[0.0, 100.0], [0.0, 100.0]]
    # the top tick is labelled once the axis has grown to the labels' width (a paint later)
    qtbot.waitUntil(lambda: any(text == "100" for text, _ in tick_labels(plot, "left")))
    inside = QRectF(plot.rect())
    for side in ("left", "bottom"):  # (pyqtgraph hides a bottom label that would reach past the axis's end)
        for text, rect in tick_labels(plot, side):
            assert inside.contains(rect), f"{side} axis label {text!r} at {rect} is cut by the edge {inside}"
