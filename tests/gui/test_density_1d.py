"""The 1-D view: histogram, weighted component and mixture densities, the rug, clicking and dragging."""

import numpy as np
import pg_probe
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from scipy.stats import norm

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.density_1d import Density1DView
from nbviz.gui.style.palette import blend, component_color, component_rgb

TRUTH = nc.GaussianMixture(
    weights=[0.5, 0.3, 0.2], means=[[0.0], [3.0], [6.5]], covariances=[[[1.0]], [[0.5]], [[1.5]]]
)


@pytest.fixture
def view(synthesised_session, shown):
    return shown(Density1DView(synthesised_session(TRUTH, 400, 2, family="gaussian", n_components=3, seed=1)))


def viewport_pos(view, x, y) -> QPoint:
    return view.plot.mapFromScene(view.view_box.mapViewToScene(QPointF(x, y)))


def send_mouse(widget, kind, pos: QPoint, buttons):
    """A left-button mouse event (press, move or release) on `widget` at `pos`."""
    button = Qt.NoButton if kind == QEvent.MouseMove else Qt.LeftButton
    event = QMouseEvent(kind, QPointF(pos), QPointF(widget.mapToGlobal(pos)), button, buttons, Qt.NoModifier)
    QApplication.sendEvent(widget, event)


def test_component_and_mixture_curves_are_weighted_normal_densities(view):
    session = view.session
    for _ in range(2):
        session.step()
    model = session.snapshot.model
    sds = np.sqrt(model.covariances[:, 0, 0])
    total = 0
    for k in range(3):
        x, y = view.component_curves[k].getData()
        np.testing.assert_allclose(y, model.weights[k] * norm.pdf(x, model.means[k, 0], sds[k]), rtol=1e-12)
        assert pg_probe.pen(view.component_curves[k]).color() == component_color(k)
        total = total + y
    x, y = view.mixture_curve.getData()
    np.testing.assert_allclose(y, total, rtol=1e-12)
    (x0, x1), _ = view.view_box.viewRange()
    assert x[0] == pytest.approx(x0) and x[-1] == pytest.approx(x1)
    # the mean markers sit on top of their curves
    mx, my = view.means.getData()
    np.testing.assert_allclose(mx, model.means[:, 0])
    np.testing.assert_allclose(my, model.weights * norm.pdf(0, 0, sds))


def test_true_components_are_dashed_in_the_matched_colour(view):
    session = view.session
    for _ in range(5):
        session.step()
    truth, perm = session.matched_truth()
    for j in range(3):
        curve = view.truth_curves[j]
        x, y = curve.getData()
        sd = np.sqrt(truth.covariances[j, 0, 0])
        np.testing.assert_allclose(y, truth.weights[j] * norm.pdf(x, truth.means[j, 0], sd), rtol=1e-12)
        assert pg_probe.pen(curve).style() == Qt.DashLine
        assert pg_probe.pen(curve).color() == component_color(int(perm[j]))


def test_histogram_is_density_normalised(view):
    edges, heights = view.histogram.getData()
    X = view.session.problem.X[:, 0]
    assert edges[0] == pytest.approx(X.min()) and edges[-1] == pytest.approx(X.max())
    assert np.sum(heights * np.diff(edges)) == pytest.approx(1.0)


def test_rug_is_coloured_by_responsibilities_and_scrubbing_restores_it(view):
    session = view.session
    session.e_step()
    session.m_step()
    before = view.rug.image.copy()
    np.testing.assert_array_equal(view.rug.colors, blend(session.resp, component_rgb(3)))
    session.e_step()
    assert not np.array_equal(view.rug.image, before)
    np.testing.assert_array_equal(view.rug.colors, blend(session.resp, component_rgb(3)))
    session.set_cursor(2)
    np.testing.assert_array_equal(view.rug.image, before)
    # the rug lies below the axis, inside the view
    assert np.all(view.rug.positions[:, 1] < 0)
    assert np.all(view.rug.positions[:, 1] > view.view_box.viewRange()[1][0])


def test_clicking_a_rug_point_selects_it(view, qtbot):
    positions = view.rug.positions
    gaps = np.linalg.norm(positions[:, None] - positions[None], axis=2) + np.eye(len(positions)) * 1e9
    index = int(np.argmax(gaps.min(axis=1)))
    qtbot.mouseClick(view.plot.viewport(), Qt.LeftButton, pos=viewport_pos(view, *positions[index]))
    assert view.session.selected == index
    assert view.selection_line.isVisible() and view.selection_line.value() == positions[index, 0]
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    empty = viewport_pos(view, x1 - 0.01 * (x1 - x0), y1 * 0.95)  # top right: no points there
    qtbot.mouseClick(view.plot.viewport(), Qt.LeftButton, pos=empty)
    assert view.session.selected == -1 and not view.selection_line.isVisible()


