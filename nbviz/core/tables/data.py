"""Load data sets from CSV, TSV, semicolon or whitespace separated text files and ``.npy`` files.

Every problem raises :class:`DataError` naming the file, the 1-based line of the file (the header
is line 1) and the column. Nothing is fixed silently: rows with missing values are dropped only
with ``drop_missing=True`` (or ``missing="drop"``) and are listed in :attr:`Dataset.dropped_lines`;
``missing="keep"`` keeps missing feature cells as NaN. Blank lines hold no row and are skipped; so
are a units row under the header and the lines ``skip_rows`` names, listed in :attr:`Dataset.skipped`.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .cells import DECIMAL_MARKS, TEXT_MISSING_TOKENS, parse_column
from .data_errors import DataError, LoadCancelled, MissingValuesError
from .dialect import (
    CANDIDATE_DELIMITERS,
    SAMPLE_LINES,
    WHITESPACE,
    is_header,
    looks_like_value,
    sniff,
    split_records,
)
from .file_columns import FileTable, check_ragged, choose_columns, level_columns
from .levels import MAX_LEVELS, TextCoder, TextCodes, encode_texts, level_names, sorted_codes
from .npy_file import read_bytes, read_npy
from .paths import regular_file_size
from .row_context import RowContext, row_context
from .skipped_rows import NOTHING_SKIPPED, Skipped, skip_rows
from .text_source import TextError, TextSource, is_comment

_CHUNK_LINES = 65536  # lines of a clean file parsed between two progress reports
_CAREFUL_LINES = 1 << 14  # records parsed and checked at a time (and between progress reports)


class _Progress:
    """Calls the user's ``progress(fraction)`` with fractions that only grow, from 0 to 1.

    ``stage(low, high)`` maps the fractions of the next stage of work into [low, high].
    """

    def __init__(self, callback: Callable[[float], object] | None):
        self.callback, self.low, self.high, self.reached = callback, 0.0, 1.0, 0.0

    def stage(self, low: float, high: float) -> None:
        self.low, self.high = max(low, self.reached), high

    def __call__(self, fraction: float) -> None:
        if self.callback is None:
            return
        self.reached = max(self.reached, self.low + (self.high - self.low) * min(fraction, 1.0))
        if self.callback(self.reached) is False:
            raise LoadCancelled("loading was cancelled")


@dataclass(frozen=True, eq=False)  # eq=False: == on array fields would raise; compare X etc.
class Dataset:
    """A loaded data set: features ``X`` of shape (n_samples, n_features) and optional labels.

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features)
        float64, read-only.
    columns : tuple of str
        The feature columns' names (``'x1'``, ``'x2'``, ... without a header).
    labels : ndarray of shape (n_samples,) or None
        int64 indices into `classes`, read-only.
    classes : tuple of str or None
        The distinct label values as text: numeric ones sorted numerically and written in
        shortest form (``'2.0'`` becomes ``'2'``), text ones sorted alphabetically.
    label_name : str or None
        The label column's name.
    path : str or None
        The file read.
    dropped_lines : tuple of int
        The 1-based file lines (rows of a ``.npy``) that ``drop_missing=True`` dropped.
    lines : ndarray of shape (n_samples,) or None
        int64, read-only: the 1-based file line (row of a ``.npy``) of each row of ``X``, so
        messages about a row can name the line a user sees in an editor; None for a data set
        not read from a file.
    context : RowContext or None
        The ignored columns' text and the dropped rows, to join results back to the file; None
        when the file has neither.
    levels : tuple of tuple of str, or None
        For features read as text (``categorical_columns``): each feature's level names, the
        ``l``-th naming code ``l`` of ``X``, and () for a numeric feature beside them (a mixed
        table); None when every feature is numeric.
    skipped : Skipped
        The lines skipped under the header (a units row, or ``skip_rows``).
    """

    X: np.ndarray
    columns: tuple[str, ...]
    labels: np.ndarray | None
    classes: tuple[str, ...] | None
    label_name: str | None
    path: str | None
    dropped_lines: tuple[int, ...] = ()
    lines: np.ndarray | None = None
    context: RowContext | None = None
    levels: tuple[tuple[str, ...], ...] | None = None
    skipped: Skipped = NOTHING_SKIPPED


def load_data(
    path,
    label_column=None,
    *,
    feature_columns=None,
    delimiter=None,
    header=None,
    decimal=None,
    drop_missing=False,
    missing=None,
    progress=None,
    categorical_columns=None,
    skip_rows=None,
) -> Dataset:
    """Load a data set from a delimited text file or a ``.npy`` array.

    Parameters
    ----------
    path : str or os.PathLike
        A ``.npy`` file holding a numeric array of shape (n_samples, n_columns) (1-D: one column),
        or a text file (UTF-8 or UTF-16 with or without a byte order mark, else Windows-1252)
        separated by commas, tabs, semicolons or whitespace. Lines starting with ``#`` are
        comments and are skipped.
    label_column : str or int, optional
        Column of class labels (numbers or text): a header name, or a 0-based index counting all
        columns of the file (negative counts from the end). None: no labels.
    feature_columns : sequence of str or int, optional
        Feature columns (names or 0-based indices). Default: all columns but the label column.
    delimiter : str, optional
        One character; ``" "`` means runs of spaces and tabs. Default: tab for ``.tsv`` files,
        otherwise detected from the first lines.
    header : bool, optional
        Whether the first row names the columns. Default: detected; a first row with a
        non-numeric cell outside the label column is a header.
    decimal : {".", ","}, optional
        The decimal mark. Default: detected (the comma when the delimiter is ';' or a tab and
        numbers are written like ``17,99``). Thousands separators are refused, never read.
    drop_missing : bool
        Drop rows with missing values (empty, NA, NaN, ?, ...) instead of raising DataError; the
        same as ``missing="drop"``.
    missing : {"refuse", "drop", "keep"}, optional
        What a missing feature cell does: "refuse" (the default) raises MissingValuesError, "drop"
        drops its row, "keep" keeps it as NaN in ``X`` (for models that marginalise missing
        cells). A missing label is refused by "refuse" and "keep" alike: a row without its class
        cannot be used by a supervised fit; "drop" drops it.
    progress : callable, optional
        Called now and then from the parsing loop as ``progress(fraction)`` with a fraction of the
        work done that grows from 0 to 1; returning False stops the load with LoadCancelled.
    categorical_columns : sequence of str or int, optional
        Feature columns read as text levels (yes / no / maybe), each coded 0 .. L_j - 1 in the
        order of :mod:`~nbviz.core.tables.levels` (sorted), with their names in
        :attr:`Dataset.levels`; at most `MAX_LEVELS` levels each. The other feature columns are
        numbers (a mixed table: their entries of `Dataset.levels` are ()). Text files only.
    skip_rows : int, optional
        Lines to skip after the header (the first lines without one), blank lines counted.
        Default: a units row under the header (``,km/s``) is recognised and skipped; 0 skips nothing.

    Returns
    -------
    Dataset
        ``X`` of shape (n_samples, n_features); ``labels`` of shape (n_samples,) or None.

    Raises
    ------
    DataError
        For any problem, naming the file, the line and the column; MissingValuesError (a
        DataError) for missing values without ``drop_missing``, listing the lines.
    LoadCancelled
        When `progress` returned False.

    Examples
    --------
    >>> import os, tempfile, nbviz.core as nc
    >>> path = os.path.join(tempfile.mkdtemp(), "petals.csv")
    >>> with open(path, "w") as file:
    ...     _ = file.write("length,width,species\\n1.4,0.2,setosa\\n4.7,1.4,versicolor\\n1.3,0.2,setosa\\n")
    >>> data = nc.load_data(path, "species")
    >>> data.X.tolist(), data.columns, data.labels.tolist(), data.classes
    ([[1.4, 0.2], [4.7, 1.4], [1.3, 0.2]], ('length', 'width'), [0, 1, 0], ('setosa', 'versicolor'))
    >>> data.lines.tolist()  # the file line of each row (the header is line 1)
    [2, 3, 4]
    >>> nc.load_data(path, "colour")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nbviz.core.tables.data_errors.DataError: petals.csv: the label column 'colour' does not exist; the columns are ...
    """
    path = os.fspath(path)
    rule = _missing_rule(missing, drop_missing)
    try:
        return _load_data(
            path,
            label_column,
            feature_columns,
            delimiter,
            header,
            decimal,
            rule,
            _Progress(progress),
            _Reading(categorical_columns, skip_rows),
        )
    except MemoryError:
        raise _out_of_memory(path) from None


MISSING_RULES = ("refuse", "drop", "keep")


def _missing_rule(missing, drop_missing) -> str:
    """The one rule for missing cells that `missing` and `drop_missing` ask for; ValueError if they disagree."""
    if missing is None:
        return "drop" if drop_missing else "refuse"
    if missing not in MISSING_RULES:
        raise ValueError(f"missing must be one of {', '.join(MISSING_RULES)}; got {missing!r}")
    if drop_missing and missing != "drop":
        raise ValueError(f"drop_missing=True contradicts missing={missing!r}; give one of them")
    return missing


def _out_of_memory(path: str) -> DataError:
    """The DataError for a file whose numbers do not fit in the memory that is free."""
    try:
        size = f"{os.path.getsize(path) / 1e6:,.1f} MB"
    except OSError:
        size = "size unknown"
    return DataError(
        f"{os.path.basename(path)} ({size}) does not fit in the memory that is free: its numbers take 8 bytes "
        "each in memory; load fewer rows or columns (split the file, or pick the columns you need), or close "
        "other programs and try again",
        path=path,
    )


@dataclass(frozen=True)
class _Reading:
    """`load_data`'s choices about text: the columns read as levels and the lines skipped."""

    categorical_columns: object = None
    skip_rows: int | None = None


