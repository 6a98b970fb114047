"""Numbers in text cells: the decimal mark, missing values and refused digit separators.

A number is read exactly as written (``'17,99'`` with the decimal comma is ``float('17.99')``).
Thousands separators (``1,000``, ``1.000,5``, ``1 000``) and Python's digit separator ``1_000``
are never read silently: such a cell is refused with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

#: Cell texts (compared stripped and lower-cased) that mean "no value here".
MISSING_TOKENS = frozenset({"", "na", "n/a", "#n/a", "nan", "-nan", "+nan", "null", "none", "?", "missing"})
#: ... in a column of text answers or labels: "None" is an answer there (MASS::survey's exercise: Freq,
#: Some, None), not a gap; in a column of numbers it can only be a gap.
TEXT_MISSING_TOKENS = MISSING_TOKENS - {"none"}
DECIMAL_MARKS = (".", ",")
_COMMA_NUMBER = re.compile(r"[+-]?\d*,\d+(?:[eE][+-]?\d+)?")  # '17,99': a decimal comma
_POINT_NUMBER = re.compile(r"[+-]?\d*\.\d+(?:[eE][+-]?\d+)?")  # '17.99'
_COMMA_GROUPS = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?")  # '1,000' or '1,000.5'
_POINT_GROUPS = re.compile(r"[+-]?\d{1,3}(?:\.\d{3})+(?:,\d*)?")  # '1.000' or '1.000,5'
_SPACE_GROUPS = re.compile(r"[+-]?\d{1,3}(?:[ \u00a0\u202f']\d{3})+(?:[.,]\d*)?")  # '1 000'
_DIGIT_SEPARATOR = re.compile(r"\d_\d")


def detect_decimal(rows: Iterable[list[str]], delimiter: str) -> str:
    """ "," when the delimiter is ';' or a tab and numeric cells are written like ``17,99`` (and
    none like ``17.99``); otherwise ".".

    Parameters
    ----------
    rows : iterable of list of str
        The first records' cells (a header row does no harm: names are not numbers).
    delimiter : str
    """
    if delimiter not in (";", "\t"):
        return "."
    commas = points = 0
    for fields in rows:
        for cell in fields:
            text = cell.strip()
            commas += _COMMA_NUMBER.fullmatch(text) is not None
            points += _POINT_NUMBER.fullmatch(text) is not None
    return "," if commas and not points else "."


_SHOWN_LENGTH = 40  # characters of a cell quoted in a message


def shown(text: str) -> str:
    """`text` quoted for a one-line message: whole when short, else its start and its length."""
    if len(text) <= _SHOWN_LENGTH:
        return f"'{text}'"
    return f"'{text[:_SHOWN_LENGTH]}…' ({len(text):,} characters)"


def is_value(cell: str, decimal: str = ".") -> bool:
    """Whether a cell's text is a number written with `decimal` or a missing value."""
    text = cell.strip()
    if text.lower() in MISSING_TOKENS:
        return True
    try:
        parse_cell(text, decimal)
    except ValueError:
        return False
    return True


def parse_cell(cell: str, decimal: str = ".") -> float:
    """The number in `cell` (NaN for a missing value); ValueError saying what is wrong and what to do."""
    text = cell.strip()
    if text.lower() in MISSING_TOKENS:
        return np.nan
    problem = separator_problem(text, decimal)
    if problem is not None:
        raise ValueError(problem)
    try:
        value = float(text.replace(",", ".") if decimal == "," else text)
    except ValueError:
        raise ValueError(f"{shown(text)} is not a number") from None
    if not np.isfinite(value):
        size = "infinite" if "inf" in text.lower() else "too large"
        raise ValueError(f"{shown(text)} is {size}; only finite numbers are allowed")
    return value


def separator_problem(text: str, decimal: str) -> str | None:
    """Why `text` (stripped) cannot be read with the decimal mark `decimal`, or None.

    Names digit separators and a decimal mark other than `decimal`; other non-numbers are left
    to ``float``.
    """
    refuse = "nbviz reads no thousands separators: write the numbers without them"
    if _DIGIT_SEPARATOR.search(text):
        return f"{shown(text)} has '_' between digits; {refuse}"
    if _SPACE_GROUPS.fullmatch(text):
        return f"{shown(text)} has a space between digit groups; {refuse}"
    if decimal == ".":
        if _COMMA_GROUPS.fullmatch(text) and "." in text:
            return f"{shown(text)} has ',' as a thousands separator; {refuse}"
        if _COMMA_GROUPS.fullmatch(text):
            return (
                f"{shown(text)} has a comma: a thousands separator, or a decimal comma; {refuse}, or, if the comma is "
                "the decimal mark, choose the decimal comma"
            )
        if _COMMA_NUMBER.fullmatch(text):
            return (
                f"{shown(text)} is written with a decimal comma but the decimal mark is the point; "
                "choose the decimal comma"
            )
        return None
    if _POINT_GROUPS.fullmatch(text) and ("," in text or not _POINT_NUMBER.fullmatch(text)):
        return f"{shown(text)} has '.' as a thousands separator; {refuse}"
    if "." in text and any(c.isdigit() for c in text):
        return (
            f"{shown(text)} is written with a decimal point (or a thousands separator) but the decimal mark is the "
            "comma; choose the decimal point"
        )
    return None


def parse_column(cells: list[str], decimal: str = ".") -> tuple[np.ndarray, tuple[int, str] | None]:
    """Values of shape (n,), NaN where missing, and the first bad cell ``(index, why)`` or None."""
    suspects: Iterable[int]
    marked = [i for i, cell in enumerate(cells) if "_" in cell or (decimal == "," and "." in cell)]
    if marked:  # separators, or a decimal point where the comma is the mark: refuse them by name
        for i in marked:
            problem = separator_problem(cells[i].strip(), decimal)
            if problem is not None:
                _, first = parse_column(cells[:i], decimal)
                return np.empty(len(cells)), first or (i, problem)
    texts = [cell.replace(",", ".") for cell in cells] if decimal == "," else cells
    try:
        values = np.array(texts, dtype=np.float64)
        suspects = np.flatnonzero(~np.isfinite(values))  # NaN, inf: missing or an error
    except ValueError:
        values, suspects = np.empty(len(cells)), range(len(cells))
    for index in suspects:
        try:
            values[index] = parse_cell(cells[index], decimal)
        except ValueError as exc:
            return values, (int(index), str(exc))
    return values, None
