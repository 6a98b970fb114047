"""The import preview offers to keep a file's empty cells for EM beside dropping their rows, only for a
family whose EM accounts for them; the two choices exclude each other and the spec carries the choice."""

import numpy as np
import pytest

from nbviz.gui.dialogs.import_dialog import ImportDialog

TEXT = "a,b\n1.0,2.0\n3.5,\n5.0,7.5\n,1.0\n2.0,2.5\n8.0,9.0\n0.5,1.5\n4.0,4.5\n"


@pytest.fixture
def dialog(qtbot, tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text(TEXT)
    dialog = ImportDialog(str(path))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_keep_is_offered_beside_drop_for_a_gaussian(dialog):
    assert dialog.family_combo.currentData() == "gaussian"
    assert "or keep them for EM" in dialog.message.text()
    assert dialog.drop_check.isVisible() and dialog.keep_check.isVisible()
    assert dialog.keep_check.text() == "Keep them: EM accounts for them"
    assert dialog.current_spec().missing_rule == "refuse"
    dialog.drop_check.setChecked(True)
    assert dialog.current_spec().missing_rule == "drop"
    dialog.keep_check.setChecked(True)
    assert not dialog.drop_check.isChecked() and dialog.current_spec().missing_rule == "keep"
    dialog.drop_check.setChecked(True)
    assert not dialog.keep_check.isChecked() and dialog.current_spec().missing_rule == "drop"


def test_keep_is_not_offered_for_a_multinomial(dialog):
    dialog.family_combo.setCurrentIndex(dialog.family_combo.findData("multinomial"))
    assert dialog.drop_check.isVisible() and not dialog.keep_check.isVisible()
    assert "keep them" not in dialog.message.text()
    dialog.keep_check.setChecked(True)  # not offered: has no effect
    assert dialog.current_spec().missing_rule == "refuse"


def test_kept_cells_load_as_nan(dialog):
    pytest.importorskip("nbviz.core.missing")  # the core's EM accounting for missing cells
    dialog.keep_check.setChecked(True)
    assert "2 missing cell(s) in 2 row(s) are kept: EM accounts for them" in dialog.message.text()
    assert dialog.ok_button.isEnabled()
    X = dialog.current_spec().load().X
    np.testing.assert_array_equal(np.isnan(X).sum(axis=0), [1, 1])


def test_kept_cells_load_into_the_window_and_its_session_file(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from nbviz.app.documents.session_file import read_session, write_session
    from nbviz.gui.window.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    path = tmp_path / "gaps.csv"
    path.write_text(TEXT)
    dialog = window.files.import_file(str(path))
    dialog.keep_check.setChecked(True)
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        dialog.ok_button.click()
    problem = window.session.problem
    assert problem.name == "gaps.csv" and np.isnan(problem.X).sum() == 2
    assert problem.load_options["keep_missing"] is True
    assert "kept 2 missing cell(s) in 2 row(s) for EM to account for" in window.banner.text
    assert window.session.next_half_step() and np.isfinite(window.session.resp).all()
    saved = tmp_path / "gaps.nbviz"
    assert window.session.save(saved, write_session)
    reopened = read_session(saved)
    assert np.array_equal(np.isnan(reopened.problem.X), np.isnan(problem.X))


def test_keeping_cells_does_not_advise_keeping_a_row_without_its_label(qtbot, tmp_path):
    path = tmp_path / "labelled.csv"
    path.write_text("a,b,class\n1.0,2.0,x\n3.5,,y\n5.0,7.5,\n2.0,2.5,x\n8.0,9.0,y\n0.5,1.5,x\n")
    dialog = ImportDialog(str(path))
    qtbot.addWidget(dialog)
    dialog.show()
    assert "or keep them for EM" in dialog.message.text()  # line 3 misses a value, line 4 a label
    dialog.keep_check.setChecked(True)
    text = dialog.message.text()
    assert text.startswith("1 row lacks its label (line 4): a row without its class cannot be kept for EM.")
    assert "keep them for EM" not in text and "set the label column's role to ignore" in text
    assert not dialog.ok_button.isEnabled() and dialog.drop_check.text() == "Drop every row with missing values instead"
