"""Data exports from the command line: --export-responsibilities/-parameters/-trace and --classify."""

import csv
import json

import numpy as np
from in_process import run_in_process
from scipy.stats import multivariate_normal

import nbviz.core as nc
from nbviz.cli import main


def run_cli(*args):
    """``nbviz *args`` in this process (the process itself is not under test here)."""
    return run_in_process(*args)


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_classify_writes_new_rows_under_the_model_after_the_steps(tmp_path):
    new = tmp_path / "new.csv"
    new.write_text(
        "sepal_length,sepal_width,petal_length,petal_width\r\n5.0,3.4,1.5,0.2\r\n6.7,3.0,5.2,2.3\r\n,3,4,1\r\n"
    )
    out, parameters, trace = tmp_path / "c.csv", tmp_path / "p.json", tmp_path / "t.csv"
    result = run_cli(
        "--preset", "iris", "--steps", 6, "--classify", new, "--export-responsibilities", out,
        "--export-parameters", parameters, "--export-trace", trace,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    document = json.loads(parameters.read_text())
    assert (document["run"]["N"], document["run"]["half_step"], document["run"]["iterations"]) == (150, 6, 3)
    assert len(read_rows(trace)) == 7
    model = nc.Mixture.from_dict(document["model"])
    rows = read_rows(out)
    assert [row["line"] for row in rows] == ["2", "3", "4"]
    assert rows[2]["component"] == "" and rows[2]["unassigned_reason"] == "missing value in 'sepal_length'"
    X = np.array([[5.0, 3.4, 1.5, 0.2], [6.7, 3.0, 5.2, 2.3]])
    joint = np.column_stack(
        [w * multivariate_normal(m, c).pdf(X) for w, m, c in zip(model.weights, model.means, model.covariances)]
    )
    written = np.array([[float(row[f"r_{k}"]) for k in ("1", "2", "3")] for row in rows[:2]])
    np.testing.assert_allclose(written, joint / joint.sum(axis=1, keepdims=True), rtol=1e-9, atol=1e-300)


def test_a_failing_export_exits_2_with_one_line_and_leaves_no_file(tmp_path):
    new = tmp_path / "new.csv"
    new.write_text("sepal_length,petal_width,colour\n5.0,0.2,red\n")
    out = tmp_path / "c.csv"
    result = run_cli("--preset", "iris", "--steps", 2, "--classify", new, "--export-responsibilities", out)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "new.csv lacks the feature columns 'sepal_width'" in result.stderr
    assert not out.exists()


def test_classify_without_an_output_is_refused_before_the_window(capsys):
    assert main(["--preset", "iris", "--classify", "new.csv"]) == 2
    assert "--classify FILE writes its result with --export-responsibilities OUT" in capsys.readouterr().err


def test_parameters_of_every_family_export_and_read_back_exactly(tmp_path):
    """The parameters JSON of each family (the multinomial's "sample" option n_trials is not a
    model attribute) is written and starts EM again from exactly the same model."""
    for preset in ("corpus", "bars", "gmm-2d"):
        path = tmp_path / f"{preset}.json"
        result = run_cli("--preset", preset, "--steps", 3, "--export-parameters", path)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        document = json.loads(path.read_text())
        model = nc.Mixture.from_dict(document["model"])
        assert document["run"]["family"] == model.family
        assert document["run"]["options"] == model.fit_options()
        assert document["model"] == model.to_dict()
