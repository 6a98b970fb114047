"""Checks on user-supplied arrays that raise a ValueError saying what is wrong and where.

Positions are reported as numpy indices (counting from 0), written ``X[row, column]``.
"""

from __future__ import annotations

import numpy as np

WEIGHT_SUM_TOLERANCE = 1e-6


def as_float_array(value, name: str, ndim: int | None) -> np.ndarray:
    """Return `value` as a finite float64 array (of dimension `ndim` unless None), or raise ValueError."""
    try:
        array = np.array(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be numeric; got {_describe(value)}") from None
    if ndim is not None and array.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-dimensional; got shape {array.shape}")
    check_finite(array, name)
    return array


def as_data_matrix(X, n_features: int | None = None, name: str = "X", allow_nan: bool = False) -> np.ndarray:
    """Validate a data matrix of shape (n_samples, n_features) and return it as float64.

    Raises ValueError for non-numeric data, a wrong number of dimensions, no rows, NaN (unless
    `allow_nan`: missing cells, for the families that marginalise them) or infinity (naming the
    first bad cell) and a number of columns different from `n_features`.
    """
    try:
        array = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a numeric array; got {_describe(X)}") from None
    if array.ndim != 2:
        hint = " (use X.reshape(-1, 1) for a single feature)" if array.ndim == 1 else ""
        raise ValueError(f"{name} must be 2-dimensional, (n_samples, n_features); got shape {array.shape}{hint}")
    if array.shape[0] == 0 or array.shape[1] == 0:
        raise ValueError(f"{name} is empty: shape {array.shape}")
    if n_features is not None and array.shape[1] != n_features:
        raise ValueError(f"{name} has {array.shape[1]} feature column(s) but the model has {n_features}")
    check_finite(array, name, allow_nan)
    return array


def check_finite(array: np.ndarray, name: str, allow_nan: bool = False) -> None:
    """Raise ValueError naming the first NaN (unless `allow_nan`) or infinite entry of `array`."""
    bad = ~np.isfinite(array)
    if allow_nan and bad.any():
        bad &= ~np.isnan(array)
    if bad.any():
        index = first_position(bad)
        value = array[index]
        word = "NaN" if np.isnan(value) else ("infinity" if value > 0 else "-infinity")
        raise ValueError(
            f"{name} contains {word} at {_position(name, index)}; remove or fill in missing and infinite values first"
        )


def first_position(mask: np.ndarray) -> tuple[int, ...]:
    """Index of the first True entry of a boolean array (row-major order)."""
    return tuple(int(i) for i in np.unravel_index(np.argmax(mask), mask.shape))


class DataFitError(ValueError):
    """Data that a model family cannot describe, such as a fraction given to a multinomial model.

    The message is the one scripts see (positions counting from 0); the attributes let an
    application say the same in its users' terms (column names, file lines).

    Attributes
    ----------
    row, column : int
        0-based position of the first offending value in X (row -1: the whole column).
    value : float
    problem : str
        What is wrong with the value, to follow it in a sentence, e.g. ``"not a whole-number count"``.
    advice : str
        What to do about it.
    """

    def __init__(self, message: str, *, row: int, column: int, value: float, problem: str, advice: str):
        super().__init__(message)
        self.row, self.column, self.value = row, column, value
        self.problem, self.advice = problem, advice


def data_fit_error(X: np.ndarray, bad: np.ndarray, model: str, needs: str, problem: str, advice: str) -> DataFitError:
    """DataFitError for the first True entry of `bad` (shape of `X`), e.g.

    ``a multinomial model needs counts (...), but X[1, 1] (row 1, column 1, counting from 0) is 1.5;
    <advice>``.
    """
    row, column = first_position(bad)
    value = float(X[row, column])
    return DataFitError(
        f"a {model} model needs {needs}, but {_position('X', (row, column))} is {value:g}; {advice}",
        row=row,
        column=column,
        value=value,
        problem=problem,
        advice=advice,
    )


def check_weights(weights: np.ndarray, n_components: int | None = None) -> None:
    """Mixture weights: 1-D, non-negative, summing to 1."""
    if weights.ndim != 1 or weights.size == 0:
        raise ValueError(f"weights must be a non-empty 1-D array; got shape {weights.shape}")
    if n_components is not None and weights.size != n_components:
        raise ValueError(f"weights has {weights.size} entries but there are {n_components} components")
    if (weights < 0).any():
        k = int(np.argmax(weights < 0))
        raise ValueError(f"weights[{k}] = {weights[k]} is negative; weights must be >= 0")
    total = float(weights.sum())
    if abs(total - 1.0) > WEIGHT_SUM_TOLERANCE:
        raise ValueError(f"weights must sum to 1; they sum to {total:.10g}")


def check_probabilities(probs: np.ndarray, name: str) -> None:
    """Every entry in [0, 1]."""
    outside = (probs < 0) | (probs > 1)
    if outside.any():
        index = first_position(outside)
        raise ValueError(f"{name}{list(index)} = {probs[index]} is not a probability (must be in [0, 1])")


def as_rng(rng) -> np.random.Generator:
    """A numpy Generator from None, a seed or a Generator."""
    if isinstance(rng, np.random.Generator):
        return rng
    return np.random.default_rng(rng)


def _position(name: str, index: tuple[int, ...]) -> str:
    cells = ", ".join(str(int(i)) for i in index)
    if len(index) == 2:
        return f"{name}[{cells}] (row {index[0]}, column {index[1]}, counting from 0)"
    return f"{name}[{cells}]"


def _describe(value) -> str:
    """`value`'s repr for a message: on one line (an array's repr spans several), cut to 60 characters."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 60 else text[:57] + "..."


def as_labels(labels, n_samples: int, n_components: int | None, allow_unlabelled: bool) -> np.ndarray:
    """Integer class labels of shape (n_samples,); -1 marks an unlabelled row when allowed."""
    array = np.asarray(labels)
    if array.ndim != 1 or array.shape[0] != n_samples:
        raise ValueError(f"labels must have shape ({n_samples},), one per data row; got {array.shape}")
    if array.dtype.kind not in "iub":
        if array.dtype.kind != "f" or not np.all(array == np.round(array)):
            raise ValueError("labels must be integers (class indices; -1 for unlabelled)")
    array = array.astype(np.int64)
    low = -1 if allow_unlabelled else 0
    high = n_components if n_components is not None else np.iinfo(np.int64).max
    bad = (array < low) | (array >= high)
    if bad.any():
        n = int(np.argmax(bad))
        allowed = f"{low}..{high - 1}" if n_components is not None else f">= {low}"
        raise ValueError(f"labels[{n}] = {array[n]} is not a valid class (expected {allowed})")
    return array


def one_hot(indices: np.ndarray, n_components: int) -> np.ndarray:
    """Component-major one-hot matrix of shape (n_components, len(indices))."""
    out = np.zeros((n_components, indices.shape[0]))
    out[indices, np.arange(indices.shape[0])] = 1.0
    return out
