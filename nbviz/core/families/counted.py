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


# A weighted count below this can be changed by adding subnormal terms (N of them at most 2.2e-308
# each); above it they vanish in its rounding.
SUBNORMAL_REACH = 1e-280


def weighted_counts(resp: np.ndarray, data: Prepared) -> np.ndarray:
    """``resp @ X``, the M-step's weighted column sums, without the subnormal slow path.

    Near one-hot responsibilities hold subnormal numbers (below 2.2e-308), and a matrix product
    with a few thousand of them runs several times slower on x86. The product is taken without
    them; their terms are then added exactly where they can still count: in the entries below
    `SUBNORMAL_REACH` (those that are 0 without them among others, so a count is positive exactly
    when some weighted point has x_m > 0). Elsewhere the result is that of the full product to
    within its rounding.

    Parameters
    ----------
    resp : ndarray of shape (n_components, n_samples)
        Non-negative weights.
    data : Prepared
        Non-negative data.

    Returns
    -------
    ndarray of shape (n_components, n_features)
    """
    subnormal = (resp > 0) & (resp < np.finfo(np.float64).tiny)
    if not subnormal.any():
        return resp @ data.Xt.T
    counts = np.where(subnormal, 0.0, resp) @ data.Xt.T
    occurring = column_totals(data) > 0
    for k in np.flatnonzero(subnormal.any(axis=1)):
        columns = np.flatnonzero((counts[k] < SUBNORMAL_REACH) & occurring)
        if columns.size:
            rows = np.flatnonzero(subnormal[k])
            counts[k, columns] += data.Xt[np.ix_(columns, rows)] @ resp[k, rows]
    return counts
