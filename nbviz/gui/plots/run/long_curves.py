"""Long runs drawn at the cost of their pixels: the objective curve's arrays kept up to date and decimated.

A run of 20,000 half-steps has more points than the plot has pixel columns. `ObjectiveSeries`
keeps the objectives, ELBOs and phases as arrays that grow with the history (appending the new
half-steps, not rebuilding from every snapshot), and `min_max_columns` reduces a stretch of a
curve to its lowest and highest value per pixel column, which draws the same picture (a zigzag
stays a filled band of its true height) from at most two points per column.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class ObjectiveSeries:
    """The objective, ELBO and phase of every half-step of a history, as arrays.

    Attributes
    ----------
    objective : ndarray of shape (n_half_steps,)
    elbo : ndarray of shape (n_half_steps,)
        NaN before the first E-step (no q yet).
    is_m_step : ndarray of bool, shape (n_half_steps,)
    """

    def __init__(self):
        self._objective = np.empty(0)
        self._elbo = np.empty(0)
        self._is_m = np.empty(0, dtype=bool)
        self._size = 0
        self._last = None  # the last snapshot read: while it is still in place, only new ones are read

    def __len__(self) -> int:
        return self._size

    @property
    def objective(self) -> np.ndarray:
        return self._objective[: self._size]

    @property
    def elbo(self) -> np.ndarray:
        return self._elbo[: self._size]

    @property
    def is_m_step(self) -> np.ndarray:
        return self._is_m[: self._size]

    def first_m_step(self) -> int:
        """The first half-step after the first big jump: the first M-step (0 if there is none yet)."""
        is_m = self.is_m_step
        return int(np.argmax(is_m)) if is_m.any() else 0

    def sync(self, history: Sequence) -> None:
        """Follow `history` (snapshots with objective, elbo, phase): read only what is new.

        The history grows at its end or is cut back and regrown (a step after stepping back, a new
        run); if the last snapshot read is no longer where it was, everything is read again.
        """
        n, size = len(history), self._size
        if size and (size > n or history[size - 1] is not self._last):
            size = 0
        self._reserve(n)
        for i in range(size, n):
            snapshot = history[i]
            self._objective[i] = snapshot.objective
            self._elbo[i] = np.nan if snapshot.elbo is None else snapshot.elbo
            self._is_m[i] = snapshot.phase == "M"
        self._size = n
        self._last = history[n - 1] if n else None

    def _reserve(self, n: int) -> None:
        if n <= self._objective.size:
            return
        capacity = max(n, 2 * self._objective.size, 64)
        for name in ("_objective", "_elbo", "_is_m"):
            old = getattr(self, name)
            new = np.empty(capacity, dtype=old.dtype)
            new[: old.size] = old
            setattr(self, name, new)


def min_max_columns(values: np.ndarray, start: int, stop: int, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """The lowest and highest of ``values[start:stop]`` in each of `columns` equal stretches.

    Parameters
    ----------
    values : ndarray of shape (n,)
        Indexed by half-step; NaN (no value) is skipped.
    start, stop : int
        The half-steps to draw, ``0 <= start < stop <= n``.
    columns : int
        Pixel columns; ``stop - start`` should exceed ``2 * columns`` (else draw the values).

    Returns
    -------
    x : ndarray of shape (2 * columns,)
        Each stretch's middle half-step, twice.
    y : ndarray of shape (2 * columns,)
        Its lowest value, then its highest (counting the value just before it, so that drawn as
        vertical segments, ``connect="pairs"``, the stretches join up like the curve); NaN for a
        stretch with no value.
    """
    edges = np.unique(np.linspace(start, stop, columns + 1).astype(int))[:-1]
    chunk = values[start:stop]
    local = edges - start
    finite = np.isfinite(chunk)
    with np.errstate(invalid="ignore"):
        low = np.minimum.reduceat(np.where(finite, chunk, np.inf), local)
        high = np.maximum.reduceat(np.where(finite, chunk, -np.inf), local)
    # each stretch also reaches the value before it, so its segment joins the previous one's
    before = chunk[local[1:] - 1]
    joins = np.isfinite(before)
    low[1:][joins] = np.minimum(low[1:][joins], before[joins])
    high[1:][joins] = np.maximum(high[1:][joins], before[joins])
    empty = ~np.isfinite(low)
    low[empty] = high[empty] = np.nan
    bounds = np.append(edges, stop)
    middle = 0.5 * (bounds[:-1] + bounds[1:] - 1)
    return np.repeat(middle, 2), np.column_stack([low, high]).ravel()


def first_per_column(indices: np.ndarray, start: int, stop: int, columns: int) -> np.ndarray:
    """The first of `indices` (sorted half-steps) in each of `columns` stretches of [start, stop)."""
    inside = indices[(indices >= start) & (indices < stop)]
    if inside.size == 0:
        return inside
    column = ((inside - start) * columns) // max(stop - start, 1)
    return inside[np.unique(column, return_index=True)[1]]
