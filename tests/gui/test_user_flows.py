"""Combinations a user hits: opening data while a run goes, messages that name what is on screen."""

import numpy as np
import pytest
from PySide6.QtCore import QSettings

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.gui.window.main_window import MainWindow

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def window(qtbot, tmp_path):
    win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    win.remember_layout = False
    qtbot.addWidget(win)
    win.show()
    assert win.session.load(Problem.synthesised(TRUTH, 200, seed=0, name="blobs"), ModelConfig(n_components=2, seed=2))
    win.session.step()
    return win


def test_a_data_file_dropped_during_a_background_run_waits_for_it(window, qtbot, tmp_path):
    # Run to convergence marks the session busy until the worker's result is adopted; data
    # loaded meanwhile would be shown under the old run's "Stopped after ..." and history.
    session = window.session
    path = tmp_path / "other.csv"
    np.savetxt(path, np.random.default_rng(1).normal(size=(30, 2)), delimiter=",", header="a,b", comments="")
    before = (session.problem, session.em, len(session.history))
    session.background.set_busy(True)
    dialog = window.files.import_file(str(path))
    with qtbot.waitSignal(dialog.loader.loaded, timeout=10000):
        dialog.start_loading()
    assert dialog.isVisible() and "Wait for the run in progress" in dialog.message.text()
    assert (session.problem, session.em, len(session.history)) == before
    session.background.set_busy(False)  # the run ended: now the same Load is taken
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        dialog.start_loading()
    assert session.problem.name == "other.csv" and session.problem.n_samples == 30


def test_a_session_or_a_moved_start_waits_for_a_background_run(window, tmp_path):
    session = window.session
    path = str(tmp_path / "saved.nbviz")
    assert window.files.save_session(path)
    session.step()
    before = (session.problem, session.em, len(session.history))
    messages = []
    session.error_raised.connect(messages.append)
    session.background.set_busy(True)
    assert not window.files.open_session(path)
    assert not session.set_start(session.snapshot.model)  # dragging a mean
    assert len(messages) == 2 and all("Wait for the run in progress" in m for m in messages)
    assert (session.problem, session.em, len(session.history)) == before
    session.background.set_busy(False)
    assert window.files.open_session(path) and len(session.history) == 3


def test_a_collapsed_component_is_named_as_the_parameters_panel_names_it(window):
    # hard EM from means on four points: every component takes one point and collapses; the
    # message must use the numbers the panels show (1..K), so the first one is component 1
    session = window.session
    X = np.array([[0.1, 0.2], [1.3, 1.1], [2.5, 2.2], [0.7, 3.1]])
    messages = []
    session.error_raised.connect(messages.append)
    start = nc.GaussianMixture(weights=[0.25] * 4, means=X, covariances=np.stack([np.eye(2)] * 4))
    assert session.load(Problem(name="four", X=X, columns=("a", "b")), ModelConfig(n_components=4, hard=True), start)
    assert session.e_step() and np.array_equal(session.resp, np.eye(4))
    assert not session.m_step()
    assert messages[-1].startswith("component 1's covariance became singular"), messages[-1]
    assert session.component_names()[0] == "1"


def test_a_synthesised_mean_too_large_to_fit_says_which_column(window, qtbot):
    dialog = window.files.choose_synthesis()
    qtbot.waitExposed(dialog)
    before = window.session.problem
    dialog.table.item(0, 1).setText("1e200")  # component 1, mean of x1
    assert dialog.problem() is not None  # a finite number: the table itself is valid
    dialog.accept()
    assert dialog.isVisible() and window.session.problem is before
    text = dialog.issues_label.text()
    assert "x1 in row" in text and "too large" in text and "rescale" in text and "NaN" not in text
