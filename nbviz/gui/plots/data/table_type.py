"""The feature table's type in presentation mode: as large as the table's room allows, filling it.

The binary lessons (two documents, eight points, fruit) show P(x = 1 | k) as a small table in a large
area; on a projector it is read from the back row. `fit_table_type` picks the largest size, from
`LARGEST_POINTS` down to `SMALLEST_POINTS` (before presentation mode's scaling; never below the board's
least type, `BOARD_LEAST_POINTS`), at which every column and row fits the table's viewport, then
stretches the columns across the width and gives the rows the height left (up to `ROW_SPACING` lines
each). Outside presentation mode the table has the window's
type and its columns their contents' widths.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QHeaderView, QTableWidget

from ....app.presentation.appearance import BOARD_LEAST_POINTS, Appearance

LARGEST_POINTS = 15.0  # the E-step board's size on a projector
SMALLEST_POINTS = 9.0
ROW_SPACING = (1.6, 2.6)  # a row's least and greatest height, in lines of the table's type
CELL_PADDING = 34  # pixels beside a cell's name and value (the bar's margins and the gap between them)
ICON_PADDING = 44  # pixels beside a header's text (its colour square and margins)


def needed_size(table: QTableWidget, font: QFont, value_role: int) -> tuple[int, int]:
    """The width and height (pixels) every column and row of `table` needs in `font`, no room to spare;
    a cell's `value_role` data holds the value written beside its name (its last entry)."""
    metrics = QFontMetrics(font)
    bold = QFont(font)
    bold.setBold(True)
    header = QFontMetrics(bold)
    titles = [
        item.text() if (item := table.horizontalHeaderItem(k)) is not None else "" for k in range(table.columnCount())
    ]
    width = 0
    for k, title in enumerate(titles):
        column = max(header.horizontalAdvance(line) for line in title.split("\n")) + ICON_PADDING
        for i in range(table.rowCount()):
            item = table.item(i, k)
            if item is not None:
                bar = item.data(value_role)
                cell = metrics.horizontalAdvance(item.text()) + metrics.horizontalAdvance(bar[-1] if bar else "")
                column = max(column, cell + CELL_PADDING)
        width += column
    lines = max((title.count("\n") + 1 for title in titles), default=1)
    height = int(lines * header.lineSpacing() + 12 + table.rowCount() * metrics.height() * ROW_SPACING[0])
    return width, height


def fit_table_type(table: QTableWidget, appearance: Appearance, value_role: int) -> None:
    """Presentation mode: the largest type that fits `table`'s room, columns and rows filling it; else
    the window's type and columns as wide as their contents."""
    columns, rows = table.horizontalHeader(), table.verticalHeader()
    if not appearance.presentation or not table.columnCount():
        if table.font() != QFont():
            table.setFont(QFont())
            columns.setFont(QFont())
            rows.setDefaultSectionSize(QFontMetrics(QFont()).height() + 10)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        return
    room = table.viewport().size()
    width, height = max(room.width(), 1), max(room.height() + columns.height(), 1)
    font = QFont()
    points = appearance.font_size(LARGEST_POINTS)
    while True:
        font.setPointSizeF(points)
        need_width, need_height = needed_size(table, font, value_role)
        if (need_width <= width and need_height <= height) or points <= appearance.font_size(
            SMALLEST_POINTS, least=BOARD_LEAST_POINTS
        ):
            break
        points -= 0.5
    bold = QFont(font)
    bold.setBold(True)
    table.setFont(font)
    columns.setFont(bold)
    columns.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    line = QFontMetrics(font).height()
    spare = (height - columns.sizeHint().height()) / max(table.rowCount(), 1)
    rows.setDefaultSectionSize(int(max(line * ROW_SPACING[0], min(spare, line * ROW_SPACING[1]))))
