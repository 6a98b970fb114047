"""The EM engine: E-step, M-step, and a stepper that records one snapshot per half-step.

The quantity EM never decreases is the objective ``log-likelihood + log-prior``. Every half-step
also records the ELBO ``L(q, theta) = E_q[log p(X, Z | theta)] + H(q) (+ log-prior)``, so that

    objective = ELBO + KL(q || p(Z | X, theta)).

The E-step sets q to the posterior (KL = 0: the curves touch); the M-step maximises the ELBO over
theta (the ELBO rises, the objective rises at least as much). With labelled rows the posterior of
a labelled row is its one-hot label and the log-likelihood is that of the observed data,
``sum_unlabelled log p(x_n) + sum_labelled log p(x_n, y_n)``.

With missing cells (NaN) q also averages them, under component k, by their conditional
distribution given the observed cells under the E-step's model theta_old. The M-step maximises,
and the "M" snapshot records (as `nbviz.core.bound_slice` draws it),
``L_z(q, theta) - sum_nk q_nk KL(p(x_mis | x_obs, k, theta_old) || p(x_mis | x_obs, k, theta))``,
L_z the ELBO over the components alone; after an E-step the divergences are 0. The gap
``objective - elbo`` is then q's divergence from the posterior over components and missing cells.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .convergence import below_tolerance, check_rule
from .logspace import weighted_sum
from .mixture import Mixture
from .params import check_integer, check_real
from .prior import Prior, as_prior
from .snapshot import Snapshot
from .steps import (
    EmptyComponentWarning,
    _check_fixed_covariances,
    _check_mixture,
    _empty_message,
    _labelled,
    _q_and_entropy,
)


@dataclass(frozen=True, eq=False)
class _Evaluation:
    """Everything a model implies on the data; the next E-step's work, cached."""

    model: Mixture
    log_joint: np.ndarray  # (K, N)
    resp: np.ndarray  # (K, N) posterior
    log_marginal: np.ndarray  # (N,)
    log_likelihood: float
    log_prior: float

    @property
    def objective(self) -> float:
        return self.log_likelihood + self.log_prior


