"""The status bar's text and the history row's: the model, the half-step and the objective at the cursor."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...app.data.half_steps import objective_name
from ...app.run.convergence import convergence_status
from ...app.run.session import Session
from ..panels.labels import label_status

translate = QCoreApplication.translate


def objective_text(value: float) -> str:
    """An objective with six decimals, or six significant digits when it is too large for that."""
    return f"{value:.6f}" if abs(value) < 1e12 else f"{value:.6g}"


def model_text(session: Session) -> str:
    """The model's title, and for a data file's own model why the data got it ("... (0/1 values)")."""
    title, problem = session.config.title, session.problem
    if problem is None or problem.source is None:
        return title
    guess = problem.family_guess
    if session.config.family != guess.family:
        return title
    return translate("nbviz", "{title} (for {why})").format(title=title, why=guess.why)


def session_objective_name(session: Session) -> str:
    """What the session's objective is called, short enough for a status line: "log-likelihood",
    "complete-data log-likelihood" (supervised naive Bayes), "log-lik. + log-prior"."""
    config = session.config
    return objective_name(config.prior.is_flat, config.supervised).replace("likelihood + ", "lik. + ")


def status_text(session: Session) -> str:
    """The status bar: model, iteration and phase, the objective (and the bound's gap), labels and
    convergence; empty without a run."""
    snapshot = session.snapshot
    if snapshot is None:
        return ""
    phase = {
        "init": translate("nbviz", "start"),
        "E": translate("nbviz", "after E-step"),
        "M": translate("nbviz", "after M-step"),
    }[snapshot.phase]
    name = session_objective_name(session)
    parts = [
        model_text(session),
        translate("nbviz", "iteration {iteration}, {phase}").format(iteration=snapshot.iteration, phase=phase),
        f"{name} {objective_text(snapshot.objective)}",
    ]
    if snapshot.elbo is not None and session.config.hard:  # elbo is set exactly when kl is
        parts.append(
            translate("nbviz", "hard EM climbs the classification log-lik. {0}").format(objective_text(snapshot.elbo))
        )
    elif snapshot.kl is not None:
        parts.append(translate("nbviz", "KL gap {0:.3g}").format(max(snapshot.kl, 0.0)))
    if label_status(session):
        parts.append(label_status(session))
    parts.append(convergence_status(session))
    return "   ·   ".join(parts)


def history_text(session: Session) -> str:
    """The history row's "half-step 3 of 5 (M-step 1)"; empty without a run."""
    snapshot = session.snapshot
    if snapshot is None:
        return ""
    what = {
        "init": translate("nbviz", "start"),
        "E": translate("nbviz", "E-step {0}").format(snapshot.iteration),
        "M": translate("nbviz", "M-step {0}").format(snapshot.iteration),
    }
    return translate("nbviz", "half-step {index} of {last} ({what})").format(
        index=session.cursor, last=len(session.history) - 1, what=what[snapshot.phase]
    )
