"""Classifying new rows: read as the loaded data was, r_nk as scipy computes them, refusals by name."""

import csv
from dataclasses import replace

import numpy as np
import pytest
from scipy.stats import multivariate_normal

import nbviz.core as nc
from nbviz.app.data.classify import IMPOSSIBLE, classify_file, write_classified
from nbviz.app.data.import_spec import ImportSpec
from nbviz.app.data.problem import Problem
from nbviz.app.data.standardize import standardize_problem

HEADER = ("sample_id", "date", "petal_length", "petal_width", "species")
TRAIN = [
    ("S001", "02/01/2024", "1.4", "0.2", "setosa"),
    ("S002", "03/01/2024", "4.7", "1.4", "versicolor"),
    ("S003", "04/01/2024", "1.3", "0.3", "setosa"),
    ("S004", "05/01/2024", "4.5", "1.5", "versicolor"),
]
NEW = [  # no species; N002 lacks a length
    ("N001", "10/02/2024", "1.5", "0.25"),
    ("N002", "11/02/2024", "", "1.2"),
    ("N003", "12/02/2024", "4.0", "1.1"),
]


def excel_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle, lineterminator="\r\n")
        writer.writerow(header)
        writer.writerows(rows)
    return path


def loaded(path, **changes):
    spec = replace(ImportSpec.guessed(path), **changes)
    return Problem.from_dataset(spec.load(), load_options=spec.options())


GAUSSIAN = nc.GaussianMixture(
    weights=[0.4, 0.6],
    means=[[1.4, 0.25], [4.5, 1.4]],
    covariances=[[[0.3, 0.05], [0.05, 0.2]], [[0.5, 0.1], [0.1, 0.3]]],
)


def test_gaussian_responsibilities_of_new_rows_are_scipys(tmp_path):
    train = loaded(excel_csv(tmp_path / "train.csv", HEADER, TRAIN))
    new = excel_csv(tmp_path / "new.csv", HEADER[:4], NEW)
    result = classify_file(train, GAUSSIAN, new)
    X = np.array([[1.5, 0.25], [4.0, 1.1]])
    joint = np.column_stack(
        [
            w * multivariate_normal(m, c).pdf(X)
            for w, m, c in zip(GAUSSIAN.weights, GAUSSIAN.means, GAUSSIAN.covariances)
        ]
    )
    np.testing.assert_allclose(result.resp, joint / joint.sum(axis=1, keepdims=True), rtol=1e-12)
    assert result.problem.lines.tolist() == [2, 4]
    out = tmp_path / "r.csv"
    write_classified(out, result, ["1", "2"])
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["line"], r["sample_id"], r["component"]) for r in rows] == [
        ("2", "N001", "1"),
        ("3", "N002", ""),
        ("4", "N003", "2"),
    ]
    assert rows[1]["unassigned_reason"] == "missing value in 'petal_length'" and "label" not in rows[0]


def test_bernoulli_responsibilities_follow_the_binarising_and_the_hand_computation(tmp_path):
    train = loaded(excel_csv(tmp_path / "train.csv", HEADER, TRAIN), binarise_at=1.0)
    model = nc.BernoulliMixture(weights=[0.3, 0.7], probs=[[0.9, 0.2], [0.6, 0.7]])
    result = classify_file(train, model, excel_csv(tmp_path / "new.csv", HEADER, [(*r, "x") for r in NEW]))
    np.testing.assert_array_equal(result.problem.X, [[1, 0], [1, 1]])
    # r_nk = pi_k prod_m p^x (1-p)^(1-x) / sum_j ...
    first = np.array([0.3 * 0.9 * 0.8, 0.7 * 0.6 * 0.3])
    second = np.array([0.3 * 0.9 * 0.2, 0.7 * 0.6 * 0.7])
    np.testing.assert_allclose(result.resp, [first / first.sum(), second / second.sum()], rtol=1e-12)


