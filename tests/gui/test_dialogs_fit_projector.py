"""Every dialog fits a 1024x768 projector in presentation mode: its size hint and its least size, at the
presentation fonts (the main window's, which a dialog parented to it inherits), within the screen."""

import pytest
from PySide6.QtCore import QSettings
from window_dialogs import DIALOGS

from nbviz.app.presentation.window_size import FRAME_ALLOWANCE
from nbviz.gui.window.main_window import MainWindow

SCREEN = (1024, 768)


@pytest.fixture
def window(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.presentation_layout.set_full_screen(False)
    window.resize(*SCREEN)
    window.appearance.set_presentation(True)
    assert window.files.load_preset("gmm-2d")
    window.take_half_steps(2)
    return window


@pytest.mark.parametrize("name", list(DIALOGS))
def test_each_dialog_fits_a_1024x768_screen_at_presentation_fonts(qtbot, window, name):
    dialog = DIALOGS[name](window)
    qtbot.addWidget(dialog)
    width, height = SCREEN[0] - FRAME_ALLOWANCE[0], SCREEN[1] - FRAME_ALLOWANCE[1]
    for hint in (dialog.minimumSizeHint(), dialog.sizeHint()):
        assert hint.width() <= width and hint.height() <= height, (name, hint)


def test_choose_k_fits_beside_the_data_on_a_1024x768_screen(qtbot, window):
    panel = window.choose_k
    hint = panel.minimumSizeHint()
    assert hint.width() <= SCREEN[0] // 2 and hint.height() <= SCREEN[1] - FRAME_ALLOWANCE[1], hint


@pytest.mark.parametrize("name", ["synthesise", "import preview", "start editor"])
def test_each_dialog_opens_within_a_1024x768_screen(qtbot, window, name, monkeypatch):
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QScreen

    monkeypatch.setattr(QScreen, "availableSize", lambda screen: QSize(*SCREEN))
    dialog = DIALOGS[name](window)
    qtbot.addWidget(dialog)
    assert dialog.width() <= SCREEN[0] - FRAME_ALLOWANCE[0] and dialog.height() <= SCREEN[1] - FRAME_ALLOWANCE[1]


@pytest.mark.parametrize("name", list(DIALOGS))
def test_no_dialog_row_overlaps_the_next_on_a_1024x768_screen(qtbot, window, name, monkeypatch):
    """Shown at the size it opens with, each of the dialog's rows (wrapped labels included) ends above
    the next one's top: no item of its layout is squeezed over another."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QScreen

    monkeypatch.setattr(QScreen, "availableSize", lambda screen: QSize(*SCREEN))
    dialog = DIALOGS[name](window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    layout = dialog.layout()
    rects = [
        layout.itemAt(i).geometry()
        for i in range(layout.count())
        if not layout.itemAt(i).isEmpty() and layout.itemAt(i).geometry().height() > 0
    ]
    overlaps = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :] if a.intersects(b)]
    assert not overlaps, (name, overlaps)


def test_the_import_previews_choices_show_their_whole_detected_names(qtbot, window):
    """ "comma (detected)" and "point  1.5 (detected)" are written after the boxes were first sized:
    the boxes grow to them rather than show "comma (det"."""
    dialog = DIALOGS["import preview"](window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for combo in (dialog.delimiter_combo, dialog.decimal_combo):
        assert combo.currentText().endswith("(detected)")
        text = combo.fontMetrics().horizontalAdvance(combo.currentText())
        assert combo.width() >= text + 24, (combo.currentText(), combo.width(), text)  # and its arrow
