"""The start editor: typed starting parameters checked in place, EM restarted from exactly them, the truth."""

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLineEdit

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.dialogs.start_editor import StartEditor
from nbviz.gui.window.main_window import MainWindow


def five_points() -> Problem:
    return Problem(name="five points", X=np.array([[1.0], [2.0], [4.0], [5.0], [6.0]]), columns=("x",))


def open_editor(qtbot, session) -> StartEditor:
    dialog = StartEditor(session)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


@pytest.fixture
def editor(qtbot):
    session = Session()
    assert session.load(five_points(), ModelConfig(family="gaussian", n_components=2, covariance_type="full"))
    return open_editor(qtbot, session)


def type_into(qtbot, dialog, row, column, text):
    """Edit a cell with the keyboard, as the user does: select it, type, press Enter."""
    table = dialog.table
    table.setCurrentCell(row, column)
    table.editItem(table.item(row, column))
    editors = [widget for widget in table.viewport().findChildren(QLineEdit) if widget.isVisible()]
    assert len(editors) == 1, "the cell should be open for editing"
    editors[0].selectAll()
    qtbot.keyClicks(editors[0], text)
    qtbot.keyClick(editors[0], Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.item(row, column).text() == text)  # the view commits the edit queued


def is_marked(dialog, row, column) -> bool:
    return dialog.table.item(row, column).background().color() == QColor(dialog.appearance.problem_background)


def test_the_table_shows_the_runs_start_exactly(editor):
    start = editor.session.start_model
    headers = [editor.table.horizontalHeaderItem(c).text() for c in range(editor.table.columnCount())]
    assert headers == ["weight", "mean x1", "var x1"]
    values = [[float(text) for text in row] for row in editor.cells()]
    assert values == np.column_stack([start.weights, start.means, start.covariances[:, 0, 0]]).tolist()
    assert editor.ok_button.isEnabled() and not editor.truth_button.isEnabled()


def test_k_means_clusters_typed_by_hand_start_em_exactly_there(editor, qtbot):
    # the k-means clusters {1, 2} and {4, 5, 6}: weights 2/5 and 3/5, means 1.5 and 5,
    # within-cluster variances 0.25 and 2/3 (by hand)
    for column, texts in enumerate((["0.4", "0.6"], ["1.5", "5"], ["0.25", "0.6666666666666666"])):
        for row, text in enumerate(texts):
            type_into(qtbot, editor, row, column, text)
    assert editor.ok_button.isEnabled(), editor.issues_label.text()
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert not editor.isVisible()
    first = editor.session.history[0].model
    assert len(editor.session.history) == 1
    assert first.weights.tolist() == [0.4, 0.6] and first.means.tolist() == [[1.5], [5.0]]
    assert first.covariances.tolist() == [[[0.25]], [[2 / 3]]]


def test_a_refused_cell_turns_red_says_why_and_blocks_the_start(editor, qtbot):
    type_into(qtbot, editor, 0, 2, "-1")
    assert is_marked(editor, 0, 2) and not editor.ok_button.isEnabled()
    assert editor.table.item(0, 2).toolTip() == "component 1, variance of x1: variance -1 must be greater than 0"
    assert "variance -1 must be greater than 0" in editor.issues_label.text()
    type_into(qtbot, editor, 0, 0, "0.9")
    assert is_marked(editor, 0, 0) and is_marked(editor, 1, 0)
    assert "weights sum to" in editor.table.item(1, 0).toolTip()
    before = editor.session.history[0].model
    editor.accept()  # refused: nothing changes
    assert editor.session.history[0].model is before
    type_into(qtbot, editor, 0, 2, "1")
    qtbot.mouseClick(editor.normalise_button, Qt.MouseButton.LeftButton)
    weights = [float(row[0]) for row in editor.cells()]
    assert abs(sum(weights) - 1) < 1e-12 and editor.ok_button.isEnabled()


