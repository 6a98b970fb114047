"""The figures' builders, each drawing one kind of `figure_kinds.FIGURE_KINDS` off screen from a
`FigureSource` (the window's session, appearance, views and results).

A figure is drawn by fresh views (not grabbed from the window's docks), so that it holds the plot
with its axes, title, legend and key and none of the controls, in the appearance asked for
(presentation mode's sizes or not), laid out at the size the view has in the window. The window is
left as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QGridLayout, QLabel, QLayout, QVBoxLayout, QWidget

from ...app.presentation.appearance import Appearance
from ...app.presentation.figure_kinds import FIGURE_KINDS
from ...app.presentation.figure_titles import explore_title, run_title
from ...app.run.bound_view_model import BoundPictures
from ..panels.choose_k import ChooseKPanel
from ..panels.restarts import RunCard
from ..panels.thumbnails import frame_for
from ..plots.data.data_view import DataView
from ..plots.data.resp_heatmap import ResponsibilityHeatmap
from ..plots.run.bound_view import BoundView
from ..plots.run.objective_curve import ObjectiveCurve
from ..style.theme import palette_for
from .render import TITLE_PIXELS, Figure, FigureOptions
from .source import FigureSource

Builder = Callable[[FigureSource, FigureOptions], Figure]
Titler = Callable[[FigureSource], str | None]
BUILDERS: dict[str, Builder] = {}  # a kind's name (a key of FIGURE_KINDS) -> the function that draws it
TITLERS: dict[str, Titler] = {}  # a kind's name -> its own default title (None: the run's)

DEFAULT_SIZE = QSize(720, 540)  # a figure whose view is not on screen (a closed dock)
GALLERY_SPACING = 8
OBJECTIVE_ASPECT = 0.5  # the objective figure's least height over its width


def _host(size: QSize, widget: QWidget, appearance: Appearance) -> QWidget:
    """An off-screen window holding `widget`, laid out at `size` (never shown on the screen), in
    `appearance`'s palette: its labels (a heading) in the scheme's text colour, as in the source."""
    host = QWidget()
    host.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    host.setPalette(palette_for(appearance))
    layout = QVBoxLayout(host)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(widget)
    host.resize(size)
    host.show()
    settle()
    return host


def settle() -> None:
    """Let pending layout and resize events run, so that the views have their final geometry."""
    QApplication.sendPostedEvents()
    QApplication.processEvents()


def hide_row_of(widget: QWidget) -> None:
    """Hide `widget` and the widgets in its layout row (a control bar: "Rows:" and its menu).

    A layout whose widgets are all hidden takes no room, so the figure closes up around it.
    """
    parent = widget.parentWidget()
    layouts: list[QLayout] = []
    if parent is not None and parent.layout() is not None:
        layouts.append(cast(QLayout, parent.layout()))
    while layouts:
        layout = layouts.pop()
        items = [item for item in (layout.itemAt(i) for i in range(layout.count())) if item is not None]
        widgets = [w for w in (item.widget() for item in items) if w is not None]
        if widget in widgets:
            for row_widget in widgets:
                row_widget.hide()
            return
        layouts.extend(sub for sub in (item.layout() for item in items) if sub is not None)
    widget.hide()


def _size_of(widget: QWidget) -> QSize:
    """`widget`'s size on screen, or `DEFAULT_SIZE` when it is not shown (or tiny)."""
    if widget.isVisible() and widget.width() >= 200 and widget.height() >= 150:
        return widget.size()
    return DEFAULT_SIZE


def draws(kind: str, title: Titler | None = None) -> Callable[[Builder], Builder]:
    """Register the decorated function as the builder of figure `kind` (KeyError for a kind not declared),
    and `title(source)` as its default title when it has its own (an exploration's)."""

    def register(builder: Builder) -> Builder:
        BUILDERS[FIGURE_KINDS[kind].name] = builder
        if title is not None:
            TITLERS[kind] = title
        return builder

    return register


Result = TypeVar("Result")


def _explored(result: Result | None, kind: str, missing: str) -> Result:
    """The exploration `result` figure `kind` draws; ValueError saying how to make it when it is None."""
    if result is None:
        raise ValueError(f"there is no {missing} yet; run it from Explore → {FIGURE_KINDS[kind].title} first")
    return result


def _appearance(source: FigureSource, options: FigureOptions) -> Appearance:
    appearance = Appearance(presentation=options.presentation, dark=source.appearance.dark)
    appearance.screen = False  # a figure's own sizes (no least type); its legend in a free corner, room made
    return appearance


