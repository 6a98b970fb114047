"""The View menu's switches (truth, shading, ellipses, mixture curve, labels, legend, marker shapes), the
legend they are explained in, and marker shapes by hard assignment."""

import numpy as np
import pytest
from pyqtgraph.graphicsItems.ScatterPlotItem import Symbols
from PySide6.QtCore import QPointF, QSettings
from scipy.stats import chi2

import nbviz.core as nc
from nbviz.app.analysis.ellipse_geometry import ellipse_mass
from nbviz.app.presentation.view_options import NAMES, ViewOptions, read_view_options, write_view_options
from nbviz.gui.plots.data.data_view import DataView
from nbviz.gui.plots.data.density_1d import Density1DView
from nbviz.gui.plots.data.ellipses import SIGMA_LEVELS
from nbviz.gui.plots.data.legend import legend_entries
from nbviz.gui.plots.data.point_layer import SHAPES, disc_offsets, shape_offsets
from nbviz.gui.plots.data.scatter_view import ScatterView
from nbviz.gui.window.main_window import MainWindow

TRUTH_2D = nc.GaussianMixture(
    weights=[0.4, 0.35, 0.25],
    means=[[0.0, 0.0], [5.0, 1.0], [1.0, 6.0]],
    covariances=[[[1.0, 0.4], [0.4, 0.8]], [[0.6, -0.2], [-0.2, 1.2]], [[1.5, 0.0], [0.0, 0.5]]],
)
TRUTH_1D = nc.GaussianMixture(weights=[0.5, 0.5], means=[[-2.0], [2.0]], covariances=[[[0.5]], [[0.8]]])


@pytest.fixture
def options():
    return ViewOptions()


@pytest.fixture
def scatter(synthesised_session, shown, options):
    session = synthesised_session(TRUTH_2D, 300, 1, family="gaussian", n_components=3, seed=0)
    view = shown(ScatterView(session, view_options=options), 640, 520)
    for _ in range(3):
        session.step()
    return view


@pytest.fixture
def density(synthesised_session, shown, options):
    session = synthesised_session(TRUTH_1D, 300, 1, family="gaussian", n_components=2, seed=0)
    view = shown(Density1DView(session, view_options=options))
    session.step()
    return view


# ---------------------------------------------------------------------------- the legend
def test_ellipse_levels_hold_the_chi_squared_share_of_the_mass():
    assert SIGMA_LEVELS == (1.0, 2.0)
    for level in SIGMA_LEVELS:
        assert ellipse_mass(level) == pytest.approx(chi2.cdf(level**2, df=2), rel=1e-12)
    # and by sampling: the share of draws of a 2-D Gaussian within 1 and 2 sigma
    cov = np.array([[2.0, 0.8], [0.8, 1.0]])
    x = np.random.default_rng(1).multivariate_normal([0, 0], cov, size=200_000)
    r2 = np.einsum("ni,ij,nj->n", x, np.linalg.inv(cov), x)
    assert np.mean(r2 <= 1) == pytest.approx(ellipse_mass(1), abs=0.005)
    assert np.mean(r2 <= 4) == pytest.approx(ellipse_mass(2), abs=0.005)


def test_the_scatter_legend_names_fitted_truth_ellipse_levels_and_shading(scatter, options):
    texts = scatter.legend.texts
    assert any("1σ (39%)" in t and "2σ (86%)" in t for t in texts)
    assert any(t.startswith("fitted 1σ (39%) and 2σ (86%) ellipses") for t in texts)
    assert any("true components" in t and "dashed" in t for t in texts)
    assert any("shading" in t and "mixture density" in t for t in texts)
    assert any("responsibilities" in t for t in texts)
    options.set("truth", False)
    assert not any("true" in t for t in scatter.legend.texts)
    options.set("legend", False)
    assert not scatter.legend.item.isVisible() and scatter.legend.texts == []


def test_the_1d_legend_names_the_histogram_the_components_and_the_mixture_curve(density, options):
    texts = density.legend.texts
    assert any("histogram" in t for t in texts)
    assert any(t.startswith("fitted π") for t in texts)
    assert any(t.startswith("mixture density p(x)") for t in texts)
    assert any("true components" in t for t in texts)
    options.set("mixture_curve", False)
    assert not any(t.startswith("mixture") for t in density.legend.texts)


def test_without_a_truth_the_legend_says_nothing_of_one():
    entries = legend_entries(2, ViewOptions(), has_truth=False)
    assert not any("true" in e.text for e in entries)


# ---------------------------------------------------------------------------- the switches
def test_switches_hide_and_show_the_scatter_layers(scatter, options):
    assert scatter.density_item.isVisible()
    assert all(item.isVisible() for item in scatter.ellipses)
    assert all(item.isVisible() for item in scatter.truth_ellipses) and len(scatter.truth_means.data) == 3
    options.set("shading", False)
    assert not scatter.density_item.isVisible()
    options.set("ellipses", False)
    assert not any(item.isVisible() for item in scatter.ellipses)
    options.set("truth", False)
    assert not any(item.isVisible() for item in scatter.truth_ellipses) and len(scatter.truth_means.data) == 0
    scatter.session.step()  # stays hidden as EM goes on
    assert not scatter.density_item.isVisible() and not any(item.isVisible() for item in scatter.ellipses)
    for name in ("shading", "ellipses", "truth"):
        options.set(name, True)
    assert scatter.density_item.isVisible() and all(item.isVisible() for item in scatter.ellipses)
    assert len(scatter.truth_means.data) == 3


