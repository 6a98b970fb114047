"""The import dialog's standardise choice, with a one-sentence proposal when feature scales differ by more than 100x."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.data.standardize import METHODS, scale_proposal
from ..widgets.accessible import buddy_label
from ..widgets.layouts import left_row

translate = QCoreApplication.translate

CHOICE_TIP = QT_TRANSLATE_NOOP(
    "nbviz",
    "Fit on standardised features; the centre and scale of each column are kept, so the parameters "
    "can be read in the file's units",
)
ANSWERS_TIP = QT_TRANSLATE_NOOP(
    "nbviz", "Text answers (categorical levels) have no centre or scale: they are used as they are"
)


class StandardizeRow(QWidget):
    """A "Standardise features" combo (no / z-scores / robust) and the proposal to use it."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.combo = QComboBox()
        self.combo.addItem(translate("nbviz", "no (the file's units)"), None)
        for method, text in METHODS.items():
            self.combo.addItem(translate("nbviz", text), method)
        self.combo.setToolTip(translate("nbviz", CHOICE_TIP))
        self.proposal = QLabel()
        self.proposal.setWordWrap(True)
        self.proposal.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(
            left_row(
                buddy_label(translate("nbviz", "Standardise features:"), self.combo), self.combo, margins=(0, 0, 0, 0)
            )
        )
        layout.addWidget(self.proposal)
        self.combo.currentIndexChanged.connect(self._shown)

    def _shown(self, *_) -> None:
        """The proposal only while it is not taken."""
        self.proposal.setVisible(bool(self.proposal.text()) and self.method is None)

    @property
    def method(self) -> str | None:
        """ "z", "robust", or None (keep the file's units)."""
        return self.combo.currentData()

    def propose(self, X, columns, levels=None) -> None:
        """Show why standardising helps when the features' spreads differ by more than 100x (else nothing).

        Text answers (`levels` given) have no centre or scale: the choice is "no" and disabled, saying why.
        """
        answers = levels is not None
        if answers:
            self.combo.setCurrentIndex(0)
        self.combo.setEnabled(not answers)
        self.combo.setToolTip(translate("nbviz", ANSWERS_TIP if answers else CHOICE_TIP))
        text = None if answers else scale_proposal(X, columns)
        self.proposal.setText(text or "")
        self._shown()
