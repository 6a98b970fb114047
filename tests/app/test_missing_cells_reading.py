"""Missing cells kept for EM in the app: the import choice round-trips through sessions (old ones still
load), the command line's --missing and --drop-missing agree or are refused, and the responsibilities
export gives every row its r and its count of missing cells (complete data's export unchanged)."""

import numpy as np
import pytest

from nbviz.app.data import export
from nbviz.app.data.import_spec import ImportSpec, describe_load
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_document import load_options
from nbviz.app.documents.session_schema import SchemaError
from nbviz.cli import build_parser, prepare

TEXT = "a,b\n1,2\n,4\n5,6\n7,\n"


@pytest.fixture
def gappy(tmp_path):
    path = tmp_path / "gappy.csv"
    path.write_text(TEXT)
    return str(path)


def test_the_keep_choice_round_trips_and_old_options_still_read(gappy):
    spec = ImportSpec.guessed(gappy, keep_missing=True)
    assert spec.missing_rule == "keep" and spec.options()["keep_missing"] is True
    assert ImportSpec.from_options(gappy, load_options(spec.options(), "o")).options() == spec.options()
    np.testing.assert_array_equal(spec.load().X, [[1, 2], [np.nan, 4], [5, 6], [7, np.nan]])
    old = ImportSpec.guessed(gappy, drop_missing=True).options()
    assert "keep_missing" not in old  # a file saved before the choice existed reads as it did
    assert ImportSpec.from_options(gappy, load_options(old, "o")).missing_rule == "drop"
    with pytest.raises(SchemaError, match="keep_missing"):
        load_options({**old, "keep_missing": True}, "o")
    with pytest.raises(ValueError, match="either dropped or kept"):
        ImportSpec(gappy, drop_missing=True, keep_missing=True)


def test_the_load_note_counts_the_kept_cells(gappy):
    spec = ImportSpec.guessed(gappy, keep_missing=True)
    assert "kept 2 missing cell(s) in 2 row(s) for EM to account for" in describe_load(spec.load(), spec)


def cli_problem(*argv):
    problem, _, _ = prepare(build_parser().parse_args(list(argv)))
    return problem


def test_missing_flags(gappy):
    assert np.isnan(cli_problem(gappy, "--missing", "em").X).sum() == 2
    np.testing.assert_array_equal(cli_problem(gappy, "--missing", "drop").X, [[1, 2], [5, 6]])
    np.testing.assert_array_equal(cli_problem(gappy, "--drop-missing", "--missing", "drop").X, [[1, 2], [5, 6]])
    with pytest.raises(ValueError, match="^--drop-missing contradicts --missing em: give one of them$"):
        cli_problem(gappy, "--drop-missing", "--missing", "em")
    with pytest.raises(ValueError, match="keep them for EM with --missing em"):
        cli_problem(gappy)


def test_a_missing_label_is_not_advised_to_be_kept_for_em(tmp_path):
    path = tmp_path / "labelled.csv"
    path.write_text("a,b,class\n1,2,x\n3,,y\n5,6,\n7,8,x\n")
    with pytest.raises(ValueError) as caught:
        cli_problem(str(path), "--missing", "em")  # the gap in b is kept; a row without its class cannot be
    message = str(caught.value)
    assert message.startswith("labelled.csv, line 4, column 'class': missing label; 1 row has missing values")
    assert "--missing em" not in message and "drop those rows with --drop-missing" in message
    assert "or leave the label out with --ignore 'class'" in message
    with pytest.raises(ValueError) as caught:
        cli_problem(str(path))  # refused: line 3 misses a value first, line 4 its label
    assert "missing value" in str(caught.value) and "keep them for EM with --missing em" in str(caught.value)


