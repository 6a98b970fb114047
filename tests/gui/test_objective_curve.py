"""The objective curve: one point per half-step, the ELBO touching after E-steps, decreases flagged."""

import numpy as np
import pg_probe
import pytest

import nbviz.core as nc
from nbviz.app.config import ModelConfig
from nbviz.app.problem import Problem
from nbviz.app.session import Session
from nbviz.gui.plots.objective_curve import ObjectiveCurve, decreases

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0], [1.5]], covariances=[[[1.0]], [[1.0]]])


@pytest.fixture
def curve(qtbot):
    session = Session()
    session.load(Problem.synthesised(TRUTH, 200, seed=1), ModelConfig(n_components=2, seed=1))
    widget = ObjectiveCurve(session)
    qtbot.addWidget(widget)
    widget.resize(600, 300)
    widget.show()
    return widget


def test_one_point_per_half_step_and_the_elbo_from_the_first_e_step(curve):
    session = curve.session
    for _ in range(4):
        session.step()
    session.e_step()
    x, y = curve.objective_curve.getData()
    assert len(x) == len(session.history) == 10
    np.testing.assert_array_equal(y, [s.objective for s in session.history])
    ex, ey = curve.elbo_curve.getData()
    np.testing.assert_array_equal(ex, np.arange(1, 10))
    np.testing.assert_array_equal(ey, [s.elbo for s in session.history[1:]])
    # touches after each E-step, below after each M-step
    for i, snapshot in enumerate(session.history[1:], start=1):
        if snapshot.phase == "E":
            assert ey[i - 1] == pytest.approx(y[i], rel=1e-12)
        else:
            assert ey[i - 1] <= y[i] + 1e-9
    assert not curve.explanation.isVisibleTo(curve)
    assert len(pg_probe.spots(curve.decrease_marks)) == 0


def test_the_axis_says_when_a_prior_is_on(curve):
    assert pg_probe.axis_label(curve.plot, "left") == "log-likelihood"
    curve.session.configure(curve.session.config.with_(prior=nc.Prior(covariance_prior=0.1)))
    assert pg_probe.axis_label(curve.plot, "left") == "log-likelihood + log-prior"


def test_hard_em_decreases_get_red_markers_and_an_explanation(curve):
    session = curve.session
    session.configure(session.config.with_(hard=True))
    for _ in range(8):
        session.step()
    objective = np.array([s.objective for s in session.history])
    drops = decreases(objective)
    assert drops.size > 0  # this data and start make hard EM lower the log-likelihood
    np.testing.assert_array_equal(pg_probe.spots(curve.decrease_marks).x, drops)
    assert curve.explanation.isVisibleTo(curve)
    assert "classification likelihood" in curve.explanation.text()
    assert f"half-step {drops[0]}" in curve.explanation.text()


def test_cursor_line_follows_the_session_and_dragging_it_scrubs(curve):
    session = curve.session
    for _ in range(3):
        session.step()
    assert curve.cursor_line.value() == 6
    session.set_cursor(2)
    assert curve.cursor_line.value() == 2
    curve.cursor_line.setValue(4.4)
    curve.cursor_line.sigPositionChangeFinished.emit(curve.cursor_line)
    assert session.cursor == 4


def test_decreases_ignores_rounding():
    assert decreases([1.0, 2.0, 2.0 - 1e-13, 3.0]).tolist() == []
    assert decreases([-100.0, -99.0, -99.5, -98.0, -98.1]).tolist() == [2, 4]
