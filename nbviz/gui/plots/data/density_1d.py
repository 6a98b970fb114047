"""The view of one continuous feature: histogram, component densities and a rug of points.

The histogram (density-normalised) is grey; each weighted component density pi_k N(x | mu_k,
sigma_k^2) is a curve in the component's colour, their sum (the mixture density) a thick dark
curve, and for synthesised data the true weighted components are dashed. Under the histogram a
strip of the data points (spread vertically so they do not hide each other) is coloured by the
responsibilities. Under the plot a strip shows the posterior r_k(x) = P(C = k | x) of each
component across x (`set_posterior_visible` hides it). Click a point in the strip to inspect it,
anywhere else (or move the mouse with Shift held) to probe that x: a dotted line and dots on the
curves mark it, and the inspector works out P(C | x); drag a mean marker (at the top of its
component's curve) sideways to restart EM from there.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QVBoxLayout, QWidget

import nbviz.core as nc

from ....app.analysis.breakdown import posterior_curves
from ....app.analysis.density_grids import weighted_component_densities
from ....app.data.original_units import feature_units
from ....app.families import DataView, presentation
from ....app.presentation import view_descriptions as words
from ....app.presentation.appearance import Appearance
from ...style.palette import component_color
from ..plot_view import new_plot
from ..styling import marker_brush, marker_pen, pen, plot_font, style_plot
from .axis_units import UnitsAxis, feature_label
from .ellipses import matched_color
from .interaction import clicked_position, with_moved_mean
from .legend_corner import outline_points
from .point_layer import SHAPES, PointLayer
from .points_view import VALUE_POINTS, Mark, PointsView

translate = QCoreApplication.translate

N_CURVE_POINTS = 600
MAX_BINS = 60
RUG_DEPTH = 0.2  # the strip's height as a fraction of the histogram's peak
GOLDEN_RATIO = (1 + 5**0.5) / 2
HISTOGRAM_BRUSH = (200, 200, 200, 255)
HISTOGRAM_BRUSH_DARK = (78, 80, 86, 255)
MIXTURE_COLOR = "#222222"
MIXTURE_COLOR_DARK = "#eeeeee"


class DensityAxis(UnitsAxis):
    """A density axis: no ticks below zero, where the strip of points lies; per unit of the file
    (units ``(0, 1 / s)``) when the feature axis shows the file's units."""

    def tickValues(self, minVal, maxVal, size):
        levels = super().tickValues(minVal, maxVal, size)
        return [(spacing, [v for v in values if v >= -1e-12 * spacing]) for spacing, values in levels]


