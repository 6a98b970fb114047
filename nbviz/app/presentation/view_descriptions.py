"""What a screen reader hears of the plots: each view's name, and what the half-step shown holds.

A plot is a picture; a student who cannot see it hears its accessible name ("Data view: waiting
(up) against eruptions (across)") and its description, rebuilt at every half-step from what the
status bar and the parameters panel already hold: which half-step and iteration, the objective and
whether it rose, each component's weight and mean (or its most probable features), and the
selected point's responsibilities. Help → "Describe this view" reads the same text out.

Qt-free apart from the translation look-up: the GUI sets the text on its widgets.
"""

from __future__ import annotations

import math

import numpy as np

from nbviz.translation_marks import translate

from ..analysis.parameter_rows import parameter_rows
from ..data.fit_messages import point_name
from ..data.half_steps import objective_name
from ..run.convergence import convergence_status
from ..run.session import Session

SAME = 1e-9  # a change of the objective smaller than this (relative) is read as "unchanged"
MAX_READ = 4  # a point's responsibilities are all read up to this many components; beyond, the large ones
SMALL = 0.01  # ... those below this are counted, not read


def number(value: float) -> str:
    """A number as it is read out: six significant digits, a minus sign that is spoken as "minus"."""
    return f"{value:.6g}".replace("-", "\u2212")


def change(value: float) -> str:
    """A change of the objective: three significant digits (a run near convergence climbs by 1e-05)."""
    return f"{abs(value):.3g}"


def half_step_sentence(session: Session) -> str:
    """ "Half-step 5 of 7: the E-step of iteration 3." ("" without a run)."""
    snapshot = session.snapshot
    if snapshot is None:
        return ""
    last = len(session.history) - 1
    if snapshot.phase == "init":
        return translate("nbviz", "Half-step {index} of {last}: the start.").format(index=session.cursor, last=last)
    text = {
        "E": translate("nbviz", "Half-step {index} of {last}: the E-step of iteration {iteration}."),
        "M": translate("nbviz", "Half-step {index} of {last}: the M-step of iteration {iteration}."),
    }[snapshot.phase]
    return text.format(index=session.cursor, last=last, iteration=snapshot.iteration)


def objective_sentence(session: Session) -> str:
    """The objective at the cursor and how it moved since the half-step before: "Log-likelihood −1287.09,
    up 843.2 from the half-step before." ("" without a run)."""
    snapshot = session.snapshot
    if snapshot is None:
        return ""
    name = objective_name(session.config.prior.is_flat, session.config.supervised)
    value = snapshot.objective
    if session.cursor == 0 or not math.isfinite(value):
        return translate("nbviz", "The {name} is {value}.").format(name=name, value=number(value))
    before = session.history[session.cursor - 1].objective
    moved = value - before
    if abs(moved) <= SAME * max(1.0, abs(value)):
        text = translate("nbviz", "The {name} is {value}, unchanged from the half-step before.")
    elif moved > 0:
        text = translate("nbviz", "The {name} is {value}: it rose by {change} from the half-step before.")
    else:
        text = translate("nbviz", "The {name} is {value}: it fell by {change} from the half-step before.")
    return text.format(name=name, value=number(value), change=change(moved))


def component_sentences(session: Session) -> list[str]:
    """Per component: its weight and the family's first parameter row (the mean, or the most probable
    features), as the parameters panel writes them."""
    snapshot, problem = session.snapshot, session.problem
    if snapshot is None or problem is None:
        return []
    names = session.component_names()
    first: dict[int, list[str]] = {}
    for row in parameter_rows(snapshot.model, columns=problem.columns):
        first.setdefault(row.component, [])
        if len(first[row.component]) < 2:  # the weight, then the mean or the most probable features
            first[row.component].append(f"{row.name} {row.value}")
    return [
        translate("nbviz", "Component {name}: {parameters}.").format(
            name=names[k], parameters="; ".join(first.get(k, []))
        )
        for k in range(session.n_components)
    ]


