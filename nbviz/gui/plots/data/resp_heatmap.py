"""The responsibility map: one row per data point, one column per component.

Cell (n, k) is white at r_nk = 0 and component k's full colour at r_nk = 1, so a confidently
assigned point is one bright cell and a shared point is two pale ones. Rows can be kept in data
order, grouped by most probable component (most confident first), or grouped by known label (or
the true component of synthesised data); the order is worked out at the run's first E-step shown and
kept for the run, so a row stays put while its colour changes. Before the first E-step the map is
blank: there are no responsibilities yet. Click a row to inspect that point.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ....app.presentation import view_descriptions as words
from ....app.presentation.appearance import Appearance
from ....app.run.session import Session
from ...style.palette import component_rgb
from ...widgets.accessible import buddy_label
from ..keyboard_selection import KeyboardSelection
from ..plot_view import PlotView, new_plot
from ..styling import pen
from .interaction import clicked_position

translate = QCoreApplication.translate

DARK_BASE = 34.0  # the grey of r = 0 on a dark background
ORDERS = {
    "data": QT_TRANSLATE_NOOP("nbviz", "Data order"),
    "component": QT_TRANSLATE_NOOP("nbviz", "By component"),
    "label": QT_TRANSLATE_NOOP("nbviz", "By label"),
}


def resp_image(resp: np.ndarray, dark: bool = False) -> np.ndarray:
    """RGB image (n_samples, n_components, 3) uint8: white (dark grey for a `dark` background)
    blended towards each component's colour by r."""
    rgb = component_rgb(resp.shape[1], dark) * 255.0
    base = DARK_BASE if dark else 255.0
    image = base - resp[:, :, None] * (base - rgb[None, :, :])
    return np.clip(image + 0.5, 0, 255).astype(np.uint8)


def row_order(resp: np.ndarray, order: str, groups: np.ndarray | None = None) -> np.ndarray:
    """Permutation of the rows for display: ``rows[i]`` is the data row shown at position i.

    "data" keeps the data order; "component" groups by most probable component, most confident
    first within a group; "label" groups by `groups` (e.g. known labels, unknown = -1 last),
    then by most probable component. Ties keep data order (stable sorts).
    """
    n = len(resp)
    if order == "data" or n == 0:
        return np.arange(n)
    best = resp.argmax(axis=1)
    confidence = resp[np.arange(n), best]
    keys = [-confidence, best]  # np.lexsort sorts by the last key first
    if order == "label":
        if groups is None:
            raise ValueError(translate("nbviz", "this data has no labels to group by"))
        keys.append(np.where(groups < 0, groups.max() + 1, groups))
    return np.lexsort(keys)


ROW_LABEL_STEPS = (1, 2, 5)  # times a power of ten: how many rows apart the labelled ones are