def test_switches_hide_and_show_the_1d_curves(density, options):
    assert density.mixture_curve.isVisible() and all(c.isVisible() for c in density.truth_curves)
    options.set("mixture_curve", False)
    options.set("truth", False)
    assert not density.mixture_curve.isVisible()
    assert not any(c.isVisible() for c in density.truth_curves)
    assert all(c.isVisible() for c in density.component_curves)  # the fitted components stay


def test_the_labels_switch_hides_the_label_marks(synthesised_session, shown):
    session = synthesised_session(TRUTH_2D, 120, 4, family="gaussian", n_components=3, seed=2)
    options = ViewOptions()
    data = shown(DataView(session, view_options=options))
    assert session.hand_labels.set_label(5, 1)
    marks = data.scatter_labels.marks
    assert marks.count == 1 and marks.item.isVisible()
    options.set("labels", False)
    assert not marks.item.isVisible() and not data.density_labels.marks.item.isVisible()
    options.set("labels", True)
    assert marks.item.isVisible()


def test_an_unknown_option_is_named_with_the_known_ones():
    with pytest.raises(ValueError, match="no view option 'grid'; use one of truth, shading"):
        ViewOptions().set("grid", True)


# ---------------------------------------------------------------------------- marker shapes
def test_shapes_follow_the_most_responsible_component(scatter, options):
    options.set("shapes", True)
    resp = scatter.session.resp
    np.testing.assert_array_equal(scatter.points.shapes, resp.argmax(axis=1))
    assert [spot.symbol() for spot in scatter.means.points()] == list(SHAPES[:3])
    scatter.session.step()
    np.testing.assert_array_equal(scatter.points.shapes, scatter.session.resp.argmax(axis=1))
    assert any("shape" in t for t in scatter.legend.texts)
    options.set("shapes", False)
    assert scatter.points.shapes is None
    assert {spot.symbol() for spot in scatter.means.points()} == {"o"}


def test_a_shapes_pixels_are_its_pyqtgraph_symbol():
    radius = 3.5
    for symbol in SHAPES[1:]:
        offsets, n_rim = shape_offsets(symbol, radius)
        fill, rim = offsets[n_rim:], offsets[:n_rim]
        size = 2 * radius * 1.3
        path = Symbols[symbol]
        # every fill pixel centre is inside the symbol (y up in the layer, down in the symbol)
        assert all(path.contains(QPointF(x / size, -y / size)) for x, y in fill)
        # the rim is exactly the pixels next to the fill that are not fill
        fill_set = {tuple(p) for p in fill.tolist()}
        expected = {(x + dx, y + dy) for x, y in fill_set for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - fill_set
        assert {tuple(p) for p in rim.tolist()} == expected
    np.testing.assert_array_equal(shape_offsets("o", radius)[0], disc_offsets(radius)[0])
    # the shapes differ from each other
    masks = [frozenset(map(tuple, shape_offsets(s, radius)[0][shape_offsets(s, radius)[1] :].tolist())) for s in SHAPES]
    assert len(set(masks)) == len(SHAPES)


def test_shaped_points_are_drawn_in_their_shape(scatter, options):
    options.set("shapes", True)
    layer = scatter.points
    shapes = layer.shapes
    # a point whose component draws squares: the corner pixels of its square are filled in its colour
    x0, y0, sx, sy, W, H, *_ = layer._geometry
    image = layer.image
    checked = 0
    for n in np.flatnonzero(shapes == 1):
        col, row = (int(np.floor((layer.positions[n, 0] - x0) * sx)), int(np.floor((layer.positions[n, 1] - y0) * sy)))
        offsets, n_rim = shape_offsets("s", layer._geometry[7])
        fill = offsets[n_rim:]
        pixels = [(row + dy, col + dx) for dx, dy in fill]
        if not all(0 <= r < H and 0 <= c < W for r, c in pixels):
            continue
        later = np.arange(len(layer.positions)) > n
        near_later = np.any(np.abs(layer._pixels[later] - layer._pixels[n]).max(axis=1) < 12)
        if near_later:
            continue  # drawn over
        for r, c in pixels:
            np.testing.assert_array_equal(image[r, c], [*layer.colors[n], 255])
        checked += 1
    assert checked >= 3


def test_wrong_number_of_shapes_says_what_to_give(scatter):
    with pytest.raises(ValueError, match="set_shapes got 2 shapes for 300 points; give one per point"):
        scatter.points.set_shapes(np.array([0, 1]))


# ---------------------------------------------------------------------------- the window
def make_window(qtbot, path):
    window = MainWindow(settings=QSettings(str(path), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_view_menu_switches_the_options_and_they_are_remembered(qtbot, tmp_path):
    path = tmp_path / "settings.ini"
    first = make_window(qtbot, path)
    assert first.files.load_preset("gmm-2d")
    actions = first.view_option_actions
    assert set(actions) == set(NAMES)
    view_menu = next(a.menu() for a in first.menuBar().actions() if a.text() == "&View")
    assert all(action in view_menu.actions() for action in actions.values())
    assert actions["shading"].isChecked() and not actions["shapes"].isChecked()
    actions["shading"].trigger()
    actions["shapes"].trigger()
    assert not first.view_options.shading and first.view_options.shapes
    assert not first.data_view.scatter.density_item.isVisible()
    first.close()

    second = make_window(qtbot, path)
    assert not second.view_options.shading and second.view_options.shapes
    assert not second.view_option_actions["shading"].isChecked() and second.view_option_actions["shapes"].isChecked()


def test_garbage_in_the_stored_options_keeps_the_default_and_is_named(tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    write_view_options(settings, ViewOptions(truth=False))
    settings.setValue("view/legend", "perhaps")
    options = ViewOptions()
    assert read_view_options(settings, options) == ["view/legend"]
    assert not options.truth and options.legend
