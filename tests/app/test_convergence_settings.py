"""Convergence you can set: the tolerance and the iteration cap, and the status saying which stopped a run."""

import json

import numpy as np
import pytest
from PySide6.QtCore import Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.model.config import DEFAULT_MAX_ITER, DEFAULT_TOLERANCE, ModelConfig
from nbviz.app.run.convergence import convergence_status, run_finished_notice
from nbviz.app.run.runner import Runner
from nbviz.app.run.session import Session

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def session(synthesised_session):
    return synthesised_session(TRUTH, 120, 1, n_components=2, seed=3)


def run_and_wait(session, qtbot):
    runner = Runner(session)
    with qtbot.waitSignal(runner.finished, timeout=20000) as blocker:
        assert runner.start()
    return blocker.args


# ----------------------------------------------------------------------------- the config
def test_the_defaults_and_their_checks():
    config = ModelConfig()
    assert (config.tolerance, config.max_iter) == (1e-6, 1000) == (DEFAULT_TOLERANCE, DEFAULT_MAX_ITER)
    with pytest.raises(ValueError, match=r"the tolerance must be a finite number >= 0; got -1"):
        ModelConfig(tolerance=-1)
    with pytest.raises(ValueError, match=r"the tolerance must be .*; got nan"):
        ModelConfig(tolerance=float("nan"))
    with pytest.raises(ValueError, match=r"the iteration cap must be an integer from 1 to 1000000000; got 0"):
        ModelConfig(max_iter=0)
    with pytest.raises(ValueError, match=r"the iteration cap must be an integer from 1 to 1000000000; got 2.5"):
        ModelConfig(max_iter=2.5)


def test_the_config_round_trips_and_an_old_one_gets_the_defaults():
    config = ModelConfig(tolerance=1e-3, max_iter=7)
    assert ModelConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config
    old = config.to_dict()
    del old["tolerance"], old["max_iter"]  # as an nbviz before these settings wrote it
    assert ModelConfig.from_dict(old) == ModelConfig()


def test_session_files_keep_the_settings_and_old_ones_still_open(session, tmp_path, qtbot):
    assert session.set_convergence(tolerance=2.5e-4, max_iter=12)
    session.step()
    path = tmp_path / "run.nbviz"
    assert session.save(path, write_session)
    saved = read_session(path)
    assert (saved.config.tolerance, saved.config.max_iter) == (2.5e-4, 12)
    data = json.loads(path.read_text())
    del data["config"]["tolerance"], data["config"]["max_iter"]
    del data["checksum"]  # files from before these settings had no checksum either
    data["version"] = 1  # (and were of an older format)
    old = tmp_path / "old.nbviz"
    old.write_text(json.dumps(data))
    saved = read_session(old)
    assert (saved.config.tolerance, saved.config.max_iter) == (1e-6, 1000)
    assert session.restore(saved) and session.tolerance == 1e-6 and len(session.history) == 3


# ----------------------------------------------------------------------------- the session
def test_changing_the_settings_keeps_the_run(session, qtbot):
    for _ in range(3):
        session.step()
    history, cursor = list(session.history), session.cursor
    with qtbot.waitSignal(session.convergence_changed):
        assert session.set_convergence(tolerance=1e-2, max_iter=20)
    assert session.config.tolerance == 1e-2 and session.config.max_iter == 20
    assert list(session.history) == history and session.cursor == cursor


def test_a_bad_value_is_refused_and_nothing_changes(session, qtbot):
    with qtbot.waitSignal(session.error_raised) as blocker:
        outcome = session.set_convergence(max_iter=-3)
    assert not outcome and "the iteration cap must be an integer from 1 to 1000000000; got -3" in outcome.reason
    assert blocker.args == [outcome.reason]
    assert session.config.max_iter == 1000


def test_converged_uses_the_sessions_tolerance(session):
    for _ in range(4):
        session.step()
    objectives = [s.objective for s in session.history]
    gain = objectives[-1] - objectives[-3]  # the last full iteration, M-step to M-step
    assert gain > 0
    session.tolerance = gain * 1.01
    assert session.converged and convergence_status(session).startswith(
        f"converged: the objective gained less than tol {gain * 1.01:g}"
    )
    session.tolerance = gain * 0.99
    assert not session.converged and convergence_status(session) == "not converged"


