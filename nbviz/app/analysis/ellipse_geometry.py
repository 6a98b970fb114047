"""The ellipses of a 2-D Gaussian: their vertices and the share of the probability they hold.

Computed without widgets; the views' ellipse items (`gui.plots.data.ellipses`) and the gallery's
thumbnails only draw the vertices.
"""

from __future__ import annotations

import numpy as np

N_VERTICES = 96


def ellipse_mass(level: float) -> float:
    """Share of a 2-D Gaussian's probability inside its `level`-sigma ellipse: 1 - exp(-level^2 / 2).

    The squared Mahalanobis radius of a 2-D Gaussian is chi-squared with two degrees of freedom, so
    the 1-sigma ellipse holds about 39% of the mass and the 2-sigma ellipse about 86%.
    """
    return float(-np.expm1(-0.5 * level**2))


def _unit_circle(n: int) -> np.ndarray:
    """(n + 1, 2) points on the unit circle, the first repeated at the end (exactly) to close it."""
    angle = np.linspace(0.0, 2.0 * np.pi, n + 1)
    angle[-1] = 0.0
    return np.column_stack([np.cos(angle), np.sin(angle)])


UNIT_CIRCLE = _unit_circle(N_VERTICES)


def ellipse_points(mean: np.ndarray, cov: np.ndarray, scale: float, n: int = N_VERTICES) -> np.ndarray:
    """Vertices of the `scale`-sigma ellipse of a 2-D Gaussian.

    Parameters
    ----------
    mean : ndarray of shape (2,)
    cov : ndarray of shape (2, 2)
        Symmetric positive semi-definite.
    scale : float
        Mahalanobis radius (1 = one standard deviation).
    n : int
        Number of vertices; the first is repeated at the end to close the curve.

    Returns
    -------
    ndarray of shape (n + 1, 2)
        Points ``mean + scale * A u`` with ``A A^T = cov`` and ``u`` on the unit circle, so the
        extent along any direction ``e`` is ``scale * sqrt(e^T cov e)``.
    """
    circle = UNIT_CIRCLE if n == N_VERTICES else _unit_circle(n)
    return mean + scale * circle @ covariance_root(cov).T


def covariance_root(cov: np.ndarray) -> np.ndarray:
    """A matrix ``A`` with ``A A^T = cov`` (of the symmetrised `cov`, negative eigenvalues taken as 0)."""
    values, vectors = np.linalg.eigh(0.5 * (cov + cov.T))
    return vectors * np.sqrt(np.clip(values, 0.0, None))


def ellipse_offsets(cov: np.ndarray, levels) -> list[np.ndarray]:
    """Each of the `levels` ellipses' vertices (N_VERTICES + 1, 2) relative to the mean: ``level * A u``.

    The square root of `cov` (2, 2) is taken once for every level.
    """
    root = covariance_root(cov)
    return [level * UNIT_CIRCLE @ root.T for level in levels]
