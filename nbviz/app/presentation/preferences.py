"""The user's remembered choices: play speed, presentation mode, text size, the last preset or file opened,
the folders of the file dialogs and the synthesis dialog's settings.

They are read back from QSettings as text and parsed strictly: a value that is missing keeps the
default, a value that is garbage (hand-edited, from another version) also falls back to the
default and is named in `Choices.unreadable`, so the window can say so instead of guessing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from PySide6.QtCore import QSettings

from .appearance import TEXT_SCALE_RANGE

SPEED_RANGE = (1, 40)  # the speed slider's steps: quarter half-steps per second
DEFAULT_SPEED = 8
LAST_KINDS = ("preset", "file")
KEYS = {
    "speed": "choices/speed",
    "presentation": "choices/presentation",
    "text_scale": "choices/text_scale",
    "last_kind": "choices/last_kind",
    "last_name": "choices/last_name",
}


@dataclass(frozen=True)
class Choices:
    """What the user chose last time.

    Attributes
    ----------
    speed : int
        Play speed in quarter half-steps per second, within SPEED_RANGE.
    presentation : bool
    text_scale : float
        Every text's size times this (Ctrl+= / Ctrl+-), within `TEXT_SCALE_RANGE`.
    last_kind : str
        "preset", "file" or "" (nothing opened yet).
    last_name : str
        The preset's name or the file's absolute path ("" with no last_kind).
    unreadable : tuple of str
        Settings keys whose stored value was garbage (their defaults are used).
    """

    speed: int = DEFAULT_SPEED
    presentation: bool = False
    text_scale: float = 1.0
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
    values: dict[str, object] = {}
    unreadable: list[str] = []
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
    scale = _text(settings, KEYS["text_scale"])
    if scale is not None:
        try:
            number = float(scale)
        except ValueError:
            number = float("nan")
        if TEXT_SCALE_RANGE[0] <= number <= TEXT_SCALE_RANGE[1]:
            values["text_scale"] = number
        else:
            unreadable.append(KEYS["text_scale"])
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
    settings.setValue(KEYS["text_scale"], f"{choices.text_scale:g}")
    settings.setValue(KEYS["last_kind"], choices.last_kind)
    settings.setValue(KEYS["last_name"], choices.last_name)


# ---------------------------------------------------------------------- file dialogs' folders
#: The file dialogs that remember their folder: opening data or sessions, saving sessions, and
#: exports (files, figures and screenshots).
DIRECTORY_KINDS = ("open", "session", "export")


def _directory_key(kind: str) -> str:
    if kind not in DIRECTORY_KINDS:
        raise ValueError(f"no file dialog {kind!r}; use one of {', '.join(DIRECTORY_KINDS)}")
    return f"dialogs/{kind}_directory"


def read_directory(settings: QSettings, kind: str) -> str:
    """The folder the `kind` file dialog used last: an existing absolute folder, or "" for none.

    Nothing stored, garbage and a folder that has since gone all give "" (the dialog's default).
    """
    text = _text(settings, _directory_key(kind))
    if not text or not os.path.isabs(text) or not os.path.isdir(text):
        return ""
    return text


def write_directory(settings: QSettings, kind: str, chosen_path: str) -> None:
    """Remember the folder of `chosen_path`, the file picked in the `kind` dialog (the caller syncs)."""
    settings.setValue(_directory_key(kind), os.path.dirname(os.path.abspath(chosen_path)))


# ---------------------------------------------------------------------- the synthesis dialog
SYNTHESIS_KEYS = {
    "family": "synthesis/family",
    "n": "synthesis/n",
    "k": "synthesis/k",
    "d": "synthesis/d",
    "seed": "synthesis/seed",
}


@dataclass(frozen=True)
class SynthesisChoice:
    """The synthesis dialog's last family, rows N, components K, features D and seed.

    A field is None when nothing was stored or the stored text was garbage; the dialog then
    keeps its default (it also checks each number against its own range).
    """

    family: str | None = None
    n: int | None = None
    k: int | None = None
    d: int | None = None
    seed: int | None = None


def read_synthesis(settings: QSettings, families) -> SynthesisChoice:
    """The stored synthesis choices: `family` one of `families`, the others non-negative integers."""
    family = _text(settings, SYNTHESIS_KEYS["family"])
    numbers = {}
    for name in ("n", "k", "d", "seed"):
        text = _text(settings, SYNTHESIS_KEYS[name])
        numbers[name] = int(text) if text and text.isascii() and text.isdigit() else None
    return SynthesisChoice(family=family if family in tuple(families) else None, **numbers)


def write_synthesis(settings: QSettings, choice: SynthesisChoice) -> None:
    """Store `choice` (every field given; the caller syncs)."""
    for name, key in SYNTHESIS_KEYS.items():
        settings.setValue(key, getattr(choice, name))
