"""The view of one continuous feature: histogram, component densities and a rug of points.

The histogram (density-normalised) is grey; each weighted component density pi_k N(x | mu_k,
sigma_k^2) is a curve in the component's colour, their sum (the mixture density) a thick dark
curve, and for synthesised data the true weighted components are dashed. Under the histogram a
strip of the data points (spread vertically so they do not hide each other) is coloured by the
responsibilities. Click a point in the strip to inspect it; drag a mean marker (at the top of its
component's curve) sideways to restart EM from there.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

import nbviz.core as nc

from ...app.appearance import Appearance
from ...app.density_grids import weighted_component_densities
from ...app.families import DataView, presentation
from ...app.session import Session
from ...app.view_options import ViewOptions
from ..palette import component_color
from .ellipses import matched_color
from .interaction import with_moved_mean
from .plot_view import new_plot
from .point_layer import SHAPES, PointLayer
from .points_view import PointsView
from .styling import pen

N_CURVE_POINTS = 600
MAX_BINS = 60
RUG_DEPTH = 0.2  # the strip's height as a fraction of the histogram's peak
GOLDEN_RATIO = (1 + 5**0.5) / 2
HISTOGRAM_BRUSH = (200, 200, 200, 255)
HISTOGRAM_BRUSH_DARK = (78, 80, 86, 255)
MIXTURE_COLOR = "#222222"
MIXTURE_COLOR_DARK = "#eeeeee"


class DensityAxis(pg.AxisItem):
    """A density axis: no ticks below zero, where the strip of points lies."""

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

    def __init__(
        self,
        session: Session,
        parent=None,
        *,
        appearance: Appearance | None = None,
        view_options: ViewOptions | None = None,
    ):
        super().__init__(session, parent, appearance=appearance)
        self.plot = new_plot({"left": DensityAxis("left")}, edge_room=True)
        self.plot.setLabel("left", "density")
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
        self.means.setToolTip("Drag a mean sideways to restart EM from there")
        self.selection_ring = self.add_selection_ring()
        self.selection_line = pg.InfiniteLine(angle=90, pen=pg.mkPen("#444444", width=1, style=Qt.PenStyle.DashLine))
        self.selection_line.hide()
        self.view_box.addItem(self.selection_line, ignoreBounds=True)
        self.view_box.sigXRangeChanged.connect(self._draw_curves)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        self.use_view_options(view_options)
        self.follow_session()

    def restyle(self, a: Appearance) -> None:
        self.histogram.setBrush(HISTOGRAM_BRUSH_DARK if a.dark else HISTOGRAM_BRUSH)
        self.histogram.setPen(pen(a, (110, 112, 118) if a.dark else (150, 150, 150)))
        self.mixture_curve.setPen(pen(a, MIXTURE_COLOR_DARK if a.dark else MIXTURE_COLOR, 3.5))
        self.means.setSize(a.point_size(15))
        self.selection_line.setPen(pen(a, a.muted_text, 1, style=Qt.PenStyle.DashLine))

    @property
    def model(self) -> nc.GaussianMixture | None:
        """The one-feature Gaussian mixture at the cursor, or None when this view does not apply."""
        problem, snapshot = self.session.problem, self.session.snapshot
        if problem is None or snapshot is None or problem.n_features != 1:
            return None
        return snapshot.model if presentation(snapshot.model).data_view is DataView.POINTS else None

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
        x = problem.X[:, 0]
        edges = np.histogram_bin_edges(x, bins="auto")
        if len(edges) > MAX_BINS + 1:
            edges = np.linspace(x.min(), x.max(), MAX_BINS + 1)
        counts, edges = np.histogram(x, bins=edges, density=True)
        self.histogram.setData(edges, counts)
        peak = float(counts.max()) if counts.size and counts.max() > 0 else 1.0
        # The strip: point n at height frac(n * golden ratio) (an even spread that no random
        # generator, e.g. the one that drew the data, can correlate with).
        heights = 0.12 + 0.8 * np.modf(np.arange(x.size) * GOLDEN_RATIO)[0]
        self.rug_depth = RUG_DEPTH * peak
        span = float(np.ptp(x)) or 1.0
        self.plot.setLabel("bottom", problem.columns[0])
        self.view_box.setRange(
            xRange=(x.min() - 0.08 * span, x.max() + 0.08 * span), yRange=(-self.rug_depth, 1.15 * peak), padding=0
        )
        self.rug.set_positions(np.column_stack([x, -heights * self.rug_depth]))
        return True

    def draw_model(self) -> None:
        self._draw_curves()

    def clear(self) -> None:
        for item in self.component_curves + self.truth_curves + [self.mixture_curve]:
            item.setData([], [])
        for item in (self.means, self.selection_ring):
            item.setData([], [])
        self.selection_line.hide()
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
            brush=[pg.mkBrush(component_color(k, self.appearance.dark)) for k in range(K)],
            pen=pen(self.appearance, self.appearance.outline, 2),
            symbol=[SHAPES[k % len(SHAPES)] if self.view_options.shapes else "o" for k in range(K)],
        )
        self._draw_truth(x)
        self.draw_legend(1, K)

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

    def moved_start(self, model: nc.GaussianMixture, k: int, x: float, _y: float) -> nc.GaussianMixture:
        return with_moved_mean(model, k, [0], [x])
