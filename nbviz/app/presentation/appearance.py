"""How the views look: presentation mode (lectures) and the light or dark colour scheme.

`Appearance` is plain state with one signal. The main window creates one and passes it to every
view it makes; a view styles itself from it and restyles on `changed`. It holds no widgets: the
colours are hex strings and the sizes plain numbers, so the views (pyqtgraph pens, Qt fonts, HTML)
turn them into whatever they need.

Presentation mode is for a projector at the back of a lecture hall: larger text, thicker lines,
bigger points and the component colours at full strength with dark outlines.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

# Petroff's ten-colour sequence (M. A. Petroff, "Accessible Color Sequences for Data Visualization",
# 2021, arXiv:2107.02270; matplotlib's "petroff10" style): made for exactly ten categories, its colours
# were chosen to keep the smallest perceptual distance between any two as large as possible under
# simulated deuteranopia, protanopia and tritanopia, among sequences rated pleasing in a survey.
# Okabe-Ito has only eight (one of them black, one a yellow that vanishes on a projector).
_PETROFF_10 = [
    "#3f90da", "#ffa90e", "#bd1f01", "#94a4a2", "#832db6",
    "#a96b59", "#e76300", "#b9ac70", "#717581", "#92dadd",
]  # fmt: skip
# On a dark background the red and the purple are lightened (in OKLab, hue kept) to a 3:1 contrast.
_PETROFF_10_DARK = [*_PETROFF_10[:2], "#c82c13", _PETROFF_10[3], "#9440c8", *_PETROFF_10[5:]]


def component_hex(dark: bool = False) -> list[str]:
    """The ten component colours for a light or dark background (cycled past ten by their users)."""
    return list(_PETROFF_10_DARK if dark else _PETROFF_10)


PRESENTATION_SCALE = {"font": 1.45, "line": 1.8, "point": 1.6}
# The least type in presentation mode, in points: at 96 dpi the digits of 14.5 pt are 14 pixels tall (DejaVu
# Sans), readable from the back of a lecture hall at 1024x768; the E-step board and the lesson's tables 17 px.
PRESENTATION_LEAST_POINTS = 14.5
BOARD_LEAST_POINTS = 17.5
TEXT_SCALE_RANGE = (0.7, 2.5)  # what Ctrl+- and Ctrl+= reach, times the type's size
TEXT_SCALE_STEP = 1.1  # one press of Ctrl+= (Ctrl+- divides by it)


def _by_scheme(light, dark) -> property:
    """A read-only colour: `light` or `dark` by the scheme; a pair is (normal, presentation mode)."""

    def colour(self) -> str:
        """This colour in the current scheme and mode."""
        chosen = dark if self.dark else light
        return chosen if isinstance(chosen, str) else chosen[self.presentation]

    return property(colour)


class Appearance(QObject):
    """Presentation mode and colour scheme, with the sizes and colours they imply.

    Signals
    -------
    changed : presentation mode or the colour scheme changed; views restyle and redraw

    Attributes
    ----------
    presentation : bool
        Larger fonts, thicker lines, bigger points (toggled with F5 in the window).
    text_scale : float
        Every text's size times this (Ctrl+= and Ctrl+- in the window), 1 by default.
    screen : bool
        Drawn on the window's screen (a projector's): presentation mode keeps every text at least
        `PRESENTATION_LEAST_POINTS` and lays the data views' legends out in a strip above the plot.
        False for a figure, whose presentation sizes are scaled alone and whose legend lies in a free
        corner over the plot.
    dark : bool
        Dark backgrounds with light text (follows the system's colour scheme in the window).
    """

    changed = Signal()

    def __init__(self, parent=None, presentation: bool = False, dark: bool = False):
        super().__init__(parent)
        self.presentation = bool(presentation)
        self.dark = bool(dark)
        self.text_scale = 1.0
        self.screen = True  # the window's: presentation mode's least type and legend strip (not a figure's)

    # ----------------------------------------------------------------- state
    def set_presentation(self, on: bool) -> None:
        self._set("presentation", on)

    def set_dark(self, on: bool) -> None:
        self._set("dark", on)

    def set_text_scale(self, scale: float) -> None:
        """Make every text `scale` times its size (within `TEXT_SCALE_RANGE`), and announce it."""
        low, high = TEXT_SCALE_RANGE
        scale = round(min(max(float(scale), low), high), 4)
        if scale != self.text_scale:
            self.text_scale = scale
            self.changed.emit()

    def grow_text(self, steps: int) -> None:
        """Larger type by `steps` presses of Ctrl+= (smaller for negative steps); 0 puts it back."""
        self.set_text_scale(self.text_scale * TEXT_SCALE_STEP**steps if steps else 1.0)

    def _set(self, name: str, on: bool) -> None:
        """Set the flag `name` and announce it, if it changes."""
        if bool(on) != getattr(self, name):
            setattr(self, name, bool(on))
            self.changed.emit()

    # ----------------------------------------------------------------- sizes
    def font_size(self, base: float, least: float = PRESENTATION_LEAST_POINTS) -> float:
        """A font size in points scaled for presentation mode (there at least `least` on the screen) and by
        the user's text scale (Ctrl+= / Ctrl+-)."""
        size = self._scaled("font", base)
        if self.presentation and self.screen:
            size = max(size, least)
        return size * self.text_scale

    def line_width(self, base: float) -> float:
        """A pen width in pixels, thicker in presentation mode."""
        return self._scaled("line", base)

    def point_size(self, base: float) -> float:
        """A marker size or dot radius in pixels, bigger in presentation mode."""
        return self._scaled("point", base)

    def _scaled(self, kind: str, base: float) -> float:
        return base * (PRESENTATION_SCALE[kind] if self.presentation else 1.0)

    # ----------------------------------------------------------------- colours
    # each one hex string by the scheme, light or dark; a pair is (normal, presentation mode)
    background = _by_scheme("#ffffff", "#1e1f22")  # plot background
    foreground = _by_scheme(("#333333", "#000000"), ("#d8d8d8", "#f2f2f2"))  # text and axis labels on plots
    axis_color = _by_scheme(("#777777", "#222222"), ("#8a8a8a", "#c8c8c8"))  # axis lines and ticks
    muted_text = _by_scheme("#555555", "#a8a8a8")  # secondary text (hints, true values), readable on the background
    outline = _by_scheme("#1a1a1a", "#f5f5f5")  # outlines of markers over data (means): unlike fill and background
    highlight_background = _by_scheme("#fff2b3", "#5a4a0c")  # behind a value just changed (normal text readable)
    error_text = _by_scheme("#b00020", "#ff8a80")  # text that reports a problem (a failed fit, a cell not usable)
    problem_background = _by_scheme("#f4a6a6", "#7a2e2e")  # behind a table cell the current message is about
    missing_background = _by_scheme("#fde0e0", "#4a2c2c")  # behind a table cell without a value (fainter)

    def message_colours(self, kind: str) -> tuple[str, str, str]:
        """(background, border, text) of a message box of `kind` ("error" or "notice")."""
        if kind == "error":
            return ("#4a1c1c", "#9c4a4a", "#ffd6d6") if self.dark else ("#fde8e8", "#e0a0a0", "#7a1010")
        return ("#1c2c44", "#4a6f9c", "#d6e6ff") if self.dark else ("#eef5ff", "#a8c4e8", "#123a6b")

    @property
    def component_hex(self) -> list[str]:
        """Component colours, one hex string each (cycled past the end)."""
        return component_hex(self.dark)
