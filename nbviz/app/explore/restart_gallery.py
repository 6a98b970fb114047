"""The restart gallery: runs of one model choice from many seeds, sorted and grouped by the optimum reached.

`RestartGallery` is the result the restart panel shows and a session saves; a run of one read from
a session is made again from its seed (`run_again`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

import nbviz.core as nc

from ..model.config import ModelConfig
from ..model.made_on import MadeOn
from ..run.run_making import new_run
from .failure_summary import failure_lines
from .made_again import check_same_objective

DISTANCE_TOL = 1e-2  # largest Bhattacharyya distance between matched components of one optimum


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
class RestartGallery(MadeOn):
    """Restarts on `problem` with the model choice `config` (`MadeOn`), sorted by final objective (best
    first, failures last), grouped by optimum.

    Attributes
    ----------
    groups : ndarray of shape (n_runs,)
        The optimum each run reached, numbered from 0 in order of objective; -1 for failures.
    objective_tol : float
        Final objectives closer than this count as equal.
    """

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


def run_again(gallery: RestartGallery, index: int, callback=None) -> nc.EM:
    """Run `index` of a restart gallery read from a session, from its seed, with its whole history.

    `callback` is `nc.EM.run`'s: a run it stops early is not the saved one (ValueError).
    """
    run = gallery.runs[index]
    config = gallery.config_for(index)
    em = new_run(gallery.problem, config)
    em.run(config.max_iter, float(gallery.tolerance or 0.0), callback, convergence=config.convergence)
    check_same_objective(run.objective, float(em.history[-1].objective), f"Restart #{index + 1} (seed {run.seed})")
    return em
