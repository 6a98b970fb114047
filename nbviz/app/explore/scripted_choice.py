"""Choosing K (and the covariance type) without a window: the command line's ``--choose-k``.

`parse_k_range` and `parse_types` check the options; `choose_in_session` fits every K (for each
covariance type) with the session's model choice, keeps the result with the session (it is saved
with it) and installs the chosen fit, history and all; `choice_table` is ``--export-choose-k``'s
table: one row per K and type, with how many starts reached each K's best fit; `steadiness_warning`
says when two halves of the starts choose differently.
"""

from __future__ import annotations

import csv
import io

import numpy as np

import nbviz.core as nc

from ..data.files import write_atomically
from ..families import presentation
from ..model.config import MAX_COMPONENTS
from ..run.outcome import Outcome
from ..run.session import Session
from .choose_k import KChoice

TABLE_COLUMNS = (
    "k", "covariance_type", "bic", "aic", "icl", "log_likelihood", "n_parameters", "converged", "degenerate",
    "failures", "reached",
)  # fmt: skip


def parse_k_range(text: str) -> list[int]:
    """The Ks of ``--choose-k K1-K2`` (or one K); ValueError saying what is wrong."""
    parts = str(text).split("-")
    try:
        low, high = (int(parts[0]), int(parts[-1])) if len(parts) <= 2 else (0, -1)
    except ValueError:
        low, high = 0, -1
    if len(parts) > 2 or not 1 <= low <= high:
        raise ValueError(f"--choose-k must be a range K1-K2 of numbers of components, 1 <= K1 <= K2; got {text!r}")
    if high > MAX_COMPONENTS:
        raise ValueError(f"--choose-k {text}: at most {MAX_COMPONENTS} components")
    return list(range(low, high + 1))


def parse_types(text: str) -> list[str]:
    """The covariance types of ``--covariance-types full,tied`` (`nc.COVARIANCE_TYPES`); ValueError if not."""
    kinds = [kind.strip() for kind in str(text).split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in nc.COVARIANCE_TYPES]
    if not kinds or unknown or len(set(kinds)) != len(kinds):
        raise ValueError(
            f"--covariance-types must name covariance types from {','.join(nc.COVARIANCE_TYPES)}, each once; "
            f"got {text!r}"
        )
    return kinds


def choose_in_session(
    session: Session, ks: list[int], n_init: int, criterion: str, covariance_types: list[str] | None = None
) -> tuple[KChoice, Outcome, str]:
    """Fit every K in `ks` from `n_init` starts (seeds drawn from the session's seed) with the
    session's model choice, keep the result with the session and install the chosen fit.

    Returns
    -------
    (KChoice, Outcome, str)
        The result, the outcome of installing the chosen fit (refused, with the reason, when no fit
        that is not degenerate finished), and one line saying what was chosen.
    """
    problem, config = session.problem, session.config
    if problem is None:
        raise ValueError("--choose-k needs data: give a data FILE or --preset")
    if max(ks) > problem.n_samples:
        raise ValueError(f"--choose-k: K = {max(ks)} is more than the {problem.n_samples} data rows")
    compared = presentation(config.family).compared_types
    if covariance_types and not compared:
        raise ValueError(f"--covariance-types applies to Gaussian mixtures, not to {config.title}")
    if covariance_types:
        models = nc.select_components(
            problem.X, config.family, ks, n_init, criterion, config.prior, config.seed,
            method=config.init_method, max_iter=config.max_iter, tol=config.tolerance, convergence=config.convergence,
            covariance_types=covariance_types, column_kinds=problem.column_kinds,
        )  # fmt: skip
        first = models.selections.get(config.covariance_type) or next(iter(models.selections.values()))
        choice = KChoice(problem, config, first, dict(models.selections))
    else:
        selection = nc.select_components(
            problem.X, config.family, ks, n_init, criterion, config.prior, config.seed, config.covariance_type,
            method=config.init_method, max_iter=config.max_iter, tol=config.tolerance, convergence=config.convergence,
            column_kinds=problem.column_kinds,
        )  # fmt: skip
        choice = KChoice(problem, config, selection)
    session.explored.keep(choice=choice)
    best = choice.best_model(criterion)
    if best is None:
        reasons = "; ".join(choice.failure_lines()) or "every fit that finished is degenerate"
        return choice, Outcome.refused(f"--choose-k: no usable fit: {reasons}"), ""
    kind, k = best
    selection = choice.selection_for(kind if choice.by_type else None)
    k_index = int(np.flatnonzero(selection.ks == k)[0])
    restart = choice.best_restart(k_index, criterion, kind if choice.by_type else None)
    assert restart is not None  # best_model found a finished fit of this K
    fit = choice.fit(k_index, restart, kind if choice.by_type else None)
    assert fit is not None
    run, chosen = fit
    outcome = session.adopt_run(run, chosen.with_(n_init=1))  # the run's own seed reproduces it
    what = f"K = {k}" + (f", {kind} covariance" if compared else "")
    return choice, outcome, f"{criterion.upper()} chooses {what} (seed {chosen.seed})"


