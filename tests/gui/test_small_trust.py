"""Small things that lose trust: rows named by their file line, no save question after opening a
session, a new file's Choose K without the last file's messages, caps stated, Cancel said."""

import dataclasses

import numpy as np
import pytest
from PySide6.QtCore import Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.model.config import MAX_COMPONENTS, ModelConfig
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session
from nbviz.gui.panels.choose_k import ChooseKPanel
from nbviz.gui.window.main_window import MainWindow


@pytest.fixture
def window(qtbot):
    window = MainWindow()
    window.remember_layout = False
    qtbot.addWidget(window)
    return window


def test_the_inspector_names_a_row_by_its_file_line(window, tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("# measured 2024\nx,y\n0,0\n\n0.1,0.2\n5,5\n5.2,4.9\n0.3,0.1\n5.1,5.3\n")
    assert window.session.load(Problem.from_dataset(nc.load_data(path)), ModelConfig(n_components=2))
    window.session.step()
    window.session.select(1)  # the second data row: line 5 of the file (a comment, a header, a blank line)
    assert window.inspector.text().startswith("Line 5: x = 0.1, y = 0.2")


def test_the_inspectors_m_step_table_names_rows_by_their_file_lines(window, tmp_path):
    import re

    path = tmp_path / "c.csv"
    path.write_text("# measured 2024\nx,y\n0,0\n\n0.1,0.2\n5,5\n5.2,4.9\n0.3,0.1\n5.1,5.3\n")
    assert window.session.load(Problem.from_dataset(nc.load_data(path)), ModelConfig(n_components=2))
    window.session.step()
    window.session.step()  # an M-step: the inspector works one parameter through
    table = window.inspector.content()
    assert "<th align='left'>line (every data point)</th>" in table
    assert sorted(int(n) for n in re.findall(r"<tr><td>(\d+)</td>", table)) == [3, 5, 6, 7, 8, 9]


def test_quitting_straight_after_opening_a_session_asks_nothing(window, tmp_path):
    problem, config, start = load_preset("iris")
    window.session.load(problem, config, start)
    for _ in range(3):
        window.session.next_half_step()
    window.session.save(str(tmp_path / "s.nbviz"), write_session)
    fresh = MainWindow()
    fresh.remember_layout = False
    try:
        assert fresh.restore_session(read_session(str(tmp_path / "s.nbviz")), str(tmp_path / "s.nbviz"))
        assert not fresh.files.unsaved  # as `nbviz s.nbviz` opens it
        fresh.session.next_half_step()
        assert fresh.files.unsaved
    finally:
        fresh.files.unsaved = False
        fresh.close()


def test_a_new_file_clears_the_last_files_choose_k_messages(qtbot):
    session = Session()
    session.load(Problem("a", np.random.default_rng(0).normal(size=(40, 2)), ("x", "y")))
    panel = ChooseKPanel(session)
    qtbot.addWidget(panel)
    panel.job_bar.show_message("Cancelled: 3 of 12 fits were done. 1 fit(s) failed: ...", error=True)
    session.load(Problem("b", np.random.default_rng(1).normal(size=(30, 2)), ("u", "v")))
    assert panel.job_bar.status.text() == "" and panel.job_bar.status.isHidden()


def test_after_cancel_the_preferred_k_names_the_k_values_finished(qtbot):
    session = Session()
    X = np.concatenate([np.random.default_rng(2).normal(m, 0.3, size=(40, 2)) for m in (0, 4)])
    session.load(Problem("two", X, ("x", "y")), ModelConfig(n_components=2, seed=1))
    panel = ChooseKPanel(session)
    qtbot.addWidget(panel)
    panel.min_spin.setValue(1)
    panel.max_spin.setValue(3)
    panel.restarts_spin.setValue(1)
    with qtbot.waitSignal(panel.explorer.finished, timeout=20000):
        qtbot.mouseClick(panel.job_bar.run_button, Qt.LeftButton)
    result = panel.result
    selection = result.selection
    objective = selection.objective.copy()
    objective[2] = np.nan  # as if Cancel came before K = 3
    cut = dataclasses.replace(selection, objective=objective, cancelled=True)
    for name in ("bic", "aic", "icl"):
        values = getattr(cut, name).copy()
        values[2] = np.nan
        cut = dataclasses.replace(cut, **{name: values})
    panel.result = dataclasses.replace(result, selection=cut)
    panel.redraw()
    assert "among the K values finished before Cancel (1, 2)" in panel.summary.text()


def test_the_caps_on_k_and_restarts_are_stated(window):
    assert str(MAX_COMPONENTS) in window.controls.k_spin.toolTip()
    assert "1 to 50" in window.choose_k.restarts_spin.toolTip() and "1 to 50" in window.choose_k.max_spin.toolTip()
    assert "2 to 60" in window.restarts.count_spin.toolTip()
