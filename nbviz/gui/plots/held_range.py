"""Axis ranges that hold still while a run grows, so the axes are not redrawn at every half-step.

A growing history would move an axis fitted to it at every half-step, and a moved axis repaints
its ticks and labels. Here the half-step axis ends at a round number with room to grow
(`grown_end`), and the value axis keeps its range while the values stay inside it and fill at
least half of it (`held_range`); a climbing curve (EM's objective) is refitted with room above it,
so its next few rises stay inside.
"""

from __future__ import annotations

import math

NICE_STEPS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)  # round ends, times a power of ten
ROOM = 1.2  # a new end leaves room for a fifth more half-steps
MARGIN = 0.08  # a new value range reaches this fraction of the values' span beyond them
FILL = 0.5  # a held value range is refitted when the values fill less than this fraction of it
# Values that differ by less than this fraction of their magnitude are flat: a flat objective,
# -2.8814040865 ... -2.8814040885, is drawn flat in a range at least `MIN_SPAN` tall around its value,
# with ticks of at most four decimals (the status line's -2.8814), not stretched over ticks of six or
# ten decimals (-2.881402, -2.881404) that make one value look like change. A real climb (5e-5 on
# -8.46) is not flat, and is drawn as it is.
MIN_RELATIVE_SPAN = 1e-6
MIN_SPAN = 1e-3


def nice_ceil(value: float) -> float:
    """The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten at or above `value` (> 0)."""
    scale = 10.0 ** math.floor(math.log10(value))
    return next(step * scale for step in NICE_STEPS if step * scale >= value * (1 - 1e-12))


def grown_end(last: float, current: float | None) -> float:
    """The end of an axis showing 0 .. `last` (> 0): `current` while it holds `last` with no more room
    than a new end would leave, else the round number ``nice_ceil(ROOM * last)``.

    Parameters
    ----------
    last : float
        The last position the axis must show.
    current : float or None
        The end shown now (None: none yet, or the user moved the axis).
    """
    fresh = nice_ceil(ROOM * last)
    if current is not None and last <= current <= fresh:
        return current
    return fresh


def held_range(
    current: tuple[float, float] | None, low: float, high: float, clear: float = 0.0, headroom: float = 0.0
) -> tuple[float, float]:
    """A value range showing ``low .. high``: `current` while it holds them (at least the fraction
    `clear` of its height inside each end) and they fill `FILL` of it; else the values with
    `MARGIN` of their span beyond each side, `headroom` of it more above them, and the room `clear`
    asks for.

    Parameters
    ----------
    current : (float, float) or None
        The range shown now (None: none yet, or the user moved the axis).
    low, high : float
        The lowest and highest value to show (finite, ``low <= high``).
    clear : float, optional
        The share of the range's height to keep free at each end, in [0, 0.25]: a marker's radius
        over the plot's height, so no marker is cut by the plot's edge.
    headroom : float, optional
        For values that climb: the share of their span left free above them when the range is
        refitted, in [0, 0.5], so the next rises stay inside and the axis holds still meanwhile.
    """
    clear = min(max(clear, 0.0), 0.25)
    least = MIN_RELATIVE_SPAN * max(1.0, abs(low), abs(high))
    if current is not None:
        bottom, top = current
        inside = clear * (top - bottom)
        filled = high - low if high - low >= least else max(least, MIN_SPAN)  # flat values fill a flat range
        if bottom + inside <= low and high <= top - inside and filled >= FILL * (top - bottom):
            return current
    span = high - low
    if span < least:  # flat values: a range of sensible height centred on them
        middle, height = (low + high) / 2, max(least, MIN_SPAN)
        low, high, span = middle - height / 2, middle + height / 2, height
    pad = MARGIN * span + clear * span / (1 - 2 * clear)
    return low - pad, high + pad + min(max(headroom, 0.0), 0.5) * span
