"""A read-only copy of a session's run, for drawing any half-step without moving the user's cursor.

Exports (animation frames, the handout) draw half-step after half-step. Moving the window's own
cursor would redraw every panel, and leave the user's place and undo stack to be put back; instead
the views are given a copy that shares the data and the (immutable) snapshots, and its cursor moves.
"""

from __future__ import annotations

from .session import Session


def read_only_copy(session: Session, parent=None) -> Session:
    """A new `Session` showing the same data, model choice and history as `session`, cursor at 0.

    The copy shares the snapshots (they are immutable) and has its own history list and undo
    stack, so moving its cursor, or anything else done to it, leaves `session` as it was. Nobody
    steps it; only its cursor is moved. ValueError when `session` shows no run.
    """
    problem, em = session.problem, session.em
    if problem is None or em is None:
        raise ValueError("there is no run to draw: load data or choose a preset first")
    copy = Session(parent)
    outcome = copy.load(problem, session.config, session.start_model)
    if outcome:
        outcome = copy.adopt_run(em, session.config)
    if not outcome:
        raise ValueError(outcome.reason)
    copy.config = copy.config.with_(start_given=session.config.start_given)  # the run's own start, as it was
    copy.set_cursor(0)
    return copy
