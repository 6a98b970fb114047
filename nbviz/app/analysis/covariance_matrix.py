"""A covariance matrix as a correlation matrix, for the parameters panel's heat map."""

from __future__ import annotations

import numpy as np

MAX_HEATMAP = 30  # features up to which the matrix is drawn as a heat map


def correlation_matrix(covariance: np.ndarray) -> np.ndarray:
    """``Sigma_ij / sqrt(Sigma_ii Sigma_jj)`` of a covariance (D, D); 0 where a variance is 0.

    The family gives the covariance (`CovarianceMatrices.matrix`): a diagonal one for "diag"
    and "spherical", whose correlations are the identity.
    """
    sd = np.sqrt(np.diag(covariance))
    with np.errstate(divide="ignore", invalid="ignore"):
        result = covariance / np.outer(sd, sd)
    return np.where(np.isfinite(result), result, 0.0)
