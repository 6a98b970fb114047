"""The colour scale of View → Colour by uncertainty: grey for certain points, red for the most uncertain."""

from __future__ import annotations

import numpy as np

from ...app.analysis.uncertainty import relative_uncertainty
from .palette import blend

# (certain, most uncertain) as sRGB, on a light and on a dark background
SCALE = {
    False: np.array([[205, 205, 205], [200, 30, 45]], dtype=float) / 255.0,
    True: np.array([[84, 86, 92], [255, 110, 90]], dtype=float) / 255.0,
}


def scale_rgb(dark: bool) -> np.ndarray:
    """The scale's two ends, shape (2, 3), uint8: certain, then most uncertain."""
    return np.round(SCALE[dark] * 255.0).astype(np.uint8)


def uncertainty_colours(resp: np.ndarray, dark: bool = False) -> np.ndarray:
    """Per-point colours for ``(1 - max_k r_nk) / (1 - 1/K)``, mixed in OKLab between the scale's ends.

    Parameters
    ----------
    resp : ndarray of shape (n_samples, n_components)
    dark : bool
        The scale for a dark background.

    Returns
    -------
    ndarray of shape (n_samples, 3), uint8
    """
    t = relative_uncertainty(resp)
    return blend(np.column_stack([1.0 - t, t]), SCALE[dark])
