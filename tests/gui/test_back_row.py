"""The back row of a lecture hall, at 1024x768 in presentation mode: every text's digits at least 14 pixels
tall, the E-step board's and the lesson tables' at least 17, Ctrl+= / Ctrl+- scaling all of it (and kept),
and each lecture hint's numbers on the screen it describes.

Heights are the ink height of the digits 0-9 in the font Qt draws each text in (`QFontMetricsF`), read
from every visible widget, every rich-text fragment (HTML sizes included, sub- and superscripts left
out) and every text and axis of the plots.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QMenuBar,
    QTableWidget,
    QTextEdit,
    QWidget,
)

from nbviz.app.presentation.presets import PRESETS
from nbviz.app.run.fit_here import fit_to_convergence
from nbviz.gui.window.help.browser import runs
from nbviz.gui.window.main_window import MainWindow

SCREEN = (1024, 768)
LEAST, BOARD = 14.0, 17.0  # pixels of ink: every text, the board and the lesson tables


def ink(font: QFont) -> float:
    """The digits' ink height in pixels in `font`."""
    return QFontMetricsF(font).tightBoundingRect("0123456789").height()


def document_fonts(document: QTextDocument) -> list[tuple[str, QFont]]:
    """Each fragment of rich text with its font (sizes set in its HTML included; sub- and superscripts left out)."""
    found = []
    for position, length, form in runs(document):
        text = "".join(document.characterAt(p) for p in range(position, position + length)).strip()
        shifted = form.verticalAlignment() != QTextCharFormat.VerticalAlignment.AlignNormal
        if not text or shifted or not any(c.isalnum() for c in text):
            continue
        font = QFont(document.defaultFont())
        if form.hasProperty(QTextCharFormat.Property.FontPointSize):
            font.setPointSizeF(form.fontPointSize())
        if form.hasProperty(QTextCharFormat.Property.FontPixelSize):
            font.setPixelSize(form.intProperty(QTextCharFormat.Property.FontPixelSize))
        found.append((text[:40], font))
    return found


def texts_on_screen(window: MainWindow) -> list[tuple[str, QFont]]:
    """(what, font) of every text the window shows."""
    found: list[tuple[str, QFont]] = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QLabel) and widget.text().strip():
            found.append((f"label {widget.text()[:40]}", widget.font()))
        elif isinstance(widget, (QAbstractButton, QComboBox, QMenuBar)):
            text = widget.currentText() if isinstance(widget, QComboBox) else getattr(widget, "text", lambda: "?")()
            if text.strip():
                found.append((f"{type(widget).__name__} {text[:40]}", widget.font()))
        elif isinstance(widget, QTextEdit):
            found += [(f"rich text {what}", font) for what, font in document_fonts(widget.document())]
        elif isinstance(widget, QTableWidget) and widget.rowCount():
            found += [("table", widget.font()), ("table header", widget.horizontalHeader().font())]
        elif isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                if not item.isVisible() or (item.parentItem() is not None and not item.parentItem().isVisible()):
                    continue
                if isinstance(item, QGraphicsTextItem) and item.toPlainText().strip():
                    found += [(f"plot text {what}", font) for what, font in document_fonts(item.document())]
                style = getattr(item, "style", None)
                if isinstance(style, dict) and style.get("showValues", False) and getattr(item, "orientation", None):
                    found.append((f"axis {item.orientation}", style.get("tickFont") or item.font()))
    return found


def window_at(qtbot, tmp_path, preset: str, steps: int = 0, fit: bool = False) -> MainWindow:
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.presentation_layout.set_full_screen(False)
    window.resize(*SCREEN)
    window.appearance.set_presentation(True)
    window.motion.set_when("off")
    assert window.files.load_preset(preset)
    window.show()
    qtbot.waitExposed(window)
    if fit:
        assert fit_to_convergence(window.session)
    window.take_half_steps(steps)
    qtbot.wait(30)
    window.repaint_now()
    return window


@pytest.mark.parametrize(
    ("preset", "steps", "keys"),
    [
        ("lecture-kmeans", 2, ""),  # 1-D: histogram, legend strip, means' values, posterior strip
        ("lecture-sampling", 1, ""),  # 2-D scatter
        ("lecture-fruit", 3, "P"),  # the fruit table, the parameters overlay
        ("lecture-dog-cat", 1, "W"),  # the word table, the worked E-step over the data and the board
        ("survey", 2, ""),  # the level bars' letters
    ],
)
def test_every_text_presenting_at_1024x768_is_14_px_tall_and_the_board_and_tables_17(
    qtbot, tmp_path, preset, steps, keys
):
    window = window_at(qtbot, tmp_path, preset, steps)
    layout = window.presentation_layout
    for key in keys:
        {"P": layout.parameters_action, "W": layout.worked_action}[key].trigger()
        qtbot.wait(20)
    texts = texts_on_screen(window)
    assert len(texts) > 30  # the whole window was read
    small = [(what, round(ink(font), 1)) for what, font in texts if ink(font) < LEAST - 0.05]
    assert not small, small
    board = [ink(font) for _, font in document_fonts(window.board.browser.document())]
    assert board and min(board) >= BOARD - 0.05, board
    tables = [w for w in window.data_view.findChildren(QTableWidget) if w.isVisible() and w.rowCount()]
    for table in tables:
        assert ink(table.font()) >= BOARD - 0.05, (preset, ink(table.font()))


