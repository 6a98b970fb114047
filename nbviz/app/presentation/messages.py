"""Typed messages that a widget shows and clears (after Orange's widget messages).

A widget declares its message groups (``self.error = MessageGroup(board, "controls", "error")``)
and shows or clears them itself; whoever displays messages (the window's banner) listens to one
`MessageBoard`, which the window creates and hands to the widgets in their constructors. The
session's own refusals stay on `Session.error_raised`; a widget never emits a session's signals.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

KINDS = ("error", "warning", "info")


@dataclass(frozen=True)
class Message:
    """One message: its kind ("error", "warning" or "info"), its text and the widget it is from."""

    kind: str
    text: str
    source: str


class MessageBoard(QObject):
    """The messages on show, at most one per (source, kind).

    Signals
    -------
    shown(Message) : a message was shown (or shown again)
    cleared(Message) : a message was taken away by its widget
    """

    shown = Signal(object)
    cleared = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._on_show: dict[tuple[str, str], Message] = {}

    def show(self, message: Message) -> None:
        if message.kind not in KINDS:
            raise ValueError(f"a message's kind must be one of {', '.join(KINDS)}; got {message.kind!r}")
        self._on_show[message.source, message.kind] = message
        self.shown.emit(message)

    def clear(self, source: str, kind: str) -> None:
        message = self._on_show.pop((source, kind), None)
        if message is not None:
            self.cleared.emit(message)

    def active(self, source: str | None = None) -> list[Message]:
        """The messages on show (of `source`, or all), oldest first."""
        return [m for m in self._on_show.values() if source is None or m.source == source]


class MessageGroup:
    """The messages of one kind that one widget shows: ``group(text)`` shows, ``group.clear()`` clears.

    Parameters
    ----------
    board : MessageBoard or None
        Where the messages go; None: a board of the group's own (nobody displays it).
    source : str
        The widget's name, so that its messages are its own to clear.
    kind : {"error", "warning", "info"}
    """

    def __init__(self, board: MessageBoard | None, source: str, kind: str):
        if kind not in KINDS:
            raise ValueError(f"a message's kind must be one of {', '.join(KINDS)}; got {kind!r}")
        self.board = board if board is not None else MessageBoard()
        self.source, self.kind = source, kind

    def __call__(self, text: str) -> None:
        self.board.show(Message(self.kind, text, self.source))

    def clear(self) -> None:
        self.board.clear(self.source, self.kind)

    @property
    def text(self) -> str:
        """The message on show ("" for none)."""
        shown = [m for m in self.board.active(self.source) if m.kind == self.kind]
        return shown[0].text if shown else ""