def _load_data(
    path: str, label_column, feature_columns, delimiter, header, decimal, missing_rule, report, reading: _Reading
) -> Dataset:
    """`load_data` for a path given as text, reporting to `report`."""
    regular_file_size(path)  # a pipe or a device is refused before anything opens it
    count = reading.skip_rows
    if count is not None and (isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 0):
        raise DataError(f"skip_rows must be a whole number of lines, 0 or more, not {count!r}", path=path)
    if path.lower().endswith(".npy"):
        if reading.categorical_columns:
            raise DataError(
                f"{os.path.basename(path)}: a .npy holds numbers; categorical columns are read from text files",
                path=path,
            )
        raw = read_bytes(path)
        if not raw:
            raise DataError(f"{os.path.basename(path)} is empty", path=path)
        dataset = _load_npy(raw, path, label_column, feature_columns, missing_rule)
        report(1.0)
        return dataset
    if delimiter is not None and (not isinstance(delimiter, str) or len(delimiter) != 1 or delimiter in '"\r\n'):
        raise DataError(f"the delimiter must be one character such as ',' or '\\t', not {delimiter!r}", path=path)
    if decimal is not None and decimal not in DECIMAL_MARKS:
        raise DataError(f"the decimal mark must be '.' or ',', not {decimal!r}", path=path)
    if delimiter is None or delimiter in CANDIDATE_DELIMITERS:
        streamed = (
            None
            if reading.categorical_columns
            else _load_clean_text(
                path, label_column, feature_columns, delimiter, header, decimal, missing_rule, report, count
            )
        )
        if streamed is not None:
            return streamed
    # not clean: the careful parse does the rest, its progress continuing from where it is
    report.stage(report.reached, 1.0)
    try:
        with _open_text(path) as stream:
            return _load_careful(
                TextSource(path, stream),
                label_column,
                feature_columns,
                delimiter,
                header,
                decimal,
                missing_rule,
                report,
                reading,
            )
    except TextError as error:
        raise DataError(str(error), path=path, line=error.line) from None


