"""The Run box's convergence settings: the tolerance and the iteration cap of a run to convergence, and
whether it does exactly that many iterations (as a lecture's loop does)."""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QFormLayout, QHBoxLayout, QLabel, QSpinBox, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.model.config import RULE_WORDS
from ...app.run.session import Session
from ..widgets.accessible import buddy_label

translate = QCoreApplication.translate

MAX_ITER_LIMIT = 1_000_000  # the largest cap the field offers


class ToleranceSpin(QDoubleSpinBox):
    """A tolerance in scientific notation (1e-06); the arrows move it by a factor of ten.

    Accepts any number from 0 to 1 typed in (``1e-4``, ``0.001``, ``5e-7``); 0 means "never
    converge: run to the cap".
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setDecimals(300)  # the spin box rounds values to its decimals: keep every digit
        self.setRange(0.0, 1.0)
        self.setKeyboardTracking(False)
        self.setToolTip(
            translate(
                "nbviz",
                "A run to convergence stops when a full iteration raises the objective by less than this "
                "(0: never, only the iteration cap stops it). The arrows multiply or divide it by 10.",
            )
        )

    def textFromValue(self, value: float) -> str:
        return f"{value:.3g}"

    def valueFromText(self, text: str) -> float:
        try:
            return float(text)
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int):
        stripped = text.strip()
        try:
            value = float(stripped)
        except ValueError:
            # a number being typed ("1e", "1e-", "0.") may still become valid
            partial = stripped == "" or all(c in "0123456789.eE+-" for c in stripped)
            return (QValidator.State.Intermediate if partial else QValidator.State.Invalid), text, pos
        if math.isfinite(value) and 0.0 <= value <= 1.0:
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Intermediate, text, pos

    def stepBy(self, steps: int) -> None:
        value = self.value() or 1e-12
        self.setValue(min(1.0, value * 10.0**steps))


RULE_TIPS = {
    "absolute": QT_TRANSLATE_NOOP(
        "nbviz",
        "The exact rule a lecture needs: a run has converged when an iteration raises the total "
        "objective by less than the tolerance",
    ),
    "per_row": QT_TRANSLATE_NOOP(
        "nbviz",
        "scikit-learn's rule, for data files: a run has converged when an iteration raises the "
        "objective by less than the tolerance per data row",
    ),
    "relative": QT_TRANSLATE_NOOP(
        "nbviz", "A run has converged when an iteration raises the objective by less than the tolerance times its size"
    ),
    "fixed": QT_TRANSLATE_NOOP(
        "nbviz", "A run does exactly the cap's iterations, as a lecture's loop does: the tolerance is not used"
    ),
}


class ConvergenceFields(QWidget):
    """Tolerance and iteration cap, shown from and given to the session (`Session.set_convergence`).

    Attributes
    ----------
    tolerance_spin : ToleranceSpin
    max_iter_spin : QSpinBox
    fixed_check : QCheckBox
        Exactly the cap's iterations (the "fixed" stopping rule), the tolerance unused.
    """

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self.tolerance_spin = ToleranceSpin()
        self.max_iter_spin = QSpinBox()
        self.max_iter_spin.setRange(1, MAX_ITER_LIMIT)
        self.max_iter_spin.setKeyboardTracking(False)
        self.max_iter_spin.setToolTip(
            translate("nbviz", "A run to convergence stops after at most this many iterations")
        )
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.rule_label = QLabel()  # which rule the tolerance is for: on the total, or per row
        tolerance_row = QHBoxLayout()
        tolerance_row.addWidget(self.tolerance_spin, 1)
        tolerance_row.addWidget(self.rule_label)
        form.addRow(buddy_label(translate("nbviz", "Tolerance"), self.tolerance_spin), tolerance_row)
        form.addRow(translate("nbviz", "Iteration cap"), self.max_iter_spin)
        self.fixed_check = QCheckBox(translate("nbviz", "Exactly this many iterations"))
        self.fixed_check.setToolTip(
            translate("nbviz", "Run to convergence does exactly the cap's iterations, as a lecture's loop does")
        )
        form.addRow(self.fixed_check)
        self.fixed_check.toggled.connect(lambda fixed: self._apply(convergence="fixed" if fixed else "absolute"))
        self.tolerance_spin.valueChanged.connect(lambda value: self._apply(tolerance=value))
        self.max_iter_spin.valueChanged.connect(lambda value: self._apply(max_iter=value))
        for signal in (session.convergence_changed, session.run_reset, session.problem_changed):
            signal.connect(self.sync)
        session.busy_changed.connect(lambda busy: self.setEnabled(not busy))
        self.sync()

    def sync(self) -> None:
        """Show the session's settings (also after a refused change)."""
        config = self.session.config
        fields = (self.tolerance_spin, self.max_iter_spin, self.fixed_check)
        for field in fields:
            field.blockSignals(True)
        self.tolerance_spin.setValue(config.tolerance)
        self.max_iter_spin.setValue(config.max_iter)
        self.rule_label.setText(translate("nbviz", RULE_WORDS[config.convergence]))
        self.rule_label.setToolTip(translate("nbviz", RULE_TIPS[config.convergence]))
        self.fixed_check.setChecked(config.fixed_iterations)
        self.tolerance_spin.setEnabled(not config.fixed_iterations)
        for field in fields:
            field.blockSignals(False)

    def _apply(self, **change) -> None:
        if not self.session.set_convergence(**change):
            self.sync()
