"""Mixtures of multivariate Bernoullis (mixtures of naive Bayes over binary features)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from .. import validation
from ..incomplete import (
    incomplete_layout,
    level_divergence,
    mean_filled,
    summed_over_missing,
    weighted_expectations,
)
from ..mixture import EMPTY_MASS, Mixture, Prepared, frozen, map_weights
from ..prior import Prior
from .counted import CountedData, column_totals, weighted_counts


@dataclass(frozen=True, eq=False)
class BernoulliMixture(Mixture):
    """Mixture of products of Bernoullis.

    Parameters
    ----------
    weights : array-like of shape (n_components,)
    probs : array-like of shape (n_components, n_features)
        ``probs[k, m] = P(x_m = 1 | z = k)``; exactly 0 and 1 are allowed (a point contradicting
        them has probability zero under that component, never NaN).

    The family has no options; `Prior.beta` smooths its probabilities.

    Raises
    ------
    ValueError
        For shapes that do not match, or a probability outside [0, 1] (naming the entry).

    Examples
    --------
    >>> import numpy as np, nbviz.core as nc
    >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
    >>> np.exp(model.component_log_density([[1, 1]])).round(3).tolist()  # 0.5 * 0.4, 0.2 * 0.7
    [[0.2, 0.14]]
    >>> model.predict([[1, 1], [0, 1]]).tolist()
    [0, 1]
    """

    probs: np.ndarray

    family: ClassVar[str] = "bernoulli"
    accepts_missing: ClassVar[bool] = True
    data_kind: ClassVar[str] = "binary"
    zero_probability_hint: ClassVar[str] = (
        ": a feature is 1 (or 0) where every component gives it probability 0 (or 1); "
        "use a prior (beta > 0) or a different start"
    )

    # Caches set by _validate (not dataclass fields; see `Mixture`): log p(x | k) = eta_k . x + const_k,
    # and where some probability is 0 or 1, the counter of contradicted features (else None).
    if TYPE_CHECKING:
        _eta: np.ndarray = field(init=False)
        _const: np.ndarray = field(init=False)
        _contradiction: np.ndarray | None = field(init=False)

    def _validate(self) -> None:
        probs = validation.as_float_array(self.probs, "probs", 2)
        if probs.shape[0] != self.n_components:
            raise ValueError(f"probs has {probs.shape[0]} rows but there are {self.n_components} weights")
        validation.check_probabilities(probs, "probs")
        object.__setattr__(self, "probs", frozen(probs))
        # log p(x | k) = x . eta_k + c_k with eta = logit(p), c = sum_m log(1 - p) over p in (0, 1);
        # entries with p in {0, 1} contribute 0 unless x contradicts them (then -inf).
        interior = (probs > 0) & (probs < 1)
        safe = np.where(interior, probs, 0.5)
        object.__setattr__(self, "_eta", np.where(interior, np.log(safe) - np.log1p(-safe), 0.0))
        object.__setattr__(self, "_const", np.where(interior, np.log1p(-safe), 0.0).sum(axis=1))
        degenerate = not interior.all()
        if degenerate:
            object.__setattr__(self, "_contradiction", ((probs == 0) * 1.0 - (probs == 1)))
        else:
            object.__setattr__(self, "_contradiction", None)

    @property
    def n_features(self) -> int:
        """Number of binary features."""
        return self.probs.shape[1]

    @property
    def n_parameters(self) -> int:
        """``(K - 1) + K M`` free parameters."""
        K, M = self.probs.shape
        return (K - 1) + K * M

    @classmethod
    def _prepare(cls, X, n_features=None) -> Prepared:
        X = validation.as_data_matrix(X, n_features, allow_nan=True)
        incomplete = incomplete_layout(cls, X, n_features)
        if incomplete is not None:
            return incomplete
        bad = (X != 0) & (X != 1)
        if bad.any():
            raise validation.data_fit_error(
                X,
                bad,
                "Bernoulli",
                "binary data (0 or 1)",
                "not binary (0 or 1)",
                "binarise the data first (e.g. X > threshold)",
            )
        return CountedData.of(X)

    def _log_emission(self, data: Prepared) -> np.ndarray:
        out = self._eta @ data.Xt
        out += self._const[:, None]
        if self._contradiction is not None:
            out[self._contradicted(data)] = -np.inf
        return out

    def _contradicted(self, data: Prepared) -> np.ndarray:
        """Where a point contradicts a probability of exactly 0 or 1, shape (n_components, n_samples).

        Only the columns where the data hold the contradicting value enter the product: a column
        of zeros never contradicts p = 0, nor a column of ones p = 1 (constant columns, as at the
        border of digit images, would otherwise cost a full matrix product per E-step).
        """
        assert self._contradiction is not None
        ones = column_totals(data)
        possible = ((self.probs == 0) & (ones > 0)) | ((self.probs == 1) & (ones < data.n_samples))
        columns = np.flatnonzero(possible.any(axis=0))
        # sum_m [p=0] x_m + [p=1] (1 - x_m) over the kept columns counts contradicted features.
        offset = (self.probs[:, columns] == 1).sum(axis=1)
        counted = self._contradiction[:, columns] @ data.Xt[columns] + offset[:, None]
        return counted > 0.5

    def _log_emission_prior(self, prior: Prior) -> float:
        if prior.beta == 0:
            return 0.0
        with np.errstate(divide="ignore"):
            return prior.beta * float(np.sum(np.log(self.probs) + np.log1p(-self.probs)))

    @classmethod
    def _map_update(cls, data: Prepared, resp, prior: Prior, previous=None):
        nk = resp.sum(axis=1)
        counts = weighted_counts(resp, data)
        beta = prior.beta
        empty = np.flatnonzero(nk + 2 * beta < EMPTY_MASS)
        if empty.size and previous is None:
            raise ValueError(f"component(s) {empty.tolist()} have no data")
        with np.errstate(invalid="ignore", divide="ignore"):
            probs = (counts + beta) / (nk + 2 * beta)[:, None]
        # counts_km <= N_k holds exactly; summation order can leave a ratio one ulp above 1.
        np.minimum(probs, 1.0, out=probs)
        _keep_weighted_outcomes_possible(probs, counts, resp, data)
        if empty.size:
            probs[empty] = previous.probs[empty]
        weights = map_weights(nk, prior.alpha)
        return cls(weights=weights, probs=probs), empty

    def _sample_emissions(self, z, rng):
        return (rng.random((z.size, self.n_features)) < self.probs[z]).astype(np.float64)

    # ----------------------------------------------------------------- missing cells (nbviz.core.incomplete)
    def _marginal(self, observed) -> BernoulliMixture:
        return type(self)(weights=self.weights, probs=self.probs[:, observed])

    @classmethod
    def _expected_update(cls, data, resp, prior: Prior, previous) -> tuple[BernoulliMixture, np.ndarray]:
        """The M-step with each missing cell counted at ``previous.probs[k, d]``, its expectation under component k.

        ``p_kd = (sum_obs r_nk x_nd + p'_kd sum_missing r_nk + beta) / (N_k + 2 beta)``.
        """
        nk, beta = resp.sum(axis=1), prior.beta
        observed = ~data.missing
        ones = resp @ np.where(observed, data.X, 0.0)
        counts = ones + previous.probs * (resp @ data.missing.astype(np.float64))
        empty = np.flatnonzero(nk + 2 * beta < EMPTY_MASS)
        with np.errstate(invalid="ignore", divide="ignore"):
            probs = (counts + beta) / (nk + 2 * beta)[:, None]
        np.minimum(probs, 1.0, out=probs)
        # As in the complete-data update: an outcome some weighted row may show never rounds to impossible.
        _keep_expected_outcomes_possible(probs, resp, data, previous)
        if empty.size:
            probs[empty] = previous.probs[empty]
        return cls(weights=map_weights(nk, prior.alpha), probs=probs), empty

    @classmethod
    def _starting_layout(cls, X, missing) -> Prepared:
        """Each missing cell at its column's frequency of ones."""
        return CountedData.of(mean_filled(X, missing))

    def _conditional_expectations(self, data) -> np.ndarray:
        return np.where(data.missing[None], self.probs[:, None, :], data.X[None])

    def _filled_in(self, data, resp) -> np.ndarray:
        return weighted_expectations(self._conditional_expectations(data), resp)

    def _missing_divergence(self, data) -> Callable[[BernoulliMixture], np.ndarray]:
        """Missing cells are independent given k: the sum of ``KL(Bernoulli(p'_kd) || Bernoulli(p_kd))`` over them."""
        old = np.stack([self.probs, 1.0 - self.probs], axis=-1)

        def divergence(model: BernoulliMixture) -> np.ndarray:
            new = np.stack([model.probs, 1.0 - model.probs], axis=-1)
            return summed_over_missing(level_divergence(old, new), data.missing)

        return divergence

    # ----------------------------------------------------------------- starts, distances, slices
    @classmethod
    def _comparison_points(cls, data: Prepared) -> np.ndarray:
        return data.X

    @classmethod
    def _start_from_rows(cls, data: Prepared, rows, prior: Prior) -> BernoulliMixture:
        """Probabilities halfway between each chosen row and the overall frequencies (none 0 or 1
        unless a feature is constant, so no point starts impossible)."""
        X = data.X
        overall = (X.sum(axis=0) + prior.beta) / (X.shape[0] + 2 * prior.beta)
        K = len(rows)
        return cls(weights=np.full(K, 1.0 / K), probs=0.5 * X[rows] + 0.5 * overall)

    def _component_distances(self, other: BernoulliMixture) -> np.ndarray:
        p, q = self.probs[:, None, :], other.probs[None, :, :]
        with np.errstate(divide="ignore"):  # disjoint supports: an infinite distance
            return -np.log(np.sqrt(p * q) + np.sqrt((1 - p) * (1 - q))).sum(axis=2)

    def _slice_directions(self) -> tuple[tuple, ...]:
        return tuple(("prob", k, m) for k in range(self.n_components) for m in range(self.n_features))

    def _slice_point(self, direction: tuple, t: float) -> tuple[BernoulliMixture, float]:
        if direction not in self._slice_directions():
            raise self._no_direction(direction)
        _, k, m = direction
        probs = self.probs.copy()
        probs[k, m] += t
        return self.replaced(probs=probs), float(probs[k, m])


def _keep_expected_outcomes_possible(probs, resp, data, previous) -> None:
    """Keep every outcome some weighted row may show possible after an M-step with missing cells.

    An outcome is possible for component k and feature d when a row with positive responsibility
    shows it, or misses the cell while `previous` gives it positive probability. Decided on the
    rows' support alone (no products that could underflow), so an outcome the E-step's model
    allowed is never ruled out by the update's rounding: the new probability is never exactly 0
    or 1 there, and the bound's divergence of the missing cells (``level_divergence``) stays finite
    on any processor.
    """
    extreme_low, extreme_high = probs == 0, probs == 1
    if not (extreme_low.any() or extreme_high.any()):
        return
    observed = ~data.missing
    support = (resp > 0).astype(np.float64)
    missed = (support @ data.missing.astype(np.float64)) > 0
    shows_one = (support @ (observed & (data.X == 1)).astype(np.float64)) > 0
    shows_zero = (support @ (observed & (data.X == 0)).astype(np.float64)) > 0
    probs[extreme_low & (shows_one | (missed & (previous.probs > 0)))] = np.finfo(np.float64).tiny
    probs[extreme_high & (shows_zero | (missed & (previous.probs < 1)))] = np.nextafter(1.0, 0.0)


def _keep_weighted_outcomes_possible(probs, counts, resp, data: Prepared) -> None:
    """Undo rounding of a probability to exactly 0 or 1 where the weighted data hold the other outcome.

    The update p_km = N_km / N_k is strictly inside (0, 1) whenever some point with x_m = 0 and
    some with x_m = 1 have positive responsibility, however small; a ratio such as 1 - 1e-17 still
    rounds to 1.0 and would make a point with positive responsibility impossible. Such entries
    become the nearest double strictly inside the interval.

    Parameters
    ----------
    probs : ndarray of shape (n_components, n_features)
        The updated probabilities, changed in place.
    counts : ndarray of shape (n_components, n_features)
        ``resp @ X``: a sum of non-negative terms, positive exactly when some point with x_m = 1
        has positive responsibility (a sum of non-negative doubles rounds to 0 only if all are 0).
    resp : ndarray of shape (n_components, n_samples)
    data : Prepared
        The binary data.

    Whether a weighted point has x_m = 0 is counted exactly on the rows with positive
    responsibility (or those without, whichever are fewer), and only for the entries that rounded
    to 1: no matrix product beyond the one that gave `counts`.
    """
    probs[(probs == 0) & (counts > 0)] = np.finfo(np.float64).tiny
    rounded_up = probs == 1
    if not rounded_up.any():
        return
    N = data.n_samples
    column_zeros = N - column_totals(data)
    rounded_up &= column_zeros > 0  # a column of ones has no 0 to keep possible
    for k in np.flatnonzero(rounded_up.any(axis=1)):
        columns = np.flatnonzero(rounded_up[k])
        support = resp[k] > 0
        n_support = int(np.count_nonzero(support))
        if n_support == N:
            zeros = column_zeros[columns]
        elif 2 * n_support <= N:
            rows = np.flatnonzero(support)
            zeros = n_support - data.Xt[np.ix_(columns, rows)].sum(axis=1)
        else:
            rows = np.flatnonzero(~support)
            zeros = column_zeros[columns] - (rows.size - data.Xt[np.ix_(columns, rows)].sum(axis=1))
        probs[k, columns[zeros > 0]] = np.nextafter(1.0, 0.0)
