"""Exports join back to the file they came from: line, ignored columns, dropped rows, thresholds;
the parameters JSON reports the run and its criteria as scikit-learn computes them."""

import csv
import json
from dataclasses import replace

import numpy as np
import pytest

from nbviz.app.data import export
from nbviz.app.data.import_spec import ImportSpec
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.documents.session_schema import content_checksum
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.app.run.session_state import SessionState

ROWS = [  # sample_id, date (as Excel writes it), two features, species; row S004 lacks a width
    ("S001", "02/01/2024", "1.4", "0.2", "setosa"),
    ("S002", "03/01/2024", "4.7", "1.4", "versicolor"),
    ("S003", "04/01/2024", "1.3", "0.3", "setosa"),
    ("S004", "05/01/2024", "4.5", "", "versicolor"),
    ("S005", "06/01/2024", "1.5", "0.2", "setosa"),
    ("S006", "07/01/2024", "4.9", "1.5", "versicolor"),
    ("S007", "08/01/2024", "1.6", "0.4", "setosa"),
    ("S008", "09/01/2024", "4.4", "1.3", "versicolor"),
]


def excel_csv(path, rows=ROWS, header=("sample_id", "date", "petal_length", "petal_width", "species")):
    """A CSV as Excel saves it: UTF-8 with a BOM, CRLF line ends, minimal quoting."""
    with open(path, "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle, lineterminator="\r\n")
        writer.writerow(header)
        writer.writerows(rows)
    return path


def read_back(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def original_by_line(path):
    """The file's rows keyed by their 1-based line (the header is line 1), read with csv."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    return {n + 2: row for n, row in enumerate(rows)}


def loaded(path, **changes):
    spec = replace(ImportSpec.guessed(path), drop_missing=True, **changes)
    return Problem.from_dataset(spec.load(), load_options=spec.options())


def stepped(problem, config=None, steps=4):
    session = Session()
    assert session.load(problem, config or ModelConfig(n_components=2))
    for _ in range(steps):
        assert session.next_half_step()
    return session


def test_responsibilities_join_back_on_the_line_with_ids_dates_and_the_dropped_row(tmp_path, qtbot):
    source = excel_csv(tmp_path / "flowers.csv")
    problem = loaded(source)
    assert problem.context.ignored_columns == ("sample_id", "date")
    session = stepped(problem)
    out = tmp_path / "r.csv"
    export.write_session_export("responsibilities", out, session)
    written = read_back(out)
    original = original_by_line(source)
    assert [int(row["line"]) for row in written] == sorted(original)  # every line, dropped one included
    names = session.component_names()
    kept = 0
    for row in written:
        there = original[int(row["line"])]
        assert (row["sample_id"], row["date"], row["species"]) == (there["sample_id"], there["date"], there["species"])
        if there["petal_width"] == "":
            assert row["component"] == "" and all(row[f"r_{k}"] == "" for k in names)
            assert row["unassigned_reason"] == "missing value in 'petal_width'"
            assert (row["petal_length"], row["petal_width"]) == ("4.5", "")
            continue
        assert float(row["petal_length"]) == float(there["petal_length"])
        resp = np.array([float(row[f"r_{k}"]) for k in names])
        np.testing.assert_array_equal(resp, session.resp[kept])
        assert row["component"] == names[int(resp.argmax())] and row["unassigned_reason"] == ""
        kept += 1
    assert kept == problem.n_samples == 7


def test_binarised_columns_say_their_threshold_in_the_header(tmp_path, qtbot):
    problem = loaded(excel_csv(tmp_path / "flowers.csv"), binarise_at=2.5)
    session = stepped(problem, ModelConfig(family="bernoulli", n_components=2))
    out = tmp_path / "r.csv"
    export.write_session_export("responsibilities", out, session)
    written = read_back(out)
    assert list(written[0])[:5] == ["line", "sample_id", "date", "petal_length>=2.5", "petal_width>=2.5"]
    by_id = {row["sample_id"]: row for row in written}
    assert by_id["S002"]["petal_length>=2.5"] == "1" and by_id["S001"]["petal_length>=2.5"] == "0"
    assert by_id["S004"]["petal_length>=2.5"] == "1" and by_id["S004"]["petal_width>=2.5"] == ""


def test_a_column_named_like_an_export_column_keeps_both(tmp_path, qtbot):
    rows = [(f"L{n}", str(n % 2 * 5 + n / 10), str(n * 5 % 6), "ab"[n % 2]) for n in range(6)]  # b: no row number
    problem = loaded(excel_csv(tmp_path / "f.csv", rows, ("line", "a", "b", "species")))
    export_path = tmp_path / "r.csv"
    export.write_session_export("responsibilities", export_path, stepped(problem))
    header = list(read_back(export_path)[0])
    assert header[:4] == ["line_nbviz", "line", "a", "b"] and len(set(header)) == len(header)


def test_an_embedded_session_keeps_what_the_export_joins_with(tmp_path, qtbot):
    problem = loaded(excel_csv(tmp_path / "flowers.csv"))
    session = stepped(problem)
    write_session(
        tmp_path / "s.nbviz", SessionState(session.problem, session.config, session.history, session.cursor, -1)
    )
    again = read_session(tmp_path / "s.nbviz").problem
    assert again.label_name == "species"
    assert again.context.ignored_columns == problem.context.ignored_columns
    np.testing.assert_array_equal(again.context.ignored_cells, problem.context.ignored_cells)
    assert again.context.dropped_rows == problem.context.dropped_rows


def test_a_session_with_a_damaged_context_is_refused_naming_the_entry(tmp_path, qtbot):
    session = stepped(loaded(excel_csv(tmp_path / "flowers.csv")))
    path = tmp_path / "s.nbviz"
    write_session(path, SessionState(session.problem, session.config, session.history, session.cursor, -1))
    document = json.loads(path.read_text())
    document["problem"]["context"]["dropped_rows"][0]["features"] = ["4.5"]
    document["checksum"] = content_checksum(document)  # re-signed: the content checks still refuse it
    path.write_text(json.dumps(document))
    with pytest.raises(ValueError, match=r"problem\.context\.dropped_rows\[0\]\.features must have 2 entries"):
        read_session(path)


def test_a_wide_numeric_file_keeps_no_text(tmp_path):
    path = tmp_path / "wide.csv"
    np.savetxt(path, np.random.default_rng(0).normal(size=(50, 30)), delimiter=",")
    assert ImportSpec.guessed(path).load().context is None


def sklearn_mixture(model, covariance_type):
    """scikit-learn's GaussianMixture holding exactly `model`'s parameters."""
    from sklearn.mixture import GaussianMixture
    from sklearn.mixture._gaussian_mixture import _compute_precision_cholesky

    oracle = GaussianMixture(n_components=model.n_components, covariance_type=covariance_type)
    oracle.weights_, oracle.means_, oracle.covariances_ = model.weights, model.means, model.covariances
    oracle.precisions_cholesky_ = _compute_precision_cholesky(model.covariances, covariance_type)
    return oracle


@pytest.mark.parametrize("covariance_type", ["full", "diag", "spherical", "tied"])
def test_parameters_json_reports_the_run_with_scikit_learns_bic_and_aic(covariance_type, tmp_path, qtbot):
    pytest.importorskip("sklearn")
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(0, 1, (40, 2)), rng.normal(5, 1, (30, 2))])
    problem = Problem(name="two", X=X, columns=("u", "v"))
    config = ModelConfig(family="gaussian", n_components=2, covariance_type=covariance_type, seed=7)
    session = stepped(problem, config, steps=6)
    out = tmp_path / "p.json"
    export.write_session_export("parameters-json", out, session)
    run = json.loads(out.read_text())["run"]
    model = session.snapshot.model
    oracle = sklearn_mixture(model, covariance_type)
    assert (run["N"], run["D"], run["K"], run["family"]) == (70, 2, 2, "gaussian")
    assert (run["covariance_type"], run["start_method"], run["seed"]) == (covariance_type, "kmeans++", 7)
    assert run["iterations"] == 3 and run["converged"] in (True, False) and run["prior"]["alpha"] == 0
    assert run["log_likelihood"] == pytest.approx(oracle.score(X) * len(X), rel=1e-12)
    assert run["bic"] == pytest.approx(oracle.bic(X), rel=1e-12)
    assert run["aic"] == pytest.approx(oracle.aic(X), rel=1e-12)
    resp = oracle.predict_proba(X)
    entropy = -np.sum(resp[resp > 0] * np.log(resp[resp > 0]))
    assert run["icl"] == pytest.approx(oracle.bic(X) + 2 * entropy, rel=1e-10)
    assert export.read_parameters_json(out).to_dict() == model.to_dict()  # --start reads it back
