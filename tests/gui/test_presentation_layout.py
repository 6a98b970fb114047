"""Presentation mode as a layout: full screen, the data view and the objective curve, P and Esc."""

import re

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication, QTextOption

from nbviz.app.presentation.presets import PRESETS
from nbviz.app.presentation.window_size import FRAME_ALLOWANCE
from nbviz.gui.window.main_window import MainWindow
from nbviz.gui.window.overlay import PARAMETERS_MIN_WIDTH


def make_window(qtbot, settings_path, size=None, full_screen=True):
    window = MainWindow(settings=QSettings(str(settings_path), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.presentation_layout.set_full_screen(full_screen)
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def settings_path(tmp_path):
    return tmp_path / "settings.ini"


@pytest.fixture
def window(qtbot, settings_path):
    return make_window(qtbot, settings_path)


def side_docks(window):
    return [window.docks.control_dock, window.docks.parameters_dock, window.docks.inspector_dock]


def test_f5_fills_the_screen_with_the_data_and_the_objective_and_esc_puts_everything_back(qtbot, window):
    assert window.files.load_preset("gmm-2d")
    window.docks.bound_dock.show()
    window.take_half_steps(3)
    before = window.geometry().size()
    assert all(dock.isVisible() for dock in side_docks(window))
    qtbot.keyClick(window, Qt.Key_F5)
    qtbot.waitUntil(window.isFullScreen)
    screen = QGuiApplication.primaryScreen().geometry().size()
    qtbot.waitUntil(lambda: window.size() == screen)
    assert window.appearance.presentation
    assert not any(dock.isVisible() for dock in (*side_docks(window), window.docks.bound_dock))
    assert window.docks.objective_dock.isVisible() and window.data_view.isVisible()
    assert window.menuBar().isVisible() and not window.statusBar().isVisible()  # View can bring a dock back
    # the status bar's facts are in the objective's title bar: half-step 3 is the E-step of iteration 2
    line = window.presentation_layout.status_line
    assert window.docks.objective_dock.titleBarWidget() is line and line.isVisible()
    objective = window.session.snapshot.objective
    assert re.search(r"Iteration 2, (after the )?E-step", line.text())  # in fewer words on a narrow screen
    assert f"{abs(objective):.4f}" in line.text()

    qtbot.keyClick(window.data_view, Qt.Key_Escape)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not window.appearance.presentation and not window.commands["presentation"].isChecked()
    assert all(dock.isVisible() for dock in (*side_docks(window), window.docks.bound_dock))
    assert window.menuBar().isVisible() and window.statusBar().isVisible()
    assert window.docks.objective_dock.titleBarWidget() is None and not line.isVisible()
    qtbot.waitUntil(lambda: window.geometry().size() == before)


def test_the_status_line_follows_the_cursor(qtbot, window):
    assert window.files.load_preset("gmm-1d")
    window.appearance.set_presentation(True)
    line = window.presentation_layout.status_line
    assert "Iteration 0, start" in line.text()
    window.take_half_steps(2)
    assert re.search(r"Iteration 1, (after the )?M-step", line.text())  # in fewer words on a narrow screen
    window.session.set_cursor(1)
    assert re.search(r"Iteration 1, (after the )?E-step", line.text())
    expected = window.session.history[1].objective
    assert f"−{abs(expected):.4f}" in line.text() if expected < 0 else f"{expected:.4f}" in line.text()


def test_p_toggles_the_parameters_overlay_only_in_presentation_mode(qtbot, window):
    assert window.files.load_preset("gmm-2d")
    overlay = window.presentation_layout.parameters_overlay
    qtbot.keyClick(window.data_view, Qt.Key_P)
    assert not overlay.isVisible()  # P means nothing outside presentation mode
    assert not window.presentation_layout.parameters_action.isEnabled()
    assert not window.presentation_layout.leave_action.isEnabled()  # nor does Esc
    window.appearance.set_presentation(True)
    qtbot.keyClick(window.data_view, Qt.Key_P)
    assert overlay.isVisible() and overlay.parent() is window.data_view
    assert "weight π" in overlay.text() and "Component 1" in overlay.text()
    view = window.data_view.rect()
    assert view.contains(overlay.geometry()) and overlay.width() >= PARAMETERS_MIN_WIDTH
    for page in range(1, overlay.panel.pages):  # a text longer than the box: P shows its next page
        qtbot.keyClick(window.data_view, Qt.Key_P)
        assert overlay.isVisible() and overlay.panel.page == page and f"page {page + 1} of" in overlay.title.text()
    qtbot.keyClick(window.data_view, Qt.Key_P)  # after the last page P hides it
    assert not overlay.isVisible()
    qtbot.keyClick(window.data_view, Qt.Key_P)
    window.appearance.set_presentation(False)  # leaving hides it; coming back shows it as it was
    assert not overlay.isVisible()
    window.appearance.set_presentation(True)
    assert overlay.isVisible()


@pytest.mark.parametrize("name", list(PRESETS))
def test_at_1024x768_every_preset_gives_the_data_and_the_board_half_the_screen_and_clips_no_text(
    qtbot, settings_path, name
):
    window = make_window(qtbot, settings_path, size=(1024, 768), full_screen=False)
    window.appearance.set_presentation(True)
    assert window.files.load_preset(name)
    window.take_half_steps(3)
    window.presentation_layout.parameters_action.trigger()
    qtbot.wait(10)
    assert window.size().width() == 1024 and window.size().height() == 768
    view, board, note = window.data_view, window.docks.board_dock, window.preset_note
    lesson = view.width() * view.height() + (board.width() * board.height() if board.isVisible() else 0)
    lesson += note.width() * note.height() if note.isVisible() else 0  # the lesson's words, at the least type
    assert lesson >= 0.5 * 1024 * 768, (view.width(), view.height(), board.width())
    assert view.width() * view.height() >= 0.25 * 1024 * 768, (view.width(), view.height())
    if board.isVisible():  # the board's numbers are all in view, none broken
        board_browser = window.board.browser
        assert board_browser.document().idealWidth() <= board_browser.viewport().width() + 1
        assert board_browser.document().size().height() <= board_browser.viewport().height() + 1
    line = window.presentation_layout.status_line
    assert line.label.width() >= line.label.sizeHint().width()  # the status is not cut short
    # the parameters wrap only between words, and every word fits: nothing is clipped or broken
    browser = window.presentation_layout.parameters_overlay.panel.browser
    assert browser.wordWrapMode() == QTextOption.WrapMode.WordWrap
    assert browser.document().idealWidth() <= browser.viewport().width() + 1


def test_presentation_chosen_on_the_start_page_applies_when_data_arrives(qtbot, window):
    window.appearance.set_presentation(True)
    assert not any(dock.isVisible() for dock in side_docks(window))
    assert window.files.load_preset("iris")
    assert window.docks.objective_dock.isVisible() and not window.docks.control_dock.isVisible()
    window.appearance.set_presentation(False)  # the docks as the workspace first showed them
    assert all(dock.isVisible() for dock in side_docks(window))


def test_closing_in_presentation_mode_remembers_the_users_docks_not_the_projectors(qtbot, settings_path):
    first = make_window(qtbot, settings_path, full_screen=False)
    assert first.files.load_preset("faithful")
    first.docks.inspector_dock.hide()
    first.appearance.set_presentation(True)
    first.close()

    second = make_window(qtbot, settings_path, full_screen=False)
    second.appearance.set_presentation(False)
    assert second.files.load_preset("faithful")
    assert second.docks.control_dock.isVisible() and second.docks.parameters_dock.isVisible()
    assert not second.docks.inspector_dock.isVisible()


def test_a_first_start_fits_the_screen_with_its_frame(qtbot, settings_path):
    window = MainWindow(settings=QSettings(str(settings_path), QSettings.IniFormat))
    qtbot.addWidget(window)
    available = QGuiApplication.primaryScreen().availableSize()  # 800 x 600 offscreen: smaller than 1400 x 900
    assert window.width() == min(1400, available.width() - FRAME_ALLOWANCE[0])
    assert window.height() == min(900, available.height() - FRAME_ALLOWANCE[1])


def test_presenting_the_objective_legend_is_in_the_header_not_on_the_curves(qtbot, settings_path):
    window = make_window(qtbot, settings_path, size=(1024, 768), full_screen=False)
    assert window.files.load_preset("iris")
    window.take_half_steps(5)
    curve = window.objective
    assert curve.legend.isVisible()  # the normal layout keeps the legend in the plot
    window.appearance.set_presentation(True)
    line = window.presentation_layout.status_line
    assert not curve.legend.isVisible()
    assert curve.key.isVisible() and curve.key.parent() is line
    assert "ELBO" in curve.key.text() and ("log-lik." in curve.key.text() or "objective" in curve.key.text())
    # the key fits beside the iteration and objective, inside the header and clear of the plot
    key = curve.key.geometry()
    assert key.left() >= line.label.geometry().right() and key.right() <= line.width()
    assert curve.key.text_width(curve.key.text()) <= key.width()
    assert window.width() == 1024  # and does not widen the window
    window.appearance.set_presentation(False)
    assert curve.legend.isVisible() and not curve.key.isVisible()


def test_at_1024x768_a_converged_runs_status_line_is_whole_with_a_long_objective_name(qtbot, settings_path):
    """lecture-fruit's objective, "complete-data log-lik. + log-prior", and "converged" do not both fit
    beside the legend: the line names it shortly rather than cut "converged" to "conve"."""
    window = make_window(qtbot, settings_path, size=(1024, 768), full_screen=False)
    window.appearance.set_presentation(True)
    assert window.files.load_preset("lecture-fruit")
    window.take_half_steps(5)
    qtbot.wait(10)
    assert window.session.converged
    line = window.presentation_layout.status_line
    assert line.label.width() >= line.label.sizeHint().width(), line.text()
    assert line.text().endswith("· converged"), line.text()
