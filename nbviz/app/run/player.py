"""Play: the session's half-steps taken one after another on a timer, until the run converges.

`Player` is the session's part that owns the timer and the speed; it steps through the session
(`next_half_step`), so a played half-step is announced like any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
from PySide6.QtCore import QTimer

import nbviz.core as nc

from .events import SessionEvents
from .outcome import Outcome

MIN_SPEED, MAX_SPEED = 0.25, 60.0  # half-steps per second


class Played(Protocol):
    """What the player reads of the session, and how it steps it."""

    @property
    def has_run(self) -> bool: ...

    @property
    def busy(self) -> bool: ...

    @property
    def converged(self) -> bool: ...

    @property
    def snapshot(self) -> nc.Snapshot | None: ...

    @property
    def cursor(self) -> int: ...

    @property
    def history(self) -> Sequence[nc.Snapshot]: ...

    def next_half_step(self) -> Outcome: ...


class Player:
    """Plays the session's run: one half-step per tick of a timer.

    Parameters
    ----------
    session : Played
        The session stepped.
    events : SessionEvents
        Where play starting and stopping (`play_state_changed`) and convergence are announced; it
        is also the timer's parent.
    """

    def __init__(self, session: Played, events: SessionEvents):
        self._session = session
        self._events = events
        self._timer = QTimer(events)
        self._timer.timeout.connect(self._tick)
        self.speed = 2.0
        self.set_speed(2.0)

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    def set_speed(self, half_steps_per_second: float) -> None:
        self.speed = float(np.clip(half_steps_per_second, MIN_SPEED, MAX_SPEED))
        self._timer.setInterval(int(round(1000 / self.speed)))

    def play(self) -> None:
        if not self._session.has_run or self.playing or self._session.busy:
            return
        self._timer.start()
        self._events.play_state_changed.emit(True)

    def pause(self) -> None:
        if self.playing:
            self._timer.stop()
            self._events.play_state_changed.emit(False)

    def toggle_play(self) -> None:
        self.pause() if self.playing else self.play()

    def _tick(self) -> None:
        session = self._session
        snapshot = session.snapshot
        assert snapshot is not None  # play starts only with a run shown, and a run stays
        if session.converged and snapshot.phase == "M" and session.cursor == len(session.history) - 1:
            self.pause()
            self._events.notice_raised.emit("Converged: the last iteration gained less than the tolerance.")
            return
        if not session.next_half_step():
            self.pause()
