"""The synthesis dialog's parameter table, whatever the family: columns, cells, their checks.

A family's synthesis recipe (`nbviz.app.families`) says which columns its table has and adds
its own checks; what is shared lives here: a cell's text to a number, the checks of single
cells by column kind, weights that sum to 1, the Normalise button, and the conversion between
covariances and (standard deviations, correlations).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from nbviz.translation_marks import translate

SUM_TOLERANCE = 1e-6  # as nbviz.core's own check of weights and word distributions
# A correlation matrix whose smallest eigenvalue is below this is refused as not positive definite.
MIN_CORRELATION_EIGENVALUE = 1e-8
SD_RANGE = (1e-50, 1e50)  # squared and multiplied, still far from float under- and overflow


# ----------------------------------------------------------------- table layout
@dataclass(frozen=True)
class Column:
    """One column of the parameter table.

    Attributes
    ----------
    kind : {"weight", "mean", "sd", "corr", "prob", "cov"}
    feature : int
        The feature (0-based) of a mean, standard deviation or probability; the first of a pair.
    other : int
        The second feature of a correlation or a covariance, or the level of a probability
        ``P(x_j = level)`` (-1 otherwise); a covariance of a feature with itself is its variance.
    named : tuple of int, optional
        The features the header and messages name, when they differ from `feature` and `other` (a
        block of a mixed table counts its own features; the table names them by its columns).
    """

    kind: str
    feature: int = -1
    other: int = -1
    named: tuple[int, int] | None = None

    @property
    def feature_names(self) -> tuple[str, str]:
        """The names of `feature` and `other` as the table shows them ("x1", "x4")."""
        first, second = self.named or (self.feature, self.other)
        return feature_name(first), feature_name(second)

    @property
    def header(self) -> str:
        a, b = self.feature_names
        if self.kind == "cov":
            return (
                translate("nbviz", "var {0}").format(a)
                if self.feature == self.other
                else translate("nbviz", "cov {0}, {1}").format(a, b)
            )
        if self.kind == "prob" and self.other >= 0:  # a level's probability
            return translate("nbviz", "P({0} = {1})").format(a, self.other)
        return {
            "weight": translate("nbviz", "weight"),
            "mean": translate("nbviz", "mean {0}").format(a),
            "sd": translate("nbviz", "sd {0}").format(a),
            "corr": translate("nbviz", "corr {0}, {1}").format(a, b),
            "prob": translate("nbviz", "P({0})").format(a),
        }[self.kind]

    @property
    def description(self) -> str:
        """Longer text for tooltips and messages."""
        a, b = self.feature_names
        if self.kind == "cov":
            return (
                translate("nbviz", "variance of {0}").format(a)
                if self.feature == self.other
                else translate("nbviz", "covariance of {0} and {1}").format(a, b)
            )
        return {
            "weight": translate("nbviz", "mixture weight"),
            "mean": translate("nbviz", "mean of {0}").format(a),
            "sd": translate("nbviz", "standard deviation of {0}").format(a),
            "corr": translate("nbviz", "correlation of {0} and {1}").format(a, b),
            "prob": translate("nbviz", "probability of {0}").format(a),
        }[self.kind]


def feature_name(m: int) -> str:
    """Name of feature `m` (0-based), as `Problem.synthesised` names the columns."""
    return f"x{m + 1}"


def covariance_columns(n_features: int) -> tuple[Column, ...]:
    """One column per entry on and above the diagonal of a covariance matrix, row by row."""
    return tuple(Column("cov", i, j) for i in range(n_features) for j in range(i, n_features))


def probability_columns(n_features: int) -> tuple[Column, ...]:
    """The weight, then one probability per feature (word): the table of a discrete family."""
    return (Column("weight"),) + tuple(Column("prob", m) for m in range(n_features))


# ----------------------------------------------------------------- covariance <-> (sd, correlation)
def covariance_from_std_corr(stds, corr) -> np.ndarray:
    """Covariance ``S R S`` from standard deviations and a correlation matrix.

    Parameters
    ----------
    stds : array-like of shape (..., n_features)
    corr : array-like of shape (..., n_features, n_features)

    Returns
    -------
    ndarray of shape (..., n_features, n_features)
    """
    stds, corr = np.asarray(stds, dtype=float), np.asarray(corr, dtype=float)
    return stds[..., :, None] * corr * stds[..., None, :]


def std_corr_from_covariance(cov) -> tuple[np.ndarray, np.ndarray]:
    """Standard deviations and correlation matrix of a covariance (inverse of `covariance_from_std_corr`).

    Parameters
    ----------
    cov : array-like of shape (..., n_features, n_features)
        Positive definite.

    Returns
    -------
    stds : ndarray of shape (..., n_features)
    corr : ndarray of shape (..., n_features, n_features)
        Unit diagonal.
    """
    cov = np.asarray(cov, dtype=float)
    stds = np.sqrt(np.diagonal(cov, axis1=-2, axis2=-1))
    corr = cov / (stds[..., :, None] * stds[..., None, :])
    index = np.arange(cov.shape[-1])
    corr[..., index, index] = 1.0
    return stds, corr


def rounded_simplex(p: np.ndarray, decimals: int) -> np.ndarray:
    """`p` (summing to 1) rounded to `decimals`, the rounding remainder put on the largest entry.

    Parameters
    ----------
    p : ndarray of shape (n,)

    Returns
    -------
    ndarray of shape (n,)
    """
    out = np.round(p, decimals)
    top = int(np.argmax(out))
    out[top] = round(1.0 - (out.sum() - out[top]), decimals)
    return out


# ----------------------------------------------------------------- checks
@dataclass(frozen=True)
class Issue:
    """Why some cells of the table cannot be used.

    Attributes
    ----------
    cells : tuple of (row, column)
        The cells to mark (may be empty for a problem with the table as a whole).
    message : str
        What is wrong, where, and what to do.
    """

    cells: tuple[tuple[int, int], ...]
    message: str


Refuse = Callable[[list, str], None]  # refuse(cells, message) records an Issue


def parse_number(value) -> tuple[float, None] | tuple[None, str]:
    """A finite number from a cell's value (a number or text), or None and the reason."""
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None, "is empty; enter a number"
        try:
            number = float(text)
        except ValueError:
            return None, f"'{text}' is not a number"
    else:
        try:
            number = float(value)
        except (TypeError, ValueError):
            return None, f"{value!r} is not a number"
    if not math.isfinite(number):
        return None, f"{number} is not a finite number; enter a number"
    return number, None