class RowAxis(pg.AxisItem):
    """The map's axis of data points: a tick at the middle of a row, labelled with the row's own
    number counted from 1 (as the inspector and the exports count them), also when the rows are
    sorted by component; as many labels as fit, every 1st, 2nd, 5th, 10th, ... position.

    Attributes
    ----------
    rows : ndarray
        ``rows[i]`` is the data row drawn at height i.
    """

    def __init__(self, orientation: str = "left"):
        super().__init__(orientation)
        self.rows = np.arange(0)

    def tickValues(self, minVal, maxVal, size):
        low, high = sorted((minVal, maxVal))  # the axis runs downwards: its range comes reversed
        first, last = max(int(np.ceil(low)), 0), min(int(np.floor(high)), len(self.rows) - 1)
        if last < first:
            return []
        font = self.style.get("tickFont") or self.font()
        fitting = max(int(size // (2 * QFontMetricsF(font).height())), 1)  # a label and a gap each
        count = last - first + 1
        step = next(
            step * 10**power for power in range(16) for step in ROW_LABEL_STEPS if count <= fitting * step * 10**power
        )
        start = first + (-first) % step
        return [(float(step), [float(position) for position in range(start, last + 1, step)])]

    def tickStrings(self, values, scale, spacing):
        return [str(int(self.rows[int(round(value))]) + 1) for value in values]


class ResponsibilityHeatmap(PlotView, QWidget):
    """The N x K responsibilities at the session's cursor as a heat map.

    Attributes
    ----------
    plot : pg.PlotWidget
    image : pg.ImageItem
    order_box : QComboBox
        The row order (data keys "data", "component", "label").
    rows : ndarray
        ``rows[i]`` is the data row drawn at height i (counted from the top).
    """

    follows = {**PlotView.follows, "problem_changed": "_new_problem", "selection_changed": "_show_selection"}
    plot: pg.PlotWidget

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(session, parent, appearance=appearance)
        self.rows = np.arange(0)
        self._order_run: object = None  # the run (its first snapshot) whose rows' order is kept
        self._order_key: tuple | None = None
        self._order_rows = np.arange(0)
        self.order_box = QComboBox()
        self.order_box.setToolTip(
            translate(
                "nbviz",
                "How the rows (data points) are ordered: as in the data, grouped by most "
                "probable component (most confident first), or grouped by label",
            )
        )
        self.order_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.order_box.setMinimumContentsLength(13)  # "By component" whole, also in presentation mode
        self.order_box.currentIndexChanged.connect(self.redraw)
        self.row_axis = RowAxis("left")
        # (edge room: the last column and the first row's tick clear of the edges)
        self.plot = new_plot({"left": self.row_axis})
        self.plot.setMouseEnabled(x=False, y=True)
        self.plot.hideButtons()
        self.plot.invertY(True)
        self.plot.setLabel("bottom", translate("nbviz", "component k"))
        self.plot.setLabel("left", translate("nbviz", "data point n"))
        self.title = QLabel(translate("nbviz", "<b>Responsibilities r<sub>nk</sub></b>"))
        self.title.setToolTip(
            translate(
                "nbviz",
                "Row n, column k: how much component k is responsible for data point n "
                "(white 0, the component's colour 1). Click a row to inspect the point.",
            )
        )
        self.image = pg.ImageItem(axisOrder="row-major")
        self.plot.addItem(self.image)
        self.marker = pg.PlotDataItem(pen=pg.mkPen("#111111", width=2))
        self.plot.addItem(self.marker)
        self.plot.scene().sigMouseClicked.connect(self._clicked)
        self.keyboard = KeyboardSelection(self.plot, session, order=lambda: self.rows)

        bar = QHBoxLayout()
        bar.addWidget(buddy_label(translate("nbviz", "Rows:"), self.order_box))
        bar.addWidget(self.order_box, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addLayout(bar)
        layout.addWidget(self.plot)

        self.follow_session()
        self._new_problem()

    def restyle(self, appearance: Appearance) -> None:
        """The marker's pen (r = 0 is drawn white or dark by `redraw`)."""
        self.marker.setPen(pen(appearance, appearance.foreground, 2))

    # ----------------------------------------------------------------- drawing
    def _groups(self) -> np.ndarray | None:
        problem = self.session.problem
        if problem is None:
            return None
        if problem.labels is not None:
            return problem.labels
        return problem.truth_z

    def _new_problem(self) -> None:
        self.order_box.blockSignals(True)
        self.order_box.clear()
        for key, text in ORDERS.items():
            if key == "label":
                if self._groups() is None:
                    continue
                text = (
                    translate("nbviz", "By label")
                    if self.session.problem.labels is not None
                    else translate("nbviz", "By true component")
                )
            self.order_box.addItem(translate("nbviz", text), key)
        self.order_box.setCurrentIndex(1 if self.order_box.count() > 1 else 0)
        self.order_box.blockSignals(False)
        self.redraw()

    def accessible_text(self) -> tuple[str, str] | None:
        problem = self.session.problem
        lead = "" if problem is None else words.heatmap_lead(problem.n_samples)
        return words.heatmap_name(), words.described(lead, self.session)

    def redraw(self, *_) -> None:
        if self.asleep():
            return
        resp = self.shown_resp()
        snapshot = self.session.snapshot
        if resp is None or self.session.problem is None or snapshot is None:
            self.image.clear()
            self.rows = np.arange(0)
            self._show_selection()
            return
        n, k = resp.shape
        if snapshot.phase == "init":  # before the first E-step there are no responsibilities: the frame alone
            self.image.clear()
            self.rows = np.arange(0)
            self.row_axis.rows = self.rows
            self.row_axis.picture = None
            self.row_axis.update()
            self._frame(n, k)
            self._show_selection()
            return
        self.rows = self._kept_order(n)
        self.row_axis.rows = self.rows
        self.row_axis.picture = None  # the labels follow the rows even when the range stays
        self.row_axis.update()
        self.image.setImage(resp_image(resp[self.rows], self.appearance.dark), autoLevels=False, levels=(0, 255))
        self.image.setRect(0.5, -0.5, k, n)  # component k (1-based) centred on x = k; row i on y = i
        self._frame(n, k)
        self._show_selection()

    def _frame(self, n: int, k: int) -> None:
        """The axes of `n` rows and `k` components: a column per component numbered from 1, the rows' range."""
        axis = self.plot.getAxis("bottom")
        axis.setTicks([[(j + 1, str(j + 1)) for j in range(k)]])
        self.plot.setXRange(0.5, k + 0.5, padding=0)
        self.plot.setYRange(-0.5, n - 0.5, padding=0)
        self.plot.setLimits(xMin=0.5, xMax=k + 0.5, yMin=-0.5, yMax=n - 0.5)

    def _kept_order(self, n: int) -> np.ndarray:
        """The rows' order: worked out at the run's first E-step drawn (or when the order chosen or the data
        change) and kept for the rest of the run, so that a row stays where it is while its colour changes."""
        order = self.order_box.currentData() or "data"
        start = self.session.history[0]
        key = (order, n)
        if self._order_run is not start or self._order_key != key:
            ranked = self.session.resp  # the half-step shown (not the blend of an animation)
            assert ranked is not None  # a run is shown
            self._order_run, self._order_key = start, key
            self._order_rows = row_order(ranked, order, self._groups())
        return self._order_rows

    def _show_selection(self, *_) -> None:
        if self.asleep():
            return
        selected = self.session.selected
        positions: np.ndarray | list[int] = np.flatnonzero(self.rows == selected) if selected >= 0 else []
        if len(positions) == 0:
            self.marker.setData([], [])
            return
        y = float(positions[0])
        k = self.session.resp.shape[1]
        x0, x1 = 0.5, k + 0.5
        self.marker.setData([x0, x1, x1, x0, x0], [y - 0.5, y - 0.5, y + 0.5, y + 0.5, y - 0.5])

    # ----------------------------------------------------------------- interaction
    def row_at(self, y: float) -> int:
        """Data row drawn at height `y` (view coordinates), or -1."""
        position = int(np.floor(y + 0.5))
        return int(self.rows[position]) if 0 <= position < len(self.rows) else -1

    def _clicked(self, ev) -> None:
        pos = clicked_position(ev, self.plot.getViewBox())
        if pos is not None:
            ev.accept()
            self.session.select(self.row_at(pos.y()))
