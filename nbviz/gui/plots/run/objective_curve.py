"""The objective EM climbs, one point per half-step, with the ELBO and the KL gap between them.

Three ways to look at the climb (`VIEWS`): the whole run; the climb after the first big jump (the
first M-step), scaled to the half-steps from there on; and the gap to the best objective reached,
``best - value`` on a log scale, where EM's slow final creep shows as a straight-ish descent.

A long run costs what its pixels cost: the curve keeps its arrays up to date as the history grows
(`ObjectiveSeries`) and, when the half-steps in view outnumber the plot's pixel columns, draws the
lowest and highest value per column without symbols (`min_max_columns`).
"""

from __future__ import annotations

import html
import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ....app.data.half_steps import objective_name
from ....app.presentation import view_descriptions as words
from ....app.presentation.appearance import Appearance
from ....app.run.session import Session
from ...style.palette import DECREASE_COLOR, ELBO_COLOR, OBJECTIVE_COLOR
from ...widgets.accessible import buddy_label
from ...widgets.fitting_label import FittingLabel
from ...widgets.layouts import left_row
from ..data.legend import keep_as_pixmaps
from ..data.legend_corner import least_covered_corner, legend_size_in_view, place_in_corner, view_range
from ..grid import add_grid
from ..held_range import grown_end, held_range
from ..plot_view import PlotView, new_plot
from ..scatter_items import Marks, clear_scatter
from ..styling import pen
from .long_curves import ObjectiveSeries, first_per_column, min_max_columns
from .symbol_trail import CurveSample, SymbolTrail

translate = QCoreApplication.translate

# A drop larger than this (relative) is a real decrease, not rounding.
DECREASE_TOLERANCE = 1e-9
# the left axis's short titles (on a short plot, in presentation mode); others are "objective"
SHORT_LABELS = {
    QT_TRANSLATE_NOOP("nbviz", "log-likelihood"): QT_TRANSLATE_NOOP("nbviz", "log-lik."),
    QT_TRANSLATE_NOOP("nbviz", "complete-data log-likelihood"): QT_TRANSLATE_NOOP("nbviz", "complete log-lik."),
}
# the objective as the one-line key names it (presentation mode: large text, little room)
KEY_NAMES = {
    QT_TRANSLATE_NOOP("nbviz", "log-likelihood"): QT_TRANSLATE_NOOP("nbviz", "log-lik."),
    QT_TRANSLATE_NOOP("nbviz", "log-likelihood + log-prior"): QT_TRANSLATE_NOOP("nbviz", "log-lik. + log-prior"),
    QT_TRANSLATE_NOOP("nbviz", "complete-data log-likelihood"): QT_TRANSLATE_NOOP("nbviz", "complete-data log-lik."),
    QT_TRANSLATE_NOOP("nbviz", "complete-data log-likelihood + log-prior"): QT_TRANSLATE_NOOP(
        "nbviz", "complete-data log-lik. + log-prior"
    ),
}


def translated(names: dict[str, str]) -> dict[str, str]:
    """`names` (English to English) with both sides in the language shown."""
    return {translate("nbviz", full): translate("nbviz", short) for full, short in names.items()}


MIN_VISIBLE_HALF_STEPS = 6
MIN_PLOT_HEIGHT = {False: 160, True: 120}  # pixels: normal, presentation mode (a projector is short)
HARD_EM_NOTE = QT_TRANSLATE_NOOP(
    "nbviz",
    "Hard EM gives each point wholly to one component: it climbs the classification log-likelihood "
    "(the lower curve, which never goes down), not the log-likelihood.",
)
# the same in presentation type, where two lines are all the projector's height allows
HARD_EM_NOTE_SHORT = QT_TRANSLATE_NOOP(
    "nbviz", "Hard EM climbs the classification log-lik. (the lower curve), not the log-likelihood."
)
# what the curve shows: key -> the chooser's text
VIEWS = {
    "all": QT_TRANSLATE_NOOP("nbviz", "the whole run"),
    "climb": QT_TRANSLATE_NOOP("nbviz", "the climb after the first jump"),
    "gap": QT_TRANSLATE_NOOP("nbviz", "gap to the best (log scale)"),
}
GAP_FLOOR = 1e-300  # a gap at or below this (the best point itself) has no place on a log scale
BAND_BRUSH = (44, 160, 44, 45)  # the KL gap's shading
MIN_COLUMNS = 200  # a plot not laid out yet decimates to this many columns
KEY_SAMPLES = 400  # places along the curves where the legend must not lie
STOP_MARK_SIZE = 14  # pixels: the square where a run to convergence stopped
# the share of the values' span left above them when the value axis is refitted: EM's objective climbs,
# and the next few rises then stay inside (the axes, grid and curves are not all repainted each half-step)
CLIMB_HEADROOM = 0.3
LABEL_LINES = 1.4  # a value label's share of the axis, in lines of its type: more labels would overlap
GRID_TICK_LEVELS = 2  # the axes' tick levels drawn (and gridded): major and minor


