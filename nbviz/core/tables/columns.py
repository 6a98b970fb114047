"""Guessing each column's role from the start of a file: feature, categorical, label or ignore.

One guesser for every way a file is opened (the import preview and the command line), so a file
gets the same label column whichever way it is opened.
"""

from __future__ import annotations

import itertools
import re

from .cells import MISSING_TOKENS, TEXT_MISSING_TOKENS, is_value, parse_cell
from .file_columns import FileTable, column_index
from .levels import MAX_LEVELS
from .preview import Preview

ROLES = ("feature", "categorical", "label", "ignore")
"""A feature holds numbers; a categorical feature text levels (yes / no / maybe)."""
LABEL_NAMES = re.compile(r"(label|class|species|target|category|group|digit)s?|y", re.IGNORECASE)
# Row numbers and identifiers: '', 'id', 'ID', 'sample_id', 'SampleID', 'index', 'Nr', ...
ID_NAMES = re.compile(r"|#|id|index|row|rownames|row\.names|no\.?|nr\.?|n°|.*[ _.\-]id|id[ _.\-].*", re.IGNORECASE)
DATE_NAMES = re.compile(r"date|time|timestamp|datetime|day|.*[ _.\-](date|time)", re.IGNORECASE)
_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}([ T].*)?|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}( .*)?|\d{1,2}:\d{2}(:\d{2})?")
_WHOLE = re.compile(r"[+-]?\d+")
_STAMP_SIZE = 10_000  # a number this large in a column named like a date is a stamp (20240131), not a day
_UNIQUE_ROWS = 5  # a text column with this many previewed rows, all different, names rows: no label


def is_missing(cell: str, text: bool = False) -> bool:
    """Whether a cell's text marks a missing value (empty, NA, NaN, ?, ...); in a `text` column (answers,
    labels) "None" is an answer, not a gap (`cells.TEXT_MISSING_TOKENS`)."""
    return cell.strip().lower() in (TEXT_MISSING_TOKENS if text else MISSING_TOKENS)


def is_number(cell: str, decimal: str = ".") -> bool:
    """Whether a cell's text is a number written with `decimal`, or a missing value (which stands in for one)."""
    return is_value(cell, decimal)


def _cells(preview: Preview, j: int) -> list[str]:
    """The previewed, non-missing cells of column `j`."""
    return [row[j] for row in preview.rows if j < len(row) and not is_missing(row[j])]


def _is_numeric(cell: str) -> bool:
    """A number with either decimal mark: a column of them is numeric whichever mark is chosen (so a
    wrong choice is named when loading instead of changing the columns' roles)."""
    return is_value(cell, ".") or is_value(cell, ",")


def text_columns(preview: Preview) -> list[int]:
    """0-based columns with no number in the previewed rows (missing values aside)."""
    if not preview.rows:
        return []
    return [j for j in range(preview.n_columns) if (cells := _cells(preview, j)) and not any(map(_is_numeric, cells))]


def is_date_column(preview: Preview, j: int) -> bool:
    """Whether column `j` holds only dates and times, or is named like one ('date', 'day', 'time') and
    holds more than small numbers: a day of the month (1-31) or a time in hours is data, a stamp
    (20240131, seconds since 1970) is not."""
    cells = _cells(preview, j)
    named = preview.header and DATE_NAMES.fullmatch(preview.columns[j]) is not None
    if named and cells and all(_is_numeric(cell) for cell in cells):
        return any(
            abs(parse_cell(cell, preview.decimal)) >= _STAMP_SIZE for cell in cells if is_value(cell, preview.decimal)
        )
    return named or (bool(cells) and all(_DATE.fullmatch(cell.strip()) for cell in cells))


def is_row_number(preview: Preview, j: int) -> bool:
    """Whether column `j` numbers the rows whatever its name ('sample', 'sherd', 'student'): whole
    numbers rising on every one of at least `_UNIQUE_ROWS` previewed rows, none missing."""
    cells = [row[j] if j < len(row) else "" for row in preview.rows]
    if len(cells) < _UNIQUE_ROWS or not all(_WHOLE.fullmatch(cell.strip()) for cell in cells):
        return False
    numbers = [int(cell) for cell in cells]
    return all(b > a for a, b in itertools.pairwise(numbers))


def is_id_name(name: str) -> bool:
    """Whether a column's name says it names rows: 'id', 'Nr', 'sample_id', 'SampleID', or no name (R's row names)."""
    name = name.strip()
    return bool(ID_NAMES.fullmatch(name)) or (name.endswith("ID") and name[:-2].isalpha())  # the capitals mark it


