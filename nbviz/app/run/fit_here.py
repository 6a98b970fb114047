"""Running EM to convergence in the calling thread, for a scripted run (``--fit``).

It is the run the window's Run button makes (`runner.run_to_convergence` on the session's
`continuation`, with the session's tolerance and iteration cap), stepped here instead of in a
worker thread and adopted at once: the session keeps every half-step and says why the run stopped
(`Session.run_stop`, `RunHistory.cap_reached`). Nothing is drawn while it runs.
"""

from __future__ import annotations

from ..jobs.background import BackgroundJob
from .outcome import Outcome
from .runner import run_to_convergence
from .session import BUSY, NOTHING_TO_STEP, Session


class InPlaceJob(BackgroundJob):
    """The job of work that runs in the caller's thread: nobody to report progress to, never cancelled."""

    def report(self, payload, force: bool = False) -> bool:
        return True


def fit_to_convergence(session: Session) -> Outcome:
    """Run `session`'s EM from its cursor to convergence (or its iteration cap) and show the result.

    Refused, with the reason, when there is no run to step or a background run goes; a half-step that
    fails (a collapsed covariance) ends the run there, keeps the half-steps done and is refused with
    what happened.
    """
    if not session.has_run:
        return NOTHING_TO_STEP
    if session.busy:
        return BUSY
    run = session.background.continuation()
    config = session.config
    finished = run_to_convergence(run, config.max_iter, session.tolerance, InPlaceJob(), config.convergence)
    return session.background.adopt_continuation(
        finished.run, finished.failure, capped_at=finished.capped_at, stop=finished.stop
    )