def _open_text(path: str):
    """The file opened for binary reading; DataError for a missing, folder, unreadable or empty path."""
    if regular_file_size(path) == 0:
        raise DataError(f"{os.path.basename(path)} is empty", path=path)
    try:
        return open(path, "rb")
    except OSError as exc:
        raise DataError(f"cannot read {path}: {exc.strerror or exc}", path=path) from exc


def _first_record(source: TextSource, min_lines: int):
    """(the first piece of lines, its first record ``(line, fields)`` or None, the other pieces)."""
    pieces = source.pieces(min_lines)
    lines = next(pieces, [])
    if not lines:
        raise DataError(f"{source.name} is empty", path=source.path)
    return lines, pieces


def _load_careful(
    source: TextSource, label_column, feature_columns, delimiter, header, decimal, missing_rule, report, reading
) -> Dataset:
    """Every record parsed and checked, `_CAREFUL_LINES` at a time: only the numbers are kept.

    Reads the file as a stream (never its whole text), so memory holds the float64 numbers, one
    chunk's cells and an int64 code per row for the labels. Any bad cell is named.
    """
    path = source.path
    size = max(os.path.getsize(path), 1)
    first_piece, pieces = _first_record(source, SAMPLE_LINES + 1)
    delimiter, decimal = sniff(first_piece, path, delimiter, decimal)
    records = split_records(itertools.chain(first_piece, itertools.chain.from_iterable(pieces)), delimiter, path, True)
    del first_piece
    record = next(records, None)
    if record is None:
        raise DataError(f"{source.name} is empty: it has only blank or comment lines", path=path)
    first_line, first = record
    if header is None:
        header = is_header(first, label_column)
    table = FileTable(path, tuple(cell.strip() for cell in first) if header else None, len(first))
    label_j, feature_js = choose_columns(table, label_column, feature_columns)
    level_js = level_columns(table, reading.categorical_columns, feature_js)
    if not header:
        records = itertools.chain([(first_line, first)], records)
    records, skipped = skip_rows(records, first_line if header else first_line - 1, reading.skip_rows, decimal)
    blocks: list[np.ndarray] = []
    line_blocks: list[np.ndarray] = []
    code_blocks: list[np.ndarray] = []
    label_texts = TextCoder()  # label text -> its code, in order of appearance
    level_texts = {k: TextCoder() for k, j in enumerate(feature_js) if j in level_js}
    # what `row_context` needs to join exports back: every row's cells when some columns are
    # ignored (their text is kept anyway), else only the rows with a missing cell
    ignored = len(feature_js) + (label_j is not None) < table.n_columns
    aside: list | dict = [] if ignored else {}
    rows_read = 0  # rows of the chunks before this one
    first_chunk = True
    while chunk := list(itertools.islice(records, _CAREFUL_LINES)):
        check_ragged(table, chunk, delimiter, first_line)
        X = np.empty((len(chunk), len(feature_js)))
        problems = []
        for k, j in enumerate(feature_js):
            if k in level_texts:
                X[:, k] = level_texts[k].code([fields[j] for _, fields in chunk])
                continue
            X[:, k], problem = parse_column([fields[j] for _, fields in chunk], decimal)
            if problem is not None:
                problems.append((problem[0], j, problem[1]))
        if problems:
            raise _cell_error(table, chunk, min(problems), first_chunk, header, label_column)
        if isinstance(aside, list):
            aside.extend(fields for _, fields in chunk)
        else:
            gaps = np.isnan(X).any(axis=1)
            for j in ([] if label_j is None else [label_j]) + sorted(level_js):
                gaps |= np.array([fields[j].strip().lower() in TEXT_MISSING_TOKENS for _, fields in chunk])
            aside.update((rows_read + i, chunk[i][1]) for i in np.flatnonzero(gaps).tolist())
        blocks.append(X)
        rows_read += len(chunk)
        line_blocks.append(np.fromiter((line for line, _ in chunk), dtype=np.int64, count=len(chunk)))
        if label_j is not None:
            code_blocks.append(label_texts.code([fields[label_j] for _, fields in chunk]))
        del chunk
        first_chunk = False
        report(source.bytes_read / size)
    if not blocks:
        raise DataError(
            f"{table.name} has a header row (line {first_line}) but no data rows", path=path, line=first_line
        )
    X = _stack(blocks)
    for k, coder in level_texts.items():
        missing = TextCodes(X[:, k].astype(np.int64), coder.texts).missing()
        X[missing, k] = np.nan
    labels = None if label_j is None else TextCodes(_stack(code_blocks), label_texts.texts)
    levels = {k: coder.texts for k, coder in level_texts.items()}
    return _finish(
        table, X, feature_js, labels, label_j, _stack(line_blocks), missing_rule, aside or None, levels, skipped
    )