def test_ctrl_plus_and_minus_scale_every_text_live_and_the_size_is_kept(qtbot, tmp_path):
    window = window_at(qtbot, tmp_path, "lecture-five-points", 1)
    before = {what: font.pointSizeF() for what, font in texts_on_screen(window)}
    board = window.board.board_font().pointSizeF()
    ticks = window.data_view.density.plot.getAxis("bottom").style["tickFont"].pointSizeF()
    for _ in range(2):
        qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(20)
    assert window.appearance.text_scale == pytest.approx(1.21)
    assert window.font().pointSizeF() == pytest.approx(14.5 * 1.21)
    assert window.board.board_font().pointSizeF() == pytest.approx(board * 1.21)
    assert window.data_view.density.plot.getAxis("bottom").style["tickFont"].pointSizeF() == pytest.approx(ticks * 1.21)
    assert window.preset_note.label.font().pointSizeF() == pytest.approx(14.5 * 1.21)
    after = {what: font.pointSizeF() for what, font in texts_on_screen(window)}
    grown = [what for what in before if what in after and after[what] > before[what] * 1.15]
    assert len(grown) >= 0.8 * len([what for what in before if what in after]), (before, after)
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.appearance.text_scale == pytest.approx(1.1)
    window.close()  # the layout and the choices are saved
    again = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    assert again.appearance.text_scale == pytest.approx(1.1)
    again.commands["normal_text"].trigger()  # Ctrl+0
    assert again.appearance.text_scale == 1.0 and again.commands["normal_text"].shortcut().toString() == "Ctrl+0"


# each lecture's promises: after which half-steps (or a run to convergence), the numbers its hint gives
PROMISES = {
    "lecture-two-documents": [(2, ("0.388", "0.629"))],
    "lecture-dog-cat": [(1, ("0.995", "0.001", "5e−6", "5.298"))],
    "lecture-kmeans": [(0, ("3.500", "4.800")), (2, ("2.333", "5.500")), (4, ("1.500", "5.000"))],
    "lecture-five-points": [(1, ("0.195", "0.805"))],
    "lecture-fruit": [(3, ("0.928",))],
    "lecture-eight-points": [("fit", ("0.665", "0.335", "0.329", "0.671"))],
    "lecture-twos": [("fit", ("0.380", "0.620"))],
}


def screen_text(window: MainWindow) -> str:
    """Every text the window shows, as plain text (the board, the tables, the plots' texts)."""
    parts = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QTextEdit):
            parts.append(widget.toPlainText())
        elif isinstance(widget, QTableWidget):
            for c in range(widget.columnCount()):
                header = widget.horizontalHeaderItem(c)
                parts.append(header.text() if header is not None else "")
                parts += [str(widget.item(r, c).data(Qt.ItemDataRole.UserRole + 1)) for r in range(widget.rowCount())]
        elif isinstance(widget, QGraphicsView) and widget.scene() is not None:
            parts += [
                i.toPlainText() for i in widget.scene().items() if isinstance(i, QGraphicsTextItem) and i.isVisible()
            ]
    return "\n".join(parts)


def numbers(text: str) -> list[float]:
    return [float(n.replace("−", "-")) for n in re.findall(r"−?\d+(?:\.\d+)?(?:e−?\d+)?", text)]


@pytest.mark.parametrize("preset", list(PROMISES))
def test_each_lecture_hints_numbers_are_on_the_screen_it_describes(qtbot, tmp_path, preset):
    """What a hint promises is drawn: each number it gives is on the board, a table or a plot at the
    half-step the hint names, as the board writes it."""
    hint = PRESETS[preset].note_text(presenting=True)
    given = numbers(hint)
    for when, promised in PROMISES[preset]:
        window = window_at(qtbot, tmp_path, preset, 0 if when == "fit" else when, fit=when == "fit")
        shown = screen_text(window)
        for text in promised:
            assert text in shown, (preset, when, text)
            assert np.isclose(numbers(text)[0], given, rtol=0, atol=5e-4).any(), (preset, text, hint)
        window.close()
