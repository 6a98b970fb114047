"""Multinomial (bag-of-words) mixtures: each row of X holds the counts of M words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from .. import validation
from ..mixture import EMPTY_MASS, FamilyOption, Mixture, Prepared, frozen, map_weights
from ..prior import Prior
from .counted import CountedData, column_totals, weighted_counts

ROW_SUM_TOLERANCE = 1e-6
MAX_EXACT_COUNT = 2.0**53  # every whole number up to here is a double; beyond, some are skipped


@dataclass(frozen=True, eq=False)
class MultinomialMixture(Mixture):
    """Mixture of multinomials over word counts.

    Parameters
    ----------
    weights : array-like of shape (n_components,)
    probs : array-like of shape (n_components, n_words)
        Word distribution of each component; each row sums to 1. ``log p(x | k)`` includes the
        multinomial coefficient, so it is the exact log-probability of the count vector.

    A missing count (NaN) is refused (`DataFitError` naming the cell): a row counts every word of
    its document, so a word it does not hold has count 0, not an unknown one.

    Its one option is the "sample" option ``n_trials`` (`options`): words per sampled document,
    one number or one per document (default 50). `Prior.beta` smooths the word probabilities.

    Raises
    ------
    ValueError
        For shapes that do not match, a probability outside [0, 1], or a row not summing to 1.

    Examples
    --------
    >>> import numpy as np, nbviz.core as nc
    >>> model = nc.MultinomialMixture(weights=[0.5, 0.5], probs=[[0.5, 0.5], [0.9, 0.1]])
    >>> np.exp(model.component_log_density([[2, 0], [1, 1]])).round(3).tolist()  # [1, 1]: 2 * 0.5 * 0.5, 2 * 0.9 * 0.1
    [[0.25, 0.81], [0.5, 0.18]]
    >>> X, z = model.sample(3, rng=0, n_trials=10)
    >>> X.sum(axis=1).tolist()  # ten words per document
    [10.0, 10.0, 10.0]
    """

    probs: np.ndarray

    family: ClassVar[str] = "multinomial"
    data_kind: ClassVar[str] = "counts"
    options: ClassVar[tuple[FamilyOption, ...]] = (
        FamilyOption(
            "n_trials",
            "sample",
            50,
            lambda value: _check_n_trials(value),
            "Words per sampled document: one number, or one per document.",
        ),
    )
    zero_probability_hint: ClassVar[str] = (
        ": it contains a word that every component gives probability 0; use a prior (beta > 0) or a different start"
    )

    # Caches set by _validate (not dataclass fields; see `Mixture`): log probs (0 where a probability
    # is 0), and the indicator of zero probabilities (None if there are none).
    if TYPE_CHECKING:
        _log_probs: np.ndarray = field(init=False)
        _zero: np.ndarray | None = field(init=False)

    def _validate(self) -> None:
        probs = validation.as_float_array(self.probs, "probs", 2)
        if probs.shape[0] != self.n_components:
            raise ValueError(f"probs has {probs.shape[0]} rows but there are {self.n_components} weights")
        validation.check_probabilities(probs, "probs")
        sums = probs.sum(axis=1)
        off = np.abs(sums - 1) > ROW_SUM_TOLERANCE
        if off.any():
            k = int(np.argmax(off))
            raise ValueError(f"probs[{k}] must sum to 1 (a word distribution); it sums to {sums[k]:.10g}")
        object.__setattr__(self, "probs", frozen(probs))
        zero = probs == 0
        with np.errstate(divide="ignore"):
            object.__setattr__(self, "_log_probs", np.where(zero, 0.0, np.log(probs)))
        object.__setattr__(self, "_zero", zero * 1.0 if zero.any() else None)

    @property
    def n_features(self) -> int:
        """Number of words (columns of the counts)."""
        return self.probs.shape[1]

    @property
    def n_parameters(self) -> int:
        """``(K - 1) + K (M - 1)`` free parameters (each word distribution sums to 1)."""
        K, M = self.probs.shape
        return (K - 1) + K * (M - 1)

    @classmethod
    def _prepare(cls, X, n_features=None) -> Prepared:
        X = validation.as_data_matrix(X, n_features, allow_nan=True)
        if np.isnan(X).any():
            # Unlike a measurement, a bag of words has no unobserved cell: it counts every word.
            raise validation.data_fit_error(
                X,
                np.isnan(X),
                "multinomial",
                "every word count (a row is a bag of words: it counts every word of its document, so no "
                "count can be missing)",
                "missing: a bag-of-words count cannot be missing",
                "enter 0 where the word does not occur, or drop that row",
            )
        bad = (X < 0) | (X != np.round(X))
        if bad.any():
            row, column = validation.first_position(bad)
            problem = "negative, not a count" if X[row, column] < 0 else "not a whole-number count"
            raise validation.data_fit_error(
                X,
                bad,
                "multinomial",
                "counts (non-negative integers)",
                problem,
                "use a Gaussian mixture for measurements, or load whole-number counts",
            )
        _check_exact_counts(X)
        from scipy.special import gammaln  # imported on first use: scipy is slow to import

        log_coefficient = gammaln(X.sum(axis=1) + 1) - gammaln(X + 1).sum(axis=1)
        return CountedData.of(X, row_constant=log_coefficient)

    def _log_emission(self, data: Prepared) -> np.ndarray:
        out = self._log_probs @ data.Xt
        out += data.row_constant
        if self._zero is not None:
            # Only words that occur somewhere can meet a probability of 0 (a vocabulary's unused
            # words would otherwise cost a full matrix product per E-step).
            columns = np.flatnonzero(self._zero.any(axis=0) & (column_totals(data) > 0))
            out[(self._zero[:, columns] @ data.Xt[columns]) > 0.5] = -np.inf
        return out

    def _log_emission_prior(self, prior: Prior) -> float:
        if prior.beta == 0:
            return 0.0
        with np.errstate(divide="ignore"):
            return prior.beta * float(np.sum(np.log(self.probs)))

    @classmethod
    def _map_update(cls, data: Prepared, resp, prior: Prior, previous=None):
        nk = resp.sum(axis=1)
        counts = weighted_counts(resp, data)
        beta = prior.beta
        totals = counts.sum(axis=1) + beta * counts.shape[1]
        empty = np.flatnonzero(totals < EMPTY_MASS)
        if empty.size and previous is None:
            raise ValueError(f"component(s) {empty.tolist()} have no words")
        with np.errstate(invalid="ignore", divide="ignore"):
            probs = (counts + beta) / totals[:, None]
        # A word seen with positive responsibility has probability > 0 even if the ratio underflows.
        probs[(probs == 0) & (counts > 0)] = np.finfo(np.float64).tiny
        if empty.size:
            probs[empty] = previous.probs[empty]
        weights = map_weights(nk, prior.alpha)
        return cls(weights=weights, probs=probs), empty

    def _sample_emissions(self, z, rng, n_trials=50):
        """Documents of `n_trials` words each (an int, or one length per document)."""
        n_trials = np.broadcast_to(_check_n_trials(n_trials), z.shape)
        return rng.multinomial(n_trials.astype(np.int64), self.probs[z]).astype(np.float64)

    # ----------------------------------------------------------------- starts, distances, slices
    @classmethod
    def _comparison_points(cls, data: Prepared) -> np.ndarray:
        """Word frequencies: documents of different lengths about the same topic are close."""
        lengths = data.X.sum(axis=1, keepdims=True)
        return np.divide(data.X, lengths, out=np.zeros_like(data.X), where=lengths > 0)

    @classmethod
    def _start_from_rows(cls, data: Prepared, rows, prior: Prior) -> MultinomialMixture:
        """Word probabilities halfway between each chosen row's frequencies and the overall ones."""
        X = data.X
        overall = (X.sum(axis=0) + prior.beta) / (X.sum() + prior.beta * X.shape[1])
        centres = cls._comparison_points(data)[rows]
        centres[centres.sum(axis=1) == 0] = overall  # an empty document has no frequencies
        K = len(rows)
        return cls(weights=np.full(K, 1.0 / K), probs=0.5 * centres + 0.5 * overall)

    def _component_distances(self, other: MultinomialMixture) -> np.ndarray:
        with np.errstate(divide="ignore"):  # disjoint supports: an infinite distance
            return -np.log(np.sqrt(self.probs[:, None, :] * other.probs[None, :, :]).sum(axis=2))

    def _slice_directions(self) -> tuple[tuple, ...]:
        return ()  # a word probability cannot move alone: each row sums to 1

    def _slice_point(self, direction: tuple, t: float) -> tuple[MultinomialMixture, float]:
        if direction[0] == "prob":
            raise ValueError("a multinomial word probability cannot move alone (rows sum to 1); slice a weight")
        raise self._no_direction(direction)


