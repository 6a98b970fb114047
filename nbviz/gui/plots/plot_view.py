"""The base of the plot views: a `SessionView` that sleeps while hidden and styles its plot.

The views redraw on a new problem, a new run and a moved cursor (`REDRAWS_ON`); while hidden they
only note that they are out of date (`Sleeper`). `apply_appearance` styles ``self.plot`` (when the
view has one) before the view's own `restyle` and a redraw.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QGraphicsItem, QWidget

import nbviz.core as nc

from ...app.analysis.in_between import Frame
from ..widgets.accessible import describe_widget
from ..widgets.session_view import SessionView
from .sleep import Sleeper
from .styling import leave_edge_room, style_plot

REDRAWS_ON = ("problem_changed", "run_reset", "cursor_changed")
# what a plot's description says changes with these (`PlotView.accessible_text`)
DESCRIBED_ON = (*REDRAWS_ON, "history_changed", "selection_changed")


def new_plot(axis_items: dict | None = None, menu: bool = False) -> pg.PlotWidget:
    """A plot as the views use it: no SI prefixes on the left and bottom axes, and room at the top
    and right edges for the tick labels centred on the last ticks (`leave_edge_room`).

    Parameters
    ----------
    axis_items : dict, optional
        Custom axes (``{"left": AxisItem}``).
    menu : bool
        Keep pyqtgraph's right-click menu.
    """
    # without a menu the view box builds none (its menu of a dozen widgets is most of a plot's cost)
    plot = pg.PlotWidget(background="w", axisItems=axis_items, enableMenu=menu)
    leave_edge_room(plot.getPlotItem())  # (sized for the tick font by style_plot)
    for axis in ("left", "bottom"):
        plot.getAxis(axis).enableAutoSIPrefix(False)
    cache_axes(plot)
    return plot


def cache_axes(plot: pg.PlotWidget) -> None:
    """Keep each axis of `plot` as a pixmap, repainted only when its range, size or style changes.

    An axis replays its ticks and labels (a QPicture of text) on every paint of the plot, about
    as long as drawing a thousand points; a half-step that moves no axis then repaints none.
    """
    for name in ("left", "bottom", "top", "right"):
        plot.getAxis(name).setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)


class PlotView(Sleeper, SessionView):
    """A view with (usually) one `plot`, redrawn with the session and restyled with the appearance.

    Attributes
    ----------
    plot : pg.PlotWidget or None
        Styled by `apply_appearance`; None for a view without one.
    grid : bool
        Class attribute: the plot shows a grid.
    """

    follows = dict.fromkeys(REDRAWS_ON, "redraw")
    grid = False
    plot: pg.PlotWidget | None = None
    frame: Frame | None = None
    _buttons_hidden = False  # presentation mode hid the plot's auto-range button

    def follow_session(self) -> None:
        """Also rebuild what a screen reader hears of the plot after every redraw."""
        super().follow_session()
        for signal in DESCRIBED_ON:
            getattr(self.session, signal).connect(self.refresh_description)
        self.refresh_description()

    def accessible_text(self) -> tuple[str, str] | None:
        """The plot's name and description for a screen reader (`app.presentation.view_descriptions`);
        None leaves them as they are (override)."""
        return None

    def described_widgets(self) -> list[QWidget]:
        """The focusable widgets that carry the name and description: the plot (override for others)."""
        return [] if self.plot is None else [self.plot]

    def refresh_description(self, *_) -> None:
        """Name and describe the plot for the half-step shown (a sleeping view catches up when woken)."""
        if not self._awake:
            return
        text = self.accessible_text()
        if text is not None:
            for widget in self.described_widgets():
                describe_widget(widget, *text)

    def set_awake(self, awake: bool) -> None:
        super().set_awake(awake)
        if awake:
            self.refresh_description()

    def draw_frame(self, frame: Frame | None) -> None:
        """Draw `frame`, a state between two half-steps (`nbviz.gui.plots.data.motion`), with the view's own
        drawing code; None draws the session's state again. A frame is drawn only while the
        session shows the half-step it moves to (`shown_model`, `shown_resp`)."""
        self.frame = frame
        self.redraw()

    def shown_model(self, snapshot: nc.Snapshot) -> Any:
        """The parameters (a Mixture of the snapshot's class) to draw for `snapshot` (the
        session's): the frame's while one moves to it."""
        frame = self.frame
        return frame.model if frame is not None and frame.target is snapshot else snapshot.model

    def shown_resp(self) -> np.ndarray | None:
        """The responsibilities to draw: the frame's while one moves to the session's half-step."""
        frame = self.frame
        return frame.resp if frame is not None and frame.target is self.session.snapshot else self.session.resp

    def apply_appearance(self) -> None:
        """Style the plot, restyle the view's own items, redraw."""
        if self.plot is not None:
            style_plot(self.plot, self.appearance, grid=self.grid)
            self._follow_presentation_buttons(self.plot.getPlotItem())
        super().apply_appearance()

    def _follow_presentation_buttons(self, item: pg.PlotItem) -> None:
        """No auto-range button on a projector; back after presentation mode where it was before."""
        if self.appearance.presentation and not item.buttonsHidden:
            item.hideButtons()
            self._buttons_hidden = True
        elif not self.appearance.presentation and self._buttons_hidden:
            item.showButtons()
            self._buttons_hidden = False
