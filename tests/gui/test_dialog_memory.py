"""The file dialogs open in the folder used last, the synthesis dialog shows the last choices;
a scripted run (remember_layout False) writes nothing."""

import numpy as np
import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog

from nbviz.app.data.synthesis import random_truth, table_from_truth
from nbviz.app.run.session import Session
from nbviz.gui.dialogs.synthesize import SynthesisDialog
from nbviz.gui.window.main_window import MainWindow


@pytest.fixture
def settings_path(tmp_path):
    return str(tmp_path / "settings.ini")


def make_window(qtbot, settings_path, remember=True):
    window = MainWindow(settings=QSettings(settings_path, QSettings.IniFormat))
    window.remember_layout = remember
    qtbot.addWidget(window)
    return window


NAME = "Old Faithful eruptions"  # the faithful preset's name, which suggested file names start with


class FakeDialogs:
    """Stands in for QFileDialog's static methods: records the path offered, answers `answer`."""

    def __init__(self, monkeypatch):
        self.offered, self.answer = [], ""
        monkeypatch.setattr(QFileDialog, "getOpenFileName", self.ask)
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self.ask)

    def ask(self, _parent, _caption, offered, _filters):
        self.offered.append(offered)
        return self.answer, ""


def folder(tmp_path, name):
    path = tmp_path / name
    path.mkdir()
    return path


def test_open_starts_in_the_folder_of_the_file_opened_last(qtbot, settings_path, tmp_path, monkeypatch):
    dialogs = FakeDialogs(monkeypatch)
    data = folder(tmp_path, "data")
    window = make_window(qtbot, settings_path)
    opened = []
    monkeypatch.setattr(window.files, "open_or_import", opened.append)
    dialogs.answer = str(data / "iris.csv")
    window.files.choose_file()
    assert dialogs.offered == [""] and opened == [str(data / "iris.csv")]
    dialogs.answer = ""  # cancelled: the remembered folder stays
    window.files.choose_file()
    later = make_window(qtbot, settings_path)  # the next time nbviz starts
    monkeypatch.setattr(later.files, "open_or_import", opened.append)
    later.files.choose_file()
    assert dialogs.offered == ["", str(data), str(data)] and len(opened) == 1


def test_session_export_and_screenshot_dialogs_remember_their_folders(qtbot, settings_path, tmp_path, monkeypatch):
    dialogs = FakeDialogs(monkeypatch)
    sessions, exports = folder(tmp_path, "sessions"), folder(tmp_path, "exports")
    window = make_window(qtbot, settings_path)
    window.files.load_preset("faithful")
    dialogs.answer = str(sessions / "mine")
    assert window.files.choose_session_path()
    assert (sessions / "mine.nbviz").exists()
    dialogs.answer = str(exports / "trace.csv")
    window.exports.choose_export_path("trace")
    assert (exports / "trace.csv").exists()
    assert dialogs.offered == [f"{NAME}.nbviz", f"{NAME}-trace.csv"]

    later = make_window(qtbot, settings_path)
    later.files.load_preset("faithful")
    dialogs.answer = ""
    later.files.choose_session_path()
    later.exports.choose_export_path("parameters-json")
    later.choose_screenshot()  # screenshots share the exports' folder
    assert dialogs.offered[2:] == [
        str(sessions / f"{NAME}.nbviz"),
        str(exports / f"{NAME}-parameters.json"),
        str(exports / "nbviz.png"),
    ]
    dialogs.answer = str(sessions / "shot.png")
    later.choose_screenshot()
    later.choose_screenshot()
    assert dialogs.offered[-1] == str(sessions / "nbviz.png")


def test_a_scripted_run_writes_no_folder_and_offers_plain_names(qtbot, settings_path, tmp_path, monkeypatch):
    dialogs = FakeDialogs(monkeypatch)
    remembered = make_window(qtbot, settings_path)
    remembered.files.load_preset("faithful")
    dialogs.answer = str(folder(tmp_path, "exports") / "t.csv")
    remembered.exports.choose_export_path("trace")
    scripted = make_window(qtbot, settings_path, remember=False)
    scripted.files.load_preset("faithful")
    dialogs.answer = str(folder(tmp_path, "elsewhere") / "t.csv")
    scripted.exports.choose_export_path("trace")
    assert dialogs.offered == [f"{NAME}-trace.csv", f"{NAME}-trace.csv"]  # the user's folder not used either
    stored = QSettings(settings_path, QSettings.IniFormat)
    assert stored.value("dialogs/export_directory", type=str) == str(tmp_path / "exports")


def make_dialog(qtbot, settings):
    dialog = SynthesisDialog(Session(), settings=settings)
    qtbot.addWidget(dialog)
    return dialog


def shown(dialog):
    return dialog.family, dialog.n_spin.value(), dialog.k_spin.value(), dialog.n_features, dialog.seed_spin.value()


def test_the_synthesis_dialog_opens_with_the_choices_of_the_last_ok(qtbot, settings_path):
    dialog = make_dialog(qtbot, QSettings(settings_path, QSettings.IniFormat))
    dialog.family_box.setCurrentIndex(dialog.family_box.findData("bernoulli"))
    dialog.n_spin.setValue(321)
    dialog.k_spin.setValue(4)
    dialog.d_spin.setValue(16)
    dialog.seed_spin.setValue(99)
    cancelled = make_dialog(qtbot, QSettings(settings_path, QSettings.IniFormat))
    cancelled.n_spin.setValue(5)
    cancelled.reject()  # nothing stored
    dialog.accept()
    assert dialog.session.problem.n_samples == 321
    again = make_dialog(qtbot, QSettings(settings_path, QSettings.IniFormat))
    assert shown(again) == ("bernoulli", 321, 4, 16, 99)
    # the table holds parameters drawn for the restored family, K, D and seed
    drawn = table_from_truth(random_truth("bernoulli", 4, 16, 99))
    np.testing.assert_allclose(np.array(again.cells(), dtype=float), drawn, atol=1e-6)


def test_garbage_synthesis_settings_give_the_defaults(qtbot, settings_path):
    defaults = shown(make_dialog(qtbot, None))
    with open(settings_path, "w") as stream:  # D 500 is outside the multinomial range (2..400), K 0 below 1
        stream.write("[synthesis]\nfamily=multinomial\nn=abc\nk=0\nd=500\nseed=12\n")
    dialog = make_dialog(qtbot, QSettings(settings_path, QSettings.IniFormat))
    assert shown(dialog) == ("multinomial", defaults[1], defaults[2], 20, 12)
    assert shown(make_dialog(qtbot, None)) == defaults


def test_the_window_gives_the_synthesis_dialog_its_settings_only_when_remembering(qtbot, settings_path):
    window = make_window(qtbot, settings_path)
    assert window.files.choose_synthesis().settings is window.settings
    scripted = make_window(qtbot, settings_path, remember=False)
    assert scripted.files.choose_synthesis().settings is None
