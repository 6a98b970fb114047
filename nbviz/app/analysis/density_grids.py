"""Mixture densities where the views draw them: on a line of points (1-D) and on a grid (2-D).

Computed through the core's public density API (`Mixture.component_log_density`,
`Mixture.score_samples`), so no view writes the Gaussian density itself. Both are cheap (a few
hundred points, or GRID_SIZE^2 cells for a handful of components) and run where they are asked for.
"""

from __future__ import annotations

import numpy as np

import nbviz.core as nc

from ..families import PointsModel


def weighted_component_densities(model: nc.Mixture, x: np.ndarray) -> np.ndarray:
    """``pi_k p(x_n | k)`` of a one-feature mixture at the points `x`.

    Parameters
    ----------
    model : Mixture with n_features == 1
    x : ndarray of shape (n_points,)

    Returns
    -------
    ndarray of shape (n_components, n_points)
        Their sum over components is the mixture density.
    """
    log_density = model.component_log_density(np.asarray(x, dtype=float)[:, None])
    with np.errstate(divide="ignore"):
        return np.exp(log_density + np.log(model.weights)).T


def weighted_marginal_densities(model: PointsModel, feature: int, xs: np.ndarray) -> np.ndarray:
    """Weighted 1-D marginal densities ``pi_k N(x; mu_kd, Sigma_k,dd)`` of `feature` d of a mixture drawn as points.

    Parameters
    ----------
    model : PointsModel
    feature : int
    xs : ndarray of shape (n_points,)

    Returns
    -------
    ndarray of shape (n_components, n_points)
        The variances are read from the covariances as stored (`projected_covariances`).
    """
    direction = np.zeros((model.n_features, 1))
    direction[feature] = 1.0
    mu = model.means[:, feature, None]
    var = np.maximum(model.projected_covariances(direction)[:, 0, 0], 1e-300)[:, None]
    with np.errstate(under="ignore"):
        return model.weights[:, None] * np.exp(-0.5 * (xs[None, :] - mu) ** 2 / var) / np.sqrt(2 * np.pi * var)


def gaussian_2d(
    weights: np.ndarray, means: np.ndarray, covariances: np.ndarray
) -> tuple[nc.GaussianMixture | None, float]:
    """A 2-D Gaussian mixture of the components that are valid, and the weight they carry.

    Parameters
    ----------
    weights : ndarray of shape (n_components,)
    means : ndarray of shape (n_components, 2)
    covariances : ndarray of shape (n_components, 2, 2)
        E.g. a projection of a higher-dimensional mixture.

    Returns
    -------
    mixture : GaussianMixture or None
        The components with positive weight and positive definite covariance, weights renormalised
        (None if there are none).
    mass : float
        Their total weight, by which the mixture's density is scaled back.
    """
    a, b, c = covariances[:, 0, 0], covariances[:, 0, 1], covariances[:, 1, 1]
    # |b| < sqrt(a) sqrt(c) is a c - b^2 > 0 without the product, which overflows for data around 1e150
    keep = (a > 0) & (c > 0) & (np.abs(b) < np.sqrt(np.abs(a)) * np.sqrt(np.abs(c))) & (weights > 0)
    mass = float(weights[keep].sum())
    if mass <= 0:
        return None, 0.0
    try:
        mixture = nc.GaussianMixture(weights=weights[keep] / mass, means=means[keep], covariances=covariances[keep])
    except ValueError:  # positive definite in closed form, but not to the Cholesky factorisation
        return None, 0.0
    return mixture, mass


def density_grid(
    weights: np.ndarray, means: np.ndarray, covariances: np.ndarray, x_range, y_range, size: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The density of a 2-D Gaussian mixture at the centres of a `size` x `size` grid.

    Parameters
    ----------
    weights, means, covariances : as for `gaussian_2d`
        A component whose covariance is not positive definite contributes nothing.
    x_range, y_range : (float, float)
        The grid's extent.
    size : int

    Returns
    -------
    xs : ndarray of shape (size,)
    ys : ndarray of shape (size,)
    values : ndarray of shape (size, size)
        ``sum_k w_k N((xs[j], ys[i]) | mu_k, Sigma_k)`` at ``[i, j]`` (indexed [y, x]).
    """
    (x0, x1), (y0, y1) = x_range, y_range
    xs = x0 + (np.arange(size) + 0.5) * (x1 - x0) / size
    ys = y0 + (np.arange(size) + 0.5) * (y1 - y0) / size
    mixture, mass = gaussian_2d(np.asarray(weights), np.asarray(means), np.asarray(covariances))
    if mixture is None:
        return xs, ys, np.zeros((size, size))
    grid = np.column_stack([np.tile(xs, size), np.repeat(ys, size)])
    values = mass * np.exp(mixture.score_samples(grid))
    return xs, ys, values.reshape(size, size)
