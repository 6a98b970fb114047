"""Column roles checked over the whole file: identifiers wherever they are, repeating days kept, answer codes."""

import numpy as np
import pytest

from nbviz.core.tables.columns import guess_roles
from nbviz.core.tables.preview import preview_table
from nbviz.core.tables.whole_file import ID_MIN_ROWS, MAX_CODES, checked_roles, code_columns, identifier_reason


def checked(path, **options):
    preview = preview_table(path)
    return checked_roles(preview, guess_roles(preview), **options)


def test_identifier_reason_over_all_rows():
    rising = np.arange(1.0, 41.0)
    assert identifier_reason(rising) == "a row number (its values rise with the line)"
    serial = np.random.default_rng(0).permutation(np.arange(100_000.0, 100_040.0))
    assert identifier_reason(serial) == "an identifier (its 40 values are all different whole numbers)"
    days = np.tile(np.arange(1.0, 32.0), 2)  # rises on its first 31 rows, then repeats: data
    assert identifier_reason(days) is None
    assert identifier_reason(serial[: ID_MIN_ROWS - 1]) is None  # a short table of all-different measurements
    assert identifier_reason(np.r_[serial, np.nan]) is None and identifier_reason(serial + 0.5) is None


def test_all_different_whole_numbers_that_are_amounts_are_data():
    """R's state.x77 shape: 50 states whose Population and Area span orders of magnitude and whose Income
    goes with the share of high-school graduates, all different whole numbers, and a random serial."""
    rng = np.random.default_rng(0)
    n = 50
    graduates = rng.normal(53.0, 8.0, n)
    income = np.round(4436 + 45 * (graduates - 53) + 480 * rng.normal(size=n))
    population = np.round(np.exp(rng.normal(np.log(2800.0), 1.0, n)))
    serial = rng.choice(np.arange(100_000.0, 1_000_000.0), n, replace=False)
    for column in (income, population, serial):
        assert np.unique(column).size == n  # all different whole numbers
    assert identifier_reason(population) is None  # 10x and more between the smallest and the largest
    assert identifier_reason(income, [graduates]) is None  # goes with a measurement
    assert identifier_reason(income) is not None  # alone, nothing tells it from a serial
    assert identifier_reason(serial, [graduates, income]) is not None  # goes with nothing
    numbering = rng.permutation(np.arange(2_019_001.0, 2_019_001.0 + n))
    assert identifier_reason(numbering, [numbering + rng.normal(size=n)]) is not None  # rows numbered, in any order
    assert identifier_reason(-serial, [graduates]) is None  # identifiers are not negative


def test_a_table_of_amounts_keeps_them_and_leaves_a_serial_out(tmp_path):
    rng = np.random.default_rng(1)
    n = 60
    graduates = rng.normal(53.0, 8.0, n).round(1)
    income = np.round(4436 + 45 * (graduates - 53) + 480 * rng.normal(size=n)).astype(int)
    area = np.round(np.exp(rng.normal(np.log(55_000.0), 1.0, n))).astype(int)
    serial = rng.choice(np.arange(100_000, 1_000_000), n, replace=False)
    path = tmp_path / "states.csv"
    assert np.unique(income).size == np.unique(area).size == n  # all different whole numbers
    rows = "".join(f'"S{i}",{income[i]},{graduates[i]},{serial[i]},{area[i]}\n' for i in range(n))
    path.write_text('"","Income","HS Grad","serial","Area"\n' + rows)
    result = checked(path)
    assert result.roles == ("ignore", "feature", "feature", "ignore", "feature")
    assert [j for j, _ in result.identifiers] == [3]