def test_a_row_impossible_under_every_component_is_written_without_an_assignment(tmp_path):
    train = loaded(excel_csv(tmp_path / "train.csv", HEADER, TRAIN), binarise_at=1.0)
    model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[1.0, 0.5], [1.0, 0.5]])
    result = classify_file(train, model, excel_csv(tmp_path / "new.csv", HEADER[:4], [NEW[0], ("N9", "", "0.5", "1")]))
    assert result.unassigned == {1: IMPOSSIBLE} and result.resp[0].tolist() == [0.5, 0.5]


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (("sample_id", "petal_width"), "lacks the feature column 'petal_length' of the loaded data"),
        (("sample_id", "petal_length", "petal_width", "colour"), "has the column 'colour', which the loaded data"),
    ],
)
def test_a_file_with_other_columns_is_refused_naming_them(tmp_path, header, message):
    train = loaded(excel_csv(tmp_path / "train.csv", HEADER, TRAIN))
    new = excel_csv(tmp_path / "new.csv", header, [("N1", "1.0", "2.0", "red")[: len(header)]])
    with pytest.raises(ValueError, match=message):
        classify_file(train, GAUSSIAN, new)


def test_files_without_a_header_are_matched_by_position(tmp_path):
    (tmp_path / "train.csv").write_text("1.4,0.2\n4.7,1.4\n1.3,0.3\n")
    train = loaded(tmp_path / "train.csv")
    (tmp_path / "new.csv").write_text("1.5,0.25\n")
    assert classify_file(train, GAUSSIAN, tmp_path / "new.csv").resp.shape == (1, 2)
    (tmp_path / "wide.csv").write_text("1.5,0.25,3\n")
    with pytest.raises(ValueError, match="wide.csv has 3 columns and no header, but the loaded data has 2 features"):
        classify_file(train, GAUSSIAN, tmp_path / "wide.csv")


def test_new_rows_are_standardised_with_the_loaded_datas_centres_and_scales(tmp_path):
    train = standardize_problem(loaded(excel_csv(tmp_path / "train.csv", HEADER, TRAIN)), "z")
    X = np.array([row[2:4] for row in TRAIN], dtype=float)
    centre, scale = X.mean(axis=0), X.std(axis=0)  # scikit-learn's StandardScaler's
    result = classify_file(train, GAUSSIAN, excel_csv(tmp_path / "new.csv", HEADER[:4], NEW))
    expected = (np.array([[1.5, 0.25], [4.0, 1.1]]) - centre) / scale
    np.testing.assert_allclose(result.problem.X, expected, rtol=1e-15, atol=1e-15)
    np.testing.assert_array_equal(result.resp, GAUSSIAN.responsibilities(result.problem.X))
    write_classified(tmp_path / "out.csv", result, ["1", "2"])
    with open(tmp_path / "out.csv", newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["component"]]
    assert [(row["petal_length"], row["petal_width"]) for row in rows] == [("1.5", "0.25"), ("4.0", "1.1")]


def test_data_whose_missing_cells_were_kept_classifies_new_rows_with_gaps_on_their_observed_cells(tmp_path):
    gap = ("S005", "06/01/2024", "", "1.3", "versicolor")
    train = loaded(excel_csv(tmp_path / "train.csv", HEADER, [*TRAIN, gap]), keep_missing=True)
    result = classify_file(train, GAUSSIAN, excel_csv(tmp_path / "new.csv", HEADER[:4], NEW))
    assert result.problem.lines.tolist() == [2, 3, 4] and not result.unassigned
    # N002 (length missing): its E-step uses the width alone, the marginal N(mu_k[1], Sigma_k[1, 1]) (scipy)
    joint = np.array([w * multivariate_normal(m[1], c[1, 1]).pdf(1.2) for w, m, c in zip(*GAUSSIAN_PARTS)])
    np.testing.assert_allclose(result.resp[1], joint / joint.sum(), rtol=1e-12)
    out = tmp_path / "r.csv"
    write_classified(out, result, ["1", "2"])
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    expected = [("2", "1.5", "0"), ("3", "", "1"), ("4", "4.0", "0")]
    assert [(r["line"], r["petal_length"], r["missing_cells"]) for r in rows] == expected
    assert rows[1]["component"] == str(1 + int(np.argmax(joint))) and rows[1]["unassigned_reason"] == ""
    # a new row without its class is classified too (no class is needed), the class column written as given
    labelled = [(*NEW[0], "setosa"), (*NEW[1], ""), (*NEW[2], "versicolor")]
    result = classify_file(train, GAUSSIAN, excel_csv(tmp_path / "new.csv", HEADER, labelled))
    assert result.problem.lines.tolist() == [2, 3, 4] and np.allclose(result.resp[1], joint / joint.sum())
    write_classified(out, result, ["1", "2"])
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["species"] for r in rows] == ["setosa", "", "versicolor"]


GAUSSIAN_PARTS = (GAUSSIAN.weights, GAUSSIAN.means, GAUSSIAN.covariances)
