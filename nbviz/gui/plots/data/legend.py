"""The data views' legend: what is fitted and what is true, the ellipse levels, the shading, the curves.

`legend_entries` says what to show (plain data, testable without drawing); `DataLegend` draws the
entries as a pyqtgraph legend: in presentation mode in a strip above the plot, in as many columns as
fit (a projector's type over the plot would hide half of it); otherwise in the corner of a plot with
the fewest marks under it: data points,
means, ellipse outlines, curves and bars (`legend_corner`; a lecturer can drag it elsewhere),
rebuilt only when the entries change, in the appearance's colours and sizes. The corner is chosen
again when the points, the view range or the entries change, and on a half-step only when the legend
would cover something where it is, so it stays put while a run is stepped through. When every corner
covers something, the view's top is raised until a top corner is free (`make_room`): on a drawn
half-step and in figures, never while the user pans or zooms. A row's hint ("drag it") is for the
screen: figures draw the legend without it (`HintedLegend`).

The synthesis preview draws its legends with the same machinery (`dialogs.preview_legend` says
what): over its plots, with room made above data that fill every corner (`keep_room_above`), and
under its pictures and heat maps, which are all data, as an item its owner lays out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QLinearGradient
from PySide6.QtWidgets import QGraphicsItem, QSizePolicy

from ....app.analysis.ellipse_geometry import ellipse_mass
from ....app.presentation.appearance import Appearance
from ....app.presentation.view_options import ViewOptions
from ...style.palette import blend, component_color, component_rgb
from ...style.uncertainty_scale import scale_rgb
from ..grid import mixed
from .ellipses import SIGMA_LEVELS
from .legend_corner import (
    MARGIN,
    corner_counts,
    least_covered_corner,
    legend_size_in_view,
    place_in_corner,
    room_above,
    view_range,
)
from .point_layer import SHAPES

translate = QCoreApplication.translate

SAMPLE_SIZE = (34, 20)  # a sample's width and height in pixels (normal mode)
# points before presentation mode's scaling (which never goes below its least type: the legend is then
# in a strip above the plot, hiding nothing)
LEGEND_FONT = {False: 8.5, True: 6.5}
MARK_PIXELS = 12  # a mark's half size: a legend this close to a point's centre would hide part of it
MARGIN_SHARE = 0.05  # of the y range: room kept above the highest curve when the legend's room is given back
COLUMN_SHARE = 0.3  # of the plot's height: a taller legend is laid out in two columns
ROOM_ROUNDS = 4  # raising the top widens an equal-aspect view, which may bring marks under: look again


@dataclass(frozen=True)
class LegendEntry:
    """One row of the legend.

    Attributes
    ----------
    kind : str
        The sample drawn: "line", "dashed", "thick" (a line), "ellipses", "shading", "bars"
        (a histogram), "marker" (a mean), "blend" (responsibility colours), "uncertainty", "shapes"
        (a shape and colour per component), "points" (a dot per component colour), "component_bars"
        (a bar per component colour), "dots" (sampled frequencies), "ink" (white 0 to black 1) or
        "hollow" (a hollow dot: a row with missing cells) or "blank" (no sample: text alone).
    text : str
        The explanation (simple HTML).
    hint : str
        What the user can do with it on screen ("drag it"), shown in brackets after `text` on
        screen and left out of figures ("": none).
    short : str
        The text in fewer words, for presentation mode's strip of large type ("": `text`).
    """

    kind: str
    text: str
    hint: str = ""
    short: str = ""

    def label(self, hint: bool = True, short: bool = False) -> str:
        """The row's text as drawn: with its hint in brackets on screen (`hint`), without in a figure; in
        fewer words (`short`, the text without its hint) in presentation mode's strip."""
        if short:
            return self.short or self.text
        return f"{self.text} ({self.hint})" if hint and self.hint else self.text


def ellipse_text() -> str:
    """The ellipse levels and the share of a component's mass each holds, e.g. "1σ (39%) and 2σ (86%)"."""
    return translate("nbviz", " and ").join(f"{level:g}σ ({100 * ellipse_mass(level):.0f}%)" for level in SIGMA_LEVELS)


