"""What a data file holds beside the features and labels, kept so that results can be joined back.

The reader (:mod:`nbviz.core.tables.data`) passes each row's cells through :func:`row_context`, which keeps
the text of the ignored columns (IDs, dates, other text) of the rows kept and every cell of the
rows dropped for missing values, with the reason. Nothing is kept for a file without ignored
columns and dropped rows, so a wide numeric file costs no extra memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class DroppedRow:
    """A row left out for missing values, as the file wrote it.

    Attributes
    ----------
    line : int
        Its 1-based file line (row of a ``.npy``).
    features : tuple of str
        The cells of the feature columns, in the order of ``Dataset.columns``.
    label : str or None
        The cell of the label column (None without one).
    ignored : tuple of str
        The cells of the ignored columns, in the order of `RowContext.ignored_columns`.
    reason : str
        Why it was dropped, e.g. ``"missing value in 'width'"``.
    """

    line: int
    features: tuple[str, ...]
    label: str | None
    ignored: tuple[str, ...]
    reason: str


@dataclass(frozen=True, eq=False)
class RowContext:
    """The ignored columns of the rows kept and the rows dropped.

    Attributes
    ----------
    ignored_columns : tuple of str
        Names of the file's columns that are neither features nor the label (``'column 3'``
        without a header, as the import preview names them).
    ignored_cells : ndarray of shape (n_samples, n_ignored) of str, or None
        Their stripped cell text for each kept row; None without ignored columns. Read-only.
    dropped_rows : tuple of DroppedRow
        In file order.
    """

    ignored_columns: tuple[str, ...] = ()
    ignored_cells: np.ndarray | None = None
    dropped_rows: tuple[DroppedRow, ...] = ()

    def __post_init__(self):
        if self.ignored_cells is not None:
            cells = np.array(self.ignored_cells, dtype=np.str_).reshape(-1, len(self.ignored_columns))
            cells.setflags(write=False)
            object.__setattr__(self, "ignored_cells", cells)


def number_text(value: float) -> str:
    """A number read as a float written back as text: whole numbers without ``.0``, NaN as ''."""
    if np.isnan(value):
        return ""
    if float(value).is_integer() and abs(value) < 2**53:
        return str(int(value))
    return repr(float(value))


def row_context(
    names: Sequence[str] | None,
    feature_js: Sequence[int],
    label_j: int | None,
    cells,
    lines: np.ndarray,
    missing: np.ndarray,
    label_missing: np.ndarray,
) -> RowContext | None:
    """The context of a file's rows, or None when there is nothing beside features and labels.

    Parameters
    ----------
    names : sequence of str or None
        The header's names of all file columns; None without a header.
    feature_js : sequence of int
        0-based file columns of the features.
    label_j : int or None
        0-based file column of the labels.
    cells : ndarray of shape (n_rows, n_columns), sequence of sequences of str, dict or None
        Every file column of every row: numbers (a numeric file) or the cells' text; or, for a
        file without ignored columns, a dict from row index to the texts of the rows with a
        missing cell. None: the rows have no ignored column and no missing value.
    lines : ndarray of shape (n_rows,)
        Each row's file line.
    missing : ndarray of shape (n_rows, n_features) of bool
        Missing feature values.
    label_missing : ndarray of shape (n_rows,) of bool
    """
    bad = missing.any(axis=1) | label_missing
    if cells is None:
        return None
    if isinstance(cells, np.ndarray):
        n_columns = cells.shape[1]
    else:
        n_columns = max(map(len, cells.values() if isinstance(cells, dict) else cells[:1]), default=0)
    used = {*feature_js, label_j}
    ignored_js = [j for j in range(n_columns) if j not in used]
    if not ignored_js and not bad.any():
        return None

    def text(i: int, j: int) -> str:
        return number_text(cells[i, j]) if isinstance(cells, np.ndarray) else cells[i][j].strip()

    feature_names = [names[j] if names is not None else f"x{k + 1}" for k, j in enumerate(feature_js)]
    ignored_cells = None
    if ignored_js:
        kept = np.flatnonzero(~bad)
        if isinstance(cells, np.ndarray):
            ignored_cells = np.array(
                [[number_text(v) for v in row] for row in cells[np.ix_(kept, np.array(ignored_js))]]
            )
        else:
            rows = cells if len(kept) == len(cells) else [cells[i] for i in kept.tolist()]
            ignored_cells = np.array([[row[j].strip() for j in ignored_js] for row in rows], dtype=np.str_)
    dropped = []
    for i in np.flatnonzero(bad).tolist():
        absent = [feature_names[k] for k in np.flatnonzero(missing[i])]
        reasons = [f"missing value{'s' * (len(absent) > 1)} in " + ", ".join(f"'{name}'" for name in absent)] * bool(
            absent
        )
        reasons += ["missing label"] * bool(label_missing[i])
        dropped.append(
            DroppedRow(
                int(lines[i]),
                tuple(text(i, j) for j in feature_js),
                None if label_j is None else text(i, label_j),
                tuple(text(i, j) for j in ignored_js),
                "; ".join(reasons),
            )
        )
    return RowContext(
        tuple(names[j] if names is not None else f"column {j + 1}" for j in ignored_js),
        ignored_cells.reshape(-1, len(ignored_js)) if ignored_cells is not None else None,
        tuple(dropped),
    )
