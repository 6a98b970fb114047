"""Column roles checked over the whole file: identifiers, row numbers and answer codes.

The role guess (:func:`~nbviz.core.tables.columns.guess_roles`) reads the first rows of a file. A
numeric column that looks there like a row number, an identifier (every value a different whole
number) or an answer code (a few whole numbers, as a survey codes 1 = no, 2 = yes or a 1-5 scale)
is read in full before it gets that role:

- an identifier is left out when its values are different whole numbers on every one of at least
  `ID_MIN_ROWS` rows (a serial number, wherever its column is and however its rows are sorted),
  or whole numbers rising on every row (a running number), unless no other feature would be left;
  a column whose first rows rise but whose values repeat later (days 1-31, months) is data. All
  different whole numbers are an amount, not an identifier, when they are not a numbering (they
  leave more than half the whole numbers of their range unused) and either span an order of
  magnitude (populations, areas) or go with another measurement (a rank correlation no random
  serial reaches): R's state.x77 keeps its Population, Income and Area;
- a table whose every numeric feature holds at most `MAX_CODES` different whole numbers (more than
  two rows per code, none above `MAX_CODE_SIZE`) is a table of answer codes: its columns are read
  as levels (the values that occur, named by their numbers), as are the text answers beside them.
  Values 0 and 1 only stay numbers (the Bernoulli mixture reads them as they are), and so do word
  counts (`looks_like_documents`, for the multinomial).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .cells import is_value, parse_cell
from .columns import is_id_name, is_missing, is_row_number, text_columns, text_features_left_out
from .data import load_data
from .data_errors import DataError
from .preview import Preview

MAX_CODES = 10
"""A numeric column with at most this many different whole numbers can be answer codes (a 1-10 scale)."""
MAX_CODE_SIZE = 100
"""... each at most this large (99 for "no answer"); 1000, 2000, ... are amounts, not codes."""
ID_MIN_ROWS = 20
"""All-different whole numbers name the rows from this many rows on (fewer: a short table of measurements)."""
DOCUMENT_MIN_COLUMNS = 10
"""A table of counts needs at least this many columns (words) to be taken for documents."""
DOCUMENT_MIN_ZEROS = 0.5
"""... and at least this fraction of its cells 0 (most words absent from most documents)."""
_SUSPECT_ROWS = 5  # previewed rows, all different, that make a whole-number column worth reading in full


@dataclass(frozen=True)
class CheckedRoles:
    """The roles of a file's columns after the whole-file checks.

    Attributes
    ----------
    roles : tuple of str
        One role per column ("feature", "categorical", "label", "ignore").
    identifiers : tuple of (int, str)
        Each numeric column left out as naming the rows, with what it is and why in words
        ("a row number (its values rise with the line)").
    codes : tuple of int
        The numeric columns read as answer codes (levels).
    """

    roles: tuple[str, ...]
    identifiers: tuple[tuple[int, str], ...] = ()
    codes: tuple[int, ...] = ()


def _whole_numbers(preview: Preview, j: int) -> list[float] | None:
    """The previewed, non-missing cells of column `j` as numbers if every one is a whole number, else None."""
    cells = [row[j] if j < len(row) else "" for row in preview.rows]
    values = []
    for cell in cells:
        text = cell.strip()
        if is_missing(text):
            continue
        if not is_value(text, preview.decimal):
            return None
        number = parse_cell(text, preview.decimal)
        if not number.is_integer():
            return None
        values.append(number)
    return values


def _may_name_rows(preview: Preview, j: int, role: str) -> bool:
    """Whether column `j` could name the rows: previewed whole numbers, all different, none missing."""
    if role not in ("feature", "ignore") or (preview.header and is_id_name(preview.columns[j])):
        return False
    if role == "ignore" and not is_row_number(preview, j):
        return False
    values = _whole_numbers(preview, j)
    return values is not None and len(values) == len(preview.rows) >= _SUSPECT_ROWS and len(set(values)) == len(values)


def _may_be_codes(preview: Preview, j: int) -> bool:
    values = _whole_numbers(preview, j)
    return values is not None and len(set(values)) <= MAX_CODES and all(abs(v) <= MAX_CODE_SIZE for v in values)


def identifier_reason(values: np.ndarray, others: Sequence[np.ndarray] = ()) -> str | None:
    """What a column of `values` (shape (n_rows,), NaN where missing) is when it names the rows, and why
    ("a row number (its values rise with the line)"), or None if it is data.

    `others` (each of shape (n_rows,), NaN where missing) are the table's other numeric features: all
    different whole numbers that go with one of them are a measurement (see the module's notes).
    """
    if values.size < 2 or np.isnan(values).any() or not np.all(values == np.round(values)):
        return None
    if values.size >= _SUSPECT_ROWS and np.all(np.diff(values) > 0):
        return "a row number (its values rise with the line)"
    if values.size < ID_MIN_ROWS or np.unique(values).size != values.size:
        return None
    low, high = float(values.min()), float(values.max())
    numbering = high - low + 1 <= 2 * values.size  # most whole numbers of the range used: rows numbered
    if not numbering and (low < 0 or high >= 10 * max(low, 1.0) or _goes_with(values, others)):
        return None
    return f"an identifier (its {values.size} values are all different whole numbers)"


def _goes_with(values: np.ndarray, others: Sequence[np.ndarray]) -> bool:
    """Whether `values` have a rank correlation with one of `others` that a column of random numbers
    would reach by chance less than about once in a thousand tables (3 / sqrt(n), at least 0.3)."""
    ranks = _average_ranks(values)
    for column in others:
        column = np.asarray(column, dtype=np.float64)
        seen = ~np.isnan(column)
        n = int(seen.sum())
        if n < ID_MIN_ROWS:
            continue
        a, b = _average_ranks(ranks[seen]), _average_ranks(column[seen])
        a, b = a - a.mean(), b - b.mean()
        scale = float(np.sqrt((a @ a) * (b @ b)))
        if scale > 0 and abs(float(a @ b)) / scale >= max(0.3, 3.0 / np.sqrt(n)):
            return True
    return False


def _average_ranks(x: np.ndarray) -> np.ndarray:
    """The ranks of `x` (1..n), tied values sharing the mean of their ranks (as Spearman's rho ranks)."""
    order = np.argsort(x, kind="mergesort")
    ordered = x[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1], True])  # where each run of ties begins
    mean_rank = (starts[:-1] + starts[1:] + 1) / 2.0  # the 1-based ranks start+1 .. end, averaged
    ranks = np.empty(x.size)
    ranks[order] = np.repeat(mean_rank, np.diff(starts))
    return ranks


