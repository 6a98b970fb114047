"""What a screen reader finds in a window, read in process through Qt's own accessibility interfaces
(the same `QAccessibleInterface` objects the AT-SPI bridge serves over D-Bus)."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QComboBox, QWidget


def spoken_name(interface: QAccessibleInterface) -> str:
    """The name a screen reader says for `interface`.

    A combo box's Name on Linux is its current value, so for a combo box the name is its label: its
    accessible name, or the text of the label related to it (a form label or a buddy).
    """
    widget = interface.object()
    if isinstance(widget, QComboBox):
        labels = [
            related.text(QAccessible.Text.Name)
            for related, relation in interface.relations()
            if relation & QAccessible.RelationFlag.Label
        ]
        return widget.accessibleName() or " ".join(labels)
    return interface.text(QAccessible.Text.Name)


def on_screen(interface: QAccessibleInterface, window: QRect) -> bool:
    """Not hidden, and inside the window (Qt parks the tab bars of docks not tabbed now outside it)."""
    return not interface.state().invisible and interface.rect().intersects(window)


def focusable(top: QWidget) -> list[tuple[QAccessibleInterface, str]]:
    """Every focusable interface of `top` shown on screen, with a path of class names to find it by."""
    root = QAccessible.queryAccessibleInterface(top)
    window = root.rect()
    found: list[tuple[QAccessibleInterface, str]] = []

    def walk(interface: QAccessibleInterface | None, path: str) -> None:
        if interface is None or not interface.isValid() or not on_screen(interface, window):
            return
        thing = interface.object()
        here = f"{path}/{type(thing).__name__ if thing is not None else interface.role().name}"
        if interface.state().focusable:
            found.append((interface, here))
        for i in range(interface.childCount()):
            walk(interface.child(i), here)

    walk(root, "")
    return found


def unnamed(top: QWidget) -> list[str]:
    """The focusable interfaces of `top` on screen that a screen reader would read without a name."""
    return [
        f"{interface.role().name} {path}" for interface, path in focusable(top) if not spoken_name(interface).strip()
    ]
