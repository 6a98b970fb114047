"""The window's side of painting the data: the Paint toggle, Delete, and the "Paint as" chooser.

The commands are declared with the others (`commands`: "paint", D, and "delete_point", Delete or
Backspace); this module connects them to the data views' paint mode (`plots.data.painting`) and
puts a chooser of what a new point is (a class, a true component) on the toolbar beside the
toggle, shown while painting data that has such a choice. Where the data cannot be painted the
toggle is disabled (its rule) and its tooltip says why.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QToolBar, QWidget

from ...app.run.session import Session
from ..plots.data.data_view import DataView
from ..plots.data.painting import DataPainter
from .commands import WindowCommands

translate = QCoreApplication.translate


class PaintChooser(QWidget):
    """ "Paint as: [true component 1]": what a click adds."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.label = QLabel(translate("nbviz", "Paint as"))
        self.choices = QComboBox()
        self.choices.setToolTip(
            translate("nbviz", "What a new point is: its class, or the true component it is drawn from")
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.choices)


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
        self.chooser = PaintChooser()
        toolbar: QToolBar = commands.toolbar
        self.chooser_action = toolbar.insertWidget(commands.paint_separator, self.chooser)
        self.chooser.choices.currentIndexChanged.connect(self._chosen)
        self.toggle.toggled.connect(self.painter.set_active)
        self.painter.changed.connect(self._mode_changed)
        # queued: the window clears its banner for new data after the session's signals, then this shows
        self.painter.ended.connect(notify, Qt.ConnectionType.QueuedConnection)
        self.delete.triggered.connect(self.painter.remove)
        for signal in (session.problem_changed, session.run_reset, session.busy_changed):
            signal.connect(self.update)
        self._mode_changed(False)

    def _chosen(self, index: int) -> None:
        if index >= 0:
            self.painter.choice = index

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
        choices = self.session.painting.choices() if self.painter.active else ()
        box = self.chooser.choices
        if tuple(box.itemText(i) for i in range(box.count())) != choices:
            box.blockSignals(True)
            box.clear()
            box.addItems(list(choices))
            box.setCurrentIndex(min(self.painter.choice, len(choices) - 1))
            box.blockSignals(False)
        self.chooser_action.setVisible(bool(choices))
