"""What stopped a run, in words: the tolerance, the iteration cap, or neither yet."""

from __future__ import annotations

from nbviz.translation_marks import translate

from .session import Session


def climbed_name(session: Session) -> str:
    """What EM's convergence test measures: the objective, or hard EM's classification log-likelihood."""
    return translate("nbviz", "classification log-lik.") if session.config.hard else translate("nbviz", "objective")


def convergence_status(session: Session) -> str:
    """The status bar's word on convergence at the cursor.

    "converged: ..." when the last full iteration up to the cursor gained less than the tolerance;
    "stopped at the iteration cap (N) ..." where a run to convergence ended at its cap; else
    "not converged".
    """
    stop = session.run_stop
    at_end = session.cursor == len(session.history) - 1
    if stop is not None and (stop.sticky or stop.kind == "fixed") and at_end:
        return stop.status  # a failure, an emptied component or the fixed end: said where it happened
    if session.converged:
        return translate("nbviz", "converged: the {0} gained less than {1}").format(
            climbed_name(session), session.config.stopping_rule
        )
    cap = session.run_history.cap_reached
    if cap:
        return translate("nbviz", "stopped at the iteration cap ({0}) without converging").format(cap)
    return translate("nbviz", "not converged")


def run_finished_notice(session: Session, iterations: int, converged: bool) -> str:
    """What the window says when a run to convergence ends after `iterations` iterations ("" for none).

    "" also when the run ended on a failure or an emptied component: that advice (`Session.run_stop`)
    is shown as an error that stays until dismissed, and must not be replaced by this notice.
    """
    stop = session.run_stop
    if stop is not None and stop.sticky:
        return ""
    if stop is not None and stop.kind == "fixed":
        return stop.message
    if converged:
        return translate("nbviz", "Converged after {0} iteration(s): the {1} gained less than {2}.").format(
            iterations, climbed_name(session), session.config.stopping_rule
        )
    cap = session.run_history.cap_reached
    if cap:
        return translate(
            "nbviz",
            "Stopped at the iteration cap ({0}) without converging: raise the cap or the tolerance "
            "in the Run box, or run again to go on.",
        ).format(cap)
    if iterations:
        return translate("nbviz", "Stopped after {0} iteration(s) without converging.").format(iterations)
    return ""