def test_code_columns_are_a_few_whole_numbers_each_shown_more_than_twice():
    X = np.column_stack(
        [
            np.tile([1.0, 2.0], 20),  # 1 = no, 2 = yes
            np.tile(np.arange(1.0, 6.0), 8),  # a 1-5 scale
            np.tile(np.arange(1.0, MAX_CODES + 2), 4)[:40],  # one code too many
            np.tile([1.0, 2.5], 20),  # not whole numbers
        ]
    )
    X[3, 1] = np.nan  # a missing answer changes nothing
    assert code_columns(X).tolist() == [True, True, False, False]
    assert code_columns(np.arange(8.0).reshape(4, 2) % 3).tolist() == [False, False]  # too few rows per code
    assert code_columns(1000.0 * (np.arange(40.0)[:, None] % 5)).tolist() == [False]  # amounts, not codes


def test_a_serial_number_anywhere_among_the_columns_is_left_out(tmp_path):
    rng = np.random.default_rng(1)
    serial = rng.permutation(np.arange(100_000, 100_060))
    X = rng.normal(size=(60, 2)).round(3)
    path = tmp_path / "notes.csv"
    path.write_text("length,serial,width\n" + "".join(f"{a},{s},{b}\n" for (a, b), s in zip(X, serial, strict=True)))
    result = checked(path)
    assert result.roles == ("feature", "ignore", "feature")
    assert result.identifiers == ((1, "an identifier (its 60 values are all different whole numbers)"),)
    assert checked(path, fixed={1}).roles == ("feature", "feature", "feature")  # chosen by the user: kept


def test_a_day_of_the_month_that_rises_in_the_first_rows_is_data(tmp_path):
    rows = "".join(f"{10 + (7 * n) % 23},{n % 31 + 1}\n" for n in range(62))
    for name in ("Day", "d"):  # named like a date or not: a day of the month is a number, not a stamp
        path = tmp_path / f"{name}.csv"
        path.write_text(f"Ozone,{name}\n" + rows)
        assert guess_roles(preview_table(path))[1] == "ignore"  # its first 20 rows rise
        assert checked(path).roles == ("feature", "feature") and checked(path).identifiers == ()
    shuffled = tmp_path / "shuffled.csv"
    shuffled.write_text(
        "Day,Ozone,date\n" + "".join(f"{(5 * n) % 31 + 1},{n % 7}.5,{20240100 + n}\n" for n in range(9))
    )
    assert guess_roles(preview_table(shuffled)) == ("feature", "feature", "ignore")  # a stamp is not data


def test_a_running_number_is_left_out_but_never_the_last_feature(tmp_path):
    path = tmp_path / "run.csv"
    path.write_text("sample,x\n" + "".join(f"{n},{(n * 37) % 11}.5\n" for n in range(1, 31)))
    assert checked(path).roles == ("ignore", "feature")
    alone = tmp_path / "alone.csv"
    alone.write_text("height\n" + "".join(f"{150 + (7 * n) % 24}\n" for n in range(24)))
    assert checked(alone).roles == ("feature",)  # all different, but the only feature: data


@pytest.mark.parametrize("codes", [None, False, True])
def test_answer_codes_become_levels_unless_a_model_of_numbers_is_asked_for(tmp_path, codes):
    path = tmp_path / "survey.csv"
    path.write_text(
        '"","A","B","sex"\n' + "".join(f'"{n}",{n % 2 + 1},{n % 5 + 1},{"fm"[n % 3 > 0]}\n' for n in range(1, 41))
    )
    result = checked(path, codes=codes)
    if codes is False:
        assert result.roles == ("ignore", "feature", "feature", "label")
    else:  # the text column beside the codes stays the label it was guessed to be
        assert result.roles == ("ignore", "categorical", "categorical", "label") and result.codes == (1, 2)


def test_zero_one_answers_stay_numbers_and_measurements_are_not_codes(tmp_path):
    binary = tmp_path / "binary.csv"
    binary.write_text("a,b\n" + "0,1\n1,1\n0,0\n" * 10)
    assert checked(binary).roles == ("feature", "feature")
    mixed = tmp_path / "mixed.csv"
    mixed.write_text("a,b\n" + "".join(f"{n % 2 + 1},{n * 0.37:.2f}\n" for n in range(30)))
    assert checked(mixed).roles == ("feature", "feature") and checked(mixed).codes == ()
