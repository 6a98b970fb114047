"""The scatter view: responsibility colours, ellipses, density, projections, clicking and dragging."""

import numpy as np
import pg_probe
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from scipy.stats import multivariate_normal

import nbviz.core as nc
from nbviz.app.analysis.projection import pca_title
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.axis_chooser import PAIRS_TITLE
from nbviz.gui.plots.data.ellipses import EllipseItem
from nbviz.gui.plots.data.point_layer import dot_radius
from nbviz.gui.plots.data.scatter_view import ScatterView
from nbviz.gui.style.palette import blend, component_color, component_rgb

TRUTH_2D = nc.GaussianMixture(
    weights=[0.4, 0.35, 0.25],
    means=[[0.0, 0.0], [5.0, 1.0], [1.0, 6.0]],
    covariances=[[[1.0, 0.4], [0.4, 0.8]], [[0.6, -0.2], [-0.2, 1.2]], [[1.5, 0.0], [0.0, 0.5]]],
)
TRUTH_3D = nc.GaussianMixture(
    weights=[0.5, 0.5],
    means=[[0.0, 0.0, 0.0], [4.0, -1.0, 3.0]],
    covariances=[
        [[1.0, 0.3, 0.1], [0.3, 2.0, -0.4], [0.1, -0.4, 0.7]],
        [[0.8, -0.2, 0.0], [-0.2, 0.5, 0.1], [0.0, 0.1, 1.5]],
    ],
)


@pytest.fixture
def make_view(synthesised_session, shown):
    """A shown scatter view of `n` rows drawn from `truth`, fitted with K components (the truth's by default)."""

    def make(truth, n=300, K=None):
        session = synthesised_session(truth, n, 1, family="gaussian", n_components=K or truth.n_components, seed=0)
        return shown(ScatterView(session), 640, 520)

    return make


@pytest.fixture
def view(make_view):
    return make_view(TRUTH_2D)


def viewport_pos(view, x, y) -> QPoint:
    """Where data point (x, y) is on the plot's viewport, in viewport pixels."""
    scene = view.view_box.mapViewToScene(QPointF(x, y))
    return view.plot.mapFromScene(scene)


def send_mouse(widget, kind, pos: QPoint, buttons):
    """A left-button mouse event (press, move or release) on `widget` at `pos`."""
    button = Qt.NoButton if kind == QEvent.MouseMove else Qt.LeftButton
    event = QMouseEvent(kind, QPointF(pos), QPointF(widget.mapToGlobal(pos)), button, buttons, Qt.NoModifier)
    QApplication.sendEvent(widget, event)


def expected_pixel(view, x, y):
    """(row, column) of data position (x, y) in the point layer's image, computed from the view."""
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    H, W = view.points.image.shape[:2]
    return int(np.floor((y - y0) * H / (y1 - y0))), int(np.floor((x - x0) * W / (x1 - x0)))


def test_points_take_blended_responsibility_colours_and_scrubbing_restores_them(view, qtbot):
    session = view.session
    session.e_step()
    session.m_step()
    after_m = view.points.image.copy()
    picture_m = view.plot.grab().toImage()
    np.testing.assert_array_equal(view.points.colors, blend(session.resp, component_rgb(3)))
    # The last point is drawn on top of every other, so its centre pixel is its own colour.
    last = len(session.problem.X) - 1
    row, col = expected_pixel(view, *session.problem.X[last])
    np.testing.assert_array_equal(after_m[row, col], [*view.points.colors[last], 255])

    session.e_step()  # new responsibilities under the M-step's parameters
    after_e = view.points.image.copy()
    assert not np.array_equal(after_e, after_m)
    assert view.plot.grab().toImage() != picture_m
    np.testing.assert_array_equal(view.points.colors, blend(session.resp, component_rgb(3)))

    session.set_cursor(2)
    np.testing.assert_array_equal(view.points.image, after_m)
    assert view.plot.grab().toImage() == picture_m
    session.set_cursor(3)
    np.testing.assert_array_equal(view.points.image, after_e)


