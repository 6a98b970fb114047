"""What a half-step of the history is called in exports: captions, ranges, and the handout's selection.

Animations and the handout name each half-step the same way ("iteration 3, after the E-step") and
give its objective; they take a range of the history checked here, and the handout walks through a
selection of half-steps (`handout_indices`). Qt-free.
"""

from __future__ import annotations

from collections.abc import Sequence

import nbviz.core as nc
from nbviz.translation_marks import translate


def half_step_name(snapshot: nc.Snapshot) -> str:
    """ "the start", or "iteration 3, after the E-step" / "... after the M-step"."""
    if snapshot.phase == "init":
        return translate("nbviz", "the start")
    return translate("nbviz", "iteration {0}, after the {1}-step").format(snapshot.iteration, snapshot.phase)


def objective_name(prior_is_flat: bool, complete: bool = False) -> str:
    """What the objective is called: the log-likelihood, plus the log-prior with a prior.

    With `complete` (every row labelled, supervised naive Bayes) it is the complete-data
    log-likelihood, ``sum_n log p(x_n, y_n)``, and is called so.
    """
    name = translate("nbviz", "complete-data log-likelihood") if complete else translate("nbviz", "log-likelihood")
    return name if prior_is_flat else translate("nbviz", "{0} + log-prior").format(name)


def objective_value_text(value: float) -> str:
    """An objective with six decimals (a minus sign, not a hyphen), or six significant digits when large."""
    text = f"{value:.6f}" if abs(value) < 1e12 else f"{value:.6g}"
    return text.replace("-", "\u2212")


def caption(history: Sequence[nc.Snapshot], index: int, prior_is_flat: bool = True, complete: bool = False) -> str:
    """The caption of half-step `index`: which half-step it is and its objective.

    E.g. "half-step 7 of 40 · iteration 3, after the E-step · log-likelihood −1234.567890".
    """
    snapshot = history[index]
    value = objective_value_text(snapshot.objective)
    where = f"half-step {index} of {len(history) - 1} · {half_step_name(snapshot)}"
    return f"{where} · {objective_name(prior_is_flat, complete)} {value}"


def check_range(first: int, last: int, length: int) -> range:
    """The half-steps `first` to `last` (both included) of a history of `length`; ValueError saying why not."""
    if length < 1:
        raise ValueError("there is no run to export: load data or choose a preset first")
    if not 0 <= first <= last <= length - 1:
        raise ValueError(
            f"the half-steps {first} to {last} are not in the run (0 to {length - 1}); choose a range within it"
        )
    return range(first, last + 1)


FIRST_ITERATIONS = 3  # the handout shows each half-step of this many first iterations
EVERY_NTH = 10  # then the M-step of every tenth iteration


def handout_indices(history: Sequence[nc.Snapshot], first: int = FIRST_ITERATIONS, every: int = EVERY_NTH) -> list[int]:
    """The half-steps a handout walks through, in order.

    The start; each E-step and M-step of the first `first` iterations; the M-step of every
    `every`-th iteration after them; and the last half-step (the converged model, or where the run
    stopped).
    """
    chosen = [0]
    for index, snapshot in enumerate(history):
        if index == 0:
            continue
        if snapshot.iteration <= first or (snapshot.phase == "M" and snapshot.iteration % every == 0):
            chosen.append(index)
    last = len(history) - 1
    if last > 0 and chosen[-1] != last:
        chosen.append(last)
    return chosen