def _check_n_trials(n_trials) -> np.ndarray:
    """Document lengths as an array of non-negative whole numbers, or ValueError."""
    array = np.asarray(n_trials)
    if array.dtype.kind not in "biuf" or (array < 0).any() or (array != np.round(array)).any():
        raise ValueError(f"n_trials must be non-negative integers (words per document); got {n_trials!r}")
    return array


def _check_exact_counts(X: np.ndarray) -> None:
    """Raise DataFitError for counts, or a row's total, beyond ``2**53``, where doubles skip whole numbers.

    Such counts are not held exactly, so neither are the sums EM forms from them: the objective
    can then decrease. The error names the first count too large, or the largest count of the
    first row whose total is.
    """
    large = X > MAX_EXACT_COUNT
    needs = "counts of at most 2^53"
    problem = "too large to be held exactly (whole numbers beyond 2^53 = 9007199254740992 are not all doubles)"
    advice = "divide the counts by a power of ten and round them, or model the values with a Gaussian mixture"
    if not large.any():
        totals = X.sum(axis=1)
        if (totals <= MAX_EXACT_COUNT).all():
            return
        row = int(np.argmax(totals > MAX_EXACT_COUNT))
        large = np.zeros(X.shape, dtype=bool)
        large[row, int(np.argmax(X[row]))] = True
        needs = "counts whose rows add up to at most 2^53"
        problem = f"the largest of counts adding up to {totals[row]:.6g} on its row, beyond 2^53 = 9007199254740992"
    raise validation.data_fit_error(X, large, "multinomial", needs, problem, advice)
