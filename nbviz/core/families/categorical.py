"""Mixtures of products of categorical distributions (latent class analysis; categorical naive Bayes)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from .. import validation
from ..incomplete import incomplete_layout, level_divergence, summed_over_missing
from ..mixture import EMPTY_MASS, Mixture, Prepared, frozen, map_weights
from ..prior import Prior

# A row of level probabilities may miss 1 by this much (rounding of the MAP ratios, typed tables).
LEVEL_SUM_TOLERANCE = 1e-6
# A start never gives a level the data show less than this: a hard (k-means) assignment leaves a level
# that a class never shows at exactly 0, and EM's update can never move a 0. On poLCA's carcinoma,
# K = 3, 20 k-means seeds reach the maximum -293.705 in 2 runs without a floor, 14 with 1e-3, 17 with 1e-2.
START_FLOOR = 1e-2


@dataclass(frozen=True)
class CodedData(Prepared):
    """Integer codes laid out for the categorical family.

    Attributes
    ----------
    codes : ndarray of int64, shape (n_samples, n_features)
        ``X`` as integers: the level of each cell, counting from 0.
    levels : tuple of int
        One more than the largest code of each column (the levels the data show).
    indicators : ndarray of shape (n_samples, sum of levels)
        One-hot columns of every (feature, level), feature after feature.
    """

    codes: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))
    levels: tuple[int, ...] = ()
    indicators: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))


def _coded(data: Prepared) -> CodedData:
    assert isinstance(data, CodedData)
    return data


def _frozen_levels(arrays) -> np.ndarray:
    """A read-only object array of D read-only float arrays."""
    out = np.empty(len(arrays), dtype=object)
    for j, array in enumerate(arrays):
        out[j] = frozen(array)
    out.setflags(write=False)
    return out


def _level_probabilities(feature, nk, beta: float, empty, previous, j: int, possible=None) -> np.ndarray:
    """MAP level probabilities ``(N_kjl + beta) / (N_k + L_j beta)`` of feature j from its (K, L_j) counts.

    Empty components keep `previous`'s. A level that is `possible` (default: a positive count) is
    never 0, even where its ratio underflows.
    """
    with np.errstate(invalid="ignore", divide="ignore"):
        p = (feature + beta) / (nk + feature.shape[1] * beta)[:, None]
    # N_kjl <= N_k holds exactly; summation order can leave a ratio one ulp above 1.
    np.minimum(p, 1.0, out=p)
    # A ratio of a positive count can underflow to 0: keep such a level possible.
    p[(p == 0) & ((feature > 0) if possible is None else possible)] = np.finfo(np.float64).tiny
    if empty.size:
        p[empty] = previous.probs[j][empty]
    return p


@dataclass(frozen=True, eq=False)
class CategoricalMixture(Mixture):
    """Mixture of products of categorical distributions: latent class analysis.

    Each feature j takes one of ``L_j`` levels, coded 0 .. L_j - 1; given the component, features
    are independent.

    Parameters
    ----------
    weights : array-like of shape (n_components,)
    probs : sequence of D array-likes, the j-th of shape (n_components, L_j)
        ``probs[j][k, l] = P(x_j = l | z = k)``, as scikit-learn's ``CategoricalNB`` keeps them
        (``np.exp(feature_log_prob_)``); each row sums to 1. Stored as a read-only object array of
        D arrays, so that elementwise arithmetic on two models of one run gives a model's probs.

    The family has no options; `Prior.beta` is a Dirichlet(beta + 1) prior on each row of level
    probabilities: ``p_kjl = (N_kjl + beta) / (N_k + L_j beta)``.

    Raises
    ------
    ValueError
        For shapes that do not match, a probability outside [0, 1] or a row not summing to 1
        (naming the entry).

    Examples
    --------
    >>> import numpy as np, nbviz.core as nc
    >>> colour = [[0.2, 0.3, 0.5], [0.6, 0.2, 0.2]]  # P(level | k) of a feature with 3 levels
    >>> answer = [[0.9, 0.1], [0.5, 0.5]]  # and of a feature with 2
    >>> model = nc.CategoricalMixture(weights=[0.5, 0.5], probs=[colour, answer])
    >>> model.levels, model.n_parameters  # (K - 1) + K ((3 - 1) + (2 - 1))
    ((3, 2), 7)
    >>> np.exp(model.component_log_density([[2, 0]])).round(3).tolist()  # 0.5 * 0.9, 0.2 * 0.5
    [[0.45, 0.1]]
    """

    probs: np.ndarray | Sequence  # stored as the object array; given as any sequence of arrays

    family: ClassVar[str] = "categorical"
    accepts_missing: ClassVar[bool] = True
    data_kind: ClassVar[str] = "categorical"
    zero_probability_hint: ClassVar[str] = (
        ": a feature takes a level that every component gives probability 0; "
        "use a prior (beta > 0) or a different start"
    )

    if TYPE_CHECKING:
        _log_probs: tuple[np.ndarray, ...] = field(init=False)

    def _validate(self) -> None:
        given: Sequence | np.ndarray = self.probs
        if isinstance(given, np.ndarray) and given.dtype != object:
            given = list(given)  # a (D, K, L) array: every feature with L levels
        try:
            arrays = [validation.as_float_array(p, f"probs[{j}]", 2) for j, p in enumerate(given)]
        except TypeError:
            raise ValueError("probs must be a list of arrays, one (n_components, n_levels) array per feature") from None
        if not arrays:
            raise ValueError("probs must hold one (n_components, n_levels) array per feature; got none")
        for j, array in enumerate(arrays):
            if array.shape[0] != self.n_components:
                raise ValueError(f"probs[{j}] has {array.shape[0]} rows but there are {self.n_components} weights")
            if array.shape[1] < 1:
                raise ValueError(f"probs[{j}] has no levels")
            validation.check_probabilities(array, f"probs[{j}]")
            sums = array.sum(axis=1)
            off = np.abs(sums - 1.0) > LEVEL_SUM_TOLERANCE
            if off.any():
                k = int(np.argmax(off))
                raise ValueError(f"probs[{j}][{k}] sums to {sums[k]:.10g}; the level probabilities must sum to 1")
        object.__setattr__(self, "probs", _frozen_levels(arrays))
        with np.errstate(divide="ignore"):
            object.__setattr__(self, "_log_probs", tuple(np.log(array) for array in self.probs))

    @property
    def n_features(self) -> int:
        """Number of categorical features."""
        return len(self.probs)

    @property
    def levels(self) -> tuple[int, ...]:
        """Number of levels ``L_j`` of each feature."""
        return tuple(int(array.shape[1]) for array in self.probs)

    @property
    def n_parameters(self) -> int:
        """``(K - 1) + K sum_j (L_j - 1)`` free parameters."""
        K = self.n_components
        return (K - 1) + K * sum(L - 1 for L in self.levels)

    @classmethod
    def _prepare(cls, X, n_features=None) -> Prepared:
        X = validation.as_data_matrix(X, n_features, allow_nan=True)
        incomplete = incomplete_layout(cls, X, n_features)
        if incomplete is not None:
            return incomplete
        bad = (X < 0) | (X != np.round(X))
        if bad.any():
            raise validation.data_fit_error(
                X,
                bad,
                "categorical",
                "level codes (whole numbers 0, 1, 2, ... per column)",
                "not a level code",
                "code each column's levels as 0, 1, 2, ... (or load the table's text columns as categories)",
            )
        codes = X.astype(np.int64)
        levels = tuple(int(L) for L in codes.max(axis=0) + 1)
        offsets = np.concatenate([[0], np.cumsum(levels)[:-1]])
        indicators = np.zeros((X.shape[0], int(sum(levels))))
        indicators[np.arange(X.shape[0])[:, None], codes + offsets] = 1.0
        codes.setflags(write=False)
        return CodedData(
            X=frozen(X),
            Xt=np.ascontiguousarray(X.T),
            shift=np.zeros(X.shape[1]),
            codes=codes,
            levels=levels,
            indicators=frozen(indicators),
        )

    def _check_levels(self, data: CodedData) -> None:
        """Refuse codes beyond the model's levels, naming the first such cell."""
        beyond = [j for j, (seen, L) in enumerate(zip(data.levels, self.levels, strict=True)) if seen > L]
        if beyond:
            j = beyond[0]
            n = int(np.argmax(data.codes[:, j] >= self.levels[j]))
            raise ValueError(
                f"X[{n}, {j}] (row {n}, column {j}, counting from 0) is level {int(data.codes[n, j])} but the model "
                f"has {self.levels[j]} levels (0..{self.levels[j] - 1}) for column {j}; "
                "fit the model on data that show every level"
            )

    def _log_emission(self, data: Prepared) -> np.ndarray:
        coded = _coded(data)
        self._check_levels(coded)
        out = np.zeros((self.n_components, coded.n_samples))
        for j, log_p in enumerate(self._log_probs):
            out += log_p[:, coded.codes[:, j]]
        return out

    def _log_emission_prior(self, prior: Prior) -> float:
        if prior.beta == 0:
            return 0.0
        with np.errstate(divide="ignore"):
            return prior.beta * float(sum(np.sum(np.log(array)) for array in self.probs))

    @classmethod
    def _map_update(cls, data: Prepared, resp, prior: Prior, previous=None):
        coded = _coded(data)
        levels = coded.levels if previous is None else previous.levels
        if previous is not None:
            previous._check_levels(coded)
        nk = resp.sum(axis=1)
        beta = prior.beta
        empty = np.flatnonzero(nk + min(levels) * beta < EMPTY_MASS)
        if empty.size and previous is None:
            raise ValueError(f"component(s) {empty.tolist()} have no data")
        counts = resp @ coded.indicators
        start = 0
        probs = []
        for j, L in enumerate(levels):
            seen = coded.levels[j]
            feature = np.zeros((resp.shape[0], L))
            feature[:, :seen] = counts[:, start : start + seen]
            start += seen
            probs.append(_level_probabilities(feature, nk, beta, empty, previous, j))
        return cls(weights=map_weights(nk, prior.alpha), probs=_frozen_levels(probs)), empty

    # ----------------------------------------------------------------- missing cells (nbviz.core.incomplete)
    def _marginal(self, observed) -> CategoricalMixture:
        return type(self)(weights=self.weights, probs=_frozen_levels([p for p, o in zip(self.probs, observed) if o]))

    def _check_observed(self, data) -> None:
        """Refuse observed codes beyond the model's levels, naming the first such cell of the whole data."""
        codes = np.where(data.missing, 0.0, data.X)
        beyond = codes >= np.array(self.levels)
        if beyond.any():
            n, j = validation.first_position(beyond)
            raise ValueError(
                f"X[{n}, {j}] (row {n}, column {j}, counting from 0) is level {int(codes[n, j])} but the model "
                f"has {self.levels[j]} levels (0..{self.levels[j] - 1}) for column {j}; "
                "fit the model on data that show every level"
            )

    @classmethod
    def _expected_update(cls, data, resp, prior: Prior, previous) -> tuple[CategoricalMixture, np.ndarray]:
        """The M-step with each missing cell counted at ``previous.probs[j][k]``, its level probabilities under k.

        ``p_kjl = (sum_obs r_nk [x_nj = l] + p'_kjl sum_missing r_nk + beta) / (N_k + L_j beta)``.
        """
        previous._check_observed(data)
        nk, beta = resp.sum(axis=1), prior.beta
        empty = np.flatnonzero(nk + min(previous.levels) * beta < EMPTY_MASS)
        probs = []
        for j, L in enumerate(previous.levels):
            seen = ~data.missing[:, j]
            shown = np.eye(L)[data.X[seen, j].astype(np.int64)]
            feature = resp[:, seen] @ shown
            feature += resp[:, ~seen].sum(axis=1)[:, None] * previous.probs[j]
            # A level is possible where a weighted row shows it or misses the cell while `previous`
            # allows it: decided on the support, so a product that underflows never rules it out.
            support = resp > 0
            possible = ((support[:, seen].astype(np.float64) @ shown) > 0) | (
                support[:, ~seen].any(axis=1)[:, None] & (previous.probs[j] > 0)
            )
            probs.append(_level_probabilities(feature, nk, beta, empty, previous, j, possible))
        return cls(weights=map_weights(nk, prior.alpha), probs=_frozen_levels(probs)), empty

    @classmethod
    def _starting_layout(cls, X, missing) -> Prepared:
        """Each missing cell's indicators at its column's level frequencies (its mean in the comparison space)."""
        coded = _coded(cls._prepare(np.where(missing, 0.0, X)))
        indicators = coded.indicators.copy()
        start = 0
        for j, L in enumerate(coded.levels):
            block = indicators[:, start : start + L]
            block[missing[:, j]] = block[~missing[:, j]].mean(axis=0)
            start += L
        return dataclasses.replace(coded, indicators=frozen(indicators))

    def _conditional_expectations(self, data) -> np.ndarray:
        modes = np.array([p.argmax(axis=1) for p in self.probs], dtype=np.float64).T  # (K, D)
        return np.where(data.missing[None], modes[:, None, :], data.X[None])

    def _filled_in(self, data, resp) -> np.ndarray:
        modes = np.array([(resp.T @ p).argmax(axis=1) for p in self.probs], dtype=np.float64).T  # (N, D)
        return np.where(data.missing, modes, data.X)

    def _missing_divergence(self, data) -> Callable[[CategoricalMixture], np.ndarray]:
        """The missing cells are independent given k: the sum of ``KL(p'[j][k] || p[j][k])`` over them."""

        def divergence(model: CategoricalMixture) -> np.ndarray:
            pairs = zip(self.probs, model.probs, strict=True)
            return summed_over_missing(np.stack([level_divergence(old, new) for old, new in pairs], 1), data.missing)

        return divergence

    def _sample_emissions(self, z, rng):
        X = np.empty((z.size, self.n_features))
        for j, array in enumerate(self.probs):
            cumulative = np.cumsum(array, axis=1)[z]
            u = rng.random(z.size) * cumulative[:, -1]
            X[:, j] = np.minimum((u[:, None] >= cumulative).sum(axis=1), array.shape[1] - 1)
        return X

    # ----------------------------------------------------------------- starts, distances, slices
    @classmethod
    def _comparison_points(cls, data: Prepared) -> np.ndarray:
        return _coded(data).indicators

    @classmethod
    def _start_from_responsibilities(cls, data: Prepared, resp, prior: Prior, **options) -> CategoricalMixture:
        """One M-step on `resp`, then every level the data show raised to at least `START_FLOOR`
        (its row rescaled to sum to 1), so that no start holds a probability EM cannot move."""
        model = cls._map_update(data, resp, prior)[0]
        coded = _coded(data)
        shown = coded.indicators.sum(axis=0) > 0
        probs, start = [], 0
        for p in model.probs:
            L = p.shape[1]
            low = shown[start : start + L][None, :] & (p < START_FLOOR)
            start += L
            if low.any():
                p = np.where(low, START_FLOOR, p)
                p = p / p.sum(axis=1, keepdims=True)
            probs.append(p)
        return cls(weights=model.weights, probs=_frozen_levels(probs))

    @classmethod
    def _start_from_rows(cls, data: Prepared, rows, prior: Prior) -> CategoricalMixture:
        """Level probabilities halfway between each chosen row's levels and the overall frequencies
        (none 0 for a level the data show, so no point starts impossible)."""
        coded = _coded(data)
        N, K = coded.n_samples, len(rows)
        counts = coded.indicators.sum(axis=0)
        probs, start = [], 0
        for L in coded.levels:
            overall = (counts[start : start + L] + prior.beta) / (N + L * prior.beta)
            probs.append(np.minimum(0.5 * coded.indicators[rows, start : start + L] + 0.5 * overall, 1.0))
            start += L
        return cls(weights=np.full(K, 1.0 / K), probs=_frozen_levels(probs))

    def _component_distances(self, other: CategoricalMixture) -> np.ndarray:
        total = np.zeros((self.n_components, other.n_components))
        with np.errstate(divide="ignore"):  # disjoint supports: an infinite distance
            for p, q in zip(self.probs, other.probs, strict=True):
                total -= np.log(np.sqrt(p[:, None, :] * q[None, :, :]).sum(axis=2))
        return total

    def _slice_directions(self) -> tuple[tuple, ...]:
        return tuple(
            ("prob", k, j, level)
            for k in range(self.n_components)
            for j, L in enumerate(self.levels)
            for level in range(L)
        )

    def _slice_point(self, direction: tuple, t: float) -> tuple[CategoricalMixture, float]:
        """One level probability moved by t, the other levels of its row rescaled to keep the sum 1."""
        if direction not in self._slice_directions():
            raise self._no_direction(direction)
        _, k, j, level = direction
        row = self.probs[j][k].copy()
        new = row[level] + t
        rest = 1.0 - row[level]
        if rest > 0:
            row *= (1.0 - new) / rest
        row[level] = new
        probs = [array.copy() for array in self.probs]
        probs[j][k] = row
        return self.replaced(probs=_frozen_levels(probs)), float(new)

    # ----------------------------------------------------------------- the ragged parameter
    def permuted(self, order) -> CategoricalMixture:
        """The same mixture with components reordered: new component j is old ``order[j]``.

        Parameters
        ----------
        order : array-like of shape (n_components,)
            A permutation of ``0 .. n_components - 1``.

        Returns
        -------
        CategoricalMixture
        """
        order = np.asarray(order)
        if order.shape != (self.n_components,) or not np.array_equal(np.sort(order), np.arange(self.n_components)):
            raise ValueError(f"order must be a permutation of 0..{self.n_components - 1}; got {order.tolist()}")
        return type(self)(weights=self.weights[order], probs=_frozen_levels([array[order] for array in self.probs]))

    def to_dict(self) -> dict:
        """JSON-ready: ``{"family": "categorical", "weights": [...], "probs": [D nested lists]}``.

        Returns
        -------
        dict
        """
        return {
            "family": self.family,
            "weights": self.weights.tolist(),
            "probs": [array.tolist() for array in self.probs],
        }
