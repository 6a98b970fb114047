"""The main window's docks and their layout: which panel goes where, which start hidden, which are built
when first needed, the room a dock gets when shown, and the dock layout the user leaves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QScrollArea, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.presentation.appearance import Appearance
from ...app.presentation.messages import MessageBoard
from ...app.presentation.view_options import ViewOptions
from ...app.run.session import Session
from ..widgets.lazy_dock import LazyDock, scrolled

if TYPE_CHECKING:  # built (and imported) when first shown
    from ..panels.choose_k import ChooseKPanel
    from ..panels.restarts import RestartPanel
    from ..plots.run.bound_view import BoundView

translate = QCoreApplication.translate

DATA_VIEW_SHARE = 0.45  # the default layout leaves the data view at least this share of the window's width
PARAMETERS_WIDTHS = (280, 360)  # pixels: the parameters column's width in the default layout, least and most
ONE_COLUMN_WIDTH = 1200  # a narrower window's default layout is one column of tabs beside the data view
ONE_COLUMN_OBJECTIVE = 0.4  # of the window's height, for the objective curve under the tabs
BOUND_MIN_HEIGHT = 340  # pixels: the bound view's plot, key, slice bar and caption readable
EXPLORE_WIDTH = 460  # pixels: an exploring dock's width when shown, at most
EXPLORE_WIDTH_SHARE = 0.4  # ... and at most this share of the window's width (a 1024-pixel projector)
EXPLORE_HEIGHT_SHARE = 0.6  # of the window's height: an exploring dock under others is tall enough to use


def as_it_is(panel: QWidget) -> QWidget:
    """`panel` itself: a dock that holds its panel unscrolled."""
    return panel


def scrolling(panel: QWidget) -> QScrollArea:
    """`panel` in a vertical scroll area, so a tall panel does not force a tall window."""
    area = QScrollArea()
    area.setWidget(panel)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the fields, which it scrolls into view
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setMinimumWidth(panel.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width())
    return area


class WindowDocks(QObject):
    """The docks of `window`: the controls (left), the objective and the bound view (bottom), the
    parameters, point inspector, clusters vs classes and uncertain points (right), and the exploring
    docks (Choose K and the restart gallery, tabbed with the controls, hidden until asked for).

    Parameters
    ----------
    window : QMainWindow
    session : Session
    appearance : Appearance
    messages : MessageBoard
        Where the Choose K panel reports.
    view_options : ViewOptions
        Colouring by uncertainty brings up the uncertain points.
    panels : dict of str to callable
        What builds each of the window's panels, ``panels[name]()``: "controls", "objective",
        "parameters", "inspector", "agreement", "uncertain_points", "board" (the E-step board).
    """

    def __init__(
        self,
        window: QMainWindow,
        session: Session,
        appearance: Appearance,
        messages: MessageBoard,
        view_options: ViewOptions,
        panels: dict[str, Callable[[], QWidget]],
    ):
        super().__init__(window)
        self.window, self.session, self.appearance, self.messages = window, session, appearance, messages
        self.view_options = view_options
        self.dock_state = QByteArray()  # the layout the user left (restored on entering the workspace)
        left, bottom, right = (
            Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.BottomDockWidgetArea,
            Qt.DockWidgetArea.RightDockWidgetArea,
        )
        # the controls are built on entering the workspace; the other panels now: their sizes are part
        # of the default layout's arithmetic below (resizeDocks keeps what fits around them), which
        # placeholders would change
        self.control_dock = self._dock(
            QT_TRANSLATE_NOOP("nbviz", "Controls"), panels["controls"], left, scrolling, built=False
        )
        self.objective_dock = self._dock(QT_TRANSLATE_NOOP("nbviz", "Objective"), panels["objective"], bottom)
        self.parameters_dock = self._dock(QT_TRANSLATE_NOOP("nbviz", "Parameters"), panels["parameters"], right)
        self.inspector_dock = self._dock(QT_TRANSLATE_NOOP("nbviz", "Point inspector"), panels["inspector"], right)
        # exploring: hidden until asked for (Explore menu), tabbed with the controls, whose column has the
        # window's height (under the parameters and the inspector they would get a few lines); their
        # contents are built when first shown (see LazyDock)
        self.choose_k_dock: LazyDock[ChooseKPanel] = self._dock(
            QT_TRANSLATE_NOOP("nbviz", "Choose K"), self._new_choose_k, left, scrolled, built=False
        )
        self.restarts_dock: LazyDock[RestartPanel] = self._dock(
            QT_TRANSLATE_NOOP("nbviz", "Restart gallery"), self._new_restarts, left, scrolled, built=False
        )
        self._controls_width: int | None = None  # the column's width before an exploring dock widened it
        for dock in (self.choose_k_dock, self.restarts_dock):
            window.tabifyDockWidget(self.control_dock, dock)
            dock.hide()
            dock.visibilityChanged.connect(self._narrow_controls_column)
        # the bound EM climbs: beside the objective curve, hidden until asked for (View menu)
        self.bound_dock: LazyDock[BoundView] = self._dock(
            QT_TRANSLATE_NOOP("nbviz", "Bound (EM surrogate)"), self._new_bound_view, bottom, scrolled, built=False
        )
        window.splitDockWidget(self.objective_dock, self.bound_dock, Qt.Orientation.Horizontal)
        self.bound_dock.hide()
        self.bound_dock.visibilityChanged.connect(self._bound_dock_shown)
        self.bound_dock.visibilityChanged.connect(self._give_bound_view_room)
        # clusters against classes: below the inspector, shown when the data has class labels
        self.agreement_dock = self._dock(QT_TRANSLATE_NOOP("nbviz", "Clusters vs classes"), panels["agreement"], right)
        window.splitDockWidget(self.inspector_dock, self.agreement_dock, Qt.Orientation.Vertical)
        window.resizeDocks(
            [self.parameters_dock, self.inspector_dock, self.agreement_dock], [300, 150, 250], Qt.Orientation.Vertical
        )
        self.agreement_dock.hide()
        # the most uncertain points: beside clusters vs classes, shown with View → Colour by uncertainty
        self.uncertain_dock = self._dock(
            QT_TRANSLATE_NOOP("nbviz", "Uncertain points"), panels["uncertain_points"], right
        )
        window.tabifyDockWidget(self.agreement_dock, self.uncertain_dock)
        self.uncertain_dock.hide()
        # the responsibilities in large type: shown in presentation mode, or when asked for (View menu)
        self.board_dock = self._dock(QT_TRANSLATE_NOOP("nbviz", "E-step board"), panels["board"], right)
        window.tabifyDockWidget(self.agreement_dock, self.board_dock)
        self.board_dock.hide()
        view_options.changed.connect(self._show_uncertain_points)
        window.resizeDocks([self.control_dock], [300], Qt.Orientation.Horizontal)
        window.resizeDocks([self.parameters_dock], [360], Qt.Orientation.Horizontal)
        window.resizeDocks([self.objective_dock], [230], Qt.Orientation.Vertical)

    # ----------------------------------------------------------------- construction
    def _dock(
        self,
        title: str,
        factory: Callable,
        area: Qt.DockWidgetArea,
        wrap: Callable[[QWidget], QWidget] = as_it_is,
        *,
        built: bool = True,
    ) -> LazyDock:
        """A dock titled `title` in `area`, holding ``wrap(factory())``: built now, or when first needed
        (`LazyDock`)."""
        dock: LazyDock = LazyDock(translate("nbviz", title), factory, self.window, wrap=wrap)
        dock.setObjectName(title.replace(" ", "_"))  # the English title: a saved layout fits every language
        self.window.addDockWidget(area, dock)
        if built:
            dock.content()
        return dock

    def _new_choose_k(self) -> ChooseKPanel:
        from ..panels.choose_k import ChooseKPanel

        return ChooseKPanel(self.session, messages=self.messages, appearance=self.appearance)

    def _new_restarts(self) -> RestartPanel:
        from ..panels.restarts import RestartPanel

        return RestartPanel(self.session, appearance=self.appearance)

    def _new_bound_view(self) -> BoundView:
        from ..plots.run.bound_view import BoundView

        return BoundView(self.session, appearance=self.appearance)

    def workspace_docks(self) -> tuple[QDockWidget, ...]:
        """The docks the workspace shows by default (the View menu lists them first)."""
        return (self.control_dock, self.objective_dock, self.parameters_dock, self.inspector_dock)

    def optional_docks(self) -> tuple[QDockWidget, ...]:
        """The docks shown when asked for, in the View menu's order."""
        return (
            self.choose_k_dock,
            self.restarts_dock,
            self.bound_dock,
            self.agreement_dock,
            self.uncertain_dock,
            self.board_dock,
        )

    # ----------------------------------------------------------------- showing
    def _show_uncertain_points(self) -> None:
        """Colouring by uncertainty brings up the list of the most uncertain points."""
        if self.view_options.uncertainty and not self.uncertain_dock.isVisible():
            self.uncertain_dock.show()
            self.uncertain_dock.raise_()

    def _bound_dock_shown(self, visible: bool) -> None:
        if self.bound_dock.built:  # (showing builds it: LazyDock)
            self.bound_dock.content().set_awake(visible)

    def _give_bound_view_room(self, visible: bool) -> None:
        """On showing the bound view, make it large enough to read: half the width, 2/5 of the height."""
        if not visible or self.bound_dock.isFloating():
            return
        window = self.window
        width, height = window.width() // 2, max(BOUND_MIN_HEIGHT, window.height() * 2 // 5)
        if self.bound_dock.width() < width:
            window.resizeDocks([self.objective_dock, self.bound_dock], [width, width], Qt.Orientation.Horizontal)
        if self.bound_dock.height() < height:
            window.resizeDocks([self.bound_dock], [height], Qt.Orientation.Vertical)

    def show_explore_dock(self, dock: QDockWidget) -> None:
        """Show and raise one of the exploring docks (Choose K, Restart gallery), wide enough to use; the
        column it widened goes back to its width when both are closed."""
        window = self.window
        partner = self.restarts_dock if dock is self.choose_k_dock else self.choose_k_dock
        if partner.isVisible() and not dock.isVisible() and partner not in window.tabifiedDockWidgets(dock):
            window.tabifyDockWidget(partner, dock)  # one above the other would not fit a small screen
        was = dock.width() if dock.isVisible() else self.control_dock.width()
        dock.show()
        dock.raise_()
        if dock.isFloating():
            return
        width = min(EXPLORE_WIDTH, int(EXPLORE_WIDTH_SHARE * window.width()))
        if dock.width() < width:
            if self._controls_width is None and window.dockWidgetArea(dock) == window.dockWidgetArea(self.control_dock):
                self._controls_width = was
            window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
        height = int(EXPLORE_HEIGHT_SHARE * window.height())
        if dock.height() < height:  # moved under other docks by the user: a few lines are no use
            window.resizeDocks([dock], [height], Qt.Orientation.Vertical)

    def _narrow_controls_column(self, visible: bool) -> None:
        """Both exploring docks closed: the controls' column back to the width it had before."""
        if visible or self._controls_width is None or self.choose_k_dock.isVisible() or self.restarts_dock.isVisible():
            return
        width, self._controls_width = self._controls_width, None
        if self.control_dock.isVisible() and not self.control_dock.isFloating():
            self.window.resizeDocks([self.control_dock], [width], Qt.Orientation.Horizontal)

    def set_visible(self, visible: bool) -> None:
        """Show or hide the workspace's docks (hidden on the start page)."""
        for dock in self.workspace_docks():
            dock.setVisible(visible)

    def show_workspace(self) -> None:
        """The docks as the user left them, or the default layout (one column on a small screen); their
        controls built first, so that they are laid out at their own size."""
        self.control_dock.content()
        if self.dock_state.isEmpty() or not self.window.restoreState(self.dock_state):
            self.set_visible(True)
            if self.window.width() < ONE_COLUMN_WIDTH:
                self._one_column()
            else:
                self._fit_parameters_column()

    def _one_column(self) -> None:
        """The default layout of a small window (a 1024x768 projector): the controls, the parameters and the
        inspector as tabs of one column on the right, over the objective curve, so that the data view has
        the window's height and most of its width (it had a sixth of the window between three panels)."""
        window, right = self.window, Qt.DockWidgetArea.RightDockWidgetArea
        for dock in (self.control_dock, self.objective_dock):
            window.addDockWidget(right, dock)
        window.splitDockWidget(self.parameters_dock, self.objective_dock, Qt.Orientation.Vertical)
        for dock in (self.control_dock, self.inspector_dock):
            window.tabifyDockWidget(self.parameters_dock, dock)
        self.control_dock.raise_()  # the controls' tab in front: what to run
        width = max(self.control_dock.widget().minimumSizeHint().width(), PARAMETERS_WIDTHS[0])
        window.resizeDocks([self.control_dock], [width], Qt.Orientation.Horizontal)
        window.resizeDocks(
            [self.objective_dock], [round(ONE_COLUMN_OBJECTIVE * window.height())], Qt.Orientation.Vertical
        )

    def _fit_parameters_column(self) -> None:
        """The default layout in a narrow window (a 1024-pixel projector): the parameters column
        gives up width, down to its least, until the data view has its share of the window."""
        least, most = PARAMETERS_WIDTHS
        spare = self.window.width() * (1 - DATA_VIEW_SHARE) - self.control_dock.width()
        width = int(min(max(spare, least), most))
        self.window.resizeDocks([self.parameters_dock], [width], Qt.Orientation.Horizontal)

    def fit_controls(self) -> None:
        """The controls scroll: as wide as their (new) text needs."""
        area = self.control_dock.widget()
        if self.control_dock.built and isinstance(area, QScrollArea):
            scrollbar = area.verticalScrollBar().sizeHint().width()
            area.setMinimumWidth(self.control_dock.content().minimumSizeHint().width() + scrollbar)

    def wait_for_explorations(self) -> None:
        """Let the exploring docks' background fits end (the window is closing)."""
        for dock in (self.choose_k_dock, self.restarts_dock):
            if dock.built:
                dock.content().explorer.wait()
