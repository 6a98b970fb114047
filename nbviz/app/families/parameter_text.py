"""A model's parameters as the parameters panel lists them: rows of text, with the truth and the error beside them.

Each family's presentation writes its own rows (`FamilyPresentation.parameter_rows`) with these
helpers; `nbviz.app.analysis.parameter_rows` puts the weights first and asks the family for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MAX_LISTED = 8  # features listed in full; beyond this only the most probable are shown
MAX_MATRIX = 4  # covariance matrices are written out up to this many features
MAX_VECTOR = 16  # vectors are written out whole up to this length; longer ones are shortened
EDGE_ITEMS = 3  # entries shown at each end of a shortened vector


def fmt(value: float) -> str:
    """A parameter for display: 5 significant digits, no exponent for everyday magnitudes."""
    return f"{value:.5g}"


def fmt_vector(values, names=None) -> str:
    """`values` (n,) written out, each after its name if `names` are given.

    Longer than `MAX_VECTOR`: the first and last `EDGE_ITEMS` entries and the length, as numpy
    shortens a long array ("(1, 2, 3, …, 98, 99, 100; 100 values)").
    """
    values = np.asarray(values)
    n = len(values)
    shown = range(n) if n <= MAX_VECTOR else [*range(EDGE_ITEMS), -1, *range(n - EDGE_ITEMS, n)]
    texts = ["…" if m < 0 else fmt(values[m]) if names is None else f"{names[m]} {fmt(values[m])}" for m in shown]
    length = "" if n <= MAX_VECTOR else f"; {n:,} values"
    if names is None:
        return "(" + ", ".join(texts) + length + ")"
    return ", ".join(texts) + length


def fmt_array(values: np.ndarray) -> str:
    """A number, a vector or a matrix written out; a matrix of more than `MAX_MATRIX` rows by its diagonal."""
    values = np.asarray(values)
    if values.size == 1:
        return fmt(values.item())
    if values.ndim == 1:
        return fmt_vector(values)
    if len(values) <= MAX_MATRIX:
        return "[" + "; ".join(" ".join(fmt(v) for v in row) for row in values) + "]"
    return "diagonal " + fmt_vector(np.diag(values)) + f" (full {len(values)}×{len(values)} matrix)"


def changed(new, old) -> bool:
    """Whether a parameter moved: `old` given and different from `new`."""
    return old is not None and not np.array_equal(np.asarray(new), np.asarray(old))


@dataclass(frozen=True)
class Row:
    """One line of the panel: component k's parameter `name` shown as `value`.

    `truth` is the matched true value (text) or None; `changed` says the last M-step moved it;
    `error` is the distance to the truth: |π - π*| for a weight, the Euclidean distance for a mean,
    the Frobenius norm of the difference for a covariance, the mean |p - p*| for probabilities.
    """

    component: int
    name: str
    value: str
    truth: str | None
    changed: bool
    error: float | None = None
