"""Equal scale across a scatter matrix: one number of data units per pixel on every axis of every panel.

A scatter matrix links its panels: a column shares its horizontal range, a row its vertical range
(pyqtgraph's ``setXLink`` / ``setYLink`` line the linked panels up pixel for pixel, so a column
has one scale, units per pixel, and a row one). Each off-diagonal panel pairs a column with a row,
so drawing every one of them at equal aspect means one scale for every column and every row. The
panels' pixel sizes differ (the axes' tick labels take room where they are shown, the diagonal's
titles take height), so the ranges are worked out from the pixels each column and row shows: the
scale is the smallest that keeps each column's and row's goal (the data, or what the user zoomed
to) whole, and each range is that scale times its pixels, centred on its goal.

This module is the arithmetic, free of Qt: a `Strip` is one column or row measured in pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Interval = tuple[float, float]


@dataclass(frozen=True)
class Strip:
    """One column (horizontal values) or row (vertical values) of linked panels, measured in pixels.

    Parameters
    ----------
    shown : (float, float)
        The pixels every panel of the strip shows, low to high (the overlap of their extents).
    reference : (float, float)
        The pixels of the panel whose range is set (the others follow through their links).
    upward : bool
        Values grow against the pixels (a row: pixels count down the screen, values up).
    """

    shown: Interval
    reference: Interval
    upward: bool = False

    @property
    def pixels(self) -> float:
        return self.shown[1] - self.shown[0]

    def _value(self, pixel: float, anchor: float, value: float, scale: float) -> float:
        """The value at `pixel` when `anchor` (a pixel) shows `value`, at `scale` units per pixel."""
        offset = scale * (pixel - anchor)
        return value - offset if self.upward else value + offset

    def _range(self, pixels: Interval, anchor: float, value: float, scale: float) -> Interval:
        ends = sorted(self._value(pixel, anchor, value, scale) for pixel in pixels)
        return ends[0], ends[1]

    def view_range(self, centre: float, scale: float) -> Interval:
        """The reference panel's range that puts `centre` mid-strip at `scale` units per pixel."""
        return self._range(self.reference, 0.5 * (self.shown[0] + self.shown[1]), centre, scale)

    def scale_of(self, view_range: Interval) -> float:
        """Units per pixel while the reference panel shows `view_range`."""
        return (view_range[1] - view_range[0]) / (self.reference[1] - self.reference[0])

    def values(self, view_range: Interval) -> Interval:
        """The values `shown` covers while the reference panel shows `view_range` (low, high)."""
        first = view_range[1] if self.upward else view_range[0]  # the value at the reference's first pixel
        return self._range(self.shown, self.reference[0], first, self.scale_of(view_range))


def common_scale(goals: Sequence[Interval], strips: Sequence[Strip]) -> float:
    """The fewest units per pixel that show every goal whole in its strip (goal i in strip i)."""
    if len(goals) != len(strips) or not strips:
        raise ValueError(f"give one goal per strip; got {len(goals)} goals for {len(strips)} strips")
    return max((goal[1] - goal[0]) / strip.pixels for goal, strip in zip(goals, strips, strict=True))


def equal_ranges(goals: Sequence[Interval], strips: Sequence[Strip]) -> list[Interval]:
    """Each strip's reference range at the common scale, centred on its goal (see the module docstring)."""
    scale = common_scale(goals, strips)
    return [strip.view_range(0.5 * (goal[0] + goal[1]), scale) for goal, strip in zip(goals, strips, strict=True)]


def rescaled_goals(shown: Sequence[Interval], strips: Sequence[Strip], scale: float) -> list[Interval]:
    """What each strip would show at `scale` units per pixel, about the middle of what it shows now."""
    goals = []
    for (low, high), strip in zip(shown, strips, strict=True):
        half = 0.5 * scale * strip.pixels
        middle = 0.5 * (low + high)
        goals.append((middle - half, middle + half))
    return goals


def own_ranges(goals: Sequence[Interval], strips: Sequence[Strip]) -> list[Interval]:
    """Each strip's reference range that shows its goal exactly over the strip's pixels (a scale per strip)."""
    if len(goals) != len(strips):
        raise ValueError(f"give one goal per strip; got {len(goals)} goals for {len(strips)} strips")
    return [
        strip.view_range(0.5 * (goal[0] + goal[1]), (goal[1] - goal[0]) / strip.pixels)
        for goal, strip in zip(goals, strips, strict=True)
    ]