def test_dragging_a_mean_sideways_restarts_em_there(view):
    session = view.session
    session.step()
    model = session.snapshot.model
    k = 2
    mx, my = view.means.getData()
    press = viewport_pos(view, mx[k], my[k])
    release = press + QPoint(-70, 35)  # vertical motion is ignored
    viewport = view.plot.viewport()
    send_mouse(viewport, QEvent.MouseButtonPress, press, Qt.LeftButton)
    send_mouse(viewport, QEvent.MouseMove, press + QPoint(-30, 10), Qt.LeftButton)
    assert view.means.dragging == k
    assert view.means.getData()[1][k] == pytest.approx(my[k])
    send_mouse(viewport, QEvent.MouseMove, release, Qt.LeftButton)
    send_mouse(viewport, QEvent.MouseButtonRelease, release, Qt.NoButton)

    start = session.history[0].model
    assert len(session.history) == 1
    shift = (
        view.view_box.mapSceneToView(view.plot.mapToScene(release)).x()
        - view.view_box.mapSceneToView(view.plot.mapToScene(press)).x()
    )
    assert shift < 0
    assert start.means[k, 0] == pytest.approx(model.means[k, 0] + shift, abs=1e-9)
    np.testing.assert_array_equal(np.delete(start.means, k, axis=0), np.delete(model.means, k, axis=0))
    np.testing.assert_array_equal(start.covariances, model.covariances)


def test_nothing_is_drawn_without_one_dimensional_continuous_data(qtbot):
    session = Session()
    view = Density1DView(session)
    qtbot.addWidget(view)
    view.show()
    assert len(view.rug.positions) == 0
    two_d = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0, 0.0], [3.0, 3.0]], covariances=[np.eye(2), np.eye(2)])
    session.load(Problem.synthesised(two_d, 60, seed=0), ModelConfig(n_components=2))
    session.step()
    assert len(view.rug.positions) == 0 and not view.rug.image_item.isVisible()
    for item in (view.mixture_curve, view.histogram, view.means):
        x, _ = item.getData()
        assert x is None or len(x) == 0


def test_standardised_data_ticks_in_the_files_units_when_asked(shown):
    from nbviz.app.data.standardize import standardize_problem
    from nbviz.app.presentation.view_options import ViewOptions

    grams = np.random.default_rng(3).normal([[3500.0], [5200.0]], 300.0, size=(2, 60)).reshape(-1, 1)
    problem = standardize_problem(Problem(name="mass", X=grams, columns=("body_mass_g",)), "z")
    session = Session()
    assert session.load(problem, ModelConfig(n_components=2, seed=1))
    session.step()
    options = ViewOptions()
    view = shown(Density1DView(session, view_options=options))
    axis = view.plot.getAxis("bottom")
    assert axis.labelText == "body_mass_g (standardised)"
    assert axis.units is None and axis.tickStrings([1.0], 1.0, 0.5) == ["1.0"]  # z-values

    options.set("original_units", True)
    c, s = grams.mean(), grams.std()
    assert axis.labelText == "body_mass_g"
    for shown_axis in (axis, view.posterior_plot.getAxis("bottom")):  # the posterior strip shares the x axis
        spacing, values = shown_axis.tickValues(-2.0, 2.0, 500)[0]
        ticks = c + s * np.asarray(values)
        step = spacing * s  # the spacing in grams: a round number
        assert step in (100.0, 200.0, 250.0, 500.0, 1000.0, 2000.0, 2500.0)
        np.testing.assert_allclose(ticks, np.round(ticks / step) * step, atol=1e-9 * c)
        assert c - 2 * s - step < ticks.min() and ticks.max() < c + 2 * s + step
        assert shown_axis.tickStrings(values, 1.0, spacing) == [f"{t:g}" for t in np.round(ticks / step) * step]
    # the density is per gram: the standardised density divided by s
    density = view.plot.getAxis("left")
    spacing, values = density.tickValues(-0.05, 0.5, 300)[0]
    assert min(values) >= 0 and density.tickStrings(values, 1.0, spacing)[1] == f"{values[1] / s:g}"
