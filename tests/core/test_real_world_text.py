"""Files as spreadsheets and statistics programs write them: encodings, decimal commas, comments, separators."""

import numpy as np
import pytest

from nbviz.core.tables.data import DataError, MissingValuesError, load_data
from nbviz.core.tables.preview import preview_table


def excel_europe(tmp_path, name="excel.csv", encoding="cp1252", bom=b""):
    """Excel's "CSV (semicolon separated)" in Germany/France: ;, decimal comma, CRLF, quoted text."""
    text = 'Nr;Preis;Gewicht;Bezeichnung\r\n1;17,99;0,5;"Caf\u00e9;fort"\r\n2;3,5;1,25;"Th\u00e9"\r\n3;-0,75;2;"b"\r\n'
    path = tmp_path / name
    path.write_bytes(bom + text.encode(encoding))
    return path


@pytest.mark.parametrize("encoding, bom", [("cp1252", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-8", b"")])
def test_excel_semicolons_and_decimal_commas_are_read_exactly(tmp_path, encoding, bom):
    path = excel_europe(tmp_path, encoding=encoding, bom=bom)
    preview = preview_table(path)
    assert preview.delimiter == ";" and preview.decimal == "," and preview.header
    assert preview.rows[0] == ("1", "17,99", "0,5", "Caf\u00e9;fort")
    data = load_data(path, "Bezeichnung")
    assert data.columns == ("Nr", "Preis", "Gewicht")
    assert data.X[:, 1].tolist() == [float("17.99"), float("3.5"), float("-0.75")]  # exact, no rounding
    assert data.X[:, 2].tolist() == [0.5, 1.25, 2.0]
    assert data.classes == ("Caf\u00e9;fort", "Th\u00e9", "b") and data.lines.tolist() == [2, 3, 4]


def test_the_decimal_mark_can_be_chosen(tmp_path):
    path = excel_europe(tmp_path)
    with pytest.raises(DataError) as info:
        load_data(path, "Bezeichnung", decimal=".")
    assert "'17,99' is written with a decimal comma" in str(info.value) and info.value.line == 2
    assert preview_table(path, decimal=".").decimal == "."
    with pytest.raises(DataError, match="decimal mark must be"):
        load_data(path, decimal=";")


def test_a_semicolon_file_with_decimal_points_keeps_the_point(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("a;b\n1.5;2\n3;4.25\n")
    assert preview_table(path).decimal == "."
    assert load_data(path).X.tolist() == [[1.5, 2.0], [3.0, 4.25]]


def test_r_write_csv_with_quoted_header_row_names_and_na(tmp_path):
    # write.csv(df): a quoted header whose first name is empty (the row names), "NA" for missing
    text = '"","x","y","species"\n"1",5.1,3.5,"setosa"\n"2",NA,3,"setosa"\n"3",6.3,2.9,"virginica"\n'
    path = tmp_path / "r.csv"
    path.write_text(text)
    with pytest.raises(MissingValuesError) as info:
        load_data(path, "species", feature_columns=["x", "y"])
    assert info.value.lines == (3,) and info.value.column == "x"
    data = load_data(path, "species", feature_columns=["x", "y"], drop_missing=True)
    assert data.X.tolist() == [[5.1, 3.5], [6.3, 2.9]] and data.lines.tolist() == [2, 4]
    assert data.classes == ("setosa", "virginica") and data.dropped_lines == (3,)


@pytest.mark.parametrize("codec, bom", [("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"), ("utf-16-le", b"")])
def test_utf16_is_text_not_binary(tmp_path, codec, bom):
    # LibreOffice "Text CSV" with Unicode, Excel's "Unicode text": UTF-16, tab separated
    path = tmp_path / "lo.csv"
    path.write_bytes(bom + "length\twidth\tkind\r\n1,5\t0,25\tA\u00e9\r\n2\t0,5\tB\r\n".encode(codec))
    preview = preview_table(path)
    assert preview.encoding == (codec if bom else "utf-16-le") and preview.delimiter == "\t"
    data = load_data(path, "kind")
    assert data.X.tolist() == [[1.5, 0.25], [2.0, 0.5]] and data.classes == ("A\u00e9", "B")


def test_comment_lines_are_skipped_before_the_header_and_among_rows(tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("# exported 2024-05-01\n# units: cm\nx,y\n1,2\n# a note\n3,4\n")
    preview = preview_table(path)
    assert preview.header and preview.columns == ("x", "y") and preview.lines == (4, 6)
    data = load_data(path)
    assert data.X.tolist() == [[1.0, 2.0], [3.0, 4.0]] and data.lines.tolist() == [4, 6]


@pytest.mark.parametrize(
    "text, decimal, words",
    [
        ("a,b\n1,2\n1_000,3\n", None, "'1_000' has '_' between digits"),
        ('a,b\n1,2\n"1,000",3\n', None, "'1,000' has a comma: a thousands separator"),
        ('a,b\n1,2\n"1,000.5",3\n', None, "'1,000.5' has ',' as a thousands separator"),
        ("a;b\n1,5;2\n1.000,5;3\n", None, "'1.000,5' has '.' as a thousands separator"),
        ("a;b\n1,5;2\n2.5;3\n", ",", "'2.5' is written with a decimal point"),
    ],
)
def test_thousands_separators_are_refused_with_file_line_and_column(tmp_path, text, decimal, words):
    path = tmp_path / "t.csv"
    path.write_text(text)
    with pytest.raises(DataError) as info:
        load_data(path, decimal=decimal)
    assert words in str(info.value) and str(info.value).startswith("t.csv, line 3, column 'a'")
    assert info.value.line == 3 and info.value.column == "a"


def test_label_texts_merge_numeric_spellings_and_drop_classes_of_dropped_rows(tmp_path):
    path = tmp_path / "l.csv"
    path.write_text("x,y,c\n1,2,2\n3,4,2.0\n5,,7\n6,7,10\n")
    data = load_data(path, "c", drop_missing=True)
    assert data.classes == ("2", "10") and data.labels.tolist() == [0, 0, 1]


def test_a_large_file_with_labels_and_missing_cells_is_read_in_chunks(tmp_path, monkeypatch):
    from nbviz.core.tables import data as data_module

    monkeypatch.setattr(data_module, "_CAREFUL_LINES", 7)
    rng = np.random.default_rng(1)
    X = np.round(rng.normal(size=(50, 3)), 3)
    rows = [f"{a},{b},{c},{'ab'[i % 2]}" for i, (a, b, c) in enumerate(X)]
    rows[20] = rows[20].replace(rows[20].split(",")[1], "", 1)
    path = tmp_path / "big.csv"
    path.write_text("p,q,r,cls\n" + "\n".join(rows) + "\n")
    data = load_data(path, "cls", drop_missing=True)
    kept = np.delete(np.arange(50), 20)
    np.testing.assert_array_equal(data.X, X[kept])
    assert data.dropped_lines == (22,) and data.lines.tolist() == (kept + 2).tolist()
    assert data.labels.tolist() == (kept % 2).tolist() and data.classes == ("a", "b")
