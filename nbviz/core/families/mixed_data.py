"""A table of several kinds of columns laid out for the mixed family: one block per kind.

Each block (the Gaussian's numeric columns, the Bernoulli's 0/1 columns, the categorical's level
codes) is laid out by its own family's ``_prepare``, so each block's missing cells are handled by
that family's own machinery (`nbviz.core.incomplete`): the mixed data only adds the blocks up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import numpy as np

from .. import validation
from ..mixture import FAMILIES, Prepared, frozen

BLOCK_FAMILIES = ("gaussian", "bernoulli", "categorical")
"""The families a column of a mixed table can have, in the order the blocks are kept."""


def check_column_kinds(kinds, n_features: int | None = None) -> tuple[str, ...] | None:
    """`kinds` as a tuple of block family names (None stays None), or ValueError naming the bad entry.

    Parameters
    ----------
    kinds : sequence of str or None
        One of `BLOCK_FAMILIES` per column.
    n_features : int, optional
        The number of columns they must describe.
    """
    if kinds is None:
        return None
    if isinstance(kinds, str) or not isinstance(kinds, Sequence):
        raise ValueError(
            f"column_kinds must be a list with one of {', '.join(BLOCK_FAMILIES)} per column; got {kinds!r}"
        )
    kinds = tuple(kinds)
    for j, kind in enumerate(kinds):
        if kind not in BLOCK_FAMILIES:
            raise ValueError(f"column_kinds[{j}] is {kind!r}; expected one of {', '.join(BLOCK_FAMILIES)}")
    if not kinds:
        raise ValueError("column_kinds must name the kind of at least one column")
    if n_features is not None and len(kinds) != n_features:
        raise ValueError(f"column_kinds names {len(kinds)} columns but the data have {n_features}")
    return kinds


def inferred_column_kinds(X: np.ndarray) -> tuple[str, ...]:
    """The kind of each column when none is given: "bernoulli" where every observed value is 0 or 1,
    else "gaussian". Numbers are never guessed to be level codes: say ``column_kinds`` for those."""
    observed = ~np.isnan(X)
    binary = np.all(~observed | (X == 0) | (X == 1), axis=0) & observed.any(axis=0)
    return tuple("bernoulli" if flag else "gaussian" for flag in binary)


def block_columns(kinds: tuple[str, ...]) -> tuple[tuple[str, np.ndarray], ...]:
    """(family, its columns) for every kind present in `kinds`, in `BLOCK_FAMILIES` order."""
    out = []
    for family in BLOCK_FAMILIES:
        columns = np.array([j for j, kind in enumerate(kinds) if kind == family], dtype=np.int64)
        if columns.size:
            columns.setflags(write=False)
            out.append((family, columns))
    return tuple(out)


@dataclass(frozen=True)
class MixedData(Prepared):
    """Data of a mixed table: each block laid out by its own family.

    Attributes
    ----------
    kinds : tuple of str
        The family of each column.
    families : tuple of str
        The family of each block, in `BLOCK_FAMILIES` order.
    columns : tuple of ndarray of int
        The columns (of `X`) of each block.
    parts : tuple of Prepared
        Each block's data as its family lays it out (`IncompleteData` where it has missing cells).
    """

    kinds: tuple[str, ...] = ()
    families: tuple[str, ...] = ()
    columns: tuple[np.ndarray, ...] = ()
    parts: tuple[Prepared, ...] = ()
    is_missing: np.ndarray | None = field(default=None)

    @classmethod
    def of(cls, X: np.ndarray, kinds: tuple[str, ...]) -> MixedData:
        """Lay out the validated matrix `X` (NaN for missing cells) with the column `kinds`.

        Raises
        ------
        DataFitError
            For a cell its column's family cannot describe, naming the cell of `X`.
        """
        blocks = block_columns(kinds)
        parts = tuple(_block_layout(FAMILIES[family], X, columns) for family, columns in blocks)
        missing = np.isnan(X)
        missing.setflags(write=False)
        return cls(
            X=frozen(X),
            Xt=np.ascontiguousarray(np.where(missing, 0.0, X).T),
            shift=np.zeros(X.shape[1]),
            kinds=kinds,
            families=tuple(family for family, _ in blocks),
            columns=tuple(columns for _, columns in blocks),
            parts=parts,
            is_missing=missing if missing.any() else None,
        )

    @property
    def missing(self) -> np.ndarray | None:
        """Where `X` is missing, shape (n_samples, n_features); None for complete data."""
        return self.is_missing

    @cached_property
    def for_starts(self) -> Prepared:
        """Each block's complete data for starting points (its family's `for_starts`)."""
        if self.is_missing is None:
            return self
        return replace(self, parts=tuple(part.for_starts for part in self.parts), is_missing=None)

    def missing_divergence(self, previous: Any) -> Callable[[Any], np.ndarray] | None:
        """The sum over blocks of each block's missing cells' divergences (the blocks are independent given k)."""
        pieces: list[tuple[int, Callable[[Any], np.ndarray]]] = []
        for b, (part, block) in enumerate(zip(self.parts, previous.blocks, strict=True)):
            piece = part.missing_divergence(block)
            if piece is not None:
                pieces.append((b, piece))
        if not pieces:
            return None

        def divergence(model: Any) -> np.ndarray:
            out = np.zeros((model.n_components, self.n_samples))
            for b, piece in pieces:
                out += piece(model.blocks[b])
            return out

        return divergence


def _block_layout(family: Any, X: np.ndarray, columns: np.ndarray) -> Prepared:
    """`family`'s layout of ``X[:, columns]``; its DataFitError re-raised naming the cell of the whole `X`."""
    try:
        return family._prepare(X[:, columns])
    except validation.DataFitError as error:
        column = int(columns[error.column])
        where = f"column {column}" if error.row < 0 else f"X[{error.row}, {column}] (row {error.row}, column {column}"
        where += "" if error.row < 0 else ", counting from 0)"
        value = "" if error.row < 0 else f" = {error.value:g}"
        raise validation.DataFitError(
            f"{where}{value} is a {family.family} column of the mixed model but is {error.problem}; {error.advice}",
            row=error.row,
            column=column,
            value=error.value,
            problem=error.problem,
            advice=error.advice,
        ) from None
