"""A message strip at the top of the workspace: errors stay until dismissed, notices fade."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton

from ...app.presentation.appearance import Appearance
from ...app.presentation.messages import Message, MessageBoard

translate = QCoreApplication.translate

NOTICE_SECONDS = 8


def message_style(appearance: Appearance, kind: str) -> str:
    """Style-sheet declarations (background, border, text colour) of an "error" or "notice" box."""
    background, border, text = appearance.message_colours(kind)
    return f"background: {background}; border: 1px solid {border}; color: {text};"


class MessageBanner(QFrame):
    """Shows one message; `show_error` stays, `show_notice` hides itself after a few seconds.

    Its colours follow `appearance` (light or dark scheme); without one it stays light.
    """

    def __init__(self, appearance: Appearance | None = None, parent=None):
        super().__init__(parent)
        self.appearance = appearance if appearance is not None else Appearance(self)
        self.appearance.changed.connect(self.apply_appearance)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(
            self.label.textInteractionFlags() | self.label.textInteractionFlags().TextSelectableByMouse
        )
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip(translate("nbviz", "Dismiss"))
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(close)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.kind = ""
        self._board: MessageBoard | None = None
        self.hide()

    @property
    def text(self) -> str:
        return self.label.text()

    def show_error(self, message: str) -> None:
        self._show("error", message)

    def show_notice(self, message: str) -> None:
        self._show("notice", message)
        self._timer.start(NOTICE_SECONDS * 1000)

    def follow(self, board: MessageBoard) -> None:
        """Show the widgets' messages from `board`: errors and warnings stay, infos fade."""
        self._board = board
        board.shown.connect(self.show_message)
        board.cleared.connect(self.clear_message)

    def clear_outdated(self) -> None:
        """Hide an error said about the model shown before (call it when a new run replaces that model).

        A message that a widget still shows on the followed board stays: it is about that widget, not the run.
        """
        if not self.isVisible() or self.kind != "error":
            return
        if self._board is not None and any(message.text == self.text for message in self._board.active()):
            return
        self.hide()

    def show_message(self, message: Message) -> None:
        if message.kind == "info":
            self.show_notice(message.text)
        else:
            self.show_error(message.text)

    def clear_message(self, message: Message) -> None:
        """Hide the banner if it still shows `message` (its widget took it away)."""
        if self.isVisible() and self.text == message.text:
            self.hide()

    def _show(self, kind: str, message: str) -> None:
        self._timer.stop()
        self.kind = kind
        self.apply_appearance()
        self.label.setText(message)
        self.show()

    def apply_appearance(self) -> None:
        """The colours of the message shown (or last shown) for the appearance's scheme."""
        if self.kind:
            self.setStyleSheet(f"MessageBanner {{{message_style(self.appearance, self.kind)} border-radius: 4px;}}")
