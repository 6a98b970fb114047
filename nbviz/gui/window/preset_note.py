"""A dismissable line above the data view: what to look at in the preset that is open, and a link to its
lesson in the user guide."""

from __future__ import annotations

import html
import re
from html import escape

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton

from ...app.presentation.appearance import Appearance
from ...app.presentation.presets import Preset
from ..style.theme import window_font

translate = QCoreApplication.translate

# what a line never breaks inside: a bracketed formula with what it is glued to ("P(x1=1|C=0)", "(5, 0),"),
# a pair of numbers ("0.195 / 0.805") and an equation's sides ("π2 = 0.388")
FORMULA = re.compile(r"\S*\([^()]*\)\S*|[\d.]+ / [\d.]+|\S+ = [^\s,;]+")


WORD_JOINER = "\u2060"  # no line break on either side of it (Qt's rich text has no white-space on a span)


def glued(text: str) -> str:
    """`text` that no line breaks: its spaces no-break spaces, a word joiner after each | / - (where lines may
    otherwise break)."""
    text = text.replace(" ", "\u00a0")
    for mark in "|/-":
        text = text.replace(mark, mark + WORD_JOINER)
    return text


def unbroken_formulas(text: str) -> str:
    """`text` as rich text whose formulas are never broken across lines."""
    parts, end = [], 0
    for match in FORMULA.finditer(text):
        parts.append(html.escape(text[end : match.start()]))
        parts.append(html.escape(glued(match.group())))
        end = match.end()
    parts.append(html.escape(text[end:]))
    return "".join(parts)


class PresetNote(QFrame):
    """Shows a preset's note until it is dismissed or other data is opened.

    Its colours follow `appearance` (light or dark scheme); its text is as large as the window's
    (larger in presentation mode), in the words of the mode shown (the board when presenting, the View
    menu's E-step board otherwise: `Preset.note_text`). Its link asks for the preset's section of the guide
    (`guide_requested`).

    Attributes
    ----------
    preset : str or None
        The preset whose note is shown (None: none).
    """

    guide_requested = Signal(str)  # a link into the user guide: page.md#section
    preset: str | None = None
    _shown: Preset | None = None

    def __init__(self, appearance: Appearance | None = None, parent=None):
        super().__init__(parent)
        self.setObjectName("preset_note")
        self.appearance = appearance if appearance is not None else Appearance(self)
        self.appearance.changed.connect(self.apply_appearance)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setToolTip(translate("nbviz", "What to look at in this preset"))
        self.label.setTextFormat(Qt.TextFormat.RichText)  # the note, then its link to the guide
        self.label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.label.linkActivated.connect(self.guide_requested)
        self._text = ""
        self.guide = ""  # the link into the guide shown after the text
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(translate("nbviz", "Hide this note"))
        self.close_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button)
        self.apply_appearance()
        self.hide()

    @property
    def text(self) -> str:
        """The note shown (without its link), as plain text."""
        return self._text

    def show_note(self, preset: Preset, guide: str = "") -> None:
        """Show `preset`'s note in the words of the mode shown, ended by a link to `guide` (a link into the user
        guide) if given; an empty note hides it. The link follows the text rather than standing beside it, so
        the note is no taller."""
        self._shown = preset if preset.note else None
        self.preset = preset.name if preset.note else None
        self.guide = guide
        self._write()
        self.setVisible(self._shown is not None)

    def _write(self) -> None:
        shown = self._shown
        self._text = "" if shown is None else shown.note_text(self.appearance.presentation, translate)
        colour = self.appearance.message_colours("notice")[2]
        lesson = translate("nbviz", "The lesson…")
        link = f'&nbsp; <a href="{escape(self.guide)}" style="color: {colour}">{lesson}</a>' if self.guide else ""
        self.label.setText(unbroken_formulas(self._text) + link if self._text else "")

    def dismiss(self) -> None:
        """Hide the note (until the next preset is opened)."""
        self._text = self.guide = ""
        self._shown = self.preset = None
        self.label.clear()
        self.hide()

    def apply_appearance(self) -> None:
        background, border, text = self.appearance.message_colours("notice")
        # a styled widget does not follow the window's font: the text and its ✕ as large as the window's
        self.label.setFont(window_font(self.appearance))
        self.close_button.setFont(window_font(self.appearance))
        self._write()  # the mode's words, the link in the note's colour
        self.setStyleSheet(
            f"QFrame#preset_note {{ background: {background}; border: 1px solid {border}; border-radius: 3px; }}"
            f"QFrame#preset_note QLabel {{ color: {text}; border: none; }}"
            f"QFrame#preset_note QToolButton {{ color: {text}; }}"  # the ✕ reads in either scheme
        )
