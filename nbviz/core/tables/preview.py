"""A first look at a data file: detected delimiter and header, column names and the first rows.

Uses the detection of :mod:`nbviz.core.tables.data`, so the preview shows the file as
:func:`~nbviz.core.tables.data.load_data` will read it with the same `delimiter` and `header`.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass

from ..params import check_integer
from .data import _first_record, _open_text
from .data_errors import DataError
from .dialect import SAMPLE_LINES, is_header, sniff, split_records
from .npy_file import read_bytes, read_npy
from .skipped_rows import NOTHING_SKIPPED, Skipped
from .skipped_rows import skip_rows as _skip
from .text_source import TextError, TextSource


@dataclass(frozen=True)
class Preview:
    """The start of a data file as text cells.

    Attributes
    ----------
    path : str
    is_npy : bool
        A ``.npy`` array: no delimiter and no header.
    delimiter : str or None
        The delimiter used (``" "``: runs of spaces and tabs); None for ``.npy``.
    header : bool
        Whether the first row names the columns (always False for ``.npy``).
    detected_delimiter, detected_header : str or None, bool
        What detection chose; equal to `delimiter` and `header` unless they were given.
    columns : tuple of str
        One name per column of the first row: the header's names, else ``'column 1'``, ...
    rows : tuple of tuple of str
        The first data rows as stripped cell texts (a ragged row keeps its own length).
    lines : tuple of int
        The 1-based file line (``.npy``: row) where each of `rows` starts.
    complete : bool
        True if `rows` holds every row of the file.
    decimal, detected_decimal : str
        The decimal mark used ("." or ","), and what detection chose.
    encoding : str
        The text's codec ("utf-8", "utf-8-sig", "utf-16-le", "utf-16-be", "cp1252"); "" for ``.npy``.
    skipped : Skipped
        The lines skipped under the header (a units row, or `skip_rows`), not in `rows`.
    """

    path: str
    is_npy: bool
    delimiter: str | None
    header: bool
    detected_delimiter: str | None
    detected_header: bool
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[int, ...]
    complete: bool
    decimal: str = "."
    detected_decimal: str = "."
    encoding: str = ""
    skipped: Skipped = NOTHING_SKIPPED

    @property
    def n_columns(self) -> int:
        """Number of columns of the first row."""
        return len(self.columns)


def preview_table(
    path,
    delimiter: str | None = None,
    header: bool | None = None,
    n_rows: int = 20,
    decimal: str | None = None,
    skip_rows: int | None = None,
) -> Preview:
    """The first `n_rows` data rows of `path` with the detected (or given) delimiter and header.

    Parameters
    ----------
    path : str or os.PathLike
        A delimited text file or a ``.npy`` array, as for :func:`~nbviz.core.tables.data.load_data`.
    delimiter : str, optional
        One character, ``" "`` for whitespace. Default: detected (tab for ``.tsv``).
    header : bool, optional
        Whether the first row names the columns. Default: detected.
    n_rows : int
        How many data rows to return at most (>= 0).
    decimal : {".", ","}, optional
        The decimal mark. Default: detected.
    skip_rows : int, optional
        Lines to skip after the header, as for :func:`~nbviz.core.tables.data.load_data`.
        Default: a units row under the header is skipped.

    Returns
    -------
    Preview

    Raises
    ------
    DataError
        For a missing, empty, binary or undecodable file, or a bad ``.npy``, naming the file.
    """
    n_rows = check_integer(n_rows, "n_rows", low=0)
    count = None if skip_rows is None else check_integer(skip_rows, "skip_rows", low=0)
    path = os.fspath(path)
    name = os.path.basename(path)
    if path.lower().endswith(".npy"):
        array = read_npy(read_bytes(path), path)
        rows = tuple(tuple(f"{value:g}" for value in row) for row in array[:n_rows])
        return Preview(
            path,
            True,
            None,
            False,
            None,
            False,
            tuple(f"column {j + 1}" for j in range(array.shape[1])),
            rows,
            tuple(range(1, len(rows) + 1)),
            len(array) <= n_rows,
        )
    try:
        with _open_text(path) as stream:
            source = TextSource(path, stream)
            lines, _ = _first_record(source, SAMPLE_LINES + n_rows + (count or 0) + 1)
            whole = source.finished
    except TextError as error:
        raise DataError(str(error), path=path, line=error.line) from None
    detected, detected_decimal = sniff(lines, path)
    delimiter = delimiter or detected
    decimal = decimal or (detected_decimal if delimiter == detected else sniff(lines, path, delimiter)[1])
    records = split_records(lines, delimiter, path, quoted=any('"' in line for line in lines))
    record = next(records, None)
    if record is None:
        raise DataError(f"{name} is empty: it has only blank or comment lines", path=path)
    first_line, first = record
    detected_header = is_header(first, None)
    header = detected_header if header is None else bool(header)
    if header:
        columns = tuple(cell.strip() for cell in first)
    else:
        columns = tuple(f"column {j + 1}" for j in range(len(first)))
        records = itertools.chain([(first_line, first)], records)
    records, skipped = _skip(records, first_line if header else first_line - 1, count, decimal)
    body: list = []
    for record in records:
        if len(body) > n_rows:
            break
        body.append(record)
    complete = whole and len(body) <= n_rows
    body = body[:n_rows]
    return Preview(
        path,
        False,
        delimiter,
        header,
        detected,
        detected_header,
        columns,
        tuple(tuple(cell.strip() for cell in fields) for _, fields in body),
        tuple(line for line, _ in body),
        complete,
        decimal,
        detected_decimal,
        source.encoding,
        skipped,
    )
