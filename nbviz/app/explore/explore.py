"""Exploring beyond one run in the background: choosing K over many fits, and a gallery of restarts.

Both jobs run in a worker thread (`Explorer`) on the data and model choice in force when they
start; they never touch the session's own run, so the workspace stays usable meanwhile. Their
results are a `choose_k.KChoice` and a `restart_gallery.RestartGallery`. A fit the user picks is
installed with `Session.adopt_run`, history and all; a fit of a result read from a session (whose
runs were not saved) is first made again from its seed, in the worker thread too
(`Explorer.fit_again`, `Explorer.run_again`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QObject, Signal, Slot

import nbviz.core as nc
from nbviz.core.restart import MAX_RETRIES, failure_cause, retry_seed

from ..data.problem import Problem
from ..jobs.background import BackgroundJob
from ..model.config import ModelConfig, rule_words
from ..run.run_making import new_run
from ..run.session import Session
from .choose_k import KChoice
from .restart_gallery import Restart, RestartGallery, group_optima, objective_tolerance

THUMBNAIL_POINTS = 1500  # rows whose hard assignment is kept for a restart's thumbnail


def run_limits(config: ModelConfig, tolerance: float | None = None) -> str:
    """What ends each fit of Choose K or the restarts: the session's iteration cap and tolerance.

    `tolerance` (a result read from a session) overrides ``config.tolerance``.
    """
    tol = config.tolerance if tolerance is None else tolerance
    return f"Each run: at most {config.max_iter:,} iterations, {rule_words(tol, config.convergence)}."


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
        problem, config = self.session.problem, self.session.config.for_selection()
        assert problem is not None  # _ready checked it
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
                    convergence=config.convergence, column_kinds=problem.column_kinds,
                )  # fmt: skip
                first = models.selections.get(config.covariance_type) or next(iter(models.selections.values()))
                return KChoice(problem, config, first, dict(models.selections))
            selection = nc.select_components(
                problem.X, config.family, ks, n_init, criterion, config.prior, config.seed, config.covariance_type,
                progress, config.init_method, max_iter, tol, convergence=config.convergence,
                column_kinds=problem.column_kinds,
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
            iterations = em.run(
                config.max_iter, tol, callback=lambda _: job.report(status), convergence=config.convergence
            )
        except ValueError as error:
            failed.append((seed, failure_cause(error), str(error)))
            if job.cancelled:
                break
            continue
        labels = em.model.predict(em.X[shown])
        objective = float(em.history[-1].objective)
        return Restart(seed, em, objective, iterations, em.converged, "", shown, labels, tuple(failed))
    return Restart(seed, None, np.nan, 0, False, f"seed {seed}: {failed[-1][2]}", failed=tuple(failed))
