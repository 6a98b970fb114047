"""Help → How EM works here, Keyboard shortcuts and About nbviz: text shown in a small dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

import nbviz

from ...app.presentation.resources import resource_path

SHORTCUTS = [
    ("E", "E-step"),
    ("M", "M-step"),
    ("I", "One iteration (E-step and M-step)"),
    ("Space", "Play / pause"),
    ("Left / Right", "Scrub back / forward"),
    ("Home / End", "First / last half-step"),
    ("Page Down / Page Up", "Next / previous half-step (presenter remotes); Next steps on at the end"),
    ("R", "Reset to the start"),
    ("Ctrl+Z", "Undo a change that discarded the run (model, K, seed, start, prior, labels, data, reset)"),
    ("Ctrl+Shift+Z / Ctrl+Y", "Redo"),
    ("D", "Paint the data (1-D and 2-D): click adds a point, drag moves one; Ctrl+Z undoes an edit"),
    ("Delete / Backspace", "While painting: remove the selected point, or the one under the mouse"),
    ("Enter / Esc in a number field", "Use / drop the number typed, back to the view"),
    ("Ctrl+R", "Run to convergence"),
    ("Ctrl+O", "Open a data file or session"),
    ("Ctrl+N", "Synthesise data from chosen parameters"),
    ("Ctrl+S", "Save the session"),
    ("Ctrl+Shift+S", "Save a screenshot"),
    ("F5", "Presentation mode: full screen, the data view, the E-step board and the objective curve, larger text"),
    ("P", "Presentation mode: show or hide the parameters"),
    ("W", "Presentation mode: show or hide the worked E-step and M-step (the point inspector, full width)"),
    ("Esc", "Leave presentation mode"),
    ("Ctrl+= / Ctrl+- / Ctrl+0", "Every text larger / smaller / at its usual size (kept for next time)"),
]


def show_help(parent: QWidget) -> None:
    """Help → How EM works here."""
    try:
        text = resource_path("resources", "help", "how_em_works.html").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError) as error:
        text = f"<p>The help text is missing from this installation ({error}).</p>"
    text_dialog(parent, "How EM works here", text, 640, 620)


def show_shortcuts(parent: QWidget) -> None:
    """Help → Keyboard shortcuts."""
    rows = "".join(f"<tr><td><b>{key}</b></td><td>&nbsp;&nbsp;{what}</td></tr>" for key, what in SHORTCUTS)
    text_dialog(parent, "Keyboard shortcuts", f"<table>{rows}</table>", 560, 440)


def show_about(parent: QWidget) -> None:
    """Help → About nbviz: the versions of nbviz and the libraries it runs on."""
    import numpy
    import pyqtgraph
    import PySide6
    import scipy

    text = (
        f"<h3>nbviz {nbviz.__version__}</h3><p>Watch the EM algorithm work, one E-step and one "
        f"M-step at a time.</p><p>Python {'.'.join(map(str, __import__('sys').version_info[:3]))}, "
        f"numpy {numpy.__version__}, scipy {scipy.__version__}, PySide6 {PySide6.__version__}, "
        f"pyqtgraph {pyqtgraph.__version__}</p>"
    )
    text_dialog(parent, "About nbviz", text, 420, 240)


def text_dialog(parent: QWidget, title: str, html: str, width: int, height: int) -> None:
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    browser = QTextBrowser()
    browser.setHtml(html)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    dialog.resize(width, height)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
