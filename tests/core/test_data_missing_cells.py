"""load_data's rule for missing cells: refused by default, rows dropped, or cells kept as NaN,
alike for text files and .npy arrays; a missing label is refused unless rows are dropped."""

import numpy as np
import pytest

from nbviz.core.tables.data import DataError, MissingValuesError, load_data

TEXT = "a,b,y\n1,2,u\n,4,u\n5,NA,v\n\n7,?,v\n9,10,v\n"
EXPECTED = [[1, 2], [np.nan, 4], [5, np.nan], [7, np.nan], [9, 10]]


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_keep_keeps_missing_feature_cells_as_nan(tmp_path):
    ds = load_data(write(tmp_path, "d.csv", TEXT), "y", missing="keep")
    np.testing.assert_array_equal(ds.X, EXPECTED)
    assert ds.dropped_lines == () and ds.lines.tolist() == [2, 3, 4, 6, 7]
    assert ds.classes == ("u", "v") and ds.labels.tolist() == [0, 0, 1, 1, 1]
    assert not ds.X.flags.writeable


def test_keep_in_a_semicolon_file_with_decimal_commas(tmp_path):
    ds = load_data(write(tmp_path, "d.csv", "a;b\n1,5;2\n;4,25\n"), missing="keep")
    np.testing.assert_array_equal(ds.X, [[1.5, 2], [np.nan, 4.25]])


def test_keep_in_npy_alike(tmp_path):
    array = np.array([[1.0, 2.0, 0], [np.nan, 4.0, 0], [5.0, np.nan, 1]])
    np.save(tmp_path / "d.npy", array)
    ds = load_data(tmp_path / "d.npy", 2, missing="keep")
    np.testing.assert_array_equal(ds.X, array[:, :2])
    assert ds.labels.tolist() == [0, 0, 1] and ds.dropped_lines == ()


@pytest.mark.parametrize("missing", ["keep", "refuse"])
def test_a_missing_label_is_refused_when_cells_are_kept(tmp_path, missing):
    with pytest.raises(MissingValuesError) as info:
        load_data(write(tmp_path, "d.csv", "a,b,y\n1,2,u\n3,4,\n5,6,v\n"), "y", missing=missing)
    assert "d.csv, line 3, column 'y': missing label" in str(info.value)
    assert info.value.lines == (3,)


def test_drop_and_refuse_as_before(tmp_path):
    path = write(tmp_path, "d.csv", TEXT)
    dropped = load_data(path, "y", missing="drop")
    np.testing.assert_array_equal(dropped.X, [[1, 2], [9, 10]])
    assert dropped.dropped_lines == load_data(path, "y", drop_missing=True).dropped_lines == (3, 4, 6)
    with pytest.raises(MissingValuesError) as info:
        load_data(path, "y")
    assert info.value.lines == (3, 4, 6)
    with pytest.raises(MissingValuesError):
        load_data(path, "y", missing="refuse")


def test_a_complete_file_reads_the_same_under_every_rule(tmp_path):
    path = write(tmp_path, "d.csv", "a,b\n1,2\n3,4\n")
    for rule in ("refuse", "drop", "keep"):
        np.testing.assert_array_equal(load_data(path, missing=rule).X, [[1, 2], [3, 4]])


def test_contradicting_or_unknown_rules_are_refused(tmp_path):
    path = write(tmp_path, "d.csv", "a,b\n1,2\n")
    with pytest.raises(ValueError, match="drop_missing=True contradicts missing='keep'"):
        load_data(path, drop_missing=True, missing="keep")
    with pytest.raises(ValueError, match="missing must be one of refuse, drop, keep; got 'fill'"):
        load_data(path, missing="fill")


def test_infinity_stays_an_error_when_cells_are_kept(tmp_path):
    with pytest.raises(DataError, match="line 3"):
        load_data(write(tmp_path, "d.csv", "a,b\n1,2\ninf,3\n"), missing="keep")
