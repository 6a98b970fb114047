"""Component colours and plot styling shared by every view.

The component colours are Petroff's ten-colour sequence (see `nbviz.app.presentation.appearance.component_hex`),
chosen to stay apart for the common forms of colour blindness. A point's colour blends the component
colours by its responsibilities in OKLab (`nbviz.gui.style.oklab`), where a blend changes evenly with the
responsibilities instead of sinking into the muddy middle of an sRGB average.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor

from ...app.presentation.appearance import component_hex
from .oklab import oklab_to_srgb, srgb_to_oklab


def component_rgb(n_components: int, dark: bool = False) -> np.ndarray:
    """RGB colours in [0, 1] of shape (n_components, 3) for a light or `dark` background; cycles
    past the palette's length."""
    colours = component_hex(dark)
    rgb = np.array([[int(h[i : i + 2], 16) for i in (1, 3, 5)] for h in colours], dtype=float) / 255
    return rgb[np.arange(n_components) % len(rgb)]


def component_color(k: int, dark: bool = False) -> QColor:
    """The QColor of component `k` (0-based) for a light or `dark` background."""
    colours = component_hex(dark)
    return QColor(colours[k % len(colours)])


def blend(resp: np.ndarray, rgb: np.ndarray) -> np.ndarray:
    """Per-point colours as responsibility-weighted mixtures of component colours, mixed in OKLab.

    A point that belongs to one component gets that component's colour; a shared point gets the
    responsibility-weighted mean of the components' OKLab coordinates, converted back to sRGB.

    Parameters
    ----------
    resp : ndarray of shape (n_samples, n_components)
    rgb : ndarray of shape (n_components, 3)

    Returns
    -------
    ndarray of shape (n_samples, 3), uint8
    """
    mixed = oklab_to_srgb(np.asarray(resp, dtype=float) @ srgb_to_oklab(rgb))
    return np.clip(mixed * 255.0 + 0.5, 0, 255).astype(np.uint8)


OBJECTIVE_COLOR = "#1f77b4"
ELBO_COLOR = "#2ca02c"
DECREASE_COLOR = "#d62728"
