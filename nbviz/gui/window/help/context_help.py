"""Help inside the window: the user guide at the part of the window in use.

`ContextHelp` opens the guide (`browser.GuideBrowser`) at a link, at the section of the panel or
plot in use (F1), from a "?" in each dock's title bar, and from the dialogs (`widgets.guide_links`). Which
section explains which widget is declared once, in `app.presentation.guide.HELP_TOPICS`.
"""

from __future__ import annotations

from collections.abc import Iterable

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDockWidget,
    QMainWindow,
    QScrollArea,
    QToolButton,
    QWidget,
)

from ....app.presentation.guide import HELP_TOPICS, HelpTopic
from ...widgets.guide_links import OPENER_NAME
from ...widgets.lazy_dock import LazyDock
from .browser import GuideBrowser

translate = QCoreApplication.translate

WINDOW_TOPIC = HELP_TOPICS["MainWindow"]


def topic_of(widget: QWidget | None) -> HelpTopic:
    """The section about `widget`: the first of it and the widgets around it that has one (the window's
    at the end)."""
    while widget is not None:
        topic = HELP_TOPICS.get(type(widget).__name__)
        if topic is not None:
            return topic
        widget = widget.parentWidget()
    return WINDOW_TOPIC


def dock_topic(dock: QDockWidget) -> HelpTopic | None:
    """The section about what `dock` holds (its panel or plot); None if it has none."""
    content = dock.content() if isinstance(dock, LazyDock) else dock.widget()
    if isinstance(content, QScrollArea) and content.widget() is not None:
        content = content.widget()
    if content is None:
        return None
    for widget in (content, *content.findChildren(QWidget)):
        topic = HELP_TOPICS.get(type(widget).__name__)
        if topic is not None:
            return topic
    return None


class DockHelpButton(QToolButton):
    """A "?" in `dock`'s title bar, left of its float and close buttons, opening the guide at its section.

    Hidden while the dock has a title bar of its own (presentation mode's objective).
    """

    def __init__(self, dock: QDockWidget, help: ContextHelp):
        super().__init__(dock)
        self.dock, self.help = dock, help
        self.setText("?")
        self.setAutoRaise(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # F1 is the keyboard's way in
        self.setToolTip(
            translate("nbviz", "What is “{0}”? Opens the user guide at its section (F1)").format(dock.windowTitle())
        )
        self.setAccessibleName(translate("nbviz", "Help on {0}").format(dock.windowTitle()))
        self.clicked.connect(self.open_section)
        dock.installEventFilter(self)
        self.place()

    def open_section(self) -> None:
        topic = dock_topic(self.dock)
        self.help.open_link((topic or WINDOW_TOPIC).link)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.LayoutRequest):
            self.place()
        return False

    def place(self) -> None:
        """Beside the title bar's buttons (the float button, else the close button)."""
        anchor = None
        for name in ("qt_dockwidget_floatbutton", "qt_dockwidget_closebutton"):
            button = self.dock.findChild(QAbstractButton, name)
            if button is not None and not button.isHidden():
                anchor = button
                break
        if anchor is None or self.dock.titleBarWidget() is not None:
            self.hide()
            return
        geometry = anchor.geometry()
        self.setGeometry(QRect(geometry.x() - geometry.width() - 2, geometry.y(), geometry.width(), geometry.height()))
        self.show()
        self.raise_()


class ContextHelp(QObject):
    """Opens the user guide for `window`: at a link, or at the section of the part of it in use.

    The guide opens in one browser window; while a modal dialog is up, the browser is that dialog's (a
    modal dialog leaves no other window usable).
    """

    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.setObjectName(OPENER_NAME)  # how dialogs find it (`widgets.guide_links`)
        self.window = window
        self.browser: GuideBrowser | None = None
        self.dock_buttons: list[DockHelpButton] = []

    def open_link(self, link: str) -> GuideBrowser:
        """Show the guide at `link` (``page.md`` or ``page.md#section``); the browser showing it."""
        parent = QApplication.activeModalWidget() or self.window
        browser = self.browser
        if browser is None or not shiboken6.isValid(browser) or browser.parentWidget() is not parent:
            if browser is not None and shiboken6.isValid(browser):
                browser.close()
                browser.deleteLater()
            browser = self.browser = GuideBrowser(parent)
        browser.show_link(link)
        browser.show()
        browser.raise_()
        browser.activateWindow()
        return browser

    def open_topic(self, topic: HelpTopic) -> GuideBrowser:
        return self.open_link(topic.link)

    def topic_in_use(self) -> HelpTopic:
        """The section about the widget with the focus; if that says no more than the window's, the widget
        under the mouse pointer's."""
        topic = topic_of(QApplication.focusWidget())
        if topic == WINDOW_TOPIC:
            under = QApplication.widgetAt(QCursor.pos())
            if under is not None and under.window() is self.window:
                topic = topic_of(under)
        return topic

    def open_in_use(self) -> GuideBrowser:
        """F1: the guide at the section about the part of the window in use."""
        return self.open_topic(self.topic_in_use())

    def add_dock_buttons(self, docks: Iterable[QDockWidget]) -> None:
        """A "?" in each dock's title bar."""
        self.dock_buttons += [DockHelpButton(dock, self) for dock in docks]
