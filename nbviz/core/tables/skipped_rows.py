"""Lines under the header that hold no data: a units row (recognised) or N lines the user names.

A units row is the first record after the header when it holds no number, names something in at
least one column whose next records hold numbers (``,km/s`` under ``name,velocity``; ``;g;mm``
under ``sample;mass;length``), and the records after it hold numbers. A row of text answers over
text answers (``yes;no`` under ``q1;q2``) is data, not units.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from .cells import MISSING_TOKENS, is_value

_LOOK_AHEAD = 5  # records after a candidate units row that must hold numbers in its named columns

Records = Iterator[tuple[int, list[str]]]


@dataclass(frozen=True)
class Skipped:
    """The lines skipped under the header.

    Attributes
    ----------
    lines : tuple of int
        Their 1-based file lines.
    units : tuple of str or None
        The cells of the units row, when the skipped line was recognised as one.
    """

    lines: tuple[int, ...] = ()
    units: tuple[str, ...] | None = None

    def message(self) -> str:
        """One sentence saying what was skipped, naming the lines; "" when nothing was."""
        if self.units is not None:
            named = ", ".join(unit for unit in self.units if unit)
            return f"line {self.lines[0]} is a units row ({named}): skipped"
        if not self.lines:
            return ""
        if len(self.lines) == 1:
            return f"line {self.lines[0]} skipped"
        return f"lines {self.lines[0]}–{self.lines[-1]} skipped"


NOTHING_SKIPPED = Skipped()


def _number(cell: str, decimal: str) -> bool:
    return cell.strip().lower() not in MISSING_TOKENS and is_value(cell, decimal)


def is_units_row(fields: list[str], following: list[list[str]], decimal: str) -> bool:
    """Whether `fields`, the first record under a header, names units of the columns of `following`."""
    texts = [cell.strip() for cell in fields]
    if not following or any(_number(cell, decimal) for cell in texts):
        return False
    named = [j for j, cell in enumerate(texts) if cell.lower() not in MISSING_TOKENS]
    for j in named:
        cells = [row[j] for row in following if j < len(row) and row[j].strip().lower() not in MISSING_TOKENS]
        if cells and all(_number(cell, decimal) for cell in cells):
            return True
    return False


def skip_rows(records: Records, after: int, count: int | None, decimal: str) -> tuple[Records, Skipped]:
    """`records` without the lines under the header; `after`: the header's line (0 without a header).

    `count` None: skip a units row if the first record is one (only under a header); else skip
    every record starting on one of the `count` lines after `after`.
    """
    if count is None:
        if not after:
            return records, NOTHING_SKIPPED
        ahead = list(itertools.islice(records, _LOOK_AHEAD + 1))
        if ahead and is_units_row(ahead[0][1], [fields for _, fields in ahead[1:]], decimal):
            first_line, fields = ahead[0]
            return itertools.chain(ahead[1:], records), Skipped((first_line,), tuple(c.strip() for c in fields))
        return itertools.chain(ahead, records), NOTHING_SKIPPED
    if count <= 0:
        return records, NOTHING_SKIPPED
    last = after + count
    skipped = Skipped(tuple(range(after + 1, last + 1)))
    for line, fields in records:
        if line > last:
            return itertools.chain([(line, fields)], records), skipped
    return iter(()), skipped
