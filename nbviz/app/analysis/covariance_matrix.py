"""A Gaussian component's covariance or correlation matrix, for the parameters panel's heat map."""

from __future__ import annotations

import numpy as np

import nbviz.core as nc

MAX_HEATMAP = 30  # features up to which the matrix is drawn as a heat map


def component_matrix(model: nc.GaussianMixture, k: int, correlation: bool = False) -> np.ndarray:
    """Component `k`'s covariance, or with `correlation` its correlation matrix, shape (D, D).

    The covariance is the model's as stored, made full: the shared matrix for "tied", a diagonal
    matrix for "diag" and "spherical" (their correlations are the identity). The correlation is
    ``Sigma_ij / sqrt(Sigma_ii Sigma_jj)``.
    """
    covariances = np.asarray(model.covariances, dtype=float)
    kind, D = model.covariance_type, model.n_features
    if kind == "full":
        matrix = covariances[k]
    elif kind == "tied":
        matrix = covariances
    elif kind == "diag":
        matrix = np.diag(covariances[k])
    else:
        matrix = covariances[k] * np.eye(D)
    if not correlation:
        return matrix.copy()
    sd = np.sqrt(np.diag(matrix))
    with np.errstate(divide="ignore", invalid="ignore"):
        result = matrix / np.outer(sd, sd)
    return np.where(np.isfinite(result), result, 0.0)