def selection_sentence(session: Session) -> str:
    """The selected point's responsibilities at the cursor ("" when none is selected)."""
    problem, resp, row = session.problem, session.resp, session.selected
    if problem is None or resp is None or not 0 <= row < len(resp):
        return ""
    names, shares = session.component_names(), np.asarray(resp[row], dtype=float)
    listed = list(range(len(shares)))
    if len(shares) > MAX_READ:  # the largest first; the many small ones are counted, not read
        listed = [int(k) for k in np.argsort(-shares, kind="stable") if shares[k] >= SMALL] or [int(np.argmax(shares))]
    text = ", ".join(
        translate("nbviz", "{r} for component {name}").format(r=f"{shares[k]:.3g}", name=names[k]) for k in listed
    )
    if len(listed) < len(shares):
        text += translate("nbviz", "; the other {count} below {small}").format(
            count=len(shares) - len(listed), small=f"{SMALL:g}"
        )
    return translate("nbviz", "Selected: {point}, with responsibilities {shares}.").format(
        point=point_name(problem, row), shares=text
    )


def run_description(session: Session) -> str:
    """What every plot's description says after its own first sentence: the half-step, the objective
    and convergence, the components and the selected point ("" without a run)."""
    if session.snapshot is None:
        return translate("nbviz", "No data yet: open a file or a preset.")
    converged = convergence_status(session)
    parts = [
        half_step_sentence(session),
        objective_sentence(session),
        converged[:1].upper() + converged[1:] + ".",
        *component_sentences(session),
        selection_sentence(session),
    ]
    return " ".join(part for part in parts if part)


def described(lead: str, session: Session) -> str:
    """A view's description: its own first sentence `lead`, then `run_description`."""
    return " ".join(part for part in (lead, run_description(session)) if part)


# ----------------------------------------------------------------------------- the views' names and leads
def scatter_name(x_name: str, y_name: str) -> str:
    """The scatter plot's name: which feature runs up and which across."""
    return translate("nbviz", "Data view: {y} (up) against {x} (across)").format(x=x_name, y=y_name)


def scatter_lead(n_points: int, ellipses: bool) -> str:
    text = (
        translate("nbviz", "{n} points coloured by their responsibilities, each component's mean and ellipses.")
        if ellipses
        else translate("nbviz", "{n} points coloured by their responsibilities, and each component's mean.")
    )
    return text.format(n=n_points)


def histogram_name(x_name: str) -> str:
    return translate("nbviz", "Data view: histogram of {x}").format(x=x_name)


def histogram_lead(n_points: int) -> str:
    return translate("nbviz", "{n} values, with each component's weighted density over them.").format(n=n_points)


def pairs_name() -> str:
    return translate("nbviz", "Data view: every pair of features")


def pairs_lead(features: str) -> str:
    return translate("nbviz", "A scatter plot for each pair of {features}.").format(features=features)


def prototypes_name() -> str:
    return translate("nbviz", "Data view: each component's probabilities")


def levels_name() -> str:
    return translate("nbviz", "Data view: each component's answer probabilities")


def heatmap_name() -> str:
    return translate("nbviz", "Responsibility map")


def heatmap_lead(n_points: int) -> str:
    return translate("nbviz", "One row for each of the {n} data points, one column per component: r_nk.").format(
        n=n_points
    )


def objective_curve_name(session: Session) -> str:
    name = objective_name(session.config.prior.is_flat, session.config.supervised)
    return translate("nbviz", "Objective curve: the {name} at each half-step").format(name=name)


def objective_curve_lead(session: Session) -> str:
    """How the curve runs: from the start's objective to the last half-step's."""
    history = session.history
    if not history:
        return ""
    name = objective_name(session.config.prior.is_flat, session.config.supervised)
    return translate("nbviz", "The {name} of the {count} half-steps computed runs from {first} to {last}.").format(
        name=name, count=len(history), first=number(history[0].objective), last=number(history[-1].objective)
    )


def choose_k_name() -> str:
    return translate("nbviz", "Choose K: each K's criterion")


def bound_name() -> str:
    return translate("nbviz", "Bound view: the objective and the bound EM climbs, along one parameter")