def test_later_points_are_drawn_over_earlier_ones(make_view):
    view = make_view(TRUTH_2D, n=2000)  # dense enough for dots to overlap
    view.session.e_step()
    X, colors, image = view.session.problem.X, view.points.colors, view.points.image
    pixels = np.array([expected_pixel(view, *x) for x in X])
    gap = np.abs(pixels[:, None] - pixels[None]).max(axis=2)  # Chebyshev distance in pixels
    n = len(X)
    later = np.triu(np.ones((n, n), bool), 1)  # later[i, j]: j drawn after i
    differs = np.any(colors[:, None] != colors[None], axis=2)
    radius = dot_radius(n)
    covered = int(radius / np.sqrt(2))  # a dot covers every pixel this near (Chebyshev) its centre
    reach = int(np.ceil(radius + 1))  # and none farther, rim included
    # j is covered by an earlier point of another colour, and no later point comes near it
    overdrawn = [np.any((gap[:j, j] <= covered) & differs[:j, j]) for j in range(n)]
    candidates = [j for j in range(n) if overdrawn[j] and not np.any(gap[j, later[j]] <= reach)]
    assert len(candidates) >= 3
    for j in candidates:
        np.testing.assert_array_equal(image[tuple(pixels[j])], [*colors[j], 255])


def test_uncertain_points_are_drawn_in_mixed_colours(view):
    session = view.session
    session.e_step()
    resp = session.resp
    shared = np.argmin(resp.max(axis=1))  # the least certain point
    assert resp[shared].max() < 0.9
    colour = view.points.colors[shared].astype(float)
    pure = component_rgb(3) * 255
    assert np.min(np.linalg.norm(pure - colour, axis=1)) > 10


def test_ellipses_are_the_1_and_2_sigma_contours_of_each_component(view):
    session = view.session
    for _ in range(3):
        session.step()
    model = session.snapshot.model
    for k in range(3):
        one, two = view.ellipses[k].curves
        cov = model.full_covariances[k]
        for curve, level in ((one, 1.0), (two, 2.0)):
            centred = curve - model.means[k]
            mahalanobis = np.einsum("ni,ij,nj->n", centred, np.linalg.inv(cov), centred)
            np.testing.assert_allclose(mahalanobis, level**2, rtol=1e-9)
            half_width = (curve[:, 0].max() - curve[:, 0].min()) / 2
            assert half_width == pytest.approx(level * np.sqrt(cov[0, 0]), rel=1e-3)
        pen = view.ellipses[k].pen
        assert pen.color() == component_color(k)
    np.testing.assert_allclose(view.means.getData()[0], model.means[:, 0])


def test_true_components_are_dashed_in_the_matched_colour(view):
    session = view.session
    for _ in range(10):
        session.step()
    truth, perm = session.matched_truth()
    visible = [item for item in view.truth_ellipses if item.isVisible()]
    assert len(visible) == 3
    for j, item in enumerate(visible):
        assert item.pen.style() == Qt.DashLine
        assert item.pen.color() == component_color(int(perm[j]))
        centred = item.curves[0] - truth.means[j]
        inverse = np.linalg.inv(truth.full_covariances[j])
        np.testing.assert_allclose(np.einsum("ni,ij,nj->n", centred, inverse, centred), 1.0, rtol=1e-9)


def test_an_e_step_leaves_the_ellipses_as_they_are_and_an_option_redraws_them(view, monkeypatch):
    session = view.session
    session.step()  # to after an M-step
    calls = []
    monkeypatch.setattr(EllipseItem, "set_gaussian", lambda item, mean, cov: calls.append(mean))
    session.e_step()  # the parameters do not change: nothing to redraw
    assert calls == []
    before = session.matched_truth()[1]
    session.m_step()
    rematched = not np.array_equal(session.matched_truth()[1], before)
    assert len(calls) == 3 + (3 if rematched else 0)  # the fitted ones; the true ones if matched anew
    calls.clear()
    view.view_options.set("truth", False)
    view.view_options.set("truth", True)  # shown again, in the same place
    assert not any(item.isVisible() for item in view.truth_ellipses[3:]) and len(calls) >= 3


def test_density_grid_is_the_mixture_density(view):
    session = view.session
    session.step()
    model = session.snapshot.model
    xs, ys, values = view.density_grid
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    assert xs[0] > x0 and xs[-1] < x1 and ys[0] > y0 and ys[-1] < y1
    gx, gy = np.meshgrid(xs, ys)
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    expected = sum(
        w * multivariate_normal(m, c).pdf(grid) for w, m, c in zip(model.weights, model.means, model.full_covariances)
    )
    np.testing.assert_allclose(values.ravel(), expected, rtol=1e-9, atol=1e-300)
    # and it follows the view when zoomed out
    view.view_box.setRange(xRange=(x0 - 5, x1 + 5), yRange=(y0, y1), padding=0)
    assert view.density_grid[0][0] < x0 - 4


