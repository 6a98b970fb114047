"""Probing anywhere: clicks and Shift-moves in the data views, the posterior curves, the inspector's worked steps."""

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from scipy.stats import multivariate_normal, norm

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.families.steps import ParameterKey
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.panels.inspector import PointInspector, fmt_resp
from nbviz.gui.plots.data.density_1d import Density1DView
from nbviz.gui.plots.data.scatter_view import ScatterView

FIVE = np.array([[1.0], [2.0], [4.0], [5.0], [6.0]])
START = nc.GaussianMixture(weights=[0.4, 0.6], means=[[1.5], [5.0]], covariances=[[[0.25]], [[2 / 3]]])


@pytest.fixture
def five(qtbot):
    session = Session()
    assert session.load(Problem("five points", FIVE, ("x",)), ModelConfig(n_components=2), START)
    return session


def viewport_pos(view, x, y) -> QPoint:
    return view.plot.mapFromScene(view.view_box.mapViewToScene(QPointF(x, y)))


def by_hand(model, x):
    """P(C | x) of a 1-D Gaussian mixture with scipy."""
    sds = np.sqrt(model.covariances[:, 0, 0])
    weighted = model.weights * norm.pdf(x, model.means[:, 0], sds)
    return weighted / weighted.sum()


def test_clicking_empty_space_in_1d_probes_that_x(five, shown, qtbot):
    view = shown(Density1DView(five))
    inspector = PointInspector(five)
    qtbot.addWidget(inspector)
    five.select(0)
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    qtbot.mouseClick(view.plot.viewport(), Qt.LeftButton, pos=viewport_pos(view, 3.0, 0.8 * y1))
    assert five.selected == -1 and five.inspection.probed is not None
    x = float(five.inspection.probed.x[0])
    assert x == pytest.approx(3.0, abs=0.05 * (x1 - x0))
    expected = by_hand(START, x)
    np.testing.assert_allclose(inspector.probe_numbers.resp, expected, rtol=1e-10)
    text = inspector.text()
    assert "Probe" in text and all(fmt_resp(r) in text for r in expected)
    assert view.probe_line.isVisible() and view.probe_line.value() == pytest.approx(x)
    _, dots = view.posterior_dots.getData()
    np.testing.assert_allclose(dots, expected, rtol=1e-10)
    # a click on a point selects it again and ends the probe
    five.select(2)
    assert five.inspection.probed is None and not view.probe_line.isVisible()


def test_shift_moving_the_mouse_probes(five, shown):
    view = shown(Density1DView(five))
    (_, _), (_, y1) = view.view_box.viewRange()
    pos = viewport_pos(view, 4.5, 0.5 * y1)
    viewport = view.plot.viewport()
    plain = QMouseEvent(
        QEvent.MouseMove, QPointF(pos), QPointF(viewport.mapToGlobal(pos)), Qt.NoButton, Qt.NoButton, Qt.NoModifier
    )
    QApplication.sendEvent(viewport, plain)
    assert five.inspection.probed is None
    shifted = QMouseEvent(
        QEvent.MouseMove, QPointF(pos), QPointF(viewport.mapToGlobal(pos)), Qt.NoButton, Qt.NoButton, Qt.ShiftModifier
    )
    QApplication.sendEvent(viewport, shifted)
    assert five.inspection.probed is not None and float(five.inspection.probed.x[0]) == pytest.approx(4.5, abs=0.1)


def test_posterior_curves_follow_the_model_and_can_be_hidden(five, shown):
    view = shown(Density1DView(five))
    five.step()
    model = five.snapshot.model
    for k in range(2):
        x, y = view.posterior_curves[k].getData()
        np.testing.assert_allclose(y, [by_hand(model, v)[k] for v in x], rtol=1e-9)
    assert view.posterior_visible
    view.set_posterior_visible(False)
    assert not view.posterior_plot.isVisible()


def test_typed_probe_and_the_naive_bayes_product(qtbot):
    session = Session()
    X = np.array([[1.0, 1.0], [0.0, 1.0]])
    start = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
    assert session.load(Problem("two documents", X, ("x1", "x2")), ModelConfig(family="bernoulli"), start)
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    inspector.probe_edit.setText("0, 1")
    qtbot.keyClick(inspector.probe_edit, Qt.Key_Return)
    assert session.inspection.probed.x.tolist() == [0.0, 1.0]
    products = np.array([0.7 * 0.5 * 0.4, 0.3 * 0.8 * 0.7])
    np.testing.assert_allclose(inspector.probe_numbers.resp, products / products.sum())
    text = inspector.text()
    assert "feature by feature" in text and "1 − p" in text and "0.8" in text and "0.56" in text and "0.168" in text
    inspector.probe_edit.setText("0, 2")
    qtbot.keyClick(inspector.probe_edit, Qt.Key_Return)  # not binary: the probe stays, the inspector says why
    assert session.inspection.probed.x.tolist() == [0.0, 2.0]
    assert "cannot be worked out" in inspector.text()


