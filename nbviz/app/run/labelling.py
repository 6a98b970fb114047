"""Label mode: whether a click on a data point gives it a class, and which class.

`Labelling` is plain state with one signal, shared by the data views (which turn a click into a
label while it is on) and the label panel (which switches it). The main window creates one and
passes it to both. The labels themselves live in the session's ModelConfig (``manual_labels``), so
they restart the run and are saved with the session.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class Labelling(QObject):
    """Label mode on or off, and the component a click assigns.

    Signals
    -------
    changed : label mode was switched or another class chosen
    """

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.active = False
        self.component = 0

    def set_active(self, active: bool) -> None:
        if bool(active) != self.active:
            self.active = bool(active)
            self.changed.emit()

    def set_component(self, k: int) -> None:
        if int(k) != self.component:
            self.component = int(k)
            self.changed.emit()

    def click(self, session, index: int, unlabel: bool = False) -> bool:
        """What a click on data row `index` of `session` does in label mode; False when label mode is off.

        The row gets the chosen class; a click on a row that already has that clicked label, or with
        `unlabel` (Shift held), takes its clicked label away. The row is then selected for inspection.
        While a background run goes the session refuses (and says why) and nothing changes.
        """
        if not self.active or index < 0:
            return False
        clicked = dict(session.config.manual_labels)
        take_away = unlabel or clicked.get(index) == self.component
        outcome = session.hand_labels.set_label(index, None if take_away else self.component)
        if outcome or not session.busy:  # refused while a run goes: the session has said why
            session.select(index)
        return True