def test_clicking_a_point_selects_it_and_clicking_empty_space_clears(view, qtbot):
    X = view.session.problem.X
    # the most isolated point, so it is unambiguously the nearest to the click
    distances = np.linalg.norm(X[:, None] - X[None], axis=2) + np.eye(len(X)) * 1e9
    index = int(np.argmax(distances.min(axis=1)))
    qtbot.mouseClick(view.plot.viewport(), Qt.LeftButton, pos=viewport_pos(view, *X[index]))
    assert view.session.selected == index
    ring = view.selection_ring.getData()
    np.testing.assert_allclose([ring[0][0], ring[1][0]], X[index])

    (x0, x1), (y0, y1) = view.view_box.viewRange()
    corner = np.array([x0 + 0.01 * (x1 - x0), y1 - 0.01 * (y1 - y0)])
    assert view.points.nearest(*corner, 8.0) == -1
    qtbot.mouseClick(view.plot.viewport(), Qt.LeftButton, pos=viewport_pos(view, *corner))
    assert view.session.selected == -1
    assert len(view.selection_ring.getData()[0]) == 0


def test_dragging_a_mean_restarts_em_from_the_dropped_position(view, qtbot):
    session = view.session
    for _ in range(2):
        session.step()
    model = session.snapshot.model
    k = 1
    press = viewport_pos(view, *model.means[k])
    release = press + QPoint(60, -40)
    viewport = view.plot.viewport()
    send_mouse(viewport, QEvent.MouseMove, press, Qt.NoButton)  # hovering over the mean
    assert view.means.cursor().shape() == Qt.OpenHandCursor
    qtbot.wait(15)  # pyqtgraph drops mouse moves closer together than 10 ms
    send_mouse(viewport, QEvent.MouseButtonPress, press, Qt.LeftButton)
    send_mouse(viewport, QEvent.MouseMove, press + QPoint(30, -20), Qt.LeftButton)
    assert view.means.dragging == k
    halfway = view.ellipses[k].curves[0].mean(axis=0)
    assert np.linalg.norm(halfway - model.means[k]) > 0.1  # the ellipse follows the drag
    send_mouse(viewport, QEvent.MouseMove, release, Qt.LeftButton)
    send_mouse(viewport, QEvent.MouseButtonRelease, release, Qt.NoButton)

    start = session.history[0].model
    assert len(session.history) == 1 and session.cursor == 0
    moved = view.view_box.mapSceneToView(view.plot.mapToScene(release)) - view.view_box.mapSceneToView(
        view.plot.mapToScene(press)
    )
    np.testing.assert_allclose(start.means[k], model.means[k] + [moved.x(), moved.y()], atol=1e-9)
    others = [j for j in range(3) if j != k]
    np.testing.assert_array_equal(start.means[others], model.means[others])
    np.testing.assert_array_equal(start.covariances, model.covariances)
    np.testing.assert_array_equal(start.weights, model.weights)
    np.testing.assert_allclose(view.means.getData()[0], start.means[:, 0])


def test_dragging_empty_space_pans_instead(view):
    model = view.session.snapshot.model
    (x0, x1), _ = view.view_box.viewRange()
    corner = viewport_pos(view, x0 + 0.02 * (x1 - x0), np.mean(view.view_box.viewRange()[1]))
    viewport = view.plot.viewport()
    send_mouse(viewport, QEvent.MouseButtonPress, corner, Qt.LeftButton)
    send_mouse(viewport, QEvent.MouseMove, corner + QPoint(50, 0), Qt.LeftButton)
    send_mouse(viewport, QEvent.MouseButtonRelease, corner + QPoint(50, 0), Qt.NoButton)
    assert view.session.snapshot.model is model
    assert view.view_box.viewRange()[0][0] < x0


