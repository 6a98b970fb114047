"""The user's remembered choices: play speed, presentation mode, the last preset or file opened.

They are read back from QSettings as text and parsed strictly: a value that is missing keeps the
default, a value that is garbage (hand-edited, from another version) also falls back to the
default and is named in `Choices.unreadable`, so the window can say so instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QSettings

SPEED_RANGE = (1, 40)  # the speed slider's steps: quarter half-steps per second
DEFAULT_SPEED = 8
LAST_KINDS = ("preset", "file")
KEYS = {"speed": "choices/speed", "presentation": "choices/presentation",
        "last_kind": "choices/last_kind", "last_name": "choices/last_name"}


@dataclass(frozen=True)
class Choices:
    """What the user chose last time.

    Attributes
    ----------
    speed : int
        Play speed in quarter half-steps per second, within SPEED_RANGE.
    presentation : bool
    last_kind : str
        "preset", "file" or "" (nothing opened yet).
    last_name : str
        The preset's name or the file's absolute path ("" with no last_kind).
    unreadable : tuple of str
        Settings keys whose stored value was garbage (their defaults are used).
    """

    speed: int = DEFAULT_SPEED
    presentation: bool = False
    last_kind: str = ""
    last_name: str = ""
    unreadable: tuple[str, ...] = field(default=(), compare=False)


def _text(settings: QSettings, key: str) -> str | None:
    """The stored value as text, or None when there is none (or it cannot even be read as text)."""
    if not settings.contains(key):
        return None
    try:
        value = settings.value(key, "", type=str)
    except (TypeError, ValueError, RuntimeError):
        return ""
    return value.strip() if isinstance(value, str) else ""


def read_choices(settings: QSettings) -> Choices:
    """The choices stored in `settings`; defaults for what is missing or unreadable."""
    defaults = Choices()
    values, unreadable = {}, []
    speed = _text(settings, KEYS["speed"])
    if speed is not None:
        low, high = SPEED_RANGE
        if speed.isdigit() and low <= int(speed) <= high:
            values["speed"] = int(speed)
        else:
            unreadable.append(KEYS["speed"])
    presentation = _text(settings, KEYS["presentation"])
    if presentation is not None:
        if presentation.lower() in ("true", "false"):
            values["presentation"] = presentation.lower() == "true"
        else:
            unreadable.append(KEYS["presentation"])
    kind, name = _text(settings, KEYS["last_kind"]), _text(settings, KEYS["last_name"])
    if kind is not None or name is not None:
        if kind in LAST_KINDS and name:
            values.update(last_kind=kind, last_name=name)
        elif kind or name:  # both empty means "nothing yet"
            unreadable.append(KEYS["last_kind"])
    return Choices(**{**defaults.__dict__, **values, "unreadable": tuple(unreadable)})


def write_choices(settings: QSettings, choices: Choices) -> None:
    """Store `choices` (the caller syncs)."""
    settings.setValue(KEYS["speed"], int(choices.speed))
    settings.setValue(KEYS["presentation"], bool(choices.presentation))
    settings.setValue(KEYS["last_kind"], choices.last_kind)
    settings.setValue(KEYS["last_name"], choices.last_name)
