"""Exploring beyond one run: choosing K over many fits, and a gallery of restarts.

Both jobs run in a worker thread (`Explorer`) on the data and model choice in force when they
start; they never touch the session's own run, so the workspace stays usable meanwhile. A fit the
user picks is installed with `Session.adopt_run`, history and all; a fit of a result read from a
session (whose runs were not saved) is first made again from its seed, in the worker thread too
(`Explorer.fit_again`, `Explorer.run_again`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QObject, Signal, Slot

import nbviz.core as nc
from nbviz.core.params import check_choice
from nbviz.core.restart import MAX_RETRIES, failure_cause, fit_restart, retry_seed

from ..data.problem import Problem
from ..jobs.background import BackgroundJob
from ..run.config import ModelConfig
from ..run.run_making import new_run
from ..run.session import Session
from .failure_summary import failure_lines

DISTANCE_TOL = 1e-2  # largest Bhattacharyya distance between matched components of one optimum
THUMBNAIL_POINTS = 1500  # rows whose hard assignment is kept for a restart's thumbnail
RTOL = 1e-9  # a fit made again reaches the saved objective this closely (it is the same arithmetic)


def run_limits(config: ModelConfig, tolerance: float | None = None) -> str:
    """What ends each fit of Choose K or the restarts: the session's iteration cap and tolerance.

    `tolerance` (a result read from a session) overrides ``config.tolerance``.
    """
    tol = config.tolerance if tolerance is None else tolerance
    return f"Each run: at most {config.max_iter:,} iterations, tolerance {tol:g}."


# ----------------------------------------------------------------------------- choosing K
@dataclass(frozen=True, eq=False)
class KChoice:
    """Fits over a range of K (an `nc.Selection`) and the model choice that made them.

    Attributes
    ----------
    problem : Problem
        The data the fits were made on.
    config : ModelConfig
        The model choice; each fit's own config is `config_for`.
    selection : nc.Selection
        Arrays indexed [k_index, restart]; NaN where a restart failed or was not run.
    """

    problem: Problem
    config: ModelConfig
    selection: nc.Selection
    by_type: dict = field(default_factory=dict)  # covariance type -> nc.Selection, when several were fitted
    tolerance: float | None = None  # set when read from a session: its fits are made again from their seeds

    @property
    def cancelled(self) -> bool:
        return self.selection.cancelled or any(selection.cancelled for selection in self.by_type.values())

    @property
    def covariance_types(self) -> tuple[str, ...]:
        """The covariance types fitted (one, the config's, unless the model was chosen too)."""
        return tuple(self.by_type) or (self.config.covariance_type,)

    def selection_for(self, covariance_type: str | None = None) -> nc.Selection:
        """The fits of one covariance type (default: the config's)."""
        if covariance_type is None or not self.by_type:
            return self.selection
        return self.by_type[covariance_type]

    def best_model(self, criterion: str) -> tuple[str, int] | None:
        """(covariance type, K) of the lowest `criterion` over every type fitted, or None."""
        best, where = np.inf, None
        for kind in self.covariance_types:
            scores = getattr(self.selection_for(kind), check_choice(criterion, "criterion", nc.CRITERIA))
            if np.all(np.isnan(scores)):
                continue
            k_index = int(np.unravel_index(np.nanargmin(scores), scores.shape)[0])
            if np.nanmin(scores) < best:
                best, where = float(np.nanmin(scores)), (kind, int(self.selection_for(kind).ks[k_index]))
        return where

    def failure_lines(self) -> list[str]:
        """Failed and retried restarts, one line per cause (`failure_summary.failure_lines`)."""
        attempts, totals = [], {}
        several = len(self.covariance_types) > 1
        for kind in self.covariance_types:
            selection = self.selection_for(kind)
            for k in selection.ks:
                totals[_where(int(k), kind, several)] = selection.objective.shape[1]
            for (i, _), tries in sorted(selection.retried.items()):
                attempts.append((_where(int(selection.ks[i]), kind, several), tries))
        return failure_lines(attempts, totals)

    @property
    def true_k(self) -> int | None:
        """The number of components the data was drawn from, for synthesised data."""
        truth = self.problem.truth
        return None if truth is None else int(truth.n_components)

    def scores(self, criterion: str) -> np.ndarray:
        """Criterion values of shape (n_ks, n_init) (lower is better; NaN: no fit)."""
        if criterion not in nc.CRITERIA:
            raise ValueError(f"criterion must be one of {', '.join(nc.CRITERIA)}; got {criterion!r}")
        return getattr(self.selection, criterion)

    def best_k(self, criterion: str) -> int | None:
        """The K whose best fit has the lowest `criterion`, or None if no fit finished."""
        scores = self.scores(criterion)
        if np.all(np.isnan(scores)):
            return None
        return int(self.selection.ks[np.unravel_index(np.nanargmin(scores), scores.shape)[0]])

    def best_restart(self, k_index: int, criterion: str) -> int | None:
        """The restart with the lowest `criterion` for ``ks[k_index]`` (None: none finished)."""
        row = self.scores(criterion)[k_index]
        return None if np.all(np.isnan(row)) else int(np.nanargmin(row))

    def must_fit_again(self, k_index: int, restart: int, covariance_type: str | None = None) -> bool:
        """Whether `fit` makes this fit again from its seed: a finished fit of a result read from a
        session whose run is not in memory."""
        selection = self.selection_for(covariance_type)
        return (
            (k_index, restart) not in selection.runs
            and self.tolerance is not None
            and bool(np.isfinite(selection.objective[k_index, restart]))
        )

    def fit_name(self, k_index: int, covariance_type: str | None = None) -> str:
        """How messages name a fit: "the fit with K = 3" (", spherical covariance" when types were compared)."""
        k = int(self.selection_for(covariance_type).ks[k_index])
        several = covariance_type is not None and len(self.covariance_types) > 1
        return f"the fit with K = {k}" + (f", {covariance_type} covariance" if several else "")

    def fit(
        self, k_index: int, restart: int, covariance_type: str | None = None, callback=None
    ) -> tuple[nc.EM, ModelConfig] | None:
        """The run of one fit and the config that reproduces its start, or None if it failed.

        Fits read from a session are made again from their seeds (ValueError if that does not
        reach the saved objective), which takes as long as the fit did: `Explorer.fit_again`
        does it off the GUI thread. `callback` is `nc.EM.run`'s while a fit is made again.
        """
        selection = self.selection_for(covariance_type)
        run = selection.runs.get((k_index, restart))
        if self.must_fit_again(k_index, restart, covariance_type):
            run = fit_again(self, selection, k_index, restart, callback)
        if run is None:
            return None
        config = self.config.with_(
            n_components=int(selection.ks[k_index]),
            seed=int(selection.fit_seeds[k_index, restart]),  # a retry's seed, if the first failed
            covariance_type=selection.covariance_type if covariance_type else self.config.covariance_type,
        )
        return run, config


def _where(k: int, covariance_type: str, several: bool) -> str:
    return f"K = {k}, {covariance_type}" if several else f"K = {k}"


# ----------------------------------------------------------------------------- restarts
@dataclass(frozen=True, eq=False)
class Restart:
    """One restart run to convergence (or to its failure).

    Attributes
    ----------
    seed : int
    em : nc.EM or None
        None if the start could not be made.
    objective : float
        Final objective (NaN if it failed).
    iterations : int
    converged : bool
    error : str
        Why it failed ("" if it did not).
    rows : ndarray of shape (n_shown,)
        Data rows kept for a thumbnail.
    labels : ndarray of shape (n_shown,) or None
        Hard assignment of those rows under the final model.
    """

    seed: int
    em: nc.EM | None
    objective: float
    iterations: int
    converged: bool
    error: str = ""
    rows: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    labels: np.ndarray | None = None
    failed: tuple = ()  # (seed, cause, message) of each failed attempt before this one (or of all)
    model: nc.Mixture | None = None  # the final model of a run read from a session (its `em` is None)

    @property
    def ok(self) -> bool:
        return not np.isnan(self.objective)

    @property
    def final_model(self) -> nc.Mixture | None:
        """The model the run ended at (None if it failed)."""
        return self.em.model if self.em is not None else self.model


@dataclass(frozen=True, eq=False)
class RestartGallery:
    """Restarts sorted by final objective (best first, failures last), grouped by optimum.

    Attributes
    ----------
    groups : ndarray of shape (n_runs,)
        The optimum each run reached, numbered from 0 in order of objective; -1 for failures.
    objective_tol : float
        Final objectives closer than this count as equal.
    """

    problem: Problem
    config: ModelConfig
    runs: list
    groups: np.ndarray
    objective_tol: float = 0.0
    cancelled: bool = False
    requested: int = 0
    tolerance: float | None = None  # set when read from a session: its runs are made again from their seeds

    @property
    def n_optima(self) -> int:
        return int(self.groups.max()) + 1 if self.groups.size and self.groups.max() >= 0 else 0

    @property
    def gap(self) -> float:
        """Best minus worst final objective over the finished runs (0 with fewer than two)."""
        objectives = [run.objective for run in self.runs if run.ok]
        return float(max(objectives) - min(objectives)) if len(objectives) > 1 else 0.0

    def gap_to_best(self, index: int) -> float:
        """How far run `index` ended below the best run (>= 0; NaN if it failed)."""
        best = self.runs[0].objective if self.runs and self.runs[0].ok else np.nan
        return float(best - self.runs[index].objective)

    def first_of_group(self, index: int) -> int:
        """The index of the best run that reached the same optimum as run `index`."""
        return int(np.flatnonzero(self.groups == self.groups[index])[0])

    def summary(self) -> str:
        done = sum(run.ok for run in self.runs)
        failed = len(self.runs) - done
        parts = []
        if self.n_optima == 1:
            parts.append(f"All {done} finished runs reached the same optimum" if done > 1 else "One finished run")
        elif self.n_optima > 1:
            parts.append(f"{self.n_optima} distinct optima; the worst is {self.gap:.4g} below the best")
        else:
            parts.append("No run finished")
        if failed:
            parts.append(f"{failed} failed")
        if self.cancelled:
            parts.append(f"cancelled after {len(self.runs)} of {self.requested} runs")
        return "; ".join(parts) + "."

    @property
    def first_seed(self) -> int | None:
        """The seed of the first restart asked for (restart r started from ``first_seed + r``).

        A retried run's `seed` is its retry's, so each run's first attempt is read from `failed`;
        None when the gallery has no run (cancelled before the first ended).
        """
        seeds = [run.failed[0][0] if run.failed else run.seed for run in self.runs]
        return int(min(seeds)) if seeds else None

    def config_for(self, index: int) -> ModelConfig:
        return self.config.with_(seed=self.runs[index].seed)

    def must_run_again(self, index: int) -> bool:
        """Whether `run_for` makes run `index` again from its seed: a finished run read from a session."""
        run = self.runs[index]
        return run.em is None and run.ok

    def run_name(self, index: int) -> str:
        """How messages name run `index`: "restart #2 (seed 41)"."""
        return f"restart #{index + 1} (seed {self.runs[index].seed})"

    def run_for(self, index: int, callback=None) -> nc.EM | None:
        """The run `index` with its history (None if it failed); a run read from a session is made
        again from its seed (ValueError if that does not reach the saved objective), which takes as
        long as the run did: `Explorer.run_again` does it off the GUI thread. `callback` is
        `nc.EM.run`'s while a run is made again."""
        if not self.must_run_again(index):
            return self.runs[index].em
        return run_again(self, index, callback)

    def failure_lines(self) -> list[str]:
        """Failed and retried restarts, one line per cause (`failure_summary.failure_lines`)."""
        where = f"K = {self.config.n_components}"
        return failure_lines([(where, run.failed) for run in self.runs], {where: len(self.runs)})


@dataclass(frozen=True, eq=False)
class FitAgain:
    """A fit read from a session, made again from its seed in the background (`Explorer.fit_again`).

    Attributes
    ----------
    problem : Problem
        The data it was made on.
    what : str
        How messages name it ("the fit with K = 3", "restart #2 (seed 41)").
    run : nc.EM or None
        The fit with its whole history; None when it failed or was cancelled.
    config : ModelConfig or None
        The config that reproduces its start (None with no run).
    error : str
        Why it could not be made again ("" if it was, or was cancelled).
    cancelled : bool
    """

    problem: Problem
    what: str
    run: nc.EM | None = None
    config: ModelConfig | None = None
    error: str = ""
    cancelled: bool = False


def group_optima(models, objectives, objective_tol: float, distance_tol: float = DISTANCE_TOL) -> np.ndarray:
    """Which runs reached the same optimum.

    Two runs share an optimum when their final objectives differ by at most `objective_tol` and
    every component of one has a match in the other (`nc.match_components`) at Bhattacharyya
    distance at most `distance_tol` (so relabelled components count as the same optimum).

    Parameters
    ----------
    models : list of Mixture or None
        Sorted by objective, best first; None for failed runs.
    objectives : array-like of shape (n_runs,)
    objective_tol, distance_tol : float

    Returns
    -------
    ndarray of shape (n_runs,)
        Group numbers 0, 1, ... in order of first appearance; -1 for failed runs.
    """
    groups = np.full(len(models), -1, dtype=np.int64)
    representatives: list[int] = []
    for i, model in enumerate(models):
        if model is None or np.isnan(objectives[i]):
            continue
        for g, j in enumerate(representatives):
            if _same_optimum(model, models[j], objectives[i], objectives[j], objective_tol, distance_tol):
                groups[i] = g
                break
        else:
            groups[i] = len(representatives)
            representatives.append(i)
    return groups


def _same_optimum(
    a: nc.Mixture, b: nc.Mixture, objective_a: float, objective_b: float, objective_tol: float, distance_tol: float
) -> bool:
    if abs(objective_a - objective_b) > objective_tol or a.n_components != b.n_components:
        return False
    perm = nc.match_components(a, b)
    distances = nc.bhattacharyya_distances(a, b)[perm, np.arange(b.n_components)]
    return bool(np.all(distances <= distance_tol))


def objective_tolerance(tolerance: float) -> float:
    """How close two final objectives must be to count as one optimum, for a convergence tolerance.

    EM stops when an iteration gains less than `tolerance`, so runs into the same optimum end
    somewhat short of it; a thousand times the tolerance (at least 1e-3) absorbs that.
    """
    return max(1e-3, 1e3 * tolerance)


# ----------------------------------------------------------------------------- results read from a session, made again
def _same(stored: float, again: float, what: str) -> None:
    if not abs(stored - again) <= RTOL * max(abs(stored), abs(again), 1.0):
        raise ValueError(
            f"{what} made again from its seed ends at objective {again!r}, not the saved {stored!r} "
            "(the session was saved by another version of nbviz, or changed); run it again here"
        )


def fit_again(choice: KChoice, selection: nc.Selection, k_index: int, restart: int, callback=None) -> nc.EM:
    """Fit ``ks[k_index]``'s restart `restart` of a Choose K result read from a session, from its seed.

    `callback` is `nc.EM.run`'s: a fit it stops early is not the saved one (ValueError).
    """
    config, K = choice.config, int(selection.ks[k_index])
    fit = fit_restart(
        choice.problem.X,
        config.family,
        K,
        int(selection.fit_seeds[k_index, restart]),
        method=config.init_method,
        covariance_type=selection.covariance_type,
        prior=config.prior,
        max_iter=config.max_iter,
        tol=float(choice.tolerance or 0.0),
        callback=callback,
        retries=0,
    )
    if fit.run is None:
        raise ValueError(f"The fit with K = {K} failed when made again from its seed: {fit.failed[-1][2]}")
    _same(float(selection.objective[k_index, restart]), float(fit.run.history[-1].objective), f"The fit with K = {K}")
    return fit.run


def run_again(gallery: RestartGallery, index: int, callback=None) -> nc.EM:
    """Run `index` of a restart gallery read from a session, from its seed, with its whole history.

    `callback` is `nc.EM.run`'s: a run it stops early is not the saved one (ValueError).
    """
    run = gallery.runs[index]
    config = gallery.config_for(index)
    em = new_run(gallery.problem, config)
    em.run(config.max_iter, float(gallery.tolerance or 0.0), callback)
    _same(run.objective, float(em.history[-1].objective), f"Restart #{index + 1} (seed {run.seed})")
    return em


# ----------------------------------------------------------------------------- the jobs
class Explorer(QObject):
    """Runs one exploring job at a time off the GUI thread.

    Signals
    -------
    progressed(float, str) : fraction done (0..1) and what is being done
    finished(object) : a `KChoice`, a `RestartGallery` or a `FitAgain` (``cancelled`` set when cancelled)
    failed(str) : the job could not start or stopped on an unexpected error

    A job that makes a fit read from a session again (`fit_again`, `run_again`) reports no
    fraction when it does not know how many iterations are left (NaN) and finishes with a `FitAgain`.
    """

    progressed = Signal(float, str)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self._job = BackgroundJob(self, lambda payload: self.progressed.emit(*payload), self._on_done)

    @property
    def running(self) -> bool:
        return self._job.running

    def cancel(self) -> None:
        """Stop at the next check (after the iteration in progress); what was done is delivered."""
        self._job.cancel()

    def wait(self) -> None:
        self._job.wait()

    def _ready(self) -> bool:
        if self.running:
            self.failed.emit("A job is already running here; wait for it or cancel it.")
            return False
        if self.session.problem is None:
            self.failed.emit("Load data or choose a preset first.")
            return False
        return True

    # -------------------------------------------------------------------------- choose K
    def choose_k(self, ks, n_init: int, criterion: str = "bic", covariance_types=None) -> bool:
        """Fit every K in `ks` from `n_init` starts (seeds drawn from the session's seed).

        Fits are unsupervised soft EM with the session's family, covariance type, prior,
        initialisation method, tolerance and iteration cap; with `covariance_types` (Gaussian), every K for each
        of those types (`KChoice.by_type`).
        """
        if not self._ready():
            return False
        problem, current = self.session.problem, self.session.config
        assert problem is not None  # _ready checked it
        # only what select_components fits with: every other choice (hard EM, labels, ...) at its default
        config = ModelConfig(
            family=current.family,
            covariance_type=current.covariance_type,
            prior=current.prior,
            init_method=current.init_method,
            seed=current.seed,
            tolerance=current.tolerance,
            max_iter=current.max_iter,
        )
        ks = sorted({int(k) for k in ks})
        if not ks or min(ks) < 1:
            self.failed.emit("Choose at least one number of components K >= 1.")
            return False
        if max(ks) > problem.n_samples:
            self.failed.emit(f"K = {max(ks)} is more than the {problem.n_samples} data rows; lower the largest K.")
            return False
        tol, max_iter = config.tolerance, config.max_iter

        def work(job: BackgroundJob) -> KChoice:
            def progress(done: int, total: int) -> bool:  # after each restart and each EM iteration
                if done == total:
                    return job.report((1.0, f"Fitted {total} of {total}"), force=True)
                k, restart = ks[(done // n_init) % len(ks)], done % n_init + 1
                return job.report((done / total, f"Fitted {done} of {total}; fitting K = {k}, restart {restart}"))

            if covariance_types:
                models = nc.select_components(
                    problem.X, config.family, ks, n_init, criterion, config.prior, config.seed, progress=progress,
                    method=config.init_method, max_iter=max_iter, tol=tol, covariance_types=list(covariance_types),
                )  # fmt: skip
                first = models.selections.get(config.covariance_type) or next(iter(models.selections.values()))
                return KChoice(problem, config, first, dict(models.selections))
            selection = nc.select_components(
                problem.X, config.family, ks, n_init, criterion, config.prior, config.seed, config.covariance_type,
                progress, config.init_method, max_iter, tol,
            )  # fmt: skip
            return KChoice(problem, config, selection)

        return self._job.start(work)

    # -------------------------------------------------------------------------- restarts
    def restarts(self, count: int, first_seed: int, method: str | None = None) -> bool:
        """Run `count` starts (seeds ``first_seed .. first_seed + count - 1``) of the session's model."""
        if not self._ready():
            return False
        if count < 1:
            self.failed.emit("Ask for at least one restart.")
            return False
        session = self.session
        config = session.config
        if config.supervised:
            self.failed.emit(
                "Naive Bayes is fitted in one step from the labels, so every restart is the same; "
                "choose a mixture model to compare restarts."
            )
            return False
        if method is not None:
            config = config.with_(init_method=method)
        problem, tol = session.problem, session.tolerance
        assert problem is not None  # _ready checked it
        shown = _thumbnail_rows(problem.n_samples, first_seed)

        def work(job: BackgroundJob) -> RestartGallery:
            runs = []
            for i in range(count):
                if job.cancelled:
                    break
                seed = first_seed + i
                run = _one_restart(
                    problem,
                    config.with_(seed=seed),
                    tol,
                    shown,
                    job,
                    (i / count, f"Restart {i + 1} of {count} (seed {seed})"),
                )
                if job.cancelled and run.ok and not run.converged:
                    break  # stopped half-way: not an optimum
                runs.append(run)
                job.report(((i + 1) / count, f"Finished {i + 1} of {count} restarts"), force=i + 1 == count)
            runs.sort(key=lambda run: -run.objective if run.ok else np.inf)
            objective_tol = objective_tolerance(tol)
            groups = group_optima(
                [run.em.model if run.ok and run.em is not None else None for run in runs],  # failed: no em
                np.array([run.objective for run in runs]),
                objective_tol,
            )
            return RestartGallery(problem, config, runs, groups, objective_tol, job.cancelled, count)

        return self._job.start(work)

    # -------------------------------------------------------------------------- fits read from a session
    def fit_again(self, choice: KChoice, k_index: int, restart: int, covariance_type: str | None = None) -> bool:
        """Make a fit of a Choose K result read from a session again from its seed (`KChoice.fit`).

        `finished` delivers a `FitAgain`; the session is not touched (install its run with
        `Session.adopt_run`). False, with `failed`, when it cannot start.
        """
        return self._again(
            choice.problem,
            choice.fit_name(k_index, covariance_type),
            lambda callback: choice.fit(k_index, restart, covariance_type, callback),
        )

    def run_again(self, gallery: RestartGallery, index: int) -> bool:
        """Make run `index` of a restart gallery read from a session again from its seed
        (`RestartGallery.run_for`); as `fit_again`."""

        def make(callback) -> tuple[nc.EM, ModelConfig] | None:
            run = gallery.run_for(index, callback)
            return None if run is None else (run, gallery.config_for(index))

        return self._again(gallery.problem, gallery.run_name(index), make, gallery.runs[index].iterations)

    def _again(self, problem: Problem, what: str, make: Callable, iterations: int = 0) -> bool:
        """Run ``make(callback)`` -> (run, config) or None in the worker; `iterations`: how many
        the fit took when it was first made (0: not known, the progress shows no fraction)."""
        if not self._ready():
            return False
        if self.session.busy:  # its result would be refused: the session's run is going on
            self.failed.emit("Wait for the run in progress to end (or cancel it) before loading another fit.")
            return False

        def work(job: BackgroundJob) -> FitAgain:
            def progress(em: nc.EM) -> bool:  # after each iteration; False stops the fit (Cancel)
                done = em.history[-1].iteration
                fraction = min(done / iterations, 1.0) if iterations else np.nan
                of = f" of {iterations}" if iterations else ""
                return job.report((fraction, f"Making {what} again from its seed: iteration {done}{of}"))

            try:
                made = make(progress)
            except ValueError as error:  # when cancelled: stopped early, so not the saved fit (not an error)
                return FitAgain(problem, what, cancelled=job.cancelled, error="" if job.cancelled else str(error))
            if job.cancelled:
                return FitAgain(problem, what, cancelled=True)
            if made is None:
                return FitAgain(
                    problem, what, error=f"{what[:1].upper()}{what[1:]} did not finish; there is nothing to load."
                )
            return FitAgain(problem, what, *made)

        return self._job.start(work)

    @Slot(object, str)
    def _on_done(self, result, error: str) -> None:
        if result is None:
            self.failed.emit(error)
            return
        self.finished.emit(result)


def _thumbnail_rows(n_samples: int, seed: int) -> np.ndarray:
    if n_samples <= THUMBNAIL_POINTS:
        return np.arange(n_samples)
    return np.sort(np.random.default_rng(seed).choice(n_samples, THUMBNAIL_POINTS, replace=False))


def _one_restart(
    problem: Problem, config: ModelConfig, tol: float, shown: np.ndarray, job: BackgroundJob, status
) -> Restart:
    """Start from `config` and run to convergence, from other seeds if that fails (at most
    `MAX_RETRIES` more); if every attempt fails, a Restart with the last message."""
    failed: list[tuple[int, str, str]] = []
    seed = config.seed
    for attempt in range(MAX_RETRIES + 1):
        seed = config.seed if attempt == 0 else retry_seed(config.seed, attempt)
        iterations = 0
        try:
            em = new_run(problem, config.with_(seed=seed))
            iterations = em.run(config.max_iter, tol, callback=lambda _: job.report(status))
        except ValueError as error:
            failed.append((seed, failure_cause(error), str(error)))
            if job.cancelled:
                break
            continue
        labels = em.model.predict(em.X[shown])
        objective = float(em.history[-1].objective)
        return Restart(seed, em, objective, iterations, em.converged, "", shown, labels, tuple(failed))
    return Restart(seed, None, np.nan, 0, False, f"seed {seed}: {failed[-1][2]}", failed=tuple(failed))
