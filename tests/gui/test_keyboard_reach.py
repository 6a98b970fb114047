"""Everything by keyboard: Tab visits every region in the lesson's order and comes back, tables do not
trap it, arrow keys select points, the focus comes back after a dialog, every key is listed in Help,
and "Describe this view" reads the focused plot."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from nbviz.gui.window.help.dialogs import OTHER_KEYS, show_shortcuts

MAX_PRESSES = 80  # the Gaussian window has ~35 tab stops


@pytest.fixture(scope="module")
def shared_window(qapp, tmp_path_factory):
    """One active window for the module (a window takes ~1 s to build and show)."""
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.main_window import MainWindow

    path = tmp_path_factory.mktemp("settings") / "settings.ini"
    win = MainWindow(settings=QSettings(str(path), QSettings.Format.IniFormat), remember_layout=False)
    win.resize(1400, 900)  # the three columns of panels (a small window has them as tabs of one column)
    win.show()
    win.activateWindow()
    yield win
    win.close()
    win.deleteLater()


@pytest.fixture
def window(shared_window, qtbot):
    """The shared window on the Gaussian preset, three half-steps in, active."""
    shared_window.activateWindow()
    qtbot.waitActive(shared_window)
    assert shared_window.files.load_preset("faithful")
    shared_window.take_half_steps(3)
    return shared_window


def focus(qtbot, widget):
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget or widget.isAncestorOf(QApplication.focusWidget()))


def holder(widget, ring):
    """The tab stop that holds `widget` (a spin box for its text field)."""
    while widget is not None and widget not in ring:
        widget = widget.parentWidget()
    return widget


def walk(qtbot, window, key):
    """Press `key` from the first tab stop until the focus is back there; the stops visited, in order."""
    ring = window.tab_order.ring()
    focus(qtbot, ring[0])
    visited = [ring[0]]
    for _ in range(MAX_PRESSES):
        qtbot.keyClick(QApplication.focusWidget(), key)
        here = holder(QApplication.focusWidget(), ring)
        if here is ring[0]:
            return visited
        visited.append(here)
    raise AssertionError(f"{key} did not come back to the first control within {MAX_PRESSES} presses")


def test_tab_visits_each_region_in_the_lessons_order_and_comes_back(window, qtbot):
    visited = walk(qtbot, window, Qt.Key.Key_Tab)
    places = {
        "controls": window.controls.model_combo,
        "data view": window.data_view.scatter.plot,
        "history": window.history_slider,
        "objective": window.objective.plot,
        "parameters": window.parameters.browser,
        "means table": window.parameters.matrix.means_table,
        "probe field": window.inspector.probe_edit,
    }
    order = {name: visited.index(widget) for name, widget in places.items()}
    assert list(order.values()) == sorted(order.values()), order
    assert len(set(visited)) == len(visited)  # each stop once: no table keeps the focus
    backwards = walk(qtbot, window, Qt.Key.Key_Backtab)
    assert backwards == [visited[0], *reversed(visited[1:])]


def test_tab_leaves_a_table_at_once(window, qtbot):
    table = window.parameters.matrix.means_table
    focus(qtbot, table)
    table.setCurrentCell(0, 0)
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.parameters.matrix.component_choice


def test_arrow_keys_select_the_nearest_point_that_way_and_the_inspector_follows(window, qtbot):
    session, scatter = window.session, window.data_view.scatter
    focus(qtbot, scatter.plot)
    qtbot.keyClick(scatter.plot, Qt.Key.Key_Up)  # nothing selected: the point nearest the middle
    first = session.selected
    assert first >= 0 and window.inspector.breakdown.index == first
    pixels, _ = scatter.pixels_on_screen()
    qtbot.keyClick(scatter.plot, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert pixels[session.selected, 0] > pixels[first, 0]
    qtbot.keyClick(scatter.plot, Qt.Key.Key_Down)
    moved = session.selected
    assert session.cursor == 3  # Up and Down, and Shift+Right, leave the history where it is
    qtbot.keyClick(scatter.plot, Qt.Key.Key_Left)  # alone, Left steps back through the history
    assert session.cursor == 2 and session.selected == moved


def test_up_and_down_walk_the_responsibility_maps_rows(window, qtbot):
    assert window.files.load_preset("bars")
    window.take_half_steps(1)
    heatmap = window.data_view.heatmap
    focus(qtbot, heatmap.plot)
    qtbot.keyClick(heatmap.plot, Qt.Key.Key_Down)
    qtbot.keyClick(heatmap.plot, Qt.Key.Key_Down)
    assert window.session.selected == int(heatmap.rows[1])


def test_the_focus_comes_back_after_a_dialog(window, qtbot):
    focus(qtbot, window.controls.seed_spin)
    dialog = window.files.choose_synthesis()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    dialog.reject()
    qtbot.waitUntil(lambda: holder(QApplication.focusWidget(), [window.controls.seed_spin]) is not None)
    assert QApplication.activeWindow() is window


def test_the_shortcuts_list_names_every_key_of_the_window(window, qtbot):
    dialog = show_shortcuts(window)
    qtbot.addWidget(dialog)
    text = dialog.findChild(type(dialog.layout().itemAt(0).widget())).toPlainText()
    keys = [
        key.toString() for action in window.findChildren(type(window.commands["e_step"])) for key in action.shortcuts()
    ]
    assert len(keys) > 25
    assert [key for key in keys if key not in text] == []
    assert all(key in text for key, _ in OTHER_KEYS)
    assert "Describe this view" in text and "Ctrl+D" in text


def test_describe_this_view_reads_and_copies_the_focused_plot(window, qtbot):
    focus(qtbot, window.objective.plot)
    qtbot.keyClick(window.objective.plot, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("Objective curve: the log-likelihood at each half-step. The log-likelihood of the 4")
    focus(qtbot, window.controls.k_spin)  # not a plot: the data view is described
    window.commands["describe"].trigger()
    assert (
        QGuiApplication.clipboard().text().startswith("Data view: waiting (up) against eruptions (across). 272 points")
    )
