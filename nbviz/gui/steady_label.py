"""A one-line label whose text changes never re-lay out the window around it.

A QLabel asks its parent layout to recompute on every `setText` (its size hint follows its text),
and the request climbs to the main window: a status line updated each half-step then costs a
re-layout and repaint of the whole window's frame. `SteadyLabel` hosts its QLabel in a widget
without a layout, so the request stops there; the host's size hint depends only on its font and
its minimum width, and the label fills whatever room the host is given (text beyond it is clipped,
as a QLabel in a full layout would be).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class SteadyLabel(QWidget):
    """One line of text in a box whose size hint does not depend on the text.

    Parameters
    ----------
    minimum_width : int
        The hinted (and minimum) width in pixels; the box grows with the room its layout gives it.

    Attributes
    ----------
    label : QLabel
        The label drawn inside (fills the box).
    """

    def __init__(self, minimum_width: int = 0, parent: QWidget | None = None):
        super().__init__(parent)
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.setMinimumWidth(minimum_width)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:
        self.label.setText(text)

    def text(self) -> str:
        return self.label.text()

    def sizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), self.fontMetrics().height() + 4)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def resizeEvent(self, event) -> None:
        self.label.setGeometry(self.rect())
        super().resizeEvent(event)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.FontChange:
            self.updateGeometry()  # a new font is a new height
        super().changeEvent(event)
