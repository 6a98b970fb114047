"""Views that sleep while off screen.

The data view keeps one page on screen (scatter, 1-D density, or prototypes beside the heat-map);
the others would still redraw on every half-step, which on 100,000 points costs more than the
visible page. A sleeping view only notes that it is out of date and catches up when woken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING


class Sleeper:
    """Mixin for a view with a ``redraw()`` method: ``if self.asleep(): return`` at its top."""

    _awake = True
    _stale = False

    if TYPE_CHECKING:
        # supplied by the view the mixin is combined with (declared here for the type checker only,
        # so that the view's own redraw, not one from here, is found at run time)
        def redraw(self, *_: object) -> None: ...

    def asleep(self) -> bool:
        """True (and the view marked out of date) while the view sleeps."""
        if not self._awake:
            self._stale = True
        return not self._awake

    def set_awake(self, awake: bool) -> None:
        """Put the view to sleep, or wake it and redraw if anything changed meanwhile."""
        self._awake = awake
        if awake and self._stale:
            self._stale = False
            self.redraw()
