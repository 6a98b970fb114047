"""Survey tables from the command line as analysts write them: 1/2 codes, text answers, identifiers anywhere.

The poLCA tables are the tests' own files (`tests/data/polca`, with their sources); runs are in-process.
"""

import csv
import json
from pathlib import Path

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.import_spec import ImportSpec
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
    assert status == 0 and document["features"] == ["length", "serial", "width"]
    assert err == (  # kept as asked, the serial number's spread is named
        "nbviz: note: the spread of serial is 5306 times that of length, so serial alone decides the clusters; "
        "give --standardize z (or robust) to weigh every feature alike\n"
    )


@pytest.fixture
def no_display(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)


def test_fit_alone_prints_a_summary_and_needs_no_display(no_display, capsys):
    assert main([str(POLCA / "values.csv"), "-k", "2", "--fit"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "family: Categorical mixture" and out[1] == "K: 2"
    assert out[2] == "log-likelihood: -504.4677"  # poLCA's published maximum
    assert out[4] == "parameters: 9" and out[7] == "converged: yes"
    weights = sorted(float(w) for w in out[5].removeprefix("weights: ").split())
    np.testing.assert_allclose(weights, [0.2797, 0.7203], atol=1e-3)  # poLCA's shares
    assert out[6].startswith("iterations: ") and out[6].endswith("(tol 1e-10 relative to the total)")
    assert out[8].startswith("starts: best of 10 starts (random), ") and out[8].endswith("of them reached the best fit")
    assert main([str(POLCA / "carcinoma.csv"), "--fit"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "K: 2 (the default: give -k K, or --choose-k 1-6 to compare)"


def test_a_gaussian_on_codes_is_warned_about_its_density_above_one(no_display, capsys):
    assert main([str(POLCA / "values.csv"), "--model", "gaussian", "--fit"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("family: Gaussian mixture, full covariance\n")
    assert captured.err.endswith(
        "nbviz: warning: the Gaussian's density is above 1 on whole numbers (log-likelihood +911.3): it puts spikes "
        "on the few values each column holds; give --model categorical to read them as answers\n"
    )


def test_exported_responsibilities_are_the_posterior_under_the_exported_parameters(tmp_path, capsys):
    rng = np.random.default_rng(0)
    X = np.r_[rng.normal(0, 1, (60, 3)), rng.normal(2.5, 1, (60, 3))].round(3)
    gaps = rng.random(X.shape) < 0.15
    path = tmp_path / "gaps.csv"
    path.write_text(
        "a,b,c\n" + "".join(",".join("" if g else f"{v:.3f}" for v, g in zip(x, m)) + "\n" for x, m in zip(X, gaps))
    )
    resp, parameters = tmp_path / "r.csv", tmp_path / "p.json"
    args = [str(path), "--missing", "em", "--tol", "1e-2", "--fit"]
    assert main([*args, "--export-responsibilities", str(resp), "--export-parameters", str(parameters)]) == 0
    model = nc.Mixture.from_dict(json.loads(parameters.read_text())["model"])
    with open(resp, newline="") as handle:
        exported = np.array([[float(row["r_1"]), float(row["r_2"])] for row in csv.DictReader(handle)])
    X[gaps] = np.nan
    np.testing.assert_allclose(exported, model.responsibilities(X), atol=1e-12)  # was up to 0.13 apart


def test_columns_leave_a_text_column_out_of_the_label_guess(tmp_path, capsys):
    answers = [
        ("Female", "Some", "Never", "Right"),
        ("Male", "Freq", "Heavy", "Left"),
        ("Male", "Not", "Never", "Right"),
    ]
    path = tmp_path / "survey.csv"  # MASS::survey's shape: answers beside a measurement
    path.write_text(
        "Sex,Height,Exer,Smoke,W.Hnd\n"
        + "".join(f"{a},{160 + (7 * n) % 30}.5,{b},{c},{d}\n" for n, (a, b, c, d) in enumerate(answers * 12))
    )
    status, err, document = fit(tmp_path, capsys, path, "--fit", "-k", "2")
    # several answers beside the numbers: none is taken for the classes, all are clustered with Height
    assert status == 0 and document["features"] == ["Sex", "Height", "Exer", "Smoke", "W.Hnd"]
    assert ImportSpec.guessed(path).label_column is None
    assert ImportSpec.guessed(path, label_column="Sex").label_column == 0  # asked for: the classes
    assert ImportSpec.guessed(path, columns=["Exer", "Smoke", "W.Hnd"]).label_column is None
    iris = Path(__file__).resolve().parents[1] / "resources" / "datasets" / "iris.csv"
    assert ImportSpec.guessed(iris, columns=["petal_length"]).label_column == 4  # named like the classes: kept
    status, err, document = fit(tmp_path, capsys, path, "--columns", "Exer,Smoke,W.Hnd", "--fit", "-k", "2")
    assert status == 0 and document["features"] == ["Exer", "Smoke", "W.Hnd"]


def test_choose_k_says_when_its_starts_missed_an_optimum(tmp_path, capsys):
    rng = np.random.default_rng(2)
    X = np.r_[rng.normal(0, 1, (80, 2)), rng.normal([3, 0], 1, (80, 2)), rng.normal([1.5, 2.6], 1, (80, 2))]
    path, table = tmp_path / "blobs.csv", tmp_path / "k.csv"
    np.savetxt(path, X, delimiter=",", header="a,b", comments="", fmt="%.4f")
    assert main([str(path), "--choose-k", "1-7", "--n-init", "3", "--export-choose-k", str(table)]) == 0
    assert capsys.readouterr().err.splitlines()[-1] == (
        "nbviz: warning: the best log-likelihood falls from K = 5 to K = 6 (-855.41 to -858.34): the starts missed "
        "the larger K's optimum; give --n-init 6 for a steadier choice"
    )
    with open(table, newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["reached"]) for row in rows][:2] == [3, 1]  # every start finds K = 1; one of three K = 2's best
