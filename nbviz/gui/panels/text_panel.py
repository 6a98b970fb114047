"""The base of the text panels (parameters, point inspector): rich text in a read-only browser."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from ..session_view import SessionView


def set_html(browser: QTextBrowser, body: str) -> None:
    """Show `body` in `browser`, laying the text out once where it can.

    Setting HTML first empties the document, so a browser whose scroll bar is shown as needed hides
    it, lays the text out without it, shows it again and lays the text out a second time. With the
    scroll bar held as it is while the text is set, the text is laid out once; when the new text
    needs the other state the bar's usual policy changes it afterwards (one more layout, as before).
    """
    shown = browser.verticalScrollBar().isVisible()
    browser.setVerticalScrollBarPolicy(
        Qt.ScrollBarPolicy.ScrollBarAlwaysOn if shown else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    )
    browser.setHtml(body)
    browser.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)


class TextPanel(SessionView, QWidget):
    """A read-only browser that shows `content()` (HTML), or `placeholder` while there is none.

    Subclasses set `follows` and `placeholder` and define `content`; the panel builds itself.

    Attributes
    ----------
    browser : QTextBrowser
    placeholder : str
        Class attribute: plain text shown (muted) while `content` returns None.
    """

    placeholder = ""
    _stale = False  # a redraw was skipped while hidden
    _shown_html: str | None = None  # the HTML last given to the browser

    def __init__(self, session, parent=None, *, appearance=None):
        super().__init__(session, parent, appearance=appearance)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        # an opaque scroll bar: new text moves it, and Qt then repaints it alone, not the dock,
        # splitter and frame beneath it as well
        self.browser.verticalScrollBar().setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self.follow_session()

    def text(self) -> str:
        """What the panel shows, as plain text."""
        return self.browser.toPlainText()

    def redraw(self, *_) -> None:
        if self.window().isVisible() and not self.isVisible():
            self._stale = True  # in a hidden dock of a shown window: caught up when shown
            return
        self._stale = False
        body = self.content()
        if body is None:
            body = f"<p style='color:{self.appearance.muted_text}'>{html.escape(self.placeholder)}</p>"
        if body != self._shown_html:  # laying out rich text costs; the same text is not laid out again
            self._shown_html = body
            set_html(self.browser, body)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.redraw()

    def content(self) -> str | None:
        """The HTML to show, or None for the placeholder (override)."""
        raise NotImplementedError(f"{type(self).__name__} must define content()")
