"""Which corner of a plot a legend hides the least in: the one with the fewest points under it.

`least_covered_corner` is plain numpy (testable without drawing); `place_in_corner` anchors a
pyqtgraph legend there. The views call them when the data or the view range changes, never on a
half-step, so a legend does not jump about while a lecturer steps through a run.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

# corner -> (x, y) of the anchor in Qt's item coordinates (y grows downwards); first preferred on a tie
CORNERS = {
    "top-right": (1, 0),
    "top-left": (0, 0),
    "bottom-right": (1, 1),
    "bottom-left": (0, 1),
}
MARGIN = 8  # pixels between the legend and the plot's edges


def corner_rectangle(corner: str, view: tuple[float, float, float, float], size: tuple[float, float]) -> np.ndarray:
    """The rectangle ``[x0, x1, y0, y1]`` a legend of `size` (width, height) covers in `corner`.

    Parameters
    ----------
    corner : str
        A key of `CORNERS`.
    view : (float, float, float, float)
        The plot's range as ``(x0, x1, y0, y1)`` in view coordinates (y grows upwards).
    size : (float, float)
        The legend's width and height plus its margin, in view units.
    """
    x0, x1, y0, y1 = view
    w, h = size
    right, bottom = CORNERS[corner]
    xs = (x1 - w, x1) if right else (x0, x0 + w)
    ys = (y0, y0 + h) if bottom else (y1 - h, y1)  # "bottom" is the low end of y in a plot
    return np.array([*xs, *ys])


def corner_counts(
    points: np.ndarray, view: tuple[float, float, float, float], size: tuple[float, float]
) -> dict[str, int]:
    """How many of `points` (shape (n, 2), view coordinates) lie under the legend in each corner."""
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    counts = {}
    for corner in CORNERS:
        x0, x1, y0, y1 = corner_rectangle(corner, view, size)
        inside = (points[:, 0] >= x0) & (points[:, 0] <= x1) & (points[:, 1] >= y0) & (points[:, 1] <= y1)
        counts[corner] = int(np.count_nonzero(inside))
    return counts


def least_covered_corner(
    points: np.ndarray,
    view: tuple[float, float, float, float],
    size: tuple[float, float],
    current: str | None = None,
    preferred: str = "top-right",
) -> str:
    """The corner whose legend rectangle covers the fewest of `points` (shape (n, 2)).

    A tie keeps `current` (no jump when nothing is gained), then `preferred`, then the order of
    `CORNERS`.
    """
    counts = corner_counts(points, view, size)
    order = [c for c in (current, preferred) if c in CORNERS] + list(CORNERS)
    return min(order, key=lambda c: (counts[c], order.index(c)))


def legend_size_in_view(legend: pg.LegendItem, view_box: pg.ViewBox) -> tuple[float, float] | None:
    """The legend's width and height with `MARGIN`, in `view_box`'s units (None: not laid out yet)."""
    if view_box.width() <= 1 or view_box.height() <= 1:
        return None
    rect = legend.boundingRect()
    px, py = view_box.viewPixelSize()
    return (rect.width() + MARGIN) * px, (rect.height() + MARGIN) * py


def view_range(view_box: pg.ViewBox) -> tuple[float, float, float, float]:
    """`view_box`'s range as ``(x0, x1, y0, y1)``."""
    (x0, x1), (y0, y1) = view_box.viewRange()
    return float(x0), float(x1), float(y0), float(y1)


def place_in_corner(legend: pg.LegendItem, corner: str) -> None:
    """Anchor `legend` in `corner` of its parent, `MARGIN` pixels from the edges."""
    anchor = CORNERS[corner]
    offset = (-MARGIN if anchor[0] else MARGIN, -MARGIN if anchor[1] else MARGIN)
    legend.anchor(itemPos=anchor, parentPos=anchor, offset=offset)
