"""A message strip at the top of the workspace: errors stay until dismissed, notices fade."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton

STYLES = {
    "error": "background: #fde8e8; border: 1px solid #e0a0a0; color: #7a1010;",
    "notice": "background: #eef5ff; border: 1px solid #a8c4e8; color: #123a6b;",
}
NOTICE_SECONDS = 8


class MessageBanner(QFrame):
    """Shows one message; `show_error` stays, `show_notice` hides itself after a few seconds."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(self.label.textInteractionFlags() | self.label.textInteractionFlags().TextSelectableByMouse)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip("Dismiss")
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(close)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.kind = ""
        self.hide()

    @property
    def text(self) -> str:
        return self.label.text()

    def show_error(self, message: str) -> None:
        self._show("error", message)

    def show_notice(self, message: str) -> None:
        self._show("notice", message)
        self._timer.start(NOTICE_SECONDS * 1000)

    def _show(self, kind: str, message: str) -> None:
        self._timer.stop()
        self.kind = kind
        self.setStyleSheet(f"MessageBanner {{{STYLES[kind]} border-radius: 4px;}}")
        self.label.setText(message)
        self.show()
