"""A one-line label whose text changes never re-lay out the window around it.

A QLabel asks its parent layout to recompute on every `setText` (its size hint follows its text),
and the request climbs to the main window: a status line updated each half-step then costs a
re-layout and repaint of the whole window's frame. `SteadyLabel` hosts its QLabel in a widget
without a layout, so the request stops there; the host's size hint depends on its font and on the
widest text it has shown (it grows, once, for a wider text, and never shrinks, so a counter that
ticks re-lays out nothing), and the label fills whatever room the host is given.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class SteadyLabel(QWidget):
    """One line of text in a box whose size hint grows only for a text wider than any before.

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
        self._widest = 0  # the widest text shown so far, in pixels
        self.setMinimumWidth(minimum_width)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:
        self.label.setText(text)
        self._fit(text)

    def _fit(self, text: str) -> None:
        """Widen the size hint for `text` if it is wider than every text before it."""
        width = self.fontMetrics().horizontalAdvance(text) + 2 * self.label.margin() + 4
        if width > self._widest:
            self._widest = width
            self.updateGeometry()

    def text(self) -> str:
        return self.label.text()

    def sizeHint(self) -> QSize:
        return QSize(max(self.minimumWidth(), self._widest), self.minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), self.fontMetrics().height() + 4)

    def resizeEvent(self, event) -> None:
        self.label.setGeometry(self.rect())
        super().resizeEvent(event)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.FontChange:  # a new font: a new height, and widths measured again
            self._widest = 0
            self._fit(self.label.text())
            self.updateGeometry()
        super().changeEvent(event)
