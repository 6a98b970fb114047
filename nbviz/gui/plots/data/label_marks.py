"""Labelled points drawn so they stand out: a diamond in the class colour with a thick outline that
contrasts with the background (dark on a light plot, light on a dark one)."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from ....app.presentation.appearance import Appearance
from ....app.run.labelling import Labelling
from ...style.palette import component_color
from ..scatter_items import Marks
from ..styling import pen
from .interaction import picked_index

MARK_SIZE = 12
OUTLINE_WIDTH = 2.2


class _Marks(Marks):
    """Marks that are only drawn: a click on one goes on to the point beneath."""

    def __init__(self, marks: LabelMarks, **options):
        super().__init__(**options)
        self.marks = marks

    def mouseClickEvent(self, ev) -> None:
        ev.ignore()

    def appearance_changed(self) -> None:
        """A slot that lives as long as the item (unlike one on the plain `LabelMarks`)."""
        self.marks.restyle()


class LabelMarks:
    """Diamonds over the labelled points of a data view (a ScatterPlotItem in `view_box`).

    The marks change only with the labelling or the point positions, not with every half-step, so
    `update` sets data only when one of them is a new object. Colours, outline width and size follow
    `appearance` and change with it.
    """

    def __init__(self, view_box: pg.ViewBox, z_value: float = 8.0, appearance: Appearance | None = None):
        self.appearance = appearance if appearance is not None else Appearance()
        self.item = _Marks(self, pxMode=True, symbol="d", size=self.appearance.point_size(MARK_SIZE))
        self.appearance.changed.connect(self.item.appearance_changed)
        self.item.setZValue(z_value)
        view_box.addItem(self.item, ignoreBounds=True)
        self._key: tuple[np.ndarray | None, np.ndarray | None] = (None, None)

    @property
    def count(self) -> int:
        """How many points are marked."""
        return len(self.item.data)

    def update(self, positions: np.ndarray, labels: np.ndarray | None) -> None:
        """Mark the rows with labels >= 0 at `positions` (N, 2); no labels (None) clears the marks."""
        if self._key[0] is positions and self._key[1] is labels:
            return
        self._key = (positions, labels)
        if labels is None or len(positions) != len(labels):
            self.item.setData([], [])
            return
        rows = np.flatnonzero(labels >= 0)
        a = self.appearance
        brushes = {k: pg.mkBrush(component_color(k, a.dark)) for k in np.unique(labels[rows]).tolist()}
        self.item.setData(
            pos=positions[rows],
            brush=[brushes[k] for k in labels[rows].tolist()],
            pen=pen(a, a.outline, OUTLINE_WIDTH),
            size=a.point_size(MARK_SIZE),
            data=rows,
        )

    def restyle(self) -> None:
        """Draw the same marks again in the appearance's colours and sizes."""
        positions, labels = self._key
        self._key = (None, None)
        if positions is not None:
            self.update(positions, labels)

    def clear(self) -> None:
        self._key = (None, None)
        self.item.setData([], [])


class LabelLayer:
    """Label marks and label-mode clicks for a data view whose points are a PointLayer.

    Parameters
    ----------
    session : Session
    view : PointsView
        A data view (its ``plot``, ``view_box``, ``points``, ``selection_ring`` and ``appearance``).
    labelling : Labelling
        Label mode, shared with the label panel.

    The view keeps its own click handling (selecting the point for the inspector); in label mode
    this layer also gives the clicked point the chosen class (Shift: takes its label away).
    """

    def __init__(self, session, view, labelling: Labelling):
        self.session = session
        self.points = view.points
        self.view_box = view.view_box
        # the selection ring is drawn over the selected point and takes clicks on it; in label
        # mode a click there still labels the point
        self._see_through = (view.selection_ring,)
        self.marks = LabelMarks(self.view_box, appearance=view.appearance)
        self.labelling = labelling
        for signal in (session.problem_changed, session.run_reset, session.cursor_changed):
            signal.connect(self.refresh)
        self.view_box.sigRangeChanged.connect(self.refresh)  # a new projection moves the points
        view.plot.scene().sigMouseClicked.connect(self._clicked)

    def refresh(self, *_) -> None:
        self.marks.update(self.points.positions, self.session.labels)

    def _clicked(self, ev) -> None:
        if not self.labelling.active or len(self.points.positions) == 0:
            return
        if ev.isAccepted() and getattr(ev, "currentItem", None) in self._see_through:
            ev.ignore()  # only for picking here: the ring is decoration
        index = picked_index(ev, self.view_box, self.points)
        if index is not None and index >= 0:
            self.labelling.click(self.session, index, unlabel=bool(ev.modifiers() & Qt.KeyboardModifier.ShiftModifier))
