"""A spin box for a non-negative number of any magnitude: shown with significant digits, kept exactly.

A QDoubleSpinBox rounds its value to a fixed number of decimals, so a covariance prior of 3e-9
(a file whose variances are tiny) is shown and kept as 0. This one keeps the value it is given,
shows it with `SIGNIFICANT` significant digits (scientific notation when small or large), accepts
typed scientific notation, and steps by a tenth of the value's order of magnitude.
"""

from __future__ import annotations

import math

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox

SIGNIFICANT = 6
KEEP_DECIMALS = 323  # Qt's most: the value is rounded to this many decimals, i.e. kept as given


class SignificantSpinBox(QDoubleSpinBox):
    """A QDoubleSpinBox showing ``f"{value:.6g}"`` and keeping its value to full precision.

    Parameters
    ----------
    maximum : float
    step : float
        The step from 0 (elsewhere a step is a tenth of the value's power of ten).
    """

    def __init__(self, maximum: float, step: float, parent=None):
        super().__init__(parent)
        self.setDecimals(KEEP_DECIMALS)
        self.setRange(0.0, maximum)
        self.setSingleStep(step)

    def textFromValue(self, value: float) -> str:
        return f"{value:.{SIGNIFICANT}g}"

    def valueFromText(self, text: str) -> float:
        try:
            return float(text.strip())
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        stripped = text.strip()  # "." only: the window has one decimal mark (window/language.py)
        try:
            value = float(stripped)
        except ValueError:
            partial = stripped == "" or stripped[-1] in "eE.+-"
            return (QValidator.State.Intermediate if partial else QValidator.State.Invalid), text, pos
        inside = self.minimum() <= value <= self.maximum() and math.isfinite(value)
        return (QValidator.State.Acceptable if inside else QValidator.State.Intermediate), text, pos

    def stepBy(self, steps: int) -> None:
        value = self.value()
        if value > 0:
            step = 10.0 ** (math.floor(math.log10(value)) - 1)
            self.setValue(max(value + steps * step, 0.0))
        else:
            super().stepBy(steps)
