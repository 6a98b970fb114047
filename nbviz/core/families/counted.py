"""Prepared data of the discrete families, with each column's total kept for the engine's shortcuts."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..mixture import Prepared, frozen


@dataclass(frozen=True)
class CountedData(Prepared):
    """Binary or count data laid out for the engine, with the total of each column.

    Attributes
    ----------
    column_totals : ndarray of shape (n_features,) or None
        Exact sum of each column of `X` (for binary data, its number of ones); None: summed on
        demand by `column_totals`.
    """

    column_totals: np.ndarray | None = None

    @classmethod
    def of(cls, X: np.ndarray, row_constant: np.ndarray | None = None) -> CountedData:
        """Lay out validated non-negative data `X` of shape (n_samples, n_features)."""
        return cls(
            X=frozen(X),
            Xt=np.ascontiguousarray(X.T),
            shift=np.zeros(X.shape[1]),
            row_constant=row_constant,
            column_totals=frozen(X.sum(axis=0)),
        )


def column_totals(data: Prepared) -> np.ndarray:
    """Sum of each column of ``data.X``, shape (n_features,)."""
    totals = getattr(data, "column_totals", None)
    return data.X.sum(axis=0) if totals is None else totals
