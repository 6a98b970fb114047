"""preview_table shows a file as load_data reads it; load_data reports progress and can be cancelled."""

import numpy as np
import pytest

from nbviz.core.tables import text_source
from nbviz.core.tables.data import DataError, LoadCancelled, MissingValuesError, load_data
from nbviz.core.tables.preview import preview_table


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def test_preview_detects_delimiter_and_header(tmp_path):
    path = write(tmp_path, "d.csv", "a;b;name\n1;2,5;x\n\n3;4;y\n")
    p = preview_table(path)
    assert (p.delimiter, p.header, p.detected_delimiter, p.detected_header) == (";", True, ";", True)
    assert p.columns == ("a", "b", "name")
    assert p.rows == (("1", "2,5", "x"), ("3", "4", "y")) and p.lines == (2, 4)
    assert p.complete and not p.is_npy


def test_preview_with_given_delimiter_and_no_header(tmp_path):
    path = write(tmp_path, "d.csv", "a;b\n1;2\n3;4\n")
    p = preview_table(path, delimiter=",", header=False)
    assert p.columns == ("column 1",) and p.rows == (("a;b",), ("1;2",), ("3;4",))
    assert p.detected_delimiter == ";" and p.detected_header is True and p.lines == (1, 2, 3)


def test_preview_keeps_ragged_rows_and_stops_after_n_rows(tmp_path):
    path = write(tmp_path, "d.tsv", "x\ty\n" + "1\t2\n" * 5 + "1\t2\t3\n")
    p = preview_table(path, n_rows=3)
    assert p.delimiter == "\t" and len(p.rows) == 3 and not p.complete
    assert preview_table(path, n_rows=6).rows[-1] == ("1", "2", "3")


def test_preview_of_a_large_file_reads_only_its_start(tmp_path, monkeypatch):
    monkeypatch.setattr(text_source, "PIECE_BYTES", 100)
    path = write(tmp_path, "d.csv", "a,b\n" + "".join(f"{i},{i + 1}\n" for i in range(1000)))
    p = preview_table(path, n_rows=5)
    assert not p.complete and p.rows[0] == ("0", "1") and len(p.rows) == 5
    assert all(len(row) == 2 for row in p.rows)  # cut at a line end


def test_preview_of_npy(tmp_path):
    np.save(tmp_path / "d.npy", np.array([[1.5, 2.0], [3.0, 4.25], [5.0, 6.0]]))
    p = preview_table(tmp_path / "d.npy", n_rows=2)
    assert p.is_npy and p.delimiter is None and not p.header and not p.complete
    assert p.columns == ("column 1", "column 2") and p.rows == (("1.5", "2"), ("3", "4.25"))


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "is empty"),
        (b"\n\n  \n", "only blank or comment lines"),
        (b"# just a comment\n", "only blank or comment lines"),
        (b"a,b\n1,\x002\n", "not a text data file: line 2"),
        (b"a,b\n1,\x81\n", "not a text data file in UTF-8: line 2"),
    ],
)
def test_preview_errors_name_the_file(tmp_path, content, words):
    with pytest.raises(DataError) as info:
        preview_table(write(tmp_path, "bad.csv", content))
    assert "bad.csv" in str(info.value) and words in str(info.value)


def big_text(n, missing_every=0):
    rng = np.random.default_rng(3)
    X = np.round(rng.normal(size=(n, 2)), 4)
    rows = [f"{a},{b},{'c' if i % 3 else 'd'}" for i, (a, b) in enumerate(X)]
    if missing_every:
        for i in range(5, n, missing_every):
            rows[i] = f"{X[i, 0]},NA,x"
    return "p,q,label\n" + "\n".join(rows) + "\n", X


@pytest.mark.parametrize("label", [None, "label"])
def test_progress_gives_the_same_data_and_grows_to_one(tmp_path, label):
    text, X = big_text(150_000)
    path = write(tmp_path, "d.csv", text)
    columns = None if label else [0, 1]
    plain = load_data(path, label, feature_columns=columns)
    fractions = []
    reported = load_data(path, label, feature_columns=columns, progress=fractions.append)
    np.testing.assert_array_equal(reported.X, plain.X)
    np.testing.assert_array_equal(plain.X, X)
    if label:
        np.testing.assert_array_equal(reported.labels, plain.labels)
    assert len(fractions) >= 3 and fractions[-1] == 1.0
    assert all(0 < f <= 1 for f in fractions) and fractions == sorted(fractions)


def test_progress_with_dropped_rows_gives_the_same_data(tmp_path):
    text, _ = big_text(100_000, missing_every=1000)
    path = write(tmp_path, "d.csv", text)
    plain = load_data(path, "label", drop_missing=True)
    fractions = []
    reported = load_data(path, "label", drop_missing=True, progress=fractions.append)
    np.testing.assert_array_equal(reported.X, plain.X)
    assert reported.dropped_lines == plain.dropped_lines == tuple(range(7, 100_002, 1000))
    assert fractions[-1] == 1.0 and fractions == sorted(fractions)


@pytest.mark.parametrize("label", [None, "label"])
def test_progress_returning_false_cancels(tmp_path, label):
    path = write(tmp_path, "d.csv", big_text(150_000)[0])
    calls = []

    def stop_at_second(fraction):
        calls.append(fraction)
        return len(calls) < 2

    with pytest.raises(LoadCancelled):
        load_data(path, label, feature_columns=None if label else [0, 1], progress=stop_at_second)
    assert len(calls) == 2


def test_missing_values_error_lists_every_line(tmp_path):
    path = write(tmp_path, "d.csv", "a,b\n1,2\n,3\n4,?\n5,6\nNA,7\n")
    with pytest.raises(MissingValuesError) as info:
        load_data(path)
    assert info.value.lines == (3, 4, 6) and info.value.line == 3 and info.value.column == "a"
    assert load_data(path, drop_missing=True).dropped_lines == info.value.lines


def test_a_row_of_names_read_as_data_suggests_a_header(tmp_path):
    path = write(tmp_path, "d.csv", "a,b,kind\n1,2,x\n3,4,y\n")
    with pytest.raises(DataError) as info:
        load_data(path, 2, header=False)
    assert str(info.value) == (
        "d.csv, line 1, column 1: 'a' is not a number; if line 1 names the columns, read it as a header row"
    )
    with pytest.raises(DataError) as info:  # one bad cell in a data row: the usual advice
        load_data(write(tmp_path, "e.csv", "1,oops,x\n3,4,y\n"), 2, header=False)
    assert str(info.value).endswith("'oops' is not a number; leave it out of the feature columns")