class EM:
    """Step EM one half-step at a time, keeping the history of every half-step.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        NaN marks a missing cell, which Gaussian, Bernoulli and categorical mixtures marginalise
        (`nbviz.core.missing`); the M-step then counts it at its expectation under the current model.
    model : Mixture
        The starting parameters.
    prior : Prior, optional
        Pseudo-counts for MAP-EM; None for maximum likelihood.
    labels : array-like of shape (n_samples,), optional
        Class index of each labelled row, -1 for unlabelled rows. Labelled rows keep one-hot
        responsibilities (semi-supervised EM); with every row labelled one M-step fits naive Bayes.
    hard : bool
        Hard (classification) EM: each unlabelled row is assigned wholly to its most probable
        component. Hard EM climbs the classification likelihood (reported as the ELBO), not the
        log-likelihood, so its ``objective`` may decrease; it is the one mode exempt from
        monotonicity.
    fixed_covariances : bool
        Families that support it (`Mixture.supports_fixed_covariances`: Gaussian): the M-step
        keeps the starting covariances and updates the weights and means (still a maximisation
        over those, so EM stays monotone). With one shared
        spherical variance that shrinks towards 0 this is the road from EM to k-means.
    warn_empty : bool
        Warn (`EmptyComponentWarning`) when an M-step empties a component. Off, nothing is
        warned and the empties are only recorded (`Snapshot.empty`): for callers that report them
        themselves, or that run in a worker thread, where filtering warnings is not thread-safe.

    Attributes
    ----------
    model : Mixture
        The current parameters.
    resp : ndarray of shape (n_samples, n_components) or None
        Responsibilities from the last E-step (None before it).
    history : list of Snapshot
        One snapshot per half-step, starting with the initial model. Snapshots hold parameters
        only; `responsibilities_at` recomputes responsibilities on demand.
    converged : bool
        Whether the last `run` stopped because the gain fell below its tolerance.
    warn_empty : bool
        As the parameter; may be changed between steps.

    Raises
    ------
    ValueError
        For a model that is not a `Mixture`, data the model cannot describe, more components than
        rows, bad labels, fixed covariances for a family without them, or a row impossible under
        every component (`ZeroProbabilityError`).

    Examples
    --------
    >>> import numpy as np, nbviz.core as nc
    >>> X = np.array([[1, 1], [0, 1]])
    >>> run = nc.EM(X, nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]]))
    >>> model = run.step()  # one E-step and one M-step
    >>> [s.phase for s in run.history], model.weights.round(3).tolist()
    (['init', 'E', 'M'], [0.612, 0.388])
    >>> run.run(max_iter=50), run.converged  # iterations until an iteration gains < tol
    (1, True)
    """

    def __init__(
        self,
        X,
        model: Mixture,
        prior: Prior | None = None,
        labels=None,
        hard: bool = False,
        fixed_covariances: bool = False,
        warn_empty: bool = True,
    ):
        _check_mixture(model)
        self.fixed_covariances = bool(fixed_covariances)
        _check_fixed_covariances(model, self.fixed_covariances, " — leave fixed_covariances off")
        self.prior = as_prior(prior)
        self._data = model.prepare(X)
        N, K = self._data.n_samples, model.n_components
        if K > N:
            raise ValueError(f"{K} components is more than the {N} data points; use at most {N}")
        self.labels = _labelled(labels, N, K)
        self.hard = bool(hard)
        self.warn_empty = bool(warn_empty)
        self.converged = False
        self._current = self._evaluate(model)
        self._q: tuple[np.ndarray, float] | None = None  # (q, entropy) from the last E-step
        self._q_model: Mixture | None = None  # the model whose posterior q is (theta_old)
        # theta_old and the missing cells' divergences from its conditionals (a function of theta, or
        # None for complete data), built at the first M-step after an E-step and kept for it
        self._divergence: tuple[Mixture, Callable[[Mixture], np.ndarray] | None] | None = None
        self.history: list[Snapshot] = [self._snapshot("init", 0, None)]

    @classmethod
    def from_history(
        cls,
        X,
        history,
        prior: Prior | None = None,
        labels=None,
        hard: bool = False,
        rtol: float = 1e-9,
        fixed_covariances: bool = False,
        warn_empty: bool = True,
    ) -> EM:
        """A run that continues from a saved `history` (e.g. `Snapshot.from_dict` of each entry).

        The history must start with an "init" snapshot, continue with "E" and "M" half-steps
        (an M-step only after an E-step) and keep one family and shape.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        history : sequence of Snapshot
        prior, labels, hard, fixed_covariances, warn_empty
            As for `EM`; they must be those the history was made with.
        rtol : float
            Relative tolerance when comparing the last stored objective with the recomputed one.

        Returns
        -------
        EM
            Its `history` is `history`, its state that of the last snapshot.

        Raises
        ------
        ValueError
            For a malformed history, or when the last model re-evaluated on X disagrees with the
            stored objective: the history does not belong to this data, prior or labelling.
        """
        rtol = check_real(rtol, "rtol", low=0)
        history = list(history)
        if not history or not all(isinstance(s, Snapshot) for s in history):
            raise ValueError("history must be a non-empty list of Snapshot")
        if history[0].phase != "init" or any(s.phase == "init" for s in history[1:]):
            raise ValueError("history must start with the initial snapshot and have no other")
        if history[1:2] and history[1].phase != "E":
            raise ValueError("the first half-step of a history must be an E-step")
        first = history[0].model
        for position, snapshot in enumerate(history):
            model = snapshot.model
            if (
                type(model) is not type(first)
                or model.n_components != first.n_components
                or model.n_features != first.n_features
            ):
                raise ValueError(f"half-step {position} has a different model family or shape")
        run = cls(
            X, first, prior=prior, labels=labels, hard=hard, fixed_covariances=fixed_covariances, warn_empty=warn_empty
        )
        run.history = history
        run.rewind(len(history) - 1)
        stored, recomputed = history[-1].objective, run._current.objective
        if not np.isclose(stored, recomputed, rtol=rtol, atol=0.0):
            raise ValueError(
                f"the history does not match the data: its last objective is {stored!r}, the data give {recomputed!r}"
            )
        return run

    # ----------------------------------------------------------------- state
    @property
    def X(self) -> np.ndarray:
        """The data (read-only), shape (n_samples, n_features)."""
        return self._data.X

    @property
    def model(self) -> Mixture:
        """The current parameters (those of the last snapshot)."""
        return self._current.model

    @property
    def resp(self) -> np.ndarray | None:
        """Responsibilities of shape (n_samples, n_components) from the last E-step, or None."""
        return None if self._q is None else self._q[0].T

    # ----------------------------------------------------------------- half-steps
    def e_step(self) -> np.ndarray:
        """Set q to the posterior under the current model and record an "E" snapshot.

        Returns
        -------
        resp : ndarray of shape (n_samples, n_components)
            Rows sum to 1 (one-hot on labelled rows, and on every row in hard EM).
        """
        last = self.history[-1]
        iteration = last.iteration if last.phase == "E" else last.iteration + 1
        self._q = q = self._posterior_q(self._current)
        self._q_model = self._current.model
        self.history.append(self._snapshot("E", iteration, self._elbo(self._current), last.empty))
        return q[0].T

    def m_step(self) -> Mixture:
        """Maximise the ELBO over the parameters for the q of the last E-step; record an "M" snapshot.

        With missing cells the ELBO recorded is the bound this maximises, which also averages the
        missing cells under the E-step's model (see the module's docstring).

        Returns
        -------
        Mixture
            The new parameters. A component that newly received no responsibility keeps its
            previous emission parameters (`EmptyComponentWarning` unless `warn_empty` is off).

        Raises
        ------
        RuntimeError
            Before any E-step.
        SingularCovarianceError
            When a Gaussian covariance collapses; the history is left as it was.
        """
        if self._q is None or self._q_model is None:
            raise RuntimeError("no responsibilities yet: run an E-step before the M-step")
        last = self.history[-1]
        options = {"fixed_covariances": True} if self.fixed_covariances else {}
        model, empty = self._data.map_update(type(self.model), self._q[0], self.prior, previous=self.model, **options)
        newly_empty = set(empty.tolist()) - set(last.empty)
        if newly_empty and self.warn_empty:
            warnings.warn(_empty_message(sorted(newly_empty), self.prior), EmptyComponentWarning, stacklevel=2)
        evaluation = self._evaluate(model)
        q, entropy = self._q
        elbo = self._bound_for(q, entropy, evaluation, self._divergence_from(self._q_model))
        self._current = evaluation
        self.history.append(self._snapshot("M", last.iteration, elbo, tuple(empty.tolist())))
        return model

    def step(self) -> Mixture:
        """One full iteration: E-step then M-step (only the M-step if the E-step was just run).

        Returns
        -------
        Mixture
            The new parameters, as `m_step`.
        """
        if self.history[-1].phase != "E":
            self.e_step()
        return self.m_step()

    def run(self, max_iter: int = 100, tol: float = 1e-8, callback=None, convergence: str = "absolute") -> int:
        """Iterate until a full iteration raises the objective by less than `tol` (by `convergence`'s rule).

        In hard mode the climbed quantity is the classification likelihood (the ELBO).

        Parameters
        ----------
        max_iter : int
            At most this many iterations (>= 0).
        tol : float
            Stop when an iteration gains less than this (>= 0); `converged` then becomes True.
        callback : callable, optional
            ``callback(em)`` after every iteration; returning False stops the run there.
        convergence : {"absolute", "per_row", "relative", "fixed"}
            How the gain is compared with `tol` (`nbviz.core.convergence`): "absolute", the gain
            of the total over the rows (a lecture's exact rule); "per_row", the gain per row
            (scikit-learn's rule, ``tol=1e-3`` there); "relative", the gain relative to the
            objective's size; "fixed", never: exactly `max_iter` iterations (a lecture's loop).

        Returns
        -------
        int
            The number of iterations done.

        Raises
        ------
        ValueError
            For a bad `max_iter`, `tol` or `convergence`, or from a step (e.g. `SingularCovarianceError`).
        """
        max_iter = check_integer(max_iter, "max_iter", low=0)
        tol = check_real(tol, "tol", low=0)
        rule = check_rule(convergence)
        N = self._data.n_samples
        self.converged = False
        for done in range(1, max_iter + 1):
            before = self.history[-1]
            self.step()
            if gained_less_than(before, self.history[-1], tol, self.hard, convergence=rule, n_samples=N):
                self.converged = True
                return done
            if callback is not None and callback(self) is False:
                return done
        return max_iter

    # ----------------------------------------------------------------- history
    def responsibilities_at(self, index: int) -> np.ndarray:
        """The responsibilities in force at ``history[index]``.

        Parameters
        ----------
        index : int
            A position in `history` (negative counts from the end).

        Returns
        -------
        ndarray of shape (n_samples, n_components)
            For an M snapshot the q its M-step used; for an E or initial snapshot, the posterior
            (with labels and hard assignment applied) under its model.
        """
        last = len(self.history) - 1
        if self._q is not None and index % len(self.history) == last and self.history[last].phase != "init":
            return self._q[0].T.copy()  # the last half-step's q, kept from it: the same numbers, not recomputed
        model = self.responsibilities_model(index)
        return self._posterior_q(self._evaluate(model))[0].T

    def rewind(self, index: int) -> None:
        """Drop every half-step after ``history[index]`` and continue from there.

        Parameters
        ----------
        index : int
            A position in `history` (negative counts from the end).
        """
        position = index % len(self.history)
        del self.history[position + 1 :]
        snapshot = self.history[position]
        self._current = self._evaluate(snapshot.model)
        self._q = self._q_model = None
        if snapshot.phase != "init":
            self._q_model = self.responsibilities_model(position)
            self._q = self._posterior_q(self._evaluate(self._q_model))
        self.converged = False

    def responsibilities_model(self, index: int) -> Mixture:
        """The model whose posterior gives the q in force at ``history[index]``.

        Parameters
        ----------
        index : int
            A position in `history` (negative counts from the end).

        Returns
        -------
        Mixture
            The snapshot's own model, or for an M snapshot that of the E-step before it.
        """
        position = index % len(self.history)
        while self.history[position].phase == "M":
            position -= 1
        return self.history[position].model

    def recomputed(self, index: int) -> Snapshot:
        """``history[index]`` evaluated again on this run's data, prior and labels.

        Its log-likelihood, log-prior, objective and ELBO are what this run gives for the
        snapshot's model (and, for the ELBO, the q in force there, with missing cells averaged
        under the E-step's model after an M-step, as `m_step` records it); phase, iteration, model and
        empty components are the stored ones. Comparing it with the stored snapshot tells whether
        a saved history belongs to this data.

        Parameters
        ----------
        index : int
            A position in `history` (negative counts from the end).

        Returns
        -------
        Snapshot
        """
        stored = self.history[index % len(self.history)]
        evaluation = self._evaluate(stored.model)
        elbo = None
        if stored.phase == "E":
            q, entropy = self._posterior_q(evaluation)
            elbo = self._elbo_for(q, entropy, evaluation)
        elif stored.phase == "M":
            source = self.responsibilities_model(index)
            q, entropy = self._posterior_q(self._evaluate(source))
            elbo = self._bound_for(q, entropy, evaluation, self._divergence_from(source))
        return Snapshot(
            stored.phase,
            stored.iteration,
            stored.model,
            evaluation.log_likelihood,
            evaluation.objective,
            elbo,
            evaluation.log_prior,
            stored.empty,
        )

    # ----------------------------------------------------------------- internals
    def _evaluate(self, model: Mixture) -> _Evaluation:
        log_joint, resp, log_marginal = model.posterior_prepared(self._data)
        if self.labels is None:
            log_likelihood = float(log_marginal.sum())
        else:
            labelled = self.labels >= 0
            rows = np.flatnonzero(labelled)
            log_likelihood = float(log_marginal[~labelled].sum() + log_joint[self.labels[rows], rows].sum())
        return _Evaluation(model, log_joint, resp, log_marginal, log_likelihood, model.log_prior(self.prior))

    def _posterior_q(self, evaluation: _Evaluation) -> tuple[np.ndarray, float]:
        """(q of shape (K, N), entropy of q) for this evaluation's model; see `_q_and_entropy`."""
        return _q_and_entropy(evaluation.log_joint, evaluation.resp, evaluation.log_marginal, self.labels, self.hard)

    def _elbo(self, evaluation: _Evaluation) -> float:
        assert self._q is not None  # called after an E-step set q
        q, entropy = self._q
        return self._elbo_for(q, entropy, evaluation)

    @staticmethod
    def _elbo_for(q: np.ndarray, entropy: float, evaluation: _Evaluation) -> float:
        """``E_q[log p(X, Z | theta)] + H(q) + log-prior(theta)`` for theta = evaluation.model."""
        return weighted_sum(q, evaluation.log_joint) + entropy + evaluation.log_prior

    @staticmethod
    def _bound_for(
        q: np.ndarray, entropy: float, evaluation: _Evaluation, divergence: Callable[[Mixture], np.ndarray] | None
    ) -> float:
        """The bound the M-step maximises at theta = evaluation.model: `_elbo_for` less ``sum_nk q_nk divergence_nk``.

        `divergence` is `_divergence_from` theta_old (None for complete data: `_elbo_for`
        itself, nothing more is computed). Raises ValueError for a theta whose conditionals are
        not valid (e.g. not positive definite).
        """
        elbo = EM._elbo_for(q, entropy, evaluation)
        return elbo if divergence is None else elbo - weighted_sum(q, divergence(evaluation.model))

    def _divergence_from(self, source: Mixture) -> Callable[[Mixture], np.ndarray] | None:
        """The missing cells' divergences from `source` (`Prepared.missing_divergence`), kept for `source`."""
        if self._divergence is None or self._divergence[0] is not source:
            self._divergence = (source, self._data.missing_divergence(source))
        return self._divergence[1]

    def _snapshot(self, phase: str, iteration: int, elbo, empty=()) -> Snapshot:
        ev = self._current
        return Snapshot(phase, iteration, ev.model, ev.log_likelihood, ev.objective, elbo, ev.log_prior, empty)


def gained_less_than(
    before: Snapshot, after: Snapshot, tol: float, hard: bool = False, convergence: str = "absolute", n_samples: int = 1
) -> bool:
    """EM's convergence test: whether going from `before` to `after` climbed by less than `tol`.

    The climbed quantity is the objective; in hard EM it is the classification log-likelihood
    (the ELBO, ``-inf`` before the first E-step). `convergence` names the rule
    (`nbviz.core.convergence.below_tolerance`; the per-row rule divides by `n_samples`).
    """

    def climbed(snapshot: Snapshot) -> float:
        if hard:
            return -np.inf if snapshot.elbo is None else snapshot.elbo
        return snapshot.objective

    level = climbed(after)
    return below_tolerance(level - climbed(before), tol, convergence, n_samples, level)
