"""Exports read back to exactly the numbers nbviz had."""

import csv
import json

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data import export
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session


def stepped(name, half_steps=5):
    session = Session()
    problem, config, start = load_preset(name)
    assert session.load(problem, config, start)
    for _ in range(half_steps):
        session.next_half_step()
    return session


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    return rows[0], rows[1:]


@pytest.mark.parametrize("name", ["iris", "bars"])
def test_responsibilities_csv_keeps_the_data_and_the_exact_responsibilities(name, tmp_path, qtbot):
    session = stepped(name)
    path = tmp_path / "r.csv"
    names = session.component_names()
    export.write_responsibilities_csv(path, session.problem, session.resp, names)
    header, rows = read_csv(path)
    problem, K = session.problem, len(names)
    D = problem.n_features
    assert header[0] == ("line" if problem.lines is not None else "row") and header[1 : D + 1] == list(problem.columns)
    assert header[-K - 2 :] == [f"r_{n}" for n in names] + ["component", "unassigned_reason"]
    lines = problem.lines if problem.lines is not None else np.arange(1, problem.n_samples + 1)
    assert [int(row[0]) for row in rows] == lines.tolist()
    table = np.array([[float(v) for v in row[1 : D + 1]] for row in rows])
    np.testing.assert_array_equal(table, problem.X)
    resp = np.array([[float(v) for v in row[-K - 2 : -2]] for row in rows])
    np.testing.assert_array_equal(resp, session.resp)
    assert [row[-2] for row in rows] == [names[k] for k in session.resp.argmax(axis=1)]
    assert all(row[-1] == "" for row in rows)
    if problem.labels is not None:
        assert [row[D + 1] for row in rows] == [problem.classes[y] for y in problem.labels]


def test_parameters_json_reads_back_as_the_same_model(tmp_path, qtbot):
    session = stepped("gmm-2d")
    path = tmp_path / "p.json"
    model = session.snapshot.model
    export.write_parameters_json(path, model, session.component_names(), session.problem.columns)
    document = json.loads(path.read_text())
    again = nc.Mixture.from_dict(document["model"])
    for field in ("weights", "means", "covariances"):
        np.testing.assert_array_equal(getattr(again, field), getattr(model, field))
    assert document["features"] == list(session.problem.columns)


@pytest.mark.parametrize("name", ["gmm-2d", "corpus"])
def test_parameters_csv_has_one_row_per_number(name, tmp_path, qtbot):
    session = stepped(name)
    model = session.snapshot.model
    path = tmp_path / "p.csv"
    export.write_parameters_csv(path, model, session.component_names(), session.problem.columns)
    header, rows = read_csv(path)
    assert header == ["component", "parameter", "feature", "feature_2", "value"]
    weights = [float(r[4]) for r in rows if r[1] == "weight"]
    np.testing.assert_array_equal(weights, model.weights)
    if model.family == "gaussian":
        cov = [float(r[4]) for r in rows if r[1] == "covariance"]
        np.testing.assert_array_equal(np.reshape(cov, model.full_covariances.shape), model.full_covariances)
    else:
        probs = [float(r[4]) for r in rows if r[1] == "word probability"]
        np.testing.assert_array_equal(np.reshape(probs, model.probs.shape), model.probs)


def test_trace_csv_has_every_half_step(tmp_path, qtbot):
    session = stepped("faithful", half_steps=6)
    path = tmp_path / "t.csv"
    export.write_trace_csv(path, session.history)
    header, rows = read_csv(path)
    assert header == export.TRACE_HEADER
    assert [r[2] for r in rows] == [s.phase for s in session.history]
    assert [float(r[5]) for r in rows] == [s.objective for s in session.history]
    assert rows[0][6] == "" and float(rows[1][7]) == session.history[1].kl
