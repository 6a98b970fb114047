"""Choosing the number of components: information criteria and restarts over K."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import validation
from .em import EM
from .init import init_model
from .mixture import Mixture
from .parallel import in_order
from .params import check_choice, check_integer, check_real
from .prior import Prior, as_prior


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
    message in `failures`.

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
        The error message of each failed restart.
    cancelled : bool
        Whether `progress` stopped the selection.
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

    def scores(self) -> np.ndarray:
        """The values of the chosen criterion.

        Returns
        -------
        ndarray of shape (n_ks, n_init)
        """
        return getattr(self, self.criterion)

    @property
    def best_index(self) -> tuple[int, int] | None:
        """(k_index, restart) of the lowest criterion value, or None if every restart failed."""
        scores = self.scores()
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

    def best_run_for(self, k_index: int) -> EM | None:
        """The restart with the highest final objective for ``ks[k_index]``.

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
        return self.runs[(k_index, int(np.nanargmax(row)))]


def select_components(
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
) -> Selection:
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
    method : {"kmeans++", "random", "random_from_data"}
        How each restart starts (see `init_model`).
    max_iter, tol
        Of each EM run (see `EM.run`).

    Returns
    -------
    Selection
        A restart that fails (e.g. a collapsed covariance) is recorded in ``failures``, not
        raised. Components emptied during a fit are recorded in the run's snapshots, with no
        warning, so a selection in a worker thread needs no warning filters.

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
    criterion = check_choice(criterion, "criterion", CRITERIA)
    ks = np.array(sorted(set(int(k) for k in ks)))
    if ks.size == 0 or ks[0] < 1:
        raise ValueError("ks must hold at least one number of components >= 1")
    n_init = check_integer(n_init, "n_init", low=1)
    max_iter = check_integer(max_iter, "max_iter", low=0)
    tol = check_real(tol, "tol", low=0)
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
    )
    total = ks.size * n_init

    def fit(k: int, seed: int):
        """One restart as a job for `in_order`: its EM run, or the message it failed with."""

        def job(go_on) -> EM | str:
            try:
                start = init_model(
                    X, family, k, method=method, rng=int(seed), covariance_type=covariance_type, prior=prior
                )
                # An emptied component is part of a restart's outcome, not news: no warning, so
                # nothing needs filtering (which is not thread-safe) when this runs in a worker.
                run = EM(X, start, prior=prior, warn_empty=False)
                run.run(max_iter=max_iter, tol=tol, callback=lambda _run: go_on())
            except ValueError as error:
                return str(error)
            return run

        return job

    jobs = [fit(int(k), int(seed)) for k in ks for seed in seeds]
    keep_going = None if progress is None else (lambda done: progress(done, total))
    # the restarts may run on several threads (`parallel.FIT_WORKERS`); results are taken in the order of the loop
    for done, (outcome, finished) in enumerate(in_order(jobs, keep_going)):
        i, r = divmod(done, n_init)
        if not finished:  # cancelled half-way through this restart: not a fit to score
            result.cancelled = True
            return result
        if isinstance(outcome, str):
            result.failures[(i, r)] = outcome
        else:
            result.runs[(i, r)] = outcome
            result.objective[i, r] = outcome.history[-1].objective
            for name, score in CRITERIA.items():
                getattr(result, name)[i, r] = score(outcome.model, outcome.X)
        if progress is not None and progress(done + 1, total) is False:
            result.cancelled = True
            return result
    return result
