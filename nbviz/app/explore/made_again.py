"""Fits of a result read from a session, made again from their seeds, must end where the saved ones did.

A session saves the Choose K fits and the restarts without their runs; a fit the user clicks is
made again from its seed, which is deterministic, so it reaches the saved objective to rounding.
"""

from __future__ import annotations

RTOL = 1e-9  # a fit made again reaches the saved objective this closely (it is the same arithmetic)


def check_same_objective(stored: float, again: float, what: str) -> None:
    """ValueError naming `what` when the objective `again` of a fit made again is not the `stored` one."""
    if not abs(stored - again) <= RTOL * max(abs(stored), abs(again), 1.0):
        raise ValueError(
            f"{what} made again from its seed ends at objective {again!r}, not the saved {stored!r} "
            "(the session was saved by another version of nbviz, or changed); run it again here"
        )
