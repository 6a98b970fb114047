"""Guessing each column's role from the start of a file: feature, label or ignore.

One guesser for every way a file is opened (the import preview and the command line), so a file
gets the same label column whichever way it is opened.
"""

from __future__ import annotations

import re

from .data import MISSING_TOKENS
from .preview import Preview

ROLES = ("feature", "label", "ignore")
LABEL_NAMES = re.compile(r"(label|class|species|target|category|group|digit)s?", re.IGNORECASE)


def is_missing(cell: str) -> bool:
    """Whether a cell's text marks a missing value (empty, NA, NaN, ?, ...)."""
    return cell.strip().lower() in MISSING_TOKENS


def is_number(cell: str) -> bool:
    """Whether a cell's text is a number or a missing value (which stands in for one)."""
    try:
        float(cell)
    except ValueError:
        return is_missing(cell)
    return True


def text_columns(preview: Preview) -> list[int]:
    """0-based columns with no number in the previewed rows (missing values aside)."""
    if not preview.rows:
        return []
    return [
        j
        for j in range(preview.n_columns)
        if not any(is_number(row[j]) for row in preview.rows if j < len(row) and not is_missing(row[j]))
    ]


def guess_roles(preview: Preview) -> tuple[str, ...]:
    """One role per column: "label", "ignore" or "feature".

    A column named like 'class' (label, species, target, ..., with a header) is the label, else the
    first text column; the other text columns are ignored. Only while a numeric feature column is
    left: otherwise every column is a feature (so that loading names the cell that is not a number).

    Parameters
    ----------
    preview : Preview
        The start of the file, as :func:`~nbviz.core.preview.preview_table` reads it.

    Returns
    -------
    tuple of str of length n_columns
    """
    texts = text_columns(preview)
    named = [j for j, name in enumerate(preview.columns) if preview.header and LABEL_NAMES.fullmatch(name)]
    candidates = named or texts
    label = candidates[0] if candidates else None
    if len(texts) + (label not in texts) >= preview.n_columns:  # no numeric column would be left
        label, texts = None, []
    return tuple("label" if j == label else "ignore" if j in texts else "feature" for j in range(preview.n_columns))


def guess_label_column(preview: Preview) -> int | None:
    """The 0-based column `guess_roles` makes the label, or None."""
    roles = guess_roles(preview)
    return roles.index("label") if "label" in roles else None
