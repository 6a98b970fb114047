"""load_data reads every supported layout exactly, and every bad file gets a DataError naming the
file, the 1-based line of the file ("line N", the header being line 1) and the column."""

import io
import os
import re

import numpy as np
import pytest

from nbviz.core.tables import data
from nbviz.core.tables.data import DataError, Dataset, load_data


def write(tmp_path, name, text, encoding="utf-8"):
    """Write `text` byte for byte (no newline translation) and return the path."""
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return path


def error_of(path, *args, **kwargs) -> DataError:
    with pytest.raises(DataError) as info:
        load_data(path, *args, **kwargs)
    return info.value


def assert_points_at(err, name, line=None, column=None):
    """The message names the file, "line N" (exactly N) and the column; the attributes agree."""
    message = str(err)
    assert name in message, message
    if line is not None:
        assert re.search(rf"\bline {line}\b", message), message
        assert err.line == line
    if column is not None:
        phrase = f"column {column}" if column.isdigit() else f"column '{column}'"
        assert phrase in message, message
        assert err.column == column


# ----------------------------------------------------------------------------- reading good files


def test_csv_with_header_is_read_exactly_and_read_only(tmp_path):
    path = write(tmp_path, "d.csv", "a,b,c\n1,2.5,-3\n4e1,.5,6\n")
    ds = load_data(path)
    assert isinstance(ds, Dataset)
    np.testing.assert_array_equal(ds.X, [[1.0, 2.5, -3.0], [40.0, 0.5, 6.0]])
    assert ds.X.dtype == np.float64 and ds.X.shape == (2, 3)
    assert ds.columns == ("a", "b", "c")
    assert ds.labels is None and ds.classes is None and ds.label_name is None
    assert ds.path == str(path) and ds.dropped_lines == ()
    with pytest.raises(ValueError):
        ds.X[0, 0] = 9.0


def test_no_header_is_detected_and_columns_are_numbered(tmp_path):
    ds = load_data(write(tmp_path, "d.csv", "1,2\n3,4\n5,6\n"))
    np.testing.assert_array_equal(ds.X, [[1, 2], [3, 4], [5, 6]])
    assert ds.columns == ("x1", "x2")


@pytest.mark.parametrize(
    "name, text",
    [
        ("d.txt", "a\tb\tc\n1\t2\t3\n4\t5\t6\n"),
        ("d.tsv", "a b\tc\td\n1\t2\t3\n4\t5\t6\n"),  # .tsv means tab even with spaces in names
        ("d.csv", "a;b;c\n1;2;3\n4;5;6\n"),
        ("d.txt", "a b c\n 1   2\t3\n4 5  6  \n"),  # runs of spaces and tabs
        ("d.csv", "a, b, c\n1 , 2, 3\n 4,5 ,6\n"),  # spaces around names and numbers
    ],
)
def test_delimiters_are_detected(tmp_path, name, text):
    ds = load_data(write(tmp_path, name, text))
    np.testing.assert_array_equal(ds.X, [[1, 2, 3], [4, 5, 6]])
    assert len(ds.columns) == 3


def test_explicit_delimiter_overrides_detection(tmp_path):
    path = write(tmp_path, "d.txt", "1|2|3\n4|5|6\n")
    np.testing.assert_array_equal(load_data(path, delimiter="|").X, [[1, 2, 3], [4, 5, 6]])
    err = error_of(write(tmp_path, "e.txt", "1;2,5\n3;4,5\n"), delimiter=",", header=False)
    assert_points_at(err, "e.txt", line=1, column="1")
    assert "'1;2' is not a number" in str(err)


def test_decimal_commas_with_the_point_chosen_are_refused_with_a_hint(tmp_path):
    err = error_of(write(tmp_path, "eu.csv", "1;2,5\n3;4,5\n"), decimal=".")  # detected: semicolons, no header
    assert_points_at(err, "eu.csv", line=1, column="2")
    assert "'2,5' is written with a decimal comma" in str(err) and "choose the decimal comma" in str(err)
    assert "label" not in str(err) and err.remedy == "decimal"


def test_quoted_fields_bom_crlf_and_trailing_blank_lines(tmp_path):
    text = '\ufeff"x, first","y"\r\n"1","2"\r\n3,"4"\r\n\r\n\r\n'
    ds = load_data(write(tmp_path, "d.csv", text))
    np.testing.assert_array_equal(ds.X, [[1, 2], [3, 4]])
    assert ds.columns == ("x, first", "y")