def legend_entries(
    dimension: int, options: ViewOptions, has_truth: bool, incomplete: bool = False
) -> list[LegendEntry]:
    """What the 1-D (`dimension` 1) or 2-D data view shows, as legend rows.

    Only the layers `options` shows are listed; the truth only when there is one (`has_truth`);
    hollow points only when some rows miss cells (`incomplete`).
    """
    entries = []
    if dimension == 1:
        entries.append(
            LegendEntry("bars", translate("nbviz", "histogram (as a density)"), short=translate("nbviz", "histogram"))
        )
        component = "π<sub>k</sub> N(x | μ<sub>k</sub>, σ<sub>k</sub>²)"
        entries.append(LegendEntry("line", translate("nbviz", "fitted {0}").format(component), short=component))
        if options.mixture_curve:
            entries.append(
                LegendEntry(
                    "thick", translate("nbviz", "mixture density p(x)"), short=translate("nbviz", "mixture p(x)")
                )
            )
        if options.truth and has_truth:
            entries.append(
                LegendEntry(
                    "dashed", translate("nbviz", "true components, dashed"), short=translate("nbviz", "true, dashed")
                )
            )
    else:
        if options.ellipses:
            levels = " and ".join(f"{level:g}σ" for level in SIGMA_LEVELS)
            entries.append(
                LegendEntry(
                    "ellipses",
                    translate("nbviz", "fitted {0} ellipses").format(ellipse_text()),
                    short=translate("nbviz", "{0} ellipses").format(levels),
                )
            )
        if options.truth and has_truth:
            entries.append(
                LegendEntry(
                    "dashed",
                    translate("nbviz", "true components, dashed (× mean)"),
                    short=translate("nbviz", "true, dashed (× mean)"),
                )
            )
        if options.shading:
            entries.append(
                LegendEntry(
                    "shading",
                    translate("nbviz", "shading: mixture density p(x)"),
                    short=translate("nbviz", "shading: p(x)"),
                )
            )
    entries.append(LegendEntry("marker", translate("nbviz", "mean μ<sub>k</sub>"), hint=translate("nbviz", "drag it")))
    if options.uncertainty:
        entries.append(
            LegendEntry(
                "uncertainty",
                translate("nbviz", "colour: uncertainty 1 − max<sub>k</sub> r<sub>nk</sub>"),
                short=translate("nbviz", "colour: uncertainty"),
            )
        )
    else:
        entries.append(
            LegendEntry(
                "blend",
                translate("nbviz", "colour: responsibilities r<sub>nk</sub>"),
                short=translate("nbviz", "colour: r<sub>nk</sub>"),
            )
        )
    if options.shapes:
        entries.append(
            LegendEntry(
                "shapes",
                translate("nbviz", "shape: most responsible k"),
                short=translate("nbviz", "shape: most responsible"),
            )
        )
    if incomplete and dimension == 1:
        entries.append(
            LegendEntry(
                "blank",
                translate("nbviz", "rows missing x: not drawn (left out of the histogram)"),
                short=translate("nbviz", "rows missing x: not drawn"),
            )
        )
    elif incomplete:
        entries.append(
            LegendEntry(
                "hollow",
                translate("nbviz", "hollow: cells missing, drawn at their expected value"),
                short=translate("nbviz", "hollow: cells missing"),
            )
        )
    return entries


def keep_as_pixmaps(item: QGraphicsItem) -> None:
    """Keep `item` and everything in it (a legend's box, samples and text) as device pixmaps.

    A legend lies over the data, which changes at every half-step; drawn afresh each time, its rich
    text is laid out and rasterised again, though it has not changed. (Figures draw them as shapes:
    `figures.render.export_mode` switches every cache off meanwhile.)
    """
    item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    for child in item.childItems():
        keep_as_pixmaps(child)