def _stack(blocks: list[np.ndarray]) -> np.ndarray:
    """The blocks (equal but for their first dimension) stacked along it; `blocks` is emptied as
    they are copied, so memory holds the result and one block, not twice the result."""
    if len(blocks) == 1:
        return blocks.pop()
    result = np.empty((sum(len(block) for block in blocks),) + blocks[0].shape[1:], dtype=blocks[0].dtype)
    start = 0
    for i, block in enumerate(blocks):
        result[start : start + len(block)] = block
        start += len(block)
        blocks[i] = None  # type: ignore[call-overload]
    blocks.clear()
    return result


def _cell_error(
    table: FileTable, chunk: list, problem: tuple, first_rows: bool, header: bool, label_column
) -> DataError:
    """The DataError for the bad cell `problem` = (row in `chunk`, file column, why); `first_rows`:
    `chunk` starts with the file's first data row."""
    i, j, what = problem
    if i == 0 and first_rows and what.endswith("is not a number"):  # in the first row: likely a text column
        if not header and not any(looks_like_value(cell) for cell in chunk[0][1]):  # a row of names read as data
            what += f"; if line {chunk[0][0]} names the columns, read it as a header row"
            return table.error(what, chunk[i][0], j, remedy="header")
        if label_column is None:
            what += f"; if {table.column(j)[0]} holds class labels, choose it as the label column, or ignore it"
        else:
            what += "; leave it out of the feature columns"
        return table.error(what, chunk[i][0], j, remedy="column")
    remedy = "decimal" if "choose the decimal" in what else None
    return table.error(what, chunk[i][0], j, remedy=remedy)


