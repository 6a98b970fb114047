"""The base of the text panels (parameters, point inspector): rich text in a read-only browser.

Panels of numbers are read, not watched. While half-steps come faster than a reader can follow
(a held key, the history slider dragged, a script) a panel on screen shows the latest of them at
most every `REFRESH_MS` (Play, at most ten half-steps a second, shows each one): a half-step after
a pause shows at once, and the last of a burst always shows, `REFRESH_MS` after the one before.
The plots keep every half-step; laying out a table of numbers 60 times a second would cost the
plots their frames. Reading a panel (`text`, or an attribute declared with `Shown`) or picturing
the window (`MainWindow.repaint_now`) first brings it up to date.
"""

from __future__ import annotations

import html
import math
import time
from typing import Any, Generic, TypeVar, overload

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from ..widgets.session_view import SessionView
from .columns import block_sizes, blocks_of, column_width, page_html, pages

translate = QCoreApplication.translate

REFRESH_MS = 100  # a panel on screen shows at most ten states a second

T = TypeVar("T")


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


class Shown(Generic[T]):
    """A panel attribute that `content()` sets; reading it first shows a refresh that is waiting.

    ``rows = Shown[list[Row]]([])`` in a `TextPanel` subclass: ``panel.rows`` is always what the
    panel shows for the session as it is now.
    """

    def __init__(self, default: T):
        self.default = default

    def __set_name__(self, owner, name: str) -> None:
        self.slot = "_shown_" + name

    @overload
    def __get__(self, panel: None, owner: Any = None) -> Shown[T]: ...
    @overload
    def __get__(self, panel: TextPanel, owner: Any = None) -> T: ...
    def __get__(self, panel, owner=None):
        if panel is None:
            return self
        panel.catch_up()
        return getattr(panel, self.slot, self.default)

    def __set__(self, panel: TextPanel, value: T) -> None:
        setattr(panel, self.slot, value)


class TextPanel(SessionView, QWidget):
    """A read-only browser that shows `content()` (HTML), or `placeholder` while there is none.

    Subclasses set `follows` and `placeholder` and define `content`; the panel builds itself.

    Attributes
    ----------
    browser : QTextBrowser
    placeholder : str
        Class attribute: plain text shown (muted) while `content` returns None.
    title : str
        Class attribute: what a screen reader calls the text (its dock's title).
    """

    placeholder = ""
    title = ""
    columns = 0  # 0: the text as one column that scrolls; 1 or more: laid out in pages of that many columns
    page = 0  # the page shown (with `columns`)
    pages = 1  # how many pages the text takes (with `columns`)
    _stale = False  # a redraw was skipped while hidden
    _shown_html: str | None = None  # the HTML last given to the browser
    _refreshed_at = -math.inf  # when the panel last showed the session (time.monotonic)

    def __init__(self, session, parent=None, *, appearance=None):
        super().__init__(session, parent, appearance=appearance)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.setAccessibleName(translate("nbviz", self.title))
        # an opaque scroll bar: new text moves it, and Qt then repaints it alone, not the dock,
        # splitter and frame beneath it as well
        self.browser.verticalScrollBar().setAutoFillBackground(True)
        self._waiting = QTimer(self)  # the refresh after a burst of half-steps
        self._waiting.setSingleShot(True)
        self._waiting.timeout.connect(self._refresh)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self.follow_session()

    def text(self) -> str:
        """What the panel shows, as plain text (brought up to date first)."""
        self.catch_up()
        return self.browser.toPlainText()

    @property
    def waiting(self) -> bool:
        """Whether a refresh is held back (half-steps came faster than `REFRESH_MS`)."""
        return self._waiting.isActive()

    def redraw(self, *_) -> None:
        if self.window().isVisible() and not self.isVisible():
            self._stale = True  # in a hidden dock of a shown window: caught up when shown
            return
        self._stale = False
        if self.isVisible():  # on screen: at most one refresh every REFRESH_MS
            wait = self._refreshed_at + REFRESH_MS / 1000 - time.monotonic()
            if wait > 0:
                if not self._waiting.isActive():
                    self._waiting.start(math.ceil(wait * 1000))
                return
        self._refresh()

    def catch_up(self) -> None:
        """Show the session as it is now if a refresh is being held back."""
        if self._waiting.isActive():
            self._refresh()

    def _refresh(self) -> None:
        self._waiting.stop()
        self._refreshed_at = time.monotonic()
        body = self.content()
        if body is None:
            placeholder = html.escape(translate("nbviz", self.placeholder))
            body = f"<p style='color:{self.appearance.muted_text}'>{placeholder}</p>"
        elif self.columns:
            body = self._paged(body)
        if body != self._shown_html:  # laying out rich text costs; the same text is not laid out again
            self._shown_html = body
            set_html(self.browser, body)

    def set_columns(self, columns: int) -> None:
        """Lay the text out in pages of `columns` columns that fit the browser (0: one column that scrolls)."""
        self.columns, self.page = int(columns), 0
        self.browser.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if columns else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        self.show_now()

    def show_page(self, page: int) -> None:
        """Show page `page` of the text (with `columns`; clamped to the pages there are)."""
        self.page = max(int(page), 0)
        self.show_now()

    def show_now(self) -> None:
        """Lay the text out again now (its box or its columns changed)."""
        self._shown_html = None
        self._refresh()

    def _paged(self, body: str) -> str:
        """`body`'s blocks in the browser's box, `columns` to a page: the page shown (`page`) as HTML."""
        blocks = blocks_of(body)
        margin = self.browser.document().documentMargin()
        viewport = self.browser.viewport()
        font = self.browser.document().defaultFont()
        for columns in range(self.columns, 0, -1):  # fewer columns where a table is wider than one
            width = column_width(viewport.width() - 2 * margin - 2, columns)
            sizes = block_sizes(blocks, font, width)
            if all(wide <= width + 1 for wide, _ in sizes):
                break
        laid_out = pages([high for _, high in sizes], viewport.height() - 2 * margin - 2, columns)
        self.pages = len(laid_out)
        self.page = min(self.page, self.pages - 1)
        return page_html(blocks, laid_out[self.page], columns)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.redraw()

    def content(self) -> str | None:
        """The HTML to show, or None for the placeholder (override)."""
        raise NotImplementedError(f"{type(self).__name__} must define content()")
