"""Classification uncertainty ``1 - max_k r_nk`` (mclust's uncertainty plot) and the most uncertain rows.

A row wholly given to one component has uncertainty 0; a row shared equally among K components
has ``1 - 1/K``, the largest possible. The data views colour the points by it (grey for certain
points, a strong colour for the most uncertain) when View → Colour by uncertainty is on; the
"Uncertain points" panel lists the rows with the largest values, named as the user finds them in
the file (`fit_messages.row_place`).
"""

from __future__ import annotations

import numpy as np

N_LISTED = 10  # rows in the list of most uncertain points


def uncertainty(resp: np.ndarray) -> np.ndarray:
    """``1 - max_k r_nk`` per row.

    Parameters
    ----------
    resp : ndarray of shape (n_samples, n_components)
        Responsibilities (rows summing to 1).

    Returns
    -------
    ndarray of shape (n_samples,)
        In ``[0, 1 - 1/n_components]``; exactly 0 for a row given wholly to one component.
    """
    resp = np.asarray(resp, dtype=float)
    return np.clip(1.0 - resp.max(axis=1), 0.0, 1.0)


def relative_uncertainty(resp: np.ndarray) -> np.ndarray:
    """`uncertainty` divided by its largest possible value ``1 - 1/K``: shape (n_samples,), in [0, 1].

    With one component every row is certain (0).
    """
    resp = np.asarray(resp, dtype=float)
    K = resp.shape[1]
    if K < 2:
        return np.zeros(resp.shape[0])
    return np.clip(uncertainty(resp) / (1.0 - 1.0 / K), 0.0, 1.0)


def most_uncertain(resp: np.ndarray, n: int = N_LISTED) -> np.ndarray:
    """The rows of largest uncertainty, most uncertain first (ties in row order).

    Parameters
    ----------
    resp : ndarray of shape (n_samples, n_components)
    n : int
        At most this many rows; rows with uncertainty 0 are never listed.

    Returns
    -------
    ndarray of shape (n_listed,), int
        0-based row indices.
    """
    values = uncertainty(resp)
    n = min(n, len(values))
    if n <= 0:
        return np.zeros(0, dtype=np.intp)
    threshold = np.partition(values, len(values) - n)[len(values) - n]  # the n-th largest, in O(N)
    above = np.flatnonzero(values > threshold)
    top = np.concatenate([above, np.flatnonzero(values == threshold)[: n - len(above)]])
    top = top[np.lexsort((top, -values[top]))]  # by uncertainty, then by row
    return top[values[top] > 0.0]
