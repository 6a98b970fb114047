"""Standardising features (z-scores, or robust median/IQR), remembered to show parameters in original units.

A column ``x`` becomes ``(x - c) / s``; a model fitted to the standardised data has means
``mu_z`` and covariances ``Sigma_z``, which are ``mu = c + s * mu_z`` and
``Sigma = S Sigma_z S`` (``S = diag(s)``) in the file's units (the family converts its own
parameters: `FamilyPresentation.in_units`, the Gaussian's `GaussianMixture.in_units`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Protocol, TypeVar

import numpy as np

from nbviz.translation_marks import QT_TRANSLATE_NOOP, translate

# the ways to standardise, as the import dialog names them (translated where shown)
METHODS = {
    "z": QT_TRANSLATE_NOOP("nbviz", "z-scores (mean 0, standard deviation 1)"),
    "robust": QT_TRANSLATE_NOOP("nbviz", "robust (median 0, interquartile range 1)"),
}
PROPOSE_RATIO = 100.0  # propose standardising when feature standard deviations differ by more than this factor


class StandardizableData(Protocol):
    """What standardising reads of a dataset (`nbviz.app.data.problem.Problem` is one), a frozen dataclass.

    Declared here so that this module does not import the problem, which holds a `Standardization`.
    """

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def X(self) -> np.ndarray: ...

    @property
    def columns(self) -> tuple[str, ...]: ...

    @property
    def standardization(self) -> Standardization | None: ...

    @property
    def file_X(self) -> np.ndarray | None: ...

    @property
    def levels(self) -> tuple[tuple[str, ...], ...] | None: ...


Data = TypeVar("Data", bound=StandardizableData)


@dataclass(frozen=True, eq=False)
class Standardization:
    """How each column was standardised: ``x_z = (x - centre) / scale``.

    Attributes
    ----------
    method : {"z", "robust"}
    centre, scale : ndarray of shape (n_features,)
        Mean and standard deviation (``ddof=0``, as scikit-learn's StandardScaler), or median and
        interquartile range; every scale > 0.
    """

    method: str
    centre: np.ndarray
    scale: np.ndarray

    def apply(self, X) -> np.ndarray:
        """`X` (n_samples, n_features) in standardised units."""
        return (np.asarray(X, dtype=float) - self.centre) / self.scale

    def to_dict(self) -> dict:
        return {"method": self.method, "centre": self.centre.tolist(), "scale": self.scale.tolist()}

    @classmethod
    def from_dict(cls, data: dict, n_features: int) -> Standardization:
        """Inverse of `to_dict`; ValueError naming the entry that is wrong."""
        method = data.get("method")
        if method not in METHODS:
            raise ValueError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
        arrays = {}
        for name in ("centre", "scale"):
            try:
                values = np.asarray(data.get(name), dtype=float)
            except (TypeError, ValueError):
                raise ValueError(f"{name} must be a list of {n_features} numbers") from None
            if values.shape != (n_features,) or not np.all(np.isfinite(values)):
                raise ValueError(f"{name} must be a list of {n_features} finite numbers, one per column")
            arrays[name] = values
        if np.any(arrays["scale"] <= 0):
            raise ValueError("every scale must be > 0")
        return cls(method, arrays["centre"], arrays["scale"])


def _centre_and_scale(X: np.ndarray, method: str) -> tuple[np.ndarray, np.ndarray]:
    """Each column's centre and scale, shape (n_features,) each; 0 and 0 for a column without rows."""
    if not len(X):
        return np.zeros(X.shape[1]), np.zeros(X.shape[1])
    if method == "z":
        return X.mean(axis=0), X.std(axis=0)
    q1, centre, q3 = np.percentile(X, [25, 50, 75], axis=0)
    return centre, q3 - q1


def fit_standardization(X, method: str, columns=None) -> Standardization:
    """The centre and scale of each column of `X` (n_samples, n_features) for `method` ("z" or "robust").

    Raises ValueError naming a column that does not vary (its scale would be 0): leave it out.
    """
    if method not in METHODS:
        raise ValueError(f"standardisation must be one of {', '.join(METHODS)}; got {method!r}")
    X = np.asarray(X, dtype=float)
    if np.isnan(X).any():  # missing cells: each column's centre and scale from its observed cells
        pairs = [_centre_and_scale(column[~np.isnan(column)][:, None], method) for column in X.T]
        centre, scale = (np.concatenate(values) for values in zip(*pairs))
    else:
        centre, scale = _centre_and_scale(X, method)
    flat = np.flatnonzero(~(scale > 0))
    if flat.size:
        j = int(flat[0])
        name = columns[j] if columns is not None else f"column {j + 1}"
        spread = "standard deviation" if method == "z" else "interquartile range"
        raise ValueError(
            f"cannot standardise: {name} has {spread} 0 (it does not vary); leave it out of the features"
            + (" or use z-scores" if method == "robust" else "")
        )
    return Standardization(method, centre, scale)


def column_spreads(X: np.ndarray) -> np.ndarray:
    """Each column's standard deviation, shape (n_features,), over its observed cells (NaN: missing)."""
    if not np.isnan(X).any():
        return X.std(axis=0)
    return np.array([_centre_and_scale(column[~np.isnan(column)][:, None], "z")[1][0] for column in X.T])


def spread_contrast(X) -> tuple[int, int, float] | None:
    """(the widest column, the narrowest varying one, the ratio of their standard deviations) when
    that ratio exceeds `PROPOSE_RATIO`, else None; `X` of shape (n_samples, n_features)."""
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[0] < 2 or X.shape[1] < 2:
        return None
    std = column_spreads(X)
    varying = np.flatnonzero(std > 0)
    if varying.size < 2:
        return None
    wide, narrow = varying[np.argmax(std[varying])], varying[np.argmin(std[varying])]
    ratio = std[wide] / std[narrow]
    return (int(wide), int(narrow), float(ratio)) if ratio > PROPOSE_RATIO else None


def scale_proposal(X, columns) -> str | None:
    """One sentence proposing to standardise when feature standard deviations differ by more than 100x, else None."""
    contrast = spread_contrast(X)
    if contrast is None:
        return None
    wide, narrow, ratio = contrast
    return translate(
        "nbviz",
        "Standardise? The spread of {0} is {1:.0f} times that of {2}, so without standardising {0} alone decides "
        "distances, the k-means++ starts and the PCA view.",
    ).format(columns[wide], ratio, columns[narrow])


def standardize_problem(problem: Data, method: str) -> Data:
    """`problem` with its features standardised by `method`, remembering the centre and scale per column.

    Raises ValueError for data already standardised, text answers (level codes have no centre or
    scale), or a column that does not vary.
    """
    if problem.standardization is not None:
        raise ValueError("the data is already standardised; open the file again to standardise it another way")
    if problem.levels is not None:
        answers = [str(name) for name, levels in zip(problem.columns, problem.levels, strict=True) if levels]
        raise ValueError(
            f"cannot standardise text answers (categorical levels: {', '.join(answers)}): "
            "they have no centre or scale; use them as they are"
        )
    found = fit_standardization(problem.X, method, problem.columns)
    return replace(problem, X=found.apply(problem.X), standardization=found, file_X=problem.X)


def file_values(problem: StandardizableData) -> np.ndarray:
    """The features (n_samples, n_features) in the file's units: exactly the file's numbers when
    kept (`Problem.file_X`), else ``centre + scale * x_z`` for standardised data (a session saved
    before the file's numbers were kept), else ``problem.X``."""
    if problem.file_X is not None:
        return problem.file_X
    units = problem.standardization
    return problem.X if units is None else units.centre + units.scale * problem.X


def units_description(problem: StandardizableData) -> dict | None:
    """JSON-ready: how the model's units relate to the file's, per column; None when they are the file's."""
    units = problem.standardization
    if units is None:
        return None
    return {
        "model_units": "standardised",
        "rule": "x_standardised = (x - centre) / scale; the model's means and covariances are in standardised units",
        "method": METHODS[units.method],
        "centre": dict(zip(problem.columns, units.centre.tolist())),
        "scale": dict(zip(problem.columns, units.scale.tolist())),
    }


def stored_standardization(summary, columns) -> Standardization | None:
    """The standardisation a run summary records (`units_description`, under ``"standardization"``)
    for the feature `columns`, or None when the model is in the file's own units.

    Raises ValueError saying what is wrong with the entry (a column it lacks, a method it does not name).
    """
    entry = summary.get("standardization") if isinstance(summary, dict) else None
    if entry is None:
        return None
    methods = {text: key for key, text in METHODS.items()}
    if not isinstance(entry, dict) or entry.get("method") not in methods:
        raise ValueError("its 'standardization' entry does not name a method nbviz knows")
    values = {}
    for name in ("centre", "scale"):
        given = entry.get(name)
        if not isinstance(given, dict) or set(given) != set(columns):
            raise ValueError(
                f"its standardisation is for the columns {', '.join(map(str, given or ()))}, "
                f"not {', '.join(columns)}; give a model fitted to these columns"
            )
        values[name] = [given[column] for column in columns]
    return Standardization.from_dict({"method": methods[entry["method"]], **values}, len(columns))


def as_fitted(problem: Data, stored: Standardization | None, asked: str | None) -> Data:
    """`problem` (in the file's units) in the units a model was fitted in: standardised with the
    `stored` centre and scale, or as it is when the model is in the file's units.

    `asked` is the method the user asked for (``--standardize``), or None. Raises ValueError, in one
    line, when it contradicts `stored`: a model is applied as it was fitted or not at all.
    """
    if stored is None:
        if asked is not None:
            raise ValueError("the model was fitted to the file's own units, not standardised: leave out --standardize")
        return problem
    if asked is not None and asked != stored.method:
        raise ValueError(
            f"the model was fitted to {METHODS[stored.method]}, not {METHODS[asked]}: "
            f"give --standardize {stored.method} or leave it out"
        )
    return replace(problem, X=stored.apply(problem.X), standardization=stored, file_X=problem.X)
