"""Spin boxes, combo boxes and sliders take the mouse wheel only when they have focus.

Scrolling the Controls panel with the wheel used to change whatever number, choice or slider
passed under the pointer (a seed of 2 became 24; K changed on a converged fit) and so threw the
run away. One `WheelGuard`, an application event filter, keeps that from happening everywhere in
the app, in panels and dialogs made later too:

- a wheel turn over such a widget without focus is passed on to its parent (the panel scrolls);
- a wheel turn does not give them focus (Qt's default for them): a click or Tab does.

Once focused (clicked, or tabbed to) they take the wheel as usual. Scroll bars are not guarded.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QSlider, QWidget

GUARDED = (QAbstractSpinBox, QComboBox, QSlider)
WHEEL = QEvent.Type.Wheel
POLISH = QEvent.Type.Polish


def no_wheel_focus(widget: QWidget) -> None:
    """Let a wheel turn over `widget` leave the focus where it is (a click or Tab still focuses it)."""
    if widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


class WheelGuard(QObject):
    """An application event filter: guarded widgets take the wheel only when focused.

    Install it once with `install_wheel_guard`.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # every event of the application passes here: the cheap test first (asking an event its
        # type builds a Python enum member, which costs more than the isinstance test)
        if not isinstance(watched, GUARDED):
            return False
        kind = event.type()
        if kind == WHEEL:
            if not watched.hasFocus():
                event.ignore()  # not taken: Qt offers it to the parent (the scroll area scrolls)
                return True
        elif kind == POLISH:  # once per widget, before it is shown
            no_wheel_focus(watched)
        return False


def install_wheel_guard(app: QCoreApplication | None = None) -> WheelGuard:
    """The application's one `WheelGuard`, installed on first use; widgets that exist already are guarded too."""
    app = app or QApplication.instance()
    if not isinstance(app, QApplication):
        raise RuntimeError("the wheel guard needs a QApplication: create one before the window")
    guard = app.findChild(WheelGuard)
    if guard is None:
        guard = WheelGuard(app)
        app.installEventFilter(guard)
        for widget in app.allWidgets():
            if isinstance(widget, GUARDED):
                no_wheel_focus(widget)
    return guard