class Density1DView(PointsView, QWidget):
    """Histogram, weighted component densities and the mixture density of one-feature data.

    Attributes
    ----------
    plot : pg.PlotWidget
    histogram : pg.PlotDataItem
    component_curves, truth_curves : list of pg.PlotCurveItem
        One per fitted / true component (a pool: items beyond K are hidden).
    mixture_curve : pg.PlotCurveItem
    rug : PointLayer
        The strip of points under the histogram (also `points`).
    means : DraggableMarkers
        At (mu_k, peak of pi_k N(x | mu_k, sd_k^2)); draggable sideways.
    """

    dot_growth = (-1.0, 0.5)
    ring_sizes = (21, 16)

    def _build(self) -> None:
        self.plot = new_plot({"left": DensityAxis("left"), "bottom": UnitsAxis("bottom")})
        self.plot.setLabel("left", translate("nbviz", "density"))
        self.view_box = self.plot.getViewBox()
        self.histogram = pg.PlotDataItem(
            stepMode="center", fillLevel=0, brush=HISTOGRAM_BRUSH, pen=pg.mkPen(150, 150, 150, 255, width=1)
        )
        self.histogram.setZValue(-10)
        self.plot.addItem(self.histogram)
        self.rug = self.points = PointLayer(self.view_box, z_value=0, radius_change=-1.0)
        self.component_curves: list[pg.PlotCurveItem] = []
        self.truth_curves: list[pg.PlotCurveItem] = []
        self.mixture_curve = self.add_overlay(pg.PlotCurveItem(pen=pg.mkPen(MIXTURE_COLOR, width=3.5)), 12)
        self.means = self.add_means(15, axes="x")
        self.means.setToolTip(translate("nbviz", "Drag a mean sideways to restart EM from there"))
        self.selection_ring = self.add_selection_ring()
        self.selection_line = pg.InfiniteLine(angle=90, pen=pg.mkPen("#444444", width=1, style=Qt.PenStyle.DashLine))
        self.selection_line.hide()
        self.view_box.addItem(self.selection_line, ignoreBounds=True)
        self.probe_line = pg.InfiniteLine(angle=90, pen=pg.mkPen("#444444", width=1.5, style=Qt.PenStyle.DotLine))
        self.probe_line.hide()
        self.view_box.addItem(self.probe_line, ignoreBounds=True)
        self.probe_dots = self.add_overlay(Mark(pxMode=True, size=9), 24)
        self._build_posterior()
        self.view_box.sigXRangeChanged.connect(self._draw_curves)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.plot, 3)
        layout.addWidget(self.posterior_plot, 1)
        self.add_legend()

    def _build_posterior(self) -> None:
        """The strip of posterior curves under the plot, its x axis linked to the plot's."""
        self.posterior_plot = new_plot({"bottom": UnitsAxis("bottom")})
        self.posterior_plot.setLabel("left", "P(C | x)")
        self.posterior_plot.setXLink(self.plot)
        self.posterior_plot.setYRange(0.0, 1.0, padding=0.04)
        self.posterior_plot.setMouseEnabled(x=True, y=False)
        self.posterior_plot.getAxis("left").setTicks([[(0.0, "0"), (0.5, "0.5"), (1.0, "1")]])
        self.posterior_plot.setToolTip(
            translate("nbviz", "The posterior P(C = k | x) of each component; click to probe an x")
        )
        self.posterior_curves: list[pg.PlotCurveItem] = []
        self.posterior_line = pg.InfiniteLine(angle=90, pen=pg.mkPen("#444444", width=1.5, style=Qt.PenStyle.DotLine))
        self.posterior_line.hide()
        self.posterior_plot.addItem(self.posterior_line, ignoreBounds=True)
        self.posterior_dots = Mark(pxMode=True, size=9)
        self.posterior_dots.setZValue(5)
        self.posterior_plot.addItem(self.posterior_dots, ignoreBounds=True)
        self.posterior_plot.scene().sigMouseClicked.connect(self._posterior_clicked)

    @property
    def posterior_visible(self) -> bool:
        """Whether the strip of posterior curves is shown (the default)."""
        return not self.posterior_plot.isHidden()

    def set_posterior_visible(self, on: bool) -> None:
        """Show or hide the strip of posterior curves P(C = k | x) under the densities."""
        self.posterior_plot.setVisible(bool(on))
        self._draw_curves()

    def restyle(self, a: Appearance) -> None:
        self.histogram.setBrush(HISTOGRAM_BRUSH_DARK if a.dark else HISTOGRAM_BRUSH)
        self.histogram.setPen(pen(a, (110, 112, 118) if a.dark else (150, 150, 150)))
        self.mixture_curve.setPen(pen(a, MIXTURE_COLOR_DARK if a.dark else MIXTURE_COLOR, 3.5))
        self.means.setSize(a.point_size(15))
        self.selection_line.setPen(pen(a, a.muted_text, 1, style=Qt.PenStyle.DashLine))
        for line in (self.probe_line, self.posterior_line):
            line.setPen(pen(a, a.outline, 1.5, style=Qt.PenStyle.DotLine))
        for dots in (self.probe_dots, self.posterior_dots):
            dots.setSize(a.point_size(9))
        style_plot(self.posterior_plot, a)

    @property
    def model(self) -> nc.GaussianMixture | None:
        """The one-feature Gaussian mixture at the cursor, or None when this view does not apply."""
        problem, snapshot = self.session.problem, self.session.snapshot
        if problem is None or snapshot is None or problem.n_features != 1:
            return None
        shown = presentation(snapshot.model)
        points = shown.points(self.shown_model(snapshot)) if shown.data_view is DataView.POINTS else None
        return cast(nc.GaussianMixture | None, points)  # every family drawn as points gives a Gaussian mixture

    def drawn_model(self) -> nc.GaussianMixture:
        """The mixture as drawn: the cursor's, with a dragged mean where it is being dragged."""
        model = self.model
        assert model is not None  # drawn only while the view applies
        if self._drag_preview is not None:
            k, x, _ = self._drag_preview
            model = with_moved_mean(model, k, [0], [x])
        return model

    def curve_x(self) -> np.ndarray:
        """Where the curves are evaluated: N_CURVE_POINTS across the visible x range."""
        (x0, x1), _ = self.view_box.viewRange()
        return np.linspace(x0, x1, N_CURVE_POINTS)

    # ----------------------------------------------------------------- drawing
    def sync_problem(self) -> bool:
        problem = self.session.problem if self.model is not None else None
        if problem is self._problem:
            return problem is not None
        self._problem = problem
        if problem is None:
            self.histogram.setData([], [])
            self.rug.set_positions(np.zeros((0, 2)))
            return False
        # rows missing x are drawn nowhere: left out of the histogram and the range, their rug
        # positions NaN (the point layer draws no pixel there and the selection no ring)
        everyone = problem.X[:, 0]
        x = everyone[~np.isnan(everyone)]
        if not x.size:  # nothing observed: the range around 0, no bars
            x = np.zeros(1)
        edges = np.histogram_bin_edges(x, bins="auto")
        if len(edges) > MAX_BINS + 1:
            edges = np.linspace(x.min(), x.max(), MAX_BINS + 1)
        counts, edges = np.histogram(x, bins=edges, density=True)
        counts = counts if np.isfinite(everyone).any() else np.zeros_like(counts)
        self.histogram.setData(edges, counts)
        peak = float(counts.max()) if counts.size and counts.max() > 0 else 1.0
        # The strip: point n at height frac(n * golden ratio) (an even spread that no random
        # generator, e.g. the one that drew the data, can correlate with).
        heights = 0.12 + 0.8 * np.modf(np.arange(everyone.size) * GOLDEN_RATIO)[0]
        self.rug_depth = RUG_DEPTH * peak
        span = float(np.ptp(x)) or 1.0
        self.view_box.setRange(
            xRange=(x.min() - 0.08 * span, x.max() + 0.08 * span), yRange=(-self.rug_depth, 1.15 * peak), padding=0
        )
        self.legend.user_range = False  # the range is the view's again
        self.rug.set_positions(np.column_stack([everyone, -heights * self.rug_depth]))
        return True

    def accessible_text(self) -> tuple[str, str] | None:
        problem = self._problem
        if problem is None:
            return None
        lead = words.histogram_lead(problem.n_samples)
        return words.histogram_name(problem.columns[0]), words.described(lead, self.session)

    def described_widgets(self) -> list[QWidget]:
        return [self.plot, self.posterior_plot]

    def draw_model(self) -> None:
        self._label_x()
        self._draw_curves()

    def _label_x(self) -> None:
        """The feature's name, and ticks in the file's units when standardised data is shown in them."""
        problem = self._problem
        assert problem is not None  # drawn only with data
        units = feature_units(problem, 0, self.view_options.original_units)
        for plot in (self.plot, self.posterior_plot):
            axis = plot.getAxis("bottom")
            assert isinstance(axis, UnitsAxis)  # made so in __init__
            axis.set_units(units)
        self.plot.setLabel("bottom", feature_label(problem, 0, units is not None))
        density = self.plot.getAxis("left")
        assert isinstance(density, DensityAxis)  # made so in __init__
        density.set_units(None if units is None else (0.0, 1.0 / units[1]))  # a density per unit of x

    def clear(self) -> None:
        for item in self.component_curves + self.truth_curves + self.posterior_curves + [self.mixture_curve]:
            item.setData([], [])
        for item in (self.means, self.selection_ring, self.probe_dots, self.posterior_dots):
            item.setData([], [])
        for line in (self.selection_line, self.probe_line, self.posterior_line):
            line.hide()
        self.legend.hide()

    def _draw_curves(self, *_) -> None:
        if self.model is None or self._problem is None:
            return
        x = self.curve_x()
        model = self.drawn_model()
        weights, means = model.weights, model.means[:, 0]
        densities = weighted_component_densities(model, x)
        K = len(weights)
        for k, curve in enumerate(self.pooled(self.component_curves, K, pg.PlotCurveItem, 10)):
            curve.setPen(pen(self.appearance, component_color(k, self.appearance.dark), 2.2))
            curve.setData(x, densities[k])
        self.mixture_curve.setData(x, densities.sum(axis=0))
        self.mixture_curve.setVisible(self.view_options.mixture_curve)
        peaks = np.diag(weighted_component_densities(model, means))  # each component at its own mean
        self.means.setData(
            pos=np.column_stack([means, peaks]),
            data=np.arange(K),
            brush=[marker_brush(component_color(k, self.appearance.dark)) for k in range(K)],
            pen=marker_pen(self.appearance, self.appearance.outline, 2),
            symbol=[SHAPES[k % len(SHAPES)] if self.view_options.shapes else "o" for k in range(K)],
        )
        # each mean's value above its marker (the lesson's 2.333 and 5.5 on the plot), below it where the
        # plot's top would cut it or another value is there already: the range stays as it is
        top = self.view_box.viewRange()[1][1]
        room = 1.8 * QFontMetricsF(plot_font(self.appearance, VALUE_POINTS)).height() * self.view_box.viewPixelSize()[1]
        above, below, right, left = (0.5, 1.6), (0.5, -0.6), (-0.2, 0.5), (1.2, 0.5)
        places = [[above, below, right, left] if float(peak) + room <= top else [below, right, left] for peak in peaks]
        self.draw_mean_values(np.column_stack([means, peaks]), [f"μ = {m:.3f}" for m in means], places)
        self._draw_truth(x)
        self._draw_posterior(x, model)
        self.draw_probe()
        self.draw_legend(1, K, self._drawn_marks())

    def place_mean_values_again(self, *_) -> None:
        """Lay the means' values out again for the plot's new size: whether a value fits above its
        marker depends on it."""
        self._draw_curves()

    def _drawn_marks(self) -> np.ndarray:
        """The curves, means and histogram bars drawn, as points the legend keeps clear of."""
        curves = [self.mixture_curve] if self.mixture_curve.isVisible() else []
        curves += [c for c in self.component_curves + self.truth_curves if c.isVisible()]
        parts = [np.column_stack(c.getData()) for c in curves if c.getData()[0] is not None]
        parts.append(np.asarray(self.means.getData()).T.reshape(-1, 2))
        edges, heights = self.histogram.getData()
        if edges is not None and heights is not None:
            parts.append(outline_points(edges, heights))
        marks = np.vstack(parts)
        return marks[np.all(np.isfinite(marks), axis=1)]

    def _draw_posterior(self, x: np.ndarray, model: nc.GaussianMixture) -> None:
        if not self.posterior_visible:
            return
        curves = posterior_curves(model, x)
        while len(self.posterior_curves) < len(curves):
            curve = pg.PlotCurveItem()
            self.posterior_plot.addItem(curve)
            self.posterior_curves.append(curve)
        for k, curve in enumerate(self.posterior_curves):
            curve.setVisible(k < len(curves))
            if k < len(curves):
                curve.setPen(pen(self.appearance, component_color(k, self.appearance.dark), 2.2))
                curve.setData(x, curves[k])

    def draw_probe(self, *_) -> None:
        """A dotted line at the probed x, with dots where it meets each curve (pi_k N(x) and r_k(x))."""
        probe = self.session.inspection.probed
        shown = probe is not None and probe.plane is None and self.model is not None and self._problem is not None
        for line in (self.probe_line, self.posterior_line):
            line.setVisible(shown)
        if not shown:
            self.probe_dots.setData([], [])
            self.posterior_dots.setData([], [])
            return
        assert probe is not None
        x = float(probe.x[0])
        model = self.drawn_model()
        K = model.n_components
        brushes = [pg.mkBrush(component_color(k, self.appearance.dark)) for k in range(K)]
        outline = pen(self.appearance, self.appearance.outline, 1.5)
        self.probe_line.setValue(x)
        self.posterior_line.setValue(x)
        heights = weighted_component_densities(model, np.array([x]))[:, 0]
        self.probe_dots.setData(pos=np.column_stack([np.full(K, x), heights]), brush=brushes, pen=outline)
        posterior = posterior_curves(model, np.array([x]))[:, 0]
        self.posterior_dots.setData(pos=np.column_stack([np.full(K, x), posterior]), brush=brushes, pen=outline)

    def probe_at(self, x: float, y: float) -> None:
        self.session.inspection.probe([x])

    def _posterior_clicked(self, ev) -> None:
        pos = None if self.model is None else clicked_position(ev, self.posterior_plot.getViewBox())
        if pos is not None:
            self.probe_at(pos.x(), pos.y())

    def _draw_truth(self, x: np.ndarray) -> None:
        matched = self.session.matched_truth() if self.view_options.truth else None
        if matched is None:
            self.pooled(self.truth_curves, 0, pg.PlotCurveItem, 9)
            return
        truth, perm = matched
        densities = weighted_component_densities(truth, x)
        for j, curve in enumerate(self.pooled(self.truth_curves, truth.n_components, pg.PlotCurveItem, 9)):
            colour = matched_color(int(perm[j]), self.appearance.dark)
            curve.setPen(pen(self.appearance, colour, 1.6, style=Qt.PenStyle.DashLine))
            curve.setData(x, densities[j])

    def draw_selection(self, *_) -> np.ndarray | None:
        xy = super().draw_selection()
        self.selection_line.setVisible(xy is not None)
        if xy is not None:
            self.selection_line.setValue(xy[0])
        return xy

    # ----------------------------------------------------------------- mouse
    def draw_dragged(self) -> None:
        self._draw_curves()

    def moved_start(self, model: nc.GaussianMixture, k: int, x: float, _y: float) -> nc.Mixture | None:
        snapshot = self.session.snapshot
        if snapshot is None:
            return model
        fitted = self.shown_model(snapshot)  # the family's own model, of which `model` is the points
        return presentation(fitted).moved_mean(fitted, k, [0], [x])
