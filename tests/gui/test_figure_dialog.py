"""The figure export's options dialog: PNG size as a scale, a width or a print size; remembered."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt

from nbviz.gui.figures.options_dialog import FigureOptionsDialog

TITLE = "gmm-2d · Gaussian mixture, full covariance, K = 3 · iteration 3, after the E-step"


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_a_width_in_pixels_becomes_the_scale_and_is_remembered(qtbot, settings):
    dialog = FigureOptionsDialog(settings, layout_width=500, png=True, default_title=TITLE)
    qtbot.addWidget(dialog)
    dialog.mode.setCurrentIndex(1)  # width in pixels
    dialog.width_box.setValue(1500)
    dialog.presentation.setChecked(True)
    assert "1500 pixels wide" in dialog.result_size.text()
    dialog.accept()
    options = dialog.options()
    assert options.scale == pytest.approx(3.0) and options.presentation and options.dpi is None
    again = FigureOptionsDialog(settings, layout_width=500, png=True, default_title=TITLE)
    qtbot.addWidget(again)
    assert again.options().scale == pytest.approx(3.0) and again.presentation.isChecked()


def test_a_print_width_at_300_dpi(qtbot, settings):
    dialog = FigureOptionsDialog(settings, layout_width=600, png=True, default_title=TITLE)
    qtbot.addWidget(dialog)
    dialog.mode.setCurrentIndex(2)
    dialog.print_width.setValue(12.7)  # 5 inches
    dialog.dpi.setValue(300)
    options = dialog.options()
    assert options.scale == pytest.approx(1500 / 600) and options.dpi == 300  # 5 in x 300 dpi = 1500 px


def test_a_cancelled_dialog_remembers_nothing_and_svg_ignores_the_size(qtbot, settings):
    dialog = FigureOptionsDialog(settings, layout_width=500, png=True, default_title=TITLE)
    qtbot.addWidget(dialog)
    dialog.scale.setCurrentIndex(1)  # 2x
    dialog.reject()
    assert settings.value("figure_export/scale") is None
    vector = FigureOptionsDialog(settings, layout_width=500, png=False, default_title=TITLE)
    qtbot.addWidget(vector)
    assert vector.options().scale == 1.0 and not vector.mode.isVisibleTo(vector)


def test_the_title_can_be_turned_off_or_given_and_off_is_remembered(qtbot, settings):
    dialog = FigureOptionsDialog(settings, layout_width=500, png=False, default_title=TITLE)
    qtbot.addWidget(dialog)
    assert dialog.show_title.isChecked() and dialog.options().show_title and dialog.options().title is None
    qtbot.keyClicks(dialog.title, "  Figure 2  ")
    assert dialog.options().title == "Figure 2"
    qtbot.mouseClick(dialog.show_title, Qt.MouseButton.LeftButton, pos=QPoint(5, dialog.show_title.height() // 2))
    assert not dialog.options().show_title and not dialog.title.isEnabled()
    dialog.accept()
    again = FigureOptionsDialog(settings, layout_width=500, png=False, default_title=TITLE)
    qtbot.addWidget(again)
    assert not again.options().show_title and again.title.text() == ""  # the words belong to one figure


@pytest.mark.parametrize("menu, words", [("responsibilities-figure", "Responsibility map · "), ("data-figure", "")])
def test_the_empty_title_field_shows_the_title_the_figure_gets(make_main_window, tmp_path, monkeypatch, menu, words):
    from PySide6.QtWidgets import QFileDialog

    from nbviz.app.presentation.presets import load_preset

    window = make_main_window()
    window.remember_layout = False
    window.session.load(*load_preset("gmm-2d"))
    for _ in range(3):
        assert window.session.next_half_step()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "f.svg"), ""))
    shown = []

    def left_empty(dialog):  # the user reads the field and presses OK
        shown.append(dialog.title.placeholderText())
        assert dialog.title.text() == "" and dialog.title.isEnabled()
        dialog.accept()
        return FigureOptionsDialog.DialogCode.Accepted

    monkeypatch.setattr(FigureOptionsDialog, "exec", left_empty)
    window.exports.choose_export_path(menu)
    title = ET.parse(tmp_path / "f.svg").getroot().findtext("{http://www.w3.org/2000/svg}title")
    assert shown == [title]  # what the field showed is what the figure got
    assert title.startswith(words + "Three 2-D Gaussians · ") and title.endswith(" · iteration 2, after the E-step")
