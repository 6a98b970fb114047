"""Selecting a data point with the keyboard: in a focused data view, Up and Down (and Shift with any
arrow key) select the nearest point that way; in the responsibility map, the row above or below.

Left and Right alone step through the history wherever the focus is (`window.keys`), so sideways
takes Shift. Each selection is announced to a screen reader with the point's responsibilities (the
sentence the plots' descriptions end with), and the inspector shows its E-step as after a click.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.analysis.selection_steps import nearest_in_direction, next_in_order
from ...app.presentation.view_descriptions import selection_sentence
from ...app.run.session import Session

ARROWS = {Qt.Key.Key_Left: "left", Qt.Key.Key_Right: "right", Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down"}
PLAIN = (Qt.Key.Key_Up, Qt.Key.Key_Down)  # Left and Right alone step through the history
# the Help → Keyboard shortcuts lines for these keys
HELP = (
    (
        QT_TRANSLATE_NOOP("nbviz", "Up / Down, Shift+Arrow keys"),
        QT_TRANSLATE_NOOP(
            "nbviz",
            "In a focused data view: select the nearest point that way (the responsibility map: the row above "
            "or below)",
        ),
    ),
)


def screen_pixels(view_box: pg.ViewBox, positions: np.ndarray) -> tuple[np.ndarray, tuple[float, float]]:
    """`positions` (n, 2) in `view_box`'s data coordinates as pixels (x right, y down), and the view's middle."""
    width, height = view_box.viewPixelSize()
    scale = np.array([1.0 / max(width, 1e-300), -1.0 / max(height, 1e-300)])
    middle = view_box.viewRect().center()
    return np.asarray(positions, dtype=float) * scale, (middle.x() * scale[0], middle.y() * scale[1])


class KeyboardSelection(QObject):
    """Arrow keys on `widget` (a plot, and its viewport) select points of `session`'s data.

    Parameters
    ----------
    widget : QWidget
        The focusable plot.
    session : Session
    pixels : callable, optional
        ``pixels()`` -> (positions in pixels (n_samples, 2), middle of the view) or None when no points
        are drawn: the arrow keys move on screen.
    order : callable, optional
        ``order()`` -> the rows as listed, top to bottom: Up and Down move through the list instead.
    """

    def __init__(
        self,
        widget: QWidget,
        session: Session,
        pixels: Callable[[], tuple[np.ndarray, tuple[float, float]] | None] | None = None,
        order: Callable[[], np.ndarray] | None = None,
    ):
        super().__init__(widget)
        self.widget, self.session, self.pixels, self.order = widget, session, pixels, order
        widget.installEventFilter(self)
        if isinstance(widget, QAbstractScrollArea):
            widget.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress:
            return False
        assert isinstance(event, QKeyEvent)
        key, shift = event.keyCombination().key(), event.modifiers() == Qt.KeyboardModifier.ShiftModifier
        if key not in ARROWS or not (shift or (key in PLAIN and event.modifiers() == Qt.KeyboardModifier.NoModifier)):
            return False
        chosen = self.next_row(ARROWS[key])
        if chosen is not None and chosen != self.session.selected:
            self.session.select(chosen)
            QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self.widget, selection_sentence(self.session)))
        return True

    def next_row(self, direction: str) -> int | None:
        """The row the arrow key for `direction` selects (None: none that way, or nothing drawn)."""
        if self.session.resp is None:
            return None
        if self.order is not None:
            if direction not in ("up", "down"):
                return None
            return next_in_order(self.order(), self.session.selected, 1 if direction == "down" else -1)
        drawn = None if self.pixels is None else self.pixels()
        if drawn is None:
            return None
        pixels, middle = drawn
        return nearest_in_direction(pixels, self.session.selected, direction, middle)
