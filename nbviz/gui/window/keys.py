"""The stepping keys answer whatever widget of the window has focus.

Qt lets the focused widget claim a key before any shortcut: a spin box keeps letters, Space,
Left/Right and Home/End for its text, a button takes Space, a combo box searches its items by
letter and steps them with Home/End and PageUp/PageDown. A lecturer who last typed a seed would
find E, M and Space dead. `StepKeys` sits on whichever widget of the window has focus and stops
it from claiming the keys of the window's stepping commands, so their QAction shortcuts fire as
they do from anywhere else (a disabled command's key then does nothing, rather than reaching the
widget).

Number fields (spin boxes) take digits and "." (the numeric keypad's decimal key types "." even
where it is a comma: the window has one decimal mark, `language`); Enter commits the number and
Escape puts the shown value back, and both hand the focus back to the view. Free-text fields keep
every key. Keys that are not the stepping commands' (F5, Escape, Tab, ...) are never claimed:
presentation mode's F5 and Escape reach their shortcuts from a number field too.
"""

from __future__ import annotations

from collections.abc import Iterable

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QKeySequenceEdit,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.run.outcome import Outcome
from ...app.run.session import Session

KEY_EVENTS = (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)
# Help → Keyboard shortcuts' line for the number fields' keys
NUMBER_FIELD_HELP = (
    QT_TRANSLATE_NOOP("nbviz", "Enter / Esc in a number field"),
    QT_TRANSLATE_NOOP("nbviz", "Use / drop the number typed, and go back to the view"),
)
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def next_half_step(session: Session) -> Outcome:
    """Forward one half-step, as a presenter remote's Next does.

    The next half-step computed so far when the cursor was scrubbed back (nothing is discarded),
    else a new one (E after M or at the start, M after E).
    """
    if session.has_run and session.cursor < len(session.history) - 1:
        session.set_cursor(session.cursor + 1)
        return Outcome.done()
    return session.next_half_step()


def is_free_text(widget: QObject) -> bool:
    """Whether `widget` edits free text, where every key types (a number field does not)."""
    if isinstance(widget, QComboBox):
        return widget.isEditable()
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        return not widget.isReadOnly()
    if isinstance(widget, QLineEdit):
        return not widget.isReadOnly() and not isinstance(widget.parentWidget(), QAbstractSpinBox)
    return isinstance(widget, QKeySequenceEdit)


class StepKeys(QObject):
    """Gives `actions`' shortcut keys priority over the focused widget of `window`.

    Parameters
    ----------
    window : QWidget
        The window whose widgets (and floating docks) are watched; owns this object.
    actions : iterable of QAction
        The commands whose keys always work (single-key shortcuts, with or without modifiers).
    home : QWidget
        Where Enter and Escape in a number field send the focus (the data view).
    """

    def __init__(self, window: QWidget, actions: Iterable[QAction], home: QWidget):
        super().__init__(window)
        self._window = window
        self._home = home
        self._keys = {
            sequence[0].toCombined()  # type: ignore[index]  # QKeySequence is indexable (stubs say not)
            for action in actions
            for sequence in action.shortcuts()
            if sequence.count() == 1
        }
        self._watched: QWidget | None = None
        app = QApplication.instance()
        assert isinstance(app, QApplication)  # widgets exist only in a QApplication
        app.focusChanged.connect(self._focus_changed)
        self._focus_changed(None, app.focusWidget())

    @property
    def watched(self) -> QWidget | None:
        """The focused widget the keys are taken from (None: no widget of the window has focus)."""
        return self._watched

    def _belongs(self, widget: QWidget) -> bool:
        top = widget.window()
        return top is self._window or (isinstance(top, QDockWidget) and top.parentWidget() is self._window)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self._watched is not None and shiboken6.isValid(self._watched):
            self._watched.removeEventFilter(self)
        self._watched = None
        if new is not None and shiboken6.isValid(self._window) and self._belongs(new):
            new.installEventFilter(self)
            self._watched = new

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in KEY_EVENTS or is_free_text(watched):
            return False
        assert isinstance(event, QKeyEvent)
        if event.keyCombination().toCombined() in self._keys:
            event.ignore()  # not claimed: the shortcut fires; a disabled command's key stops here
            return True
        if isinstance(watched, QAbstractSpinBox):
            return self._number_field_key(watched, event)
        return False

    def _number_field_key(self, field: QAbstractSpinBox, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Comma and event.modifiers() & Qt.KeyboardModifier.KeypadModifier:
            if event.type() == QEvent.Type.KeyPress:  # the keypad's decimal key (a comma in Germany) types "."
                field.event(QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Period, event.modifiers(), "."))
            return True
        if key in ENTER_KEYS and event.type() == QEvent.Type.KeyPress:
            field.event(event)  # the field commits the number it shows (and emits editingFinished)
            self._home.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return True
        if key == Qt.Key.Key_Escape:
            self._revert(field)
            self._home.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return False  # Escape goes on to its shortcut (leaving presentation mode) or the view

    @staticmethod
    def _revert(field: QAbstractSpinBox) -> None:
        """Show the field's value again instead of the digits typed (focus out would commit them)."""
        value = getattr(field, "value", None)
        setter = getattr(field, "setValue", None)
        if callable(value) and callable(setter):
            setter(value())
