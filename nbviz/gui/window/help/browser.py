"""Help → User guide: the guide's Markdown pages (`docs/`) rendered offline in a Qt text browser.

Qt renders the Markdown; `GuidePage` then names each heading's section as GitHub does (so the guide's own
``page.md#section`` links, and the app's help topics, land on the same headings in the app as on the code
host) and fits the pictures to the window's width.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QImage,
    QKeySequence,
    QPalette,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QTextBrowser, QToolBar, QVBoxLayout, QWidget

from ....app.presentation.guide import CONTENTS, guide_page, slug

translate = QCoreApplication.translate

MARGIN = 24  # pixels: a picture is at most the page's width less this


def name_sections(document: QTextDocument) -> list[str]:
    """Give each heading of `document` its section name (`guide.slug`) as an anchor; the names given.

    A name repeated on the page gets -1, -2, ... as on GitHub.
    """
    names: list[str] = []
    seen: dict[str, int] = {}
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0 and block.length() > 1:
            name = slug(block.text())
            count = seen.get(name, 0)
            seen[name] = count + 1
            name = name if count == 0 else f"{name}-{count}"
            anchor = QTextCharFormat()
            anchor.setAnchor(True)
            anchor.setAnchorNames([name])
            cursor = QTextCursor(block)
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
            cursor.mergeCharFormat(anchor)
            names.append(name)
        block = block.next()
    return names


def runs(document: QTextDocument) -> list[tuple[int, int, QTextCharFormat]]:
    """(position, length, format) of every run of text (or picture) of one format in `document`, in order;
    listed whole first, so the runs can be changed while going through them."""
    found = []
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            found.append((fragment.position(), fragment.length(), fragment.charFormat()))
            fragments += 1
        block = block.next()
    return found


def selecting(document: QTextDocument, position: int, length: int) -> QTextCursor:
    """A cursor over `length` characters of `document` from `position`."""
    cursor = QTextCursor(document)
    cursor.setPosition(position)
    cursor.setPosition(position + length, QTextCursor.MoveMode.KeepAnchor)
    return cursor


def colour_links(document: QTextDocument, colour: QColor) -> None:
    """Draw every link of `document` in `colour` (Qt's Markdown reader gives them the light scheme's blue)."""
    link = QTextCharFormat()
    link.setForeground(colour)
    for position, length, form in runs(document):
        if form.isAnchor() and form.anchorHref():
            selecting(document, position, length).mergeCharFormat(link)


def fit_pictures(document: QTextDocument, base: QUrl, width: int) -> None:
    """Draw each picture of `document` at most `width` pixels wide (its own size when smaller)."""
    for position, length, form in runs(document):
        if not form.isImageFormat():
            continue
        picture = form.toImageFormat()
        size = picture_size(base.resolved(QUrl(picture.name())))
        if size is not None:
            picture.setWidth(min(size.width(), max(width, 50)))
            picture.setHeight(picture.width() * size.height() / max(size.width(), 1))
            selecting(document, position, length).setCharFormat(picture)


def picture_size(url: QUrl) -> QSize | None:
    """The size of the picture at `url` (a local file), or None if it cannot be read."""
    image = QImage(url.toLocalFile())
    return None if image.isNull() else image.size()


class GuidePage(QTextBrowser):
    """A text browser for the guide's pages: Markdown, sections named as GitHub names them, pictures
    fitted to its width; links to other pages stay in it, links to the web open in the system browser."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("guide_page")
        self.setOpenExternalLinks(True)
        self.sections: list[str] = []  # the section names of the page shown

    def doSetSource(
        self, name: QUrl | str, /, type: QTextDocument.ResourceType = QTextDocument.ResourceType.UnknownResource
    ) -> None:
        name = QUrl(name)
        markdown = name.path().endswith(".md")
        if markdown:
            type = QTextDocument.ResourceType.MarkdownResource
        super().doSetSource(name, type)
        if markdown:
            self.document().setUndoRedoEnabled(False)  # read only: the sections and sizes given need no undo
            self.document().setDocumentMargin(MARGIN // 2)
            self.sections = name_sections(self.document())
            colour_links(self.document(), self.palette().color(QPalette.ColorRole.Link))
            self._fit_pictures()
            if name.hasFragment():
                self.scrollToAnchor(name.fragment())  # the sections are named now, after Qt's own attempt

    def _fit_pictures(self) -> None:
        document = self.document()
        fit_pictures(document, self.source(), self.viewport().width() - MARGIN)
        # laid out again as a whole: Qt lays a long page out bit by bit, and the parts laid out before these
        # changes would otherwise keep no lines
        document.markContentsDirty(0, document.characterCount())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.source().path().endswith(".md"):
            colour_links(self.document(), self.palette().color(QPalette.ColorRole.Link))  # light or dark now

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.source().path().endswith(".md"):
            self._fit_pictures()


class GuideBrowser(QWidget):
    """The user guide in a window of its own: Back, Forward and Contents above the page.

    Parameters
    ----------
    parent : QWidget, optional
        The window it belongs to (it closes with it); it is a window of its own all the same.
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_WindowPropagation)  # the window's colours and type, dark or large
        self.setObjectName("guide_browser")
        self.setWindowTitle(translate("nbviz", "nbviz user guide"))
        self.page = GuidePage()
        self.page.setAccessibleName(translate("nbviz", "User guide"))
        toolbar = QToolBar()
        back = toolbar.addAction(translate("nbviz", "Back"), self.page.backward)
        back.setShortcut(QKeySequence.StandardKey.Back)
        forward = toolbar.addAction(translate("nbviz", "Forward"), self.page.forward)
        forward.setShortcut(QKeySequence.StandardKey.Forward)
        self.page.backwardAvailable.connect(back.setEnabled)
        self.page.forwardAvailable.connect(forward.setEnabled)
        back.setEnabled(False)
        forward.setEnabled(False)
        toolbar.addAction(translate("nbviz", "Contents"), lambda: self.show_link(CONTENTS))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(toolbar)
        layout.addWidget(self.page, 1)
        self.resize(760, 640)

    def show_link(self, link: str) -> None:
        """Show the guide at `link` (``page.md`` or ``page.md#section``); a page this installation lacks is
        replaced by a line saying so."""
        page, _, section = link.partition("#")
        try:
            path = guide_page(page)
        except (FileNotFoundError, ValueError) as error:
            self.page.setMarkdown(
                translate("nbviz", "**{0}.** Reinstall nbviz (`pip install .`) to bring the guide back.").format(error)
            )
            return
        url = QUrl.fromLocalFile(str(path))
        if section:
            url.setFragment(section)
        self.page.setSource(url)

    def shown_link(self) -> str:
        """The link shown: ``page.md`` or ``page.md#section``."""
        source = self.page.source()
        page = source.fileName()
        return f"{page}#{source.fragment()}" if source.hasFragment() else page
