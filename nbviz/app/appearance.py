"""How the views look: presentation mode (lectures) and the light or dark colour scheme.

`Appearance` is plain state with one signal. Every view of a session shares one, found with
``appearance_of(session)``; a view styles itself from it and restyles on `changed`. It holds no
widgets: the colours are hex strings and the sizes plain numbers, so the views (pyqtgraph pens,
Qt fonts, HTML) turn them into whatever they need.

Presentation mode is for a projector at the back of a lecture hall: larger text, thicker lines,
bigger points and the component colours at full strength with dark outlines.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal

# Okabe-Ito (distinguishable with the common forms of colour blindness), then a few Tableau colours
# for K > 8. Index 7 is black on a light background and a light grey on a dark one.
_OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442"]
_EXTRA = ["#8c564b", "#7f7f7f", "#bcbd22", "#17becf"]


def component_hex(dark: bool = False) -> list[str]:
    """The component colours for a light or dark background (black becomes light grey on dark)."""
    return _OKABE_ITO + ["#bdbdbd" if dark else "#000000"] + _EXTRA
PRESENTATION_SCALE = {"font": 1.45, "line": 1.8, "point": 1.6}


class Appearance(QObject):
    """Presentation mode and colour scheme, with the sizes and colours they imply.

    Signals
    -------
    changed : presentation mode or the colour scheme changed; views restyle and redraw

    Attributes
    ----------
    presentation : bool
        Larger fonts, thicker lines, bigger points (toggled with F5 in the window).
    dark : bool
        Dark backgrounds with light text (follows the system's colour scheme in the window).
    """

    changed = Signal()

    def __init__(self, parent=None, presentation: bool = False, dark: bool = False):
        super().__init__(parent)
        self.presentation = bool(presentation)
        self.dark = bool(dark)

    # ----------------------------------------------------------------- state
    def set_presentation(self, on: bool) -> None:
        if bool(on) != self.presentation:
            self.presentation = bool(on)
            self.changed.emit()

    def toggle_presentation(self) -> None:
        self.set_presentation(not self.presentation)

    def set_dark(self, on: bool) -> None:
        if bool(on) != self.dark:
            self.dark = bool(on)
            self.changed.emit()

    # ----------------------------------------------------------------- sizes
    def font_size(self, base: float) -> float:
        """A font size (points or pixels) scaled for presentation mode."""
        return base * (PRESENTATION_SCALE["font"] if self.presentation else 1.0)

    def line_width(self, base: float) -> float:
        """A pen width in pixels, thicker in presentation mode."""
        return base * (PRESENTATION_SCALE["line"] if self.presentation else 1.0)

    def point_size(self, base: float) -> float:
        """A marker size or dot radius in pixels, bigger in presentation mode."""
        return base * (PRESENTATION_SCALE["point"] if self.presentation else 1.0)

    # ----------------------------------------------------------------- colours
    @property
    def background(self) -> str:
        """Plot background."""
        return "#1e1f22" if self.dark else "#ffffff"

    @property
    def foreground(self) -> str:
        """Text and axis labels on plots."""
        if self.dark:
            return "#f2f2f2" if self.presentation else "#d8d8d8"
        return "#000000" if self.presentation else "#333333"

    @property
    def axis_color(self) -> str:
        """Axis lines and ticks."""
        if self.dark:
            return "#c8c8c8" if self.presentation else "#8a8a8a"
        return "#222222" if self.presentation else "#777777"

    @property
    def muted_text(self) -> str:
        """Secondary text (hints, true values): still readable on the background."""
        return "#a8a8a8" if self.dark else "#555555"

    @property
    def outline(self) -> str:
        """Outlines of markers drawn over data (means): contrast with both fill and background."""
        return "#f5f5f5" if self.dark else "#1a1a1a"

    @property
    def highlight_background(self) -> str:
        """Background of a value just changed (readable with the normal text colour)."""
        return "#5a4a0c" if self.dark else "#fff2b3"

    @property
    def error_text(self) -> str:
        """Text that reports a problem (a failed fit, a cell that cannot be used)."""
        return "#ff8a80" if self.dark else "#b00020"

    @property
    def problem_background(self) -> str:
        """Background of a table cell the current message is about (readable with the normal text)."""
        return "#7a2e2e" if self.dark else "#f4a6a6"

    @property
    def missing_background(self) -> str:
        """Background of a table cell without a value (fainter than `problem_background`)."""
        return "#4a2c2c" if self.dark else "#fde0e0"

    def message_colours(self, kind: str) -> tuple[str, str, str]:
        """(background, border, text) of a message box of `kind` ("error" or "notice")."""
        if kind == "error":
            return ("#4a1c1c", "#9c4a4a", "#ffd6d6") if self.dark else ("#fde8e8", "#e0a0a0", "#7a1010")
        return ("#1c2c44", "#4a6f9c", "#d6e6ff") if self.dark else ("#eef5ff", "#a8c4e8", "#123a6b")

    @property
    def component_hex(self) -> list[str]:
        """Component colours, one hex string each (cycled past the end)."""
        return component_hex(self.dark)


def appearance_of(owner: QObject) -> Appearance:
    """The `Appearance` shared by everything that shows `owner` (a Session).

    It lives as a child of `owner`, created (light, normal mode) the first time it is asked for, so
    a view and the window that shows it always agree without passing it around.
    """
    found = owner.findChild(Appearance, options=Qt.FindDirectChildrenOnly)
    return found if found is not None else Appearance(owner)
