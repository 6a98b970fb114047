"""File → Classify new data…: the menu asks for a file, classifies it, asks where to save and writes it."""

import csv

import numpy as np
from PySide6.QtWidgets import QFileDialog

ROWS = "sepal_length,sepal_width,petal_length,petal_width\n5.0,3.4,1.5,0.2\n6.7,3.0,5.2,2.3\n,3,4,1\n"


def test_the_menu_classifies_a_file_and_writes_it_where_the_user_says(make_main_window, qtbot, tmp_path, monkeypatch):
    win = make_main_window()
    assert not win.commands["classify"].isEnabled()  # nothing to classify with yet
    assert win.files.load_preset("iris")
    for _ in range(4):
        win.session.next_half_step()
    assert win.commands["classify"].isEnabled()
    source, target = tmp_path / "new.csv", tmp_path / "out.csv"
    source.write_text(ROWS)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(source), ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    with qtbot.waitSignal(win.classify_flow.written, timeout=10000):
        win.commands["classify"].trigger()
    with open(target, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    model = win.session.snapshot.model
    expected = model.responsibilities([[5.0, 3.4, 1.5, 0.2], [6.7, 3.0, 5.2, 2.3]])
    written = np.array([[float(row[f"r_{k}"]) for k in ("1", "2", "3")] for row in rows[:2]])
    np.testing.assert_array_equal(written, expected)
    assert rows[2]["unassigned_reason"] == "missing value in 'sepal_length'"
    assert "Classified 2 rows of new.csv (1 without an assignment" in win.statusBar().currentMessage()


def test_a_file_with_other_columns_is_named_in_the_banner_and_nothing_is_written(
    make_main_window, qtbot, tmp_path, monkeypatch
):
    win = make_main_window()
    assert win.files.load_preset("iris")
    source = tmp_path / "other.csv"
    source.write_text("a,b\n1,2\n")
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: asked.append(a) or ("", ""))
    with qtbot.waitSignal(win.classify_flow.failed, timeout=10000) as blocker:
        assert win.classify_flow.start(str(source))
    assert "Cannot classify other.csv: other.csv lacks the feature columns 'sepal_length'" in blocker.args[0]
    assert not asked and win.banner.isVisible()
