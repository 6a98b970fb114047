"""A table of mixture parameters, one row per component, whose refused cells turn red with their reason.

The start editor fills it with the columns of `nbviz.app.run.start_table.StartTable`; the checks
(`nbviz.app.data.synthesis.TableCheck`) say which cells to mark.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from ...app.data import synthesis
from ...app.families.synthesis_table import Column
from ...app.run.start_table import cell_text, shown_text
from ..plots.data.prototypes import colour_icon
from ..style.palette import component_color

translate = QCoreApplication.translate

NORMALISE_DECIMALS = 6
MAX_FITTED_COLUMNS = 40  # up to this many columns are sized to their text
EXACT_ROLE = Qt.ItemDataRole.UserRole + 1  # a cell's exact text, behind the rounded one shown
MAX_LISTED_ISSUES = 5  # the messages shown under a table; the rest are counted


class ParameterTable(QTableWidget):
    """One row per component (its colour in the row header), one column per `Column`.

    `edited` (QTableWidget.itemChanged) fires only for the user's edits: the table's own writes
    (`fill`, `mark`, `normalise`) do not reach it.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.setTabKeyNavigation(False)  # Tab leaves the table; the arrow keys move in it, Enter edits
        self.horizontalHeader().setDefaultSectionSize(90)
        self._columns: tuple[Column, ...] = ()

    @property
    def columns(self) -> tuple[Column, ...]:
        return self._columns

    def fill(self, columns: tuple[Column, ...], rows: list[list[str]], dark: bool) -> None:
        """Show `rows` (the cells' text) under `columns`; as many rows as there are components."""
        self.blockSignals(True)
        try:
            self._columns = tuple(columns)
            self.clear()
            self.setRowCount(len(rows))
            self.setColumnCount(len(columns))
            self.setHorizontalHeaderLabels([column.header for column in columns])
            for c, column in enumerate(columns):
                header_item = self.horizontalHeaderItem(c)
                assert header_item is not None  # set by setHorizontalHeaderLabels just above
                header_item.setToolTip(column.description)
            for k, row in enumerate(rows):
                self.setVerticalHeaderItem(k, QTableWidgetItem(str(k + 1)))
                for c, text in enumerate(row):
                    item = QTableWidgetItem(shown_text(text))  # float noise rounded away on screen
                    item.setData(EXACT_ROLE, text)
                    self.setItem(k, c, item)
        finally:
            self.blockSignals(False)
        self.set_dark(dark)
        if self.columnCount() <= MAX_FITTED_COLUMNS:  # every digit visible; wide tables keep their width
            self.resizeColumnsToContents()

    def set_dark(self, dark: bool) -> None:
        """Component colours for the light or dark scheme in the row headers."""
        for k in range(self.rowCount()):
            header = self.verticalHeaderItem(k)
            if header is not None:
                header.setIcon(colour_icon(component_color(k, dark)))

    def cell(self, k: int, c: int) -> QTableWidgetItem:
        """The item in row `k`, column `c`; `fill` makes every cell."""
        item = self.item(k, c)
        assert item is not None, f"parameter table cell ({k}, {c}) is empty"
        return item

    def cells(self) -> list[list[str]]:
        """The table's text, row by row: a cell left as it was shown reads as its exact number."""
        return [[self._exact(self.cell(k, c)) for c in range(self.columnCount())] for k in range(self.rowCount())]

    @staticmethod
    def _exact(item: QTableWidgetItem) -> str:
        exact = item.data(EXACT_ROLE)
        return exact if isinstance(exact, str) and item.text() == shown_text(exact) else item.text()

    def mark(self, check: synthesis.TableCheck, background: str) -> None:
        """Colour the cells `check` refuses with `background`, their reasons as tooltips."""
        marked = check.cell_messages()
        self.blockSignals(True)
        try:
            for k in range(self.rowCount()):
                for c in range(self.columnCount()):
                    item = self.cell(k, c)
                    reason = marked.get((k, c))
                    item.setBackground(QColor(background) if reason else QBrush())
                    item.setToolTip(
                        reason or translate("nbviz", "component {0}: {1}").format(k + 1, self._columns[c].description)
                    )
        finally:
            self.blockSignals(False)

    def normalise(
        self,
        simplex_rows: str | None,
        decimals: tuple[int, int] = (NORMALISE_DECIMALS, NORMALISE_DECIMALS),
        text=cell_text,
    ) -> list[str]:
        """Scale the weights (and each row's probabilities when they form a distribution) to sum to 1.

        Parameters
        ----------
        simplex_rows : str or None
            What a row's probabilities are called when each row must sum to 1 (None: only the weights).
        decimals : (int, int)
            The weights and the rows are rounded to these many decimals (the remainder on the largest).
        text : callable
            A number's text in a cell.

        Returns the reasons a group could not be normalised (it is left as it was).
        """
        cells = self.cells()
        groups = [[(k, 0) for k in range(len(cells))]]
        if simplex_rows is not None:
            groups += [[(k, c) for c in range(1, len(row))] for k, row in enumerate(cells)]
        failures = []
        self.blockSignals(True)
        try:
            for index, group in enumerate(groups):
                try:
                    values = synthesis.normalised([cells[k][c] for k, c in group], decimals[index > 0])
                except ValueError as error:
                    what = (
                        translate("nbviz", "the weights")
                        if index == 0
                        else translate("nbviz", "component {0}'s {1}").format(
                            index, translate("nbviz", simplex_rows or "")
                        )
                    )
                    failures.append(translate("nbviz", "Could not normalise {0}: {1}.").format(what, error))
                    continue
                for (k, c), value in zip(group, values):
                    self.cell(k, c).setText(text(value))
        finally:
            self.blockSignals(False)
        return failures


def listed_issues(messages: list[str]) -> list[str]:
    """The first `MAX_LISTED_ISSUES` of `messages`, then a line that counts the others and says where they are."""
    listed = messages[:MAX_LISTED_ISSUES]
    if len(messages) > len(listed):
        listed.append(
            translate("nbviz", "… and {0} more (hover over a red cell for its reason)").format(
                len(messages) - len(listed)
            )
        )
    return listed
