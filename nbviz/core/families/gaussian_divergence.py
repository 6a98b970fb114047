"""How far a Gaussian mixture's conditionals of the missing cells are from another's: the bound's divergence term.

With missing cells EM's M-step maximises the bound whose q averages each row's missing cells m
under the conditional distribution N(a, A) of theta_old (`nbviz.core.incomplete`); at a model
theta, whose conditional is N(b, B), it lies ``sum_nk q_nk KL(N(a, A) || N(b, B))`` below the bound
over the components alone. Both conditionals come from the precisions (P = S^-1): the conditional
of m has precision P_mm and mean ``mu_m - P_mm^-1 P_mo (x_o - mu_o)``, so A = P_mm^-1 of theta_old
and, with r = [P (mu - x^)]_m = P_mm (b - a) for the row x^ completed with a,

    KL = (tr(P_mm A) - |m| + r^T P_mm^-1 r - log det P_mm - log det A) / 2.

The patterns missing the same number of cells are taken together (a stack of |m| x |m| blocks, one
per pattern), so the cost is a few array operations per number of missing cells, not per pattern.
With diagonal or spherical covariances the missing cells are independent under each component and
the divergence is a sum over them of one-dimensional ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..incomplete import IncompleteData, summed_over_missing


@dataclass(frozen=True)
class _Group:
    """The incomplete rows missing s cells, with theta_old's conditionals of those cells.

    Attributes
    ----------
    rows : ndarray of int, shape (n,)
    columns : ndarray of int, shape (n, s)
        Each row's missing columns, increasing.
    blocks : ndarray of int, shape (G, s)
        The missing columns of each of the group's patterns.
    block_of_row : ndarray of int, shape (n,)
        Each row's pattern, indexing `blocks`.
    means : ndarray of shape (n_components, n, s)
        theta_old's conditional means a of the missing cells, centred at the data's shift.
    covariances : ndarray of shape (n_components, G, s, s)
        theta_old's conditional covariances A.
    log_det_precision : ndarray of shape (n_components, G)
        ``log det A^-1``.
    """

    rows: np.ndarray
    columns: np.ndarray
    blocks: np.ndarray
    block_of_row: np.ndarray
    means: np.ndarray
    covariances: np.ndarray
    log_det_precision: np.ndarray


def missing_divergence(previous: Any, data: IncompleteData) -> Callable[[Any], np.ndarray]:
    """``KL(p(x_mis | x_obs, k, previous) || p(x_mis | x_obs, k, model))`` per component and row, a function of `model`.

    Parameters
    ----------
    previous : GaussianMixture
        theta_old: its conditionals are computed here, once.
    data : IncompleteData

    Returns
    -------
    callable
        Takes a GaussianMixture of the same covariance type and returns an ndarray of shape
        (n_components, n_samples), 0 on complete rows. It raises ValueError (numpy's LinAlgError)
        for a model whose conditional precision is not positive definite.
    """
    old_variances = previous._diagonal_variances()
    if old_variances is not None:

        def independent(model: Any) -> np.ndarray:
            variances = model._diagonal_variances()
            excess = (old_variances - variances) / variances  # ratio - 1, without the cancellation near 1
            per_cell = 0.5 * (excess - np.log1p(excess) + (model.means - previous.means) ** 2 / variances)
            return summed_over_missing(per_cell, data.missing)

        return independent
    observed = data.Xt.T  # centred at the shift, 0 in the missing cells
    groups = [_conditionals(previous, data, observed, s, patterns) for s, patterns in _by_size(data).items()]

    def divergence(model: Any) -> np.ndarray:
        out = np.zeros((model.n_components, data.n_samples))
        precision = np.linalg.inv(model.full_covariances)  # (K, D, D)
        mean = model.means - data.shift
        for group in groups:
            n, s = group.columns.shape
            inner = _blocks(precision, group.blocks)  # P_mm of every pattern, (K, G, s, s)
            chol = np.linalg.cholesky(inner)
            constant = (inner * group.covariances).sum(axis=(2, 3)) - s - _log_det(chol) + group.log_det_precision
            gap = mean[:, None, :] - observed[group.rows]  # mu - x^, (K, n, D), then its missing cells
            gap[:, np.arange(n)[:, None], group.columns] = mean[:, group.columns] - group.means
            residual = np.take_along_axis(gap @ precision, group.columns[None], axis=2)  # r, (K, n, s)
            whitened = np.linalg.inv(chol)[:, group.block_of_row] @ residual[..., None]  # L^-1 r, (K, n, s, 1)
            out[:, group.rows] = 0.5 * (constant[:, group.block_of_row] + (whitened**2).sum(axis=(2, 3)))
        return out

    return divergence


def _by_size(data: IncompleteData) -> dict[int, list]:
    """The incomplete patterns with something missing, by their number of missing cells."""
    out: dict[int, list] = {}
    for pattern in data.patterns:
        if not pattern.complete:
            out.setdefault(int((~pattern.observed).sum()), []).append(pattern)
    return out


def _conditionals(previous: Any, data: IncompleteData, observed: np.ndarray, s: int, patterns: list) -> _Group:
    """theta_old's conditionals of the missing cells of `patterns`, each missing `s` cells."""
    rows = np.concatenate([p.rows for p in patterns])
    sizes = [p.rows.size for p in patterns]
    columns = np.nonzero(data.missing[rows])[1].reshape(rows.size, s)  # increasing along each row
    blocks = columns[np.cumsum(sizes) - sizes]  # each pattern's first row
    block_of_row = np.repeat(np.arange(len(patterns)), sizes)
    precision = np.linalg.inv(previous.full_covariances)
    mean = previous.means - data.shift
    inner = _blocks(precision, blocks)
    covariances = np.linalg.inv(inner)  # A = P_mm^-1
    # a = mu_m - A [P (x - mu)]_m, the observed cells' deviations only (the missing ones at 0)
    deviation = np.where(data.missing[rows], 0.0, observed[rows] - mean[:, None, :])  # (K, n, D)
    pull = np.take_along_axis(deviation @ precision, columns[None], axis=2)
    means = mean[:, columns] - (covariances[:, block_of_row] @ pull[..., None])[..., 0]
    return _Group(rows, columns, blocks, block_of_row, means, covariances, _log_det(np.linalg.cholesky(inner)))


def _blocks(matrices: np.ndarray, blocks: np.ndarray) -> np.ndarray:
    """``matrices[k][np.ix_(b, b)]`` for every k and every row b of `blocks`, shape (K, G, s, s)."""
    return matrices[:, blocks[:, :, None], blocks[:, None, :]]


def _log_det(chol: np.ndarray) -> np.ndarray:
    """Log-determinants of positive definite matrices from their Cholesky factors (the last two axes)."""
    return 2.0 * np.log(np.diagonal(chol, axis1=-2, axis2=-1)).sum(axis=-1)