def key_html(names: tuple[str, str]) -> str:
    """The legend as one line of text (presentation mode: above the plot, never over the curves).

    Parameters
    ----------
    names : (str, str)
        The lower (ELBO) and the upper (objective) curve's names.
    """
    elbo, objective = (html.escape(name) for name in names)
    return (
        f'<span style="color:{ELBO_COLOR}">▼ ‒ ‒</span> {elbo}'
        f'&nbsp;&nbsp;&nbsp;<span style="color:{OBJECTIVE_COLOR}">●━━</span> {objective}'
    )


def log_gap_to_best(values: np.ndarray, best: float) -> np.ndarray:
    """``log10(best - values)``, NaN where the gap is not positive (the best point, or no value).

    Parameters
    ----------
    values : ndarray of shape (n_half_steps,)
        May hold NaN (no ELBO before the first E-step).
    best : float
        The best objective reached.

    Returns
    -------
    ndarray of shape (n_half_steps,)
    """
    gaps = best - np.asarray(values, dtype=float)
    out = np.full(gaps.shape, np.nan)
    positive = np.isfinite(gaps) & (gaps > GAP_FLOOR)
    out[positive] = np.log10(gaps[positive])
    return out


def decreases(values: np.ndarray) -> np.ndarray:
    """Indices i >= 1 where values[i] fell below values[i - 1] by more than rounding."""
    values = np.asarray(values, dtype=float)
    if values.size < 2:
        return np.array([], dtype=int)
    slack = DECREASE_TOLERANCE * np.maximum(1.0, np.abs(values[:-1]))
    return np.flatnonzero(np.diff(values) < -slack) + 1


class HalfStepAxis(pg.AxisItem):
    """An axis of half-step numbers: ticks only at whole numbers."""

    def tickValues(self, minVal, maxVal, size):
        levels = super().tickValues(minVal, maxVal, size)
        whole = [(spacing, [v for v in values if v == round(v)]) for spacing, values in levels if spacing >= 1]
        return whole or [(1.0, [float(v) for v in range(int(np.ceil(minVal)), int(np.floor(maxVal)) + 1)])]


