"""What each component of a Bernoulli or multinomial mixture has learned.

Image data (digits, bars) shows each component's probabilities as a picture: pixel m is black at
p_km = 1 and white at p_km = 0, so a component's picture is its prototype. For synthesised data
the matched true prototype is drawn underneath. Other data shows, per component, its most
probable features (words) with their probabilities, shaded in the component's colour.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPixmap
from PySide6.QtWidgets import QStackedWidget, QTableWidget, QTableWidgetItem

from ...app.session import Session
from ..palette import component_color

MAX_FEATURE_ROWS = 15  # features listed per component when there is no picture
INK_LUT = np.linspace(255, 0, 256).astype(np.uint8)  # probability 0 = white, 1 = black


def top_features(probs: np.ndarray, count: int) -> np.ndarray:
    """Indices of each component's `count` most probable features, shape (K, count), most probable first.

    Ties keep feature order (stable sort).
    """
    return np.argsort(-probs, axis=1, kind="stable")[:, :count]


def colour_icon(color: QColor, size: int = 12) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(color)
    return QIcon(pixmap)


class PrototypesView(QStackedWidget):
    """Component prototypes (pictures) or top-feature lists for the model at the cursor.

    Parameters
    ----------
    session : Session
    parent : QWidget, optional

    Attributes
    ----------
    pictures : pg.GraphicsLayoutWidget
        Used when the data has an image shape.
    table : QTableWidget
        Used otherwise: one column per component.
    images, truth_images : list of pg.ImageItem
    titles : list of pg.LabelItem
    """

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self.pictures = pg.GraphicsLayoutWidget()
        self.pictures.setBackground("w")
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.NoSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setVisible(False)
        self.addWidget(self.pictures)
        self.addWidget(self.table)
        self.images: list[pg.ImageItem] = []
        self.truth_images: list[pg.ImageItem] = []
        self.titles: list[pg.LabelItem] = []
        self._layout_key = None
        session.problem_changed.connect(self.refresh)
        session.run_reset.connect(self.refresh)
        session.cursor_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        snapshot, problem = self.session.snapshot, self.session.problem
        if snapshot is None or problem is None or snapshot.model.family == "gaussian":
            self._build_pictures(0, False, None)
            return
        model = snapshot.model
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
        key = (n_components, with_truth, shape, columns)
        if key == self._layout_key:
            return
        self._layout_key = key
        self.pictures.clear()
        self.images, self.truth_images, self.titles = [], [], []
        for k in range(n_components):
            row, col = divmod(k, columns)
            title = pg.LabelItem(justify="center", size="10pt")
            self.pictures.addItem(title, row=row * rows_per_component, col=col)
            self.titles.append(title)
            self.images.append(self._picture_box(row * rows_per_component + 1, col))
            if with_truth:
                self.truth_images.append(self._picture_box(row * rows_per_component + 2, col))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.currentWidget() is self.pictures and self.images:
            self.refresh()

    def _picture_box(self, row: int, col: int) -> pg.ImageItem:
        box = self.pictures.addViewBox(row=row, col=col, lockAspect=True, enableMouse=False, invertY=True)
        box.setMenuEnabled(False)
        image = pg.ImageItem(axisOrder="row-major")
        image.setLookupTable(INK_LUT)
        box.addItem(image)
        return image

    def _show_pictures(self, model, shape, empty, matched) -> None:
        K = model.n_components
        self._build_pictures(K, matched is not None, tuple(shape))
        probs = model.probs
        if model.family == "multinomial":  # scale each picture to its own most probable pixel
            probs = probs / probs.max(axis=1, keepdims=True)
        for k in range(K):
            self.images[k].setImage(probs[k].reshape(shape), autoLevels=False, levels=(0.0, 1.0))
            colour = component_color(k).name()
            note = " — empty" if k in empty else ""
            name = self.session.component_names()[k]
            self.titles[k].setText(f"<b>{name}</b>&nbsp; π = {model.weights[k]:.3f}{note}", color=colour)
            box = self.images[k].getViewBox()
            box.setBorder(pg.mkPen(colour, width=3))
            box.autoRange(padding=0.02)
        if matched is not None:
            truth, perm = matched
            true_probs = truth.probs
            if truth.family == "multinomial":
                true_probs = true_probs / true_probs.max(axis=1, keepdims=True)
            for j, k in enumerate(perm):
                image = self.truth_images[k]
                image.setImage(true_probs[j].reshape(shape), autoLevels=False, levels=(0.0, 1.0))
                box = image.getViewBox()
                box.setBorder(pg.mkPen(component_color(k).name(), width=1, style=Qt.DashLine))
                box.autoRange(padding=0.02)

    # ----------------------------------------------------------------- feature lists
    def _show_table(self, model, columns, empty, matched) -> None:
        """Two table columns per component: its features (most probable first) and their probabilities."""
        K, M = model.probs.shape
        count = min(M, MAX_FEATURE_ROWS)
        if model.family == "bernoulli" and M <= MAX_FEATURE_ROWS:
            order = np.tile(np.arange(M), (K, 1))  # few features: keep them in column order
        else:
            order = top_features(model.probs, count)
        true_probs = None
        if matched is not None:
            truth, perm = matched
            true_probs = np.empty_like(truth.probs)
            true_probs[perm] = truth.probs
        symbol = "p" if model.family == "bernoulli" else "θ"
        names = self.session.component_names()
        self.table.clear()
        self.table.clearSpans()
        self.table.setColumnCount(2 * K)
        self.table.setRowCount(count + 1)  # row 0 names the components
        for k in range(K):
            note = " (empty)" if k in empty else ""
            title = QTableWidgetItem(f"{names[k]}{note}\nπ = {model.weights[k]:.3f}")
            title.setIcon(colour_icon(component_color(k)))
            bold = title.font()
            bold.setBold(True)
            title.setFont(bold)
            self.table.setItem(0, 2 * k, title)
            self.table.setSpan(0, 2 * k, 1, 2)
            top = model.probs[k, order[k]].max() if count else 1.0
            shade = QColor(component_color(k))
            for i, m in enumerate(order[k]):
                p = model.probs[k, m]
                value = f"{p:.3f}" if true_probs is None else f"{p:.3f} (true {true_probs[k, m]:.3f})"
                shade.setAlpha(int(round(30 + 150 * (p / top if top > 0 else 0.0))))
                for j, text in enumerate((columns[m], value)):
                    item = QTableWidgetItem(text)
                    item.setBackground(QBrush(shade))
                    item.setToolTip(f"{symbol}({columns[m]} | {names[k]}) = {p:.6g}")
                    if j:
                        item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                    self.table.setItem(i + 1, 2 * k + j, item)
        self.table.resizeColumnsToContents()
        self.table.resizeRowToContents(0)