class LegendSample(pg.GraphicsWidget):
    """The little picture in front of a legend row (drawn for `entry.kind`); clicks do nothing."""

    sigClicked = Signal(object)  # the legend connects it (pyqtgraph's name); never emitted

    def __init__(self, entry: LegendEntry, appearance: Appearance, n_components: int):
        super().__init__()
        self.entry = entry
        self.appearance = appearance
        self.n_components = max(n_components, 1)
        scale = 1.0 if appearance.presentation else appearance.point_size(1.0)
        self.setFixedWidth(SAMPLE_SIZE[0] * scale)
        self.setFixedHeight(SAMPLE_SIZE[1] * scale)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # drawn once, not on every half-step

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.width(), self.height())

    def paint(self, painter, *args) -> None:
        w, h = self.width(), self.height()
        painter.setRenderHint(painter.RenderHint.Antialiasing, True)
        SAMPLE_DRAWINGS[self.entry.kind](self, painter, w, h, h / 2)


def _draw_line(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'line' / 'dashed' / 'thick'."""
    a = sample.appearance
    colour = component_color(0, a.dark)
    fg = QColor(a.foreground)
    kind = sample.entry.kind
    style = Qt.PenStyle.DashLine if kind == "dashed" else Qt.PenStyle.SolidLine
    width = 3.5 if kind == "thick" else 2.0
    painter.setPen(pg.mkPen(fg if kind == "thick" else colour, width=a.line_width(width), style=style))
    painter.drawLine(QPointF(2, mid), QPointF(w - 2, mid))


def _draw_ellipses(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'ellipses'."""
    a = sample.appearance
    colour = component_color(0, a.dark)
    painter.setPen(pg.mkPen(colour, width=a.line_width(1.6)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for level in SIGMA_LEVELS:
        rx, ry = (w / 2 - 2) * level / max(SIGMA_LEVELS), (h / 2 - 2) * level / max(SIGMA_LEVELS)
        painter.drawEllipse(QPointF(w / 2, mid), rx, ry)


def _draw_shading(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'shading'."""
    a = sample.appearance
    gradient = QLinearGradient(0, 0, w, 0)
    tint = (150, 178, 225) if a.dark else (52, 72, 110)
    # opaque stops, the tint laid over the background: PDF viewers drop a gradient's alpha
    for stop, alpha in ((0.0, 10), (0.5, 105), (1.0, 10)):
        gradient.setColorAt(stop, mixed(a.background, tint, alpha / 255))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(gradient)
    painter.drawRect(QRectF(2, 3, w - 4, h - 6))


def _draw_bars(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'bars'."""
    a = sample.appearance
    painter.setPen(pg.mkPen((110, 112, 118) if a.dark else (150, 150, 150)))
    painter.setBrush(pg.mkBrush((78, 80, 86) if a.dark else (200, 200, 200)))
    for i, height in enumerate((0.5, 0.9, 0.65)):
        bar = (w - 4) / 3
        painter.drawRect(QRectF(2 + i * bar, h - 2 - height * (h - 4), bar, height * (h - 4)))


def _draw_marker(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'marker'."""
    a = sample.appearance
    colour = component_color(0, a.dark)
    painter.translate(w / 2, mid)
    pg.graphicsItems.ScatterPlotItem.drawSymbol(
        painter, "o", a.point_size(13), pg.mkPen(a.outline, width=a.line_width(2)), pg.mkBrush(colour)
    )


def _draw_uncertainty(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'uncertainty': grey (certain) to red (most uncertain)."""
    a = sample.appearance
    gradient = QLinearGradient(0, 0, w, 0)
    for stop, c in zip((0.0, 1.0), scale_rgb(a.dark)):
        gradient.setColorAt(stop, QColor(*c.tolist()))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(gradient)
    painter.drawRoundedRect(QRectF(2, mid - 5, w - 4, 10), 4, 4)


def _draw_blend(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'blend'."""
    a = sample.appearance
    # from pure component 1 through a 50:50 mix to pure component 2 (and 3 when there is one)
    stops = min(sample.n_components, 3)
    rgb = component_rgb(stops, a.dark) if stops > 1 else component_rgb(2, a.dark)
    t = np.linspace(0, 1, 9)
    resp = np.zeros((len(t), len(rgb)))
    resp[:, 0], resp[:, 1] = 1 - t, t
    if len(rgb) == 3:
        resp = np.vstack([resp, np.column_stack([np.zeros_like(t), 1 - t, t])[1:]])
    colours = blend(resp, rgb)
    gradient = QLinearGradient(0, 0, w, 0)
    for i, c in enumerate(colours):
        gradient.setColorAt(i / (len(colours) - 1), QColor(*c.tolist()))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(gradient)
    painter.drawRoundedRect(QRectF(2, mid - 5, w - 4, 10), 4, 4)


def _draw_shapes(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'shapes' / 'points': a shape (or a dot) in each of the first three component colours."""
    a = sample.appearance
    kind = sample.entry.kind
    size = a.point_size(8 if kind == "shapes" else 6)
    outline = pg.mkPen(a.foreground) if kind == "shapes" else pg.mkPen(None)
    for i in range(min(sample.n_components, 3) if kind == "points" else 3):
        painter.save()
        painter.translate(w * (i + 0.5) / 3, mid)
        symbol = SHAPES[i] if kind == "shapes" else "o"
        pg.graphicsItems.ScatterPlotItem.drawSymbol(
            painter, symbol, size, outline, pg.mkBrush(component_color(i, a.dark))
        )
        painter.restore()


def _draw_component_bars(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'component_bars' / 'dots': chosen probabilities as bars, sampled ones as dots."""
    a = sample.appearance
    kind = sample.entry.kind
    bar = (w - 4) / 3
    for i, height in enumerate((0.55, 0.9, 0.4)):
        x, top = 2 + i * bar, h - 2 - height * (h - 4)
        if kind == "component_bars":
            if i >= sample.n_components:
                break
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(pg.mkBrush(component_color(i, a.dark)))
            painter.drawRect(QRectF(x + 1, top, bar - 2, h - 2 - top))
        else:
            painter.save()
            painter.translate(x + bar / 2, top)
            pg.graphicsItems.ScatterPlotItem.drawSymbol(
                painter, "o", a.point_size(5), pg.mkPen(None), pg.mkBrush(a.foreground)
            )
            painter.restore()


def _draw_hollow(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'hollow': a dot's rim in a component colour around the background."""
    a = sample.appearance
    painter.translate(w / 2, mid)
    pg.graphicsItems.ScatterPlotItem.drawSymbol(
        painter,
        "o",
        a.point_size(9),
        pg.mkPen(component_color(0, a.dark), width=a.line_width(2.0)),
        pg.mkBrush(a.background),
    )


def _draw_ink(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """The legend sample of 'ink': probability 0 (white) to 1 (black), framed so that white shows on white."""
    a = sample.appearance
    gradient = QLinearGradient(0, 0, w, 0)
    gradient.setColorAt(0.0, QColor(255, 255, 255))
    gradient.setColorAt(1.0, QColor(0, 0, 0))
    painter.setPen(pg.mkPen(a.axis_color))
    painter.setBrush(gradient)
    painter.drawRect(QRectF(2, mid - 5, w - 4, 10))


def _draw_blank(sample: LegendSample, painter, w: float, h: float, mid: float) -> None:
    """No sample: the row is text alone."""


# Each kind of legend row and the function that draws its sample.
SAMPLE_DRAWINGS = {
    "blank": _draw_blank,
    "line": _draw_line,
    "dashed": _draw_line,
    "thick": _draw_line,
    "ellipses": _draw_ellipses,
    "shading": _draw_shading,
    "bars": _draw_bars,
    "marker": _draw_marker,
    "uncertainty": _draw_uncertainty,
    "blend": _draw_blend,
    "shapes": _draw_shapes,
    "points": _draw_shapes,
    "component_bars": _draw_component_bars,
    "dots": _draw_component_bars,
    "hollow": _draw_hollow,
    "ink": _draw_ink,
}


class HintedLegend(pg.LegendItem):
    """A pyqtgraph legend of `LegendSample` rows whose hints are on screen only.

    A figure is a picture, not a place to drag things: it is drawn in pyqtgraph's export mode
    (`figures.render.export_mode` sets it on every item), during which the rows with a hint are
    relabelled without it and the box shrinks to fit; both are put back when it ends. The rows stay
    the same items.
    """

    def setExportMode(self, export, opts=None):  # pyqtgraph's name: a figure is being drawn
        super().setExportMode(export, opts)
        hinted = [(sample.entry, label) for sample, label in self.items if sample.entry.hint]
        for entry, label in hinted:
            label.setText(entry.label(hint=not export))
        if hinted:
            self.resize(self.layout.preferredSize())  # anchored in its corner, it stays there


class DataLegend:
    """A legend in the least crowded corner of `plot` showing `LegendEntry` rows.

    Parameters
    ----------
    plot : pg.PlotWidget or None
        The plot the legend floats over; None: the caller lays `item` out itself (in a row of a
        `pg.GraphicsLayout` beside views that are all data, such as pictures and heat maps).
    appearance : Appearance
        Its colours and sizes; the legend restyles when it changes.
    strip : bool
        In presentation mode, lay the legend out in a strip above the plot (the window's data views).

    Attributes
    ----------
    corner : str
        Where the legend is: a key of `legend_corner.CORNERS`.
    item : pg.LegendItem
    """

    def __init__(self, plot: pg.PlotWidget | None, appearance: Appearance, *, strip: bool = False):
        self.appearance = appearance
        self.strip_when_presenting = strip
        self.item = self._new_item()
        self.corner = "top-right"
        self.strip = False  # over the plot (False) or in a strip above it (presentation mode)
        self.plot_item: pg.PlotItem | None = plot.getPlotItem() if plot is not None else None
        self.entries: list[LegendEntry] = []
        self._key: tuple | None = None
        self._points: np.ndarray = np.zeros((0, 2))
        self._marks: np.ndarray = np.zeros((0, 2))  # the model's marks (means, outlines, curves) over the data
        self._making_room = False
        self._row_height: float | None = None  # pixels, measured when the rows are laid out
        self._two_columns_width = 0.0  # pixels two columns take (at most twice one's), measured likewise
        self._measured: dict[tuple, tuple[float, float]] = {}  # rows -> (row height, two columns' width)
        self._data_heights: tuple[float, float] | None = None  # see keep_room_above
        self.hold_range = False  # while the user paints, the range is theirs: no room is made
        self.user_range = False  # panned or zoomed since the view showed its data: no room is made either
        self._raised: tuple[float, float] | None = None  # the y range before room was made above the data
        self._raised_to = 0.0  # the top room was made up to
        self.item.hide()
        self.view_box: pg.ViewBox | None = None
        if plot is not None:
            self.view_box = plot.getPlotItem().vb
            self.item.setParentItem(self.view_box)
            place_in_corner(self.item, self.corner)
            self.view_box.sigRangeChanged.connect(self.place)
            self.view_box.sigRangeChangedManually.connect(lambda *_: setattr(self, "user_range", True))
            self.view_box.sigResized.connect(self._refit_columns)
            self.view_box.sigResized.connect(self._make_room)
            self.view_box.sigResized.connect(self.place)
            self.view_box.sigResized.connect(self.make_room)  # the legend's share of a resized plot changes
        else:  # a layout's cell gives it no more than the room its entries need
            self.item.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    @staticmethod
    def _new_item() -> HintedLegend:
        item = HintedLegend(sampleType=LegendSample, verSpacing=-4)
        keep_as_pixmaps(item)  # repainted only when it changes
        item.setZValue(50)
        return item

    def _use_strip(self, on: bool) -> None:
        """Lay the legend out in a strip above the plot (`on`) or float it in a corner over the plot.

        A projector's legend is in type the back row reads: over the plot it would take half of it,
        or hide data; in the strip it hides nothing and the data keep their range. The legend is made
        anew in its new place (a corner's anchor would fight the layout).
        """
        plot_item = self.plot_item
        if plot_item is None or on == self.strip:
            return
        self.strip = on
        old, self.item = self.item, self._new_item()
        self._key = None  # rows again in the new item
        old.hide()
        if old.scene() is not None:
            old.scene().removeItem(old)
        if on:
            self._give_room_back(resized=True)
            self.item.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            self._take_title_row(self.item)
        else:
            self._take_title_row(plot_item.titleLabel)
            assert self.view_box is not None  # a plot's legend
            self.item.setParentItem(self.view_box)
            place_in_corner(self.item, self.corner)
        self.item.hide()

    def _show_strip(self, shown: bool) -> None:
        """The strip takes its room above the plot while shown and gives it back when hidden."""
        plot_item = self.plot_item
        if plot_item is None or not self.strip:
            return
        self._take_title_row(self.item if shown else plot_item.titleLabel)
        self.item.setVisible(shown)

    def _take_title_row(self, item) -> None:
        """Put `item` (the strip, or the plot's own empty title) in the plot's title row, above the plot."""
        plot_item = self.plot_item
        assert plot_item is not None  # a plot's legend
        layout = plot_item.layout
        current = layout.itemAt(0, 1)
        if current is item:
            return
        if current is not None:
            layout.removeItem(current)
        if item is self.item:  # the strip spans the axes' columns too: the plot's whole width
            layout.addItem(item, 0, 0, 1, 3)
        else:
            layout.addItem(item, 0, 1)
        layout.setAlignment(item, Qt.AlignmentFlag.AlignHCenter)

    @property
    def texts(self) -> list[str]:
        """The rows' texts as shown on screen, hints and all (empty while hidden)."""
        return [e.label(short=self.strip) for e in self.entries] if self.item.isVisible() else []

    def show_entries(
        self,
        entries: list[LegendEntry],
        n_components: int,
        points: np.ndarray | None = None,
        marks: np.ndarray | None = None,
    ) -> None:
        """Show `entries` (rebuilt only when they, the component count or the appearance changed).

        `points` (shape (n, 2), view coordinates) are the data the legend should hide least, `marks`
        (shape (m, 2)) what is drawn over them (means, ellipse outlines, curves, bars). The corner is
        chosen again when the points (a new array), the entries or the view range change, or when the
        legend covers something where it is; then, if every corner covers something, room is made.
        """
        a = self.appearance
        self._use_strip(self._wants_strip(entries, n_components))
        columns = self._columns(len(entries))
        key = (tuple(entries), n_components, a.dark, a.presentation, a.text_scale, self.strip, columns)
        moved = False
        if points is not None and points is not self._points:
            self._points, moved = points, True
        if marks is not None:
            self._marks = np.asarray(marks, dtype=float).reshape(-1, 2)
        if key != self._key:
            self._key = key
            self.entries = list(entries)
            self.item.clear()
            self.item.columnCount = columns  # pyqtgraph lays the rows out in this many columns as they are added
            self.item.opts["labelTextColor"] = a.foreground
            self.item.opts["labelTextSize"] = f"{a.font_size(LEGEND_FONT[a.presentation]):.1f}pt"
            self.item.opts["brush"] = pg.mkBrush(a.background + "b8")  # what lies under it shows through
            self.item.opts["pen"] = pg.mkPen(a.axis_color)
            for entry in entries:
                self.item.addItem(LegendSample(entry, a, n_components), entry.label(short=self.strip))
            keep_as_pixmaps(self.item)
            self.item.updateGeometry()  # a layout holding it makes room for the new size
            self._measure(key[:-1], columns)
            moved = True
            if not self.strip and self._wants_strip(entries, n_components):  # measured now: too wide
                self.show_entries(entries, n_components, points, marks)
                return
        if self.strip:
            self._show_strip(True)
            return
        if not self.item.isVisible():
            self.item.show()
            self._make_room()
        if moved or self.covered:
            self.place()
        self.make_room()

    def _wants_strip(self, entries: list[LegendEntry], n_components: int) -> bool:
        """In the strip above the plot: a window's data view in presentation mode, or one too narrow for
        the legend in a corner (Choose K or the restart gallery beside the controls at 1024x768), where
        it would be cut at the plot's edge."""
        a = self.appearance
        if not (self.strip_when_presenting and a.screen):
            return False
        if a.presentation:
            return True
        laid_out = self._measured.get((tuple(entries), n_components, a.dark, a.presentation, a.text_scale, False))
        if laid_out is None or self.view_box is None or self.view_box.width() <= 1:
            return False  # not measured in a corner yet: laid out there first
        return laid_out[1] / 2 + 2 * MARGIN > self.view_box.width()

    def _measure(self, rows_key: tuple, columns: int) -> None:
        """A row's height and the width two columns take, as the rows laid out now show them.

        Measured in one column and kept for these rows: measured again in two, the two widths differ
        by a few pixels, and a plot whose width lies between them would switch the column count at
        every redraw, the legend jumping from side to side while the run is stepped through.
        """
        box = self.item.boundingRect()
        if columns == 1 or rows_key not in self._measured:
            if len(self._measured) > 64:  # other runs' rows: measured again if they come back
                self._measured.clear()
            self._measured[rows_key] = (
                box.height() / max(self.item.rowCount, 1),
                box.width() * (2 if columns == 1 else 1),
            )
        self._row_height, self._two_columns_width = self._measured[rows_key]

    def _columns(self, rows: int) -> int:
        """One column, or two when `rows` rows in one would take more than `COLUMN_SHARE` of the plot's height
        (a projector's short plot): the legend is then wider but needs half the room above the data. Two
        columns only where they fit the plot's width: a narrow plot keeps one, cutting no word. A strip
        has as many columns as fit the plot's width, its rows balanced."""
        if self.view_box is None or self._row_height is None or rows < 3:
            return 1
        if self.strip and self.plot_item is not None:
            column = self._two_columns_width / 2 + MARGIN
            fit = max(1, min(rows, int((self.plot_item.width() + MARGIN) // max(column, 1.0))))
            return math.ceil(rows / math.ceil(rows / fit))
        tall = rows * self._row_height > COLUMN_SHARE * self.view_box.height()
        return 2 if tall and self._two_columns_width + 2 * MARGIN <= self.view_box.width() else 1

    def _refit_columns(self, *_) -> None:
        """On a resize: lay the rows out again if the plot's size asks for another column count or place."""
        if self.entries and self.item.isVisible() and self._key is not None:
            strip = self._wants_strip(self.entries, self._key[1])
            if strip != self.strip or self._columns(len(self.entries)) != self.item.columnCount:
                self.show_entries(self.entries, self._key[1])

    def avoid(self, points: np.ndarray) -> None:
        """Go to the corner with the fewest of `points` (shape (n, 2), view coordinates) under it."""
        self._points = points
        self.place()

    def place(self, *_) -> None:
        """Move the legend to the corner with the fewest points under it (ties keep it where it is)."""
        if self.view_box is None or self.strip:
            return  # laid out by its owner, or in the strip above the plot
        size = legend_size_in_view(self.item, self.view_box)
        marks = self.all_marks
        if size is None or not len(marks):
            return
        corner = least_covered_corner(marks, view_range(self.view_box), size, current=self.corner)
        if corner != self.corner:
            self.corner = corner
            place_in_corner(self.item, corner)

    @property
    def all_marks(self) -> np.ndarray:
        """The data points and the model's marks the legend keeps clear of (shape (n, 2))."""
        return np.vstack([self._points.reshape(-1, 2), self._marks]) if len(self._marks) else self._points

    def _padded_size(self) -> tuple[float, float] | None:
        """The legend's size in view units with room for a mark's own size around it."""
        if self.view_box is None:
            return None
        size = legend_size_in_view(self.item, self.view_box)
        if size is None:
            return None
        px, py = self.view_box.viewPixelSize()
        return size[0] + MARK_PIXELS * px, size[1] + MARK_PIXELS * py

    def make_room(self, *_) -> None:
        """If the legend covers a mark in every corner, raise the plot's top until a top corner is clear.

        The data keep at least half the plot's height; a plot laid out by `keep_room_above` or a legend
        laid out by its owner is left alone. Called when a half-step is drawn, when the plot is resized
        and by figures, never on a pan or zoom: the user's range is theirs.
        """
        if self.view_box is None or self._data_heights is not None or self._making_room or self.range_is_users:
            return
        if self.strip:  # above the plot, over nothing
            return
        if not self.item.isVisible() or not len(self.all_marks):
            return
        self._making_room = True
        low, high = view_range(self.view_box)[2:]
        highest = low + 2 * (high - low)  # the data keep at least half the plot
        try:
            for _round in range(ROOM_ROUNDS):
                size = self._padded_size()
                view = view_range(self.view_box)
                if size is None or corner_counts(self.all_marks, view, size)[self.corner] == 0:
                    return
                y0, y1 = view[2], view[3]
                # the top corner that needs the least room (the current one on a tie)
                tops = [self.corner.replace("bottom", "top"), "top-right", "top-left"]
                needed = {c: room_above(self.all_marks, view, size, c) for c in tops}
                corner = min(tops, key=lambda c: (needed[c], tops.index(c)))
                if corner != self.corner:
                    self.corner = corner
                    place_in_corner(self.item, corner)
                top = min(needed[corner], highest)
                if top <= y1:
                    return
                if self._raised is None or abs(y1 - self._raised_to) > 1e-9 * max(abs(y1), 1.0):
                    self._raised = (y0, y1)  # the range before this room (not one raised already): given back
                self.view_box.setYRange(y0, top, padding=0)
                self._raised_to = top
        finally:
            self._making_room = False

    @property
    def range_is_users(self) -> bool:
        """Whether the user holds the range (painting, or a pan or zoom since the data were shown)."""
        return self.hold_range or self.user_range

    @property
    def covered(self) -> int:
        """How many of the points last given lie under the legend where it is (0 while hidden)."""
        if self.view_box is None or not self.item.isVisible() or self.strip:
            return 0
        size = legend_size_in_view(self.item, self.view_box)
        if size is None:
            return 0
        return corner_counts(self.all_marks, view_range(self.view_box), size)[self.corner]

    def keep_room_above(self, heights: tuple[float, float] | None) -> None:
        """Show the data's `heights` (low, high) with room above them for the legend, now and on a resize.

        For plots whose every corner holds data (bars rising from 0, strips across the plot): the
        top of the y range goes up by the legend's height, so that the legend covers none of it.
        None: the plot's owner sets its range alone again.
        """
        self._data_heights = heights
        if heights is not None and self.corner.startswith("bottom"):  # go up into the room
            self.corner = self.corner.replace("bottom", "top")
            place_in_corner(self.item, self.corner)
        self._make_room()

    def _make_room(self, *_) -> None:
        if self._data_heights is None or self.view_box is None:
            return
        low, high = self._data_heights
        height = self.view_box.height()
        room = self.item.boundingRect().height() + 2 * MARGIN if self.item.isVisible() and not self.strip else 0.0
        # the data keep at least half the plot, however small it is made
        share = max((height - room) / height, 0.5) if height > 1 else 1.0
        self.view_box.setYRange(low, low + (high - low) / share, padding=0)

    def hide(self) -> None:
        if self.strip:
            self._show_strip(False)
        shown = self.item.isVisible()
        self.item.hide()
        self._make_room()
        if shown:
            self._give_room_back()

    def _give_room_back(self, resized: bool = False) -> None:
        """The y range as it was before `make_room` raised it, if it is still the range raised (not a zoom
        or other data): a hidden legend, or one moved into the strip, covers nothing over the plot.
        `resized`: the plot has just been resized, and an equal-aspect view has widened its range about
        the middle; it still counts as raised while it holds the room."""
        raised, self._raised = self._raised, None
        if raised is not None and self.view_box is not None and not self.range_is_users:
            _, _, bottom, top = view_range(self.view_box)
            tolerance = 1e-9 * max(abs(top), 1.0)
            if resized:
                same = top >= self._raised_to - tolerance and bottom <= raised[0] + tolerance
            else:
                same = abs(top - self._raised_to) <= tolerance and bottom == raised[0]
            if same and resized and len(self._marks):  # the curves drawn over the data stay whole
                highest = float(self._marks[:, 1].max()) + MARGIN_SHARE * (raised[1] - raised[0])
                raised = (raised[0], min(max(raised[1], highest), top))
            if same:
                self.view_box.setYRange(*raised, padding=0)
