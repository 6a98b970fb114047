"""Choosing K: fits over a range of K (and covariance types) with the model choice that made them.

`KChoice` is the result the Choose K panel shows and a session saves; a fit of one read from a
session is made again from its seed (`fit_again`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

import nbviz.core as nc
from nbviz.core.params import check_choice
from nbviz.core.restart import fit_restart

from ..model.config import ModelConfig
from ..model.made_on import MadeOn
from .failure_summary import failure_lines
from .fit_flags import FitFlags, fit_flags
from .made_again import check_same_objective

CHOOSE_K_STARTS = 10
"""Starts per K that Choose K takes at least (more if the model's own fit takes more). With 3, the best
fit of a K was often missed: on 240 rows of three overlapping clusters, K 1-7, one start of three
reached the best at K = 5, 6 and 7 and K = 6 scored a lower log-likelihood than K = 5 (-858.34 against
-855.41); with 10, the log-likelihood rises with every K."""


def starts_per_k(n_init: int | None, model_starts: int) -> int:
    """The starts per K of a Choose K run: `n_init` if the user gave it, else at least `CHOOSE_K_STARTS`."""
    return n_init if n_init is not None else max(model_starts, CHOOSE_K_STARTS)


@dataclass(frozen=True, eq=False)
class KChoice(MadeOn):
    """Fits over a range of K (an `nc.Selection`) on `problem` with the model choice `config` (`MadeOn`);
    each fit's own config is `config_for`.

    Attributes
    ----------
    selection : nc.Selection
        Arrays indexed [k_index, restart]; NaN where a restart failed or was not run.
    """

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
        """(covariance type, K) of the lowest `criterion` over every type fitted among the fits that
        are not degenerate (`nc.Selection.usable_scores`), or None."""
        best, where = np.inf, None
        for kind in self.covariance_types:
            scores = self.selection_for(kind).usable_scores(check_choice(criterion, "criterion", nc.CRITERIA))
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

    def scores(self, criterion: str, covariance_type: str | None = None) -> np.ndarray:
        """Criterion values of shape (n_ks, n_init) (lower is better; NaN: no fit), degenerate fits included."""
        if criterion not in nc.CRITERIA:
            raise ValueError(f"criterion must be one of {', '.join(nc.CRITERIA)}; got {criterion!r}")
        return getattr(self.selection_for(covariance_type), criterion)

    def best_k(self, criterion: str) -> int | None:
        """The K whose best usable fit has the lowest `criterion` (a degenerate fit is never crowned),
        or None if no fit that is not degenerate finished."""
        scores = self.selection.usable_scores(criterion)
        if np.all(np.isnan(scores)):
            return None
        return int(self.selection.ks[np.unravel_index(np.nanargmin(scores), scores.shape)[0]])

    def best_restart(self, k_index: int, criterion: str, covariance_type: str | None = None) -> int | None:
        """The restart with the lowest `criterion` for ``ks[k_index]`` among those that are not
        degenerate, or among every finished one when all are degenerate (None: none finished)."""
        selection = self.selection_for(covariance_type)
        row = selection.usable_scores(criterion)[k_index]
        if np.all(np.isnan(row)):
            row = self.scores(criterion, covariance_type)[k_index]
        return None if np.all(np.isnan(row)) else int(np.nanargmin(row))

    def flags(self, k_index: int, covariance_type: str | None = None) -> FitFlags:
        """What is wrong with the fits of ``ks[k_index]`` (`FitFlags`)."""
        return fit_flags(self.selection_for(covariance_type), k_index)

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
        convergence=config.convergence,
        callback=callback,
        retries=0,
        column_kinds=choice.problem.column_kinds,
    )
    if fit.run is None:
        raise ValueError(f"The fit with K = {K} failed when made again from its seed: {fit.failed[-1][2]}")
    check_same_objective(
        float(selection.objective[k_index, restart]), float(fit.run.history[-1].objective), f"The fit with K = {K}"
    )
    return fit.run