def choice_table(choice: KChoice, criterion: str) -> list[list]:
    """``--export-choose-k``'s rows (`TABLE_COLUMNS`): per K and covariance type, the fit of the best
    restart by `criterion` (not a degenerate one if any restart is not); empty cells where none finished."""
    compared = bool(presentation(choice.config.family).compared_types)
    rows = []
    for kind in choice.covariance_types:
        selection = choice.selection_for(kind if choice.by_type else None)
        reached = selection.reached()
        for k_index, k in enumerate(selection.ks):
            failures = sum(1 for (i, _) in selection.failures if i == k_index)
            restart = choice.best_restart(k_index, criterion, kind if choice.by_type else None)
            row: list = [int(k), kind if compared else ""]
            run = None if restart is None else selection.runs.get((k_index, restart))
            if run is None or restart is None:
                rows.append(row + [""] * 7 + [failures, 0])
                continue
            row += [float(getattr(selection, name)[k_index, restart]) for name in ("bic", "aic", "icl")]
            row += [float(run.model.log_likelihood(run.X)), int(run.model.n_parameters)]
            flags = [bool(selection.converged[k_index, restart]), bool(selection.degenerate[k_index, restart])]
            rows.append(row + [str(flag).lower() for flag in flags] + [failures, int(reached[k_index])])
    return rows


def steadiness_warning(choice: KChoice, n_init: int) -> str | None:
    """A warning when the choice depends on the starts, else None: the even and the odd starts (two sets
    of seeds) choose different K (`nbviz.core.Selection.half_choices`), or the best log-likelihood
    falls as K rises (a larger K can always do as well: its starts missed its optimum)."""
    if choice.by_type:
        return None
    selection = choice.selection
    more = f"give --n-init {2 * n_init} for a steadier choice"
    halves = selection.half_choices()
    if halves is not None and None not in halves and halves[0] != halves[1]:
        return (
            f"the choice depends on the starts: half of the {n_init} starts choose K = {halves[0]}, the other "
            f"half K = {halves[1]}; {more}"
        )
    best = [selection.best_run_for(i) for i in range(len(selection.ks))]
    values = [None if run is None else float(run.model.log_likelihood(run.X)) for run in best]
    for i in range(1, len(values)):
        low, high = values[i - 1], values[i]
        if low is not None and high is not None and high < low - max(1e-3, 1e-5 * abs(low)):
            return (
                f"the best log-likelihood falls from K = {selection.ks[i - 1]} to K = {selection.ks[i]} "
                f"({low:.2f} to {high:.2f}): the starts missed the larger K's optimum; {more}"
            )
    return None


def write_choice_table(choice: KChoice, path: str) -> None:
    """Write `choice_table` as CSV to `path` (atomically; OSError naming the file)."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(TABLE_COLUMNS)
    for row in choice_table(choice, choice.selection.criterion):
        writer.writerow([repr(value) if isinstance(value, float) else value for value in row])
    write_atomically(path, text.getvalue().encode("utf-8"))
