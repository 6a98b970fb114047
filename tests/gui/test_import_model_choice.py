"""The import preview says which model the table gets and why, and which column it left out as a
row number; the status bar says why a file's own model was chosen."""

import json

import numpy as np
import pytest

from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig, for_file
from nbviz.app.run.session import Session
from nbviz.gui.dialogs.import_dialog import ImportDialog
from nbviz.gui.window.status_bar import model_text


@pytest.fixture
def coordinates(tmp_path):
    rng = np.random.default_rng(3)  # each test its own draws, whatever ran before
    X = np.r_[rng.normal([20, 30], 3, (30, 2)), rng.normal([34, 44], 3, (30, 2))].round().astype(int)
    path = tmp_path / "sherds.csv"
    path.write_text("sherd;x;y\n" + "".join(f"{i + 1};{x};{y}\n" for i, (x, y) in enumerate(X)))
    return str(path)


def test_the_preview_names_the_model_its_reason_and_the_row_number(qtbot, coordinates):
    dialog = ImportDialog(coordinates)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.roles() == ["ignore", "feature", "feature"]
    text = dialog.message.text()
    assert "Gaussian mixture: whole numbers, but not word counts (only 2 columns)" in text
    assert "'sherd' is left out as a row number" in text
    assert dialog.family_combo.currentData() == "gaussian"
    dialog.set_role(0, "feature")  # taken back: the row number is a feature again
    assert dialog.roles() == ["feature"] * 3 and "row number" not in dialog.message.text()


def test_the_status_bar_says_why_a_file_got_its_model(tmp_path):
    rng = np.random.default_rng(2)  # each test its own draws, whatever ran before
    answers = rng.integers(0, 2, (30, 5)).astype(float)
    problem = Problem(name="answers.csv", X=answers, columns=tuple("abcde"), source=str(tmp_path / "answers.csv"))
    session = Session()
    assert session.load(problem, for_file(ModelConfig(family="bernoulli", n_components=2), answers))
    assert model_text(session) == f"{session.config.title} (for 0/1 values)"
    assert session.configure(session.config.with_(family="gaussian"))
    assert model_text(session) == session.config.title  # the user's own choice needs no reason


def test_the_status_bar_reads_as_a_phrase_for_document_rows(tmp_path):
    rng = np.random.default_rng(3)  # each test its own draws, whatever ran before
    counts = rng.poisson(0.3, (30, 12)).astype(float)  # most words absent from most rows, as documents are
    counts[:, 0] += np.arange(30)  # row totals that vary
    problem = Problem(name="words.csv", X=counts, columns=tuple(f"w{j}" for j in range(12)), source=str(tmp_path))
    assert problem.family_guess.family == "multinomial"
    session = Session()
    assert session.load(problem, for_file(ModelConfig(family="multinomial", n_components=2), counts))
    assert model_text(session) == "Multinomial mixture (for rows that look like documents)"


def test_an_r_row_name_column_without_a_name_is_named_by_its_place(qtbot, tmp_path):
    rng = np.random.default_rng(4)  # each test its own draws, whatever ran before
    X = rng.normal(size=(30, 2)).round(3)
    path = tmp_path / "r.csv"  # as R's write.csv2 writes a data frame: row names under an empty header
    path.write_text('"";"a";"b"\n' + "".join(f'"{i + 1}";{x};{y}\n'.replace(".", ",") for i, (x, y) in enumerate(X)))
    dialog = ImportDialog(str(path))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.roles() == ["ignore", "feature", "feature"]
    text = dialog.message.text()
    assert "column 1 (no name) is left out as a row number" in text and "''" not in text


def test_standardising_in_the_preview_chooses_the_model_as_the_command_line_does(make_main_window, qtbot, tmp_path):
    rng = np.random.default_rng(5)  # each test its own draws, whatever ran before
    from nbviz.cli import main

    answers = rng.integers(0, 2, (40, 5))
    path = tmp_path / "answers.csv"
    path.write_text(
        "student,a,b,c,d,e\n"
        + "".join(f"{1000 + i}," + ",".join(map(str, row)) + "\n" for i, row in enumerate(answers))
    )
    out = tmp_path / "p.json"
    assert main([str(path), "--standardize", "z", "--steps", "0", "--export-parameters", str(out)]) == 0
    with open(out) as file:
        assert json.load(file)["run"]["family"] == "gaussian"  # the command line: standardised, so measurements
    window = make_main_window()
    dialog = window.files.import_file(str(path))
    qtbot.waitExposed(dialog)
    assert dialog.family_combo.currentData() == "bernoulli"
    combo = dialog.standardize_row.combo
    combo.setCurrentIndex(combo.findData("z"))
    assert dialog.family_combo.currentData() == "gaussian"
    assert "Gaussian mixture: the features are standardised" in dialog.message.text()
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        dialog.start_loading()
    assert window.session.config.family == "gaussian" and window.session.problem.standardization is not None