def code_columns(X: np.ndarray) -> np.ndarray:
    """Whether each column of `X` (n_samples, n_features; NaN where missing) holds answer codes: at most
    `MAX_CODES` different whole numbers no larger than `MAX_CODE_SIZE`, each code on more than two rows
    on average. Shape (n_features,)."""
    X = np.asarray(X, dtype=np.float64)
    result = np.zeros(X.shape[1], dtype=bool)
    for j in range(X.shape[1]):
        seen = X[~np.isnan(X[:, j]), j]
        if seen.size and np.all(seen == np.round(seen)) and np.all(np.abs(seen) <= MAX_CODE_SIZE):
            distinct = np.unique(seen).size
            result[j] = distinct <= MAX_CODES and 2 * distinct < seen.size
    return result


def checked_roles(
    preview: Preview, roles, *, skip_rows: int | None = None, codes: bool | None = None, fixed=()
) -> CheckedRoles:
    """`roles` (one per column of `preview`, as `guess_roles` gives them) checked over the whole file.

    Parameters
    ----------
    preview : Preview
    roles : sequence of str
    skip_rows : int, optional
        The lines skipped under the header, as the preview was read.
    codes : bool, optional
        None: read the numeric features as answer codes when the whole file shows they are; False:
        never (a model of numbers was chosen); True: always (a categorical model was chosen).
    fixed : collection of int
        Columns whose role the user chose: never left out as identifiers, nor taken back.

    Returns
    -------
    CheckedRoles
    """
    roles = list(roles)
    texts = set(text_columns(preview))
    numeric = [j for j in range(preview.n_columns) if j not in texts]
    suspects = [j for j in numeric if j not in fixed and _may_name_rows(preview, j, roles[j])]
    features = [j for j, role in enumerate(roles) if role == "feature" and j not in texts]
    code_suspects = features if codes is None and features and all(_may_be_codes(preview, j) for j in features) else []
    if not suspects and not code_suspects:
        return _with_codes(preview, roles, features) if codes else CheckedRoles(tuple(roles))
    wanted = sorted(set(suspects) | set(code_suspects))
    X = _read_columns(preview, wanted, skip_rows)
    if X is None:  # a cell further down is not a number: loading names it
        return CheckedRoles(tuple(roles))
    column = {j: X[:, k] for k, j in enumerate(wanted)}
    measured = [j for j in features if j not in column]
    more = _read_columns(preview, measured, skip_rows) if suspects and measured else None
    column.update({} if more is None else {j: more[:, k] for k, j in enumerate(measured)})
    found = {j: identifier_reason(column[j], [column[i] for i in features if i != j and i in column]) for j in suspects}
    kept = [j for j, role in enumerate(roles) if role in ("feature", "categorical") and found.get(j) is None]
    identifiers = []
    for j, reason in found.items():
        if reason is not None and kept:  # never the last features: a table of all-different numbers is data
            roles[j] = "ignore"
            identifiers.append((j, reason))
        elif reason is None and roles[j] == "ignore":  # rising in the first rows only: days of the month, data
            roles[j] = "feature"
    features = [j for j, role in enumerate(roles) if role == "feature" and j not in texts]
    if codes or (code_suspects and _answer_codes(np.column_stack([column[j] for j in features]) if features else None)):
        return _with_codes(preview, roles, features, tuple(identifiers))
    return CheckedRoles(tuple(roles), tuple(identifiers))


