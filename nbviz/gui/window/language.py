"""The window's number format: one decimal mark, the C locale's point, in every number shown and typed.

nbviz writes "." wherever numbers leave it (CSV and JSON exports, session files, the command line's
options and messages) and its plots' axes are drawn by pyqtgraph with Python's formatting, which
always writes "."; the probe field and the start editor separate values by commas. A German or
French system locale gave the Qt spin boxes "0,000" beside "0.5" in the rest of the window. So the
window uses the C locale's numbers whatever the system's: "." for the decimal point and no
thousands separators (a cap of 1000 is "1000", never "1.000"); the numeric keypad's decimal key
types "." in a number field (`keys.StepKeys`). The language of the text is another matter
(`translations`): a German window keeps "0.5".
"""

from __future__ import annotations

from PySide6.QtCore import QLocale


def number_locale() -> QLocale:
    """The C locale without group separators, shown or accepted."""
    numbers = QLocale.c()
    numbers.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator | QLocale.NumberOption.RejectGroupSeparator)
    return numbers


def use_one_decimal_mark() -> None:
    """Every widget made from now on shows and reads numbers with "." and no group separators."""
    QLocale.setDefault(number_locale())
