"""Text answers read as categorical features, units rows and skipped lines, as analysts' exports have them."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.core.tables import data as data_module
from nbviz.core.tables.columns import guess_roles

# smoker, sport, diet and the class of twelve people, twice over
ANSWERS = (
    "yes never meat A|no often vegan B|yes never meat A|maybe sometimes meat A|no often vegan B|"
    "no sometimes vegan B|yes never meat A|no often meat B|yes sometimes meat A|no often vegan B|"
    "yes never meat A|no often vegan B"
)
SURVEY = "Nr;smoker;sport;diet;class\n" + "".join(
    f"{n};{';'.join(row.split())}\n" for n, row in enumerate(ANSWERS.split("|") * 2, 1)
)


@pytest.fixture
def survey(tmp_path):
    path = tmp_path / "survey.csv"
    path.write_text(SURVEY, encoding="utf-8")
    return path


def test_text_answers_are_coded_by_their_sorted_level_names(survey):
    data = nc.load_data(survey, "class", feature_columns=[1, 2, 3], categorical_columns=[1, 2, 3])
    assert data.levels == (("maybe", "no", "yes"), ("never", "often", "sometimes"), ("meat", "vegan"))
    rows = [line.split(";") for line in SURVEY.splitlines()[1:]]
    for j, names in enumerate(data.levels):
        expected = [names.index(row[j + 1]) for row in rows]  # the code is the level's place in the sorted names
        np.testing.assert_array_equal(data.X[:, j], expected)
    assert data.classes == ("A", "B") and data.columns == ("smoker", "sport", "diet")


def test_the_codes_do_not_depend_on_the_order_of_the_rows(tmp_path, survey):
    lines = SURVEY.splitlines()
    shuffled = tmp_path / "shuffled.csv"
    shuffled.write_text("\n".join([lines[0], *reversed(lines[1:])]) + "\n")
    options = {"feature_columns": [1, 2, 3], "categorical_columns": [1, 2, 3]}
    a, b = nc.load_data(survey, "class", **options), nc.load_data(shuffled, "class", **options)
    assert a.levels == b.levels
    np.testing.assert_array_equal(a.X, b.X[::-1])


def test_a_missing_answer_is_named_and_dropped_rows_keep_their_levels_present(tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text("q1;q2\nyes;no\nno;NA\nyes;maybe\nno;no\n")
    with pytest.raises(nc.DataError, match=r"gaps.csv, line 3, column 'q2': missing value"):
        nc.load_data(path, categorical_columns=["q1", "q2"])
    data = nc.load_data(path, categorical_columns=["q1", "q2"], drop_missing=True)
    assert data.dropped_lines == (3,) and data.levels == (("no", "yes"), ("maybe", "no"))
    np.testing.assert_array_equal(data.X, [[1, 1], [1, 0], [0, 1]])


def test_free_text_is_refused_with_what_to_do_and_numbers_beside_answers_stay_numbers(survey, tmp_path):
    names = tmp_path / "names.csv"
    names.write_text("name;answer\n" + "".join(f"person {n};yes\n" for n in range(30)))
    with pytest.raises(nc.DataError, match=r"column 'name': 30 different texts; .* at most 20 levels: ignore"):
        nc.load_data(names, categorical_columns=["name", "answer"])
    mixed = nc.load_data(survey, "class", categorical_columns=["smoker", "sport", "diet"])  # a mixed table
    assert mixed.levels[0] == () and mixed.levels[1] == ("maybe", "no", "yes")
    np.testing.assert_array_equal(mixed.X[:3, 0], [1, 2, 3])  # Nr as the numbers it holds
    with pytest.raises(nc.DataError, match="categorical but not a feature column"):
        nc.load_data(survey, "class", feature_columns=[1], categorical_columns=[1, 2])


def test_the_preview_makes_answers_categorical_ids_ignored_and_the_class_the_label(survey):
    preview = nc.preview_table(survey)
    assert guess_roles(preview) == ("ignore", "categorical", "categorical", "categorical", "label")


def test_beside_numbers_text_answers_are_categorical_features_once_the_label_is_taken(tmp_path):
    path = tmp_path / "mixed.csv"
    path.write_text(
        "height;smoker\n" + "".join(f"{150 + (7 * n) % 12};{'yes' if n % 3 else 'no'}\n" for n in range(12))
    )
    assert guess_roles(nc.preview_table(path)) == ("feature", "label")  # the one text column: labels, as before
    path.write_text(
        "height;smoker;class\n"
        + "".join(f"{150 + (7 * n) % 12};{'yes' if n % 3 else 'no'};{n % 2}\n" for n in range(12))
    )
    assert guess_roles(nc.preview_table(path)) == ("feature", "categorical", "label")  # a mixed table


EXCEL = "sample;mass;length;class\n;g;mm;\n" + "".join(
    f"{n};{10 + n},5;{2 * n},25;{'ab'[n % 2]}\n" for n in range(1, 9)
)


@pytest.mark.parametrize("careful", [False, True])
def test_a_units_row_under_the_header_is_skipped_in_both_read_paths(tmp_path, monkeypatch, careful):
    path = tmp_path / "excel.csv"
    path.write_text(EXCEL, encoding="cp1252")
    if careful:  # the careful parse, as for a file with quotes or text cells
        monkeypatch.setattr(data_module, "_load_clean_text", lambda *args: None)
    data = nc.load_data(path, "class", feature_columns=["mass", "length"])
    assert data.skipped.lines == (2,) and data.skipped.units == ("", "g", "mm", "")
    assert data.skipped.message() == "line 2 is a units row (g, mm): skipped"
    np.testing.assert_array_equal(data.lines, range(3, 11))
    np.testing.assert_allclose(data.X[:2], [[11.5, 2.25], [12.5, 4.25]])


def test_a_units_row_is_skipped_in_the_preview_and_a_text_column_beside_it_stays_text(tmp_path):
    path = tmp_path / "velocity.csv"
    path.write_text("name,velocity\n,km/s\n" + "".join(f"galaxy {n},{1000 + 37 * n}\n" for n in range(8)))
    preview = nc.preview_table(path)
    assert preview.skipped.lines == (2,) and preview.lines[0] == 3
    data = nc.load_data(path, feature_columns=["velocity"])
    assert data.skipped.message() == "line 2 is a units row (km/s): skipped" and data.X[0, 0] == 1000


def test_a_row_of_answers_under_the_header_is_data_not_units(survey):
    data = nc.load_data(survey, "class", feature_columns=[1, 2, 3], categorical_columns=[1, 2, 3])
    assert data.skipped.lines == () and data.lines[0] == 2


@pytest.mark.parametrize("careful", [False, True])
def test_skip_rows_skips_the_lines_after_the_header(tmp_path, monkeypatch, careful):
    path = tmp_path / "notes.csv"
    path.write_text("x;y\n0;0\n99;99\n1,5;2\n3;4\n")
    if careful:
        monkeypatch.setattr(data_module, "_load_clean_text", lambda *args: None)
    data = nc.load_data(path, skip_rows=2)
    np.testing.assert_allclose(data.X, [[1.5, 2], [3, 4]])
    assert data.skipped.lines == (2, 3) and data.skipped.message() == "lines 2–3 skipped"
    assert nc.load_data(path, skip_rows=0).X.shape == (4, 2)
    assert nc.preview_table(path, skip_rows=2).lines == (4, 5)
    with pytest.raises(nc.DataError, match="skip_rows must be a whole number of lines"):
        nc.load_data(path, skip_rows=-1)


def test_none_is_an_answer_in_a_text_column_and_a_gap_in_a_column_of_numbers(tmp_path):
    """MASS::survey's exercise is Freq, Some or None: "None" there is a level, as R writes it; in a
    column of numbers it can only mark a missing value."""
    path = tmp_path / "exercise.csv"
    rows = [("Freq", "1.5"), ("None", "None"), ("Some", "2.5"), ("NA", "3.0"), ("None", "4.0")]
    path.write_text("Exer,Pulse\n" + "".join(f"{a},{b}\n" for a, b in rows * 3), encoding="utf-8")
    data = nc.load_data(path, feature_columns=[0, 1], categorical_columns=[0], missing="keep")
    assert data.levels[0] == ("Freq", "None", "Some")
    exercise, pulse = data.X[:5, 0], data.X[:5, 1]
    np.testing.assert_array_equal(exercise, [0, 1, 2, np.nan, 1])  # NA is the gap, None the answer
    np.testing.assert_array_equal(pulse, [1.5, np.nan, 2.5, 3.0, 4.0])