def test_old_mac_line_ends_and_blank_lines_inside(tmp_path):
    ds = load_data(write(tmp_path, "d.csv", "a,b\r1,2\r\r3,4\r"))
    np.testing.assert_array_equal(ds.X, [[1, 2], [3, 4]])


def test_a_stretch_of_blank_lines_is_read_fast_and_without_a_warning(tmp_path, monkeypatch):
    import warnings

    monkeypatch.setattr(data, "_CHUNK_LINES", 4)  # lines 6-9 of the file: a chunk of blank lines only
    parsed = []
    fast = data._load_clean_text
    monkeypatch.setattr(data, "_load_clean_text", lambda *args: parsed.append(fast(*args)) or parsed[-1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's loadtxt warns "input contained no data" on blank lines
        ds = load_data(write(tmp_path, "d.csv", "a,b\n1,2\n3,4" + "\n" * 8 + "5,6\n"))
    assert parsed[0] is not None  # the fast, streamed path read the file
    np.testing.assert_array_equal(ds.X, [[1, 2], [3, 4], [5, 6]])
    np.testing.assert_array_equal(ds.lines, [2, 3, 11])


def test_text_labels_by_name_become_sorted_codes(tmp_path):
    text = 'bill,flipper,species\n39.1,181,Gentoo\n46.5,192,Adelie\n50,200,"Chinstrap"\n38,190,Adelie\n'
    ds = load_data(write(tmp_path, "penguins.csv", text), "species")
    np.testing.assert_array_equal(ds.X, [[39.1, 181], [46.5, 192], [50, 200], [38, 190]])
    assert ds.columns == ("bill", "flipper")
    assert ds.classes == ("Adelie", "Chinstrap", "Gentoo")
    np.testing.assert_array_equal(ds.labels, [2, 0, 1, 0])
    assert ds.labels.dtype == np.int64 and ds.label_name == "species"


def test_numeric_labels_by_index_sort_numerically(tmp_path):
    path = write(tmp_path, "d.csv", "y,a,b\n10,1,2\n2,3,4\n1,5,6\n2.0,7,8\n")
    ds = load_data(path, 0)
    assert ds.classes == ("1", "2", "10")  # numerically, not "1" < "10" < "2"
    np.testing.assert_array_equal(ds.labels, [2, 1, 0, 1])
    np.testing.assert_array_equal(ds.X, [[1, 2], [3, 4], [5, 6], [7, 8]])
    assert ds.columns == ("a", "b") and ds.label_name == "y"
    assert load_data(path, -3).classes == ("1", "2", "10")


def test_label_column_without_header(tmp_path):
    path = write(tmp_path, "d.csv", "1.5,2,setosa\n3,4,virginica\n5,6,setosa\n")
    ds = load_data(path, 2)  # text in the label column is not a header
    np.testing.assert_array_equal(ds.X, [[1.5, 2], [3, 4], [5, 6]])
    assert ds.columns == ("x1", "x2") and ds.label_name == "column 3"
    assert ds.classes == ("setosa", "virginica")
    np.testing.assert_array_equal(ds.labels, [0, 1, 0])


def test_feature_columns_by_name_and_index_keep_their_order(tmp_path):
    path = write(tmp_path, "d.csv", "a,b,c,y\n1,2,3,0\n4,5,6,1\n")
    ds = load_data(path, "y", feature_columns=["c", "a"])
    np.testing.assert_array_equal(ds.X, [[3, 1], [6, 4]])
    assert ds.columns == ("c", "a")
    ds = load_data(path, feature_columns=[1])
    np.testing.assert_array_equal(ds.X, [[2], [5]])
    assert ds.columns == ("b",) and ds.labels is None


def test_header_can_be_forced(tmp_path):
    path = write(tmp_path, "d.csv", "1,2\n3,4\n")
    ds = load_data(path, header=True)
    assert ds.columns == ("1", "2")
    np.testing.assert_array_equal(ds.X, [[3, 4]])
    err = error_of(write(tmp_path, "h.csv", "a,b\n1,2\n"), header=False)
    assert_points_at(err, "h.csv", line=1, column="1")
    assert "'a' is not a number" in str(err)


def test_npy_2d_1d_and_labels(tmp_path):
    np.save(tmp_path / "two.npy", np.array([[1, 2, 0], [3, 4, 1], [5, 6, 1]], dtype=np.int32))
    ds = load_data(tmp_path / "two.npy", label_column=2)
    np.testing.assert_array_equal(ds.X, [[1, 2], [3, 4], [5, 6]])
    assert ds.X.dtype == np.float64 and ds.columns == ("x1", "x2")
    assert ds.classes == ("0", "1") and ds.labels.tolist() == [0, 1, 1]
    np.save(tmp_path / "one.npy", np.array([0.5, 1.5, 2.5]))
    ds = load_data(tmp_path / "one.npy")
    np.testing.assert_array_equal(ds.X, [[0.5], [1.5], [2.5]])
    assert ds.columns == ("x1",)


def test_drop_missing_drops_and_lists_the_lines(tmp_path):
    text = "a,b,y\n1,2,u\n,4,u\n5,NA,v\n\n7,8,?\n9,10,v\n"
    ds = load_data(write(tmp_path, "d.csv", text), "y", drop_missing=True)
    np.testing.assert_array_equal(ds.X, [[1, 2], [9, 10]])
    assert ds.dropped_lines == (3, 4, 6)
    assert ds.classes == ("u", "v") and ds.labels.tolist() == [0, 1]


def test_drop_missing_in_npy_lists_rows(tmp_path):
    np.save(tmp_path / "d.npy", np.array([[1.0, 2.0], [np.nan, 1.0], [3.0, 4.0]]))
    ds = load_data(tmp_path / "d.npy", drop_missing=True)
    np.testing.assert_array_equal(ds.X, [[1, 2], [3, 4]])
    assert ds.dropped_lines == (2,)


# ----------------------------------------------------------------------------- files that cannot be read


def test_missing_file(tmp_path):
    err = error_of(tmp_path / "nope.csv")
    assert "no such file" in str(err) and "nope.csv" in str(err)
    assert isinstance(err, ValueError) and err.path == str(tmp_path / "nope.csv")


def test_directory(tmp_path):
    (tmp_path / "folder.csv").mkdir()
    assert "folder.csv is a folder" in str(error_of(tmp_path / "folder.csv"))


def test_unreadable_file(tmp_path, monkeypatch):
    path = write(tmp_path, "secret.csv", "a\n1\n")
    path.chmod(0)
    if os.access(path, os.R_OK):  # root reads anything: make open refuse like the OS would

        def refuse(*args, **kwargs):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(data, "open", refuse, raising=False)
    try:
        err = error_of(path)
    finally:
        path.chmod(0o644)
    assert "cannot read" in str(err) and "secret.csv" in str(err) and "ermission denied" in str(err)


@pytest.mark.parametrize("text", ["", "\n\n  \n"])
def test_empty_file(tmp_path, text):
    assert "empty.csv is empty" in str(error_of(write(tmp_path, "empty.csv", text)))


def test_header_only_file(tmp_path):
    err = error_of(write(tmp_path, "head.csv", "a,b,c\n\n"))
    assert "no data rows" in str(err)
    assert_points_at(err, "head.csv", line=1)


def test_binary_files_are_not_text(tmp_path):
    err = error_of(write(tmp_path, "sheet.csv", b"a,b\n1,2\nPK\x03\x04\x00\x00"))
    assert "not a text data file" in str(err)
    assert_points_at(err, "sheet.csv", line=3)
    err = error_of(write(tmp_path, "odd.csv", b"a,b\n1,2\n\x81\x8d,3\n"))  # neither UTF-8 nor Windows-1252
    assert "not a text data file" in str(err) and "UTF-8" in str(err)
    assert_points_at(err, "odd.csv", line=3)


def npy_bytes(array) -> bytes:
    stream = io.BytesIO()
    np.save(stream, array, allow_pickle=True)
    return stream.getvalue()


@pytest.mark.parametrize(
    "content, words",
    [
        (npy_bytes(np.arange(12.0).reshape(4, 3))[:-7], "not a valid .npy"),  # truncated
        (npy_bytes(np.arange(3.0))[:30], "not a valid .npy"),  # cut in the header
        (b"\x93NUMPY\x01\x00\x10\x00{'descr': garbage", "not a valid .npy"),  # bad header
        (b"a,b\n1,2\n", "not a valid .npy"),  # text named .npy
        (npy_bytes(np.array([{"a": 1}], dtype=object)), "Python objects"),
        (npy_bytes(np.array(["a", "b"])), "not numbers"),
        (npy_bytes(np.zeros((2, 2, 2))), "shape (2, 2, 2)"),
        (npy_bytes(np.zeros((0, 3))), "shape (0, 3)"),
    ],
)
def test_bad_npy_files(tmp_path, content, words):
    err = error_of(write(tmp_path, "arr.npy", content))
    assert words in str(err) and "arr.npy" in str(err)


# ----------------------------------------------------------------------------- bad rows and cells


def test_ragged_row_with_header(tmp_path):
    err = error_of(write(tmp_path, "rag.csv", "a,b,c\n1,2,3\n4,5,6\n7,8\n9,10,11\n"))
    assert "line 4 has 2 fields but the header has 3" in str(err)
    assert_points_at(err, "rag.csv", line=4)


def test_ragged_row_without_header_and_too_many_fields(tmp_path):
    err = error_of(write(tmp_path, "rag.csv", "\n1,2\n3,4,5\n"))
    assert "line 3 has 3 fields but line 2 has 2" in str(err)


def test_text_in_a_numeric_column(tmp_path):
    err = error_of(write(tmp_path, "d.csv", "x1,x2,x3\n1,2,3\n4,5,6\n7,abc,9\n"))
    assert "line 4, column 'x2': 'abc' is not a number" in str(err)
    assert_points_at(err, "d.csv", line=4, column="x2")
    assert "label column" not in str(err)  # a stray typo: no hint about labels


def test_a_text_column_gets_a_hint_about_labels(tmp_path):
    path = write(tmp_path, "p.csv", "bill,island,species\n39.1,Biscoe,Adelie\n40,Dream,Gentoo\n")
    err = error_of(path)
    assert_points_at(err, "p.csv", line=2, column="island")
    assert "'Biscoe' is not a number" in str(err) and "choose it as the label column" in str(err)
    err = error_of(path, "species")
    assert_points_at(err, "p.csv", line=2, column="island")
    assert "leave it out of the feature columns" in str(err)
    ds = load_data(path, "species", feature_columns="bill")
    np.testing.assert_array_equal(ds.X, [[39.1], [40.0]])


def test_text_in_a_numeric_column_without_header(tmp_path):
    err = error_of(write(tmp_path, "d.txt", "1 2 3\n4 5 6\n7 8 x9\n"))
    assert_points_at(err, "d.txt", line=3, column="3")
    assert "'x9' is not a number" in str(err)


def test_first_bad_cell_in_file_order_is_reported(tmp_path):
    err = error_of(write(tmp_path, "d.csv", "a,b\n1,2\n3,oops\nbad,4\n"))
    assert_points_at(err, "d.csv", line=3, column="b")


def test_line_numbers_count_blank_lines_and_multi_line_quoted_fields(tmp_path):
    text = 'a,b,name\n1,2,"two\nlines"\n\n3,?,c\n'
    err = error_of(write(tmp_path, "d.csv", text), "name")
    assert_points_at(err, "d.csv", line=5, column="b")


@pytest.mark.parametrize("token", ["", "NA", "NaN", "nan", "?", "N/A", "null", "  "])
def test_missing_cells_are_refused_with_a_count_and_a_way_out(tmp_path, token):
    text = f"x1,x2\n1,2\n3,4\n5,{token}\n7,8\n{token},9\n"
    err = error_of(write(tmp_path, "m.csv", text))
    assert "line 4, column 'x2': missing value" in str(err)
    assert_points_at(err, "m.csv", line=4, column="x2")
    assert "2 rows in total" in str(err) and "drop those rows" in str(err) and err.remedy == "drop_missing"
    assert "lines 4, 6" in str(err)


@pytest.mark.parametrize("token, word", [("inf", "infinite"), ("-Infinity", "infinite"), ("1e999", "too large")])
def test_infinity_is_an_error_even_with_drop_missing(tmp_path, token, word):
    err = error_of(write(tmp_path, "d.csv", f"a,b\n1,2\n{token},3\n"), drop_missing=True)
    assert_points_at(err, "d.csv", line=3, column="a")
    assert f"'{token}' is {word}" in str(err)


def test_infinity_in_npy(tmp_path):
    np.save(tmp_path / "d.npy", np.array([[1.0, 2.0], [3.0, 4.0], [5.0, -np.inf]]))
    err = error_of(tmp_path / "d.npy")
    assert "d.npy, row 3, column 2: infinite" in str(err) and err.column == "2"


def test_label_column_that_does_not_exist_lists_the_columns(tmp_path):
    path = write(tmp_path, "d.csv", "sepal,petal,species\n1,2,a\n")
    for key in ("Species", 3, -4):
        message = str(error_of(path, key))
        assert "d.csv" in message and str(key) in message
        assert "0: 'sepal', 1: 'petal', 2: 'species'" in message
    message = str(error_of(write(tmp_path, "n.csv", "1,2\n3,4\n"), "species"))
    assert "no header" in message and "from 0 to 1" in message
    np.save(tmp_path / "x.npy", np.eye(2))
    message = str(error_of(tmp_path / "x.npy", "y"))
    assert "x.npy" in message and "has no column names" in message
    assert "has no column names" in str(error_of(tmp_path / "x.npy", 5))


def test_missing_label_value(tmp_path):
    path = write(tmp_path, "p.csv", "a,b,species\n1,2,Adelie\n3,4,NA\n5,6,Gentoo\n")
    err = error_of(path, "species")
    assert "line 3, column 'species': missing label" in str(err)
    assert_points_at(err, "p.csv", line=3, column="species")
    assert "1 row has missing values (line 3)" in str(err)
    ds = load_data(path, "species", drop_missing=True)
    assert ds.dropped_lines == (3,) and ds.classes == ("Adelie", "Gentoo")


def test_no_feature_column(tmp_path):
    path = write(tmp_path, "y.csv", "species\nAdelie\nGentoo\n")
    err = error_of(path, "species")
    assert "no feature column" in str(err) and "y.csv" in str(err)
    assert "no feature column" in str(error_of(write(tmp_path, "d.csv", "a,b\n1,2\n"), feature_columns=[]))


def test_feature_column_that_is_the_label_or_twice(tmp_path):
    path = write(tmp_path, "d.csv", "a,b,y\n1,2,0\n")
    assert "column 'y' is the label column" in str(error_of(path, "y", feature_columns=["a", "y"]))
    assert "chosen twice" in str(error_of(path, feature_columns=["a", 0]))
    assert "'zz' does not exist" in str(error_of(path, feature_columns=["zz"]))


def test_badly_quoted_field(tmp_path):
    err = error_of(write(tmp_path, "q.csv", 'a,b\n1,2\n3,"4"x\n'))
    assert "quote" in str(err)
    assert_points_at(err, "q.csv", line=3)
    err = error_of(write(tmp_path, "open.csv", 'a,b\n1,2\n3,"4\n5,6\n'))  # never closed
    assert "quote" in str(err)
    assert_points_at(err, "open.csv", line=3)


def test_every_row_missing_with_drop_missing(tmp_path):
    err = error_of(write(tmp_path, "d.csv", "a,b\n1,\n,2\n"), drop_missing=True)
    assert "every row" in str(err) and "d.csv" in str(err)


def test_clean_and_careful_parses_agree(tmp_path):
    """A clean file takes the numpy fast path; a quoted copy takes the row-by-row parse."""
    rng = np.random.default_rng(0)
    X = np.round(rng.normal(size=(50, 3)), 6)
    plain = "a,b,y\n" + "".join(f"{r[0]},{r[1]},{int(r[2] > 0)}\n" for r in X)
    quoted = "a,b,y\n" + "".join(f'"{r[0]}",{r[1]},{int(r[2] > 0)}\n' for r in X)
    fast = load_data(write(tmp_path, "plain.csv", plain), "y")
    careful = load_data(write(tmp_path, "quoted.csv", quoted), "y")
    np.testing.assert_array_equal(fast.X, X[:, :2])
    np.testing.assert_array_equal(careful.X, X[:, :2])
    np.testing.assert_array_equal(fast.labels, (X[:, 2] > 0).astype(int))
    np.testing.assert_array_equal(careful.labels, fast.labels)
    assert fast.classes == careful.classes == ("0", "1")


def _numeric_csv(tmp_path, n_rows: int, name: str = "big.csv") -> tuple[str, np.ndarray]:
    X = np.random.default_rng(0).normal(size=(n_rows, 5))
    path = tmp_path / name
    np.savetxt(path, X, delimiter=",", header="a,b,c,d,e", comments="", fmt="%.17g")
    return str(path), X


def test_a_clean_file_loads_in_at_most_three_times_the_numbers_memory(tmp_path):
    import tracemalloc

    path, X = _numeric_csv(tmp_path, 300_000)  # 12 MB of numbers in a 29 MB file
    tracemalloc.start()
    try:
        ds = load_data(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert ds.X.tobytes() == X.tobytes()  # every number read back bit for bit
    np.testing.assert_array_equal(ds.lines, np.arange(2, 300_002))
    assert peak < 3 * X.nbytes, f"peak {peak / 1e6:.1f} MB for {X.nbytes / 1e6:.1f} MB of numbers"


def _labelled_csv_with_gaps(tmp_path, n_rows: int, gaps) -> tuple[str, np.ndarray, np.ndarray]:
    """A CSV of 5 numeric columns and a text `species` column, with an empty cell in each row of `gaps`."""
    X = np.random.default_rng(1).normal(size=(n_rows, 5))
    species = np.array(["setosa", "versicolor", "virginica"])[np.arange(n_rows) % 3]
    path = tmp_path / f"labelled-{n_rows}.csv"
    with open(path, "w") as out:
        out.write("a,b,c,d,e,species\n")
        for i, (row, name) in enumerate(zip(X.tolist(), species)):
            cells = ["" if i in gaps and j == 2 else repr(v) for j, v in enumerate(row)]
            out.write(",".join(cells) + f",{name}\n")
    return str(path), X, species


def _peak_while_loading(path: str, **options):
    import tracemalloc

    tracemalloc.start()
    try:
        dataset = load_data(path, "species", **options)
        return dataset, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_file_with_text_labels_and_gaps_grows_in_memory_at_most_three_times_its_numbers(tmp_path):
    # the careful parse holds one chunk of text at a time, a fixed cost: what must stay within 3x
    # the numbers is how the peak grows with the rows
    gaps = {17, 20_000, 33_333}
    small, X_small, _ = _labelled_csv_with_gaps(tmp_path, 40_000, gaps)
    large, X, species = _labelled_csv_with_gaps(tmp_path, 120_000, gaps)
    _, peak_small = _peak_while_loading(small, drop_missing=True)
    ds, peak = _peak_while_loading(large, drop_missing=True)
    kept = np.setdiff1d(np.arange(len(X)), sorted(gaps))
    assert ds.X.tobytes() == X[kept].tobytes()
    assert [ds.classes[c] for c in ds.labels[:4]] == list(species[kept[:4]])
    assert ds.dropped_lines == tuple(i + 2 for i in sorted(gaps))
    growth, numbers = peak - peak_small, X.nbytes - X_small.nbytes
    assert growth < 3 * numbers, f"peak grew {growth / 1e6:.1f} MB for {numbers / 1e6:.1f} MB more numbers"


OUT_OF_MEMORY = """
import resource, sys
import nbviz.core as nc
vm = int([l for l in open("/proc/self/status") if l.startswith("VmSize")][0].split()[1]) * 1024
resource.setrlimit(resource.RLIMIT_AS, (vm + 5_000_000, resource.RLIM_INFINITY))
nc.load_data(sys.argv[1])
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the process's size from /proc")
def test_a_file_larger_than_the_memory_left_is_a_data_error_not_a_traceback(tmp_path):
    import subprocess
    import sys

    path, X = _numeric_csv(tmp_path, 200_000)  # 8 MB of numbers; the process may grow by 5 MB
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    result = subprocess.run(
        [sys.executable, "-c", OUT_OF_MEMORY, path], capture_output=True, text=True, env=env, timeout=120
    )
    last = result.stderr.strip().splitlines()[-1]
    assert result.returncode == 1 and last.startswith("nbviz.core.tables.data_errors.DataError: big.csv (")
    assert "does not fit in the memory that is free" in last and "MemoryError" not in result.stderr