def _clean_blocks(
    lines: list[str], pieces, source, delimiter, decimal, n_columns: int, line: int, size: int, report: _Progress
) -> tuple[list, list] | None:
    """The numbers of a clean file's pieces, `lines` first then the rest of `pieces`, as (blocks, their lines).

    None as soon as a piece is not clean (quotes, digit separators, comments, a cell that is not a
    number, a row of another length): the careful parse takes the file then. Progress is reported
    by bytes read, interpolated within a piece.
    """
    blocks: list = []
    numbers: list = []
    unclean = ('"', "_", "#", ".") if decimal == "," else ('"', "_", "#")
    before, done = 0, source.bytes_read  # `before`: bytes read before `lines`
    while True:
        if any(mark in text for text in lines for mark in unclean):
            return None
        if decimal == ",":
            lines = [text.replace(",", ".") for text in lines]
        for start in range(0, len(lines), _CHUNK_LINES):
            block, at = _parse_clean_chunk(lines[start : start + _CHUNK_LINES], delimiter, line + start + 1)
            if block is None:
                return None
            if len(block):
                if block.shape[1] != n_columns:
                    return None
                blocks.append(block)
                numbers.append(at)
            parsed = min(start + _CHUNK_LINES, len(lines)) / len(lines)
            report((before + (done - before) * parsed) / size)
        line += len(lines)
        before = done
        piece = next(pieces, None)
        if piece is None:
            return blocks, numbers
        lines = piece
        done = source.bytes_read


