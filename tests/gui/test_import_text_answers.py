"""The import preview on analysts' files: text answers as categorical columns with their levels,
a units row skipped with a message, the Skip box, and answers beside numbers left out with a link."""

import pytest

from nbviz.gui.dialogs.import_dialog import ImportDialog

ANSWERS = [("yes", "never", "A"), ("no", "often", "B"), ("maybe", "often", "B"), ("yes", "never", "A")] * 6


@pytest.fixture
def dialog_for(qtbot):
    def make(path):
        dialog = ImportDialog(str(path))
        qtbot.addWidget(dialog)
        dialog.show()
        return dialog

    return make


def test_a_survey_shows_its_answers_as_categorical_with_their_levels(tmp_path, dialog_for, qtbot):
    path = tmp_path / "survey.csv"
    path.write_text("ID;smoker;sport;class\n" + "".join(f"{n};{a};{b};{c}\n" for n, (a, b, c) in enumerate(ANSWERS)))
    dialog = dialog_for(path)
    assert dialog.roles() == ["ignore", "categorical", "categorical", "label"]
    headings = [dialog.table.horizontalHeaderItem(j).text() for j in range(4)]
    assert headings == ["ID", "smoker\nmaybe | no | yes", "sport\nnever | often", "class"]
    text = dialog.message.text()
    assert "Ready to load 24 rows and 2 features" in text
    assert "Categorical mixture (latent class analysis): every feature is a text answer" in text
    assert dialog.family_combo.currentData() == "categorical"
    with qtbot.waitSignal(dialog.loader.loaded, timeout=10000):
        dialog.ok_button.click()
    assert dialog.dataset.levels == (("maybe", "no", "yes"), ("never", "often"))
    assert dialog.spec.categorical_columns == (1, 2)


def test_answers_beside_numbers_are_taken_in_as_a_mixed_table(tmp_path, dialog_for, qtbot):
    path = tmp_path / "mixed.csv"
    rows = "".join(f"{150 + (7 * n) % 12};{a};{b};{c}\n" for n, (a, b, c) in enumerate(ANSWERS))
    path.write_text("height;smoker;sport;class\n" + rows)
    dialog = dialog_for(path)
    assert dialog.roles() == ["feature", "categorical", "categorical", "label"]
    assert "Mixed mixture (naive Bayes over mixed columns): 1 numeric column beside 2 text answers" in (
        dialog.message.text()
    )
    assert dialog.family_combo.currentData() == "mixed" and dialog.ok_button.isEnabled()
    with qtbot.waitSignal(dialog.loader.loaded, timeout=10000):
        dialog.ok_button.click()
    assert dialog.dataset.levels == ((), ("maybe", "no", "yes"), ("never", "often"))


def test_a_units_row_is_skipped_with_a_message_and_the_skip_box_reads_it_or_more(tmp_path, dialog_for):
    path = tmp_path / "excel.csv"
    path.write_text("sample;mass;length\n;g;mm\n" + "".join(f"{n};{n % 5},5;{(3 * n) % 7},25\n" for n in range(20)))
    dialog = dialog_for(path)
    assert dialog.table.verticalHeaderItem(1).text() == "line 3"
    assert "line 2 is a units row (g, mm): skipped" in dialog.message.text()
    assert dialog.current_spec().skip_rows is None and dialog.roles() == ["ignore", "feature", "feature"]
    dialog.skip_spin.setValue(3)
    assert dialog.table.verticalHeaderItem(1).text() == "line 5" and "lines 2–4 skipped" in dialog.message.text()
    assert dialog.current_spec().skip_rows == 3 and dialog.ok_button.isEnabled()
    dialog.skip_spin.setValue(0)  # the units row read as data: its cell is named
    assert not dialog.ok_button.isEnabled() and "line 2, column 'mass'" in dialog.message.text()
