"""Log-space arithmetic on (n_components, n_samples) arrays.

The engine keeps per-component quantities component-major, shape (K, N): reductions over the K
components are then row operations, which numpy vectorises (a reduction along a short last axis is
an order of magnitude slower).
"""

from __future__ import annotations

import numpy as np


class ZeroProbabilityError(ValueError):
    """Some data point has probability zero under every component of a model."""


def normalise(log_joint: np.ndarray):
    """Posterior over components from a log joint.

    Parameters
    ----------
    log_joint : ndarray of shape (n_components, n_samples)
        ``log p(x_n, z_n = k)``; entries may be ``-inf``.

    Returns
    -------
    resp : ndarray of shape (n_components, n_samples)
        Responsibilities, each column summing to 1.
    log_marginal : ndarray of shape (n_samples,)
        ``log p(x_n)``.

    Raises
    ------
    ZeroProbabilityError
        If a data point is impossible under every component.
    """
    peak = log_joint.max(axis=0)
    if not np.isfinite(peak).all():
        n = int(np.argmax(~np.isfinite(peak)))
        raise ZeroProbabilityError(f"data row {n} has probability zero under every component")
    resp = log_joint - peak
    np.exp(resp, out=resp)
    total = resp.sum(axis=0)
    resp /= total
    return resp, peak + np.log(total)


def weighted_sum(weights: np.ndarray, values: np.ndarray) -> float:
    """``sum(weights * values)`` where a zero weight contributes zero even against ``-inf``.

    Both arrays have the same shape and are C-contiguous, so the common case is a single BLAS dot
    product; only a non-finite result falls back to the masked sum.
    """
    total = float(np.vdot(weights, values))
    if np.isfinite(total):
        return total
    used = weights > 0
    return float(np.sum(weights[used] * values[used]))
