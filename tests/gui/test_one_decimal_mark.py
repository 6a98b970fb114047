"""One decimal mark in the window whatever the system's locale: under a German locale every number shown
(fields, tables, panels, status bar, plot axes) uses ".", and the keypad's decimal key types "."."""

import re

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLabel, QLineEdit, QTableWidget, QTextBrowser

DECIMAL_COMMA = re.compile(r"\d,\d")  # "0,000", or a thousands separator "1,000"; "1, 0" lists values
DECIMAL_POINT = re.compile(r"\d\.\d")


@pytest.fixture
def german_locale():
    """The default locale a German system gives every widget (QLocale.system() itself is read at start-up)."""
    before = QLocale()
    QLocale.setDefault(QLocale("de_DE"))
    assert QLocale().decimalPoint() == ","
    yield
    QLocale.setDefault(before)


def texts(window) -> list[str]:
    """Every text of the window a number can be in."""
    found = [window.statusBar().currentMessage(), window.status_label.text(), window.history_label.text()]
    found += [label.text() for label in window.findChildren(QLabel) if label.isVisible()]
    found += [box.text() for box in window.findChildren(QAbstractSpinBox) if box.isVisible()]
    found += [edit.text() for edit in window.findChildren(QLineEdit) if edit.isVisible()]
    found += [box.currentText() for box in window.findChildren(QComboBox) if box.isVisible()]
    found += [browser.toPlainText() for browser in window.findChildren(QTextBrowser) if browser.isVisible()]
    for table in window.findChildren(QTableWidget):
        found += [
            table.item(r, c).text()
            for r in range(table.rowCount())
            for c in range(table.columnCount())
            if table.item(r, c)
        ]
    for view in (window.data_view.scatter, window.objective):
        for side in ("left", "bottom"):
            axis = view.plot.getAxis(side)
            for spacing, values in axis.tickValues(*axis.range, axis.size().width()):
                found += axis.tickStrings(values, 1.0, spacing)
    return found


def test_a_german_locale_leaves_one_decimal_mark_in_the_window(german_locale, make_main_window):
    window = make_main_window()
    assert window.files.load_preset("faithful")
    window.controls.lambda_spin.setValue(0.25)  # a decimal in each kind of number field
    window.controls.alpha_spin.setValue(1.5)
    window.take_half_steps(3)
    window.session.select(4)
    window.repaint_now()
    shown = texts(window)
    assert window.controls.alpha_spin.text() == "1.500" and window.controls.convergence.max_iter_spin.text() == "1000"
    assert [text for text in shown if DECIMAL_COMMA.search(text)] == []
    assert sum(bool(DECIMAL_POINT.search(text)) for text in shown) > 20  # the numbers were read


def test_the_keypads_decimal_key_types_a_point_in_a_number_field(german_locale, make_main_window, qtbot):
    window = make_main_window(active=True)
    assert window.files.load_preset("faithful")
    field = window.controls.alpha_spin
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    field.selectAll()
    qtbot.keyClicks(field, "2")
    qtbot.keyClick(field, Qt.Key.Key_Comma, Qt.KeyboardModifier.KeypadModifier)
    qtbot.keyClicks(field, "5")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert field.value() == 2.5 and window.session.config.prior.alpha == 2.5
