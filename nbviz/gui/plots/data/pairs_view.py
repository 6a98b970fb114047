"""The pairs view: a scatter matrix of up to six chosen features under a Gaussian mixture.

Each off-diagonal panel shows one feature against another, the points coloured by their
responsibilities (or by their uncertainty, and shaped by component, as View says) and each
component's 1- and 2-sigma ellipses of its marginal in that pair (the
scatter view's `Projection.model_gaussians`; the family projects its covariances); each
diagonal panel shows that feature's histogram and every component's weighted 1-D marginal
density (`app.analysis.density_grids`). The features start as the four with the largest loadings
on the first two principal components (all of them for four or fewer) and are chosen from a menu.
The view draws only while it is shown (it sleeps otherwise), and a table of many rows is drawn
from a fixed sample of them.

View → Equal aspect draws every off-diagonal panel at one scale on both axes (data units per pixel),
as the scatter view does, while a column still shares its horizontal range and a row its vertical
range. Linked panels share a scale, and each off-diagonal panel joins a column to a row, so the
whole matrix has one scale. The panels' pixel sizes differ (tick labels take room on the outer
panels, the titles on the diagonal), so a square-box trick would not be exact; instead the ranges
are worked out from the pixels each column and row shows (`equal_scale`): the smallest scale that
keeps every feature's data whole, each range centred on its data. They are worked out again
whenever a panel changes size (the window, or tick labels that widen an axis), and a zoom or pan
by the user rescales the whole matrix about each column's and row's middle, so the scale stays one.
The diagonal histograms keep their own vertical range. With the option off, each feature keeps its
own span, but worked out the same way from the pixels with a scale per column and per row (the
diagonal panel a column links to is not as wide as the panels below it), so no panel hides a point.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu, QToolButton, QVBoxLayout, QWidget

import nbviz.core as nc

from ....app.analysis.density_grids import weighted_marginal_densities
from ....app.analysis.missing_cells import incomplete_rows, placed, shown_data
from ....app.analysis.projection import feature_pair, leading_features
from ....app.data.original_units import feature_units
from ....app.data.problem import Problem
from ....app.families import DataView, presentation
from ....app.presentation import view_descriptions as words
from ....app.presentation.appearance import Appearance
from ...style.palette import blend, component_color, component_rgb
from ...style.uncertainty_scale import uncertainty_colours
from ...widgets.layouts import left_row
from ..styling import marker_brush, marker_pen, pen, style_plot
from .axis_units import UnitsAxis
from .ellipses import EllipseItem
from .equal_scale import Interval, Strip, equal_ranges, own_ranges, rescaled_goals
from .options_view import OptionsView
from .point_layer import PointLayer

translate = QCoreApplication.translate

MAX_FEATURES = 6  # at most 6 x 6 panels
DEFAULT_FEATURES = 4
MAX_POINTS = 5000  # rows drawn per panel; a seeded sample of a larger table
HISTOGRAM_BINS = 24
CURVE_POINTS = 120


def default_features(X: np.ndarray, n: int = DEFAULT_FEATURES) -> list[int]:
    """The `n` features the pairs view starts with (`leading_features`: the largest PCA loadings)."""
    return leading_features(X, n)


def pair_gaussians(model: nc.GaussianMixture, columns, x: int, y: int) -> tuple[np.ndarray, np.ndarray]:
    """Each component's marginal in features (x, y): means (K, 2) and covariances (K, 2, 2)."""
    return feature_pair(columns, x, y).model_gaussians(model)


