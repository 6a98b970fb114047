"""Qt's own console messages: the known harmless ones are dropped, everything else is passed on.

Qt prints some messages whatever the program does, e.g. the offscreen platform's "This plugin does
not support propagateSizeHints()" on every window shown. A successful run of ``nbviz`` should say
nothing on stderr, so `install` puts a message handler in front of Qt's that drops exactly these
(`HARMLESS`) and hands every other message to the handler that was there before (Qt's default
prints it on stderr).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

# messages that say nothing about nbviz: the start of the text as Qt words it
HARMLESS = (
    "This plugin does not support propagateSizeHints()",  # offscreen and minimal platforms, every window
    "This plugin does not support raise()",
    "This plugin does not support grabbing the keyboard",
)
_ACTIVE: list = []  # the installed filters, kept alive while Qt may call them


def is_harmless(message_type: QtMsgType, text: str) -> bool:
    """Whether a Qt message is one of the known harmless ones (never a critical or fatal message)."""
    if message_type in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
        return False
    return text.startswith(HARMLESS)


class QtMessageFilter:
    """A Qt message handler that drops `HARMLESS` messages and passes the rest to the previous handler.

    Use ``QtMessageFilter().install()`` and ``uninstall()`` (or as a context manager). ``dropped``
    counts the messages dropped.
    """

    def __init__(self) -> None:
        self.previous: Callable | None = None
        self.installed = False
        self.dropped = 0

    def __call__(self, message_type, context, text: str) -> None:
        if is_harmless(message_type, text):
            self.dropped += 1
            return
        if self.previous is not None:
            self.previous(message_type, context, text)
        else:  # Qt's default handler, which the previous one was: Qt's own format on stderr
            import sys

            print(text, file=sys.stderr)

    def install(self) -> QtMessageFilter:
        self.previous = qInstallMessageHandler(self)
        self.installed = True
        _ACTIVE.append(self)
        return self

    def uninstall(self) -> None:
        if self.installed:
            qInstallMessageHandler(self.previous)
            self.installed = False
            _ACTIVE.remove(self)

    def __enter__(self) -> QtMessageFilter:
        return self.install()

    def __exit__(self, *exc) -> None:
        self.uninstall()
