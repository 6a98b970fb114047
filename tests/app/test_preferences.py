"""Remembered choices: a round trip through QSettings, and garbage falling back to the defaults."""

import pytest
from PySide6.QtCore import QSettings

from nbviz.app.preferences import DEFAULT_SPEED, Choices, read_choices, write_choices


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


@pytest.mark.parametrize("line, key", [
    ("speed=0", "choices/speed"), ("speed=41", "choices/speed"), ("speed=2.5", "choices/speed"),
    ("presentation=1", "choices/presentation"), ("presentation=yes", "choices/presentation"),
    ("last_kind=preset", "choices/last_kind"),  # a preset without a name
])
def test_each_garbage_value_is_named_and_replaced_by_its_default(tmp_path, line, key):
    back = read_choices(settings_at(tmp_path, f"[choices]\n{line}\n"))
    assert back.unreadable == (key,)
    assert (back.speed, back.presentation, back.last_kind, back.last_name) == (DEFAULT_SPEED, False, "", "")


def test_good_values_survive_beside_a_bad_one(tmp_path):
    back = read_choices(settings_at(tmp_path, "[choices]\nspeed=40\npresentation=oops\nlast_kind=preset\n"
                                              "last_name=iris\n"))
    assert (back.speed, back.presentation, back.last_kind, back.last_name) == (40, False, "preset", "iris")
    assert back.unreadable == ("choices/presentation",)
