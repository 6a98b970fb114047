"""The lesson's numbers the E-step board writes under the responsibilities (Qt-free).

A lecture reads more off the board than r_nk: the P(C | x) of a point it probes, what a classifier
says of a labelled point whose r is clamped to its label, the means k-means and a Gaussian mixture
move, a document's likelihood as the product of its factors and the log-odds score of two classes.
`lesson_lines` gives each as a `BoardLine`, one value per component, in the board's columns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import nbviz.core as nc

from ..data.fit_messages import point_name
from ..data.problem import Problem
from ..families import presentation
from .breakdown import MAX_FACTORS, e_step_numbers, linear_score
from .probe import Probe

MAX_MEAN_FEATURES = 2  # the means are on the board for data of up to this many features


@dataclass(frozen=True)
class BoardLine:
    """One line of the board under r_nk.

    Attributes
    ----------
    name : str
        What the line is (rich text: sub- and superscripts).
    values : ndarray of shape (n_components,), or (1,) for a score
    kind : str
        "probe" (a probe's P(C | x)), "posterior" (a labelled point's P(C | x)), "mean" (one
        feature of the means), "likelihood" (a row's product of factors) or "score" (the log-odds
        of the first component against the second).
    about : str
        The data row the line is about ("Point 1"), "" for a line about the model or the probe.
    """

    name: str
    values: np.ndarray
    kind: str
    about: str = ""


def lesson_lines(
    model: nc.Mixture,
    resp_model: nc.Mixture | None,
    problem: Problem,
    selected: int,
    probe: Probe | None,
    probe_model: Callable[[], nc.Mixture | None],
    labels: np.ndarray | None,
) -> list[BoardLine]:
    """The board's lines under r_nk, in the order shown.

    Parameters
    ----------
    model : Mixture
        The parameters at the cursor (whose means are shown).
    resp_model : Mixture or None
        The parameters the responsibilities in force were computed from (a row's likelihood and score
        are those of the E-step that gave its r).
    problem : Problem
    selected : int
        The selected data row (-1: none).
    probe : Probe or None
    probe_model : callable
        The model a probe's P(C | x) is computed under (ValueError: none there).
    labels : ndarray of int, shape (n_samples,), or None
        Known labels (-1: unknown).
    """
    lines = []
    if probe is not None:
        lines.extend(_probe_line(probe, probe_model, problem))
    if selected >= 0 and resp_model is not None:
        lines.extend(_row_lines(resp_model, problem, selected, labels))
    points = presentation(model).points(model)
    if points is not None and model.n_features <= MAX_MEAN_FEATURES:
        for d in range(model.n_features):
            feature = f" ({problem.columns[d]})" if model.n_features > 1 else ""
            lines.append(BoardLine(f"μ<sub>k</sub>{feature}", np.asarray(points.means)[:, d], "mean"))
    return lines


def _probe_line(probe: Probe, probe_model: Callable[[], nc.Mixture | None], problem: Problem) -> list[BoardLine]:
    """The probe's P(C | x), named by where it is when that is one number (x = 3)."""
    try:
        under = probe_model()
        numbers = e_step_numbers(under, probe.x) if under is not None else None
    except ValueError:  # no marginal there, or an x impossible under every component
        return []
    if numbers is None:
        return []
    where = f" {probe.describe(problem.columns)}" if len(probe.x) == 1 else ""
    return [BoardLine(f"<i>probe{where}</i>", numbers.resp, "probe")]


def _row_lines(model: nc.Mixture, problem: Problem, row: int, labels: np.ndarray | None) -> list[BoardLine]:
    """A selected row's P(C | x) when its r is clamped to a label; else, for two components of a naive Bayes
    family, the E-step the lecture works by hand: its product of factors under each, and its log-odds score."""
    x = problem.X[row]
    if np.isnan(x).any():
        return []
    about = point_name(problem, row)
    lines = []
    labelled = labels is not None and labels[row] >= 0
    if labelled:  # its r is its label: what the model says of it is the classifier's answer
        try:
            lines.append(BoardLine("P(C|x)", e_step_numbers(model, x).resp, "posterior", about))
        except ValueError:
            pass
    factors = presentation(model).steps.feature_log_factors(model, np.asarray(x, dtype=float))
    if factors is not None and model.n_features <= MAX_FACTORS and model.n_components == 2 and not labelled:
        product = factors.log_factors[factors.informative].sum(axis=0)
        with np.errstate(under="ignore"):
            values = np.exp(product)
        # the multinomial coefficient is the same for every component and cancels: a lecture leaves it out
        name = "∏ θ<sub>w</sub><sup>n(w)</sup>" if factors.constant_text else "p(x | k)"
        lines.append(BoardLine(name, values, "likelihood", about))
    score = None if labelled else linear_score(model, x)
    if score is not None:
        lines.append(BoardLine("log-odds", np.array([score.score]), "score", about))
    return lines
