"""Data that does not fit the model: the core's structured error, and the app naming column and line."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "text, lines",
    [
        ("a,b\n1,2\n3,4\n5,6\n", [2, 3, 4]),  # the fast numeric path
        ("a,b\n\n1,2\n\n3,4\n5,6\n\n", [3, 5, 6]),  # blank lines inside
        ('a,b\n1,"2"\n3,4\n5,6\n', [2, 3, 4]),  # quotes: the careful path
        ("1 2\n3 4\n5 6", [1, 2, 3]),  # no header
    ],
)
def test_every_row_keeps_its_file_line(tmp_path, text, lines):
    dataset = nc.load_data(write(tmp_path, "d.csv", text))
    assert dataset.lines.tolist() == lines and not dataset.lines.flags.writeable


def test_dropped_rows_take_their_lines_with_them(tmp_path):
    dataset = nc.load_data(write(tmp_path, "d.csv", "a,b\n1,2\n3,NA\n5,6\n"), drop_missing=True)
    assert dataset.lines.tolist() == [2, 4] and dataset.dropped_lines == (3,)


@pytest.mark.parametrize(
    "family, X, position, value, problem",
    [
        ("multinomial", [[1, 2], [3, 1.5]], (1, 1), 1.5, "not a whole-number count"),
        ("multinomial", [[1, 2], [-3, 1]], (1, 0), -3.0, "negative, not a count"),
        ("bernoulli", [[0, 1], [1, 0], [2, 1]], (2, 0), 2.0, "not binary (0 or 1)"),
    ],
)
def test_the_core_error_keeps_its_text_and_says_where_in_fields(family, X, position, value, problem):
    with pytest.raises(nc.DataFitError) as caught:
        nc.init_model(np.array(X, dtype=float), family, 2, rng=0)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.row, error.column, error.value, error.problem) == (*position, value, problem)
    row, column = position
    assert f"X[{row}, {column}] (row {row}, column {column}, counting from 0) is {value:g}; " in str(error)


def load_messages(qtbot, problem, config):
    session = Session()
    messages = []
    session.error_raised.connect(messages.append)
    assert not session.load(problem, config)
    assert session.problem is None
    return messages


def test_load_names_the_column_and_the_file_line(qtbot, tmp_path):
    # line 1 header, line 2 fine, line 3 blank, line 4 holds the first fraction (in column 'petal_length')
    path = write(tmp_path, "iris.csv", "sepal,petal_length,species\n5,1,a\n\n4,1.4,b\n3,2.5,a\n")
    problem = Problem.from_dataset(nc.load_data(path, "species"))
    messages = load_messages(qtbot, problem, ModelConfig(family="multinomial", n_components=2))
    assert messages == [
        "Cannot use iris.csv with Multinomial mixture: petal_length on line 4 is 1.4, not a "
        "whole-number count; use a Gaussian mixture for measurements, or load whole-number counts"
    ]


def test_configure_names_a_bernoulli_misfit_in_the_users_terms(qtbot, tmp_path):
    path = write(tmp_path, "votes.csv", "yes,no\n0,1\n1,0\n1,3\n")
    session = Session()
    assert session.load(Problem.from_dataset(nc.load_data(path)), ModelConfig(family="multinomial", n_components=2))
    before = session.em
    with qtbot.waitSignal(session.error_raised) as blocker:
        assert not session.configure(session.config.with_(family="bernoulli"))
    assert blocker.args[0] == (
        "Cannot use Bernoulli mixture: no on line 4 is 3, not binary (0 or 1); "
        "binarise the data first (e.g. X > threshold)"
    )
    assert session.em is before


def test_a_npy_file_names_rows_and_data_without_a_file_names_rows_from_1(qtbot, tmp_path):
    path = tmp_path / "counts.npy"
    np.save(path, np.array([[1.0, 2.0], [3.0, -1.0]]))
    problem = Problem.from_dataset(nc.load_data(path))
    config = ModelConfig(family="multinomial", n_components=2)
    assert load_messages(qtbot, problem, config)[0].endswith(
        ": x2 on row 2 is -1, negative, not a count; "
        "use a Gaussian mixture for measurements, or "
        "load whole-number counts"
    )
    plain = Problem(name="typed", X=np.array([[1.0, 2.0], [0.5, 1.0]]), columns=("a", "b"))
    assert ": a in row 2 is 0.5, not a whole-number count;" in load_messages(qtbot, plain, config)[0]


def test_counts_beyond_exact_float_range_are_refused_naming_the_column_and_line(qtbot, tmp_path):
    path = write(tmp_path, "words.csv", "the,cat,sat\n3,1,0\n2,10000000000000000000,1\n")
    problem = Problem.from_dataset(nc.load_data(path))
    messages = load_messages(qtbot, problem, ModelConfig(family="multinomial", n_components=2))
    assert messages[0].startswith("Cannot use words.csv with Multinomial mixture: cat on line 3 is 1e+19, too large")
    assert "2^53 = 9007199254740992" in messages[0] and "divide the counts by a power of ten" in messages[0]


@pytest.mark.parametrize("family", ["gaussian", "bernoulli"])
def test_a_kept_column_with_nothing_observed_is_named_by_its_header(qtbot, tmp_path, family):
    path = write(tmp_path, "gaps.csv", "a,b,empty\n1,0,\n0,,\n1,1,\n0,1,\n,0,\n")
    problem = Problem.from_dataset(nc.load_data(path, missing="keep"))
    messages = load_messages(qtbot, problem, ModelConfig(family=family, n_components=2))
    assert len(messages) == 1 and messages[0].endswith(
        "empty has no observed value: every row is missing there, so no start can be built from the data; "
        "remove that column"
    )
    assert "X[" not in messages[0] and "counting from 0" not in messages[0] and "nan" not in messages[0]
