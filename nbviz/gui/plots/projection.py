"""Two-dimensional views of D-dimensional data and Gaussians: feature pairs and PCA."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

PCA_TITLE = "PCA (first two components)"


@dataclass(frozen=True, eq=False)
class Projection:
    """The affine map ``y = (x - offset) @ matrix`` from feature space to a 2-D view.

    Attributes
    ----------
    title : str
        Shown in the view chooser.
    matrix : ndarray of shape (n_features, 2)
        Orthonormal columns.
    offset : ndarray of shape (n_features,)
    labels : (str, str)
        Axis labels.
    pair : (int, int) or None
        The two features shown, for a feature-pair view (where the view coordinates *are* the
        features, so a point dragged in the view is a point in feature space); None for PCA.
    """

    title: str
    matrix: np.ndarray
    offset: np.ndarray
    labels: tuple[str, str]
    pair: tuple[int, int] | None = None

    def points(self, X: np.ndarray) -> np.ndarray:
        """Projected rows, shape (n, 2), of `X` (n, n_features)."""
        if self.pair is not None:
            return np.ascontiguousarray(X[:, list(self.pair)], dtype=float)
        return (X - self.offset) @ self.matrix

    def gaussians(self, means: np.ndarray, covariances: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Marginal 2-D Gaussians of the projection.

        Parameters
        ----------
        means : ndarray of shape (K, n_features)
        covariances : ndarray of shape (K, n_features, n_features)

        Returns
        -------
        means : ndarray of shape (K, 2)
            ``(mu - offset) @ P``.
        covariances : ndarray of shape (K, 2, 2)
            ``P^T Sigma P``.
        """
        P = self.matrix
        return self.points(means), np.einsum("di,kde,ej->kij", P, covariances, P)


def feature_pair(columns, i: int, j: int) -> Projection:
    """The view of feature `i` (horizontal) against feature `j` (vertical)."""
    D = len(columns)
    matrix = np.zeros((D, 2))
    matrix[i, 0] = matrix[j, 1] = 1.0
    return Projection(f"{columns[i]} vs {columns[j]}", matrix, np.zeros(D), (columns[i], columns[j]), (i, j))


def pca(X: np.ndarray) -> Projection:
    """The plane of the first two principal components of `X` (n, n_features), centred at its mean.

    Each axis is signed so that its largest loading is positive (a stable orientation).
    """
    centre = X.mean(axis=0)
    covariance = np.atleast_2d(np.cov(X, rowvar=False))
    values, vectors = np.linalg.eigh(covariance)
    matrix = vectors[:, np.argsort(values)[::-1][:2]].copy()
    biggest = np.argmax(np.abs(matrix), axis=0)
    matrix *= np.sign(matrix[biggest, [0, 1]])
    return Projection(PCA_TITLE, matrix, centre, ("PC1", "PC2"))


def projections_for(X: np.ndarray, columns) -> list[Projection]:
    """The views offered for data `X` (n, D >= 2): PCA first (for D > 2), then every feature pair."""
    D = X.shape[1]
    pairs = [feature_pair(columns, i, j) for i in range(D) for j in range(i + 1, D)]
    return pairs if D == 2 else [pca(X), *pairs]
