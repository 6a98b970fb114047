"""A dismissable line above the data view: what to look at in the preset that is open, and a link to its
lesson in the user guide."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton

from ...app.presentation.appearance import Appearance
from ..style.theme import window_font


class PresetNote(QFrame):
    """Shows a preset's note until it is dismissed or other data is opened.

    Its colours follow `appearance` (light or dark scheme); its text is as large as the window's
    (larger in presentation mode). Its link asks for the preset's section of the guide (`guide_requested`).
    """

    guide_requested = Signal(str)  # a link into the user guide: page.md#section

    def __init__(self, appearance: Appearance | None = None, parent=None):
        super().__init__(parent)
        self.setObjectName("preset_note")
        self.appearance = appearance if appearance is not None else Appearance(self)
        self.appearance.changed.connect(self.apply_appearance)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setToolTip("What to look at in this preset")
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
        self.close_button.setToolTip("Hide this note")
        self.close_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button)
        self.apply_appearance()
        self.hide()

    @property
    def text(self) -> str:
        """The note shown (without its link)."""
        return self._text

    def show_note(self, text: str, guide: str = "") -> None:
        """Show `text`, ended by a link to `guide` (a link into the user guide) if given; an empty text hides
        the note. The link follows the text rather than standing beside it, so the note is no taller."""
        self._text, self.guide = text, guide
        self._write()
        self.setVisible(bool(text))

    def _write(self) -> None:
        colour = self.appearance.message_colours("notice")[2]
        link = f'&nbsp; <a href="{escape(self.guide)}" style="color: {colour}">The lesson…</a>' if self.guide else ""
        self.label.setText(escape(self._text) + link if self._text else "")

    def dismiss(self) -> None:
        """Hide the note (until the next preset is opened)."""
        self._text = self.guide = ""
        self.label.clear()
        self.hide()

    def apply_appearance(self) -> None:
        background, border, text = self.appearance.message_colours("notice")
        # a styled widget does not follow the window's font: the text and its ✕ as large as the window's
        self.label.setFont(window_font(self.appearance))
        self.close_button.setFont(window_font(self.appearance))
        self._write()  # the link in the note's colour
        self.setStyleSheet(
            f"QFrame#preset_note {{ background: {background}; border: 1px solid {border}; border-radius: 3px; }}"
            f"QFrame#preset_note QLabel {{ color: {text}; border: none; }}"
            f"QFrame#preset_note QToolButton {{ color: {text}; }}"  # the ✕ reads in either scheme
        )