def _load_clean_text(
    path: str,
    label_column,
    feature_columns,
    delimiter,
    header,
    decimal,
    missing_rule: str,
    report: _Progress,
    skip_count: int | None,
) -> Dataset | None:
    """The data set of a clean numeric text file, read a piece at a time; None if it is not clean.

    Clean: text without quotes, digit separators or comment lines after the header, every cell a
    finite number and every row as long as the first. The numbers are parsed piece by piece
    (never the whole text at once), so the peak memory is about twice the numbers' (float64) size.
    Anything else is left to the careful parse, which explains what is wrong.
    """
    try:
        size = max(os.path.getsize(path), 1)
        stream = open(path, "rb")
    except OSError:
        return None
    with stream:
        source = TextSource(path, stream)
        pieces = source.pieces(SAMPLE_LINES + 1, keep_comments=True)
        try:
            lines = next(pieces)
            delimiter, decimal = sniff([line for line in lines if not is_comment(line)], path, delimiter, decimal)
            record = next(split_records(lines, delimiter, path, quoted=any('"' in line for line in lines)), None)
        except (TextError, DataError, StopIteration):
            return None
        if record is None or is_comment(record[1][0]):
            return None
        first_line, first = record
        if header is None:
            header = is_header(first, label_column)
        table = FileTable(path, tuple(cell.strip() for cell in first) if header else None, len(first))
        label_j, feature_js = choose_columns(table, label_column, feature_columns)
        line = first_line if header else first_line - 1  # file lines before `lines`
        lines = lines[line:]
        records = split_records(lines, delimiter, path, quoted=False)
        _, skipped = skip_rows(((n + line, fields) for n, fields in records), line, skip_count, decimal)
        if skipped.lines and skipped.lines[-1] - line >= len(lines):
            return None  # more lines skipped than the first piece holds: the careful parse skips them
        lines = ["" if n + line + 1 in skipped.lines else text for n, text in enumerate(lines)]
        try:
            parsed = _clean_blocks(lines, pieces, source, delimiter, decimal, table.n_columns, line, size, report)
        except TextError:
            return None
    if parsed is None:
        return None
    blocks, numbers = parsed
    if not blocks:
        return None
    cells = _stack(blocks)
    labels = None if label_j is None else cells[:, label_j].copy()
    X = cells if feature_js == list(range(table.n_columns)) else cells[:, feature_js]
    aside = cells if len(feature_js) + (label_j is not None) < table.n_columns else None  # ignored columns
    del cells
    return _finish(table, X, feature_js, labels, label_j, np.concatenate(numbers), missing_rule, aside, None, skipped)


def _parse_clean_chunk(lines: list[str], delimiter: str, first_line: int) -> tuple[np.ndarray | None, np.ndarray]:
    """The finite numbers of `lines` as float64 rows, shape (n_rows, n_columns), and each row's
    1-based file line, shape (n_rows,), for lines starting at file line `first_line`; (None, lines)
    when a line holds anything but finite numbers (the careful parse says what)."""
    kept = [n for n, text in enumerate(lines, first_line) if text and not text.isspace()]
    at = np.arange(first_line, first_line + len(lines)) if len(kept) == len(lines) else np.array(kept, dtype=np.int64)
    if not kept:  # loadtxt warns "input contained no data" on blank lines only
        return np.empty((0, 0)), at
    try:
        block = np.loadtxt(
            lines, dtype=np.float64, comments=None, ndmin=2, delimiter=None if delimiter == WHITESPACE else delimiter
        )
    except MemoryError:
        raise
    except Exception:  # any irregularity
        return None, at
    if len(block) != len(kept) or not np.isfinite(block).all():
        return None, at
    return block, at


def _load_npy(raw: bytes, path: str, label_column, feature_columns, missing_rule: str) -> Dataset:
    """Dataset from the bytes of a ``.npy`` file; errors give 1-based rows and columns."""
    array = read_npy(raw, path)
    table = FileTable(path, None, array.shape[1], unit="row")
    label_j, feature_js = choose_columns(table, label_column, feature_columns)
    used = np.zeros(array.shape, dtype=bool)
    used[:, feature_js + ([] if label_j is None else [label_j])] = True
    infinite = np.isinf(array) & used
    if infinite.any():
        i, j = np.unravel_index(np.argmax(infinite), infinite.shape)
        raise table.error("infinite value; only finite numbers are allowed", int(i) + 1, int(j))
    labels = None if label_j is None else array[:, label_j]
    return _finish(
        table,
        array[:, feature_js],
        feature_js,
        labels,
        label_j,
        np.arange(1, len(array) + 1),
        missing_rule,
        cells=array,
    )


