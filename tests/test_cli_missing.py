"""``nbviz FILE --missing em --steps 5`` with no display (five half-steps end on an E-step, so the
exported r come from the exported parameters): the responsibilities export gives every row its r
(checked against the marginal densities of the observed cells under the exported parameters, with
scipy) and its count of missing cells; the parameters JSON counts the missing cells and rows."""

import csv
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from scipy.stats import multivariate_normal

NO_DISPLAY = {
    **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")},
    "XDG_CONFIG_HOME": tempfile.mkdtemp(prefix="nbviz-test-settings-"),
}


def gappy_table(path):
    rng = np.random.default_rng(3)
    X = np.concatenate([rng.normal(0, 1, (60, 2)), rng.normal(4, 1, (60, 2))])
    hidden = rng.random(len(X)) < 0.3
    X[np.flatnonzero(hidden), rng.integers(0, 2, int(hidden.sum()))] = np.nan
    with open(path, "w") as handle:
        handle.write("a,b\n")
        for row in X:
            handle.write(",".join("" if np.isnan(v) else f"{v:.4f}" for v in row) + "\n")
    return np.round(X, 4)


def test_a_data_only_run_keeps_missing_cells_and_exports_them(tmp_path):
    X = gappy_table(tmp_path / "gappy.csv")
    resp_path, params_path = tmp_path / "r.csv", tmp_path / "p.json"
    args = [tmp_path / "gappy.csv", "--missing", "em", "--steps", "5", "--export-responsibilities", resp_path]
    args += ["--export-parameters", params_path]
    result = subprocess.run(
        [sys.executable, "-m", "nbviz", *map(str, args)], capture_output=True, text=True, env=NO_DISPLAY, timeout=300
    )
    assert result.returncode == 0, result.stderr
    with open(resp_path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    missing = np.isnan(X)
    assert len(rows) == len(X)
    assert [int(row["missing_cells"]) for row in rows] == missing.sum(axis=1).tolist()
    assert all((row["b"] == "") == missing[n, 1] for n, row in enumerate(rows))
    document = json.loads(params_path.read_text())
    assert document["run"]["missing"] == {"cells": int(missing.sum()), "rows": int(missing.any(axis=1).sum())}
    model = document["model"]
    weights, means, covariances = (np.array(model[key]) for key in ("weights", "means", "covariances"))
    for n, row in enumerate(rows):
        seen = ~missing[n]
        joint = [
            w * multivariate_normal(mu[seen], sigma[np.ix_(seen, seen)]).pdf(X[n, seen])
            for w, mu, sigma in zip(weights, means, covariances)
        ]
        expected = np.array(joint) / np.sum(joint)
        np.testing.assert_allclose([float(row["r_1"]), float(row["r_2"])], expected, rtol=1e-9, atol=1e-12)


def test_contradicting_flags_are_refused_in_one_line(tmp_path):
    gappy_table(tmp_path / "gappy.csv")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "nbviz",
            str(tmp_path / "gappy.csv"),
            "--drop-missing",
            "--missing",
            "em",
            "--steps",
            "1",
        ],
        capture_output=True,
        text=True,
        env=NO_DISPLAY,
        timeout=300,
    )
    assert result.returncode == 2
    assert result.stderr == "nbviz: error: --drop-missing contradicts --missing em: give one of them\n"


def test_a_fit_to_convergence_gives_every_row_its_responsibilities(tmp_path):
    X = gappy_table(tmp_path / "gappy.csv")
    out = tmp_path / "r.csv"
    args = [str(tmp_path / "gappy.csv"), "--missing", "em", "--fit", "--export-responsibilities", str(out)]
    result = subprocess.run(
        [sys.executable, "-m", "nbviz", *args], capture_output=True, text=True, env=NO_DISPLAY, timeout=300
    )
    assert result.returncode == 0, result.stderr
    with open(out, newline="") as handle:
        rows = list(csv.DictReader(handle))
    r = np.array([[float(row["r_1"]), float(row["r_2"])] for row in rows])
    assert len(r) == len(X) and np.allclose(r.sum(axis=1), 1.0)
    assert all(row["component"] in ("1", "2") and row["unassigned_reason"] == "" for row in rows)


def test_choose_k_and_standardising_keep_the_missing_cells(tmp_path):
    gappy_table(tmp_path / "gappy.csv")
    table = tmp_path / "k.csv"
    args = [str(tmp_path / "gappy.csv"), "--missing", "em", "--standardize", "z", "--choose-k", "1-2"]
    args += ["--export-choose-k", str(table)]
    result = subprocess.run(
        [sys.executable, "-m", "nbviz", *args], capture_output=True, text=True, env=NO_DISPLAY, timeout=300
    )
    assert result.returncode == 0, result.stderr
    with open(table, newline="") as handle:
        assert [row["k"] for row in csv.DictReader(handle)] == ["1", "2"]
