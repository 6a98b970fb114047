"""How a text table is written: its delimiter, decimal mark and header, and its records.

`sniff` detects the delimiter and the decimal mark from the first lines, `split_records` splits lines into
fields (quotes respected where the file has any), `is_header` tells a row of names from a row of values.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable, Iterator

import numpy as np

from .cells import detect_decimal, is_value
from .data_errors import DataError

# The csv module refuses a field over 131,072 characters (a long text cell, or a line of ~20,000
# columns read with the wrong candidate delimiter while detecting it). A field is never longer than
# the line already in memory, so the limit only refuses real files; raise it to the largest value a
# C long holds on every platform. Raising it process-wide is harmless to other readers.
csv.field_size_limit(max(csv.field_size_limit(), 2**31 - 1))

WHITESPACE = " "  # the delimiter meaning "runs of spaces and tabs"
CANDIDATE_DELIMITERS = ("\t", ";", ",", WHITESPACE)  # preferred first when equally likely
DELIMITER_WORDS = {",": "commas", "\t": "tabs", ";": "semicolons", WHITESPACE: "spaces or tabs"}
SAMPLE_LINES = 50


def sniff(lines: list[str], path: str, delimiter: str | None = None, decimal: str | None = None) -> tuple[str, str]:
    """The (given or detected) delimiter and decimal mark of a text file starting with `lines`."""
    delimiter = delimiter or ("\t" if path.lower().endswith(".tsv") else detect_delimiter(lines))
    if decimal is None:
        sample = [line for line in lines[: 4 * SAMPLE_LINES] if line.strip()][:SAMPLE_LINES]
        try:
            rows = [fields for _, fields in split_records(sample, delimiter, path, quoted=True)]
        except DataError:  # badly quoted: loading names the line
            rows = []
        decimal = detect_decimal(rows, delimiter)
    return delimiter, decimal


def detect_delimiter(lines: list[str]) -> str:
    """The delimiter splitting the first lines into the most consistent number (> 1) of fields."""
    sample = [line for line in lines[: 4 * SAMPLE_LINES] if line.strip()][:SAMPLE_LINES] or [""]

    def score(rank: int) -> tuple:
        delimiter = CANDIDATE_DELIMITERS[rank]
        counts = [
            len(line.split()) if delimiter == WHITESPACE else len(next(csv.reader([line], delimiter=delimiter), []))
            for line in sample
        ]
        mode = max(sorted(set(counts)), key=counts.count)
        return mode > 1, counts.count(mode) / len(counts), -rank

    return CANDIDATE_DELIMITERS[max(range(len(CANDIDATE_DELIMITERS)), key=score)]


def split_records(lines: Iterable[str], delimiter: str, path: str, quoted: bool) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line, fields)`` for each non-blank record; `line` is its first 1-based file line.

    Without quotes in the file, plain splitting is used; it is much faster than the csv module.
    """
    if not quoted:
        sep = None if delimiter == WHITESPACE else delimiter
        yield from ((n, line.split(sep)) for n, line in enumerate(lines, 1) if line and not line.isspace())
        return
    texts: Iterable[str] = lines
    if delimiter == WHITESPACE:
        texts = (line.replace("\t", " ").strip() for line in lines)
    reader = csv.reader(
        (line + "\n" for line in texts), delimiter=delimiter, strict=True, skipinitialspace=delimiter == WHITESPACE
    )
    start = 1
    try:
        for fields in reader:
            if len(fields) > 1 or (fields and fields[0].strip()):
                yield start, fields
            start = reader.line_num + 1
    except csv.Error as exc:
        raise DataError(
            f"{os.path.basename(path)}, line {start}: badly quoted field: a quote is "
            f"not closed, or text follows a closing quote ({exc})",
            path=path,
            line=start,
        ) from None


def is_header(first: list[str], label_column) -> bool:
    """Whether the first row holds a non-numeric cell outside the label column (given by index)."""
    by_index = isinstance(label_column, (int, np.integer)) and not isinstance(label_column, bool)
    label_j = label_column if by_index else None
    return any(
        not looks_like_value(cell) for j, cell in enumerate(first) if label_j is None or j != label_j % len(first)
    )


def looks_like_value(cell: str) -> bool:
    """True for a number (with either decimal mark) or a missing-value marker: not a column name."""
    return is_value(cell, ".") or is_value(cell, ",")
