"""The point layer recolours points in place exactly as a fresh splat would draw them."""

import numpy as np
import pyqtgraph as pg
import pytest

from nbviz.gui.plots.data.point_layer import PointLayer


def layer_in_view(qtbot, positions, shapes=None) -> PointLayer:
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    widget.resize(300, 240)
    widget.setRange(xRange=(0.0, 1.0), yRange=(0.0, 1.0), padding=0)
    widget.show()
    qtbot.waitExposed(widget)
    layer = PointLayer(widget.getViewBox())
    layer._widget = widget  # keep the view alive with the layer
    layer.set_positions(positions)
    layer.set_shapes(shapes)
    return layer


@pytest.mark.parametrize("shaped", [False, True])
def test_recolouring_draws_what_a_fresh_layer_draws(qtbot, shaped):
    rng = np.random.default_rng(0)
    positions = rng.uniform(-0.05, 1.05, size=(600, 2))  # crowded, overlapping, some off the edges
    shapes = rng.integers(0, 10, size=600) if shaped else None
    recoloured = layer_in_view(qtbot, positions, shapes)
    for _ in range(3):  # the first colouring splats, later ones recolour the same pixels
        colours = rng.integers(0, 256, size=(600, 3)).astype(np.uint8)
        recoloured.set_colors(colours)
    fresh = layer_in_view(qtbot, positions, shapes)
    fresh.set_colors(colours)
    assert recoloured.image.shape == fresh.image.shape
    assert np.array_equal(recoloured.image, fresh.image)
    # the last point drawn keeps its own fill colour at its centre pixel
    x0, y0, sx, sy, *_ = fresh._geometry
    col, row = np.floor((positions[-1] - (x0, y0)) * (sx, sy)).astype(int)
    assert tuple(recoloured.image[row, col, :3]) == tuple(colours[-1])


def test_the_layer_shows_each_point_on_screen_where_its_data_position_is(qtbot):
    """What reaches the screen: the pixels under each point, read back from a grab of the widget."""
    positions = np.array([[0.2, 0.8], [0.8, 0.2], [0.5, 0.5]])  # top left, bottom right, centre
    colours = np.array([[200, 30, 40], [30, 60, 200], [20, 160, 60]], dtype=np.uint8)
    layer = layer_in_view(qtbot, positions)
    layer.set_colors(colours)
    widget = layer._widget
    widget.getPlotItem().hideAxis("left")
    widget.getPlotItem().hideAxis("bottom")
    qtbot.waitUntil(lambda: layer.image_item.isVisible())
    image = widget.grab().toImage()
    view_box = widget.getViewBox()
    for (x, y), colour in zip(positions, colours):
        scene = view_box.mapViewToScene(pg.Point(x, y))
        pixel = widget.mapFromScene(scene)
        shown = image.pixelColor(pixel.x(), pixel.y())
        assert (shown.red(), shown.green(), shown.blue()) == tuple(colour)


def test_the_layer_as_rgba_matches_its_pixels(qtbot):
    layer = layer_in_view(qtbot, np.array([[0.5, 0.25]]))
    layer.set_colors(np.array([[1, 2, 3]], dtype=np.uint8))
    H, W = layer.pixels.shape
    assert layer.image.shape == (H, W, 4)
    rows, cols = np.nonzero(layer.image[..., 3])
    assert np.all(layer.image[rows, cols, 3] == 255)  # opaque where a point is, transparent elsewhere
    # row 0 of the RGBA copy is the bottom of the plot: the point a quarter up sits in the lower half
    assert rows.mean() == pytest.approx(0.25 * H, abs=1.0)
