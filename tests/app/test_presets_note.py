"""The preset's note in the workspace: shown when a preset opens, dismissable, gone with other data."""

import numpy as np
import pytest
from PySide6.QtCore import Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.presets import PRESETS


@pytest.fixture
def window(make_main_window):
    return make_main_window()


def test_a_preset_shows_its_note_above_the_data_and_selects_its_row(window):
    assert window.files.load_preset("lecture-eight-points")
    note = window.preset_note
    assert note.isVisible() and note.text == PRESETS["lecture-eight-points"].note_text(presenting=False)
    assert note.geometry().bottom() <= window.data_view.geometry().top()  # above the data view
    assert window.session.selected == 7
    assert "(0, 0, 1)" in note.text


def test_the_note_can_be_dismissed_and_comes_back_with_the_next_preset(window, qtbot):
    assert window.files.load_preset("lecture-two-documents")
    qtbot.mouseClick(window.preset_note.close_button, Qt.MouseButton.LeftButton)
    assert not window.preset_note.isVisible()
    assert window.files.load_preset("lecture-fruit")
    assert window.preset_note.isVisible() and "banana" in window.preset_note.text


def test_other_data_takes_the_note_away(window):
    assert window.files.load_preset("gmm-1d")
    assert window.preset_note.isVisible()
    truth = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0], [4.0]], covariances=np.ones((2, 1, 1)))
    assert window.session.load(Problem.synthesised(truth, 50, seed=0), ModelConfig(n_components=2))
    assert not window.preset_note.isVisible()


def test_the_note_follows_the_colour_scheme(window):
    assert window.files.load_preset("lecture-sampling")
    light = window.preset_note.styleSheet()
    window.set_dark(True)
    assert window.preset_note.styleSheet() != light
    assert window.appearance.message_colours("notice")[0] in window.preset_note.styleSheet()


def test_the_note_grows_with_presentation_mode(window):
    assert window.files.load_preset("lecture-five-points")
    normal = window.preset_note.label.font().pointSizeF()
    window.appearance.set_presentation(True)
    assert window.preset_note.label.font().pointSizeF() == pytest.approx(window.font().pointSizeF())
    assert window.preset_note.label.font().pointSizeF() > normal