class ValueAxis(pg.AxisItem):
    """A value axis whose labels never crowd: on a short plot in large type (presentation mode, a
    hard-EM note under it) only every second, fifth or tenth major tick keeps its label; and whose
    labels of large values keep the decimals their spacing needs (pyqtgraph writes values from
    10,000 up with six significant digits: -14010.61 and -14010.62 both read -14010.6)."""

    def tickStrings(self, values, scale, spacing):
        if self.logMode or spacing * scale <= 0:
            return super().tickStrings(values, scale, spacing)
        places = max(0, math.ceil(-math.log10(spacing * scale)))
        return [f"{v * scale:.{places}f}" if abs(v * scale) >= 1e-3 or v == 0 else f"{v * scale:g}" for v in values]

    def tickValues(self, minVal, maxVal, size):
        levels = super().tickValues(minVal, maxVal, size)
        if not levels or not len(levels[0][1]):
            return levels
        font = self.style.get("tickFont") or self.font()
        room = max(int(size // (QFontMetrics(font).height() * LABEL_LINES)), 1)
        spacing, values = levels[0]
        if len(values) <= room:
            return levels
        for step in (2.0, 2.5, 5.0, 10.0, 20.0, 25.0, 50.0):
            wide = spacing * step
            kept = [k * wide for k in range(math.ceil(minVal / wide), math.floor(maxVal / wide) + 1)]
            if 2 <= len(kept) <= room or (room < 2 and len(kept) == 1):
                return [(wide, kept), (spacing, list(values))]
        return levels


class ObjectiveCurve(PlotView, QWidget):
    """Objective (log-likelihood, + log-prior with a prior) and ELBO over half-steps.

    The ELBO touches the objective after every E-step and lies below it after every M-step; the
    shaded band between them is KL(q || posterior), from the first E-step (before it there is no
    q). The ELBO is drawn dashed on top of the objective, so both show where they (nearly) touch.
    A half-step that lowers the objective gets a red marker and an explanation underneath.
    `view_choice` picks what the curve shows (`VIEWS`).
    """

    follows = {"history_changed": "redraw", "run_reset": "redraw", "cursor_changed": "_move_cursor"}
    grid = True
    plot: pg.PlotWidget

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(session, parent, appearance=appearance)
        self.view_choice = QComboBox()
        for key, text in VIEWS.items():
            self.view_choice.addItem(translate("nbviz", text), key)
        self.view_choice.setToolTip(
            translate(
                "nbviz",
                "The whole run; the climb after the first big jump, scaled to it; or how far each "
                "half-step is below the best objective reached, on a log scale",
            )
        )
        self.plot = new_plot({"bottom": HalfStepAxis("bottom"), "left": ValueAxis("left")}, menu=True)
        self.plot.setMinimumHeight(MIN_PLOT_HEIGHT[False])
        add_grid(self.plot)  # (coloured by style_plot)
        # ticks (and so grid lines: the grid follows the axes' ticks) at the major and minor levels only
        for side in ("left", "bottom"):
            self.plot.getAxis(side).setStyle(maxTickLevel=GRID_TICK_LEVELS - 1)
        self.plot.setLabel("bottom", translate("nbviz", "half-step"))
        self.plot.setMouseEnabled(x=True, y=True)
        # bottom right: the curve climbs, so that corner stays clear of it (else the clearest corner)
        legend = self.plot.addLegend(offset=(-10, -10), labelTextSize="9pt", sampleType=CurveSample)
        self.corner = "bottom-right"
        # presenting, the legend leaves the short plot: one line above it (or in the window's header)
        self.key = FittingLabel()
        self.key.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.key.setContentsMargins(4, 0, 8, 0)  # clear of the edge of a frame or a header
        self.key.setToolTip(
            translate("nbviz", "The lower curve and the objective; the shaded band between them is the KL gap")
        )
        # the curves are lines; their markers (one per half-step) are drawn by a SymbolTrail each, and
        # the legend shows both in a CurveSample
        # (plain curve items: the data item's dataset bookkeeping is work at every half-step)
        self.elbo_curve = pg.PlotCurveItem(pen=pg.mkPen(ELBO_COLOR, width=2, style=Qt.PenStyle.DashLine))
        self.objective_curve = pg.PlotCurveItem(pen=pg.mkPen(OBJECTIVE_COLOR, width=2.5))
        self.elbo_marks = SymbolTrail("t", 7, ELBO_COLOR)
        self.objective_marks = SymbolTrail("o", 7, OBJECTIVE_COLOR)
        for curve, marks, name in (
            (self.elbo_curve, self.elbo_marks, translate("nbviz", "ELBO L(q, θ)")),
            (self.objective_curve, self.objective_marks, translate("nbviz", "log-likelihood")),
        ):
            self.plot.addItem(curve)
            self.plot.addItem(marks)
            legend.addItem(CurveSample(curve, marks), name)
        keep_as_pixmaps(legend)  # the curves change under it at every half-step; it does not
        # the ELBO on top: where the KL gap is small it would otherwise hide under the objective
        self.objective_curve.setZValue(1)
        self.objective_marks.setZValue(1.5)
        self.elbo_curve.setZValue(2)
        self.elbo_marks.setZValue(2.5)
        # the band's edges from the first E-step on (the curves themselves start at different half-steps)
        self.band_top, self.band_bottom = pg.PlotCurveItem(), pg.PlotCurveItem()
        self.gap = pg.FillBetweenItem(self.band_top, self.band_bottom, brush=pg.mkBrush(*BAND_BRUSH))
        self.plot.addItem(self.gap)
        self.decrease_marks = Marks(size=16, symbol="x", pen=pg.mkPen(DECREASE_COLOR, width=3), brush=None)
        self.decrease_marks.setZValue(3)
        self.plot.addItem(self.decrease_marks)
        self.cursor_line = pg.InfiniteLine(
            angle=90, movable=True, pen=pg.mkPen("#555555", width=1.5, style=Qt.PenStyle.DashLine)
        )
        self.cursor_line.sigPositionChangeFinished.connect(self._cursor_dragged)
        self.legend = legend
        self.plot.addItem(self.cursor_line)
        # a run after an edit of the data starts there: its objective is not comparable with the old data's
        self.edit_line = pg.InfiniteLine(
            pos=0,
            angle=90,
            movable=False,
            pen=pg.mkPen(DECREASE_COLOR, width=2),
            label=translate("nbviz", "data edited"),
            labelOpts={"position": 0.3, "color": DECREASE_COLOR, "anchors": [(0, 0.5), (0, 0.5)]},
        )
        self.edit_line.hide()
        self.plot.addItem(self.edit_line, ignoreBounds=True)
        # why a run to convergence stopped, at its last point (Session.run_stop)
        self.stop_mark = Marks(size=STOP_MARK_SIZE, symbol="s", brush=None)
        self.stop_mark.setZValue(4)
        self.stop_label = pg.TextItem(anchor=(1, 1))
        self.plot.addItem(self.stop_mark)
        self.plot.addItem(self.stop_label, ignoreBounds=True)  # an empty label at (0, 0) would widen the range
        self._series = ObjectiveSeries()
        self._shown: tuple[np.ndarray, np.ndarray] = (np.empty(0), np.empty(0))  # objective, ELBO as drawn
        self._drops = np.empty(0, dtype=int)  # half-steps that lowered the objective
        self.decimated = False  # whether the curves show min/max per pixel column
        # the (x, y) ranges last set, unpadded and padded (None: fit afresh)
        self._ranges_set: tuple[tuple[float, float], tuple[float, float], list[list[float]]] | None = None
        self.plot.getViewBox().sigXRangeChanged.connect(self._draw_curves)
        self.plot.getViewBox().sigRangeChanged.connect(self._place_legend)
        self.plot.getViewBox().sigResized.connect(self._title_axis)  # a shorter plot may need a shorter title
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.explanation.hide()
        self.view_bar = QWidget()  # hidden in presentation mode: the data view needs the height
        left_row(
            buddy_label(translate("nbviz", "Show:"), self.view_choice),
            self.view_choice,
            host=self.view_bar,
            margins=(4, 2, 4, 0),
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view_bar)
        layout.addWidget(self.key)
        layout.addWidget(self.plot)
        layout.addWidget(self.explanation)
        self.view_choice.currentIndexChanged.connect(self._view_changed)
        self.follow_session()

    def restyle(self, a: Appearance) -> None:
        """Pens, marker sizes and the legend for the appearance."""
        # presenting, the curve keeps the view chosen before; the projector's height goes to the data
        self.view_bar.setVisible(not a.presentation)
        self.plot.setMinimumHeight(MIN_PLOT_HEIGHT[a.presentation])
        for curve, marks, style in (
            (self.elbo_curve, self.elbo_marks, pen(a, ELBO_COLOR, 2, style=Qt.PenStyle.DashLine)),
            (self.objective_curve, self.objective_marks, pen(a, OBJECTIVE_COLOR, 2.5)),
        ):
            curve.setPen(style)
            marks.set_style(size=a.point_size(7))
        for sample, _ in self.legend.items:
            sample.update()  # (it draws the curves' pens and markers)
        self.decrease_marks.setPen(pen(a, DECREASE_COLOR, 3))
        self.decrease_marks.setSize(a.point_size(16))
        self.cursor_line.setPen(pen(a, a.muted_text, 1.5, style=Qt.PenStyle.DashLine))
        self.edit_line.setPen(pen(a, DECREASE_COLOR, 2))
        label_font = self.edit_line.label.textItem.font()
        label_font.setPointSizeF(a.font_size(9))
        self.edit_line.label.setFont(label_font)
        self.explanation.setFont(label_font)  # read with the curve: presentation type when presenting
        self.stop_label.setFont(label_font)  # "converged (tol)": the back row reads it too
        # presenting, the status line above says the iteration: the short plot keeps the axis title's height
        self.plot.getAxis("bottom").showLabel(not a.presentation)
        self.legend.setBrush(pg.mkBrush(a.background + "c8"))
        self.legend.setLabelTextColor(a.foreground)
        self.legend.setLabelTextSize(f"{a.font_size(9):.1f}pt")
        for _, label in self.legend.items:
            label.setText(label.text)  # re-render with the new colour and size
        # presenting, the plot is short and any legend on it covers the curves: the key goes above it
        self.legend.setVisible(not a.presentation)
        self.key.setVisible(a.presentation)
        self._show_key()
        self._show_decreases()  # the note's wording depends on the type size

    @property
    def names(self) -> tuple[str, str]:
        """The lower curve's and the objective's names, as the legend shows them."""
        hard = self.session.config.hard
        lower = translate("nbviz", "classification log-lik.") if hard else translate("nbviz", "ELBO L(q, θ)")
        return lower, self.y_label

    @property
    def short_names(self) -> tuple[str, str]:
        """`names` as the one-line key shows them (presentation mode: large text, little room)."""
        objective = self.y_label
        lower = (
            translate("nbviz", "classif. log-lik.") if self.session.config.hard else translate("nbviz", "ELBO L(q, θ)")
        )
        return lower, translated(KEY_NAMES).get(objective, objective)

    def _show_key(self) -> None:
        """The legend's names in the plot's legend and in the key above it."""
        legend = self.legend
        for (_, label), name in zip(legend.items, self.names):
            if label.text != name:
                label.setText(name)
        # where the room is short (a narrow frame, a long status), the key says less
        elbo, objective = self.short_names
        lower = (
            translate("nbviz", "classif.") if self.session.config.hard else "ELBO"
        )  # hard EM's lower curve is no ELBO
        shortest = translate("nbviz", "objective")
        self.key.set_texts([key_html((elbo, objective)), key_html((lower, objective)), key_html((lower, shortest))])

    def _place_legend(self, *_) -> None:
        """The legend in the corner where the curves are not (bottom right while they climb; a tie stays)."""
        size = legend_size_in_view(self.legend, self.plot.getViewBox())
        objective, elbo = self._shown
        if size is None or not objective.size or not self.legend.isVisible():
            return
        x = np.linspace(0, objective.size - 1, KEY_SAMPLES)
        index = np.arange(objective.size, dtype=float)
        points = [np.column_stack([x, np.interp(x, index, values)]) for values in (objective, elbo)]
        along = np.vstack(points)
        along = along[np.isfinite(along).all(axis=1)]
        preferred = "top-right" if self.view == "gap" else "bottom-right"
        view = view_range(self.plot.getViewBox())
        corner = least_covered_corner(along, view, size, current=self.corner, preferred=preferred)
        if corner != self.corner:
            self.corner = corner
            place_in_corner(self.legend, corner)

    @property
    def view(self) -> str:
        """What the curve shows: a key of `VIEWS`."""
        return self.view_choice.currentData()

    def set_view(self, key: str) -> None:
        """Show the whole run ("all"), the climb after the first jump ("climb") or the gap to the best ("gap")."""
        self.view_choice.setCurrentIndex(self.view_choice.findData(key))

    def _view_changed(self, *_) -> None:
        gap = self.view == "gap"
        self.plot.getAxis("left").setLogMode(False, gap)  # ticks as powers of ten over log10 values
        # the key goes where the curves are not: bottom right while they climb, top right as the gap falls
        self.corner = "top-right" if gap else "bottom-right"
        place_in_corner(self.legend, self.corner)
        self._ranges_set = None  # the new view's range is fitted afresh
        self.redraw()

    @property
    def y_label(self) -> str:
        config = self.session.config
        return objective_name(config.prior.is_flat, config.supervised)

    def _label_fits(self, label: str) -> bool:
        """Whether the left axis's title `label` fits along the plot's height (the key names the curves)."""
        axis = self.plot.getAxis("left")
        height = self.plot.getViewBox().height()
        return height <= 0 or QFontMetrics(axis.label.font()).horizontalAdvance(label) <= height

    def _title_axis(self, *_) -> None:
        """The left axis's title: in full when it fits the plot's height, else short."""
        label = self.y_label
        if self.appearance.presentation or not self._label_fits(label):  # a short title on a short plot
            label = translated(SHORT_LABELS).get(label, translate("nbviz", "objective"))
        if self.view == "gap":
            short = translate("nbviz", "log-lik.") if label == translate("nbviz", "log-likelihood") else None
            label = translate("nbviz", "best − {0}").format(short or translate("nbviz", "objective"))
        if label != self.plot.getAxis("left").labelText:  # a new label re-lays out the axis
            self.plot.setLabel("left", label)

    def accessible_text(self) -> tuple[str, str] | None:
        session = self.session
        return words.objective_curve_name(session), words.described(words.objective_curve_lead(session), session)

    def redraw(self, *_) -> None:
        history = self.session.history
        self.edit_line.setVisible(self.session.painting.began_with_edit())
        self._title_axis()
        self._show_key()
        self._series.sync(history)
        if not history:
            self._shown, self._drops = (np.empty(0), np.empty(0)), np.empty(0, dtype=int)
            self._draw_curves()
            self.explanation.hide()
            return
        objective = self._series.objective
        # Before the first E-step there is no q, so the ELBO starts at the first E-step; so does the band
        elbo = np.where(np.isnan(self._series.elbo), objective, self._series.elbo)
        shown_objective, shown_elbo = objective, elbo
        if self.view == "gap":
            best = float(np.max(objective))
            shown_objective, shown_elbo = log_gap_to_best(objective, best), log_gap_to_best(elbo, best)
        # the band needs finite edges: a point with no place on the log scale (the best) sits at the floor
        self._shown = (shown_objective, shown_elbo)
        drops = decreases(objective)
        self._drops = drops[np.isfinite(shown_objective[drops])]
        self._set_range(len(objective), shown_objective, shown_elbo)
        self._draw_curves()
        self._show_decreases()
        self._show_stop(shown_objective)
        self._move_cursor(self.session.cursor)
        self._place_legend()

    def _draw_curves(self, *_) -> None:
        """The curves, band and marks over the half-steps in view: as they are, or min/max per pixel column."""
        objective, elbo = self._shown
        n = objective.size
        (x0, x1), _ = self.plot.getViewBox().viewRange()
        columns = max(int(self.plot.getViewBox().width()), MIN_COLUMNS)
        start, stop = max(0, int(np.floor(x0)) - 1), min(n, int(np.ceil(x1)) + 2)
        self.decimated = stop - start > 2 * columns
        if not self.decimated:
            start, stop = 0, n
        finite = np.concatenate([objective[start:stop], elbo[start:stop]])
        finite = finite[np.isfinite(finite)]
        floor = float(finite.min()) if finite.size else 0.0
        top, bottom = np.where(np.isfinite(objective), objective, floor), np.where(np.isfinite(elbo), elbo, floor)
        if self.decimated:
            ox, oy = min_max_columns(objective, start, stop, columns)
            ex, ey = min_max_columns(elbo, max(start, 1), stop, columns)
            # the band's edges: the highest objective and the lowest ELBO per column, a simple polygon
            tx, ty = min_max_columns(top, max(start, 1), stop, columns)
            bx, by = min_max_columns(bottom, max(start, 1), stop, columns)
            tx, ty, bx, by = tx[1::2], ty[1::2], bx[0::2], by[0::2]
            marks = first_per_column(self._drops, start, stop, columns)
        else:
            ox, oy = np.arange(n, dtype=float), objective
            ex = bx = tx = ox[1:]
            ey, ty, by = elbo[1:], top[1:], bottom[1:]
            marks = self._drops
        # decimated: one vertical segment per pixel column (a long joined path is slow to stroke), no markers
        connect = "pairs" if self.decimated else "finite"
        self.objective_curve.setData(ox, oy, connect=connect)
        self.elbo_curve.setData(ex, ey, connect=connect)
        empty = np.empty(0)
        self.objective_marks.set_points(*((empty, empty) if self.decimated else (ox, oy)))
        self.elbo_marks.set_points(*((empty, empty) if self.decimated else (ex, ey)))
        self.band_top.setData(tx, ty)
        self.band_bottom.setData(bx, by)
        if marks.size:
            self.decrease_marks.setData(marks.astype(float), objective[marks])
        else:
            clear_scatter(self.decrease_marks)

    def _show_stop(self, shown: np.ndarray) -> None:
        """A square and a label at the last point when a run to convergence ended there, saying why."""
        stop = self.session.run_stop
        if stop is None or not shown.size or not np.isfinite(shown[-1]):
            clear_scatter(self.stop_mark)
            self.stop_label.setText("")
            return
        colour = DECREASE_COLOR if stop.sticky else self.appearance.muted_text
        self.stop_mark.setData([shown.size - 1.0], [float(shown[-1])], pen=pen(self.appearance, colour, 2.0))
        self.stop_label.setText(stop.label, color=colour)
        self.stop_label.setPos(shown.size - 1.0, float(shown[-1]))

    def _set_range(self, n: int, objective: np.ndarray, elbo: np.ndarray) -> None:
        """The whole run (at least a few half-steps wide), or the climb after the first jump.

        The ranges hold still as the run grows (`held_range`): the half-step axis ends at a round number
        with room to grow, and the value axis keeps its range while the values stay inside it, so the
        axes are repainted only now and then, not at every half-step.
        """
        first = self._series.first_m_step() if self.view == "climb" else 0
        view_box = self.plot.getViewBox()
        # what was set last, unless the user has moved the plot since
        shown = self._ranges_set
        if shown is not None and not np.allclose(view_box.viewRange(), shown[2], rtol=1e-9, atol=0):
            shown = None
        # at least a few half-steps wide, so a short run is not stretched over the whole plot
        last = max(n - 1, first + MIN_VISIBLE_HALF_STEPS) - first
        end = first + grown_end(last, None if shown is None or shown[0][0] != first else shown[0][1] - first)
        values = np.concatenate([objective[first:], elbo[max(first, 1) :]])
        values = values[np.isfinite(values)]
        y_range = shown[1] if shown is not None else None
        if values.size:
            # the biggest marker (the stop square) stays whole inside the plot's top and bottom
            radius = max(self.appearance.point_size(7), STOP_MARK_SIZE) / 2 + 1
            clear = radius / view_box.height() if view_box.height() > 4 * radius else 0.25
            headroom = 0.0 if self.view == "gap" else CLIMB_HEADROOM  # the gap falls
            y_range = held_range(y_range, float(values.min()), float(values.max()), clear, headroom)
        if shown is not None and (first, end) == shown[0] and y_range == shown[1]:
            return
        pad = 0.02 * (end - first)
        padded = [[first - pad, end + pad], list(y_range) if y_range is not None else view_box.viewRange()[1]]
        view_box.setRange(xRange=padded[0], yRange=padded[1], padding=0)
        self._ranges_set = ((first, end), y_range if y_range is not None else tuple(padded[1]), view_box.viewRange())

    def _show_decreases(self) -> None:
        drops = self._drops
        hard = self.session.config.hard
        self.decrease_marks.setToolTip(
            translate("nbviz", HARD_EM_NOTE) if hard else translate("nbviz", "The objective went down here")
        )
        if drops.size == 0 and not hard:
            self.explanation.hide()
            return
        if hard and self.appearance.presentation:
            text = translate("nbviz", HARD_EM_NOTE_SHORT)
            if drops.size:
                text += translate("nbviz", " It went down at half-step {0} (red ×).").format(int(drops[0]))
        elif hard:
            text = translate("nbviz", HARD_EM_NOTE) + (
                translate("nbviz", " The log-likelihood went down at half-step {0} (red ×).").format(int(drops[0]))
                if drops.size
                else translate("nbviz", " The log-likelihood may go down (it would get a red ×).")
            )
        else:
            first = int(drops[0])
            text = translate(
                "nbviz",
                "The objective went down at half-step {0}. Soft EM cannot do this in exact "
                "arithmetic; it points to a numerical problem (a nearly singular covariance).",
            ).format(first)
        # a note on what hard EM climbs reads as text; a decrease is an alarm, in the red of its mark
        self.explanation.setStyleSheet(f"color: {DECREASE_COLOR};" if drops.size else "")
        self.explanation.setText(text)
        self.explanation.show()

    def _move_cursor(self, index: int) -> None:
        self.cursor_line.blockSignals(True)
        self.cursor_line.setValue(index)
        self.cursor_line.blockSignals(False)

    def _cursor_dragged(self) -> None:
        self.session.set_cursor(int(round(self.cursor_line.value())))
        self._move_cursor(self.session.cursor)
