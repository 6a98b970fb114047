"""The errors of reading data: what was wrong, with the file, line and column where it was."""

from __future__ import annotations


class DataError(ValueError):
    """Bad data file or array.

    Attributes
    ----------
    path : str or None
        The file, as given to :func:`load_data`.
    line : int or None
        1-based line of the file (the header is line 1) when the problem is on one line.
    column : str or None
        The column's header name, or its 1-based number as text (``'3'``) without a header.
    remedy : str or None
        What the user can change, for front ends to name their own control or option:
        "drop_missing", "header", "column" (make `column` the label or ignore it), "decimal".
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: str | None = None,
        remedy: str | None = None,
    ):
        super().__init__(message)
        self.path, self.line, self.column, self.remedy = path, line, column, remedy


class MissingValuesError(DataError):
    """Rows with missing values were found and ``drop_missing`` was False.

    Attributes
    ----------
    lines : tuple of int
        The 1-based file lines (rows of a ``.npy``) of every row with a missing value; these are
        the rows ``drop_missing=True`` drops.
    """

    def __init__(self, message: str, *, lines: tuple[int, ...], **where):
        super().__init__(message, **where)
        self.lines = lines


class LoadCancelled(Exception):
    """The `progress` callback of :func:`load_data` returned False: loading stopped."""
