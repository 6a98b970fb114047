"""Mixtures of multivariate Bernoullis (mixtures of naive Bayes over binary features)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from .. import validation
from ..mixture import EMPTY_MASS, Mixture, Prepared, frozen, map_weights
from ..prior import Prior


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
        _contradiction_offset: np.ndarray = field(init=False)

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
            # sum_m [p=0] x_m + [p=1] (1 - x_m) counts contradicted features.
            object.__setattr__(self, "_contradiction", ((probs == 0) * 1.0 - (probs == 1)))
            object.__setattr__(self, "_contradiction_offset", (probs == 1).sum(axis=1))
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
        X = validation.as_data_matrix(X, n_features)
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
        return Prepared(X=frozen(X), Xt=np.ascontiguousarray(X.T), shift=np.zeros(X.shape[1]))

    def _log_emission(self, data: Prepared) -> np.ndarray:
        out = self._eta @ data.Xt
        out += self._const[:, None]
        if self._contradiction is not None:
            contradicted = self._contradiction @ data.Xt + self._contradiction_offset[:, None]
            out[contradicted > 0.5] = -np.inf
        return out

    def _log_emission_prior(self, prior: Prior) -> float:
        if prior.beta == 0:
            return 0.0
        with np.errstate(divide="ignore"):
            return prior.beta * float(np.sum(np.log(self.probs) + np.log1p(-self.probs)))

    @classmethod
    def _map_update(cls, data: Prepared, resp, prior: Prior, previous=None):
        nk = resp.sum(axis=1)
        counts = resp @ data.Xt.T
        beta = prior.beta
        empty = np.flatnonzero(nk + 2 * beta < EMPTY_MASS)
        if empty.size and previous is None:
            raise ValueError(f"component(s) {empty.tolist()} have no data")
        with np.errstate(invalid="ignore", divide="ignore"):
            probs = (counts + beta) / (nk + 2 * beta)[:, None]
        # counts_km <= N_k holds exactly; summation order can leave a ratio one ulp above 1.
        np.minimum(probs, 1.0, out=probs)
        _keep_weighted_outcomes_possible(probs, resp, data.Xt)
        if empty.size:
            probs[empty] = previous.probs[empty]
        weights = map_weights(nk, prior.alpha)
        return cls(weights=weights, probs=probs), empty

    def _sample_emissions(self, z, rng):
        return (rng.random((z.size, self.n_features)) < self.probs[z]).astype(np.float64)

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


def _keep_weighted_outcomes_possible(probs, resp, Xt) -> None:
    """Undo rounding of a probability to exactly 0 or 1 where the weighted data hold the other outcome.

    The update p_km = N_km / N_k is strictly inside (0, 1) whenever some point with x_m = 0 and
    some with x_m = 1 have positive responsibility, however small; a ratio such as 1 - 1e-17 still
    rounds to 1.0 and would make a point with positive responsibility impossible. Such entries
    become the nearest double strictly inside the interval.
    """
    degenerate = (probs == 0) | (probs == 1)
    if not degenerate.any():
        return
    columns = np.flatnonzero(degenerate.any(axis=0))
    x = Xt[columns]
    has_one = (resp @ x.T) > 0
    has_zero = (resp @ (1 - x).T) > 0
    block = probs[:, columns]
    block[(block == 1) & has_zero] = np.nextafter(1.0, 0.0)
    block[(block == 0) & has_one] = np.finfo(np.float64).tiny
    probs[:, columns] = block