def test_the_responsibilities_export_counts_missing_cells(gappy):
    problem = Problem.from_dataset(ImportSpec.guessed(gappy, keep_missing=True).load())
    resp = np.array([[0.25, 0.75], [0.5, 0.5], [1.0, 0.0], [0.0, 1.0]])
    header, rows = export.responsibilities_table(problem, resp, ["1", "2"])
    assert header == ["line", "a", "b", "r_1", "r_2", "component", "unassigned_reason", "missing_cells"]
    assert rows[1] == ["3", "", "4", "0.5", "0.5", "1", "", "1"]
    assert [row[-1] for row in rows] == ["0", "1", "0", "1"]


def test_complete_data_exports_as_before(tmp_path):
    path = tmp_path / "full.csv"
    path.write_text("a,b\n1,2\n3,4\n")
    problem = Problem.from_dataset(ImportSpec.guessed(str(path), keep_missing=True).load())
    header, rows = export.responsibilities_table(problem, np.array([[1.0, 0.0], [0.0, 1.0]]), ["1", "2"])
    assert header == ["line", "a", "b", "r_1", "r_2", "component", "unassigned_reason"]
    assert rows[0] == ["2", "1", "2", "1.0", "0.0", "1", ""]


def test_a_family_without_missing_cells_is_refused_in_one_line(gappy):
    with pytest.raises(ValueError, match="^--missing em: the Multinomial mixture does not account for missing"):
        cli_problem(gappy, "--missing", "em", "--model", "multinomial")


def test_a_session_with_missing_cells_saves_them_as_null_and_reopens_them(tmp_path, qtbot):
    from nbviz.app.documents.session_file import read_session, write_session
    from nbviz.app.presentation.presets import load_preset
    from nbviz.app.run.session import Session

    original = Session()
    assert original.load(*load_preset("missing-cells"))
    for _ in range(3):
        assert original.next_half_step()
    path = tmp_path / "gaps.nbviz"
    assert original.save(path, write_session)
    assert "null" in path.read_text() and "NaN" not in path.read_text()
    reopened = Session()
    assert reopened.restore(read_session(path))
    np.testing.assert_array_equal(reopened.problem.X, original.problem.X)  # NaN where NaN
    np.testing.assert_allclose(reopened.resp, original.resp, rtol=1e-12)


def test_the_family_is_guessed_from_the_observed_cells():
    from nbviz.app.families.choice import family_for_table

    nan = np.nan
    assert family_for_table([[0, 1], [nan, 1], [1, 0]]).family == "bernoulli"
    assert family_for_table([[0.5, 1.25], [nan, 1.0]]).why == "measurements"
    counts = family_for_table([[3, 0, 0, 0, 5, 0], [0, 2, nan, 0, 0, 9], [1, 0, 0, 7, 0, 0]])
    assert counts.family == "gaussian" and "multinomial cannot count a missing cell" in counts.reason


def test_standardising_a_table_with_missing_cells_uses_each_columns_observed_cells():
    from nbviz.app.data.standardize import fit_standardization, scale_proposal

    rng = np.random.default_rng(4)
    X = rng.normal([0.0, 500.0], [1.0, 300.0], size=(50, 2))
    X[rng.random(X.shape) < 0.2] = np.nan
    z = fit_standardization(X, "z")
    np.testing.assert_allclose(z.centre, np.nanmean(X, axis=0), rtol=1e-12)
    np.testing.assert_allclose(z.scale, np.nanstd(X, axis=0), rtol=1e-12)
    robust = fit_standardization(X, "robust")
    q1, median, q3 = np.nanpercentile(X, [25, 50, 75], axis=0)
    np.testing.assert_allclose(robust.centre, median, rtol=1e-12)
    np.testing.assert_allclose(robust.scale, q3 - q1, rtol=1e-12)
    assert np.array_equal(np.isnan(z.apply(X)), np.isnan(X))
    assert scale_proposal(X, ("a", "b")).startswith("Standardise? The spread of b is")
    with pytest.raises(ValueError, match="b has standard deviation 0"):
        fit_standardization(np.array([[1.0, np.nan], [2.0, np.nan]]), "z", ("a", "b"))
