"""The stepping keys work whatever widget has focus; number fields take digits, Enter and Escape."""

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QDockWidget, QLineEdit, QSpinBox, QVBoxLayout

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def window(make_main_window):
    win = make_main_window(active=True)
    assert win.session.load(Problem.synthesised(TRUTH, 120, seed=0), ModelConfig(n_components=2, seed=2))
    return win


def focus(qtbot, widget):
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)
    return widget


def press(qtbot, key, modifier=Qt.KeyboardModifier.NoModifier):
    """A key pressed as a user presses it: to whatever widget has focus."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifier)


FOCUSED = {
    "seed field": lambda w: w.controls.seed_spin,
    "K field": lambda w: w.controls.k_spin,
    "prior field (decimal)": lambda w: w.controls.alpha_spin,
    "model choice": lambda w: w.controls.model_combo,
    "start method choice": lambda w: w.controls.init_combo,
    "a button": lambda w: w.controls.reset_button,
    "a check box": lambda w: w.controls.hard_check,
    "history slider": lambda w: w.history_slider,
    "data view": lambda w: w.data_view,
}


def shown_value(widget):
    """What a focused widget would change if it took the keys itself."""
    for reading in ("text", "currentIndex", "isChecked", "value"):
        if hasattr(widget, reading) and not (reading == "text" and hasattr(widget, "currentIndex")):
            return getattr(widget, reading)()
    return None


@pytest.mark.parametrize("where", list(FOCUSED))
def test_the_stepping_keys_work_whatever_has_focus(window, qtbot, where):
    session = window.session
    widget = focus(qtbot, FOCUSED[where](window))
    before = shown_value(widget)
    press(qtbot, Qt.Key.Key_E)
    press(qtbot, Qt.Key.Key_M)
    press(qtbot, Qt.Key.Key_I)  # after an M-step: E then M
    assert [s.phase for s in session.history] == ["init", "E", "M", "E", "M"] and session.cursor == 4
    expected_cursors = [
        (Qt.Key.Key_Left, 3),
        (Qt.Key.Key_Home, 0),
        (Qt.Key.Key_Right, 1),
        (Qt.Key.Key_End, 4),
        (Qt.Key.Key_PageUp, 3),  # a presenter remote's Previous
        (Qt.Key.Key_PageDown, 4),  # Next: forward through what was computed, nothing dropped
    ]
    for key, cursor in expected_cursors:
        press(qtbot, key)
        assert session.cursor == cursor and len(session.history) == 5, key
    press(qtbot, Qt.Key.Key_PageDown)  # Next at the end: a new half-step, the E-step of iteration 3
    assert len(session.history) == 6 and session.cursor == 5 and session.snapshot.phase == "E"
    assert session.snapshot.iteration == 3
    press(qtbot, Qt.Key.Key_Space)
    assert session.player.playing
    press(qtbot, Qt.Key.Key_Space)
    assert not session.player.playing
    press(qtbot, Qt.Key.Key_R)
    assert len(session.history) == 1
    assert QApplication.focusWidget() is widget and shown_value(widget) == before  # the widget took none of them


def test_a_disabled_command_key_does_not_reach_the_widget(window, qtbot):
    combo = focus(qtbot, window.controls.model_combo)
    index, config = combo.currentIndex(), window.session.config
    assert not window.commands["m_step"].isEnabled()  # no E-step yet
    press(qtbot, Qt.Key.Key_M)  # a combo box would pick the item starting with "M"
    press(qtbot, Qt.Key.Key_End)  # ... or its last item
    assert combo.currentIndex() == index and window.session.config is config and len(window.session.history) == 1
    press(qtbot, Qt.Key.Key_PageDown)  # Next: the first E-step
    press(qtbot, Qt.Key.Key_Home)
    assert combo.currentIndex() == index and window.session.config is config
    assert [s.phase for s in window.session.history] == ["init", "E"] and window.session.cursor == 0


def test_a_number_field_takes_digits_and_enter_returns_to_the_view(window, qtbot):
    session = window.session
    field = focus(qtbot, window.controls.k_spin)
    field.selectAll()
    qtbot.keyClicks(field, "3x")  # letters are refused
    assert field.text() == "3" and session.n_components == 2  # not used until Enter
    press(qtbot, Qt.Key.Key_Return)
    assert session.n_components == 3 and session.config.n_components == 3
    assert QApplication.focusWidget() is window.data_view
    press(qtbot, Qt.Key.Key_E)  # the keys go on working from the view
    assert len(session.history) == 2


def test_escape_in_a_number_field_drops_the_digits_and_returns_to_the_view(window, qtbot):
    session = window.session
    field = focus(qtbot, window.controls.seed_spin)
    field.selectAll()
    qtbot.keyClicks(field, "77")
    assert field.text() == "77"
    history = list(session.history)
    press(qtbot, Qt.Key.Key_Escape)
    assert field.value() == 2 and field.text() == "2" and session.config.seed == 2
    assert list(session.history) == history
    assert QApplication.focusWidget() is window.data_view


def test_f5_and_escape_reach_their_shortcuts_from_a_number_field(window, qtbot):
    focus(qtbot, window.controls.k_spin)
    presentation = window.appearance.presentation
    press(qtbot, Qt.Key.Key_F5)  # from the number field: presentation mode, not a digit
    assert window.appearance.presentation is not presentation
    press(qtbot, Qt.Key.Key_Escape)  # Esc leaves presentation mode wherever the focus went
    assert window.appearance.presentation is presentation


def test_ctrl_z_from_a_number_field_undoes_the_change_it_made(window, qtbot):
    session = window.session
    for _ in range(3):
        session.step()
    history = list(session.history)
    assert not window.commands["undo"].isEnabled()
    field = focus(qtbot, window.controls.k_spin)
    field.selectAll()
    qtbot.keyClicks(field, "4")
    press(qtbot, Qt.Key.Key_Enter)
    assert session.n_components == 4 and len(session.history) == 1 and window.commands["undo"].isEnabled()
    focus(qtbot, field)
    press(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert list(session.history) == history and session.cursor == 6 and field.value() == 2
    assert window.commands["redo"].isEnabled() and not window.commands["undo"].isEnabled()
    press(qtbot, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert session.n_components == 4 and field.value() == 4
    press(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert session.n_components == 4  # nothing more to redo
    assert window.commands["undo"] in window.menuBar().actions()[1].menu().actions()  # Edit → Undo


def test_free_text_and_dialogs_keep_their_keys(window, qtbot):
    session = window.session
    text = QLineEdit()
    dock = QDockWidget("Notes", window)
    dock.setWidget(text)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    focus(qtbot, text)
    qtbot.keyClicks(text, "Em ri")
    press(qtbot, Qt.Key.Key_Home)
    assert text.text() == "Em ri" and text.cursorPosition() == 0 and len(session.history) == 1
    dialog = QDialog(window)
    field = QSpinBox(dialog)
    QVBoxLayout(dialog).addWidget(field)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    focus(qtbot, field)
    press(qtbot, Qt.Key.Key_E)
    press(qtbot, Qt.Key.Key_PageUp)
    assert len(session.history) == 1  # a dialog is not the window: its fields are its own