# ----------------------------------------------------------------------------- a run to convergence
def test_a_run_stops_at_the_cap_and_says_so(session, qtbot):
    session.set_convergence(tolerance=0.0, max_iter=3)  # only the cap can stop it
    iterations, converged = run_and_wait(session, qtbot)
    assert (iterations, converged) == (3, False)
    assert len(session.history) == 1 + 2 * 3 and session.cursor == 6
    assert session.run_history.cap_reached == 3
    assert convergence_status(session) == "stopped at the iteration cap (3) without converging"
    assert run_finished_notice(session, iterations, converged).startswith(
        "Stopped at the iteration cap (3) without converging"
    )
    session.set_cursor(4)  # an earlier half-step: no run stopped there
    assert session.run_history.cap_reached == 0 and convergence_status(session) == "not converged"


def test_a_run_that_meets_the_tolerance_says_so(session, qtbot):
    session.set_convergence(tolerance=1e-3, max_iter=500)
    iterations, converged = run_and_wait(session, qtbot)
    assert converged and 0 < iterations < 500 and session.run_history.cap_reached == 0
    objectives = np.array([s.objective for s in session.history])
    assert objectives[-1] - objectives[-3] < 1e-3 <= objectives[-3] - objectives[-5]  # EM's test, by hand
    assert convergence_status(session) == "converged: the objective gained less than tol 0.001 on the total"
    assert run_finished_notice(session, iterations, True) == (
        f"Converged after {iterations} iteration(s): the objective gained less than tol 0.001 on the total."
    )


def test_the_runner_takes_the_sessions_cap(session):
    runner = Runner(session)
    runner.max_iter = 42
    assert session.config.max_iter == 42 == runner.max_iter


# ----------------------------------------------------------------------------- the Run box
def loaded_session():
    session = Session()
    assert session.load(Problem.synthesised(TRUTH, 80, seed=0), ModelConfig(n_components=2, seed=1))
    return session


def test_the_run_box_fields_set_the_session(qtbot):
    from nbviz.gui.panels.controls import ControlPanel

    session = loaded_session()
    panel = ControlPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    session.step()
    history = list(session.history)
    fields = panel.convergence
    assert fields.tolerance_spin.text() == "1e-06" and fields.max_iter_spin.value() == 1000
    spin = fields.tolerance_spin
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), "1e-3")
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)
    assert session.tolerance == pytest.approx(1e-3) and list(session.history) == history
    qtbot.keyClick(spin, Qt.Key.Key_Up)  # the arrows move a decade
    assert session.tolerance == pytest.approx(1e-2)
    qtbot.keyClick(spin, Qt.Key.Key_Down)
    qtbot.keyClick(spin, Qt.Key.Key_Down)
    assert session.tolerance == pytest.approx(1e-4)
    cap = fields.max_iter_spin
    cap.setFocus()
    cap.lineEdit().selectAll()
    qtbot.keyClicks(cap.lineEdit(), "25")
    qtbot.keyClick(cap.lineEdit(), Qt.Key.Key_Return)
    assert session.config.max_iter == 25 and list(session.history) == history
    session.set_convergence(tolerance=5e-7, max_iter=9)  # the fields follow the session
    assert spin.text() == "5e-07" and cap.value() == 9


def test_the_status_bar_says_which_stopped_the_run(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    window.remember_layout = False
    qtbot.addWidget(window)
    assert window.session.load(Problem.synthesised(TRUTH, 80, seed=0), ModelConfig(n_components=2, seed=1))
    window.session.set_convergence(tolerance=0.0, max_iter=4)
    with qtbot.waitSignal(window.runner.finished, timeout=20000):
        window.commands["run"].trigger()
    assert "stopped at the iteration cap (4) without converging" in window.status_label.text()
    assert "Stopped at the iteration cap (4)" in window.banner.text
    window.session.set_convergence(tolerance=1e9)  # the status follows a new tolerance at once
    assert "converged: the objective gained less than tol 1e+09" in window.status_label.text()