class PairsView(OptionsView, QWidget):
    """A scatter matrix of the chosen features (see the module docstring).

    Attributes
    ----------
    features : list of int
        The features shown, in the order of the rows and columns.
    panels : dict of (int, int) to pg.PlotItem
        The panel in row r (vertical: feature ``features[r]``) and column c (horizontal:
        ``features[c]``).
    ellipses : dict of (int, int) to list of EllipseItem
        Per off-diagonal panel, one per component.
    curves : dict of int to list of pg.PlotDataItem
        Per diagonal panel r, one density per component.
    chooser : QToolButton
        Its menu checks the features shown.
    """

    def _build(self) -> None:
        self._awake = False  # drawn only once shown
        self._stale = True
        self._new_layout = True  # the panels' ranges are fitted to the data once, then left to the user
        self._problem: Problem | None = None
        self._aspect_shown: bool | None = None  # the equal aspect the ranges were last fitted for
        self._goals: list[Interval] = []  # equal aspect: what each column, then each row, shows whole
        self._refit = QTimer(self)  # one fit after the panels settle into a new size
        self._refit.setSingleShot(True)
        self._refit.setInterval(0)
        self._refit.timeout.connect(self._fit_equal)
        self._sample = np.zeros(0, dtype=np.intp)
        self.features: list[int] = []
        self.panels: dict[tuple[int, int], pg.PlotItem] = {}
        self.layers: dict[tuple[int, int], PointLayer] = {}
        self.ellipses: dict[tuple[int, int], list[EllipseItem]] = {}
        self.mean_marks: dict[tuple[int, int], pg.ScatterPlotItem] = {}
        self.curves: dict[int, list[pg.PlotDataItem]] = {}
        self.histograms: dict[int, pg.PlotDataItem] = {}
        self.chooser = QToolButton()
        self.chooser.setText(translate("nbviz", "Features…"))
        self.chooser.setToolTip(
            translate("nbviz", "Which features the scatter matrix shows (2 to {0})").format(MAX_FEATURES)
        )
        self.chooser.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu = QMenu(self.chooser)
        self.chooser.setMenu(self.menu)
        self.note = QLabel()
        self.canvas = pg.GraphicsLayoutWidget()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(left_row(self.chooser, 8, self.note, margins=(4, 2, 4, 0)))
        layout.addWidget(self.canvas)

    # ----------------------------------------------------------------- state
    @property
    def model(self) -> nc.GaussianMixture | None:
        problem, snapshot = self.session.problem, self.session.snapshot
        if problem is None or snapshot is None or problem.n_features < 2:
            return None
        shown = presentation(snapshot.model)
        points = shown.points(snapshot.model) if shown.data_view is DataView.POINTS else None
        return cast(nc.GaussianMixture | None, points)  # every family drawn as points gives a Gaussian mixture

    def set_features(self, features) -> None:
        """Show `features` (2 to MAX_FEATURES distinct column indices); ValueError otherwise."""
        problem = self._problem
        D = 0 if problem is None else problem.n_features
        chosen = [int(d) for d in features]
        if not 2 <= len(chosen) <= MAX_FEATURES or len(set(chosen)) != len(chosen):
            raise ValueError(f"choose 2 to {MAX_FEATURES} different features for the pairs view; got {chosen}")
        if any(not 0 <= d < D for d in chosen):
            raise ValueError(f"a feature index is outside 0..{D - 1}: {chosen}")
        self.features = chosen
        self._build_panels()
        self._sync_menu()
        self.redraw()

    # ----------------------------------------------------------------- building
    def _follow_problem(self, problem: Problem) -> None:
        self._problem = problem
        n = len(problem.X)
        rng = np.random.default_rng(0)
        self._sample = np.arange(n) if n <= MAX_POINTS else np.sort(rng.choice(n, MAX_POINTS, replace=False))
        self.features = default_features(placed(problem.X))
        self.menu.clear()
        for d, name in enumerate(problem.columns):
            action = QAction(str(name), self.menu)
            action.setCheckable(True)
            action.toggled.connect(lambda on, d=d: self._feature_toggled(d, on))
            self.menu.addAction(action)
        self._build_panels()
        self._sync_menu()

    def _sync_menu(self) -> None:
        full = len(self.features) >= MAX_FEATURES
        for d, action in enumerate(self.menu.actions()):
            action.blockSignals(True)
            action.setChecked(d in self.features)
            action.setEnabled(d in self.features or not full)
            action.blockSignals(False)
        problem = self._problem
        if problem is None:
            return
        rows = (
            ""
            if len(self._sample) == len(problem.X)
            else translate("nbviz", "; {0:,} of {1:,} rows drawn").format(len(self._sample), len(problem.X))
        )
        units = ""
        if problem.standardization is not None:
            units = (
                translate("nbviz", "; in the file's units")
                if self.view_options.original_units
                else translate("nbviz", "; standardised values")
            )
        colour = translate("nbviz", "; colour: uncertainty 1 − max r") if self.view_options.uncertainty else ""
        self.note.setText(
            translate("nbviz", "{0} of {1} features (up to {2}){3}{4}{5}").format(
                len(self.features), problem.n_features, MAX_FEATURES, units, rows, colour
            )
        )

    def _feature_toggled(self, d: int, on: bool) -> None:
        chosen = [f for f in self.features if f != d] + ([d] if on else [])
        if len(chosen) < 2:  # a scatter matrix needs two features: keep the one unticked
            self._sync_menu()
            return
        self.set_features(sorted(chosen))

    def _build_panels(self) -> None:
        self.canvas.clear()
        self.panels, self.layers, self.ellipses, self.mean_marks = {}, {}, {}, {}
        self.curves, self.histograms = {}, {}
        n = len(self.features)
        for r in range(n):
            for c in range(n):
                axes = {"bottom": UnitsAxis("bottom"), "left": UnitsAxis("left")}
                panel = self.canvas.addPlot(row=r, col=c, axisItems=axes)
                panel.setMenuEnabled(False)
                panel.hideButtons()
                for side in ("bottom", "left"):
                    panel.getAxis(side).enableAutoSIPrefix(False)
                self.panels[r, c] = panel
                view_box = panel.getViewBox()
                view_box.sigResized.connect(self._resized)
                view_box.sigRangeChangedManually.connect(lambda _, r=r, c=c: self._user_moved(r, c))
                if r == c:
                    self.histograms[r] = panel.plot(stepMode="center", fillLevel=0)
                    self.curves[r] = []
                else:
                    self.layers[r, c] = PointLayer(panel.getViewBox(), z_value=0, radius_change=-1.5)
                    self.ellipses[r, c] = []
                    marks = pg.ScatterPlotItem(symbol="o", size=8, pxMode=True)
                    marks.setZValue(20)
                    panel.addItem(marks, ignoreBounds=True)
                    self.mean_marks[r, c] = marks
        for (r, c), panel in self.panels.items():  # a column shares its x range, a row its y range
            if r > 0:
                panel.setXLink(self.panels[0, c])
            first = _row_link(r)
            if r != c and c != first:
                panel.setYLink(self.panels[r, first])
            if r == c:
                panel.enableAutoRange(axis="y")
        self._new_layout = True
        self.apply_appearance()

    def restyle(self, appearance: Appearance) -> None:
        self.canvas.setBackground(appearance.background)
        for panel in self.panels.values():
            style_plot(panel, appearance)

    def described_widgets(self) -> list[QWidget]:
        return [self.canvas]

    def accessible_text(self) -> tuple[str, str] | None:
        problem = self._problem
        if problem is None:
            return None
        shown = ", ".join(problem.columns[d] for d in self.features)
        return words.pairs_name(), words.described(words.pairs_lead(shown), self.session)

    # ----------------------------------------------------------------- drawing
    def redraw(self, *_) -> None:
        if self.asleep():
            return
        model, problem = self.model, self.session.problem
        if model is None or problem is None:
            self.canvas.clear()
            self._problem, self.panels = None, {}
            self.note.setText("")
            return
        if problem is not self._problem:
            self._follow_problem(problem)
        self._sync_menu()
        resp = self.session.resp
        assert resp is not None  # there is a run while a model is shown
        colors = self._colours(resp[self._sample], model.n_components)
        shapes = resp[self._sample].argmax(axis=1) if self.view_options.shapes else None
        gaps = incomplete_rows(problem.X)
        # rows with missing cells: hollow, at their filled-in positions, which move with every half-step
        X = shown_data(model, problem.X, resp)[self._sample]
        hollow = None if gaps is None else gaps[self._sample]
        for (r, c), panel in self.panels.items():
            x, y = self.features[c], self.features[r]
            self._label(panel, problem, r, c)
            if r == c:
                self._draw_diagonal(r, model, problem, problem.X[self._sample, x])
                continue
            layer = self.layers[r, c]
            if self._new_layout or hollow is not None:
                layer.set_positions(X[:, [x, y]])
                layer.set_hollow(hollow, pg.mkColor(self.appearance.background).getRgb()[:3])
            layer.set_shapes(shapes)
            layer.set_colors(colors)
            self._draw_components(r, c, model, problem.columns, x, y)
        if self._new_layout or self._aspect_shown != self.view_options.equal_aspect:
            self._new_layout = False
            self._fit_ranges(X)

    # ----------------------------------------------------------------- ranges
    def _fit_ranges(self, X: np.ndarray) -> None:
        """Show each feature's data whole: at one scale (equal aspect) or each at its own."""
        spans = [_span(X[:, d]) for d in self.features]
        self._aspect_shown = self.view_options.equal_aspect
        self._goals = spans + spans
        for (r, c), panel in self.panels.items():  # until the panels are laid out
            panel.setXRange(*spans[c], padding=0)
            if r != c:
                panel.setYRange(*spans[r], padding=0)
        self._fit_equal()

    def _strips(self) -> list[Strip] | None:
        """Each column's, then each row's pixels (see `equal_scale`); None until the panels are laid out."""
        n = len(self.features)
        columns = [_strip([self._extent(r, c, 0) for r in range(n)], self._extent(0, c, 0), False) for c in range(n)]
        rows = [
            _strip([self._extent(r, c, 1) for c in range(n) if c != r], self._extent(r, _row_link(r), 1), True)
            for r in range(n)
        ]
        strips = [strip for strip in columns + rows if strip is not None]
        return strips if len(strips) == 2 * n else None

    def _extent(self, r: int, c: int, axis: int) -> Interval:
        """Panel (r, c)'s plotting area in pixels: left to right (axis 0) or top to bottom (axis 1)."""
        rect = self.panels[r, c].getViewBox().sceneBoundingRect()
        return (rect.left(), rect.right()) if axis == 0 else (rect.top(), rect.bottom())

    def _references(self) -> list[pg.ViewBox]:
        """The panels whose ranges are set (the others follow their links): each column's, then each row's."""
        n = len(self.features)
        return [self.panels[0, c].getViewBox() for c in range(n)] + [
            self.panels[r, _row_link(r)].getViewBox() for r in range(n)
        ]

    def _fit_equal(self) -> None:
        """Set every column's and row's range at the one scale that shows each goal whole."""
        n = len(self.features)
        if self._aspect_shown is None or not self._awake or len(self._goals) != 2 * n or len(self.panels) != n * n:
            return
        strips = self._strips()
        if strips is None:
            return
        fitted = (equal_ranges if self._aspect_shown else own_ranges)(self._goals, strips)
        for i, (view_box, wanted) in enumerate(zip(self._references(), fitted, strict=True)):
            axis = 0 if i < n else 1
            low, high = view_box.viewRange()[axis]
            if max(abs(low - wanted[0]), abs(high - wanted[1])) > 1e-9 * (wanted[1] - wanted[0]):
                view_box.setRange(**{"xRange" if axis == 0 else "yRange": wanted}, padding=0)

    def _resized(self, *_) -> None:
        if self._aspect_shown is not None:
            self._refit.start()  # once, after every panel has its new size

    def set_awake(self, awake: bool) -> None:
        super().set_awake(awake)
        if awake:  # the panels may have changed size while the view slept
            self._resized()

    def _user_moved(self, r: int, c: int) -> None:
        """A zoom or pan in panel (r, c): under equal aspect, the rest of the matrix takes its scale."""
        n = len(self.features)
        strips = self._strips() if self._aspect_shown is not None and len(self.panels) == n * n else None
        if strips is None:
            return
        views = [view_box.viewRange()[0 if i < n else 1] for i, view_box in enumerate(self._references())]
        shown = [strip.values(view) for strip, view in zip(strips, views, strict=True)]
        if not self._aspect_shown:  # each column and row keeps what it shows now
            self._goals = shown
            return
        self._goals = rescaled_goals(shown, strips, strips[c].scale_of(views[c]))
        self._fit_equal()

    def _colours(self, resp: np.ndarray, n_components: int) -> np.ndarray:
        """The points' colours, as the scatter view's: blended responsibilities, or View → Colour by
        uncertainty's grey-to-red scale."""
        if self.view_options.uncertainty:
            return uncertainty_colours(resp, self.appearance.dark)
        return blend(resp, component_rgb(n_components, self.appearance.dark))

    def _label(self, panel: pg.PlotItem, problem: Problem, r: int, c: int) -> None:
        """Values on the outer panels only (the bottom row and the left column); each feature is named
        once, above its diagonal panel (row r and column r are that feature), as in a scatter matrix."""
        n = len(self.features)
        original = self.view_options.original_units
        x = self.features[c]
        bottom, left = panel.getAxis("bottom"), panel.getAxis("left")
        bottom.set_units(feature_units(problem, x, original))
        left.set_units(None if r == c else feature_units(problem, self.features[r], original))
        bottom.setStyle(showValues=r == n - 1)
        # a histogram's heights carry no values here: no ticks beside them either
        left.setStyle(showValues=c == 0 and r != c, tickLength=0 if r == c else -5)
        if r == c:
            panel.setTitle(
                str(problem.columns[x]), color=self.appearance.foreground, size=f"{self.appearance.font_size(9):.1f}pt"
            )

    def _draw_components(self, r: int, c: int, model, columns, x: int, y: int) -> None:
        means, covariances = pair_gaussians(model, columns, x, y)
        K = model.n_components
        pool, panel = self.ellipses[r, c], self.panels[r, c]
        while len(pool) < K:
            item = EllipseItem()
            item.setZValue(10)
            panel.addItem(item, ignoreBounds=True)
            pool.append(item)
        for k, item in enumerate(pool):
            item.setVisible(k < K and self.view_options.ellipses)
            if k < K:
                item.set_pen(pen(self.appearance, component_color(k, self.appearance.dark), 1.6))
                item.set_gaussian(means[k], covariances[k])
        self.mean_marks[r, c].setData(
            pos=means,
            pen=marker_pen(self.appearance, self.appearance.outline, 1.2),
            brush=[marker_brush(component_color(k, self.appearance.dark)) for k in range(K)],
        )

    def _draw_diagonal(self, r: int, model, problem: Problem, values: np.ndarray) -> None:
        """The histogram of the feature's observed values (missing cells left out) and the weighted densities."""
        values = values[~np.isnan(values)]
        if not len(values):  # a feature missing in every row drawn: its range from the model alone
            values = model.means[:, self.features[r]]
        counts, edges = np.histogram(values, bins=HISTOGRAM_BINS)
        width = edges[1] - edges[0] if edges[1] > edges[0] else 1.0
        density = counts / max(counts.sum() * width, 1e-300)
        muted = self.appearance.axis_color
        self.histograms[r].setData(edges, density, pen=pen(self.appearance, muted, 1), brush=pg.mkBrush(muted + "40"))
        low, high = _span(values)
        xs = np.linspace(low, high, CURVE_POINTS)
        ys = weighted_marginal_densities(model, self.features[r], xs)
        pool, panel = self.curves[r], self.panels[r, r]
        while len(pool) < len(ys):
            pool.append(panel.plot())
        for k, curve in enumerate(pool):
            curve.setVisible(k < len(ys))
            if k < len(ys):
                curve.setData(xs, ys[k], pen=pen(self.appearance, component_color(k, self.appearance.dark), 2))


def _row_link(r: int) -> int:
    """The column of the panel that row r's panels link their vertical range to (its first off the diagonal)."""
    return 1 if r == 0 else 0


def _strip(extents: list[Interval], reference: Interval, upward: bool) -> Strip | None:
    """The strip whose panels span `extents` (pixels); None while one of them has no size yet."""
    shown = (max(low for low, _ in extents), min(high for _, high in extents))
    if shown[1] - shown[0] < 1 or reference[1] - reference[0] < 1:
        return None
    return Strip(shown, reference, upward)


def _span(values: np.ndarray) -> tuple[float, float]:
    """The range of `values` with 5 % room on each side (a unit range around a constant)."""
    low, high = float(values.min()), float(values.max())
    room = 0.05 * (high - low) if high > low else 0.5
    return low - room, high + room
