"""The data view's legend goes to the corner with the fewest points under it, and stays there."""

import numpy as np
import pytest
from PySide6.QtCore import QPointF

import nbviz.core as nc
from nbviz.gui.plots.data.legend_corner import corner_counts, least_covered_corner, legend_size_in_view, view_range
from nbviz.gui.plots.data.scatter_view import ScatterView

VIEW = (0.0, 10.0, 0.0, 10.0)  # x0, x1, y0, y1
SIZE = (3.0, 2.0)  # the legend's width and height in view units


def test_the_corner_with_the_fewest_points_wins():
    rng = np.random.default_rng(0)
    crowded = rng.uniform([7.5, 8.5], [10.0, 10.0], size=(50, 2))  # under a top-right legend
    few = np.array([[0.5, 9.5], [1.0, 0.5], [9.0, 1.0]])  # one each in the other corners
    points = np.vstack([crowded, few])
    counts = corner_counts(points, VIEW, SIZE)
    assert counts == {"top-right": 50, "top-left": 1, "bottom-right": 1, "bottom-left": 1}
    assert least_covered_corner(points, VIEW, SIZE) == "top-left"  # the first free corner in order
    # a tie keeps the current corner: the legend does not jump when nothing is gained
    assert least_covered_corner(points, VIEW, SIZE, current="bottom-left") == "bottom-left"
    assert least_covered_corner(np.zeros((0, 2)), VIEW, SIZE) == "top-right"


def test_a_corner_rectangle_is_the_legend_size_in_from_the_edges():
    # a point just inside the top-left rectangle and one just outside it
    counts = corner_counts(np.array([[2.9, 8.1], [3.1, 8.1], [2.9, 7.9]]), VIEW, SIZE)
    assert counts["top-left"] == 1


def legend_points(view: ScatterView) -> int:
    """How many data points lie under the legend as drawn (its scene rectangle)."""
    rect = view.legend.item.sceneBoundingRect()
    scene = [view.view_box.mapViewToScene(pg_point(x, y)) for x, y in view.points.positions]
    return sum(rect.contains(p) for p in scene)


def pg_point(x: float, y: float) -> QPointF:
    return QPointF(float(x), float(y))


def test_data_in_the_top_right_puts_the_legend_elsewhere_for_the_whole_run(synthesised_session, shown, qtbot):
    # most of the data in a tight cluster at the top right of the view, a little spread to the bottom left
    truth = nc.GaussianMixture(
        weights=[0.8, 0.2],
        means=[[8.0, 8.0], [0.0, 0.0]],
        covariances=[[[0.6, 0.0], [0.0, 0.6]], [[1.0, 0.0], [0.0, 1.0]]],
    )
    session = synthesised_session(truth, 400, 3, family="gaussian", n_components=2, seed=1)
    view = shown(ScatterView(session), 640, 520)
    session.step()
    qtbot.waitUntil(lambda: view.legend.item.isVisible())
    corner = view.legend.corner
    assert corner != "top-right"
    under = legend_points(view)
    size = legend_size_in_view(view.legend.item, view.view_box)
    top_right = corner_counts(view.points.positions, view_range(view.view_box), size)["top-right"]
    assert under < top_right
    pos = view.legend.item.pos()
    for _ in range(6):  # half-steps of one run: the same corner, the same place
        session.step()
        assert view.legend.corner == corner and view.legend.item.pos() == pos
    session.set_cursor(1)
    assert view.legend.corner == corner


def test_a_legend_stays_inside_a_narrow_plot_at_1024x768(make_main_window, qtbot):
    """Presentation mode at 1024x768 with the Choose K panel open leaves the 1-D data view a third
    of the width: its legend is laid out in one column rather than two that reach past the plot's
    left edge and cut its words."""
    window = make_main_window()
    window.presentation_layout.set_full_screen(False)
    window.resize(1024, 768)
    assert window.files.load_preset("lecture-five-points")
    window.take_half_steps(2)
    window.appearance.set_presentation(True)
    window.docks.choose_k_dock.show()
    qtbot.wait(50)
    plot = window.data_view.density
    legend = plot.legend.item
    assert legend.isVisible() and plot.legend.strip  # presenting: in the strip above the plot
    view = plot.legend.view_box.sceneBoundingRect()
    whole = plot.plot.getPlotItem().sceneBoundingRect()
    shown = legend.sceneBoundingRect()
    assert whole.left() <= shown.left() and shown.right() <= whole.right(), (whole, shown)  # no word cut
    assert shown.bottom() <= view.top() + 1, (view, shown)  # over none of the data


@pytest.mark.parametrize("preset", ["gmm-2d", "missing-cells"])
def test_a_legend_too_wide_for_the_plot_moves_above_it_and_back(make_main_window, qtbot, preset):
    """Outside presentation mode at 1024x768, Choose K beside the controls leaves the 2-D data view
    310 px: a corner legend would reach past the y axis and cut its samples. It moves into the strip
    above the plot, whole, the room it had made over the data given back; closing Choose K puts it in
    a corner again, over none of the data."""
    window = make_main_window()
    window.presentation_layout.set_full_screen(False)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    assert window.files.load_preset(preset)
    window.take_half_steps(2)
    qtbot.wait(50)
    view = window.data_view.scatter
    legend = view.legend
    assert not legend.strip and legend.item.isVisible()
    data_top = view.points.positions[:, 1].max()
    window.docks.show_explore_dock(window.docks.choose_k_dock)
    qtbot.waitUntil(lambda: legend.strip, timeout=3000)
    qtbot.wait(100)  # the layout settles
    box = view.view_box.sceneBoundingRect()
    assert legend.item.isVisible()
    whole, shown = view.plot.getPlotItem().sceneBoundingRect(), legend.item.sceneBoundingRect()
    assert whole.left() <= shown.left() and shown.right() <= whole.right(), (whole, shown)  # no sample cut
    assert shown.bottom() <= box.top() + 1, (box, shown)  # over none of the data
    y0, y1 = view.view_box.viewRange()[1]
    middle = (data_top + view.points.positions[:, 1].min()) / 2
    assert abs(middle - (y0 + y1) / 2) < 0.1 * (y1 - y0), (y0, y1)  # no room left above the data for a legend
    window.docks.choose_k_dock.close()
    qtbot.waitUntil(lambda: not legend.strip, timeout=3000)
    qtbot.wait(100)
    assert legend.item.isVisible()
    assert legend.covered == 0
    corner = legend.item.sceneBoundingRect()
    box = view.view_box.sceneBoundingRect()
    assert box.adjusted(-1, -1, 1, 1).contains(corner), (box, corner)


def test_the_room_made_for_the_legend_is_given_back_when_it_is_hidden(make_main_window, qtbot):
    """Outside presentation mode a legend over data that fill its corners raises the plot's top; switched
    off, the data have their own range again."""
    window = make_main_window()
    assert window.files.load_preset("gmm-1d")
    window.take_half_steps(2)
    view = window.data_view.density
    qtbot.wait(20)
    heights = view.histogram.getData()[1]
    low = view.view_box.viewRange()[1][0]
    view.view_box.setYRange(low, heights.max(), padding=0)  # the histogram's bars reach the top corners
    view.legend.make_room()
    raised = view.view_box.viewRange()[1][1]
    assert raised > heights.max()
    window.view_options.set("legend", False)
    qtbot.wait(20)
    bottom, top = view.view_box.viewRange()[1]
    assert bottom == pytest.approx(low) and top < raised and top <= 1.15 * heights.max() * (1 + 1e-9)  # the data's own
