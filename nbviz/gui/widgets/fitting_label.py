"""A one-line label that shows the longest of its texts that fits its width (a key in a header).

A `QLabel` without word wrap asks for its whole text's width and so widens a window that has no
room for it; `FittingLabel` asks only for its shortest text's width, and shows the first of its
texts, longest first, that fits the width it is given.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel, QSizePolicy


class FittingLabel(QLabel):
    """A rich-text label showing the first of `texts` (longest first) that fits its width."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.texts: list[str] = []

    def set_texts(self, texts: list[str]) -> None:
        """The texts to choose from, longest first (the last is shown when none fits)."""
        if texts != self.texts:
            self.texts = list(texts)
            self.updateGeometry()
            self._fit()

    def text_width(self, text: str) -> int:
        """`text`'s width in pixels in this label's font, on one line."""
        document = QTextDocument()
        document.setDefaultFont(self.font())
        document.setDocumentMargin(0)
        document.setHtml(text)
        margins = self.contentsMargins()
        return int(document.idealWidth()) + margins.left() + margins.right() + 2 * self.margin() + 2

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(self.text_width(self.texts[0]), hint.height()) if self.texts else hint

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.text_width(self.texts[-1]), hint.height()) if self.texts else hint

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self.updateGeometry()
            self._fit()

    def _fit(self) -> None:
        fitting = [t for t in self.texts if self.text_width(t) <= self.width()]
        text = fitting[0] if fitting else (self.texts[-1] if self.texts else "")
        if text != self.text():
            self.setText(text)
