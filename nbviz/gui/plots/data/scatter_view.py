"""The scatter view of continuous data (D >= 2) under a Gaussian mixture.

Points are coloured by their responsibilities (a blend of component colours, so a point shared
between components looks mixed); each component shows its mean and its 1- and 2-sigma ellipses;
the mixture density is shaded underneath; for synthesised data the true components are dashed.
With more than two features a chooser picks a feature pair or the PCA plane, and everything is
projected into it (the shading is then the projected, i.e. marginal, mixture density).

Click a point to inspect it; click anywhere else (or move the mouse with Shift held) to probe that
place: a cross marks it and the inspector works out P(C | x) there (with more than two features,
under the mixture's marginal in the view shown); drag a mean (in a feature-pair view) to restart
EM from there.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QVBoxLayout, QWidget

import nbviz.core as nc

from ....app.analysis.density_grids import density_grid
from ....app.analysis.missing_cells import incomplete_rows, placed, shown_data
from ....app.analysis.projection import Projection, feature_pair, pca, pca_title
from ....app.families import DataView, presentation
from ....app.presentation import view_descriptions as words
from ....app.presentation.appearance import Appearance
from ...style.palette import component_color
from ..plot_view import new_plot
from ..scatter_items import Marks, clear_scatter
from ..styling import marker_brush, marker_pen, pen
from .axis_chooser import PAIRS, AxisChooser
from .axis_units import label_axes, unit_axes
from .ellipses import EllipseItem, matched_color
from .pairs_view import PairsView
from .point_layer import SHAPES, PointLayer
from .points_view import Mark, PointsView

translate = QCoreApplication.translate

# density grid cells per axis: drawn filtered, 100 looks as 150 does (<= 3/255 apart) at a third of the cost
GRID_SIZE = 100
SIGMA_REACH = 2.0  # the true components' 2σ ellipses are inside the view's home range
MARGIN_SHARE = 0.08  # of the data's span, between the outermost point and the plot's frame
ELLIPSE_MARGIN = 0.03  # of the view's span, between a fitted ellipse and the plot's frame
DATA_SHARE = 0.5  # a range widened for the fitted ellipses keeps the data's range this share of it


def widened_for(view: np.ndarray, outline: np.ndarray, home: np.ndarray) -> np.ndarray | None:
    """The range, widened but never narrowed, that holds `outline` with a margin (None: it does already).

    Parameters
    ----------
    view : ndarray, shape (2, 2)
        The current range, ``[[x0, x1], [y0, y1]]``.
    outline : ndarray, shape (n, 2)
        The points the range should hold (the fitted ellipses' outlines).
    home : ndarray, shape (2, 2)
        The data's range: it keeps at least `DATA_SHARE` of each axis, so a start's huge ellipse does
        not shrink the data to a dot for the whole run.
    """
    low, high = outline.min(axis=0), outline.max(axis=0)
    if np.all(low >= view[:, 0]) and np.all(high <= view[:, 1]):
        return None
    pad = ELLIPSE_MARGIN * (np.maximum(view[:, 1], high) - np.minimum(view[:, 0], low))
    lows, highs = np.minimum(view[:, 0], low - pad), np.maximum(view[:, 1], high + pad)
    middle, reach = home.mean(axis=1), (home[:, 1] - home[:, 0]) / (2 * DATA_SHARE)
    lows, highs = (
        np.maximum(lows, np.minimum(view[:, 0], middle - reach)),
        np.minimum(highs, np.maximum(view[:, 1], middle + reach)),
    )
    widened = np.column_stack([lows, highs])
    return None if np.array_equal(widened, view) else widened


DENSITY_RGB = (52, 72, 110)  # slate: the density tint, drawn with alpha on white
DENSITY_RGB_DARK = (150, 178, 225)  # a light slate on a dark background
DENSITY_MAX_ALPHA = 105
DENSITY_GAMMA = 0.6  # < 1 lifts the tails, so low-density regions stay visible


def density_lut(rgb=DENSITY_RGB) -> np.ndarray:
    """Lookup table (256, 4) uint8: transparent at zero density, a light tint of `rgb` at the peak."""
    level = np.linspace(0.0, 1.0, 256)
    lut = np.zeros((256, 4), dtype=np.uint8)
    lut[:, :3] = rgb
    lut[:, 3] = np.round(DENSITY_MAX_ALPHA * level**DENSITY_GAMMA).astype(np.uint8)
    return lut


class SmoothImageItem(pg.ImageItem):
    """An ImageItem drawn with bilinear filtering (a coarse density grid without blocky cells)."""

    def paint(self, painter, *args):
        painter.setRenderHint(painter.RenderHint.SmoothPixmapTransform, True)
        super().paint(painter, *args)


class ScatterView(PointsView, QWidget):
    """Data points, component means and ellipses, and the mixture density in a 2-D view.

    Attributes
    ----------
    plot : pg.PlotWidget
    points : PointLayer
        The rasterised data points (``points.image`` is the RGBA layer).
    ellipses, truth_ellipses : list of EllipseItem
        One per fitted / true component (a pool: items beyond K are hidden).
    means : DraggableMarkers
    density_grid : (xs, ys, values) or None
        The shaded density: cell centres xs (G,), ys (G,) and values (G, G) indexed [y, x].
    axes_bar : AxisChooser
        PCA and feature pairs; shown only for more than two features. Only the view shown is
        built (`projection`), so a wide table costs one view's memory, not one per feature pair.
    axes_choice : QComboBox
        Its view menu.
    """

    def _build(self) -> None:
        self._projection: Projection | None = None
        self._pca: Projection | None = None  # the problem's PCA plane, once shown (costly for wide data)
        self._placed = np.zeros((0, 2))  # the points as placed for the view, missing cells at column means
        self.density_grid: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self._density_key: tuple | None = None  # what `density_grid` was computed for
        # what the ellipses and means (fitted, true) were last drawn for: an E-step leaves them as they are
        self._drawn_keys: dict[str, tuple] = {}
        self._home: tuple[tuple[float, float], tuple[float, float]] | None = None  # the data's range

        self.axes_bar = AxisChooser()
        self.axes_choice = self.axes_bar.views
        self.axes_bar.changed.connect(self._projection_chosen)
        self.axes_bar.hide()

        self.plot = new_plot(unit_axes())
        self.view_box = self.plot.getViewBox()
        self.density_item = SmoothImageItem(axisOrder="row-major")
        self.density_item.setLookupTable(density_lut())
        # kept as a pixmap: an E-step (the same shading) blits it instead of filtering the grid again
        self.density_item.setCacheMode(self.density_item.CacheMode.DeviceCoordinateCache)
        self.add_overlay(self.density_item, -10)
        self.points = PointLayer(self.view_box, z_value=0)
        self._bounds_item = pg.PlotCurveItem(pen=pg.mkPen(None))  # lets the "A" button fit the data
        self.view_box.addItem(self._bounds_item)
        self.ellipses: list[EllipseItem] = []
        self.truth_ellipses: list[EllipseItem] = []
        self.truth_means = self.add_overlay(Marks(symbol="x", size=11, pxMode=True), 15)
        self.means = self.add_means(17)
        self.selection_ring = self.add_selection_ring()
        self.probe_marker = self.add_overlay(Mark(symbol="+", size=20, pxMode=True), 26)
        self.view_box.sigRangeChanged.connect(self._update_density)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.axes_bar)
        layout.addWidget(self.plot)
        self.add_legend()
        self.view_options.changed.connect(self._label_axes)
        self.view_options.changed.connect(self._apply_aspect)
        self.pairs = PairsView(self.session, appearance=self.appearance, view_options=self.view_options)
        self.pairs.hide()  # the "Pairs" view; drawn only while shown
        layout.addWidget(self.pairs)

    def restyle(self, appearance: Appearance) -> None:
        self.density_item.setLookupTable(density_lut(DENSITY_RGB_DARK if appearance.dark else DENSITY_RGB))
        self.means.setSize(appearance.point_size(17))
        self.truth_means.setSize(appearance.point_size(11))
        self.probe_marker.setSize(appearance.point_size(20))

    # ----------------------------------------------------------------- state
    @property
    def projection(self) -> Projection | None:
        """The 2-D view in force, or None when there is nothing to show."""
        return self._projection

    @property
    def model(self) -> nc.GaussianMixture | None:
        """The mixture at the session's cursor as points (`FamilyPresentation.points`: means and
        covariances), or None when this view does not apply."""
        problem, snapshot = self.session.problem, self.session.snapshot
        if problem is None or snapshot is None or problem.n_features < 2:
            return None
        shown = presentation(snapshot.model)
        points = shown.points(self.shown_model(snapshot)) if shown.data_view is DataView.POINTS else None
        return cast(nc.GaussianMixture | None, points)  # every family drawn as points gives a Gaussian mixture

    def sync_problem(self) -> bool:
        """Follow a new problem: views, point positions and axis ranges. False if inactive."""
        problem = self.session.problem if self.model is not None else None
        if problem is self._problem:
            return problem is not None
        self._problem = problem
        self._pca = None
        self._projection = None  # until the new data's is made (the axes bar's layout may move the range)
        titled = pca_title(problem is not None and problem.standardization is not None)
        self.axes_bar.set_columns([] if problem is None else problem.columns, titled)
        self._projection = self._chosen_projection()
        self._apply_projection()
        return problem is not None

    def _chosen_projection(self) -> Projection | None:
        """The view the chooser asks for, built now (the PCA plane once per problem)."""
        wanted, problem = self.axes_bar.current(), self._problem
        self._show_pairs(wanted == PAIRS)
        if wanted is None or problem is None:
            return None
        if isinstance(wanted, tuple):
            return feature_pair(problem.columns, *wanted)
        if self._pca is None:
            self._pca = pca(placed(problem.X), title=pca_title(problem.standardization is not None))
        return self._pca  # also under the pairs view, which shows instead of this plot

    def _show_pairs(self, shown: bool) -> None:
        """Show the scatter matrix instead of the plot (awake only while shown)."""
        self.plot.setVisible(not shown)
        self.pairs.setVisible(shown)
        self.pairs.set_awake(shown and self._awake)

    def set_awake(self, awake: bool) -> None:
        super().set_awake(awake)
        self.pairs.set_awake(awake and self.pairs.isVisibleTo(self))

    def accessible_text(self) -> tuple[str, str] | None:
        projection, problem = self.projection, self._problem
        if projection is None or problem is None:
            return None
        lead = words.scatter_lead(problem.n_samples, self.view_options.ellipses)
        return words.scatter_name(*projection.labels), words.described(lead, self.session)

    def _label_axes(self) -> None:
        if self.projection is not None and self._problem is not None:
            label_axes(self.plot, self.projection, self._problem, self.view_options.original_units)

    def _projection_chosen(self) -> None:
        self._projection = self._chosen_projection()
        self._apply_projection()
        self.redraw()

    def _apply_projection(self) -> None:
        """Project the points for the chosen view, label the axes and fit the range to the data."""
        projection = self.projection
        if projection is None:
            self._placed = np.zeros((0, 2))
            self.points.set_positions(self._placed)
            self._bounds_item.setData([], [])
            return
        assert self._problem is not None  # the projections are made from it
        xy = projection.points(placed(self._problem.X))  # missing cells at their column means until a model
        self._label_axes()
        low, high = xy.min(axis=0), xy.max(axis=0)
        truth = self.session.problem.truth if self.session.problem is not None else None
        if truth is not None and presentation(truth).points(truth) is not None:  # the true 2σ ellipses whole
            centres, covariances = projection.model_gaussians(truth)
            reach = SIGMA_REACH * np.sqrt(np.maximum(np.diagonal(covariances, axis1=1, axis2=2), 0.0))
            low, high = np.minimum(low, (centres - reach).min(axis=0)), np.maximum(high, (centres + reach).max(axis=0))
        span = np.where(high > low, high - low, 1.0)
        low, high = low - MARGIN_SHARE * span, high + MARGIN_SHARE * span  # never a point on the frame
        self._bounds_item.setData([low[0], high[0]], [low[1], high[1]])
        self._home = ((low[0], high[0]), (low[1], high[1]))
        self.legend.user_range = False  # the range is the view's again
        self.view_box.setAspectLocked(self.view_options.equal_aspect, ratio=1.0)
        self.view_box.setRange(xRange=self._home[0], yRange=self._home[1], padding=0)
        self.points.set_positions(xy)
        self._placed = xy
        self.means.drag_enabled = projection.pair is not None
        self.means.setToolTip(
            translate("nbviz", "Drag a mean to restart EM from there")
            if projection.pair is not None
            else translate("nbviz", "Choose a feature pair to drag means")
        )

    def _apply_aspect(self) -> None:
        """Draw both axes at one scale or each at its own (`ViewOptions.equal_aspect`), showing the data whole."""
        equal = self.view_options.equal_aspect
        if bool(self.view_box.state["aspectLocked"]) == equal or self._problem is not self.session.problem:
            return  # new data: their projection sets the scale (a range now would shade the old view)
        self.view_box.setAspectLocked(equal, ratio=1.0)
        if self._home is not None:
            self.view_box.setRange(xRange=self._home[0], yRange=self._home[1], padding=0)

    # ----------------------------------------------------------------- drawing
    def legend_points(self) -> np.ndarray:
        """The points as placed for the view (missing cells at their column means), which do not move
        with the half-steps, so the legend keeps its corner while rows with missing cells move."""
        return self._placed

    def place_incomplete_rows(self, model: nc.GaussianMixture, resp: np.ndarray) -> None:
        problem, projection = self._problem, self.projection
        gaps = None if problem is None else incomplete_rows(problem.X)
        if problem is None or gaps is None or projection is None:
            return
        self.points.set_positions(projection.points(shown_data(model, problem.X, resp)))
        self.points.set_hollow(gaps, self.hollow_fill())

    def draw_model(self) -> None:
        self._draw_components()
        self._hold_ellipses()
        self._draw_truth()
        self._update_density()
        self.draw_legend(2, len(self.projected_components()[0]), self._drawn_marks())

    def _hold_ellipses(self) -> None:
        """Widen the range (never narrow it) so that the fitted 2σ ellipses lie whole inside the plot, unless
        the user has moved the view or is painting: the range is then theirs."""
        if self.legend.range_is_users or self._home is None:
            return
        outlines = _outlines(self.ellipses)
        if not outlines:
            return
        outline = np.vstack(outlines)
        outline = outline[np.all(np.isfinite(outline), axis=1)]
        view = np.array(self.view_box.viewRange(), dtype=float)
        wider = widened_for(view, outline, np.array(self._home, dtype=float)) if len(outline) else None
        if wider is not None:
            self.view_box.setRange(xRange=tuple(wider[0]), yRange=tuple(wider[1]), padding=0)

    def _drawn_marks(self) -> np.ndarray:
        """The means and ellipse outlines drawn (fitted and true), as points the legend keeps clear of."""
        parts = [np.asarray(self.means.getData()).T.reshape(-1, 2)]
        parts += [np.asarray(self.truth_means.getData()).T.reshape(-1, 2)]
        parts += _outlines(self.ellipses + self.truth_ellipses)
        marks = np.vstack(parts)
        return marks[np.all(np.isfinite(marks), axis=1)]

    def draw_dragged(self) -> None:
        self._draw_components()
        self._update_density()

    def clear(self) -> None:
        self.points.set_positions(np.zeros((0, 2)))
        for item in self.ellipses + self.truth_ellipses:
            item.hide()
        for item in (self.means, self.truth_means, self.selection_ring, self.probe_marker):
            item.setData([], [])
        self.density_item.hide()
        self.density_grid = None
        self._drawn_keys.clear()
        self.axes_bar.hide()
        self.legend.hide()

    def projected_components(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Weights (K,), projected means (K, 2) and covariances (K, 2, 2) as drawn (with a drag)."""
        model, projection = self.model, self.projection
        assert model is not None and projection is not None  # called only while the view applies
        means, covariances = projection.model_gaussians(model)
        if self._drag_preview is not None:
            k, x, y = self._drag_preview
            means[k] = (x, y)
        return model.weights, means, covariances

    def _unchanged(self, what: str, *parts) -> bool:
        """Whether `what` was last drawn from these `parts` in this style (and remember them)."""
        style = (self.appearance.presentation, self.appearance.dark, tuple(self.view_options.values().items()))
        key = (style, *(np.asarray(part).tobytes() for part in parts))
        if self._drawn_keys.get(what) == key:
            return True
        self._drawn_keys[what] = key
        return False

    def _draw_components(self) -> None:
        weights, means, covariances = self.projected_components()
        if self._unchanged("components", weights, means, covariances):
            return
        K = len(weights)
        for k, item in enumerate(self.pooled(self.ellipses, K, _new_ellipse, 10)):
            item.set_pen(pen(self.appearance, component_color(k, self.appearance.dark), 2))
            item.set_gaussian(means[k], covariances[k])
            item.setVisible(self.view_options.ellipses)
        self.means.setData(
            pos=means,
            data=np.arange(K),
            symbol=[SHAPES[k % len(SHAPES)] if self.view_options.shapes else "o" for k in range(K)],
            pen=marker_pen(self.appearance, self.appearance.outline, 2),
            brush=[marker_brush(component_color(k, self.appearance.dark)) for k in range(K)],
        )
        # a feature pair's means as the values they are (a projection's are not the data's numbers)
        plain = self.projection is not None and self.projection.pair is not None
        texts = [f"({m[0]:.3f}, {m[1]:.3f})" for m in means] if plain else []
        # up and right of the marker, else down and right, up and left, down and left
        self.draw_mean_values(means, texts, [(-0.12, 1.15), (-0.12, -0.15), (1.12, 1.15), (1.12, -0.15)])

    def _draw_truth(self) -> None:
        matched = self.session.matched_truth() if self.view_options.truth else None
        positions, pens = [], []
        if matched is None:
            if self._unchanged("truth"):
                return
            self.pooled(self.truth_ellipses, 0, _new_ellipse, 9)
        else:
            truth, perm = matched
            projection = self.projection
            assert projection is not None  # drawn only while the view applies
            means, covariances = projection.model_gaussians(truth)
            if self._unchanged("truth", perm, means, covariances):
                return
            for j, item in enumerate(self.pooled(self.truth_ellipses, truth.n_components, _new_ellipse, 9)):
                color = matched_color(int(perm[j]), self.appearance.dark)
                item.set_pen(pen(self.appearance, color, 1.6, style=Qt.PenStyle.DashLine))
                item.set_gaussian(means[j], covariances[j])
                positions.append(means[j])
                pens.append(marker_pen(self.appearance, color, 2))
        if positions:
            self.truth_means.setData(pos=np.array(positions), pen=pens, brush=None)
        else:
            clear_scatter(self.truth_means)

    def _update_density(self, *_) -> None:
        """Shade the (projected) mixture density on a GRID_SIZE^2 grid covering the view."""
        if self.model is None or self.projection is None:
            return
        if not self.view_options.shading:
            self.density_item.hide()
            return
        (x0, x1), (y0, y1) = self.view_box.viewRange()
        components = self.projected_components()
        key = (x0, x1, y0, y1, *(np.asarray(part).tobytes() for part in components))
        if key == self._density_key and self.density_grid is not None:  # the same shading (an E-step)
            self.density_item.show()
            return
        self._density_key = key
        xs, ys, values = density_grid(*components, (x0, x1), (y0, y1), GRID_SIZE)
        self.density_grid = (xs, ys, values)
        peak = values.max()
        self.density_item.setImage(values, levels=(0.0, peak if peak > 0 else 1.0), autoLevels=False)
        self.density_item.setRect(QRectF(x0, y0, x1 - x0, y1 - y0))
        self.density_item.show()

    def probe_position(self) -> np.ndarray | None:
        """Where the probe is in this view (2,), or None when it is not in the view shown."""
        probe, projection = self.session.inspection.probed, self.projection
        if probe is None or projection is None or self.model is None:
            return None
        if probe.plane is None:
            return projection.points(probe.x[None, :])[0]
        return probe.x if probe.plane is projection else None

    def draw_probe(self, *_) -> None:
        """A cross at the probed place (none when the probe is in another view)."""
        xy = self.probe_position()
        if xy is None:
            clear_scatter(self.probe_marker)
            return
        a = self.appearance
        self.probe_marker.setData(
            pos=[xy, xy],
            size=[a.point_size(22), a.point_size(18)],
            pen=[pen(a, "#111111", 5), pen(a, "#ffffff", 2)],
            brush=[pg.mkBrush("#111111"), pg.mkBrush("#ffffff")],
        )

    # ----------------------------------------------------------------- mouse
    def probe_at(self, x: float, y: float) -> None:
        """Probe (x, y): every feature with two features, else the place in the view shown."""
        projection, problem = self.projection, self._problem
        if projection is None or problem is None:
            return
        if problem.n_features == 2 and projection.pair == (0, 1):
            self.session.inspection.probe([x, y])
        else:
            self.session.inspection.probe([x, y], plane=projection)

    def moved_start(self, model: nc.GaussianMixture, k: int, x: float, y: float) -> nc.Mixture | None:
        projection = self.projection
        if projection is None or projection.pair is None:
            return None
        snapshot = self.session.snapshot
        if snapshot is None:
            return None
        fitted = self.shown_model(snapshot)  # the family's own model, of which `model` is the points
        return presentation(fitted).moved_mean(fitted, k, projection.pair, (x, y))


def _outlines(items: list[EllipseItem]) -> list[np.ndarray]:
    """The outline curves (each of shape (m, 2)) of the shown ellipses among `items`."""
    return [curve for item in items if item.isVisible() for curve in item.curves if len(curve)]


def _new_ellipse() -> EllipseItem:
    return EllipseItem(pen=QColor("black"))
