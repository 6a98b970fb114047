"""Moving the selected point with the keyboard: the next point in a direction on screen, or in a list.

A student who cannot use a mouse selects a data point with the arrow keys: from the selected point
the next one is the nearest point in the direction pressed, looking first within 45 degrees of it
(as focus moves between buttons), then anywhere on that side; with nothing selected, the point
nearest the middle of the view. In a list of rows (the responsibility map) it is the row before or
after. Qt-free: the views hand in where they draw the points, in pixels.
"""

from __future__ import annotations

import numpy as np

DIRECTIONS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}


def nearest_in_direction(pixels: np.ndarray, current: int, direction: str, centre=(0.0, 0.0)) -> int | None:
    """The point to select next, or None when there is none that way.

    Parameters
    ----------
    pixels : ndarray of shape (n_samples, 2)
        Where each point is drawn, in pixels: x to the right, y down (rows that are not drawn: NaN).
    current : int
        The selected row, or -1 for none.
    direction : {"left", "right", "up", "down"}
    centre : (float, float)
        The middle of the view in pixels: with nothing selected, the point nearest it is chosen.

    Returns
    -------
    int or None
    """
    pixels = np.asarray(pixels, dtype=float)
    drawn = np.isfinite(pixels).all(axis=1)
    if not drawn.any():
        return None
    if not 0 <= current < len(pixels) or not drawn[current]:
        distance = np.where(drawn, np.hypot(*(pixels - np.asarray(centre, dtype=float)).T), np.inf)
        return int(np.argmin(distance))
    offsets = pixels - pixels[current]
    along = offsets @ np.asarray(DIRECTIONS[direction])
    across = np.abs(offsets @ np.asarray(DIRECTIONS[direction])[::-1])
    ahead = drawn & (along > 0)
    for candidates in (ahead & (across <= along), ahead):
        if candidates.any():
            distance = np.where(candidates, np.hypot(along, across), np.inf)
            return int(np.argmin(distance))
    return None


def next_in_order(order: np.ndarray, current: int, step: int) -> int | None:
    """The row `step` places after `current` in `order` (the rows as listed), or None past either end.

    With nothing selected (or a row not listed), the first row listed for a step forward and the last
    for a step back.
    """
    order = np.asarray(order)
    if len(order) == 0:
        return None
    where = np.flatnonzero(order == current)
    if len(where) == 0:
        return int(order[0] if step > 0 else order[-1])
    position = int(where[0]) + step
    return int(order[position]) if 0 <= position < len(order) else None
