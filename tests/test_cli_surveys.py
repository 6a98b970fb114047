"""Survey tables from the command line as analysts write them: 1/2 codes, text answers, identifiers anywhere.

The poLCA tables are the tests' own files (`tests/data/polca`, with their sources); runs are in-process.
"""

import csv
import json
from pathlib import Path

import numpy as np

from nbviz.cli import main

POLCA = Path(__file__).resolve().parent / "data" / "polca"


def fit(tmp_path, capsys, *args):
    """(exit status, stderr, the parameters document or None) of ``nbviz ARGS --export-parameters``."""
    out = tmp_path / "p.json"
    status = main([*map(str, args), "--export-parameters", str(out)])
    document = json.loads(out.read_text()) if status == 0 else None
    out.unlink(missing_ok=True)
    return status, capsys.readouterr().err, document


def test_one_two_codes_are_levels_with_poLCAs_parameter_counts_and_choose_k_picks_3(tmp_path, capsys):
    table = tmp_path / "k.csv"
    assert main([str(POLCA / "carcinoma.csv"), "--choose-k", "1-4", "--export-choose-k", str(table)]) == 0
    err = capsys.readouterr().err
    assert err.startswith(
        "nbviz: note: carcinoma.csv: 7 categorical features read as answer codes (A: 1 / 2, B: 1 / 2, C: 1 / 2, "
        "D: 1 / 2, ...); Categorical mixture (latent class analysis): every column holds a few whole-number codes, "
        "read as answers, not measurements (7 columns of 2 levels).\n"
    )
    with open(table, newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["n_parameters"]) for row in rows] == [7, 15, 23, 31]  # poLCA's counts for K = 1..4
    assert "BIC chooses K = 3" in err  # the published choice


def test_a_model_of_numbers_is_asked_for_by_name_and_text_answers_refuse_it(tmp_path, capsys):
    status, err, document = fit(tmp_path, capsys, POLCA / "carcinoma.csv", "--model", "gaussian", "--fit")
    assert status == 0 and document["run"]["family"] == "gaussian" and "levels" not in document
    status, err, _ = fit(tmp_path, capsys, POLCA / "carcinoma.csv", "--model", "bernoulli", "--fit")
    assert status == 2 and err == (
        "nbviz: error: --model bernoulli: E on line 36 is 2, not binary (0 or 1); give --model categorical "
        "(its levels are the values that occur)\n"
    )
    status, err, _ = fit(tmp_path, capsys, POLCA / "gss82.csv", "--model", "gaussian", "--fit")
    assert status == 2 and err == (
        "nbviz: error: --model gaussian: the features are text answers (PURPOSE: Depends / Good / Waste of time, "
        "ACCURACY: Mostly true / Not true, UNDERSTA: Fair/Poor / Good, ...), not numbers; give --model categorical, "
        "or leave --model out\n"
    )


def test_a_categorical_model_reads_any_whole_numbers_as_the_levels_that_occur(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    path.write_text("a,b\n" + "".join(f"{3 + (n * 7) % 12},{n % 2 * 4 + 1}\n" for n in range(48)))
    status, err, document = fit(tmp_path, capsys, path, "--fit", "-k", "2")
    assert status == 0 and document["run"]["family"] == "gaussian"  # 12 values: more than a few codes
    status, err, document = fit(tmp_path, capsys, path, "--model", "categorical", "--fit", "-k", "2")
    assert status == 0 and document["levels"] == {"a": [str(v) for v in range(3, 15)], "b": ["1", "5"]}
    assert document["run"]["n_parameters"] == 1 + 2 * (11 + 1)  # no phantom levels 0, 1, 2 or 2, 3, 4


def test_a_serial_number_is_left_out_with_a_note_saying_how_to_keep_it(tmp_path, capsys):
    rng = np.random.default_rng(3)
    X = np.r_[rng.normal(0, 1, (30, 2)), rng.normal(6, 1, (30, 2))].round(3)
    serial = rng.permutation(np.arange(200_000, 260_000))[:60]
    path = tmp_path / "notes.csv"
    path.write_text("length;serial;width\n" + "".join(f"{a};{s};{b}\n" for (a, b), s in zip(X, serial, strict=True)))
    status, err, document = fit(tmp_path, capsys, path, "--fit")
    assert status == 0 and document["features"] == ["length", "width"]
    assert err == (
        "nbviz: note: notes.csv: 'serial' is left out as an identifier (its 60 values are all different whole "
        "numbers); give --columns length,serial,width to use it.\n"
    )
    status, err, document = fit(tmp_path, capsys, path, "--columns", "length,serial,width", "--fit")
    assert status == 0 and document["features"] == ["length", "serial", "width"] and err == ""
