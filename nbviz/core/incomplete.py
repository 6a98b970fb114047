"""Data with missing cells (NaN), grouped by which cells each row has, for the families that marginalise them.

A row's likelihood is the mixture density of its observed cells: under component k, the density
of the observed sub-vector (for a Gaussian, the marginal with the observed part of the mean and the
observed block of the covariance; for the discrete families, the product over the observed
features). Rows are grouped by their pattern of missing cells, so each group is evaluated by the
family's own vectorised code on the observed columns (`log_emission`); the group of complete rows
takes exactly the path of complete data. A row with nothing observed has density 1 under every
component: it adds 0 to the log-likelihood, its responsibilities are the weights, and it enters
the M-step through the weights only (with its expected statistics, which move nothing).

A family takes missing cells by routing NaN in its ``_prepare`` to `incomplete_layout` and
defining these hooks (besides `nbviz.core.mixture.FAMILY_HOOKS`):

- ``_marginal(observed)``: the model of the observed columns (a boolean mask of shape (D,));
- ``_expected_update(data, resp, prior, previous, **options)``: the M-step from the expected
  sufficient statistics of the missing cells under `previous` (returns the model and the empty
  components, as ``_map_update``);
- ``_starting_layout(X, missing)``: complete data for the starting points, each missing cell
  filled with its column's mean in the family's comparison space;
- optionally ``_check_observed(data)``: refuse observed cells the model cannot describe, naming
  the cell of the whole data (the observed columns' layouts count rows and columns their own way);
- ``_conditional_expectations(data)`` and ``_filled_in(data, resp)``: what
  `nbviz.core.missing.conditional_expectations` and `nbviz.core.missing.filled_in` return;
- ``_missing_divergence(data)``: a function of a model theta (of the same family and size) giving
  ``KL(p(x_mis | x_obs, k, self) || p(x_mis | x_obs, k, theta))`` of each component and row, shape
  (n_components, n_samples), 0 on complete rows; the work that depends on self alone is done
  once. The bound the M-step maximises (`nbviz.core.bound_slice`) is the bound over the
  components alone minus these divergences from theta_old weighted by q: the M-step also
  averages over the missing cells under theta_old.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from .prepared import Prepared
from .validation import DataFitError


@dataclass(frozen=True)
class Pattern:
    """The rows that miss the same cells.

    Attributes
    ----------
    rows : ndarray of int
        Their positions in the data, increasing.
    observed : ndarray of bool, shape (n_features,)
        The columns these rows have.
    data : Prepared or None
        The family's layout of ``X[rows][:, observed]``; None when nothing is observed.
    """

    rows: np.ndarray
    observed: np.ndarray
    data: Prepared | None

    @property
    def complete(self) -> bool:
        """Whether these rows miss nothing."""
        return bool(self.observed.all())


@dataclass(frozen=True)
class IncompleteData(Prepared):
    """Data with missing cells, laid out by pattern of missing cells.

    `X` holds NaN in the missing cells; `shift` is the mean of each column's observed cells (0
    where none is) and `Xt` the data centred there, each missing cell at 0 (its column's mean).

    Attributes
    ----------
    patterns : tuple of Pattern
        Every row belongs to one pattern; the complete rows (if any) form one of them.
    family : type
        The family that laid the data out (it builds `for_starts`).
    """

    patterns: tuple[Pattern, ...] = ()
    family: Any = None
    is_missing: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=bool))

    @property
    def missing(self) -> np.ndarray:
        """Where `X` is missing, shape (n_samples, n_features)."""
        return self.is_missing

    @cached_property
    def for_starts(self) -> Prepared:
        """The data with each missing cell filled with its column's mean (the family's ``_starting_layout``).

        Raises
        ------
        DataFitError
            For a column with no observed cell (it has no mean to start from), naming it (row -1: the
            whole column).
        """
        empty_columns = self.is_missing.all(axis=0)
        if empty_columns.any():
            column = int(np.argmax(empty_columns))
            problem = "has no observed value: every row is missing there, so no start can be built from the data"
            advice = "remove that column"
            raise DataFitError(
                f"X[:, {column}] (column {column}, counting from 0) {problem}; {advice}",
                row=-1,
                column=column,
                value=float("nan"),
                problem=problem,
                advice=advice,
            )
        return self.family._starting_layout(self.X, self.is_missing)

    def log_emission(self, model: Any) -> np.ndarray:
        """``log p(x_n,obs | z_n = k)``, shape (n_components, n_samples): 0 where nothing is observed."""
        check = getattr(model, "_check_observed", None)
        if check is not None:
            check(self)
        out = np.zeros((model.n_components, self.n_samples))
        for pattern in self.patterns:
            if pattern.data is None:
                continue
            marginal = model if pattern.complete else model._marginal(pattern.observed)
            out[:, pattern.rows] = marginal._log_emission(pattern.data)
        return out

    def map_update(self, cls: Any, resp: np.ndarray, prior: Any, previous: Any = None, **options: Any) -> tuple:
        """The M-step from the expected sufficient statistics (the family's ``_expected_update``).

        Raises
        ------
        ValueError
            Without `previous`: the expected values of the missing cells are those under the current model.
        """
        if previous is None:
            raise ValueError(
                "an M-step on data with missing cells needs the current model (the missing cells count at "
                "their expected values under it); start from a model, e.g. nbviz.core.init_model"
            )
        return cls._expected_update(self, resp, prior, previous, **options)

    def missing_divergence(self, previous: Any) -> Callable[[Any], np.ndarray]:
        """``theta -> KL(p(x_mis | x_obs, k, previous) || p(x_mis | x_obs, k, theta))``, shape (K, n_samples).

        The family's ``_missing_divergence``: the work that depends on `previous` alone is done here, once.
        """
        return previous._missing_divergence(self)


def incomplete_layout(cls: Any, X: np.ndarray, n_features: int | None = None) -> IncompleteData | None:
    """Lay out data `X` holding NaN for the family `cls`; None if `X` has no NaN (use the complete path).

    Parameters
    ----------
    cls : type
        A family that takes missing cells (see the module's docstring).
    X : ndarray of shape (n_samples, n_features)
        Checked by `validation.as_data_matrix` with ``allow_nan=True``.
    n_features : int, optional
        The model's number of features (already checked against `X`).

    Returns
    -------
    IncompleteData or None

    Raises
    ------
    ValueError
        For observed cells the family cannot describe (`DataFitError`, naming the cell of `X`).
    """
    missing = np.isnan(X)
    if not missing.any():
        return None
    # The family's own checks, on the observed cells at their own positions: each missing cell holds
    # an observed value of its column meanwhile (one the family accepts wherever the others are).
    first_observed = np.where(missing.all(axis=0), 0.0, X[np.argmax(~missing, axis=0), np.arange(X.shape[1])])
    cls._prepare(np.where(missing, first_observed, X), n_features)
    X = X.copy()
    X.setflags(write=False)
    missing.setflags(write=False)
    shift = column_means(X, missing)
    return IncompleteData(
        X=X,
        Xt=np.ascontiguousarray(np.where(missing, 0.0, X - shift).T),
        shift=shift,
        patterns=_patterns(cls, X, missing),
        family=cls,
        is_missing=missing,
    )


def _patterns(cls: Any, X: np.ndarray, missing: np.ndarray) -> tuple[Pattern, ...]:
    """The rows of `X` grouped by their pattern of missing cells, each laid out by the family on its observed cells."""
    keys, inverse = np.unique(np.packbits(missing, axis=1), axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    order = np.argsort(inverse, kind="stable")
    bounds = np.searchsorted(inverse[order], np.arange(keys.shape[0] + 1))
    out = []
    for g in range(keys.shape[0]):
        rows = order[bounds[g] : bounds[g + 1]]
        observed = ~missing[rows[0]]
        observed.setflags(write=False)
        data = cls._prepare(X[np.ix_(rows, np.flatnonzero(observed))]) if observed.any() else None
        out.append(Pattern(rows=rows, observed=observed, data=data))
    return tuple(out)


def column_means(X: np.ndarray, missing: np.ndarray) -> np.ndarray:
    """The mean of each column's observed cells, shape (n_features,); 0 for a column with none."""
    return np.where(missing, 0.0, X).sum(axis=0) / np.maximum((~missing).sum(axis=0), 1)


def mean_filled(X: np.ndarray, missing: np.ndarray) -> np.ndarray:
    """`X` with each missing cell replaced by its column's observed mean."""
    return np.where(missing, column_means(X, missing), X)


def weighted_expectations(conditional: np.ndarray, resp: np.ndarray) -> np.ndarray:
    """``sum_k resp[k, n] conditional[k, n, :]``: the expectation of each row given its observed cells.

    Parameters
    ----------
    conditional : ndarray of shape (n_components, n_samples, n_features)
        Each component's conditional expectations.
    resp : ndarray of shape (n_components, n_samples)

    Returns
    -------
    ndarray of shape (n_samples, n_features)
    """
    return np.einsum("kn,knd->nd", resp, conditional)


def level_divergence(old: np.ndarray, new: np.ndarray) -> np.ndarray:
    """``KL(old || new)`` of discrete distributions over the last axis: ``sum_l old_l log(old_l / new_l)``.

    Exact as the probabilities are stored (as `scipy.special.rel_entr` computes it): a level `old` gives
    probability 0 adds 0, however small `new` is; one `old` allows and `new` rules out (exactly 0)
    makes the divergence infinite. The M-steps of the families with missing cells never rule out a
    level the E-step's model allowed on a weighted row (they keep it at the smallest positive
    probability instead of rounding it to 0 or to 1's complement), so the bound EM records is
    finite without any assumption about how many ulps a processor's rounding leaves.
    """
    used = old > 0
    with np.errstate(divide="ignore", over="ignore"):  # a level only `new` rules out: an infinite divergence
        ratio = np.where(used, old, 1.0) / np.where(used, new, 1.0)
        terms = np.where(used, old * np.log(ratio), 0.0)
    overflowed = np.isinf(terms) & (new > 0)  # old / new beyond the largest double (a subnormal new)
    if overflowed.any():
        terms[overflowed] = old[overflowed] * (np.log(old[overflowed]) - np.log(new[overflowed]))
    return terms.sum(axis=-1)


def summed_over_missing(per_cell: np.ndarray, missing: np.ndarray) -> np.ndarray:
    """``sum_d missing[n, d] per_cell[k, d]``, shape (n_components, n_samples); an infinite cell counts where missing.

    Parameters
    ----------
    per_cell : ndarray of shape (n_components, n_features)
        Non-negative, possibly infinite.
    missing : ndarray of bool, shape (n_samples, n_features)
    """
    infinite = np.isinf(per_cell)
    out = np.where(infinite, 0.0, per_cell) @ missing.T.astype(np.float64)
    if infinite.any():
        out[(infinite.astype(np.float64) @ missing.T.astype(np.float64)) > 0] = np.inf
    return out
