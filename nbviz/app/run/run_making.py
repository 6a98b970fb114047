"""Making EM runs for a problem and a model choice: the labels a run uses, a new run from a start,
and a run rebuilt from saved half-steps.

Plain functions of the data and the config, shared by the session, the exploring jobs (which make
runs in a worker thread) and the session files (which check a saved history against its data).
"""

from __future__ import annotations

import numpy as np

import nbviz.core as nc

from ..data.fit_messages import row_place
from ..data.problem import Problem
from ..model.config import DEFAULT_MAX_ITER, ModelConfig, for_file
from ..model.fit_size import check_fits
from ..model.model_fit import StartsTally, counted_start


def with_shared_variance(model: nc.Mixture, variance: float) -> nc.Mixture:
    """`model` with spherical covariances, every component with variance `variance`.

    Only families whose covariances can be held fixed (`supports_fixed_covariances`) have one.
    """
    if not model.supports_fixed_covariances:
        raise ValueError("a fixed shared variance needs a Gaussian mixture")
    return model.replaced(covariances=np.full(model.n_components, float(variance)), covariance_type="spherical")


def config_for(problem: Problem, config: ModelConfig) -> ModelConfig:
    """`config` made fit for new data `problem`: its own family (`Problem.family_guess`) and a
    covariance prior of its scale."""
    family = problem.family_guess.family
    # clicked labels name rows of the old data, and a fixed variance fits the old data's scale
    changed = config.with_(family=family, manual_labels=(), fixed_variance=None)
    if changed.fixed_iterations:  # a lecture's fixed loop belongs to its own data
        changed = changed.with_(convergence="absolute", max_iter=DEFAULT_MAX_ITER)
    return for_file(changed, problem.X)  # a covariance prior scaled to this file


def labels_for(problem: Problem, config: ModelConfig) -> np.ndarray | None:
    """The labels a run of `config` on `problem` uses (-1: unlabelled), or None for none.

    Raises ValueError when the labels do not fit the data or the model (naming the row or the class).
    """
    labels = _column_labels_for(problem, config)
    if not config.manual_labels:
        return labels
    K = problem.n_classes if config.supervised else config.n_components
    labels = np.full(problem.n_samples, -1) if labels is None else labels.copy()
    for row, k in config.manual_labels:
        if row >= problem.n_samples:
            raise ValueError(
                f"a label was given to data point {row + 1}, but the data has {problem.n_samples} rows; "
                "clear the labels"
            )
        if k >= K:
            raise ValueError(
                f"the point {row_place(problem, row)} is labelled as class {k + 1}, but the model has {K} components; "
                f"use K >= {k + 1} or clear the labels"
            )
        labels[row] = k
    return labels


def _column_labels_for(problem: Problem, config: ModelConfig) -> np.ndarray | None:
    if config.label_fraction <= 0:
        return None
    if problem.labels is None:
        raise ValueError("this data has no label column, so naive Bayes and labelled runs are not available")
    if not config.supervised and problem.n_classes != config.n_components:
        raise ValueError(f"the data has {problem.n_classes} classes; use K = {problem.n_classes} with labelled rows")
    if config.supervised:
        return problem.labels
    keep = np.random.default_rng(config.seed).random(problem.n_samples) < config.label_fraction
    return np.where(keep, problem.labels, -1)


def new_run(problem: Problem, config: ModelConfig, start: nc.Mixture | None = None) -> nc.EM:
    """A new EM run of `config` on `problem` from `start` (default: the config's starting model).

    Touches no session, so a worker thread may call it. Raises ValueError when the config does not
    fit the data.
    """
    return counted_run(problem, config, start)[0]


def counted_run(
    problem: Problem, config: ModelConfig, start: nc.Mixture | None = None
) -> tuple[nc.EM, StartsTally | None]:
    """`new_run`, and how many of the starts its start was chosen from reached the kept fit (None: one start)."""
    tally = None
    labels = labels_for(problem, config)
    K = config.n_components
    if config.supervised:
        n_classes = problem.n_classes
        assert n_classes is not None  # labels_for refused data without a label column
        K = n_classes
    check_fits(problem.X, K, config.family, config.covariance_type)
    if start is None:
        start, tally = counted_start(problem, config, K)
    fixed = config.fixed_variance is not None
    if config.fixed_variance is not None:
        start = with_shared_variance(start, config.fixed_variance)
    # emptied components are announced by the session (a notice) and by each restart's result
    em = nc.EM(
        problem.X,
        start,
        prior=config.prior,
        labels=labels,
        hard=config.hard,
        fixed_covariances=fixed,
        warn_empty=False,
    )
    return em, tally


def run_from_history(problem: Problem, config: ModelConfig, history) -> nc.EM:
    """The run of `config` on `problem` that made `history` (its half-steps re-evaluated on the data).

    Raises ValueError when the history or the labels do not fit the data.
    """
    return nc.EM.from_history(
        problem.X,
        history,
        prior=config.prior,
        labels=labels_for(problem, config),
        hard=config.hard,
        fixed_covariances=config.fixed_variance is not None,
        warn_empty=False,
    )