def _background(appearance: Appearance) -> QColor:
    return QColor(appearance.background)


@draws("data")
def data_figure(source: FigureSource, options: FigureOptions) -> Figure:
    """The data view's page: scatter with ellipses, 1-D densities, or prototypes beside the heat-map."""
    a = _appearance(source, options)
    live = source.data_view
    view = DataView(source.session, appearance=a, labelling=source.labelling, view_options=source.view_options)
    host = _host(live.size(), view, a)
    wanted = live.scatter.axes_bar.current()
    if isinstance(wanted, tuple) and live.scatter.axes_bar.n_features > 2:
        view.scatter.axes_bar.choose_pair(*wanted)
    hide_row_of(view.heatmap.order_box)  # the heat-map's row order menu is a control
    for _ in range(2):  # the discrete page's split follows the width, known once laid out
        view.choose_page()
        settle()
    page = view.currentWidget()
    assert page is not None  # the data view always shows a page
    if page is view.scatter:  # the user's zoom, without the view chooser above the plot
        view.scatter.view_box.setRange(
            xRange=live.scatter.view_box.viewRange()[0], yRange=live.scatter.view_box.viewRange()[1], padding=0
        )
        settle()
        view.scatter.legend.make_room()  # at the figure's sizes: a figure's legend never covers data
        settle()
        return Figure([view.scatter.plot], _background(a), [host])
    if page is view.discrete:  # prototypes beside the heat-map, each clipped to its own box
        fit_table(view, host)
        return Figure.as_laid_out([view.prototypes, view.heatmap], page, background=_background(a), keep=[host])
    return Figure([page], _background(a), [host])


def fit_table(view: DataView, host: QWidget) -> None:
    """Make the figure large enough for the whole word table: every column and row, no scroll bars."""
    table = view.prototypes.table
    if view.prototypes.currentWidget() is not table:
        return
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    for _ in range(2):  # the splitter shares a wider page out again
        settle()
        rows, columns = table.verticalHeader(), table.horizontalHeader()
        frame = 2 * table.frameWidth()
        width = columns.length() + (rows.width() if rows.isVisible() else 0) + frame
        height = rows.length() + columns.height() + frame
        grow = QSize(max(0, width - table.width()), max(0, height - table.height()))
        if grow.isNull():
            return
        host.resize(host.size() + grow)
        settle()
        view.choose_page()


@draws("objective")
def objective_figure(source: FigureSource, options: FigureOptions) -> Figure:
    """The objective and ELBO curves, in the window's choice of view."""
    a = _appearance(source, options)
    view = ObjectiveCurve(source.session, appearance=a)
    view.set_view(source.objective.view)
    on_screen = _size_of(source.objective.plot)  # a dock along the bottom is wide and low: not a figure's shape
    width = min(on_screen.width(), DEFAULT_SIZE.width())
    host = _host(QSize(width, max(on_screen.height(), round(width * OBJECTIVE_ASPECT))), view, a)
    view.view_bar.hide()
    settle()
    return Figure([view.plot], _background(a), [host])


@draws("responsibilities")
def responsibilities_figure(source: FigureSource, options: FigureOptions) -> Figure:
    """The responsibility map r_nk: one row per point, one column per component, with its title."""
    a = _appearance(source, options)
    live = source.data_view.heatmap
    view = ResponsibilityHeatmap(source.session, appearance=a)
    view.order_box.setCurrentIndex(live.order_box.currentIndex())
    hide_row_of(view.order_box)
    size = live.size() if live.isVisible() and live.height() >= 150 else QSize(360, DEFAULT_SIZE.height())
    host = _host(size, view, a)
    view.set_awake(True)
    view.redraw()
    settle()
    return Figure([view.title, view.plot], _background(a), [host])


@draws("bound")
def bound_figure(source: FigureSource, options: FigureOptions) -> Figure:
    """The bound view: the objective and the E-step's surrogate along the chosen slice, with its key."""
    a = _appearance(source, options)
    live = source.bound_view
    pictures = BoundPictures(source.session)
    view = BoundView(source.session, None, pictures, appearance=a)
    view.slice_choice.setCurrentIndex(live.slice_choice.currentIndex())
    view.half_width.setValue(live.half_width.value())
    host = _host(_size_of(live), view, a)
    view.set_awake(True)
    settle()
    if view.result is None:
        raise ValueError("the bound view has nothing to draw here; " + (view.caption.text() or "step the run first"))
    return Figure([view.key, view.plot], _background(a), [host, pictures])


