"""The least-cost assignment of rows to columns, enumerated for small problems.

`scipy.optimize.linear_sum_assignment` solves the problem exactly, but importing scipy.optimize
takes a quarter of a second or more, which a window showing a preset's true components would pay
at start-up for a 3 x 3 matrix. Small problems are enumerated instead; the answer is used only
when its optimum beats every other assignment by a clear margin, where scipy's exact solver
necessarily returns the same one. Ties, near-ties and large problems go to scipy.
"""

from __future__ import annotations

from itertools import permutations
from math import perm

import numpy as np

# At most this many candidate assignments are enumerated (7! for a square 7 x 7 problem).
MAX_CANDIDATES = 5040
# An enumerated optimum is used when the runner-up costs more by this much relative to the scale of
# the sums (far above their rounding error, so the exact solver cannot disagree).
MARGIN = 1e-9


def least_cost_assignment(cost: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns of the assignment with the least total cost.

    Parameters
    ----------
    cost : ndarray of shape (n_rows, n_columns)

    Returns
    -------
    rows, columns : ndarray of shape (min(n_rows, n_columns),)
        As `scipy.optimize.linear_sum_assignment`: `rows` increasing, row ``rows[i]`` assigned
        to column ``columns[i]``.

    Raises
    ------
    ValueError
        From scipy, for a matrix with NaN or one that admits no finite assignment.
    """
    cost = np.asarray(cost, dtype=np.float64)
    if cost.ndim == 2 and cost.size and np.isfinite(cost).all():
        transposed = cost.shape[0] > cost.shape[1]
        square = cost.T if transposed else cost
        n_rows, n_columns = square.shape
        if perm(n_columns, n_rows) <= MAX_CANDIDATES:
            answer = _unique_optimum(square)
            if answer is not None:
                rows, columns = np.arange(n_rows), answer
                if transposed:
                    order = np.argsort(columns)
                    rows, columns = columns[order], rows[order]
                return rows, columns
    from scipy.optimize import linear_sum_assignment  # imported on first use: it is slow to import

    rows, columns = linear_sum_assignment(cost)
    return rows, columns


def _unique_optimum(cost: np.ndarray) -> np.ndarray | None:
    """Columns of the best assignment of every row of a wide `cost`, or None if it is not clearly unique."""
    n_rows, n_columns = cost.shape
    candidates = np.array(list(permutations(range(n_columns), n_rows)), dtype=np.int64).reshape(-1, n_rows)
    totals = cost[np.arange(n_rows), candidates].sum(axis=1)
    best = int(np.argmin(totals))
    if totals.size > 1:
        runner_up = np.partition(totals, 1)[1]
        if not runner_up - totals[best] > MARGIN * (1.0 + n_rows * float(np.abs(cost).max())):
            return None
    return candidates[best]
