"""Choosing the number of components: information criteria and restarts over K."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import overload

import numpy as np

from . import validation
from .best_fit import count_reached
from .convergence import check_rule
from .degeneracy import find_degenerate
from .em import EM
from .families import COVARIANCE_TYPES
from .mixture import Mixture
from .parallel import in_order
from .params import check_choice, check_integer, check_real
from .prior import Prior, as_prior
from .restart import RestartFit, fit_restart


def bic(model: Mixture, X) -> float:
    """Bayesian information criterion ``-2 log L + p log N`` (lower is better).

    Parameters
    ----------
    model : Mixture
        Its `n_parameters` is p.
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    float
        As scikit-learn's ``GaussianMixture.bic``; ``inf`` if a row is impossible under the model.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> X = [[0.0], [0.2], [5.0], [5.2]]
    >>> model = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.1], [5.1]], covariances=[[[0.01]], [[0.01]]])
    >>> model.n_parameters, round(model.log_likelihood(X), 3)
    (5, 0.762)
    >>> round(nc.bic(model, X), 3)  # -2 * 0.762 + 5 log 4
    5.407
    """
    log_likelihood = model.log_likelihood(X)  # validates X
    return float(-2.0 * log_likelihood + model.n_parameters * np.log(np.shape(X)[0]))


def aic(model: Mixture, X) -> float:
    """Akaike information criterion ``-2 log L + 2 p`` (lower is better).

    Parameters
    ----------
    model : Mixture
        Its `n_parameters` is p.
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    float

    Examples
    --------
    >>> import nbviz.core as nc
    >>> model = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.1], [5.1]], covariances=[[[0.01]], [[0.01]]])
    >>> round(nc.aic(model, [[0.0], [0.2], [5.0], [5.2]]), 3)  # -2 * 0.762 + 2 * 5
    8.476
    """
    return float(-2.0 * model.log_likelihood(X) + 2.0 * model.n_parameters)


def icl(model: Mixture, X) -> float:
    """Integrated completed likelihood: BIC plus twice the entropy of the responsibilities.

    ``ICL = BIC + 2 * sum_nk -r_nk log r_nk`` (lower is better); it penalises overlapping
    components, so it prefers well-separated clusters.

    Parameters
    ----------
    model : Mixture
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    float

    Raises
    ------
    ZeroProbabilityError
        For a row impossible under every component.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> X = [[0.0], [0.2], [5.0], [5.2]]
    >>> apart = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.1], [5.1]], covariances=[[[0.01]], [[0.01]]])
    >>> round(nc.icl(apart, X) - nc.bic(apart, X), 6)  # separated: no entropy to add
    0.0
    >>> same = nc.GaussianMixture(weights=[0.5, 0.5], means=[[2.6], [2.6]], covariances=[[[7.0]], [[7.0]]])
    >>> round(nc.icl(same, X) - nc.bic(same, X), 3)  # 2 * 4 log 2: every row split in halves
    5.545
    """
    resp = model.responsibilities(X)
    entropy = -float(np.sum(resp[resp > 0] * np.log(resp[resp > 0])))
    return bic(model, X) + 2.0 * entropy


CRITERIA = {"bic": bic, "aic": aic, "icl": icl}


@dataclass
class Selection:
    """Results of `select_components`. Arrays are indexed [k_index, restart].

    A restart that failed (e.g. a covariance collapsed without a prior) has NaN entries and its
    message in `failures`. A degenerate fit (`nbviz.core.degeneracy`: a component with fewer
    effective rows than its parameters need, or a covariance at the prior's floor) keeps its
    scores but is never the best (`best_index`, `best_run_for`, `usable_scores`).

    Attributes
    ----------
    ks : ndarray of shape (n_ks,)
        The numbers of components tried, ascending.
    seeds : ndarray of shape (n_init,)
        The seed of each restart (the same for every K).
    objective, bic, aic, icl : ndarray of shape (n_ks, n_init)
        Final objective and criteria of each fit; NaN for failed or unfinished restarts.
    criterion : {"bic", "aic", "icl"}
        The criterion that picks `best_index`.
    runs : dict of (int, int) to EM
        The finished runs by (k_index, restart).
    failures : dict of (int, int) to str
        The error message of each failed restart (after its retries).
    cancelled : bool
        Whether `progress` stopped the selection.
    covariance_type : str
        Of every fit (families without covariances ignore it).
    fit_seeds : ndarray of shape (n_ks, n_init)
        The seed each fit started from: ``seeds[restart]``, or the retry's seed when that failed.
    retried : dict of (int, int) to tuple of (int, str, str)
        ``(seed, cause, message)`` of each failed attempt of a restart that was retried
        (`nbviz.core.restart.fit_restart`), whether or not a retry then succeeded.
    degenerate : ndarray of bool of shape (n_ks, n_init)
        Whether each fit is degenerate (False for failed fits); empty (0, 0) when not known (a
        result read back from a file written before it existed): every fit then counts.
    degeneracies : dict of (int, int) to Degeneracy
        Which components of each degenerate fit are degenerate, and why.
    converged : ndarray of bool of shape (n_ks, n_init)
        Whether each fit stopped by its tolerance (False: it hit the iteration cap, or failed);
        empty (0, 0) when not known.
    """

    ks: np.ndarray
    seeds: np.ndarray
    objective: np.ndarray
    bic: np.ndarray
    aic: np.ndarray
    icl: np.ndarray
    criterion: str
    runs: dict = field(default_factory=dict)  # (k_index, restart) -> EM, for the finished runs
    failures: dict = field(default_factory=dict)  # (k_index, restart) -> message
    cancelled: bool = False
    covariance_type: str = "full"
    fit_seeds: np.ndarray = field(
        default_factory=lambda: np.zeros((0, 0), dtype=np.int64)
    )  # (n_ks, n_init): the seed each fit used (a retry's, if retried)
    retried: dict = field(default_factory=dict)  # (k_index, restart) -> ((seed, cause, message), ...) that failed
    degenerate: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=bool))
    # (k_index, restart) -> Degeneracy of each degenerate fit; filled by `select_components`, not a constructor argument
    degeneracies: dict = field(default_factory=dict, init=False)
    converged: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=bool))

    def scores(self) -> np.ndarray:
        """The values of the chosen criterion.

        Returns
        -------
        ndarray of shape (n_ks, n_init)
        """
        return getattr(self, self.criterion)

    def usable(self) -> np.ndarray:
        """Whether each fit may be chosen: finished and not degenerate.

        Returns
        -------
        ndarray of bool of shape (n_ks, n_init)
        """
        finished = ~np.isnan(self.objective)
        if self.degenerate.shape != finished.shape:  # not known: every finished fit counts
            return finished
        return finished & ~self.degenerate

    def usable_scores(self, criterion: str | None = None) -> np.ndarray:
        """Values of `criterion` (default: the chosen one) with NaN for failed and degenerate fits.

        Parameters
        ----------
        criterion : {"bic", "aic", "icl"}, optional

        Returns
        -------
        ndarray of shape (n_ks, n_init)
        """
        values = getattr(self, check_choice(criterion or self.criterion, "criterion", CRITERIA))
        return np.where(self.usable(), values, np.nan)

    @property
    def best_index(self) -> tuple[int, int] | None:
        """(k_index, restart) of the lowest criterion value among the fits that are not degenerate,
        or None if none finished."""
        scores = self.usable_scores()
        if np.all(np.isnan(scores)):
            return None
        k_index, restart = np.unravel_index(np.nanargmin(scores), scores.shape)
        return int(k_index), int(restart)

    @property
    def best_k(self) -> int | None:
        """The number of components of the best fit, or None if every restart failed."""
        best = self.best_index
        return None if best is None else int(self.ks[best[0]])

    @property
    def best_model(self) -> Mixture | None:
        """The parameters of the best fit, or None if every restart failed."""
        best = self.best_index
        return None if best is None else self.runs[best].model

    def reached(self) -> np.ndarray:
        """How many restarts of each K reached its best objective among the fits that may be chosen
        (`nbviz.core.best_fit.count_reached`); 0 where none finished.

        Returns
        -------
        ndarray of int of shape (n_ks,)
        """
        objective = np.where(self.usable(), self.objective, np.nan)
        return np.array(
            [0 if np.all(np.isnan(row)) else count_reached(row, float(np.nanmax(row))) for row in objective], dtype=int
        )

    def half_choices(self) -> tuple[int | None, int | None] | None:
        """The K the criterion picks from the even restarts alone and from the odd ones alone (two sets
        of seeds), or None with fewer than two restarts. When they differ, the choice depends on
        which starts happened to find each K's optimum: more starts make it steadier.

        Returns
        -------
        (int or None, int or None) or None
            None in a pair: no fit of that half may be chosen.
        """
        scores = self.usable_scores()
        if scores.shape[1] < 2:
            return None
        picks = []
        for half in (scores[:, 0::2], scores[:, 1::2]):
            picks.append(None if np.all(np.isnan(half)) else int(self.ks[np.nanargmin(np.fmin.reduce(half, axis=1))]))
        return picks[0], picks[1]

    def best_run_for(self, k_index: int) -> EM | None:
        """The restart with the highest final objective for ``ks[k_index]``, not a degenerate one
        if any restart of that K is not degenerate.

        Parameters
        ----------
        k_index : int
            Index into `ks`.

        Returns
        -------
        EM or None
            None if every restart of that K failed.
        """
        row = self.objective[k_index]
        if np.all(np.isnan(row)):
            return None
        usable = self.usable()[k_index]
        if usable.any():
            row = np.where(usable, row, np.nan)
        return self.runs[(k_index, int(np.nanargmax(row)))]


@overload
def select_components(
    X,
    family: str,
    ks,
    n_init: int = ...,
    criterion: str = ...,
    prior: Prior | None = ...,
    rng=...,
    covariance_type: str = ...,
    progress=...,
    method: str = ...,
    max_iter: int = ...,
    tol: float = ...,
    covariance_types: None = ...,
    convergence: str = ...,
    column_kinds=...,
) -> Selection: ...
@overload
def select_components(
    X,
    family: str,
    ks,
    n_init: int = ...,
    criterion: str = ...,
    prior: Prior | None = ...,
    rng=...,
    covariance_type: str = ...,
    progress=...,
    method: str = ...,
    max_iter: int = ...,
    tol: float = ...,
    *,
    covariance_types: Sequence[str],
    convergence: str = ...,
    column_kinds=...,
) -> ModelSelection: ...
def select_components(  # fmt: skip
    X,
    family: str,
    ks,
    n_init: int = 5,
    criterion: str = "bic",
    prior: Prior | None = None,
    rng=None,
    covariance_type: str = "full",
    progress=None,
    method: str = "kmeans++",
    max_iter: int = 300,
    tol: float = 1e-6,
    covariance_types=None,
    convergence: str = "absolute",
    column_kinds=None,
) -> Selection | ModelSelection:
    """Fit every K in `ks` from `n_init` starts each and score the fits.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    family : str
        Name of a registered family (a key of `FAMILIES`).
    ks : iterable of int
        Numbers of components to try (each >= 1).
    n_init : int
        Restarts per K; restart r of every K uses seed ``seeds[r]`` drawn from `rng`, so the
        whole selection is reproducible.
    criterion : {"bic", "aic", "icl"}
        Which score picks the best model (lower is better).
    prior : Prior, optional
        For every fit (a covariance prior keeps Gaussian restarts from collapsing).
    rng : None, int or numpy.random.Generator
        Draws the restarts' seeds.
    covariance_type : str
        For the families that declare it (Gaussian); ignored by the others.
    progress : callable, optional
        ``progress(done, total)`` with the number of restarts finished so far: after each restart,
        and also after every EM iteration of the restart being fitted (`done` unchanged), so that
        returning False cancels within one iteration. The result then holds the finished restarts
        (a restart stopped half-way is left out) and ``cancelled`` is True.
    method : {"kmeans++", "kmeans", "random", "random_from_data"}
        How each restart starts (see `init_model`).
    max_iter, tol
        Of each EM run (see `EM.run`).
    convergence : {"absolute", "per_row", "relative"}
        How each run compares its gain with `tol` (`EM.run`): the default "absolute" keeps the
        exact rule of a lecture; "per_row" with ``tol=1e-3`` is scikit-learn's rule, for data files.
    covariance_types : sequence of str, optional
        Choose the model, not only K: fit every K for each of these covariance types (Gaussian;
        e.g. ``["full", "tied", "diag", "spherical"]``, as mclust's BIC plot) with the same seeds,
        and return a `ModelSelection`. `covariance_type` is then not used.
    column_kinds : sequence of str, optional
        For the families that read it (mixed): the family of each column (see `init_model`).

    Returns
    -------
    Selection or ModelSelection
        A `ModelSelection` when `covariance_types` is given. A restart that fails (e.g. a
        collapsed covariance) is retried from other seeds (`nbviz.core.restart.fit_restart`);
        what failed is recorded in ``retried`` and, if every attempt failed, ``failures``, not
        raised. Components emptied during a fit are recorded in the run's snapshots, with no
        warning, so a selection in a worker thread needs no warning filters. Each fit is marked
        ``converged`` (False when it hit `max_iter`) and ``degenerate``; a degenerate fit is never
        the best.

    Raises
    ------
    ValueError
        For bad arguments (family, ks, n_init, criterion, max_iter, tol).

    Examples
    --------
    >>> import numpy as np, nbviz.core as nc
    >>> X = np.array([[0.0], [0.01], [0.02], [0.03], [0.04], [5.0], [5.01], [5.02], [5.03], [5.04]])
    >>> result = nc.select_components(X, "gaussian", [1, 2, 3], n_init=2, rng=0)
    >>> result.best_k, result.bic.shape
    (2, (3, 2))
    """
    if covariance_types is not None:
        return _select_models(
            X, family, ks, covariance_types, progress, n_init=n_init, criterion=criterion, prior=prior, rng=rng,
            method=method, max_iter=max_iter, tol=tol, convergence=convergence, column_kinds=column_kinds,
        )  # fmt: skip
    criterion = check_choice(criterion, "criterion", CRITERIA)
    ks = np.array(sorted(set(int(k) for k in ks)))
    if ks.size == 0 or ks[0] < 1:
        raise ValueError("ks must hold at least one number of components >= 1")
    n_init = check_integer(n_init, "n_init", low=1)
    max_iter = check_integer(max_iter, "max_iter", low=0)
    tol = check_real(tol, "tol", low=0)
    convergence = check_rule(convergence)
    prior = as_prior(prior)
    seeds = validation.as_rng(rng).integers(0, 2**31 - 1, size=n_init)
    shape = (ks.size, n_init)
    result = Selection(
        ks,
        seeds,
        objective=np.full(shape, np.nan),
        bic=np.full(shape, np.nan),
        aic=np.full(shape, np.nan),
        icl=np.full(shape, np.nan),
        criterion=criterion,
        covariance_type=covariance_type,
        fit_seeds=np.repeat(seeds[None, :], ks.size, axis=0),
        degenerate=np.zeros(shape, dtype=bool),
        converged=np.zeros(shape, dtype=bool),
    )
    total = ks.size * n_init

    def fit(k: int, seed: int):
        """One restart as a job for `in_order`: its EM run, or the message it failed with."""

        def job(go_on) -> RestartFit:
            # An emptied component is part of a restart's outcome, not news: no warning, so
            # nothing needs filtering (which is not thread-safe) when this runs in a worker.
            return fit_restart(
                X,
                family,
                k,
                seed,
                method=method,
                covariance_type=covariance_type,
                prior=prior,
                max_iter=max_iter,
                tol=tol,
                callback=lambda _run: go_on(),
                convergence=convergence,
                column_kinds=column_kinds,
            )

        return job

    jobs = [fit(int(k), int(seed)) for k in ks for seed in seeds]
    keep_going = None if progress is None else (lambda done: progress(done, total))
    # the restarts may run on several threads (`parallel.FIT_WORKERS`); results are taken in the order of the loop
    for done, (restart, finished) in enumerate(in_order(jobs, keep_going)):
        i, r = divmod(done, n_init)
        run = restart.run
        if run is not None and not finished:  # cancelled half-way through this restart: not a fit to score
            result.cancelled = True
            return result
        result.fit_seeds[i, r] = restart.seed
        if restart.retried:
            result.retried[(i, r)] = restart.failed
        if run is None:
            result.failures[(i, r)] = restart.failed[-1][2]
        else:
            result.runs[(i, r)] = run
            result.objective[i, r] = run.history[-1].objective
            for name, score in CRITERIA.items():
                getattr(result, name)[i, r] = score(run.model, run.X)
            result.converged[i, r] = run.converged
            degeneracy = find_degenerate(run.model, run.X, prior)
            if degeneracy.degenerate:
                result.degenerate[i, r] = True
                result.degeneracies[(i, r)] = degeneracy
        if not finished or (progress is not None and progress(done + 1, total) is False):
            result.cancelled = True
            return result
    return result


@dataclass
class ModelSelection:
    """Results of `select_components` over K and covariance types: one `Selection` per type.

    Attributes
    ----------
    selections : dict of str to Selection
        By covariance type, in the order asked; every one has the same `ks` and `seeds`.
    criterion : {"bic", "aic", "icl"}
    cancelled : bool
        Whether `progress` stopped the selection (types not reached are missing).
    """

    selections: dict
    criterion: str
    cancelled: bool = False

    @property
    def covariance_types(self) -> tuple[str, ...]:
        """The covariance types fitted, in the order asked."""
        return tuple(self.selections)

    def scores(self, criterion: str | None = None) -> np.ndarray:
        """The lowest value over the restarts of `criterion` (default: the chosen one) that are not degenerate.

        Parameters
        ----------
        criterion : {"bic", "aic", "icl"}, optional

        Returns
        -------
        ndarray of shape (n_types, n_ks)
            NaN where no restart finished, or every one that did is degenerate.
        """
        name = check_choice(criterion or self.criterion, "criterion", CRITERIA)
        rows = []
        for selection in self.selections.values():
            values = selection.usable_scores(name)
            finished = ~np.all(np.isnan(values), axis=1)
            row = np.full(values.shape[0], np.nan)
            row[finished] = np.nanmin(values[finished], axis=1)
            rows.append(row)
        return np.array(rows)

    @property
    def best(self) -> tuple[str, int] | None:
        """(covariance type, K) of the lowest criterion value, or None if every fit failed."""
        scores = self.scores()
        if scores.size == 0 or np.all(np.isnan(scores)):
            return None
        t, k_index = np.unravel_index(np.nanargmin(scores), scores.shape)
        selection = self.selections[self.covariance_types[int(t)]]
        return self.covariance_types[int(t)], int(selection.ks[int(k_index)])


def _select_models(X, family, ks, covariance_types, progress, **options) -> ModelSelection:
    """`select_components` for each covariance type in turn, with one progress count over all."""
    types = [check_choice(kind, "covariance type", COVARIANCE_TYPES) for kind in covariance_types]
    if not types or len(set(types)) != len(types):
        raise ValueError("covariance_types must name at least one covariance type, each once")
    criterion = check_choice(options["criterion"], "criterion", CRITERIA)
    rng = validation.as_rng(options.pop("rng"))
    seed = int(rng.integers(0, 2**31 - 1))  # every type gets the same restart seeds
    result = ModelSelection({}, criterion)
    for t, kind in enumerate(types):

        def each(done: int, total: int, t: int = t) -> bool:
            return progress(t * total + done, len(types) * total) is not False

        selection = select_components(
            X, family, ks, covariance_type=kind, rng=seed, progress=None if progress is None else each, **options
        )
        assert isinstance(selection, Selection)  # one type: a Selection
        result.selections[kind] = selection
        if selection.cancelled:
            result.cancelled = True
            break
    return result
