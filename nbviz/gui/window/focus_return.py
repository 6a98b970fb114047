"""After a dialog closes, the window is active again and the focus is back where it was.

A keyboard or screen-reader user who opens the synthesis dialog from the seed field and cancels
it should be in the seed field again, not nowhere: window managers differ in what they activate
when a dialog goes, and some activate nothing. `FocusReturn` remembers the window's last focused
widget and, when a dialog of the window is hidden, activates the window and focuses that widget
again (or `home`, the data view, when it is gone: the start page's button after a file opened).
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QChildEvent, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget


class FocusReturn(QObject):
    """Gives `window` the focus back after each of its dialogs closes (see the module docstring).

    Parameters
    ----------
    window : QWidget
        Owns this object; its dialogs are its children.
    home : callable
        ``home()`` -> where the focus goes when the widget that had it is no longer shown.
    """

    def __init__(self, window: QWidget, home: Callable[[], QWidget]):
        super().__init__(window)
        self.window, self.home = window, home
        self.last: QWidget | None = None
        app = QApplication.instance()
        assert isinstance(app, QApplication)  # widgets exist only in a QApplication
        app.focusChanged.connect(self._focus_changed)
        window.installEventFilter(self)  # its child dialogs are watched once made

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and shiboken6.isValid(self.window) and new.window() is self.window:
            self.last = new

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ChildPolished and watched is self.window:
            assert isinstance(event, QChildEvent)
            child = event.child()
            if isinstance(child, QDialog):
                child.installEventFilter(self)
        elif kind == QEvent.Type.Hide and isinstance(watched, QDialog):
            QTimer.singleShot(0, self, self.restore)  # once the dialog has gone
        return False

    def restore(self) -> None:
        """Activate the window and focus the widget that had the focus (unless another dialog is open)."""
        if not shiboken6.isValid(self.window) or not self.window.isVisible() or QApplication.activeModalWidget():
            return
        target = self.last
        if target is None or not shiboken6.isValid(target) or not target.isVisible() or not target.isEnabled():
            target = self.home()
        self.window.activateWindow()
        target.setFocus(Qt.FocusReason.ActiveWindowFocusReason)