def test_the_covariance_type_and_layout_change_the_table_and_its_checks(qtbot):
    session = Session()
    rng = np.random.default_rng(0)
    X = rng.standard_normal((40, 2))
    problem = Problem(name="plane", X=X, columns=("a", "b"))
    assert session.load(problem, ModelConfig(family="gaussian", n_components=2, covariance_type="full"))
    dialog = open_editor(qtbot, session)
    assert "x1 = a, x2 = b" in dialog.features_label.text()
    full = session.start_model
    dialog.covariance_box.setCurrentText("diag")
    assert is_marked(dialog, 0, 4) and "with diag covariance" in dialog.table.item(0, 4).toolTip()
    for row in range(2):
        type_into(qtbot, dialog, row, 4, "0")
    assert dialog.ok_button.isEnabled()
    dialog.accept()
    start = session.history[0].model
    assert session.config.covariance_type == "diag" and start.covariance_type == "diag"
    assert np.array_equal(start.covariances, np.diagonal(full.covariances, axis1=1, axis2=2))
    dialog.layout_box.setCurrentIndex(1)  # standard deviations and correlations
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]
    assert headers == ["weight", "mean x1", "mean x2", "sd x1", "sd x2", "corr x1, x2"]
    np.testing.assert_allclose(float(dialog.cells()[0][3]) ** 2, full.covariances[0, 0, 0], rtol=1e-15)


def test_start_from_the_truth_of_synthesised_data(qtbot):
    truth = nc.GaussianMixture(
        weights=[0.9, 0.1], means=[[5.0, 5.0], [-5.0, -5.0]], covariances=[[[4.25, 3.75], [3.75, 4.25]], 2 * np.eye(2)]
    )
    session = Session()
    assert session.load(Problem.synthesised(truth, 200, seed=1), ModelConfig(family="gaussian", n_components=3))
    dialog = open_editor(qtbot, session)
    assert dialog.truth_button.isEnabled()
    qtbot.mouseClick(dialog.truth_button, Qt.MouseButton.LeftButton)
    assert dialog.table.rowCount() == 2
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert session.n_components == 2 and session.history[0].model.to_dict() == truth.to_dict()


def test_controls_button_opens_the_editor_from_the_window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.remember_layout = False
    assert window.files.load_preset("gmm-2d")
    assert window.controls.edit_start_button.isEnabled()
    with qtbot.waitSignal(window.session.run_reset):
        qtbot.mouseClick(window.controls.edit_start_button, Qt.MouseButton.LeftButton)
        dialog = window.findChild(StartEditor)
        assert dialog is not None and dialog.isVisible()
        type_into(qtbot, dialog, 0, 1, "0.125")
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert window.session.history[0].model.means[0, 0] == 0.125


def test_float_noise_is_rounded_on_screen_and_an_untouched_cell_keeps_its_exact_number(qtbot):
    """A start mean of 35.06250000000003 reads 35.0625; OK without an edit starts from the exact number,
    a cell typed over starts from what was typed."""
    session = Session()
    X = np.array([[30.0], [35.0], [40.0], [70.0], [75.0]])
    noisy = float(np.float64(35.0625) + 4 * np.spacing(35.0625))
    start = nc.GaussianMixture(weights=[0.5, 0.5], means=[[noisy], [0.1 + 0.2]], covariances=np.full((2, 1, 1), 9.0))
    assert session.load(Problem(name="noisy", X=X, columns=("x",)), ModelConfig(n_components=2), start)
    dialog = open_editor(qtbot, session)
    assert repr(noisy) == "35.06250000000003"  # a number as an M-step leaves it
    assert dialog.table.item(0, 1).text() == "35.0625" and dialog.table.item(1, 1).text() == "0.3"
    assert [float(text) for text in dialog.cells()[0]][1] == noisy  # exact behind the rounded text
    type_into(qtbot, dialog, 1, 1, "0.25")  # typed over: the number typed
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    first = session.history[0].model
    assert first.means[0, 0] == noisy and first.means[1, 0] == 0.25
