"""The synthesis dialog's live preview: a sample drawn from the parameters being edited.

Gaussian mixtures show the sample's first two features coloured by true component, with the true
1- and 2-sigma ellipses and a draggable marker on each mean (one feature: a strip per component).
Bernoulli mixtures over square images show each component's chosen probabilities as a picture
above the average of its sampled rows; other discrete data shows the chosen probabilities as bars
with the sample's frequencies as dots on them, or, with too many bars to see, as a heat map (one
row per component) above the heat map of the sample's frequencies.

Each page has a legend of what its marks are (`preview_legend`, drawn by the data views'
`DataLegend`): over the plot in its least crowded corner, or under the pictures and heat maps,
which are all data. It is rebuilt only when its entries change, and follows the View option.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSizeF, Qt, Signal
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout, QWidget

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.families import PointsModel, presentation
from ...app.presentation.appearance import Appearance
from ...app.presentation.view_options import ViewOptions
from ..plots.data.ellipses import DraggableMarkers, EllipseItem
from ..plots.data.legend import DataLegend
from ..plots.data.point_layer import SHAPES
from ..plots.data.prototypes import INK_LUT
from ..plots.styling import pen, plot_font, style_plot
from ..style.palette import component_color
from ..widgets.accessible import describe_widget
from .preview_legend import PreviewKind, preview_entries
from .preview_pictures import PreviewPictures

translate = QCoreApplication.translate

MIN_IMAGE_SIDE = 4  # as Problem: square data of at least 4 x 4 features is drawn as pictures
MAX_FEATURE_LABELS = 12  # bar charts and heat maps name at most about this many features
MAX_BARS = 160  # K x M above this is drawn as heat maps instead of bars


def component_frequencies(family: str, X: np.ndarray, z: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """Per true component, the sample's estimate of its probabilities `probs`; NaN rows for empty components.

    Bernoulli: the mean of the component's rows (how often each feature is 1). Multinomial: the
    component's word counts over its total number of words. Categorical: how often each feature
    takes each level (the family's synthesis recipe says).

    Returns
    -------
    ndarray of the shape of `probs` (n_components, the family's probabilities per component)
    """
    estimate = presentation(family).synthesis.sample_frequencies
    out = np.full(probs.shape, np.nan)
    for k in range(probs.shape[0]):
        frequencies = estimate(X[z == k])
        if frequencies is not None:
            out[k] = frequencies
    return out


def _probabilities(model: nc.Mixture) -> np.ndarray:
    """`model`'s probabilities as its family gives them (every page but the scatter and strips draws them)."""
    probs = presentation(model).probabilities(model)
    assert probs is not None  # preview_kind draws a family without probabilities as points
    return probs


def preview_kind(model: nc.Mixture) -> PreviewKind:
    """How the preview draws a sample of `model` (which page, and the scatter plot's two ways)."""
    shown = presentation(model)
    if shown.points(model) is not None:
        return PreviewKind.SCATTER if model.n_features >= 2 else PreviewKind.STRIPS
    if shown.absolute_probabilities and _image_shape(model.n_features):  # pictures need a 0..1 scale
        return PreviewKind.PICTURES
    probs = shown.probabilities(model)
    if probs is not None and probs.size > MAX_BARS:
        return PreviewKind.HEATMAPS
    return PreviewKind.BARS


PREVIEW_NAME = QT_TRANSLATE_NOOP("nbviz", "Preview of the synthesised data")  # what a screen reader calls each page


class SynthesisPreview(QWidget):
    """Draws a sample from the mixture being edited.

    Signals
    -------
    mean_dragged(int, float, float) : component and the new mean's first two coordinates (the
        second is meaningless with one feature) while or after its marker is dragged

    Attributes
    ----------
    kind : PreviewKind or None
        How the last sample was drawn (None before the first).
    legends : dict of PreviewKind to DataLegend
        Each page's legend (the scatter plot's serves both of its kinds).
    legend_points : ndarray of shape (n, 2) or None
        The marks the legend over a plot should hide least (points, means, ellipses, bars), in
        view coordinates; None on the pages whose legend is laid out under them.
    legend_heights : (float, float) or None
        The heights of marks that fill the plot's width (bars, strips), which the legend goes
        above; None where a corner can be free.
    """

    mean_dragged = Signal(int, float, float)

    def __init__(self, appearance: Appearance | None = None, parent=None, *, view_options: ViewOptions | None = None):
        super().__init__(parent)
        self.appearance = appearance if appearance is not None else Appearance(self)
        # the window's View options: marker shapes by component (colour-blind viewers), ellipses
        self.view_options = view_options if view_options is not None else ViewOptions(self)
        # the arguments of the last show_sample, to redraw on a new appearance
        self._shown: tuple[nc.Mixture, np.ndarray, np.ndarray, int] | None = None
        self.kind: PreviewKind | None = None
        self.legend_points: np.ndarray | None = None
        self.legend_heights: tuple[float, float] | None = None
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.pages = QStackedWidget()
        self.scatter_plot = pg.PlotWidget(background="w")
        self.scatter_plot.setMenuEnabled(False)
        self.scatter_plot.hideButtons()
        self.points = pg.ScatterPlotItem(size=5, pen=None)
        self.scatter_plot.addItem(self.points)
        self.ellipses: list[EllipseItem] = []
        self.markers = DraggableMarkers(size=15, pen=pg.mkPen("w", width=2), symbol="o")
        self.markers.setZValue(20)
        self.markers.marker_moved.connect(self.mean_dragged)
        self.markers.marker_dropped.connect(self.mean_dragged)
        self.scatter_plot.addItem(self.markers)
        self.bars_plot = pg.PlotWidget(background="w")
        self.bars_plot.setMenuEnabled(False)
        self.bars_plot.hideButtons()
        self.bars_plot.setLabel("left", "probability")
        self.bars_plot.getPlotItem().getAxis("left").enableAutoSIPrefix(False)
        self.bars: list[pg.BarGraphItem] = []
        self.dots = pg.ScatterPlotItem(size=6, pen=None, brush=pg.mkBrush("#222222"), symbol="o")
        self.dots.setZValue(10)
        self.bars_plot.addItem(self.dots)
        self.heatmaps = pg.GraphicsLayoutWidget()
        self.heatmaps.setBackground("w")
        self.heat_images = []
        for row, title in enumerate(
            (translate("nbviz", "chosen probabilities"), translate("nbviz", "frequencies in the sample"))
        ):
            plot = self.heatmaps.addPlot(row=row, col=0, title=title)
            plot.invertY(True)
            plot.setMenuEnabled(False)
            plot.hideButtons()
            plot.setMouseEnabled(False, False)
            plot.setLabel("left", "component")
            image = pg.ImageItem(axisOrder="row-major")
            image.setLookupTable(INK_LUT)
            plot.addItem(image)
            self.heat_images.append((plot, image))
        a = self.appearance
        scatter_legend = DataLegend(self.scatter_plot, a)
        self.legends = {
            PreviewKind.SCATTER: scatter_legend,
            PreviewKind.STRIPS: scatter_legend,
            PreviewKind.PICTURES: DataLegend(None, a),  # laid out by the pictures page
            PreviewKind.BARS: DataLegend(self.bars_plot, a),
            PreviewKind.HEATMAPS: DataLegend(None, a),
        }
        self.pictures = PreviewPictures(a, self.legends[PreviewKind.PICTURES])
        self.heatmaps.addItem(self.legends[PreviewKind.HEATMAPS].item, row=2, col=0)
        self.heatmaps.ci.layout.setAlignment(self.legends[PreviewKind.HEATMAPS].item, Qt.AlignmentFlag.AlignHCenter)
        self._features = 0  # features named under the bars and heat maps
        self._centres: np.ndarray | None = None  # where each is named: None, one probability each (at m)
        for plot in (self.bars_plot.getPlotItem(), *(plot for plot, _ in self.heat_images)):
            plot.getViewBox().sigResized.connect(lambda *_: self._name_features())
        for page in (self.scatter_plot, self.pictures, self.bars_plot, self.heatmaps):
            self.pages.addWidget(page)
            describe_widget(page, translate("nbviz", PREVIEW_NAME))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.pages, 1)
        self.appearance.changed.connect(self.apply_appearance)
        self.view_options.changed.connect(self.apply_appearance)
        self.apply_appearance()

    def apply_appearance(self) -> None:
        """Backgrounds, axes, fonts and marker sizes for the appearance; then the sample again."""
        a = self.appearance
        for plot in (self.scatter_plot, self.bars_plot):
            style_plot(plot, a)
        self.pictures.restyle()
        self.heatmaps.setBackground(a.background)
        for plot, _ in self.heat_images:
            style_plot(plot, a)
        self.points.setSize(a.point_size(5))
        self.markers.setSize(a.point_size(15))
        self.markers.setPen(pen(a, a.outline, 2))  # as the data views (and their legend) draw means
        self.dots.setBrush(pg.mkBrush(a.foreground))
        if self._shown is not None and self.isEnabled():
            self.show_sample(*self._shown)

    # ----------------------------------------------------------------- entry points
    def show_sample(self, model: nc.Mixture, X: np.ndarray, z: np.ndarray, n_total: int) -> None:
        """Draw `X` (rows drawn from `model`, true components `z`); `n_total` rows will be synthesised."""
        self._shown = (model, X, z, n_total)
        rows = (
            translate("nbviz", "a sample of {0:,} rows (the data will have {1:,})").format(len(X), n_total)
            if len(X) < n_total
            else translate("nbviz", "the {0:,} rows").format(n_total)
        )
        shown = presentation(model)
        kind = self.kind = preview_kind(model)
        self._show_legend(model)
        if kind in (PreviewKind.SCATTER, PreviewKind.STRIPS):
            dims = (
                translate("nbviz", "the first two features")
                if model.n_features > 2
                else (
                    translate("nbviz", "x1 against x2")
                    if model.n_features == 2
                    else translate("nbviz", "x1, one strip per component")
                )
            )
            self.caption.setText(
                translate(
                    "nbviz", "Preview of {0}: {1}, coloured by true component. Drag a mean (large disc) to move it."
                ).format(rows, dims)
            )
            points = shown.points(model)
            assert points is not None  # the scatter and strips are for mixtures drawn as points
            self._draw_points(points, X, z)
            self.pages.setCurrentWidget(self.scatter_plot)
        elif kind is PreviewKind.PICTURES:
            self.caption.setText(
                translate(
                    "nbviz",
                    "Preview of {0}. Top: each component's chosen {1} (black = 1); bottom: the average of "
                    "its sampled rows.",
                ).format(rows, translate("nbviz", shown.preview_label))
            )
            self._draw_pictures(model, X, z)
            self.pages.setCurrentWidget(self.pictures)
        elif kind is PreviewKind.HEATMAPS:
            self.caption.setText(
                translate("nbviz", "Preview of {0}. Darker = more probable; each image has its own scale.").format(rows)
            )
            self._draw_heatmaps(model, X, z)
            self.pages.setCurrentWidget(self.heatmaps)
        else:
            self.caption.setText(
                translate(
                    "nbviz",
                    "Preview of {0}. Bars: each component's chosen {1}; dots: the frequencies in its sampled rows.",
                ).format(rows, translate("nbviz", shown.preview_label))
            )
            self._draw_bars(model, X, z)
            self.pages.setCurrentWidget(self.bars_plot)
        self._place_legend()
        self.setEnabled(True)
        for page in (self.scatter_plot, self.bars_plot, self.pictures, self.heatmaps):  # read as the caption
            describe_widget(page, translate("nbviz", PREVIEW_NAME), self.caption.text())

    @property
    def legend(self) -> DataLegend | None:
        """The legend of the page shown (None before the first sample)."""
        return None if self.kind is None else self.legends[self.kind]

    def _show_legend(self, model: nc.Mixture) -> None:
        """The entries of the legend of the page about to be drawn, or no legend (the View option is off).

        Before the page is drawn: the pictures make room for the legend under them.
        """
        assert self.kind is not None  # set by show_sample
        legend = self.legends[self.kind]
        if self.view_options.legend:
            legend.show_entries(preview_entries(self.kind, model.family, self.view_options), model.n_components)
        else:
            legend.hide()

    def _place_legend(self) -> None:
        """Put the legend over a plot where it hides the fewest marks drawn, or above them all."""
        legend = self.legend
        assert legend is not None  # called after a sample is drawn
        if self.markers.dragging is not None:
            return  # the legend and the range stay put while a mean is dragged
        heights = self.legend_heights
        if self.legend_points is not None and legend.item.isVisible():
            legend.avoid(self.legend_points)
            if self.kind is PreviewKind.SCATTER and legend.covered:  # no free corner: make room above the data
                low, high = np.nanmin(self.legend_points[:, 1]), np.nanmax(self.legend_points[:, 1])
                heights = (low - 0.05 * (high - low), high + 0.05 * (high - low))
        legend.keep_room_above(heights)

    def resizeEvent(self, event) -> None:
        """Pictures are laid out again when the new size draws them larger another way."""
        super().resizeEvent(event)
        if self.kind is PreviewKind.PICTURES and self._shown is not None and self.isEnabled():
            model, _, z, _ = self._shown
            if not self.pictures.fits(model.n_components, len(z), QSizeF(self.pages.size())):
                self.show_sample(*self._shown)

    def show_paused(self, reason: str) -> None:
        """Keep the last drawing but say why it is not up to date."""
        self.caption.setText(
            translate("nbviz", "<span style='color:{0}'>Preview paused: {1}</span>").format(
                self.appearance.error_text, reason
            )
        )
        self.setEnabled(False)

    # ----------------------------------------------------------------- points (Gaussian)
    def _draw_points(self, model: PointsModel, X: np.ndarray, z: np.ndarray) -> None:
        K, D = model.n_components, model.n_features
        dark = self.appearance.dark
        brushes = [pg.mkBrush(_with_alpha(component_color(k, dark), 150)) for k in range(K)]
        means = model.means
        if D == 1:
            # strips: component k's points around height k, its mean marker on the strip
            # golden-ratio jitter: spread evenly and, unlike a random draw, unrelated to the sample's
            # own random stream (the same seed would tie the jitter to the components)
            jitter = 0.6 * ((np.arange(len(z)) * 0.6180339887) % 1.0 - 0.5)
            xy = np.column_stack([X[:, 0], z + jitter])
            centres = np.column_stack([means[:, 0], np.arange(K)])
            self.markers.axes = "x"
        else:
            xy, centres = X[:, :2], means[:, :2]
            self.markers.axes = "xy"
        symbols = [SHAPES[k % len(SHAPES)] if self.view_options.shapes else "o" for k in z]
        self.points.setData(pos=xy, brush=[brushes[k] for k in z], symbol=symbols)
        if self.markers.dragging is None:  # leave the marker under the mouse alone while dragging
            self.markers.setData(pos=centres, brush=[pg.mkBrush(component_color(k, dark)) for k in range(K)])
        while len(self.ellipses) < K:
            item = EllipseItem()
            item.setZValue(10)
            self.scatter_plot.addItem(item)
            self.ellipses.append(item)
        covariances = model.full_covariances
        for k, item in enumerate(self.ellipses):
            if k < K and D >= 2 and self.view_options.ellipses:
                item.set_pen(pen(self.appearance, component_color(k, dark), 2))
                item.set_gaussian(means[k, :2], covariances[k, :2, :2])
            else:
                item.clear()
        curves = [curve for ellipse in self.ellipses for curve in ellipse.curves]
        self.legend_points = np.vstack([xy, centres, *curves])
        self.legend_heights = (-0.45, K - 0.55) if D == 1 else None  # strips: the legend goes above them
        item = self.scatter_plot.getPlotItem()
        item.setLabel("bottom", "x1")
        item.setLabel(
            "left",
            "x2" if D >= 2 else translate("nbviz", "true component (strips)"),
        )
        if D == 1:
            item.getAxis("left").setTicks([[(k, str(k + 1)) for k in range(K)]])
        else:
            item.getAxis("left").setTicks(None)
        self.scatter_plot.getViewBox().setAspectLocked(D >= 2)
        if self.markers.dragging is None:
            self.scatter_plot.getViewBox().autoRange(padding=0.05)

    # ----------------------------------------------------------------- discrete
    def _draw_pictures(self, model: nc.Mixture, X: np.ndarray, z: np.ndarray) -> None:
        probs = _probabilities(model)
        self.legend_points = self.legend_heights = None
        shape = _image_shape(model.n_features)
        assert shape is not None  # preview_kind draws square data only as pictures
        sample = component_frequencies(model.family, X, z, probs)
        self.pictures.draw(probs, sample, z, shape, QSizeF(self.pages.size()))

    def _draw_bars(self, model: nc.Mixture, X: np.ndarray, z: np.ndarray) -> None:
        probs = _probabilities(model)
        K, M = probs.shape
        width = 0.8 / K
        offsets = (np.arange(K) - (K - 1) / 2) * width
        for item in self.bars[K:]:
            self.bars_plot.removeItem(item)
        del self.bars[K:]
        while len(self.bars) < K:
            item = pg.BarGraphItem(x=[0.0], height=[0.0], width=width)
            self.bars_plot.addItem(item)
            self.bars.append(item)
        features = np.arange(M)
        for k, item in enumerate(self.bars):
            color = component_color(k, self.appearance.dark)
            item.setOpts(
                x=features + offsets[k],
                height=probs[k],
                width=width,
                brush=pg.mkBrush(color),
                pen=pg.mkPen(color),
            )
        sample = component_frequencies(model.family, X, z, probs)
        xs = (features[None, :] + offsets[:, None]).ravel()
        # each bar as points up its height, and the dots: the legend goes where they are fewest
        heights = probs.ravel()[:, None] * np.linspace(0.0, 1.0, 5)[None, :]
        bar_points = np.column_stack([np.repeat(xs, heights.shape[1]), heights.ravel()])
        dot_points = np.column_stack([xs, sample.ravel()])
        self.legend_points = np.vstack([bar_points, dot_points[~np.isnan(dot_points[:, 1])]])
        self.legend_heights = (0.0, 1.02 * float(np.nanmax(self.legend_points[:, 1])))  # the legend goes above
        keep = ~np.isnan(sample.ravel())
        self.dots.setData(
            x=xs[keep], y=sample.ravel()[keep], size=self.appearance.point_size(max(3.0, min(7.0, 300.0 / (K * M))))
        )
        self.bars_plot.getViewBox().autoRange(padding=0.02)
        self._name_features(model)

    def _draw_heatmaps(self, model: nc.Mixture, X: np.ndarray, z: np.ndarray) -> None:
        probs = _probabilities(model)
        K, M = probs.shape
        self.legend_points = self.legend_heights = None
        sample = component_frequencies(model.family, X, z, probs)
        for (plot, image), values in zip(self.heat_images, (probs, sample)):
            top = float(np.nanmax(values)) if np.isfinite(values).any() else 1.0
            # a component without sampled rows stays white (NaN would not draw)
            image.setImage(np.nan_to_num(values, nan=0.0), autoLevels=False, levels=(0.0, top or 1.0))
            step = max(1, math.ceil(K / MAX_FEATURE_LABELS))
            plot.getAxis("left").setTicks([[(k + 0.5, str(k + 1)) for k in range(0, K, step)]])
            plot.getViewBox().setRange(xRange=(0, M), yRange=(0, K), padding=0.0)
        self._name_features(model)

    def _name_features(self, model: nc.Mixture | None = None) -> None:
        """Name as many of `model`'s features under the bars and heat maps as their widths have room for.

        A feature of levels (a model with ``levels``, the L_j) has one probability per level: it is
        named once, under the middle of its levels. Again when a plot is resized (None: the features
        as before): a page is sized only once it is shown, and the dialog can be made narrower.
        """
        if model is not None:
            self._features = model.n_features
            levels = getattr(model, "levels", None)
            self._centres = None if levels is None else np.cumsum([0, *levels[:-1]]) + (np.asarray(levels) - 1) / 2
        if not self._features:
            return
        plots = [(self.bars_plot.getPlotItem(), 0.0)] + [(plot, 0.5) for plot, _ in self.heat_images]
        for plot, offset in plots:
            names = feature_names(self._features, plot.getViewBox().width(), self.appearance)
            plot.getAxis("bottom").setTicks(_feature_ticks(self._features, offset, names, self._centres))


def feature_names(n_features: int, width: float, appearance: Appearance) -> int:
    """How many feature names ("x10") fit side by side under a plot `width` pixels wide.

    At most `MAX_FEATURE_LABELS`, each name with a quarter of its width free on either side, in the tick
    font (larger and bold in presentation mode); `MAX_FEATURE_LABELS` before the plot is laid out.
    """
    if width <= 1:
        return MAX_FEATURE_LABELS
    name = QFontMetricsF(plot_font(appearance)).horizontalAdvance(f"x{n_features}")
    return max(2, min(MAX_FEATURE_LABELS, int(width // (1.5 * name))))


def _feature_ticks(n_features: int, offset: float, names: int = MAX_FEATURE_LABELS, centres=None) -> list:
    """Axis ticks naming about `names` features, feature m at ``centres[m] + offset`` (default ``m + offset``)."""
    step = max(1, math.ceil(n_features / names))
    at = np.arange(n_features) if centres is None else centres
    return [[(at[m] + offset, f"x{m + 1}") for m in range(0, n_features, step)]]


def _image_shape(n_features: int) -> tuple[int, int] | None:
    side = math.isqrt(n_features)
    return (side, side) if side >= MIN_IMAGE_SIDE and side * side == n_features else None


def _with_alpha(color, alpha: int):
    out = type(color)(color)
    out.setAlpha(alpha)
    return out
