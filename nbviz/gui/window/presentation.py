"""Presentation mode as a layout: the data view and the objective curve fill the (full) screen.

The appearance's presentation flag (F5, ``--presentation``) makes text, lines and points larger;
`PresentationLayout` follows the same flag and rearranges the window for a projector:

- full screen (unless told otherwise: a scripted run keeps its ``--size``);
- every dock but the objective curve hidden, the objective given a quarter of the height;
- the status bar hidden: the objective's title bar shows phase, iteration and objective in one
  compact line (the menu bar stays, so View brings back a dock when the lecture needs it);
- the E-step board (the responsibilities in large type) beside the data view;
- the parameters as an overlay over the data view, shown with P; the point inspector's worked
  E-step and M-step over all of the data view and the board, shown with W; neither scrolls: a
  longer text takes pages, and the key shows the next page, then hides the overlay;
- Esc leaves presentation mode, and the window comes back as it was.

The layout owns the P, W and Esc actions (window shortcuts on the main window, enabled only in
presentation mode so they never take a key from a field otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QCoreApplication, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QWidget

from ...app.presentation.appearance import Appearance
from ...app.run.session import Session
from ..panels.estep_board import EStepBoard
from .overlay import OverlayHost, ParametersOverlay, StatusLine, WorkedStepsOverlay

translate = QCoreApplication.translate

OBJECTIVE_SHARE = 0.21  # of the window's height, for the objective curve (its view chooser hidden)
BOARD_WIDTHS = (200, 0.42)  # the E-step board's width: at least 200 pixels, at most this share of the window's


@dataclass
class _Saved:
    """What presentation mode changed, to put back when it ends (`docks` is None: not yet known)."""

    docks: QByteArray | None
    window_state: Qt.WindowState
    geometry: QRect
    status_bar: bool


class PresentationLayout(QObject):
    """Rearranges `window` while `appearance.presentation` is on, and puts it back after.

    Parameters
    ----------
    window : QMainWindow
    session : Session
    appearance : Appearance
    data_view : QWidget
        The view the overlays float over.
    objective_dock : QDockWidget
        The one dock that stays; every other dock of the window is hidden.
    objective_key : QWidget, optional
        The objective curve's legend as a line of text: shown at the right of the header while
        presenting, so that no legend covers the short plot's curves.
    board_dock : QDockWidget, optional
        The E-step board: shown beside the data view while presenting, as wide as its table.

    Attributes
    ----------
    full_screen : bool
        Whether presentation mode makes the window full screen (see `set_full_screen`).
    status_line : StatusLine
        Phase, iteration and objective: the objective dock's title bar while presenting.
    parameters_overlay : ParametersOverlay
        Built on first use, as the worked overlay is.
    parameters_action : QAction
        P: show the parameters overlay, its next page, or hide it (enabled in presentation mode).
    worked_overlay : WorkedStepsOverlay
    worked_action : QAction
        W: show the worked E-step and M-step, their next page, or hide them (enabled in presentation mode).
    leave_action : QAction
        Esc: leave presentation mode (enabled in presentation mode).
    """

    def __init__(
        self,
        window: QMainWindow,
        session: Session,
        appearance: Appearance,
        data_view: QWidget,
        objective_dock: QDockWidget,
        objective_key: QWidget | None = None,
        board_dock: QDockWidget | None = None,
    ):
        super().__init__(window)
        self.window, self.session, self.appearance = window, session, appearance
        self.data_view, self.objective_dock = data_view, objective_dock
        self.full_screen = True
        self._saved: _Saved | None = None  # set while presenting
        self.status_line = StatusLine(session, appearance=appearance)
        self.status_line.hide()
        self.objective_key, self.board_dock = objective_key, board_dock
        # the overlays are built when first asked for (P, W): most sessions never present
        self._hosts: dict[str, OverlayHost] = {}
        self._wanted = {"parameters": False, "worked": False}  # shown when presenting again
        self.parameters_action = self._action(
            translate("nbviz", "Parameters overlay"),
            "P",
            translate("nbviz", "Show the parameters, their next page, or hide them (P)"),
        )
        self.parameters_action.triggered.connect(lambda: self._advance("parameters"))
        self.worked_action = self._action(
            translate("nbviz", "Worked E-step and M-step"),
            "W",
            translate("nbviz", "Show the worked E-step and M-step, their next page, or hide them (W)"),
        )
        self.worked_action.triggered.connect(lambda: self._advance("worked"))
        self.leave_action = self._action(
            translate("nbviz", "Leave presentation mode"), "Esc", translate("nbviz", "Back to the normal layout (Esc)")
        )
        self.leave_action.triggered.connect(lambda: appearance.set_presentation(False))
        appearance.changed.connect(self.sync)
        session.problem_changed.connect(self._workspace_shown)
        # what the board shows changes with the row, the probe, the run and the half-step (a score widens it)
        for signal in (session.selection_changed, session.probe_changed, session.run_reset, session.cursor_changed):
            signal.connect(self._arrange_board)
        self.sync()

    def _host(self, name: str) -> OverlayHost:
        """The overlay `name` ("parameters" or "worked") with the host that places it, built on first use."""
        if name not in self._hosts:
            overlay: ParametersOverlay | WorkedStepsOverlay
            if name == "parameters":
                overlay = ParametersOverlay(self.session, self.data_view, appearance=self.appearance)
                overlay.hide()
                self._hosts[name] = OverlayHost(self.data_view, overlay)
            else:  # over the data view and the board: the board's numbers are among the worked ones
                overlay = WorkedStepsOverlay(self.session, self.window, appearance=self.appearance)
                overlay.hide()
                self._hosts[name] = OverlayHost(self.data_view, overlay, share=1.0, beside=self.board_dock)
        return self._hosts[name]

    @property
    def parameters_overlay(self) -> ParametersOverlay:
        """The parameters over the data view (P), built on first use."""
        overlay = self._host("parameters").overlay
        assert isinstance(overlay, ParametersOverlay)
        return overlay

    @property
    def worked_overlay(self) -> WorkedStepsOverlay:
        """The worked E-step and M-step over the data view and the board (W), built on first use."""
        overlay = self._host("worked").overlay
        assert isinstance(overlay, WorkedStepsOverlay)
        return overlay

    def _action(self, text: str, shortcut: str, tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(tip)
        action.setEnabled(False)
        self.window.addAction(action)
        return action

    # ----------------------------------------------------------------- state
    @property
    def active(self) -> bool:
        """Whether the window is laid out for presentation."""
        return self._saved is not None

    def sync(self) -> None:
        """Enter or leave the layout to match the appearance's presentation flag."""
        if self.appearance.presentation and not self.active:
            self._enter()
        elif not self.appearance.presentation and self.active:
            self._leave()

    def set_full_screen(self, on: bool) -> None:
        """Whether presentation mode fills the screen; off (a scripted run), the window keeps its size."""
        self.full_screen = bool(on)
        if self.active and not on and self.window.isFullScreen():
            self.window.setWindowState(self.window.windowState() & ~Qt.WindowState.WindowFullScreen)
        elif self.active and on:
            self.window.setWindowState(self.window.windowState() | Qt.WindowState.WindowFullScreen)

    def restore_window(self) -> None:
        """Put the window back as it was before presentation mode, keeping the mode's flag.

        The window calls this before saving its layout, so the next start finds the user's docks.
        """
        if self._saved is not None:
            self._put_back(self._saved)
            self._saved = None

    # ----------------------------------------------------------------- layout
    def _enter(self) -> None:
        window = self.window
        self._saved = _Saved(
            docks=self._dock_state(),
            window_state=window.windowState(),
            geometry=window.geometry(),
            status_bar=not window.statusBar().isHidden(),
        )
        window.statusBar().hide()
        if self.full_screen:
            window.setWindowState(window.windowState() | Qt.WindowState.WindowFullScreen)
        self.objective_dock.setTitleBarWidget(self.status_line)
        if self.objective_key is not None:
            self.status_line.add_key(self.objective_key)
        self.status_line.show()
        self._arrange_docks()
        for name, wanted in self._wanted.items():
            if wanted:
                host = self._host(name)
                host.overlay.show()
                host.place()
        for action in (self.parameters_action, self.worked_action, self.leave_action):
            action.setEnabled(True)

    def _leave(self) -> None:
        saved = self._saved
        assert saved is not None  # only called while presenting
        self._saved = None
        self._put_back(saved)

    def _put_back(self, saved: _Saved) -> None:
        window = self.window
        state = saved.window_state & ~Qt.WindowState.WindowFullScreen
        window.setWindowState(state)
        if saved.docks is not None:
            window.restoreState(saved.docks)
        if state == Qt.WindowState.WindowNoState:
            # not every platform gives back the size full screen took; and the docks may still ask for
            # the room of the larger text until their layouts have caught up: set the size after that
            window.setGeometry(saved.geometry)
            QTimer.singleShot(0, window, lambda: window.setGeometry(saved.geometry))
        window.statusBar().setVisible(saved.status_bar)
        # None brings back the dock's own title bar (Qt accepts it; the stubs do not say so)
        self.objective_dock.setTitleBarWidget(None)  # type: ignore[arg-type]
        self.status_line.hide()
        for host in self._hosts.values():
            host.overlay.hide()
        for action in (self.parameters_action, self.worked_action, self.leave_action):
            action.setEnabled(False)

    def _dock_state(self) -> QByteArray | None:
        """The docks as the user has them, or None on the start page (no docks are shown there yet)."""
        return self.window.saveState() if self.session.problem is not None else None

    def _arrange_docks(self) -> None:
        """The objective dock, a quarter of the height, and the E-step board beside the data view;
        nothing on the start page."""
        if self.session.problem is None:
            return
        for dock in self.window.findChildren(QDockWidget):
            if dock not in (self.objective_dock, self.board_dock) and dock.parent() is self.window:
                dock.hide()
        if self.window.dockWidgetArea(self.objective_dock) != Qt.DockWidgetArea.BottomDockWidgetArea:
            # (a small window's layout keeps it in the column of tabs): across the bottom, under the data
            self.objective_dock.setFloating(False)
            self.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.objective_dock)
        self.objective_dock.show()
        height = max(round(OBJECTIVE_SHARE * self.window.height()), 160)
        self.window.resizeDocks([self.objective_dock], [height], Qt.Orientation.Vertical)
        self._arrange_board(force=True)
        self._hide_stale_tab_bars()
        QTimer.singleShot(0, self.window, self._hide_stale_tab_bars)  # after the window's next layout too

    def _hide_stale_tab_bars(self) -> None:
        """Hide the tab bar of docks all hidden: a window laid out before it was shown (a scripted run, a small
        window's column of tabs) kept the bar of its tabbed docks over the board."""
        if not self.active:
            return
        shown = {dock.windowTitle() for dock in self.window.findChildren(QDockWidget) if dock.isVisible()}
        for bar in self.window.findChildren(QTabBar):
            if bar.parent() is self.window and bar.isVisible():
                if not any(bar.tabText(i) in shown for i in range(bar.count())):
                    bar.hide()

    def _arrange_board(self, *_, force: bool = False) -> None:
        """Show the E-step board while it has numbers (a large data set's board waits for a point to be
        chosen, and the data view keeps the room meanwhile), as wide as its table."""
        dock = self.board_dock
        if dock is None or not self.active or self.session.problem is None:
            return
        board = dock.widget()
        wanted = not isinstance(board, EStepBoard) or board.has_rows()
        if not force and wanted == dock.isVisible() and not wanted:
            return
        least, share = BOARD_WIDTHS
        width = board.preferred_width() if isinstance(board, EStepBoard) else board.sizeHint().width()
        width = int(min(max(width, least), share * self.window.width()))
        if not force and wanted == dock.isVisible() and dock.width() >= width:
            return  # shown and wide enough (a new K, a longer name: it grows, never shrinks)
        dock.setFloating(False)
        dock.setVisible(wanted)
        if wanted:
            self.window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)

    def _workspace_shown(self) -> None:
        """Data loaded: the window has laid out its docks; present them (and remember them first)."""
        if self._saved is None:
            return
        if self._saved.docks is None:  # presentation began on the start page
            self._saved.docks = self.window.saveState()
        self._arrange_docks()

    def _advance(self, name: str) -> None:
        """An overlay's key: show it, or its next page, or hide it (after its last page)."""
        if not self.active:
            return
        host = self._host(name)
        shown = host.overlay.isVisible()
        self._wanted[name] = host.overlay.advance()
        if self._wanted[name] and not shown:
            host.place()
