"""A dismissable line above the data view: what to look at in the preset that is open."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton

from ...app.presentation.appearance import Appearance
from ..style.theme import window_font

translate = QCoreApplication.translate


class PresetNote(QFrame):
    """Shows a preset's note until it is dismissed or other data is opened.

    Its colours follow `appearance` (light or dark scheme); its text is as large as the window's
    (larger in presentation mode).
    """

    def __init__(self, appearance: Appearance | None = None, parent=None):
        super().__init__(parent)
        self.setObjectName("preset_note")
        self.appearance = appearance if appearance is not None else Appearance(self)
        self.appearance.changed.connect(self.apply_appearance)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setToolTip(translate("nbviz", "What to look at in this preset"))
        self.label.setTextInteractionFlags(
            self.label.textInteractionFlags() | self.label.textInteractionFlags().TextSelectableByMouse
        )
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
        return self.label.text()

    def show_note(self, text: str) -> None:
        """Show `text`; an empty text hides the note."""
        self.label.setText(text)
        self.setVisible(bool(text))

    def dismiss(self) -> None:
        """Hide the note (until the next preset is opened)."""
        self.label.clear()
        self.hide()

    def apply_appearance(self) -> None:
        background, border, text = self.appearance.message_colours("notice")
        # a styled widget does not follow the window's font: the text and its ✕ as large as the window's
        self.label.setFont(window_font(self.appearance))
        self.close_button.setFont(window_font(self.appearance))
        self.setStyleSheet(
            f"QFrame#preset_note {{ background: {background}; border: 1px solid {border}; border-radius: 3px; }}"
            f"QFrame#preset_note QLabel {{ color: {text}; border: none; }}"
            f"QFrame#preset_note QToolButton {{ color: {text}; }}"  # the ✕ reads in either scheme
        )
