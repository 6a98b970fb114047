"""The base of the text panels (parameters, point inspector): rich text in a read-only browser."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from ..session_view import SessionView


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
            self.browser.setHtml(body)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.redraw()

    def content(self) -> str | None:
        """The HTML to show, or None for the placeholder (override)."""
        raise NotImplementedError(f"{type(self).__name__} must define content()")
