"""Why a run to convergence stopped: a singular covariance, an empty component, the iteration cap, the tolerance
or the end of a fixed number of iterations.

`stop_reason` reads it off the finished run; the session keeps it with the half-step where the run
stopped (`Session.stop_reason`), so the status line, the banner and the objective curve can say it
for as long as the user looks at that half-step.
"""

from __future__ import annotations

from dataclasses import dataclass

import nbviz.core as nc

# kind -> the curve's short label
LABELS = {
    "singular": "stopped: singular covariance",
    "empty": "empty component",
    "cap": "stopped: iteration cap",
    "tolerance": "converged (tol)",
    "fixed": "ran the fixed iterations",
    "cancelled": "cancelled",
    "failed": "stopped: error",
}
STICKY = ("singular", "empty", "failed")  # kinds whose advice stays on screen until the user dismisses it or acts


@dataclass(frozen=True)
class StopReason:
    """Why a run ended, and what to do about it.

    Attributes
    ----------
    kind : {"singular", "empty", "cap", "tolerance", "fixed", "cancelled", "failed"}
    iteration : int
        The iteration of the last half-step.
    message : str
        One or two sentences for the banner: what happened and what to do.
    """

    kind: str
    iteration: int
    message: str

    @property
    def label(self) -> str:
        """A few words for the objective curve's last point."""
        return LABELS[self.kind]

    @property
    def status(self) -> str:
        """The status line's words."""
        return f"{self.label} at iteration {self.iteration}"

    @property
    def sticky(self) -> bool:
        """Whether the advice stays visible until the user acts (a failure, not a normal end)."""
        return self.kind in STICKY


def stop_reason(
    run: nc.EM,
    error: ValueError | None = None,
    *,
    capped_at: int = 0,
    cancelled: bool = False,
    tol: float = 0.0,
    fixed: int = 0,
) -> StopReason:
    """The reason `run` stopped.

    Parameters
    ----------
    run : nc.EM
        The run as it ended (its last snapshot is where it stopped).
    error : ValueError, optional
        What an EM step raised (a `SingularCovarianceError` or another failure).
    capped_at : int
        The iteration cap, if the run reached it without converging.
    cancelled : bool
        Whether the user stopped it.
    tol : float
        The convergence tolerance, for the message.
    fixed : int
        The number of iterations, if the run did exactly that many by its "fixed" stopping rule.

    Returns
    -------
    StopReason
        A failure first, then an emptied component (EM goes on with it, but its advice matters more
        than how the run ended), then the cap, the fixed number of iterations, the tolerance, a cancel.
    """
    last = run.history[-1]
    iteration = int(last.iteration)
    if error is not None:
        kind = "singular" if isinstance(error, nc.SingularCovarianceError) else "failed"
        return StopReason(kind, iteration, f"EM stopped at iteration {iteration}: {error}")
    if last.empty:
        names = ", ".join(str(k + 1) for k in last.empty)
        several = len(last.empty) > 1
        return StopReason(
            "empty",
            iteration,
            f"EM ended at iteration {iteration} with component{'s' if several else ''} {names} empty (no point has "
            f"any responsibility for {'them' if several else 'it'}, so {'they keep' if several else 'it keeps'} "
            "the parameters it had): use fewer components, another start, or a weight prior α > 0.",
        )
    if capped_at:
        return StopReason(
            "cap",
            iteration,
            f"Stopped at the iteration cap ({capped_at}) without converging: raise the cap or the tolerance in "
            "the Run box, or run again to go on.",
        )
    if fixed:
        return StopReason("fixed", iteration, f"Ran the fixed number of iterations: {fixed}.")
    if run.converged:
        text = f"Converged after {iteration} iteration(s): gained less than {tol:g}."
        return StopReason("tolerance", iteration, text)
    return StopReason("cancelled", iteration, f"Stopped after {iteration} iteration(s) without converging (cancelled).")
