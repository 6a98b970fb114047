"""Remembered choices: a round trip through QSettings, and garbage falling back to the defaults."""

import pytest
from PySide6.QtCore import QSettings

from nbviz.app.presentation.preferences import (
    DEFAULT_SPEED,
    Choices,
    SynthesisChoice,
    read_choices,
    read_directory,
    read_synthesis,
    write_choices,
    write_directory,
    write_synthesis,
)


def settings_at(tmp_path, text=None):
    path = tmp_path / "settings.ini"
    if text is not None:
        path.write_text(text)
    return QSettings(str(path), QSettings.IniFormat)


def test_choices_round_trip(tmp_path):
    chosen = Choices(speed=17, presentation=True, last_kind="file", last_name="/data/my table.csv")
    settings = settings_at(tmp_path)
    write_choices(settings, chosen)
    settings.sync()
    back = read_choices(settings_at(tmp_path))
    assert back == chosen and back.unreadable == ()


def test_nothing_stored_gives_the_defaults_without_a_complaint(tmp_path):
    back = read_choices(settings_at(tmp_path))
    assert back == Choices() and back.speed == DEFAULT_SPEED and back.unreadable == ()


@pytest.mark.parametrize(
    "line, key",
    [
        ("speed=0", "choices/speed"),
        ("speed=41", "choices/speed"),
        ("speed=2.5", "choices/speed"),
        ("presentation=1", "choices/presentation"),
        ("presentation=yes", "choices/presentation"),
        ("last_kind=preset", "choices/last_kind"),  # a preset without a name
    ],
)
def test_each_garbage_value_is_named_and_replaced_by_its_default(tmp_path, line, key):
    back = read_choices(settings_at(tmp_path, f"[choices]\n{line}\n"))
    assert back.unreadable == (key,)
    assert (back.speed, back.presentation, back.last_kind, back.last_name) == (DEFAULT_SPEED, False, "", "")


def test_good_values_survive_beside_a_bad_one(tmp_path):
    back = read_choices(
        settings_at(tmp_path, "[choices]\nspeed=40\npresentation=oops\nlast_kind=preset\nlast_name=iris\n")
    )
    assert (back.speed, back.presentation, back.last_kind, back.last_name) == (40, False, "preset", "iris")
    assert back.unreadable == ("choices/presentation",)


FAMILIES = ("gaussian", "bernoulli", "multinomial")


def test_a_dialog_remembers_the_folder_of_the_file_chosen(tmp_path):
    folder = tmp_path / "my data"
    folder.mkdir()
    settings = settings_at(tmp_path)
    write_directory(settings, "open", str(folder / "iris.csv"))
    settings.sync()
    back = settings_at(tmp_path)
    assert read_directory(back, "open") == str(folder)
    assert read_directory(back, "export") == ""  # each dialog has its own folder


@pytest.mark.parametrize("stored", ["relative/folder", "@Invalid()", "", "{gone}"])
def test_garbage_or_a_vanished_folder_gives_no_folder(tmp_path, stored):
    stored = stored.replace("{gone}", str(tmp_path / "gone"))
    assert read_directory(settings_at(tmp_path, f"[dialogs]\nexport_directory={stored}\n"), "export") == ""


def test_an_unknown_dialog_is_a_programming_error(tmp_path):
    with pytest.raises(ValueError, match="no file dialog 'print'"):
        read_directory(settings_at(tmp_path), "print")


def test_synthesis_choice_round_trip(tmp_path):
    chosen = SynthesisChoice(family="bernoulli", n=750, k=4, d=25, seed=2**31 - 2)
    settings = settings_at(tmp_path)
    write_synthesis(settings, chosen)
    settings.sync()
    assert read_synthesis(settings_at(tmp_path), FAMILIES) == chosen


def test_each_garbage_synthesis_value_becomes_none(tmp_path):
    text = "[synthesis]\nfamily=poisson\nn=-5\nk=3\nd=2.5\nseed=lots\n"
    assert read_synthesis(settings_at(tmp_path, text), FAMILIES) == SynthesisChoice(k=3)


def test_nothing_stored_gives_no_synthesis_choice(tmp_path):
    assert read_synthesis(settings_at(tmp_path), FAMILIES) == SynthesisChoice()
