"""What a screen reader hears of a widget: names for fields without a form label, and for the plots.

Qt names a field by its accessible name, else by the label whose buddy it is, else by the title of
the group box it sits in (so a slider in the Run box was read as "Run"); a combo box on Linux is
read by its value and its label relation. A field laid out in a row beside its label gets a label
with it as buddy here (`buddy_label`). A plot is a QGraphicsView whose viewport is a widget of its
own: both carry the plot's name and description (`describe_widget`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractScrollArea, QLabel, QWidget


def buddy_label(text: str, field: QWidget) -> QLabel:
    """A label showing `text` whose buddy is `field`: a screen reader names the field by it."""
    label = QLabel(text)
    label.setBuddy(field)
    return label


def describe_widget(widget: QWidget, name: str, description: str | None = None) -> None:
    """Give `widget` (and the viewport of a scrolling view such as a plot) `name` and `description`.

    A value that did not change is not set again: each change is announced to assistive technology.
    """
    targets = [widget]
    if isinstance(widget, QAbstractScrollArea):
        targets.append(widget.viewport())
    for target in targets:
        if target.accessibleName() != name:
            target.setAccessibleName(name)
        if description is not None and target.accessibleDescription() != description:
            target.setAccessibleDescription(description)
