"""Feature names that also carry each feature's level names, so text answers read from a file
(``yes`` / ``no`` / ``maybe``) are shown by name wherever a family writes a level.

`nbviz.app.data.problem.Problem.columns` is a `FeatureNames` when the file's features were read
as text levels; every other sequence of names has no levels and a level is written as its code.
"""

from __future__ import annotations

from collections.abc import Sequence


class FeatureNames(tuple):
    """The features' names (a tuple of str) with ``levels[j][code]``, the name of each level.

    Parameters
    ----------
    names : sequence of str
    levels : sequence of sequence of str, or None
        One sequence of level names per feature (empty for a number beside answers); None: the
        features are numbers.
    """

    levels: tuple[tuple[str, ...], ...] | None

    def __new__(cls, names: Sequence[str], levels=None):
        made = super().__new__(cls, tuple(names))
        made.levels = None if levels is None else tuple(tuple(names_j) for names_j in levels)
        return made

    def __getnewargs__(self):  # pickling (jobs in other processes) keeps the levels
        return (tuple(self), self.levels)


def level_text(columns: Sequence[str], j: int, level: int) -> str:
    """The name of level `level` of feature `j`: the file's text when `columns` knows it, else the code."""
    levels = getattr(columns, "levels", None)
    if levels is None or not 0 <= level < len(levels[j]):
        return str(level)
    return levels[j][level]


def value_text(columns: Sequence[str], j: int, value: float) -> str:
    """Feature `j`'s value as the user knows it: a level's name, or the number (6 significant digits)."""
    levels = getattr(columns, "levels", None)
    if levels is not None and levels[j] and float(value).is_integer():
        return level_text(columns, j, int(value))
    return f"{value:.6g}"
