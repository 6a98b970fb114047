"""Two-dimensional views of D-dimensional data and Gaussians: feature pairs and PCA (the scatter and
pairs views draw them; computed here, without widgets).

Views are made on demand, one at a time: a table of D features has D (D - 1) / 2 feature pairs
(124,750 at 500 columns), so the view chooser names them and only the view shown is built. Its
matrix is (D, 2), and a mixture's marginal in it is worked out from the covariances as stored
(a variance per feature for "diag"), never from a (K, D, D) stack of full covariances.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nbviz.translation_marks import QT_TRANSLATE_NOOP, translate

from ..families import PointsModel

PCA_TITLE = QT_TRANSLATE_NOOP("nbviz", "PCA (first two components)")
EXACT_PCA_LIMIT = 1500  # up to this min(rows, features), PCA diagonalises a (m, m) matrix exactly
POWER_ITERATIONS = 8  # beyond it: randomised subspace iterations (Halko, Martinsson & Tropp 2011)
OVERSAMPLING = 10


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
    explained : ndarray of shape (2,) or None
        PCA: the share of the data's total variance along each axis; None for a feature pair.
    """

    title: str
    matrix: np.ndarray
    offset: np.ndarray
    labels: tuple[str, str]
    pair: tuple[int, int] | None = None
    explained: np.ndarray | None = None

    def points(self, X: np.ndarray) -> np.ndarray:
        """Projected rows, shape (n, 2), of `X` (n, n_features)."""
        if self.pair is not None:
            return np.ascontiguousarray(X[:, list(self.pair)], dtype=float)
        return (X - self.offset) @ self.matrix

    def model_gaussians(self, model: PointsModel) -> tuple[np.ndarray, np.ndarray]:
        """Marginal 2-D Gaussians of a mixture drawn as points in this view, from its covariances as stored.

        Parameters
        ----------
        model : PointsModel
            E.g. a Gaussian mixture; its covariances are projected as stored
            (`projected_covariances`: no (K, D, D) stack for diagonal or spherical ones).

        Returns
        -------
        means : ndarray of shape (K, 2)
            ``(mu - offset) @ P``.
        covariances : ndarray of shape (K, 2, 2)
            ``P^T Sigma P``, in O(K D) memory for diagonal and spherical covariances.
        """
        return self.points(model.means), model.projected_covariances(self.matrix)


def feature_pair(columns, i: int, j: int) -> Projection:
    """The view of feature `i` (horizontal) against feature `j` (vertical)."""
    D = len(columns)
    matrix = np.zeros((D, 2))
    matrix[i, 0] = matrix[j, 1] = 1.0
    return Projection(
        translate("nbviz", "{0} vs {1}").format(columns[i], columns[j]),
        matrix,
        np.zeros(D),
        (columns[i], columns[j]),
        (i, j),
    )


def pca_title(standardised: bool) -> str:
    """The PCA view's name, saying which data it projects."""
    return (
        translate("nbviz", "PCA of the standardised data")
        if standardised
        else translate("nbviz", "PCA of the raw data")
    )


def pca(X: np.ndarray, seed: int = 0, title: str = PCA_TITLE) -> Projection:
    """The plane of the first two principal components of `X` (n, n_features), centred at its mean.

    The axes are labelled with the share of the total variance each explains ("PC1 (36.2 %)"):
    the variance of the projected data over the sum of the features' variances.

    Each axis is signed so that its largest loading is positive (a stable orientation). Memory
    and time stay bounded for wide tables: the smaller of the (D, D) covariance and the (n, n)
    Gram matrix is diagonalised exactly up to `EXACT_PCA_LIMIT`; beyond it, a seeded
    randomised subspace iteration finds the two leading directions, in O((n + D) * 12) memory
    beyond the centred data.
    """
    X = np.asarray(X, dtype=float)
    n, D = X.shape
    centre = X.mean(axis=0)
    centred = X - centre
    if D <= min(n, EXACT_PCA_LIMIT):
        covariance = np.atleast_2d(np.cov(X, rowvar=False))
        values, vectors = np.linalg.eigh(covariance)
        matrix = vectors[:, np.argsort(values)[::-1][:2]].copy()
    elif n <= EXACT_PCA_LIMIT:
        values, vectors = np.linalg.eigh(centred @ centred.T)  # Gram: X_c X_c^T = U S^2 U^T
        top = np.argsort(values)[::-1][:2]
        matrix = _orthonormal(centred.T @ vectors[:, top], D)  # V = X_c^T U / S
    else:
        matrix = _leading_directions(centred, seed)
    biggest = np.argmax(np.abs(matrix), axis=0)
    matrix *= np.where(matrix[biggest, [0, 1]] < 0, -1.0, 1.0)
    total = float(np.einsum("nd,nd->", centred, centred))
    along = np.einsum("nd,nd->d", centred @ matrix, centred @ matrix)
    explained = along / total if total > 0 else np.zeros(2)
    labels = (
        translate("nbviz", "PC1 ({0:.1f} %)").format(100 * explained[0]),
        translate("nbviz", "PC2 ({0:.1f} %)").format(100 * explained[1]),
    )
    return Projection(title, matrix, centre, labels, explained=explained)


def leading_features(X: np.ndarray, n: int) -> list[int]:
    """The `n` features (in column order) with the largest loadings on the first two principal components,
    each loading weighted by its axis's explained variance; all features when there are at most `n`."""
    D = X.shape[1]
    if D <= n:
        return list(range(D))
    plane = pca(X)
    assert plane.explained is not None  # a PCA plane has it
    weight = plane.matrix**2 @ plane.explained
    return sorted(int(d) for d in np.argsort(-weight, kind="stable")[:n])


def _orthonormal(vectors: np.ndarray, D: int) -> np.ndarray:
    """Orthonormal columns (D, 2) spanning `vectors` (D, 2), completed when they are degenerate."""
    q, r = np.linalg.qr(vectors)
    if abs(r[1, 1]) <= 1e-12 * max(abs(r[0, 0]), 1e-300):  # fewer than two directions of spread
        q = np.linalg.qr(np.column_stack([q[:, 0], np.eye(D)[:, :2]]))[0][:, :2]
    return np.ascontiguousarray(q[:, :2])


def _leading_directions(centred: np.ndarray, seed: int) -> np.ndarray:
    """The two leading right singular vectors (D, 2) of `centred` (n, D), by subspace iteration."""
    rng = np.random.default_rng(seed)
    basis = np.linalg.qr(rng.standard_normal((centred.shape[1], 2 + OVERSAMPLING)))[0]
    for _ in range(POWER_ITERATIONS):
        basis = np.linalg.qr(centred.T @ np.linalg.qr(centred @ basis)[0])[0]
    small = centred @ basis  # (n, 12): the data in the subspace found
    values, vectors = np.linalg.eigh(small.T @ small)
    return np.ascontiguousarray(basis @ vectors[:, np.argsort(values)[::-1][:2]])


def n_pairs(n_features: int) -> int:
    """How many feature-pair views `n_features` features have: D (D - 1) / 2."""
    return n_features * (n_features - 1) // 2


def pair_at(index: int, n_features: int) -> tuple[int, int]:
    """The feature pair (i, j), i < j, at `index` of the row-major list (0, 1), (0, 2), ..., (D-2, D-1)."""
    i = 0
    while index >= n_features - 1 - i:
        index -= n_features - 1 - i
        i += 1
    return i, i + 1 + index
