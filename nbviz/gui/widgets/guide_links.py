"""A dialog's way into the user guide: a Help button and F1 that open the guide at the dialog's section.

The guide itself is opened by the main window's opener (`window.help.context_help.ContextHelp`), which a dialog
finds among its window's children by name; this module knows it only as a `GuideOpener`.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QWidget

from ...app.presentation.guide import HELP_TOPICS

translate = QCoreApplication.translate

OPENER_NAME = "guide_opener"  # the object name of the window's opener


class GuideOpener(Protocol):
    def open_link(self, link: str) -> object:
        """Show the user guide at `link` (``page.md`` or ``page.md#section``)."""
        ...


def opener_for(widget: QWidget) -> GuideOpener | None:
    """The guide opener of the window `widget` belongs to (a dialog's parent window's), or None."""
    current: QWidget | None = widget
    while current is not None:
        opener = current.findChild(QObject, OPENER_NAME)
        if opener is not None and hasattr(opener, "open_link"):
            return opener  # the window's ContextHelp, a GuideOpener
        current = current.parentWidget()
    return None


def attach_help(dialog: QDialog) -> None:
    """Give `dialog` a Help button (in its button box) and F1, opening the guide at its section.

    The section is the dialog's class's entry in `HELP_TOPICS`; a dialog without one gets nothing.
    """
    topic = HELP_TOPICS.get(type(dialog).__name__)
    if topic is None or dialog.property("guide_attached"):
        return
    dialog.setProperty("guide_attached", True)

    def open_guide() -> None:
        opener = opener_for(dialog)
        if opener is not None:
            opener.open_link(topic.link)

    buttons = dialog.findChild(QDialogButtonBox)
    if buttons is not None:
        button = buttons.addButton(QDialogButtonBox.StandardButton.Help)
        button.setAutoDefault(False)  # Enter still means the dialog's own default button
        button.setToolTip(
            translate("nbviz", "Open the user guide at “{0}” (F1)").format(translate("nbviz", topic.title))
        )
        buttons.helpRequested.connect(open_guide)
    shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents), dialog)
    shortcut.activated.connect(open_guide)