def _finish(
    table: FileTable,
    X: np.ndarray,
    feature_js: list[int],
    labels,
    label_j: int | None,
    lines: np.ndarray,
    missing_rule: str,
    cells=None,
    levels: dict[int, tuple[str, ...]] | None = None,
    skipped: Skipped = NOTHING_SKIPPED,
) -> Dataset:
    """Drop or report rows with missing values, encode the labels and levels and build the Dataset.

    `X` has shape (n_rows, n_features), NaN where missing; `labels` is None, a float array of
    shape (n_rows,) (NaN where missing) or the `TextCodes` of texts; `lines` holds each row's
    file line, shape (n_rows,).
    `missing_rule` is "refuse", "drop" or "keep" (NaN feature cells stay; missing labels are refused).
    `cells` is what `row_context` needs: every file column of each row (numbers or texts), or
    for a file without ignored columns only the rows with a missing cell, as a dict from row
    index to their texts; None when there is nothing to keep.
    """
    missing = np.isnan(X)
    if labels is None:
        label_missing = np.zeros(len(X), dtype=bool)
    elif isinstance(labels, np.ndarray):
        label_missing = np.isnan(labels)
    else:
        label_missing = labels.missing()
    if missing_rule == "keep":
        missing = np.zeros_like(missing)  # kept cells: only a missing label makes a row bad
    bad = missing.any(axis=1) | label_missing
    n_bad = int(bad.sum())
    if n_bad and missing_rule != "drop":
        i = int(np.argmax(bad))
        flagged = [j for k, j in enumerate(feature_js) if missing[i, k]]
        if label_missing[i]:
            assert label_j is not None  # labels, hence missing ones, come with a label column
            flagged.append(label_j)
        j = min(flagged)
        shown = ", ".join(str(line) for line in lines[bad][:8]) + (", ..." if n_bad > 8 else "")
        rows = "1 row has" if n_bad == 1 else f"{n_bad} rows in total have"
        error = table.error(
            f"missing {'label' if j == label_j else 'value'}; {rows} missing "
            f"values ({table.unit}{'s' * (n_bad > 1)} {shown}); fill them in, or drop those rows",
            int(lines[i]),
            j,
            remedy="drop_missing",
        )
        raise MissingValuesError(
            str(error),
            lines=tuple(int(line) for line in lines[bad]),
            path=error.path,
            line=error.line,
            column=error.column,
            remedy=error.remedy,
        )
    if bad.all():
        raise DataError(
            f"{table.name}: every row has a missing value; no rows are left after dropping them", path=table.path
        )
    X = np.ascontiguousarray(_without_rows(X, bad) if n_bad else X, dtype=np.float64)  # no copy of a clean table
    names = None
    if levels:

        def too_many(k: int, count: int) -> DataError:
            what = f"{count} different texts; a categorical feature takes at most {MAX_LEVELS} levels"
            return table.error(f"{what}: ignore this column (names? free text?) or make it the label", j=feature_js[k])

        names = level_names(X, levels, too_many)
    X.setflags(write=False)
    codes = classes = label_name = None
    if labels is not None:
        if isinstance(labels, TextCodes):
            codes, classes = sorted_codes(labels, labels.codes[~bad] if n_bad else labels.codes)
        else:
            codes, classes = encode_texts(labels[~bad])
        assert label_j is not None  # labels come with a label column
        label_name = table.column(label_j)[0] if table.names is None else table.names[label_j]
    columns = (
        tuple(f"x{k + 1}" for k in range(len(feature_js)))
        if table.names is None
        else tuple(table.names[j] for j in feature_js)
    )
    kept_lines = np.array(lines[~bad], dtype=np.int64)
    kept_lines.setflags(write=False)
    context = row_context(table.names, feature_js, label_j, cells, lines, missing, label_missing)
    dropped = tuple(int(line) for line in lines[bad])
    return Dataset(X, columns, codes, classes, label_name, table.path, dropped, kept_lines, context, names, skipped)


def _without_rows(X: np.ndarray, bad: np.ndarray) -> np.ndarray:
    """`X` without the rows where `bad` is True, shape (n_kept, n_features): moved up in place
    (a block of rows at a time) when `X` is writable, so no second copy of the table is made."""
    if not X.flags.writeable or not X.flags.c_contiguous:
        return X[~bad]
    kept = np.flatnonzero(~bad)
    step = 1 << 14
    for start in range(0, len(kept), step):  # kept[i] >= i: rows only move up
        rows = kept[start : start + step]
        X[start : start + len(rows)] = X[rows]
    return X[: len(kept)]
