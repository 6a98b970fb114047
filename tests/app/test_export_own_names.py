"""Exports write the data table back as the analyst's file has it: the label column under its own
name (``class``, not ``label``) and whole-number features as integers (``14``, not ``14.0``), in the
responsibilities export, the command line's and File → Classify new data's output."""

import csv
from dataclasses import replace

import numpy as np
import pytest

from nbviz.app.data import export
from nbviz.app.data.classify import classify_file, write_classified
from nbviz.app.data.import_spec import ImportSpec
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.cli import main

RNG = np.random.default_rng(8)


def coordinates_csv(path, header=("x", "y", "weight", "class"), n=30) -> list[dict]:
    """Integer coordinates of two groups, a weight with decimals, and a class named in words."""
    x = np.r_[RNG.integers(0, 20, n), RNG.integers(60, 80, n)]
    y = np.r_[RNG.integers(100, 130, n), RNG.integers(0, 25, n)]
    weight = np.round(RNG.normal(3.0, 0.5, 2 * n), 2)
    names = ["north"] * n + ["south"] * n
    order = RNG.permutation(2 * n)  # not rising with the line: these are not row numbers
    rows = [(str(x[i]), str(y[i]), repr(float(weight[i])), names[i]) for i in order]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def read_back(path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def assert_written_as_the_file(written, original, label="class"):
    assert len(written) == len(original)
    for row, there in zip(written, original, strict=True):
        assert (row["x"], row["y"], row[label]) == (there["x"], there["y"], there[label])  # "14", never "14.0"
        assert float(row["weight"]) == float(there["weight"])


def test_the_command_line_export_keeps_the_class_column_and_writes_integers(tmp_path, qapp):
    source = tmp_path / "sites.csv"
    original = coordinates_csv(source)
    out = tmp_path / "r.csv"
    assert main([str(source), "--fit", "-k", "2", "--export-responsibilities", str(out)]) == 0
    written = read_back(out)
    assert list(written[0]) == ["line", "x", "y", "weight", "class", "r_1", "r_2", "component", "unassigned_reason"]
    assert_written_as_the_file(written, original)
    assert any(row["weight"] != str(int(float(row["weight"]))) for row in written)  # decimals stay decimals
    classified = tmp_path / "c.csv"
    args = [str(source), "--fit", "-k", "2", "--classify", str(source), "--export-responsibilities", str(classified)]
    assert main(args) == 0
    assert_written_as_the_file(read_back(classified), original)


def test_standardised_integers_are_written_back_as_the_files_integers(tmp_path, qapp):
    source = tmp_path / "sites.csv"
    original = coordinates_csv(source)
    out = tmp_path / "r.csv"
    assert main([str(source), "--standardize", "z", "--fit", "-k", "2", "--export-responsibilities", str(out)]) == 0
    assert_written_as_the_file(read_back(out), original)


def test_classify_new_data_keeps_the_class_column_and_writes_integers(tmp_path, qtbot):
    source = tmp_path / "sites.csv"
    coordinates_csv(source)
    problem = Problem.from_file(str(source))
    assert problem.label_name == "class"
    session = Session()
    assert session.load(problem, ModelConfig(n_components=2, seed=0))
    session.step()
    new = tmp_path / "new.csv"
    original = coordinates_csv(new, n=4)
    result = classify_file(problem, session.snapshot.model, new)
    out = tmp_path / "out.csv"
    write_classified(out, result, session.component_names())
    assert_written_as_the_file(read_back(out), original)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (("x", "y", "weight", "component"), ["x", "y", "weight", "component", "r_1", "r_2", "component_nbviz"]),
        (("x", "y", "weight", "line"), ["x", "y", "weight", "line", "r_1", "r_2", "component"]),
    ],
)
def test_a_label_column_named_as_an_export_column_keeps_its_name_and_ours_give_way(tmp_path, qtbot, header, expected):
    source = tmp_path / "named.csv"
    original = coordinates_csv(source, header=header)
    problem = Problem.from_file(str(source))
    session = Session()
    assert session.load(problem, ModelConfig(n_components=2, seed=0))
    session.step()
    out = tmp_path / "r.csv"
    export.write_session_export("responsibilities", out, session)
    with open(out, newline="", encoding="utf-8") as handle:
        names = next(csv.reader(handle))
    assert names[1:-1] == expected and len(set(names)) == len(names)
    assert names[0] in ("line", "line_nbviz")
    assert_written_as_the_file(read_back(out), original, label=header[-1])


def test_a_file_without_a_header_gets_a_label_column_named_label(tmp_path, qtbot):
    source = tmp_path / "bare.csv"
    source.write_text("".join(f"{i % 7},{(5 * i) % 11},{'ab'[i % 2]}\n" for i in range(20)))
    spec = replace(ImportSpec.guessed(source), header=False, label_column=2)
    problem = Problem.from_dataset(spec.load(), load_options=spec.options())
    assert problem.labels is not None and problem.columns == ("x1", "x2")
    session = Session()
    assert session.load(problem, ModelConfig(n_components=2, seed=0))
    out = tmp_path / "r.csv"
    export.write_session_export("responsibilities", out, session)
    written = read_back(out)
    assert list(written[0])[:4] == ["line", "x1", "x2", "label"]
    assert [row["x1"] for row in written] == [str(i % 7) for i in range(20)]
