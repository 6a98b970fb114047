"""Painting the data with the mouse (Orange's Paint Data): the 1-D and 2-D data views' paint mode.

While the mode is on, a left click on empty space adds a point there (in the 1-D view at the
clicked x), a drag moves the point under the mouse (one edit when it is dropped), and
`DataPainter.remove_target` removes the selected point, or the one under the mouse. Each edit is
the session's (`Session.painting`: one undoable step, EM going on from the parameters shown); the
view keeps its range, so the next click lands where the user expects. Switching the mode on or off
leaves the range as it is: the view never moves under the lecturer's hand (to paint far from the
data, zoom out first). A plain click on a point still selects it for the inspector.

The mode holds what a new point is (`choice`: a class or a true component, as
`DataEditing.choices` names them). The views only draw; the mouse is read here, by an event filter
on each view's viewport, ahead of the view's own clicks, pans and probes.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, Qt, Signal

from ....app.run.session import Session
from .interaction import CLICK_RADIUS
from .points_view import PointsView

translate = QCoreApplication.translate

DRAG_PIXELS = 3  # a press and release closer than this is a click, not a drag


class PaintTool(QObject):
    """The paint mode's mouse on one points view (`PointsView`): add, drag, hover.

    Parameters
    ----------
    view : PointsView
        The 1-D or 2-D data view.
    painter : DataPainter
        The mode: whether it is on and what a new point is.
    """

    def __init__(self, view: PointsView, painter: DataPainter):
        super().__init__(view)
        self.view = view
        self.painter = painter
        self._pressed: QPointF | None = None  # where the left button went down (viewport pixels)
        self._dragged = -1  # the point being dragged
        self.hovered = -1  # the point under the mouse
        self._before: np.ndarray | None = None  # the points' places before a drag was drawn
        view.plot.viewport().installEventFilter(self)

    def forget_press(self) -> None:
        """Drop a press or drag in progress (the mode was switched while the button was down)."""
        self._pressed, self._dragged = None, -1
        self._put_back()

    def data_point(self, x: float, y: float) -> np.ndarray | None:
        """The data point shown at view position (x, y), or None where this view cannot paint.

        The 1-D view shows the feature along x; the 2-D view shows a feature pair of 2-D data as it is.
        """
        problem = self.view.session.problem
        if problem is None or self.view.model is None:
            return None
        if problem.n_features == 1:
            return np.array([x])
        projection = getattr(self.view, "projection", None)
        if problem.n_features != 2 or projection is None or projection.pair is None:
            return None
        point = np.zeros(2)
        point[list(projection.pair)] = (x, y)
        return point

    def _view_position(self, event) -> QPointF | None:
        scene = self.view.plot.mapToScene(event.position().toPoint())
        box = self.view.view_box
        return box.mapSceneToView(scene) if box.sceneBoundingRect().contains(scene) else None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if not self.painter.active or kind not in _MOUSE_EVENTS:
            return False
        position = self._view_position(event)
        if kind == QEvent.Type.MouseMove:
            return self._moved(event, position)
        if event.button() != Qt.MouseButton.LeftButton:  # type: ignore[attr-defined]
            return False
        if kind == QEvent.Type.MouseButtonPress:
            if position is None or self.data_point(position.x(), position.y()) is None:
                return False
            self._pressed = event.position()  # type: ignore[attr-defined]
            self._dragged = self.view.points.nearest(position.x(), position.y(), CLICK_RADIUS)
            return True
        if kind == QEvent.Type.MouseButtonRelease and self._pressed is not None:
            self._released(event, position)
            return True
        return kind == QEvent.Type.MouseButtonDblClick and self._pressed is None and position is not None

    def _moved(self, event, position: QPointF | None) -> bool:
        if self._pressed is None:
            points = self.view.points
            self.hovered = -1 if position is None else points.nearest(position.x(), position.y(), CLICK_RADIUS)
            return False  # the view's own Shift-probe goes on
        if self._dragged >= 0 and position is not None:
            self._preview(self._dragged, position)
        return True

    def _released(self, event, position: QPointF | None) -> None:
        pressed, row = self._pressed, self._dragged
        self._pressed, self._dragged = None, -1
        assert pressed is not None  # the caller checked it
        travelled = (event.position() - pressed).manhattanLength()
        point = None if position is None else self.data_point(position.x(), position.y())
        session: Session = self.view.session
        if row >= 0 and travelled < DRAG_PIXELS:
            self._put_back()
            session.select(row)  # a click on a point: inspect it
        elif row >= 0:
            moved = point is not None and self.painter.keep_range(self.view, lambda: session.painting.move(row, point))
            if not moved:  # dropped outside the view, or refused (the session says why): it goes back
                self._put_back()
        elif point is not None and travelled < DRAG_PIXELS:  # a drag over empty space adds nothing
            self.painter.keep_range(self.view, lambda: session.painting.add(point, self.painter.choice))
        self._before = None  # the edited data's points are drawn from it

    def _put_back(self) -> None:
        """Draw the points where they were before a drag that moved nothing."""
        if self._before is not None:
            self.view.points.set_positions(self._before)
            self._before = None
            self.view.redraw()

    def _preview(self, row: int, position: QPointF) -> None:
        """Draw point `row` where it is dragged (the 1-D view's strip keeps its height)."""
        layer = self.view.points
        if self._before is None:
            self._before = np.array(layer.positions)
        positions = np.array(layer.positions)
        positions[row, 0] = position.x()
        if self.view.session.problem is not None and self.view.session.problem.n_features == 2:
            positions[row, 1] = position.y()
        colors, shapes = layer.colors, layer.shapes
        layer.set_positions(positions)
        layer.set_shapes(shapes)
        layer.set_colors(colors)


_MOUSE_EVENTS = (
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseMove,
    QEvent.Type.MouseButtonDblClick,
)


class DataPainter(QObject):
    """The paint mode of the data views: on or off, what a new point is, and a tool per view.

    Parameters
    ----------
    session : Session
    views : callable
        Gives the data views built so far (`DataView.built_views`); the points views among them paint.

    Signals
    -------
    changed(bool) : the mode was switched on or off
    ended(str) : the mode ended because the data shown now cannot be painted, and why
    """

    changed = Signal(bool)
    ended = Signal(str)

    def __init__(self, session: Session, views, parent=None):
        super().__init__(parent)
        self.session = session
        self._views = views
        self.active = False
        self.choice = 0
        self.tools: dict[int, PaintTool] = {}
        session.run_reset.connect(self._follow_data)
        session.problem_changed.connect(self._follow_data)

    def set_active(self, on: bool) -> None:
        """Switch the mode on (where the data can be painted; else the session says why) or off."""
        if on and not self.session.painting.can_paint:
            self.session.refuse(self.session.painting.why_not)
            on = False
        if on:
            self._attach()
            choices = self.session.painting.choices()
            self.choice = min(self.choice, max(len(choices) - 1, 0))
        changed = on != self.active
        self.active = on
        for tool in self.tools.values():
            cursor = Qt.CursorShape.CrossCursor if on else Qt.CursorShape.ArrowCursor
            tool.view.plot.viewport().setCursor(cursor)
            tool.view.legend.hold_range = on  # a painted point under the legend moves it, never the view
            tool.forget_press()
        if changed:
            self.changed.emit(on)

    def _attach(self) -> None:
        for view in self._views():
            if isinstance(view, PointsView) and id(view) not in self.tools:
                self.tools[id(view)] = PaintTool(view, self)

    def _follow_data(self) -> None:
        if not self.active:
            return
        if self.session.painting.can_paint:
            self._attach()  # a new page (the 1-D view) may have been built for the data
        else:  # other data or another family: the mode ends, saying why
            self.set_active(False)
            self.ended.emit(self.session.painting.why_not)

    def remove_target(self) -> int:
        """The point Delete removes: the selected one, else the one under the mouse (-1: none)."""
        if 0 <= self.session.selected < (self.session.problem.n_samples if self.session.problem else 0):
            return self.session.selected
        return next((tool.hovered for tool in self.tools.values() if tool.hovered >= 0), -1)

    def remove(self) -> None:
        """Remove the selected point, or the one under the mouse (Delete, Backspace)."""
        if not self.active:
            return
        row = self.remove_target()
        if row < 0:
            self.session.refuse(translate("nbviz", "Select a point (click it) or point at one to remove it."))
            return
        for tool in self.tools.values():
            tool.hovered = -1
        view = next((tool.view for tool in self.tools.values() if tool.view.isVisible()), None)
        if view is None:
            self.session.painting.remove(row)
        else:
            self.keep_range(view, lambda: self.session.painting.remove(row))

    @staticmethod
    def keep_range(view: PointsView, edit) -> bool:
        """Make `edit` without the view jumping to fit the edited data (the 1-D view refits its height);
        whether it was made (else the session said why)."""
        (x0, x1), (y0, y1) = view.view_box.viewRange()
        if not edit():
            return False
        if view.session.problem is not None and view.session.problem.n_features == 1:
            view.view_box.setXRange(x0, x1, padding=0)
        else:
            view.view_box.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)
        return True
