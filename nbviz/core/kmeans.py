"""Plain k-means (Lloyd's algorithm): the limit of EM with a fixed shared variance that shrinks."""

from __future__ import annotations

import numpy as np

from . import validation
from .params import check_integer


def lloyd(X, centres, max_iter: int = 300) -> tuple[np.ndarray, np.ndarray, int]:
    """Run Lloyd's iterations from `centres` until no centre moves (or `max_iter`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    centres : array-like of shape (n_clusters, n_features)
        The start (e.g. the means of an EM start, to compare EM with k-means from the same place).
    max_iter : int

    Returns
    -------
    centres : ndarray of shape (n_clusters, n_features)
    assignment : ndarray of shape (n_samples,)
        Index of each point's nearest centre (ties go to the lowest index).
    n_iter : int
        Iterations done.

    A centre that loses all its points stays where it was.
    """
    max_iter = check_integer(max_iter, "max_iter", low=1)
    X = validation.as_float_array(X, "X", 2)
    centres = validation.as_float_array(centres, "centres", 2).copy()
    if centres.shape[1] != X.shape[1]:
        raise ValueError(
            f"the centres have {centres.shape[1]} features and X has {X.shape[1]}; "
            "give one centre coordinate per feature"
        )
    K = len(centres)
    squared = np.einsum("nd,nd->n", X, X)
    for n_iter in range(1, max_iter + 1):
        distances = squared[:, None] - 2.0 * X @ centres.T + np.einsum("kd,kd->k", centres, centres)[None, :]
        assignment = distances.argmin(axis=1)
        counts = np.bincount(assignment, minlength=K)
        sums = cluster_sums(X, assignment, K)
        moved = centres.copy()
        filled = counts > 0
        moved[filled] = sums[filled] / counts[filled, None]
        if np.array_equal(moved, centres):
            return centres, assignment, n_iter
        centres = moved
    return centres, assignment, max_iter


def cluster_sums(X: np.ndarray, assignment: np.ndarray, K: int) -> np.ndarray:
    """``sums[k] = X[assignment == k].sum(axis=0)``, shape (K, n_features), each added in row order.

    One `np.bincount` per feature: the same additions in the same order as ``np.add.at`` (so the
    same bits), many times faster on long tables.
    """
    return np.stack([np.bincount(assignment, weights=column, minlength=K) for column in X.T], axis=1)
