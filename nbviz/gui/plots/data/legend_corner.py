"""Which corner of a plot a legend hides the least in: the one with the fewest points under it.

`least_covered_corner` is plain numpy (testable without drawing); `place_in_corner` anchors a
pyqtgraph legend there. The views call them when the data or the view range changes, and on a
half-step only when the legend would cover something where it is, so a legend does not jump about
while a lecturer steps through a run. When every corner covers something, `room_above` says how far
to raise the top of the plot so that a legend in a top corner covers nothing.
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


def room_above(
    marks: np.ndarray, view: tuple[float, float, float, float], size: tuple[float, float], corner: str
) -> float:
    """The top of the y range at which a legend of `size` in top `corner` covers none of `marks`.

    `size` is in view units at the range `view`; the legend keeps its height in pixels, so its share
    of the plot's height stays ``size[1] / (y1 - y0)`` as the range grows. Only the marks within the
    legend's x span count. Returns `view`'s own top when nothing is under it.
    """
    x0, x1, y0, y1 = view
    rect = corner_rectangle(corner.replace("bottom", "top"), view, size)
    marks = np.asarray(marks, dtype=float).reshape(-1, 2)
    under = marks[(marks[:, 0] >= rect[0]) & (marks[:, 0] <= rect[1]) & (marks[:, 1] <= y1)]
    if not len(under):
        return y1
    highest = float(under[:, 1].max())
    if highest < rect[2]:
        return y1
    share = size[1] / (y1 - y0)  # of the plot's height, whatever the range
    return y0 + (highest - y0) / (1.0 - share)


def outline_points(edges: np.ndarray, heights: np.ndarray, per_side: int = 8) -> np.ndarray:
    """Points along the tops and sides of bars (a histogram's `edges` (B + 1,) and `heights` (B,)):
    what a legend over a histogram would cover, as marks for `corner_counts`."""
    edges, heights = np.asarray(edges, dtype=float), np.asarray(heights, dtype=float)
    if heights.size == 0 or edges.size != heights.size + 1:
        return np.zeros((0, 2))
    t = np.linspace(0.0, 1.0, per_side)
    tops = [np.column_stack([a + t * (b - a), np.full_like(t, h)]) for a, b, h in zip(edges[:-1], edges[1:], heights)]
    rises = np.maximum(np.concatenate([[0.0], heights]), np.concatenate([heights, [0.0]]))
    sides = [np.column_stack([np.full_like(t, e), t * h]) for e, h in zip(edges, rises)]
    return np.vstack(tops + sides)