def test_three_features_pca_and_feature_pair_projections(make_view):
    view = make_view(TRUTH_3D, n=400)
    session = view.session
    for _ in range(3):
        session.step()
    model, X = session.snapshot.model, session.problem.X
    titles = [view.axes_choice.itemText(i) for i in range(view.axes_choice.count())]
    assert titles == [pca_title(False), "x1 vs x2", "x1 vs x3", "x2 vs x3", PAIRS_TITLE]
    assert view.axes_bar.isVisible()

    # PCA: the plane of the two leading eigenvectors of the data covariance
    assert view.projection.title == "PCA of the raw data" and not view.means.drag_enabled
    values, vectors = np.linalg.eigh(np.cov(X, rowvar=False))
    share = values[::-1] / values.sum()  # explained variance, from the eigenvalues
    assert pg_probe.axis_label(view.plot, "bottom") == f"PC1 ({100 * share[0]:.1f} %)"
    assert pg_probe.axis_label(view.plot, "left") == f"PC2 ({100 * share[1]:.1f} %)"
    P = view.projection.matrix
    np.testing.assert_allclose(np.abs(P.T @ vectors[:, [2, 1]]), np.eye(2), atol=1e-9)
    centre = X.mean(axis=0)
    np.testing.assert_allclose(view.points.positions, (X - centre) @ P, atol=1e-12)
    for k in range(2):
        mean2, cov2 = (model.means[k] - centre) @ P, P.T @ model.full_covariances[k] @ P
        centred = view.ellipses[k].curves[0] - mean2
        np.testing.assert_allclose(np.einsum("ni,ij,nj->n", centred, np.linalg.inv(cov2), centred), 1.0, rtol=1e-9)

    # x1 vs x3: the marginal of features 0 and 2
    view.axes_choice.setCurrentIndex(2)
    assert pg_probe.axis_label(view.plot, "bottom") == "x1" and pg_probe.axis_label(view.plot, "left") == "x3"
    assert view.means.drag_enabled
    np.testing.assert_array_equal(view.points.positions, X[:, [0, 2]])
    for k in range(2):
        one = view.ellipses[k].curves[0]
        cov = model.full_covariances[k]
        assert (one[:, 0].max() - one[:, 0].min()) / 2 == pytest.approx(np.sqrt(cov[0, 0]), rel=1e-3)
        assert (one[:, 1].max() - one[:, 1].min()) / 2 == pytest.approx(np.sqrt(cov[2, 2]), rel=1e-3)
    xs, ys, values = view.density_grid
    gx, gy = np.meshgrid(xs, ys)
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    idx = [0, 2]
    expected = sum(
        w * multivariate_normal(m[idx], c[np.ix_(idx, idx)]).pdf(grid)
        for w, m, c in zip(model.weights, model.means, model.full_covariances)
    )
    np.testing.assert_allclose(values.ravel(), expected, rtol=1e-9, atol=1e-300)


def test_nothing_is_drawn_without_two_dimensional_continuous_data(qtbot):
    session = Session()
    view = ScatterView(session)
    qtbot.addWidget(view)
    view.show()
    assert len(view.points.positions) == 0 and view.density_grid is None
    one_d = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0], [3.0]], covariances=[[[1.0]], [[1.0]]])
    session.load(Problem.synthesised(one_d, 50, seed=0), ModelConfig(n_components=2))
    session.step()
    assert len(view.points.positions) == 0 and not view.points.image_item.isVisible()
    assert not any(item.isVisible() for item in view.ellipses)
    session.load(Problem.synthesised(TRUTH_2D, 50, seed=0), ModelConfig(n_components=3))
    assert len(view.points.positions) == 50 and view.density_grid is not None


def test_fewer_components_than_the_truth_leave_a_true_component_grey(view):
    session = view.session
    assert session.configure(session.config.with_(n_components=2))
    session.step()
    truth, perm = session.matched_truth()
    assert sorted(perm.tolist()) == [-1, 0, 1]
    assert sum(item.isVisible() for item in view.ellipses) == 2
    visible = [item for item in view.truth_ellipses if item.isVisible()]
    assert len(visible) == 3
    unmatched = visible[int(np.flatnonzero(perm == -1)[0])]
    assert unmatched.pen.color() not in [component_color(k) for k in range(12)]


def test_the_point_layer_follows_the_widget_size(view, qtbot):
    before = view.points.image.shape
    view.resize(800, 640)
    qtbot.waitUntil(lambda: view.points.image.shape != before, timeout=1000)
    rect, ratio = view.view_box.boundingRect(), view.plot.devicePixelRatioF()
    assert view.points.image.shape[:2] == (round(rect.height() * ratio), round(rect.width() * ratio))


def test_the_mean_markers_keep_their_rendered_symbols_from_half_step_to_half_step(view):
    session = view.session
    for _ in range(4):
        session.next_half_step()
    rendered = len(view.means.fragmentAtlas)
    assert rendered > 0
    for _ in range(20):  # the means move at every M-step; their look does not
        session.next_half_step()
        view.plot.grab()
    assert len(view.means.fragmentAtlas) == rendered  # no new marker images piling up
