"""Why EM stopped, each cause made to happen: a singular covariance, an empty component, the cap, the tolerance."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.convergence import convergence_status, run_finished_notice
from nbviz.app.run.runner import Runner
from nbviz.app.run.session import Session
from nbviz.gui.plots.run.objective_curve import ObjectiveCurve

# two tight pairs and a lone point: three components without a prior collapse one onto the lone point
COLLAPSING = np.array([[0.0, 0.0], [0.1, 0.05], [5.0, 5.0], [5.1, 4.9], [10.0, -3.0]])
TWO = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [6, 6]], covariances=np.stack([np.eye(2)] * 2))


def run_and_wait(session, qtbot):
    runner = Runner(session)
    with qtbot.waitSignal(runner.finished, timeout=20000) as blocker:
        assert runner.start()
    return blocker.args


def test_a_singular_covariance_is_named_and_not_overwritten(qtbot):
    session = Session()
    assert session.load(Problem(name="five", X=COLLAPSING, columns=("a", "b")), ModelConfig(n_components=3, seed=0))
    errors = []
    session.error_raised.connect(errors.append)
    curve = ObjectiveCurve(session)
    qtbot.addWidget(curve)
    iterations, converged = run_and_wait(session, qtbot)
    stop = session.run_stop
    assert stop.kind == "singular" and not converged
    assert errors == [stop.message] and "became singular" in stop.message and "covariance prior" in stop.message
    assert run_finished_notice(session, iterations, converged) == ""  # the advice stays, no notice over it
    assert convergence_status(session) == f"stopped: singular covariance at iteration {stop.iteration}"
    assert curve.stop_label.toPlainText() == "stopped: singular covariance"
    assert curve.stop_mark.data["x"].tolist() == [len(session.history) - 1.0]
    session.set_cursor(0)  # looking elsewhere: the status speaks of that half-step
    assert "singular" not in convergence_status(session)


def test_an_empty_component_is_named(qtbot):
    session = Session()
    assert session.load(Problem.synthesised(TWO, 60, seed=0), ModelConfig(n_components=3, seed=0))
    X = session.problem.X
    # a third component far away and narrow: no point has any responsibility for it (exp underflows to 0)
    start = nc.GaussianMixture(
        weights=[0.45, 0.45, 0.1],
        means=[X[:30].mean(0), X[30:].mean(0), [1e3, 1e3]],
        covariances=np.stack([np.eye(2), np.eye(2), 1e-3 * np.eye(2)]),
    )
    assert session.set_start(start)
    run_and_wait(session, qtbot)
    stop = session.run_stop
    assert stop.kind == "empty" and "component 3 empty" in stop.message and "fewer components" in stop.message
    assert stop.sticky and convergence_status(session).startswith("empty component at iteration")


@pytest.mark.parametrize(("tolerance", "cap", "kind"), [(0.0, 3, "cap"), (1e-6, 1000, "tolerance")])
def test_the_cap_and_the_tolerance_are_named(qtbot, tolerance, cap, kind):
    session = Session()
    assert session.load(Problem.synthesised(TWO, 80, seed=1), ModelConfig(n_components=2, seed=0))
    session.set_convergence(tolerance=tolerance, max_iter=cap)
    curve = ObjectiveCurve(session)
    qtbot.addWidget(curve)
    iterations, converged = run_and_wait(session, qtbot)
    stop = session.run_stop
    assert stop.kind == kind and converged == (kind == "tolerance") and not stop.sticky
    assert curve.stop_label.toPlainText() == {"cap": "stopped: iteration cap", "tolerance": "converged (tol)"}[kind]
    assert run_finished_notice(session, iterations, converged) != ""
