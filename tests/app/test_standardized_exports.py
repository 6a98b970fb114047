"""Standardised data leaves nbviz in the file's units: the responsibilities CSV writes the file's own
numbers (also after a session round trip), the parameters JSON says the model is standardised."""

import csv
import hashlib
import json

import numpy as np
import pytest

from nbviz.app.data.export import write_session_export
from nbviz.app.data.problem import Problem
from nbviz.app.data.standardize import file_values, standardize_problem
from nbviz.app.documents.session_file import SessionFileError, read_session, write_session
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session

# columns whose spreads differ by ~10^5 and whose small values lie far below the mean, where the
# back-transform centre + scale * z is off by many ulps
CELLS = [
    ("0.01", "1.3", "1065"),
    ("0.07", "2.9", "12.5"),
    ("13.2", "0.1", "1480"),
    ("0.33", "4.17", "735"),
    ("998.7", "1.01", "0.3"),
    ("2.51", "3.3", "1290"),
]


@pytest.fixture
def standardised(tmp_path):
    path = tmp_path / "scales.csv"
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(("small", "medium", "large"))
        writer.writerows(CELLS)
    problem = standardize_problem(Problem.from_file(path), "z")
    session = Session()
    assert session.load(problem, ModelConfig(n_components=2, seed=3))
    for _ in range(4):
        assert session.next_half_step()
    return session


def exported_features(session, path):
    write_session_export("responsibilities", path, session)
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [tuple(row[name] for name in ("small", "medium", "large")) for row in rows]


def test_the_back_transform_alone_would_not_give_the_files_numbers(standardised):
    """Why the file's numbers are kept: c + s * z differs from them (so the test below can fail)."""
    problem = standardised.problem
    units = problem.standardization
    back = units.centre + units.scale * problem.X
    assert not np.array_equal(back, np.array(CELLS, dtype=float))


def test_the_responsibilities_csv_writes_the_files_numbers(standardised, tmp_path):
    written = exported_features(standardised, tmp_path / "r.csv")
    assert [tuple(float(v) for v in row) for row in written] == [tuple(float(v) for v in row) for row in CELLS]
    # the model still sees the standardised numbers
    X = np.array(CELLS, dtype=float)
    np.testing.assert_allclose(standardised.problem.X, (X - X.mean(axis=0)) / X.std(axis=0), rtol=1e-14, atol=1e-15)


def test_a_session_keeps_the_files_numbers_and_rebuilds_the_standardised_ones_bit_for_bit(standardised, tmp_path):
    assert standardised.save(tmp_path / "s.nbviz", write_session)
    document = json.loads((tmp_path / "s.nbviz").read_text())
    assert "X" not in document["problem"] and document["problem"]["X_file"] == np.array(CELLS, float).tolist()
    again = Session()
    assert again.restore(read_session(tmp_path / "s.nbviz"))
    assert np.array_equal(again.problem.X, standardised.problem.X)
    assert np.array_equal(again.problem.file_X, np.array(CELLS, dtype=float))
    written = exported_features(again, tmp_path / "again.csv")
    assert [tuple(float(v) for v in row) for row in written] == [tuple(float(v) for v in row) for row in CELLS]


def test_sessions_saved_before_the_files_numbers_were_kept_export_the_back_transform(standardised):
    units = standardised.problem.standardization
    old = Problem(name="old", X=standardised.problem.X, columns=("a", "b", "c"), standardization=units)
    X = np.array(CELLS, dtype=float)
    error = np.abs(file_values(old) - X) / np.abs(X).max(axis=0)  # relative to each column's size
    assert error.max() < 1e-14


def resign(data):
    content = json.dumps({k: v for k, v in data.items() if k != "checksum"})
    return dict(data, checksum="sha256:" + hashlib.sha256(content.encode()).hexdigest())


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda p: p.pop("standardization"), "problem.X_file needs problem.standardization"),
        (lambda p: p.update(X=p["X_file"]), "has both X and X_file"),
        (lambda p: p["X_file"][2].__setitem__(1, "a"), "problem.X_file"),
    ],
)
def test_a_changed_file_numbers_entry_is_refused_in_one_line(standardised, tmp_path, edit, fragment):
    path = tmp_path / "s.nbviz"
    assert standardised.save(path, write_session)
    data = json.loads(path.read_text())
    edit(data["problem"])
    path.write_text(json.dumps(resign(data)))
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    assert fragment in str(error.value) and "\n" not in str(error.value), str(error.value)


def test_the_parameters_json_says_the_model_is_standardised_with_each_columns_centre_and_scale(standardised, tmp_path):
    write_session_export("parameters-json", tmp_path / "p.json", standardised)
    units = json.loads((tmp_path / "p.json").read_text())["run"]["standardization"]
    X = np.array(CELLS, dtype=float)
    assert units["model_units"] == "standardised" and "(x - centre) / scale" in units["rule"]
    assert list(units["centre"]) == ["small", "medium", "large"]
    np.testing.assert_allclose(list(units["centre"].values()), X.mean(axis=0), rtol=1e-15)
    np.testing.assert_allclose(list(units["scale"].values()), X.std(axis=0), rtol=1e-15)


def test_data_in_the_files_units_says_so(tmp_path):
    session = Session()
    assert session.load(Problem(name="t", X=np.array(CELLS, dtype=float), columns=("a", "b", "c")), ModelConfig())
    write_session_export("parameters-json", tmp_path / "p.json", session)
    assert json.loads((tmp_path / "p.json").read_text())["run"]["standardization"] is None