def _read_columns(preview: Preview, columns: list[int], skip_rows: int | None) -> np.ndarray | None:
    """The whole file's numeric `columns` (n_rows, len(columns); NaN where missing), or None when a cell
    in them is not a number."""
    try:
        return load_data(
            preview.path,
            feature_columns=columns,
            missing="keep",
            skip_rows=skip_rows,
            **({} if preview.is_npy else {"delimiter": preview.delimiter, "header": preview.header}),
            **({} if preview.is_npy else {"decimal": preview.decimal}),
        ).X
    except DataError:
        return None


def looks_like_documents(X: np.ndarray) -> bool:
    """Whether complete whole numbers `X` (n_samples, n_features) look like word counts: at least
    `DOCUMENT_MIN_COLUMNS` columns, at least `DOCUMENT_MIN_ZEROS` of the cells 0, none negative, and
    row totals that vary."""
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2 or X.size == 0 or np.isnan(X).any() or np.any(X < 0) or X.shape[1] < DOCUMENT_MIN_COLUMNS:
        return False
    totals = X.sum(axis=1)
    return float(np.mean(X == 0)) >= DOCUMENT_MIN_ZEROS and totals.max() > totals.min()


def _answer_codes(X: np.ndarray | None) -> bool:
    """Whether the features `X` are a table of answer codes (not 0/1 only, which stays Bernoulli, nor
    word counts, which the multinomial reads)."""
    if X is None or not code_columns(X).all() or looks_like_documents(X):
        return False
    seen = X[~np.isnan(X)]
    return not np.all((seen == 0) | (seen == 1))


def _with_codes(preview: Preview, roles: list[str], features: list[int], identifiers=()) -> CheckedRoles:
    """The numeric `features` read as levels, and the text answers left out beside them taken in."""
    answers = text_features_left_out(preview, roles)
    for j in [*features, *answers]:
        roles[j] = "categorical"
    return CheckedRoles(tuple(roles), tuple(identifiers), tuple(features))
