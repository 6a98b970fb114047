"""View → Describe this view: what the focused plot shows at this half-step, read out and copied.

Each plot keeps its accessible name and description up to date (`plots.plot_view.PlotView`,
text from `app.presentation.view_descriptions`); this command hands them to the screen reader as
an announcement (spoken at once, wherever the focus is), copies them for a student who reads them
in another program, and says in the status bar what was described.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from ..plots.data.data_view import DataView

translate = QCoreApplication.translate


def described_widget(focus: QWidget | None, window: QWidget, data_view: DataView) -> QWidget | None:
    """The plot to describe: the focused widget or the nearest of its parents that has a description, else
    the data view's page on screen (None when nothing has one, as before any data)."""
    widget = focus if focus is not None and window.isAncestorOf(focus) else None
    while widget is not None and widget is not window:
        if widget.accessibleDescription():
            return widget
        widget = widget.parentWidget()
    for view in data_view.built_views():
        if view.isVisible():
            for part in view.described_widgets():
                if part.isVisible() and part.accessibleDescription():
                    return part
    return None


def view_text(widget: QWidget) -> str:
    """A described widget's name and description, as one text."""
    return f"{widget.accessibleName()}. {widget.accessibleDescription()}"


def describe_view(window: QMainWindow, data_view: DataView) -> str:
    """Announce and copy the description of the focused plot (or the data view); returns the text ("" for none)."""
    widget = described_widget(QApplication.focusWidget(), window, data_view)
    if widget is None:
        window.statusBar().showMessage(
            translate("nbviz", "There is no view to describe yet: open a file or a preset."), 6000
        )
        return ""
    text = view_text(widget)
    QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, text))
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)
    window.statusBar().showMessage(
        translate("nbviz", "Described “{0}” (copied to the clipboard)").format(widget.accessibleName()), 6000
    )
    return text
