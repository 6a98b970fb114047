"""What each component of a Bernoulli or multinomial mixture has learned.

Image data (digits, bars) shows each component's probabilities as a picture: pixel m is black at
p_km = 1 and white at p_km = 0, so a component's picture is its prototype. For synthesised data
the matched true prototype is drawn underneath. Other data shows, per component, its most
probable features (words) with their probabilities as bars in the component's colour (the true
value, for synthesised data, as a tick at the top and bottom of its cell).
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QIcon, QPen, QPixmap
from PySide6.QtWidgets import QStackedWidget, QStyledItemDelegate, QTableWidget, QTableWidgetItem, QWidget

from ....app.families import DataView, presentation
from ....app.presentation import view_descriptions as words
from ....app.presentation.appearance import Appearance
from ....app.run.session import Session
from ...style.palette import component_color
from ..plot_view import PlotView
from ..styling import pen, plot_font
from .table_type import fit_table_type

translate = QCoreApplication.translate

MAX_FEATURE_ROWS = 15  # features listed per component when there is no picture
MIN_COLUMN_WIDTH = 110  # pixels
TITLE_POINTS = 10.0  # picture titles in normal mode
MIN_TITLE_POINTS = 8.0  # titles shrink to fit a narrow column, but not below this
BAR_ROLE = Qt.ItemDataRole.UserRole + 1
INK_LUT = np.linspace(255, 0, 256).astype(np.uint8)  # probability 0 = white, 1 = black


def colour_icon(color: QColor, size: int = 12) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(color)
    return QIcon(pixmap)


class PrototypesView(PlotView, QStackedWidget):
    """Component prototypes (pictures) or top-feature lists for the model at the cursor.

    Attributes
    ----------
    pictures : pg.GraphicsLayoutWidget
        Used when the data has an image shape.
    table : QTableWidget
        Used otherwise: one column per component.
    images, truth_images : list of pg.ImageItem
    titles : list of pg.LabelItem
    """

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(session, parent, appearance=appearance)
        self.pictures = pg.GraphicsLayoutWidget()
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setItemDelegate(ProbabilityBars(self.table))
        self.table.verticalHeader().setVisible(False)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; the arrow keys move in it
        self.table.setAccessibleName(translate("nbviz", "Most probable features of each component"))
        self.addWidget(self.pictures)
        self.addWidget(self.table)
        self.images: list[pg.ImageItem] = []
        self.truth_images: list[pg.ImageItem] = []
        self.titles: list[pg.LabelItem] = []
        # (n_components, with_truth, image shape, grid columns, title points) of the pictures built last
        self._layout_key: tuple[int, bool, tuple[int, int] | None, int, float] | None = None
        self.follow_session()

    def restyle(self, appearance: Appearance) -> None:
        """Background; the pictures are rebuilt with the new title size and colour and frame widths."""
        self.pictures.setBackground(appearance.background)
        self._layout_key = None

    def described_widgets(self) -> list[QWidget]:
        return [self.pictures, self.table]

    def accessible_text(self) -> tuple[str, str] | None:
        return words.prototypes_name(), words.described("", self.session)

    def redraw(self, *_) -> None:
        if self.asleep():
            return
        snapshot, problem = self.session.snapshot, self.session.problem
        if snapshot is None or problem is None or presentation(snapshot.model).data_view is not DataView.PROTOTYPES:
            self._build_pictures(0, False, None)
            return
        model = self.shown_model(snapshot)
        matched = self.session.matched_truth()
        if problem.image_shape is not None:
            self.setCurrentWidget(self.pictures)
            self._show_pictures(model, problem.image_shape, snapshot.empty, matched)
        else:
            self.setCurrentWidget(self.table)
            self._show_table(model, problem.columns, snapshot.empty, matched)

    # ----------------------------------------------------------------- pictures
    def _columns(self, n_components: int, rows_per_component: int) -> int:
        """Grid columns that make the pictures largest in the widget's current size."""
        width, height = max(self.width(), 1), max(self.height(), 1)
        best, best_side = 1, 0.0
        for columns in range(1, n_components + 1):
            rows = math.ceil(n_components / columns)
            # a title row is about a quarter of a picture high
            side = min(width / columns, height / (rows * (rows_per_component - 0.75)))
            if side > best_side * 1.001:
                best, best_side = columns, side
        return best

    def _build_pictures(self, n_components: int, with_truth: bool, shape) -> None:
        rows_per_component = 3 if with_truth else 2
        columns = self._columns(n_components, rows_per_component) if n_components else 0
        title_size = round(self._title_points(columns), 1)
        key = (n_components, with_truth, shape, columns, title_size)
        if key == self._layout_key:
            return
        self._layout_key = key
        self.pictures.clear()
        self.images, self.truth_images, self.titles = [], [], []
        for k in range(n_components):
            row, col = divmod(k, columns)
            title = pg.LabelItem(justify="center", size=f"{title_size:.1f}pt")
            self.pictures.addItem(title, row=row * rows_per_component, col=col)
            self.titles.append(title)
            colour = component_color(k, self.appearance.dark).name()
            self.images.append(
                self._picture_box(row * rows_per_component + 1, col, shape, pen(self.appearance, colour, 3))
            )
            if with_truth:
                self.truth_images.append(
                    self._picture_box(
                        row * rows_per_component + 2,
                        col,
                        shape,
                        pen(self.appearance, colour, 1, style=Qt.PenStyle.DashLine),
                    )
                )

    def _title_points(self, columns: int) -> float:
        """Title font size: the appearance's (larger in presentation mode), shrunk to fit the column."""
        wanted = self.appearance.font_size(TITLE_POINTS)
        if columns == 0:
            return wanted
        at_normal = (
            QFontMetrics(plot_font(self.appearance, TITLE_POINTS, bold=True)).horizontalAdvance("■ 10  π = 0.000")
            * TITLE_POINTS
            / wanted
        )
        room = max(self.width(), 1) / columns - 12
        return max(MIN_TITLE_POINTS, min(wanted, TITLE_POINTS * room / max(at_normal, 1.0)))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.currentWidget() is self.table and self.appearance.presentation:
            self._fit_table()
        # rebuild the grid only when the new size calls for another number of columns or title size
        if self.currentWidget() is self.pictures and self.images and self._layout_key is not None:
            n_components, with_truth, _, columns, title_size = self._layout_key
            wanted = self._columns(n_components, 3 if with_truth else 2)
            if wanted != columns or round(self._title_points(wanted), 1) != title_size:
                self.redraw()

    def _picture_box(self, row: int, col: int, shape, border) -> pg.ImageItem:
        """An empty picture of `shape` (rows, columns) framed by `border`."""
        box = self.pictures.addViewBox(
            row=row, col=col, lockAspect=True, enableMouse=False, invertY=True, border=border
        )
        box.setMenuEnabled(False)
        box.setRange(QRectF(0, 0, shape[1], shape[0]), padding=0.02)
        image = pg.ImageItem(axisOrder="row-major")
        image.setLookupTable(INK_LUT)
        box.addItem(image)
        return image

    def _show_pictures(self, model, shape, empty, matched) -> None:
        K = model.n_components
        self._build_pictures(K, matched is not None, tuple(shape))
        probs = presentation(model).prototype_pictures(_probabilities(model))
        names = self.session.component_names()
        for k in range(K):
            self.images[k].setImage(probs[k].reshape(shape), autoLevels=False, levels=(0.0, 1.0))
            colour = component_color(k, self.appearance.dark).name()
            note = translate("nbviz", " — empty") if k in empty else ""
            name = names[k]
            # plain text beside a colour swatch: light palette colours (yellow) are unreadable as text
            self.titles[k].setText(
                f"<span style='color:{colour}'>&#9632;</span> <b>{name}</b>&nbsp; π = {model.weights[k]:.3f}{note}",
                color=self.appearance.foreground,
            )
        if matched is not None:
            truth, perm = matched
            true_probs = presentation(truth).prototype_pictures(_probabilities(truth))
            for j, k in enumerate(perm):
                self.truth_images[k].setImage(true_probs[j].reshape(shape), autoLevels=False, levels=(0.0, 1.0))

    # ----------------------------------------------------------------- feature lists
    def _show_table(self, model, columns, empty, matched) -> None:
        """One table column per component: its features (most probable first) with their probabilities as bars."""
        probs = _probabilities(model)
        K, M = probs.shape
        count = min(M, MAX_FEATURE_ROWS)
        shown = presentation(model)
        # ranked by the half-step shown, not by a frame moving to it: rows stay while the bars move
        target = self.session.snapshot
        order = shown.listed_features(probs if target is None else _probabilities(target.model), count)
        true_probs = None
        if matched is not None:
            truth, perm = matched
            true_probs = np.empty_like(_probabilities(truth))
            true_probs[perm] = _probabilities(truth)
        # One scale for every bar, so components compare: probabilities of a Bernoulli feature
        # are absolute (0 to 1); word probabilities are scaled to the largest one shown.
        scale = shown.bar_scale(np.take_along_axis(probs, order, 1))
        symbol = shown.symbol
        names = self.session.component_names()
        self.table.clear()
        self.table.setColumnCount(K)
        self.table.setRowCount(count)
        for k in range(K):
            note = " (empty)" if k in empty else ""
            title = QTableWidgetItem(f"{names[k]}{note}\nπ = {model.weights[k]:.3f}")
            title.setIcon(colour_icon(component_color(k, self.appearance.dark)))
            self.table.setHorizontalHeaderItem(k, title)
            colour = component_color(k, self.appearance.dark).name()
            for i, m in enumerate(order[k]):
                p = float(probs[k, m])
                tip = f"{symbol}({columns[m]} | {names[k]}) = {p:.6g}"
                true_fraction = -1.0
                if true_probs is not None:
                    tip += translate("nbviz", "; true {0:.6g}").format(true_probs[k, m])
                    true_fraction = min(1.0, true_probs[k, m] / scale)
                item = QTableWidgetItem(columns[m])
                item.setData(BAR_ROLE, (min(1.0, p / scale), true_fraction, colour, f"{p:.3f}"))
                item.setToolTip(tip)
                self.table.setItem(i, k, item)
        self._fit_table()

    def _fit_table(self) -> None:
        """Columns as wide as their contents; in presentation mode, type as large as fits, filling the table."""
        fit_table_type(self.table, self.appearance, BAR_ROLE)
        if self.appearance.presentation:
            return
        self.table.resizeColumnsToContents()
        header = self.table.horizontalHeader()
        for k in range(self.table.columnCount()):
            header.resizeSection(k, max(header.sectionSize(k), MIN_COLUMN_WIDTH))