def cell_problem(column: Column, number: float) -> str | None:
    """Why `number` cannot stand in a cell of `column` on its own, or None if it can."""
    if column.kind == "weight" and number < 0:
        return f"weight {number:g} is negative; weights must be 0 or more"
    if column.kind == "sd" and number <= 0:
        return f"standard deviation {number:g} must be greater than 0"
    if column.kind == "sd" and not SD_RANGE[0] <= number <= SD_RANGE[1]:
        return (
            f"standard deviation {number:g} is outside the range nbviz can "
            f"sample and fit ({SD_RANGE[0]:g} to {SD_RANGE[1]:g}); rescale the feature"
        )
    if column.kind == "corr" and not -1 < number < 1:
        return f"correlation {number:g} must be strictly between -1 and 1"
    if column.kind == "cov" and column.feature == column.other and number <= 0:
        return f"variance {number:g} must be greater than 0"
    if column.kind == "prob" and not 0 <= number <= 1:
        return f"probability {number:g} is not between 0 and 1"
    return None


def check_rows_sum_to_one(cols, values: np.ndarray, bad: np.ndarray, refuse: Refuse, what: str) -> None:
    """Refuse each row whose probabilities (the columns after the weight) do not sum to 1.

    Parameters
    ----------
    cols : sequence of Column
    values : ndarray of shape (n_components, len(cols))
    bad : ndarray of bool, shape (n_components, len(cols))
        Cells already refused (their rows are not summed).
    refuse : callable
    what : str
        What a row holds, for the message ("word probabilities").
    """
    for k in range(values.shape[0]):
        if not bad[k, 1:].any():
            total = float(values[k, 1:].sum())
            if abs(total - 1.0) > SUM_TOLERANCE:
                refuse(
                    [(k, c) for c in range(1, len(cols))],
                    f"component {k + 1}: {what} sum to {total:.6g}; they must sum to 1 — use Normalise",
                )


def normalised(cells, decimals: int = 4) -> list[float]:
    """Numbers scaled to sum to 1, rounded to `decimals` (the remainder on the largest): the Normalise button.

    Raises ValueError saying why when a cell is not a number, one is negative, or all are 0.
    """
    numbers = []
    for value in cells:
        number, reason = parse_number(value)
        if number is None:
            raise ValueError(f"cannot normalise: a cell {reason}")
        if number < 0:
            raise ValueError(f"cannot normalise: {number:g} is negative")
        numbers.append(number)
    total = sum(numbers)
    if total <= 0:
        raise ValueError("cannot normalise: every value is 0; enter some positive values first")
    out = rounded_simplex(np.array(numbers) / total, decimals)
    if (out < 0).any():  # only when rounding a nearly all-zero row; keep the exact scaling then
        out = np.array(numbers) / total
    return [float(v) for v in out]
