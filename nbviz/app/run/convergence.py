"""What stopped a run, in words: the tolerance, the iteration cap, or neither yet."""

from __future__ import annotations

from .session import Session


def climbed_name(session: Session) -> str:
    """What EM's convergence test measures: the objective, or hard EM's classification log-likelihood."""
    return "classification log-lik." if session.config.hard else "objective"


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
        return f"converged: the {climbed_name(session)} gained less than {session.config.stopping_rule}"
    cap = session.run_history.cap_reached
    if cap:
        return f"stopped at the iteration cap ({cap}) without converging"
    return "not converged"


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
        return (
            f"Converged after {iterations} iteration(s): the {climbed_name(session)} gained less than "
            f"{session.config.stopping_rule}."
        )
    cap = session.run_history.cap_reached
    if cap:
        return (
            f"Stopped at the iteration cap ({cap}) without converging: raise the cap or the tolerance "
            "in the Run box, or run again to go on."
        )
    if iterations:
        return f"Stopped after {iterations} iteration(s) without converging."
    return ""
