"""Spin boxes, combo boxes and sliders take the mouse wheel only when they have focus, everywhere."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QSlider

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.gui.widgets.wheel_guard import WheelGuard, install_wheel_guard

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def window(make_main_window):
    win = make_main_window(active=True)
    assert win.session.load(Problem.synthesised(TRUTH, 120, seed=0), ModelConfig(n_components=2, seed=2))
    for _ in range(3):
        assert win.session.step()
    return win


def turn_wheel(widget, notches: int = 1) -> bool:
    """One wheel turn of `notches` (up) over `widget`'s centre; whether the widget took it."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def value_of(widget):
    return widget.currentIndex() if isinstance(widget, QComboBox) else widget.value()


GUARDED = {
    "seed": lambda w: w.controls.seed_spin,
    "K": lambda w: w.controls.k_spin,
    "prior α": lambda w: w.controls.alpha_spin,
    "model": lambda w: w.controls.model_combo,
    "start method": lambda w: w.controls.init_combo,
    "speed": lambda w: w.controls.speed_slider,
}


@pytest.mark.parametrize("name", list(GUARDED))
def test_a_wheel_turn_over_an_unfocused_field_changes_nothing_and_scrolls_on(window, qtbot, name):
    widget = GUARDED[name](window)
    window.data_view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.data_view)
    session = window.session
    before = (value_of(widget), session.config, list(session.history), session.cursor)
    assert not turn_wheel(widget)  # not taken: Qt offers the turn to the parent, the panel scrolls
    assert not turn_wheel(widget, -1)
    assert (value_of(widget), session.config, list(session.history), session.cursor) == before
    assert widget.focusPolicy() != Qt.FocusPolicy.WheelFocus  # a wheel turn does not give it focus
    assert widget.focusPolicy() & Qt.FocusPolicy.ClickFocus  # a click does


def test_a_focused_field_takes_the_wheel(window, qtbot):
    field = window.controls.seed_spin
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    assert turn_wheel(field)
    assert field.value() == 3 and window.session.config.seed == 3  # one step up
    assert window.session.undo_history.undo() and field.value() == 2  # and that change can be undone


def test_every_guarded_widget_of_the_app_is_guarded_in_dialogs_made_later(window, qtbot):
    dialog = window.files.choose_synthesis()
    qtbot.waitExposed(dialog)
    widgets = [
        w for top in (window, dialog) for kind in (QAbstractSpinBox, QComboBox, QSlider) for w in top.findChildren(kind)
    ]
    assert len(widgets) > 15
    unfocused = [w for w in widgets if not w.hasFocus() and w.isVisible() and w.isEnabled()]
    assert unfocused
    before = [value_of(w) for w in unfocused]
    assert not any(turn_wheel(w) for w in unfocused)
    assert [value_of(w) for w in unfocused] == before
    assert all(w.focusPolicy() != Qt.FocusPolicy.WheelFocus for w in widgets)
    dialog.reject()


def test_scroll_bars_are_not_guarded_and_the_guard_is_installed_once(window):
    bar = window.docks.control_dock.widget().verticalScrollBar()
    assert not isinstance(bar, (QAbstractSpinBox, QComboBox, QSlider))
    app = QApplication.instance()
    assert install_wheel_guard(app) is install_wheel_guard()
    assert len(app.findChildren(WheelGuard)) == 1
