"""Data that does not fit a model, said in the user's terms: the column's name and the file line.

The core reports the first offending value as ``X[row, column]`` counting from 0
(`nbviz.core.DataFitError`); a user knows the column by its header and the row by the line of the
file, e.g. "petal_length on line 2 is 1.4, not a whole-number count; use a Gaussian mixture ...".
"""

from __future__ import annotations

import nbviz.core as nc
from nbviz.translation_marks import translate

from .problem import Problem


def describe_fit_error(problem: Problem, error: Exception) -> str:
    """The reason `problem`'s data cannot be used, naming the column and line; other errors as they are."""
    if not isinstance(error, nc.DataFitError):
        return str(error)
    if error.row < 0 and 0 <= error.column < len(problem.columns):  # the whole column, e.g. nothing observed
        return f"{problem.columns[error.column]} {error.problem}; {error.advice}"
    if not (0 <= error.row < problem.n_samples and 0 <= error.column < len(problem.columns)):
        return str(error)  # raised on other data than this problem's: the core's positions are all there is
    return (
        f"{problem.columns[error.column]} {row_place(problem, error.row)} is {error.value:.10g}, "
        f"{error.problem}; {error.advice}"
    )


def row_unit(problem: Problem) -> str | None:
    """What a user calls a row of `problem`'s file ("line", or "row" of a ``.npy``); None when the
    rows are not known by their place in a file."""
    lines = problem.lines
    if lines is None or len(lines) != problem.n_samples:
        return None
    return "row" if (problem.source or "").lower().endswith(".npy") else "line"


def row_number(problem: Problem, row: int) -> int:
    """The number a user finds data row `row` (0-based) by: its file line (or ``.npy`` row), else row + 1."""
    lines = problem.lines
    return int(lines[row]) if lines is not None and row_unit(problem) is not None else row + 1


def row_place(problem: Problem, row: int) -> str:
    """Where data row `row` (0-based) is, as a user finds it: ``"on line 7"`` of the file, or ``"in row 3"``."""
    unit = row_unit(problem)
    return f"on {unit} {row_number(problem, row)}" if unit is not None else f"in row {row + 1}"


def point_name(problem: Problem, row: int) -> str:
    """A data row's name as a user finds it in the file: ``"Line 48"`` (``"Row 3"`` of a ``.npy``),
    or ``"Point 47"`` (1-based) for data not read from a file."""
    unit = row_unit(problem)
    if unit == "line":
        return translate("nbviz", "Line {0}").format(row_number(problem, row))
    if unit == "row":
        return translate("nbviz", "Row {0}").format(row_number(problem, row))
    return translate("nbviz", "Point {0}").format(row + 1)