def is_id_column(preview: Preview, j: int) -> bool:
    """Whether column `j` names rows: named like an ID (or not named, as R's row names), a row
    number (`is_row_number`), or text that differs on each of at least `_UNIQUE_ROWS` previewed rows."""
    if preview.header and is_id_name(preview.columns[j]):
        return True
    if is_row_number(preview, j):
        return True
    cells = _cells(preview, j)
    texts = not any(_is_numeric(cell) for cell in cells)
    return texts and len(cells) >= _UNIQUE_ROWS and len(set(cells)) == len(cells)


def has_few_levels(preview: Preview, j: int) -> bool:
    """Whether text column `j` looks like answers: at most `MAX_LEVELS` distinct texts in the
    previewed rows, and fewer than half as many as it has (non-missing) previewed cells."""
    cells = [cell.strip() for cell in _cells(preview, j)]
    distinct = len(set(cells))
    return 0 < distinct <= MAX_LEVELS and 2 * distinct < len(cells)


def text_features_left_out(preview: Preview, roles) -> list[int]:
    """The ignored text columns with few levels (`has_few_levels`) beside numeric features: answers
    a mixed table could take in (`guess_roles` takes them; a choice of columns may leave them out)."""
    if "feature" not in roles:
        return []
    return [
        j
        for j in text_columns(preview)
        if roles[j] == "ignore"
        and has_few_levels(preview, j)
        and not is_id_column(preview, j)
        and not is_date_column(preview, j)
    ]


def guess_roles(preview: Preview) -> tuple[str, ...]:
    """One role per column: "label", "ignore", "feature" or "categorical".

    A column named like 'class' (label, species, target, y without an x, ..., numbers or text) is
    the label, else (beside numeric features) the first text column that is neither an ID nor a date,
    unless two or more text columns have few levels (a survey's answers beside its measurements: none
    is the label, the answers are clustered with the measurements);
    ID columns (named like 'id', 'sample_id', 'Nr' or unnamed, whole numbers rising with the line,
    or text different on every row) and date and time columns are ignored. The other text columns
    with few levels (`has_few_levels`) are categorical features, beside numeric features too (a
    mixed table of measurements and answers); other text is ignored. When neither kind of feature
    is left, every column is a feature (so that loading names the cell that is not a number).

    Parameters
    ----------
    preview : Preview
        The start of the file, as :func:`~nbviz.core.tables.preview.preview_table` reads it.

    Returns
    -------
    tuple of str of length n_columns
    """
    texts = text_columns(preview)
    names = [name.strip().lower() for name in preview.columns] if preview.header else []
    ignored = [j for j in range(preview.n_columns) if is_id_column(preview, j) or is_date_column(preview, j)]
    named = [
        j
        for j, name in enumerate(names)
        if LABEL_NAMES.fullmatch(name) and not (name == "y" and "x" in names) and j not in ignored
    ]
    label = named[0] if named else None
    numeric = [j for j in range(preview.n_columns) if j not in texts and j not in ignored and j != label]
    kept = [j for j in texts if j not in ignored]
    answers = [j for j in kept if j != label and has_few_levels(preview, j)]
    if label is None and numeric and len(answers) < 2:
        label = next(iter(kept), None)  # iris's variety: beside the numbers, the text column is the classes
    if not numeric and answers:  # a table of answers: latent class analysis
        return tuple(
            "label" if j == label else "categorical" if j in answers else "ignore" for j in range(preview.n_columns)
        )
    dropped = set(texts) | set(ignored)
    if not numeric:  # no numeric column would be left
        label, dropped = None, set()
    beside = {j for j in answers if j != label} if numeric else set()  # answers beside measurements: a mixed table
    return tuple(
        "label" if j == label else "categorical" if j in beside else "ignore" if j in dropped else "feature"
        for j in range(preview.n_columns)
    )


def is_label_name(preview: Preview, j: int) -> bool:
    """Whether column `j` is named like the classes ('class', 'species', 'label', 'y', ...)."""
    return preview.header and LABEL_NAMES.fullmatch(preview.columns[j].strip()) is not None


def guess_label_column(preview: Preview) -> int | None:
    """The 0-based column `guess_roles` makes the label, or None."""
    roles = guess_roles(preview)
    return roles.index("label") if "label" in roles else None


def resolve_column(preview: Preview, key, role: str) -> int:
    """The 0-based column `key` (a header name or a 0-based number) names; DataError naming the
    file and the columns there are otherwise. `role` words the message ("label column")."""
    names = preview.columns if preview.header else None
    table = FileTable(preview.path, names, preview.n_columns, unit="row" if preview.is_npy else "line")
    return column_index(table, key, role)
