"""Whether a model can start on a data set, why not (the real cause), and the nearest model that can.

The import preview checks the model chosen in it against the data it is about to load; a tiny
file (one row, five rows of thirteen features) gets a model that fits it, with a note on what was
changed and why, or, when none fits, the reason in terms of rows, features and components.
"""

from __future__ import annotations

from dataclasses import dataclass

import nbviz.core as nc

from ..data.fit_messages import describe_fit_error
from ..data.problem import Problem
from ..families import presentation
from .config import ModelConfig
from .fit_size import check_fits


def count_problem(n_samples: int, n_features: int, config: ModelConfig) -> str | None:
    """Why `n_samples` rows cannot fit `config`, by counting alone; None if the counts allow it.

    Every family needs a row per component; the family says what else its parameters need
    (`FamilyPresentation.count_problem`: e.g. more rows than features for a full covariance).
    """
    n, D, K = n_samples, n_features, config.n_components
    rows = f"{n} row{'s are' if n != 1 else ' is'}"
    if K > n:
        return f"{rows} fewer than the {K} components: choose K ≤ {n}"
    return presentation(config.family).count_problem(n, D, K, config.covariance_type, config.prior)


@dataclass(frozen=True)
class StartsTally:
    """How a fit's start was chosen as the best of several: how many starts ran, and how many of them
    reached the kept fit's objective (`nbviz.core.BestFit.n_reached`).

    Attributes
    ----------
    n_starts : int
    n_reached : int
    method : str
        The start method (`ModelConfig.init_method`).
    """

    n_starts: int
    n_reached: int
    method: str

    def sentence(self) -> str:
        """ "best of 10 starts (random), 7 of them reached the best fit"."""
        return f"best of {self.n_starts} starts ({self.method}), {self.n_reached} of them reached the best fit"


def starting_model(
    problem: Problem, config: ModelConfig, n_components: int | None = None, best_of: bool = True
) -> nc.Mixture:
    """The start `config` makes on `problem` (its start method, seed and prior), with `n_components`
    components (default: the config's); ValueError when it cannot start.

    With ``config.n_init > 1`` (and `best_of`) it is the start, of `n_init` drawn from the seed,
    whose fit reaches the highest objective without being degenerate (`nbviz.core.fit_best`,
    each run stopped by the config's rule and cap), so that EM from it finds the best fit.
    """
    return counted_start(problem, config, n_components, best_of)[0]


def counted_start(
    problem: Problem, config: ModelConfig, n_components: int | None = None, best_of: bool = True
) -> tuple[nc.Mixture, StartsTally | None]:
    """`starting_model`, and how many of its starts reached the kept fit (None for a single start)."""
    K = config.n_components if n_components is None else n_components
    method, covariance_type, prior = config.init_method, config.covariance_type, config.prior
    if best_of and config.n_init > 1:
        best = nc.fit_best(
            problem.X, config.family, K, config.n_init, rng=config.seed, method=method,
            covariance_type=covariance_type, prior=prior, max_iter=config.max_iter, tol=config.tolerance,
            convergence=config.convergence, column_kinds=problem.column_kinds,
        )  # fmt: skip
        if best.start is not None:
            return best.start, StartsTally(config.n_init, best.n_reached, method)
    start = nc.init_model(
        problem.X, config.family, K, method=method, rng=config.seed, covariance_type=covariance_type, prior=prior,
        column_kinds=problem.column_kinds,
    )  # fmt: skip
    return start, None


def best_of_seeds(problem: Problem, config: ModelConfig, n_init: int) -> ModelConfig:
    """`config` starting from the best of `n_init` starts with seeds ``config.seed .. config.seed + n_init - 1``.

    Each start is run to convergence with the config's stopping rule, iteration cap and start method
    (`nbviz.core.fit_best`); the one reaching the highest objective without being degenerate wins,
    and the config returned starts from its seed alone (``n_init=1``), so EM from it finds that fit
    again. ValueError when every start failed.
    """
    best = nc.fit_best(
        problem.X, config.family, config.n_components, seeds=range(config.seed, config.seed + n_init),
        method=config.init_method, covariance_type=config.covariance_type, prior=config.prior,
        max_iter=config.max_iter, tol=config.tolerance, convergence=config.convergence,
        column_kinds=problem.column_kinds,
    )  # fmt: skip
    if best.index is None:
        raise ValueError(f"every one of the {n_init} starts failed: {next(iter(best.failures.values()))}")
    return config.with_(seed=int(best.seeds[best.index]), n_init=1)


def model_problem(problem: Problem, config: ModelConfig) -> str | None:
    """Why `config` cannot start on `problem` (naming the real cause), or None if it can."""
    reason = count_problem(problem.n_samples, problem.n_features, config)
    if reason is not None:
        return reason
    try:
        check_fits(problem.X, config.n_components, config.family, config.covariance_type)
        nc.EM(problem.X, starting_model(problem, config, best_of=False), prior=config.prior, warn_empty=False)
    except ValueError as error:
        return describe_fit_error(problem, error)
    return None


def fitting_model(problem: Problem, config: ModelConfig) -> tuple[ModelConfig | None, str]:
    """(a config that starts on `problem`, a note on what was changed and why), or (None, why none).

    Tries `config`, then fewer components, then the family's simpler options
    (`FamilyPresentation.simpler_options`: for a Gaussian, diag and spherical covariances, then
    one component with a small covariance prior scaled to the data).
    """
    first = model_problem(problem, config)
    if first is None:
        return config, ""
    K, n = config.n_components, problem.n_samples
    for changes in ({}, *presentation(config.family).simpler_options(config.covariance_type, problem.X, config.prior)):
        fewer = [{}] if "n_components" in changes else [{"n_components": k} for k in range(min(K, n), 0, -1)]
        for count in fewer:
            candidate = config.with_(**changes, **count)
            if model_problem(problem, candidate) is None:
                return candidate, _note(config, candidate, first)
    return None, first


def _note(old: ModelConfig, new: ModelConfig, reason: str) -> str:
    """ "Model changed to ...: <the cause>." without the cause's advice (the change follows it)."""
    cause = reason.split(": choose")[0].split("; ")[0]
    return f"Model changed to fit the data ({_changes(old, new)}): {cause}."


def _changes(old: ModelConfig, new: ModelConfig) -> str:
    """What differs between two configs, in words ("K reduced to 1, diag covariance")."""
    parts = []
    if new.n_components != old.n_components:
        parts.append(f"K reduced to {new.n_components}")
    if new.covariance_type != old.covariance_type:
        parts.append(f"{new.covariance_type} covariance")
    if new.prior.covariance_prior != old.prior.covariance_prior:
        parts.append(f"a covariance prior of {new.prior.covariance_prior:.3g}")
    return ", ".join(parts)