def test_the_m_step_view_writes_out_the_mean(five, qtbot):
    inspector = PointInspector(five)
    qtbot.addWidget(inspector)
    five.step()
    inspector.choose_parameter(ParameterKey("mean", 1, (0,)))
    r = five.resp[:, 1]
    expected = np.sum(r * FIVE[:, 0]) / r.sum()
    assert inspector.worked.value == pytest.approx(expected)
    assert inspector.worked.value == pytest.approx(five.snapshot.model.means[1, 0])
    text = inspector.text()
    assert "This M-step" in text and f"{expected:.6g}" in text and f"{r.sum():.6g}" in text
    for n in range(5):
        assert f"{r[n] * FIVE[n, 0]:.6g}" in text


def test_probing_the_scatter_view_uses_the_marginal_in_the_view(shown, qtbot):
    truth = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0, 0, 0], [3, 3, 1]], covariances=np.stack([np.eye(3), 0.5 * np.eye(3) + 0.2])
    )
    session = Session()
    assert session.load(Problem.synthesised(truth, 200, seed=1), ModelConfig(n_components=2))
    view = shown(ScatterView(session))
    view.axes_choice.setCurrentIndex(1)  # the first feature pair
    projection = view.projection
    i, j = projection.pair
    (x0, x1), (y0, y1) = view.view_box.viewRange()
    far = (x1 - 0.02 * (x1 - x0), y1 - 0.02 * (y1 - y0))  # a corner: no points there
    qtbot.mouseClick(view.plot.viewport(), Qt.LeftButton, pos=viewport_pos(view, *far))
    probe = session.inspection.probed
    assert probe is not None and probe.plane is projection
    model = session.snapshot.model
    index = np.ix_([i, j], [i, j])
    weighted = np.array(
        [
            model.weights[k] * multivariate_normal(model.means[k, [i, j]], model.covariances[k][index]).pdf(probe.x)
            for k in range(2)
        ]
    )
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    np.testing.assert_allclose(inspector.probe_numbers.resp, weighted / weighted.sum(), rtol=1e-8)
    assert "integrated out" in inspector.text()
    xs, ys = view.probe_marker.getData()
    assert xs[0] == pytest.approx(probe.x[0]) and ys[0] == pytest.approx(probe.x[1])


def test_the_m_step_chooser_lists_the_tied_covariance_entries(qtbot):
    X = np.array([[0.0, 1.0], [1.0, 0.5], [0.5, 2.0], [4.0, 3.0], [5.0, 4.5], [4.5, 3.5], [2.5, 2.0]])
    start = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0.5, 1.0], [4.5, 3.5]], covariances=[[1.0, 0.3], [0.3, 1.0]], covariance_type="tied"
    )
    session = Session()
    assert session.load(
        Problem("seven points", X, ("a", "b")), ModelConfig(n_components=2, covariance_type="tied"), start
    )
    inspector = PointInspector(session)
    qtbot.addWidget(inspector)
    session.step()
    items = [inspector.parameter_choice.itemText(i) for i in range(inspector.parameter_choice.count())]
    assert items[-3:] == ["M-step of σ² (tied), a", "M-step of σ² (tied), b", "M-step of Σ (tied), a–b"]
    inspector.parameter_choice.setCurrentIndex(len(items) - 1)
    r = session.resp
    scatter = 0.0
    for k in range(2):
        mean = r[:, k] @ X / r[:, k].sum()
        scatter += np.sum(r[:, k] * (X[:, 0] - mean[0]) * (X[:, 1] - mean[1]))
    expected = scatter / len(X)
    assert inspector.worked.value == pytest.approx(session.snapshot.model.covariances[0, 1], abs=1e-12)
    assert inspector.worked.value == pytest.approx(expected, abs=1e-12)
    text = inspector.text()
    assert "This M-step" in text and "Σ_k r_nk" in text and f"{expected:.6g}" in text and "Σ_k N_k = 7" in text
