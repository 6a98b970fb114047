"""Text read as codes: class labels and the levels of categorical feature columns.

Both are read as text, given an integer code per row in order of first appearance while the file
streams past, then renumbered once the rows are known (`sorted_codes`): numeric texts sorted
numerically and written in shortest form (``'2.0'`` becomes ``'2'``), other texts sorted
alphabetically (``maybe``, ``no``, ``yes``). Sorting makes the codes a property of the texts
present, not of the order of the rows, so a file gives the same codes however its rows are sorted
or which of them were dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .cells import TEXT_MISSING_TOKENS

MAX_LEVELS = 20
"""A categorical feature column takes at most this many levels (more: names or free text, not answers)."""


@dataclass(frozen=True, eq=False)
class TextCodes:
    """A column read as text: an int64 code per row, shape (n_rows,), indexing `texts` (stripped)."""

    codes: np.ndarray
    texts: tuple[str, ...]

    def missing(self) -> np.ndarray:
        """Whether each row's text marks a missing value, bool array of shape (n_rows,)."""
        missing_codes = [code for code, text in enumerate(self.texts) if text.lower() in TEXT_MISSING_TOKENS]
        return np.isin(self.codes, missing_codes)


class TextCoder:
    """Gives each distinct stripped text of a column a code, in order of first appearance."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}

    def code(self, cells: list[str]) -> np.ndarray:
        """The codes of `cells`, int64 array of shape (len(cells),)."""
        found = (self.codes.setdefault(cell.strip(), len(self.codes)) for cell in cells)
        return np.fromiter(found, dtype=np.int64, count=len(cells))

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(self.codes)


def sorted_codes(column: TextCodes, kept: np.ndarray) -> tuple[np.ndarray, tuple[str, ...]]:
    """The codes `kept` (codes into ``column.texts``, shape (n,)) renumbered by `encode_texts` of
    the texts they hold: (int64 codes of shape (n,), the texts present in that order)."""
    present = np.unique(kept)
    codes, names = encode_texts([column.texts[code] for code in present])
    table = np.zeros(len(column.texts), dtype=np.int64)
    table[present] = codes
    result = table[kept]
    result.setflags(write=False)
    return result, names


def level_names(
    X: np.ndarray, levels: dict[int, tuple[str, ...]], too_many: Callable[[int, int], Exception]
) -> tuple[tuple[str, ...], ...]:
    """Renumber every feature `k` of `X` read as text (in place; `levels[k]` the texts its first-appearance
    codes index) by `level_codes`; the level names of each, () for a numeric feature (not in `levels`).
    ``too_many(k, count)`` is raised for a feature with more than `MAX_LEVELS` levels."""
    names: list[tuple[str, ...]] = []
    for k in range(X.shape[1]):
        if k not in levels:
            names.append(())
            continue
        named = level_codes(X, k, levels[k])
        if len(named) > MAX_LEVELS:
            raise too_many(k, len(named))
        names.append(named)
    return tuple(names)


def level_codes(X: np.ndarray, k: int, texts: tuple[str, ...]) -> tuple[str, ...]:
    """Renumber the codes of feature `k` of `X` (first-appearance codes into `texts`, float, NaN
    where missing) in place by `encode_texts`; the level names in code order."""
    column = X[:, k]
    seen = ~np.isnan(column)
    present = np.unique(column[seen].astype(np.int64))
    codes, names = encode_texts([texts[code] for code in present])
    table = np.zeros(len(texts))
    table[present] = codes
    column[seen] = table[column[seen].astype(np.int64)]
    return names


def encode_texts(values) -> tuple[np.ndarray, tuple[str, ...]]:
    """Codes of shape (n,) indexing the sorted distinct values, and those values as text."""
    try:
        numbers = np.asarray(values, dtype=np.float64)
        numeric = bool(np.isfinite(numbers).all())
    except ValueError:
        numeric = False
    if numeric:
        unique, codes = np.unique(numbers, return_inverse=True)
        classes = tuple(str(int(v)) if v.is_integer() and abs(v) < 2**53 else repr(float(v)) for v in unique)
    else:
        unique, codes = np.unique(np.array(values, dtype=str), return_inverse=True)
        classes = tuple(str(v) for v in unique)
    codes = codes.astype(np.int64).reshape(-1)
    codes.setflags(write=False)
    return codes, classes
