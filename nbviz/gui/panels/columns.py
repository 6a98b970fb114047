"""Rich text laid out in columns and pages that fit a box, so that an overlay on a projector never scrolls.

A panel marks where its text may move to the next column with `BLOCK` (an HTML comment, nothing on
screen); `pages` measures each block at the column's width in the panel's type and fills the
columns top to bottom, a page at a time; `page_html` writes one page as a table of columns. A block
is never split (a table stays whole), so a number is never broken across columns either.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QTextDocument

BLOCK = "<!--block-->"  # between two blocks of a panel's text: a column may end here
GAP = 24  # pixels between two columns

Page = list[list[int]]  # a page's columns, each the indices of its blocks


def blocks_of(body: str) -> list[str]:
    """The blocks of a panel's text (empty ones dropped)."""
    return [block for block in body.split(BLOCK) if block.strip()]


def column_width(width: float, columns: int) -> float:
    """The width a block gets in one of `columns` columns across `width` pixels (each column's cell is an
    equal share, a gap inside it)."""
    return max(width / columns - (GAP if columns > 1 else 0), 1.0)


def block_sizes(blocks: list[str], font: QFont, width: float) -> list[tuple[float, float]]:
    """Each block's (width, height) in pixels when laid out `width` pixels wide in `font`: a width above
    `width` is a table (or an unbreakable line) that does not fit."""
    document = QTextDocument()
    document.setDefaultFont(font)
    document.setDocumentMargin(0)
    document.setTextWidth(width)
    sizes = []
    for block in blocks:
        document.setHtml(block)
        sizes.append((document.idealWidth(), document.size().height()))
    return sizes


def pages(heights: list[float], height: float, columns: int) -> list[Page]:
    """The blocks (by their `heights`) in `columns` columns of `height` pixels, page after page.

    A block taller than a column has a column of its own (and is cut by it: the caller makes blocks
    small enough that this does not happen).
    """
    result: list[Page] = []
    page: Page = []
    column: list[int] = []
    used = 0.0
    for index, block_height in enumerate(heights):
        if column and used + block_height > height:
            page.append(column)
            column, used = [], 0.0
            if len(page) == columns:
                result.append(page)
                page = []
        column.append(index)
        used += block_height
    if column:
        page.append(column)
    if page:
        result.append(page)
    return result or [[[]]]


def page_html(blocks: list[str], page: Page, columns: int) -> str:
    """One page of `blocks` as a table of `columns` columns (one column: the blocks as they are)."""
    if columns == 1:
        return "".join(blocks[i] for column in page for i in column)
    share = 100 // columns
    cells = "".join(
        f"<td width='{share}%' valign='top' style='padding-right:{GAP if n < columns - 1 else 0}px'>"
        + "".join(blocks[i] for i in column)
        + "</td>"
        for n, column in enumerate(page)
    )
    return f"<table width='100%' cellspacing='0' cellpadding='0'><tr>{cells}</tr></table>"
