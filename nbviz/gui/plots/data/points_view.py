"""The base of the views that draw the data points under a Gaussian mixture (1-D and scatter).

The points are coloured by their responsibilities; a click on one selects it for the inspector
(and a ring marks it); a click anywhere else, or moving the mouse with Shift held, probes that
place (`Inspection.probe`: the inspector works out P(C | x) there, a marker shows where); a mean
marker can be dragged, and dropped to restart EM from there.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt

import nbviz.core as nc

from ....app.analysis.missing_cells import incomplete_rows
from ....app.data.problem import Problem
from ...style.palette import blend, component_rgb
from ...style.uncertainty_scale import uncertainty_colours
from ..keyboard_selection import KeyboardSelection, screen_pixels
from ..scatter_items import Marks
from ..styling import plot_font
from .ellipses import DraggableMarkers
from .interaction import CLICK_RADIUS, clicked_position, show_ring
from .legend import DataLegend, legend_entries
from .options_view import OptionsView
from .point_layer import PointLayer


class Mark(Marks):
    """A marker that is only drawn (the probe's): a click on it goes on to the view beneath."""

    def mouseClickEvent(self, ev) -> None:
        ev.ignore()


MAX_MEAN_VALUES = 4  # components whose means are written beside them: more would crowd the view
VALUE_POINTS = 10.0  # a mean's value, in points before presentation mode's scaling


class PointsView(OptionsView):
    """An `OptionsView` of the data points, with a selection ring and draggable means.

    A subclass builds (`_build`) `points`, `view_box`, `means` (`add_means`) and `selection_ring`
    (`add_selection_ring`), and defines `model`, `sync_problem`, `clear`, `draw_model` and
    `moved_start`.

    Attributes
    ----------
    plot : pg.PlotWidget
    points : PointLayer
    means : DraggableMarkers
    selection_ring : pg.ScatterPlotItem
    dot_growth : (float, float)
        Class attribute: how many pixels the dots grow in normal and in presentation mode.
    ring_sizes : (float, float)
        Class attribute: the selection ring's outer and inner size in pixels (normal mode).
    """

    follows = {**OptionsView.follows, "selection_changed": "draw_selection", "probe_changed": "draw_probe"}
    dot_growth = (0.0, 1.5)
    ring_sizes = (23, 18)
    plot: pg.PlotWidget
    points: PointLayer
    view_box: pg.ViewBox
    means: DraggableMarkers
    selection_ring: pg.ScatterPlotItem
    _problem: Problem | None = None
    _drag_preview: tuple[int, float, float] | None = None
    legend: DataLegend

    @property
    def model(self) -> nc.GaussianMixture | None:
        """The mixture at the cursor, or None when this view does not apply (override)."""
        raise NotImplementedError

    # ----------------------------------------------------------------- building
    def add_overlay(self, item: pg.GraphicsObject, z_value: float):
        """`item` over the data at `z_value`, not counted in the view's auto-range."""
        item.setZValue(z_value)
        self.view_box.addItem(item, ignoreBounds=True)
        return item

    def pooled(self, pool: list, count: int, make, z_value: float) -> list:
        """The first `count` items of `pool` (grown with ``make()`` as needed), shown; the rest hidden.

        Items are reused, never re-created: one per fitted or true component, for any K.
        """
        while len(pool) < count:
            pool.append(self.add_overlay(make(), z_value))
        for i, item in enumerate(pool):
            item.setVisible(i < count)
        return pool[:count]

    def add_legend(self) -> None:
        """The legend, in the plot's least crowded corner (once the plot is built)."""
        self.legend = DataLegend(self.plot, self.appearance, strip=True)

    def draw_legend(self, dimension: int, n_components: int, marks: np.ndarray | None = None) -> None:
        """The legend of a `dimension`-D view of `n_components` components, or none when switched off;
        it keeps clear of the points and of `marks` (shape (m, 2): what is drawn over them)."""
        if not self.view_options.legend:
            self.legend.hide()
            return
        has_truth = self.session.matched_truth() is not None
        incomplete = self._problem is not None and incomplete_rows(self._problem.X) is not None
        entries = legend_entries(dimension, self.view_options, has_truth, incomplete)
        self.legend.show_entries(entries, n_components, self.legend_points(), marks)

    def legend_points(self) -> np.ndarray:
        """The points the legend should hide least, shape (n, 2): where they are drawn (override to
        keep the legend put while rows with missing cells move)."""
        return self.points.positions

    def add_means(self, size: float, **options) -> DraggableMarkers:
        """The mean markers (`size` pixels in normal mode); a drag previews, a drop restarts EM."""
        means = DraggableMarkers(symbol="o", size=size, pxMode=True, **options)
        means.marker_moved.connect(self._mean_dragged)
        means.marker_dropped.connect(self._mean_dropped)
        return self.add_overlay(means, 20)

    def draw_mean_values(
        self,
        positions: np.ndarray,
        texts: list[str],
        places: list[list[tuple[float, float]]] | list[tuple[float, float]],
    ) -> None:
        """Write `texts` (one per mean) at the means' `positions` (shape (K, 2), view coordinates), each at
        the first of its `places` (anchors: the text's fraction across and down; one list for all means,
        or a list per mean) where it lies on no value written already and on no other mean's marker; a
        value with no free place is left out (the board has them all). None when switched off, in a
        figure, or for many components."""
        per_mean = places if places and isinstance(places[0], list) else [places] * len(texts)
        if "_mean_value_args" not in self.__dict__:  # a resized plot moves the markers apart or together
            self.view_box.sigResized.connect(self.place_mean_values_again)
        self._mean_value_args = (positions, texts, places)
        # on screen only: a figure (a small animation frame above all) keeps its legend and data clear
        wanted = self.view_options.mean_values and self.appearance.screen
        shown = len(texts) if wanted and len(texts) <= MAX_MEAN_VALUES else 0
        pool = self.__dict__.setdefault("mean_value_items", [])
        font = plot_font(self.appearance, VALUE_POINTS, bold=True)
        fill = pg.mkBrush(self.appearance.background + "c8")  # readable over the points beneath
        # the rectangles on the screen a label may not lie on: the means' markers, then the labels placed
        markers = [self._marker_rect(x, y) for x, y in positions[:shown]]
        placed: list = []
        for k, (label, (x, y), text) in enumerate(zip(self.pooled(pool, shown, pg.TextItem, 22), positions, texts)):
            taken = placed + markers[:k] + markers[k + 1 :]  # its own marker is beside it by its anchor
            label.fill = fill
            label.setFont(font)
            label.setText(text, color=self.appearance.foreground)
            label.setPos(float(x), float(y))
            for where in per_mean[k]:
                label.setAnchor(where)
                rect = label.sceneBoundingRect()
                if not any(rect.intersects(other) for other in taken):
                    placed.append(rect)
                    label.show()
                    break
            else:
                label.hide()  # crowded: a value beside another mean would be misread (the board has them all)

    def place_mean_values_again(self, *_) -> None:
        """Lay the means' values out again for the plot's new size."""
        self.draw_mean_values(*self._mean_value_args)

    def _marker_rect(self, x: float, y: float) -> QRectF:
        """The square a mean's marker covers on the screen (scene coordinates)."""
        centre = self.view_box.mapViewToScene(QPointF(float(x), float(y)))
        half = float(self.means.opts["size"]) / 2
        return QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half)

    @property
    def mean_values(self) -> list[str]:
        """The means' values as written on the view (none: switched off, or too many components)."""
        return [item.toPlainText() for item in self.__dict__.get("mean_value_items", []) if item.isVisible()]

    def add_selection_ring(self) -> pg.ScatterPlotItem:
        return self.add_overlay(Marks(pxMode=True), 25)

    def follow_session(self) -> None:
        """Also take clicks on the plot (a click on a point selects it, elsewhere probes) and Shift-moves."""
        self.plot.scene().sigMouseClicked.connect(self._clicked)
        self.plot.viewport().installEventFilter(self)
        self.keyboard = KeyboardSelection(self.plot, self.session, pixels=self.pixels_on_screen)
        super().follow_session()

    def pixels_on_screen(self) -> tuple[np.ndarray, tuple[float, float]] | None:
        """Where the points are drawn, in pixels, and the view's middle (None without points)."""
        if self.model is None or len(self.points.positions) == 0:
            return None
        return screen_pixels(self.view_box, self.points.positions)

    # ----------------------------------------------------------------- drawing
    def apply_appearance(self) -> None:
        self.points.radius_change = self.dot_growth[self.appearance.presentation]
        if self._problem is not None:
            self.points.render()
        super().apply_appearance()

    def redraw(self, *_) -> None:
        """Draw the half-step at the session's cursor."""
        if self.asleep():
            return
        self._drag_preview = None
        if not self.sync_problem():
            self.clear()
            return
        model = self.model
        assert model is not None  # sync_problem is True only while the view applies
        resp = self.shown_resp()
        assert resp is not None  # there is a run while the view applies
        self.place_incomplete_rows(model, resp)
        self.points.set_shapes(resp.argmax(axis=1) if self.view_options.shapes else None)
        if self.view_options.uncertainty:
            self.points.set_colors(uncertainty_colours(resp, self.appearance.dark))
        else:
            self.points.set_colors(blend(resp, component_rgb(model.n_components, self.appearance.dark)))
        self.draw_model()
        self.draw_selection()
        self.draw_probe()

    def place_incomplete_rows(self, model: nc.GaussianMixture, resp: np.ndarray) -> None:
        """Draw the rows with missing cells hollow, where `model` and `resp` expect their missing
        cells (`nbviz.app.analysis.missing_cells.shown_data`); nothing for complete data (override)."""

    def hollow_fill(self) -> tuple[int, int, int]:
        """The colour inside a hollow point: the plot's background."""
        return pg.mkColor(self.appearance.background).getRgb()[:3]

    def draw_selection(self, *_) -> np.ndarray | None:
        """Ring the selected point; returns where it is drawn (None: no point selected here)."""
        index = self.session.selected
        xy = None
        if self.model is not None and 0 <= index < len(self.points.positions):
            xy = self.points.positions[index]
            if np.isnan(xy).any():  # a row missing the coordinate drawn (a 1-D view's x) is not drawn
                xy = None
        show_ring(self.selection_ring, xy, self.ring_sizes, self.appearance)
        return xy

    def draw_probe(self, *_) -> None:
        """Mark the probed place, or hide the mark (override)."""
        raise NotImplementedError

    def probe_at(self, x: float, y: float) -> None:
        """Probe the place (x, y) of the view (override): `Inspection.probe` with what it means in the data."""
        raise NotImplementedError

    def sync_problem(self) -> bool:
        """Follow a new problem (positions, ranges); False when the view does not apply (override)."""
        raise NotImplementedError

    def clear(self) -> None:
        """Show nothing (override)."""
        raise NotImplementedError

    def draw_model(self) -> None:
        """Draw the mixture (with a dragged mean where it is dragged) (override)."""
        raise NotImplementedError

    def draw_dragged(self) -> None:
        """Draw what a dragged mean moves (default: the whole mixture)."""
        self.draw_model()

    # ----------------------------------------------------------------- mouse
    def moved_start(self, model: nc.GaussianMixture, k: int, x: float, y: float) -> nc.Mixture | None:
        """The start after mean k was dropped at (x, y), or None if it cannot move here (override)."""
        raise NotImplementedError

    def _clicked(self, ev) -> None:
        pos = None if self.model is None else clicked_position(ev, self.view_box)
        if pos is None:
            return
        index = self.points.nearest(pos.x(), pos.y(), CLICK_RADIUS)
        if index >= 0:
            self.session.select(index)
        else:
            self.probe_at(pos.x(), pos.y())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Moving the mouse over the plot with Shift held probes where it points."""
        if (
            event.type() == QEvent.Type.MouseMove
            and event.modifiers() & Qt.KeyboardModifier.ShiftModifier  # type: ignore[attr-defined]
            and self.model is not None
        ):
            scene_pos = self.plot.mapToScene(event.position().toPoint())  # type: ignore[attr-defined]
            if self.view_box.sceneBoundingRect().contains(scene_pos):
                pos = self.view_box.mapSceneToView(scene_pos)
                self.probe_at(pos.x(), pos.y())
        return False

    def _mean_dragged(self, k: int, x: float, y: float) -> None:
        self._drag_preview = (k, x, y)
        self.draw_dragged()

    def _mean_dropped(self, k: int, x: float, y: float) -> None:
        model = self.model
        self._drag_preview = None
        start = None if model is None else self.moved_start(model, k, x, y)
        if start is not None and not self.session.set_start(start):
            self.redraw()
