"""Missing cells of Gaussian mixtures: marginals, conditional expectations and the expected statistics.

Under component k with mean mu and covariance S, a row observed on the columns o and missing the
columns m has density N(x_o; mu_o, S_oo) (the marginal), and its missing cells have the
conditional distribution N(mu_m + S_mo S_oo^-1 (x_o - mu_o), S_mm - S_mo S_oo^-1 S_om). EM's M-step
(Ghahramani & Jordan 1994) takes the expected complete-data statistics under the current model:
the conditional means stand in for the missing cells, and the conditional covariance, weighted
by the row's responsibility, is added to the component's scatter. Diagonal and spherical
covariances then take the diagonal of that expected scatter (the missing cells' conditional means
are their component means, their conditional variances the component's variances), tied
covariances its sum over the components.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from ..incomplete import IncompleteData, Pattern
from ..mixture import EMPTY_MASS


def marginal(model: Any, observed: np.ndarray) -> Any:
    """The Gaussian mixture of the `observed` columns (a boolean mask of shape (n_features,))."""
    cov, kind = model.covariances, model.covariance_type
    if kind == "full":
        sub = cov[:, observed][:, :, observed]
    elif kind == "tied":
        sub = cov[np.ix_(observed, observed)]
    elif kind == "diag":
        sub = cov[:, observed]
    else:
        sub = cov
    return model.replaced(means=model.means[:, observed], covariances=sub)


def _pattern_conditionals(model: Any, data: IncompleteData, k: int) -> Iterator[tuple[Pattern, np.ndarray, Any, Any]]:
    """Component `k`'s conditional distribution of each incomplete pattern's missing cells given its observed ones.

    Yields
    ------
    pattern : Pattern
        An incomplete pattern of `data`.
    missing : ndarray of int
        Its missing columns m.
    means : ndarray of shape (n_rows, len(m))
        Each row's conditional mean ``mu_m + S_mo S_oo^-1 (x_o - mu_o)``, centred at ``data.shift[m]``.
    covariance : ndarray of shape (len(m), len(m)), or (len(m),) for diagonal covariances
        The conditional covariance ``S_mm - S_mo S_oo^-1 S_om``, the same for every row of the pattern.
    """
    mean = model.means[k] - data.shift
    centred = data.X - data.shift
    variances = model._diagonal_variances()
    diagonal = variances is not None
    cov = variances[k] if diagonal else model.component_covariance(k)
    for pattern in data.patterns:
        if pattern.complete:
            continue
        rows, o = pattern.rows, np.flatnonzero(pattern.observed)
        m = np.flatnonzero(~pattern.observed)
        if diagonal or o.size == 0:
            means = np.broadcast_to(mean[m], (rows.size, m.size))
            conditional = cov[m] if diagonal else cov[np.ix_(m, m)]
        else:
            cross = cov[np.ix_(m, o)]
            regression = np.linalg.solve(cov[np.ix_(o, o)], cross.T).T  # S_mo S_oo^-1, (|m|, |o|)
            means = mean[m] + (centred[np.ix_(rows, o)] - mean[o]) @ regression.T
            conditional = cov[np.ix_(m, m)] - regression @ cross.T
        yield pattern, m, means, conditional


def _component_conditionals(
    model: Any, data: IncompleteData, k: int, weights: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Component `k`'s completion of the rows, centred at ``data.shift``, and its conditional covariance.

    Parameters
    ----------
    model : GaussianMixture
    data : IncompleteData
    k : int
    weights : ndarray of shape (n_samples,), optional
        Weights of the rows (their responsibilities for k) in the summed conditional covariance.

    Returns
    -------
    filled : ndarray of shape (n_samples, n_features)
        Observed cells as given, missing ones at their conditional means (all minus ``data.shift``).
    extra : ndarray of shape (n_features, n_features), or (n_features,) for diagonal covariances
        ``sum_n weights_n Cov(x_n | x_n,obs, z_n = k)`` (zero where no weights are given).
    """
    filled = data.X - data.shift
    D = data.n_features
    extra = np.zeros(D) if model._diagonal_variances() is not None else np.zeros((D, D))
    for pattern, m, means, conditional in _pattern_conditionals(model, data, k):
        filled[np.ix_(pattern.rows, m)] = means
        if weights is not None:
            mass = weights[pattern.rows].sum()
            if extra.ndim == 1:
                extra[m] += mass * conditional
            else:
                extra[np.ix_(m, m)] += mass * conditional
    return filled, extra


def expected_statistics(
    previous: Any, data: IncompleteData, resp: np.ndarray, kind: str, fixed: bool
) -> tuple[np.ndarray, np.ndarray | None]:
    """Means (centred at ``data.shift``) and expected centred scatters of the non-empty components.

    Parameters
    ----------
    previous : GaussianMixture
        The model whose conditional distributions complete the rows (the E-step's).
    data : IncompleteData
    resp : ndarray of shape (n_components, n_samples)
    kind : str
        The covariance type of the update: scatters are (K, D, D) for full/tied, diagonals (K, D)
        for diag/spherical.
    fixed : bool
        Fixed covariances: no scatter (None).

    Returns
    -------
    means : ndarray of shape (n_components, n_features)
        Undefined for empty components.
    scatter : ndarray or None
        ``sum_n r_nk [(x^_nk - mu_k)(x^_nk - mu_k)^T + Cov(x_n | x_n,obs, k)]``, with the mean's
        rounding error removed as in the complete-data update (corrected two-pass algorithm).
    """
    K, D = resp.shape[0], data.n_features
    nk = resp.sum(axis=1)
    diagonal = kind in ("diag", "spherical")
    means = np.zeros((K, D))
    scatter = None if fixed else np.zeros((K, D) if diagonal else (K, D, D))
    for k in np.flatnonzero(nk >= EMPTY_MASS).tolist():
        filled, extra = _component_conditionals(previous, data, k, None if fixed else resp[k])
        means[k] = (resp[k] @ filled) / nk[k]
        if scatter is None:
            continue
        centred = filled - means[k]
        delta = (resp[k] @ centred) / nk[k]
        if diagonal:
            extra = np.diagonal(extra) if extra.ndim == 2 else extra
            scatter[k] = (centred * centred).T @ resp[k] - nk[k] * delta**2 + extra
        else:
            extra = np.diag(extra) if extra.ndim == 1 else extra
            scatter[k] = (centred * resp[k][:, None]).T @ centred - nk[k] * np.outer(delta, delta) + extra
        means[k] += delta
    return means, scatter


def conditional_expectations(model: Any, data: IncompleteData) -> np.ndarray:
    """Each component's completion of the rows: ``E[x_n | x_n,obs, z_n = k]``, shape (K, N, D)."""
    return np.stack([_component_conditionals(model, data, k)[0] for k in range(model.n_components)]) + data.shift
