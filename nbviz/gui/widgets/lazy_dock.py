"""A dock whose contents are built the first time it is shown or asked for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea, QWidget

Content = TypeVar("Content", bound=QWidget)

MINIMUM_HEIGHT = 56  # pixels the dock asks for at least; its contents scroll below their own minimum


class LazyDock(QDockWidget, Generic[Content]):
    """A QDockWidget that builds its widget on first show (or first `content()` call).

    Docks hidden until the user asks for them (Choose K, the restart gallery, the bound view) would
    otherwise be built, and follow every half-step, at start-up.

    Parameters
    ----------
    title : str
    factory : callable
        ``factory()`` returns the dock's widget; called at most once.
    parent : QWidget, optional
    """

    def __init__(self, title: str, factory: Callable[[], Content], parent: QWidget | None = None):
        super().__init__(title, parent)
        self._factory = factory
        self._content: Content | None = None
        self.setWidget(QWidget())  # a placeholder keeps the dock's size until the contents exist
        self.visibilityChanged.connect(self._visibility_changed)

    @property
    def built(self) -> bool:
        """Whether the contents exist yet."""
        return self._content is not None

    def content(self) -> Content:
        """The dock's contents, built now if they were not yet (shown in a scroll area)."""
        if self._content is None:
            self._content = self._factory()
            # scrolled: a panel taller than the room left (Choose K beside the other docks on a
            # 1024x768 projector) must not make the window taller than the screen
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setMinimumHeight(MINIMUM_HEIGHT)
            scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the fields, which it scrolls into view
            scroll.setWidget(self._content)
            self.setWidget(scroll)
        return self._content

    def _visibility_changed(self, visible: bool) -> None:
        if visible:
            self.content()