TRUE_TICK_SHARE = 0.22  # of a cell's height: the true value's tick at each end, clear of the text


class ProbabilityBars(QStyledItemDelegate):
    """Draws a feature's cell as a bar in its component's colour: the name on the left, the value on the right.

    The cell's BAR_ROLE data is (fraction, true_fraction, colour, value): the bar's length as a
    fraction of the cell, the true value's position (a tick at the cell's top and bottom; negative for none), the colour
    and the value's text.
    """

    def paint(self, painter, option, index) -> None:
        bar = index.data(BAR_ROLE)
        if bar is None:
            super().paint(painter, option, index)
            return
        fraction, true_fraction, colour, value = bar
        painter.save()
        area = QRectF(option.rect).adjusted(2, 3, -2, -3)
        fill = QColor(colour)
        fill.setAlpha(110)
        painter.fillRect(QRectF(area.left(), area.top(), area.width() * fraction, area.height()), fill)
        if true_fraction >= 0:  # the true value: a tick at the top and the bottom, clear of the text between
            x = area.left() + area.width() * true_fraction
            top, bottom = option.rect.top() + 1, option.rect.bottom() - 1
            tick = TRUE_TICK_SHARE * (bottom - top)
            painter.setPen(QPen(option.palette.text().color(), 2))
            painter.drawLine(QPointF(x, top), QPointF(x, top + tick))
            painter.drawLine(QPointF(x, bottom - tick), QPointF(x, bottom))
        text = area.adjusted(3, 0, -3, 0)
        # the value is the lesson's number (read from the back row): the text colour, as the name
        painter.setPen(option.palette.text().color())
        painter.drawText(text, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, index.data())
        painter.drawText(text, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, value)
        painter.restore()

    def sizeHint(self, option, index):
        size = super().sizeHint(option, index)
        bar = index.data(BAR_ROLE)
        if bar is not None:  # room for the value beside the name
            size.setWidth(size.width() + option.fontMetrics.horizontalAdvance(bar[3]) + 22)
        return size


def _probabilities(model) -> np.ndarray:
    """`model`'s probabilities (n_components, n_features), as its family gives them (`probabilities`)."""
    probs = presentation(model).probabilities(model)
    assert probs is not None  # the page is shown only for a family whose data view is PROTOTYPES: probabilities
    return probs
