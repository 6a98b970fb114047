"""The parameters panel's matrices: every mean by feature name, and a covariance heat map.

A table lists each component's mean beside the feature's name (13 numbers are unreadable as an
unlabelled list). Below it, one component's covariance matrix, or its correlation matrix, is drawn
as a small heat map with a colour key; hovering a cell names both features and the value. Diagonal
and spherical covariances show their diagonal; the shared "tied" matrix is the same for every
component.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

import nbviz.core as nc

from ...app.analysis.covariance_matrix import MAX_HEATMAP, correlation_matrix
from ...app.families import CovarianceMatrices
from ..style.palette import component_color
from ..widgets.accessible import buddy_label
from ..widgets.layouts import left_row

translate = QCoreApplication.translate

KEY_WIDTH = 12
NEGATIVE, ZERO, POSITIVE = np.array([33, 102, 172]), np.array([247, 247, 247]), np.array([178, 24, 43])
LABEL_CHARACTERS = 12  # row labels are cut to this many characters (the tooltip has the full name)


def diverging_rgb(values: np.ndarray, limit: float) -> np.ndarray:
    """Blue (-limit) to white (0) to red (+limit) colours, shape values.shape + (3,), uint8."""
    t = np.clip(np.asarray(values, dtype=float) / (limit if limit > 0 else 1.0), -1.0, 1.0)[..., None]
    rgb = np.where(t < 0, ZERO + (NEGATIVE - ZERO) * -t, ZERO + (POSITIVE - ZERO) * t)
    return np.round(rgb).astype(np.uint8)


class HeatMap(QWidget):
    """A (D, D) matrix as coloured cells with the features' names at the rows and a colour key.

    Attributes
    ----------
    values : ndarray of shape (D, D)
        What is drawn.
    limit : float
        The colour key's range is [-limit, limit].
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.values = np.zeros((0, 0))
        self.names: list[str] = []
        self.limit = 1.0
        self.setMouseTracking(True)
        self.setMinimumHeight(80)

    def sizeHint(self) -> QSize:
        return QSize(240, 200)

    def set_matrix(self, values: np.ndarray, names, limit: float | None = None) -> None:
        """Draw `values` (D, D) with the row labels `names`; the key spans ±`limit` (default: max |value|)."""
        self.values = np.asarray(values, dtype=float)
        self.names = [str(name) for name in names]
        biggest = float(np.abs(self.values).max()) if self.values.size else 0.0
        self.limit = limit if limit is not None else (biggest if biggest > 0 else 1.0)
        self.update()

    def _geometry(self) -> tuple[float, float, float]:
        """(left, top, cell): where the cells start and their side, in pixels."""
        metrics = QFontMetrics(self.font())
        shown = max((len(name) for name in self.names), default=1)
        left = metrics.horizontalAdvance("M" * min(shown, LABEL_CHARACTERS)) * 0.8 + 6
        key = KEY_WIDTH + metrics.horizontalAdvance("-0.000e+00") + 12
        D = max(len(self.values), 1)
        cell = max(min((self.width() - left - key) / D, (self.height() - 4) / D), 1.0)
        return left, 2.0, cell

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (row, column) under the widget position (x, y), or None."""
        left, top, cell = self._geometry()
        i, j = int((y - top) // cell), int((x - left) // cell)
        D = len(self.values)
        return (i, j) if 0 <= i < D and 0 <= j < D and x >= left and y >= top else None

    def paintEvent(self, event) -> None:
        D = len(self.values)
        if D == 0:
            return
        painter = QPainter(self)
        left, top, cell = self._geometry()
        rgb = diverging_rgb(self.values, self.limit)
        for i in range(D):
            for j in range(D):
                painter.fillRect(QRectF(left + j * cell, top + i * cell, cell, cell), QColor(*rgb[i, j]))
        painter.setPen(QPen(self.palette().text().color()))
        metrics = QFontMetrics(self.font())
        if cell >= metrics.height() * 0.7:
            for i, name in enumerate(self.names):
                text = metrics.elidedText(name, Qt.TextElideMode.ElideRight, int(left - 6))
                baseline = top + (i + 0.5) * cell + metrics.ascent() / 2 - 1
                painter.drawText(QPointF(2, baseline), text)
        key_left = left + D * cell + 8
        height = D * cell
        steps = max(int(height), 2)
        colours = diverging_rgb(np.linspace(self.limit, -self.limit, steps), self.limit)
        for s in range(steps):
            painter.fillRect(
                QRectF(key_left, top + s * height / steps, KEY_WIDTH, height / steps + 1), QColor(*colours[s])
            )
        painter.drawRect(QRectF(key_left, top, KEY_WIDTH, height))
        for value, y in ((self.limit, top + metrics.ascent()), (0.0, top + height / 2 + metrics.ascent() / 2)):
            painter.drawText(QPointF(key_left + KEY_WIDTH + 3, y), f"{value:.3g}")
        painter.drawText(QPointF(key_left + KEY_WIDTH + 3, top + height - 2), f"{-self.limit:.3g}")
        painter.end()

    def mouseMoveEvent(self, event) -> None:
        where = self.cell_at(event.position().x(), event.position().y())
        if where is None:
            QToolTip.hideText()
            return
        i, j = where
        text = f"{self.names[i]} × {self.names[j]}: {self.values[i, j]:.5g}"
        QToolTip.showText(event.globalPosition().toPoint(), text, self)


class ParameterMatrix(QWidget):
    """Named means of every component and one component's covariance / correlation heat map.

    Attributes
    ----------
    means_table : QTableWidget
        A row per feature (its name), a column per component.
    component_choice : QComboBox
        Which component's matrix the heat map shows.
    correlation_check : QCheckBox
        Correlation instead of covariance.
    heatmap : HeatMap
    note : QLabel
        What the heat map shows (or why there is none).
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.means_table = QTableWidget()
        self.means_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.means_table.setMinimumHeight(60)
        self.means_table.setTabKeyNavigation(False)  # Tab leaves the table; the arrow keys move in it
        self.means_table.setAccessibleName(translate("nbviz", "Means μ by feature"))
        self.component_choice = QComboBox()
        self.component_choice.setToolTip(translate("nbviz", "Whose covariance the heat map shows"))
        self.correlation_check = QCheckBox(translate("nbviz", "Correlation"))
        self.correlation_check.setToolTip(translate("nbviz", "Show Σ_ij / √(Σ_ii Σ_jj) instead of the covariance Σ"))
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.heatmap = HeatMap()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(QLabel(translate("nbviz", "<b>Means μ by feature</b>")))
        layout.addWidget(self.means_table, 2)
        matrix_of = buddy_label(translate("nbviz", "<b>Matrix of</b>"), self.component_choice)
        layout.addLayout(left_row(matrix_of, self.component_choice, 8, self.correlation_check))
        layout.addWidget(self.note)
        layout.addWidget(self.heatmap, 3)
        self._model: nc.Mixture | None = None
        self._matrices: CovarianceMatrices | None = None
        self._columns: list[str] = []
        self._names: list[str] = []
        self._units = ""
        self.component_choice.currentIndexChanged.connect(self._draw_matrix)
        self.correlation_check.toggled.connect(self._draw_matrix)

    def show_model(
        self, model: nc.Mixture | None, matrices: CovarianceMatrices | None, columns, names, units: str = ""
    ) -> None:
        """Show `model`'s means and `matrices` (None: hide), with feature names `columns` and component `names`.

        `units` (e.g. "original units") is said beside the matrix.
        """
        self.setVisible(model is not None)
        columns, names = [str(column) for column in columns], list(names)
        if (
            model is not None
            and model is self._model
            and (columns, names, units)
            == (
                self._columns,
                self._names,
                self._units,
            )
        ):
            return  # the same model (an E-step leaves the parameters alone): nothing to redraw
        self._model, self._matrices, self._units = model, matrices, units
        if model is None or matrices is None:
            return
        K, D = model.n_components, model.n_features
        table = self.means_table
        if (table.rowCount(), table.columnCount(), self._columns, self._names) != (D, K, columns, names):
            self._columns, self._names = columns, names
            table.setRowCount(D)
            table.setColumnCount(K)
            table.setVerticalHeaderLabels(columns)
            for k in range(K):
                table.setHorizontalHeaderItem(k, QTableWidgetItem(names[k]))
                for d in range(D):
                    table.setItem(d, k, QTableWidgetItem())
            self._colour_headers()
        resized = False  # the cells change in place; the columns are fitted again when a text changes length
        for k in range(K):
            for d in range(D):
                item, text = table.item(d, k), f"{matrices.means[k, d]:.5g}"
                assert item is not None  # every cell has one (set when the shape changed)
                if item.text() != text:
                    resized |= len(text) != len(item.text())
                    item.setText(text)
        if resized:
            table.resizeColumnsToContents()
        choice = self.component_choice
        wanted = matrices.choices
        if [choice.itemText(i) for i in range(choice.count())] != wanted:
            current = choice.currentIndex()
            choice.blockSignals(True)
            choice.clear()
            choice.addItems(wanted)
            choice.setCurrentIndex(min(max(current, 0), len(wanted) - 1))
            choice.blockSignals(False)
        self._draw_matrix()

    def _colour_headers(self) -> None:
        """Each component's name in its colour, the variant made for the table's background."""
        dark = self.palette().base().color().lightness() < 128
        for k in range(self.means_table.columnCount()):
            header = self.means_table.horizontalHeaderItem(k)
            if header is not None:
                header.setForeground(component_color(k, dark))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:  # light <-> dark appearance
            self._colour_headers()

    def _draw_matrix(self, *_) -> None:
        model, matrices = self._model, self._matrices
        if model is None or matrices is None:
            return
        D = model.n_features
        if D > MAX_HEATMAP:
            self.heatmap.hide()
            self.note.setText(
                translate(
                    "nbviz", "{0} features: too many for a heat map (up to {1}); the text above lists them."
                ).format(D, MAX_HEATMAP)
            )
            return
        correlation = self.correlation_check.isChecked()
        k = max(self.component_choice.currentIndex(), 0)
        values = matrices.matrix(k)
        values = correlation_matrix(values) if correlation else values
        self.heatmap.set_matrix(values, self._columns, 1.0 if correlation else None)
        self.heatmap.show()
        what = translate("nbviz", "Correlation") if correlation else translate("nbviz", "Covariance")
        extra = matrices.note
        units = f", {self._units}" if self._units and not correlation else ""
        self.note.setText(translate("nbviz", "{0}{1}{2}; hover a cell for its value.").format(what, extra, units))
