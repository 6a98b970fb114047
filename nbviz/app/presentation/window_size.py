"""The window's size: read from ``--size WIDTHxHEIGHT``, and fitted to the screen it opens on.

Scripted runs (``--screenshot``, exports) render at a fixed size so their pictures are the same
every time: `BATCH_SIZE` unless ``--size`` says otherwise. An interactive window opens at
`DEFAULT_SIZE` or the screen's available size, whichever is smaller, so nothing starts off screen
on a 1024x768 projector.
"""

from __future__ import annotations

import re

DEFAULT_SIZE = (1400, 900)  # a first start, on a screen large enough
BATCH_SIZE = (1400, 900)  # --screenshot / --save-session / exports without --size
MIN_SIZE = (320, 240)
MAX_SIZE = (16384, 16384)
USAGE = "--size must be WIDTHxHEIGHT in pixels, e.g. 1024x768"

_PATTERN = re.compile(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*")


def parse_size(text: str) -> tuple[int, int]:
    """``"1024x768"`` as ``(1024, 768)``; ValueError saying what is wrong and what to write.

    Parameters
    ----------
    text : str
        WIDTH and HEIGHT in pixels, separated by ``x`` (``X`` and ``×`` are accepted too).

    Returns
    -------
    (width, height) : tuple of int
        Each within `MIN_SIZE` .. `MAX_SIZE`.
    """
    match = _PATTERN.fullmatch(text)
    if match is None:
        raise ValueError(f"{USAGE}; got {text!r}")
    size = (int(match.group(1)), int(match.group(2)))
    for value, low, high, name in zip(size, MIN_SIZE, MAX_SIZE, ("width", "height")):
        if not low <= value <= high:
            raise ValueError(f"--size {name} must be from {low} to {high} pixels; got {text!r}")
    return size


def fit_size(wanted: tuple[int, int], available: tuple[int, int]) -> tuple[int, int]:
    """`wanted` (width, height) shrunk to fit `available`, each side on its own; never below 1."""
    return (max(1, min(wanted[0], available[0])), max(1, min(wanted[1], available[1])))


FRAME_ALLOWANCE = (16, 48)  # pixels the window manager's frame and title bar may take


def first_size(available: tuple[int, int]) -> tuple[int, int]:
    """The window's size on a first start: `DEFAULT_SIZE`, shrunk so that it and its frame fit `available`."""
    return fit_size(DEFAULT_SIZE, (available[0] - FRAME_ALLOWANCE[0], available[1] - FRAME_ALLOWANCE[1]))