def choose_k_title(source: FigureSource) -> str | None:
    """Choose K's title: the data, the model and the range of K (None before a result)."""
    result = source.choose_k.result
    if result is None:
        return None
    ks = result.selection.ks
    detail = f"K = {int(ks.min())} to {int(ks.max())}" if len(ks) > 1 else f"K = {int(ks[0])}"
    return explore_title(FIGURE_KINDS["choose-k"].title, result.problem, result.config, detail, with_k=False)


@draws("choose-k", title=choose_k_title)
def choose_k_figure(source: FigureSource, options: FigureOptions) -> Figure:
    """The criterion against K, with the K axis and the criterion's key."""
    result = _explored(source.choose_k.result, "choose-k", "Choose K result")
    a = _appearance(source, options)
    view = ChooseKPanel(source.session, appearance=a)
    view.criterion_combo.setCurrentIndex(source.choose_k.criterion_combo.currentIndex())
    view.result = result
    host = _host(_size_of(source.choose_k.plot), view, a)
    view.redraw()
    height = view.plot.height() + view.legend.height()
    host.resize(host.width(), host.height() + max(0, DEFAULT_SIZE.height() - height))
    settle()
    return Figure([view.legend, view.plot], _background(a), [host])


def gallery_title(source: FigureSource) -> str | None:
    """The gallery's title: the data, the model and how many runs (None before a gallery)."""
    gallery = source.restarts.gallery
    if gallery is None:
        return None
    runs = f"{len(gallery.runs)} run{'s' if len(gallery.runs) != 1 else ''} from random starts"
    return explore_title(FIGURE_KINDS["gallery"].title, gallery.problem, gallery.config, runs)


@draws("gallery", title=gallery_title)
def gallery_figure(source: FigureSource, options: FigureOptions) -> Figure:
    """The restart gallery: one card per run (its picture and objective), as many columns as fit."""
    gallery = _explored(source.restarts.gallery, "gallery", "restart gallery")
    a = _appearance(source, options)
    grid_host = QWidget()
    grid_host.setObjectName("gallery")
    grid_host.setStyleSheet(f"#gallery {{ background: {a.background}; }}")
    outer = QVBoxLayout(grid_host)
    title = QLabel(f"<b>{gallery.summary()}</b>")
    title.setWordWrap(True)
    title.setStyleSheet(f"color: {a.foreground};")
    outer.addWidget(title)
    grid = QGridLayout()
    grid.setSpacing(GALLERY_SPACING)
    outer.addLayout(grid)
    outer.addStretch(1)
    frame = frame_for(gallery.problem, gallery.config.family)
    cards = [RunCard(gallery, index, frame, a) for index in range(len(gallery.runs))]
    width = max(_size_of(source.restarts).width(), 2 * (cards[0].width() + GALLERY_SPACING))
    columns = max(1, (width - 20) // (cards[0].width() + GALLERY_SPACING))
    for index, card in enumerate(cards):
        grid.addWidget(card, index // columns, index % columns, Qt.AlignmentFlag.AlignTop)
    title.setFixedWidth(columns * (cards[0].width() + GALLERY_SPACING))
    host = _host(grid_host.sizeHint(), grid_host, a)
    host.resize(grid_host.sizeHint())
    settle()
    return Figure([grid_host], _background(a), [host])


def default_title(source: FigureSource, kind: str) -> str:
    """What figure `kind` of `source` shows: its data, model and half-step (or the exploration's range)."""
    figure = FIGURE_KINDS[kind]
    own = TITLERS[kind](source) if kind in TITLERS else None
    if own is not None:
        return own
    return run_title(source.session, figure.title if figure.title_names_it else "")


def titled(figure: Figure, text: str, appearance: Appearance) -> Figure:
    """`figure` with `text` as its title, in `appearance`'s colour and (presentation) size."""
    figure.title = text
    figure.title_colour = QColor(appearance.foreground)
    figure.title_pixels = appearance.font_size(TITLE_PIXELS)
    return figure


def build(source: FigureSource, kind: str, options: FigureOptions) -> Figure:
    """The figure `kind` drawn from `source`, titled as `options` say; ValueError saying why when there is nothing
    to draw yet."""
    if kind not in FIGURE_KINDS:
        raise ValueError(f"there is no figure {kind!r}; choose one of {', '.join(FIGURE_KINDS)}")
    if not source.session.has_run:
        raise ValueError("there is nothing to draw yet: load data or choose a preset first")
    figure = BUILDERS[kind](source, options)
    if options.show_title:
        text = options.title if options.title is not None else default_title(source, kind)
        titled(figure, text, _appearance(source, options))
    return figure
