"""sRGB <-> OKLab, the perceptual colour space the responsibility blends are mixed in.

OKLab (Björn Ottosson, 2020, https://bottosson.github.io/posts/oklab/) is built so that equal
distances look about equally different, in lightness and in hue. A straight line between two
colours in OKLab changes evenly to the eye; the same line in gamma-encoded sRGB does not (some of its
stretch is squeezed into a muddy, barely changing middle). The matrices are Ottosson's.
"""

from __future__ import annotations

import numpy as np

# linear sRGB -> LMS cone responses, and (after a cube root) LMS -> (L, a, b)
_RGB_TO_LMS = np.array(
    [
        [0.4122214708, 0.5363325363, 0.0514459929],
        [0.2119034982, 0.6806995451, 0.1073969566],
        [0.0883024619, 0.2817188376, 0.6299787005],
    ]
)
_LMS_TO_LAB = np.array(
    [
        [0.2104542553, 0.7936177850, -0.0040720468],
        [1.9779984951, -2.4285922050, 0.4505937099],
        [0.0259040371, 0.7827717662, -0.8086757660],
    ]
)
_LAB_TO_LMS = np.linalg.inv(_LMS_TO_LAB)
_LMS_TO_RGB = np.linalg.inv(_RGB_TO_LMS)


def srgb_to_linear(rgb: np.ndarray) -> np.ndarray:
    """Undo the sRGB transfer curve: encoded values in [0, 1] -> linear light, same shape."""
    rgb = np.asarray(rgb, dtype=float)
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(linear: np.ndarray) -> np.ndarray:
    """Apply the sRGB transfer curve: linear light in [0, 1] -> encoded values, same shape."""
    linear = np.clip(np.asarray(linear, dtype=float), 0.0, 1.0)
    return np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * linear ** (1 / 2.4) - 0.055)


def linear_srgb_to_oklab(linear: np.ndarray) -> np.ndarray:
    """OKLab (L, a, b) of linear-light sRGB colours.

    Parameters
    ----------
    linear : ndarray of shape (..., 3)

    Returns
    -------
    ndarray of shape (..., 3)
        L in [0, 1] for colours in the gamut (white is (1, 0, 0)).
    """
    return np.cbrt(np.asarray(linear, dtype=float) @ _RGB_TO_LMS.T) @ _LMS_TO_LAB.T


def oklab_to_linear_srgb(lab: np.ndarray) -> np.ndarray:
    """Linear-light sRGB of OKLab colours, shape (..., 3) -> (..., 3) (not clipped to the gamut)."""
    lms = np.asarray(lab, dtype=float) @ _LAB_TO_LMS.T
    return (lms * lms * lms) @ _LMS_TO_RGB.T  # cubed by products: ** 3 goes through pow(), 20x slower


def srgb_to_oklab(rgb: np.ndarray) -> np.ndarray:
    """OKLab of sRGB colours with components in [0, 1], shape (..., 3) -> (..., 3)."""
    return linear_srgb_to_oklab(srgb_to_linear(rgb))


def oklab_to_srgb(lab: np.ndarray) -> np.ndarray:
    """sRGB in [0, 1] of OKLab colours, shape (..., 3) -> (..., 3); out-of-gamut values are clipped."""
    return linear_to_srgb(oklab_to_linear_srgb(lab))
