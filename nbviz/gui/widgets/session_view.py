"""The base of the widgets that show a session: what they follow and how they look.

A view is given the session and the window's `Appearance` in its constructor (the window creates
one `Appearance` and passes it to every view). It declares which of the session's signals it
follows; the base connects them and restyles the view when the appearance changes. The view only
builds its widgets and draws. (Figures are drawn by `gui.figures` from fresh views; a view knows
nothing of them.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...app.presentation.appearance import Appearance

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    # the mixin always sits before a QWidget among a view's bases: type-check it as one
    _MixinBase = QWidget
else:
    _MixinBase = object


def connect_signals(source, slots: Mapping[str, Callable]) -> None:
    """Connect each signal of `source` named in `slots` to its slot, in the mapping's order."""
    for signal, slot in slots.items():
        getattr(source, signal).connect(slot)


class SessionView(_MixinBase):
    """Mixin for a QWidget that shows a `Session` in the colours and sizes of an `Appearance`.

    Put it before the Qt class among the bases (``class View(SessionView, QWidget)``), build the
    widgets after ``super().__init__(session, parent, appearance=appearance)`` and end the
    constructor with ``self.follow_session()``.

    Parameters
    ----------
    session : Session
    parent : QWidget, optional
    appearance : Appearance, optional
        The window's; without one the view keeps its own (light, normal size).

    Attributes
    ----------
    follows : dict of str to str
        Class attribute: session signal name -> name of the method it calls.
    session : Session
    appearance : Appearance
    """

    follows: dict[str, str] = {}

    def __init__(self, session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(parent)
        self.session = session
        self.appearance = appearance if appearance is not None else Appearance(self)

    def follow_session(self) -> None:
        """Connect the signals in `follows` and the appearance's `changed`; apply the appearance once."""
        connect_signals(self.session, {signal: getattr(self, method) for signal, method in self.follows.items()})
        self.appearance.changed.connect(self.apply_appearance)
        self.apply_appearance()

    def apply_appearance(self) -> None:
        """Restyle for the appearance (presentation mode, light or dark), then redraw."""
        self.restyle(self.appearance)
        self.redraw()

    def restyle(self, appearance: Appearance) -> None:
        """Pens, sizes and colours that follow `appearance` (override; nothing by default)."""

    def redraw(self, *_) -> None:
        """Draw what the session shows now (override)."""
        raise NotImplementedError(f"{type(self).__name__} must define redraw()")
