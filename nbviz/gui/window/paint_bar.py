"""The window's side of painting the data: the Paint toggle, Delete, and what a new point is.

The commands are declared with the others (`commands`: "paint", D, and "delete_point", Delete or
Backspace); this module connects them to the data views' paint mode (`plots.data.painting`) and
gives the Paint button a menu of what a new point is (a class, a true component) for data that has
such a choice: the toolbar keeps its width while painting, so no button goes behind its » (Present on
a 1024-pixel projector). Where the data cannot be painted the toggle is disabled (its rule) and its
tooltip says why.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QToolButton

from ...app.run.session import Session
from ..plots.data.data_view import DataView
from ..plots.data.painting import DataPainter
from .commands import WindowCommands

translate = QCoreApplication.translate


class PaintBar(QObject):
    """Connects the paint commands to the data views' paint mode (`DataPainter`).

    Parameters
    ----------
    session : Session
    commands : WindowCommands
        The window's; the toolbar is already built (`add_toolbar`).
    data_view : DataView
    notify : callable
        Shows a note (the window's banner): why painting ended when the data shown cannot be painted.
    """

    def __init__(
        self,
        session: Session,
        commands: WindowCommands,
        data_view: DataView,
        notify: Callable[[str], None],
        parent=None,
    ):
        super().__init__(parent)
        self.session = session
        self.toggle, self.delete = commands["paint"], commands["delete_point"]
        self.painter = DataPainter(session, data_view.built_views, self)
        self.choices = QMenu(translate("nbviz", "Paint as"))  # the Paint button's menu: what a click adds
        self.choices.setToolTipsVisible(True)
        self.chosen = QActionGroup(self)
        self.chosen.setExclusive(True)
        self.chosen.triggered.connect(self._chosen)
        self.button = commands.toolbar.widgetForAction(self.toggle)
        self.toggle.toggled.connect(self.painter.set_active)
        self.painter.changed.connect(self._mode_changed)
        # queued: the window clears its banner for new data after the session's signals, then this shows
        self.painter.ended.connect(notify, Qt.ConnectionType.QueuedConnection)
        self.delete.triggered.connect(self.painter.remove)
        for signal in (session.problem_changed, session.run_reset, session.busy_changed):
            signal.connect(self.update)
        self._mode_changed(False)

    def _chosen(self, action: QAction) -> None:
        self.painter.choice = self.chosen.actions().index(action)

    def _mode_changed(self, on: bool) -> None:
        if self.toggle.isChecked() != on:
            self.toggle.setChecked(on)
        self.delete.setEnabled(on)
        self.update()

    def update(self, *_) -> None:
        """The toggle's tooltip (why not, where painting is not possible) and the chooser's entries."""
        why_not = self.session.painting.why_not
        self.toggle.setToolTip(
            why_not or translate("nbviz", "Click to add a point, drag one to move it, Delete removes one (D)")
        )
        self.toggle.setStatusTip(why_not)
        choices = self.session.painting.choices() if self.session.painting.can_paint else ()
        if tuple(action.text() for action in self.chosen.actions()) != tuple(choices):
            for action in self.chosen.actions():
                self.chosen.removeAction(action)
                action.deleteLater()
            self.choices.clear()
            for choice in choices:
                action = self.choices.addAction(choice)
                action.setCheckable(True)
                self.chosen.addAction(action)
            if choices:
                self.chosen.actions()[min(self.painter.choice, len(choices) - 1)].setChecked(True)
        if isinstance(self.button, QToolButton):  # an arrow for the menu only where there is a choice
            mode = QToolButton.ToolButtonPopupMode
            self.button.setPopupMode(mode.MenuButtonPopup if choices else mode.DelayedPopup)
            self.button.setMenu(self.choices if choices else None)  # type: ignore[arg-type]
            arrow = translate("nbviz", "; the arrow chooses what a click adds") if choices else ""
            self.button.setToolTip(self.toggle.toolTip() + arrow)

    def choose(self, index: int) -> None:
        """A new point is choice `index` of the menu (a class, a true component)."""
        self.chosen.actions()[index].trigger()
