"""A dock whose contents are built the first time it is shown or asked for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea, QWidget

Content = TypeVar("Content", bound=QWidget)

MINIMUM_HEIGHT = 56  # pixels the dock asks for at least; its contents scroll below their own minimum


def scrolled(content: QWidget) -> QScrollArea:
    """`content` in a scroll area that gives it the area's size (LazyDock's default setting)."""
    # scrolled: a panel taller than the room left (Choose K beside the other docks on a 1024x768
    # projector) must not make the window taller than the screen
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setMinimumHeight(MINIMUM_HEIGHT)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the fields, which it scrolls into view
    scroll.setWidget(content)
    return scroll


class LazyDock(QDockWidget, Generic[Content]):
    """A QDockWidget that builds its widget on first show (or first `content()` call).

    Docks hidden until the user asks for them (Choose K, the restart gallery, the bound view), and the
    workspace's docks while the start page shows, would otherwise be built, and follow every
    half-step, at start-up.

    Parameters
    ----------
    title : str
    factory : callable
        ``factory()`` returns the dock's widget; called at most once.
    parent : QWidget, optional
    wrap : callable, optional
        ``wrap(content)`` returns the widget the dock holds: by default `scrolled`.
    """

    def __init__(
        self,
        title: str,
        factory: Callable[[], Content],
        parent: QWidget | None = None,
        *,
        wrap: Callable[[Content], QWidget] = scrolled,
    ):
        super().__init__(title, parent)
        self._factory, self._wrap = factory, wrap
        self._content: Content | None = None
        self.setWidget(QWidget())  # a placeholder keeps the dock's size until the contents exist
        self.visibilityChanged.connect(self._visibility_changed)

    @property
    def built(self) -> bool:
        """Whether the contents exist yet."""
        return self._content is not None

    def content(self) -> Content:
        """The dock's contents, built now if they were not yet (as `wrap` sets them in the dock)."""
        if self._content is None:
            self._content = self._factory()
            self.setWidget(self._wrap(self._content))
        return self._content

    def _visibility_changed(self, visible: bool) -> None:
        if visible:
            self.content()


class DockContent(Generic[Content]):
    """A window's attribute that is the contents of one of its LazyDocks, built on first use.

    ``controls = DockContent("control_dock")`` in a window class whose ``docks`` has a LazyDock
    ``control_dock``: ``window.controls`` is ``window.docks.control_dock.content()``.
    """

    def __init__(self, dock: str):
        self.dock = dock

    def __get__(self, window: Any, owner: type | None = None) -> Content:
        if window is None:
            return self  # type: ignore[return-value]  # (the descriptor itself, asked for on the class)
        dock: LazyDock[Content] = getattr(window.docks, self.dock)
        return dock.content()
