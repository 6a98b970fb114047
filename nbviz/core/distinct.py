"""Distinct rows of a data matrix, found by hashing each row's exact bits.

Rows are compared exactly (bit for bit, after 0.0 and -0.0 are made one), so the verdict does not
depend on the data's scale: rows around 1e-200 are as distinct as rows around 1. A 64-bit hash per
row replaces numpy's lexicographic ``np.unique(points, axis=0)`` (about 5x faster at 1e6 rows).
Distinct hashes prove distinct rows; equal hashes are checked against the rows themselves, and only
a true hash collision (never seen in practice) falls back to numpy's exact comparison.
"""

from __future__ import annotations

import numpy as np

_CHUNK_ENTRIES = 1 << 20  # rows are hashed in blocks of about this many entries (8 MB)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)  # splitmix64's finaliser constants
_MIX_2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def row_hashes(points: np.ndarray) -> np.ndarray:
    """One 64-bit hash per row of `points`.

    Parameters
    ----------
    points : ndarray of shape (n_samples, n_features)
        Finite floats.

    Returns
    -------
    ndarray of shape (n_samples,), dtype uint64
        Equal rows have equal hashes (0.0 and -0.0 count as equal).
    """
    points = np.asarray(points, dtype=np.float64)
    n, d = points.shape
    salt = np.arange(d, dtype=np.uint64) * _GOLDEN  # the same value in another column hashes differently
    out = np.empty(n, dtype=np.uint64)
    step = max(1, _CHUNK_ENTRIES // max(d, 1))
    for start in range(0, n, step):
        bits = np.ascontiguousarray(points[start : start + step] + 0.0).view(np.uint64)  # + 0.0 turns -0.0 into 0.0
        bits ^= salt
        bits ^= bits >> np.uint64(30)
        bits *= _MIX_1
        bits ^= bits >> np.uint64(27)
        bits *= _MIX_2
        bits ^= bits >> np.uint64(31)
        out[start : start + step] = bits.sum(axis=1, dtype=np.uint64)
    return out


def distinct_row_indices(points: np.ndarray) -> np.ndarray:
    """The index of the first occurrence of each distinct row, ascending.

    Parameters
    ----------
    points : ndarray of shape (n_samples, n_features)

    Returns
    -------
    ndarray of shape (n_distinct,)
        The same as ``np.sort(np.unique(points, axis=0, return_index=True)[1])``.

    Examples
    --------
    >>> import numpy as np
    >>> from nbviz.core.distinct import distinct_row_indices
    >>> distinct_row_indices(np.array([[1.0, 2.0], [0.0, 1.0], [1.0, 2.0], [-0.0, 1.0]])).tolist()
    [0, 1]
    """
    points = np.asarray(points, dtype=np.float64)
    _, first, inverse = np.unique(row_hashes(points), return_index=True, return_inverse=True)
    if not _same_rows(points, first[inverse.ravel()]):
        first = np.unique(points, axis=0, return_index=True)[1]  # a hash collision: compare exactly
    return np.sort(first)


def count_distinct_rows(points: np.ndarray, at_most: int) -> int:
    """The number of distinct rows of `points`, counting stops at `at_most`.

    Only whether there are at least `at_most` is needed to accept a number of components, so the
    rows are read in growing prefixes (4 x `at_most` rows first) and the count stops as soon as
    `at_most` distinct ones are seen; only data with fewer distinct rows is read whole.

    Parameters
    ----------
    points : ndarray of shape (n_samples, n_features)
    at_most : int
        At least 1.

    Returns
    -------
    int
        ``min(number of distinct rows, at_most)``.

    Examples
    --------
    >>> import numpy as np
    >>> points = np.array([[0.0], [1.0], [0.0], [2.0]]) * 1e-200
    >>> from nbviz.core.distinct import count_distinct_rows
    >>> count_distinct_rows(points, 2), count_distinct_rows(points, 10)
    (2, 3)
    """
    points = np.asarray(points, dtype=np.float64)
    n = points.shape[0]
    seen = 4 * at_most
    while seen < n:
        if _count_distinct(row_hashes(points[:seen])) >= at_most:  # distinct hashes are distinct rows
            return at_most
        seen *= 8
    return min(distinct_row_indices(points).size, at_most)


def _count_distinct(values: np.ndarray) -> int:
    """The number of distinct entries of the 1-D array `values` (``np.unique(values).size``: numpy's
    unique imports numpy.ma on its first call, 10 ms of opening the first preset)."""
    ordered = np.sort(values)
    return int(ordered.size > 0) + int(np.count_nonzero(ordered[1:] != ordered[:-1]))


def _same_rows(points: np.ndarray, representative: np.ndarray) -> bool:
    """Whether every row equals the row `representative` names for it (compared in blocks of rows)."""
    step = max(1, _CHUNK_ENTRIES // max(points.shape[1], 1))
    for start in range(0, points.shape[0], step):
        block = slice(start, start + step)
        if not np.array_equal(points[block], points[representative[block]]):
            return False
    return True
