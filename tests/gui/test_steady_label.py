"""The steady label: new text re-lays out nothing around it unless it needs more room."""

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QSlider, QWidget

from nbviz.gui.widgets.steady_label import SteadyLabel


class LayoutRequests(QObject):
    def __init__(self):
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def row(qtbot) -> tuple[QWidget, SteadyLabel]:
    """A history-like row: a stretching slider and the label, in a shown window."""
    window = QWidget()
    qtbot.addWidget(window)
    layout = QHBoxLayout(window)
    layout.addWidget(QSlider(), 1)
    label = SteadyLabel(minimum_width=60)
    layout.addWidget(label)
    window.resize(700, 60)
    window.show()
    qtbot.waitExposed(window)
    return window, label


def test_a_longer_text_gets_the_room_it_needs(qtbot):
    window, label = row(qtbot)
    text = "half-step 12345 of 67890 (M-step 6172)"
    label.setText(text)
    qtbot.waitUntil(lambda: label.width() >= label.fontMetrics().horizontalAdvance(text))
    assert label.text() == text and label.label.geometry() == label.rect()


def test_a_text_no_wider_than_before_re_lays_out_nothing(qtbot):
    window, label = row(qtbot)
    label.setText("half-step 100 of 200 (M-step 50)")
    qtbot.wait(20)
    requests = LayoutRequests()
    window.installEventFilter(requests)
    label.setText("half-step 1 of 2 (E-step 1)")
    qtbot.wait(20)
    assert requests.count == 0
    label.setText("half-step 100 of 200 (M-step 50) and much more text than before")
    qtbot.wait(20)
    assert requests.count >= 1


def test_a_bigger_font_gets_a_taller_box(qtbot):
    window, label = row(qtbot)
    label.setText("half-step 1 of 2")
    before = label.sizeHint()
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    window.setFont(font)
    qtbot.wait(20)
    after = label.sizeHint()
    assert after.height() > before.height() and after.width() > before.width()
