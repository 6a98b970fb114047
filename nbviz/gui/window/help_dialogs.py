"""Help → Keyboard shortcuts, Message log and About nbviz: text shown in a small dialog (the user guide:
`help_browser`)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

import nbviz

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
]


def show_shortcuts(parent: QWidget) -> None:
    """Help → Keyboard shortcuts."""
    rows = "".join(f"<tr><td><b>{key}</b></td><td>&nbsp;&nbsp;{what}</td></tr>" for key, what in SHORTCUTS)
    text_dialog(parent, "Keyboard shortcuts", f"<table>{rows}</table>", 560, 440)


LOG_SHOWN = 64 * 1024  # the end of the message log that Help → Message log shows


def log_text(path) -> str:
    """Help → Message log's page: where the log is and its last `LOG_SHOWN` characters, newest last."""
    try:
        with open(path, encoding="utf-8", errors="replace") as log:
            text = log.read()[-LOG_SHOWN:]
    except FileNotFoundError:
        text = ""
    except OSError as error:
        return f"<p>The message log {html.escape(str(path))} cannot be read: {html.escape(str(error))}.</p>"
    heading = f"<p>The message log is <b>{html.escape(str(path))}</b>. "
    if not text.strip():
        return heading + "Nothing has been written to it yet.</p>"
    return heading + "Its last messages:</p><pre>" + html.escape(text) + "</pre>"


def show_log(parent: QWidget) -> None:
    """Help → Message log: the messages of runs with no console, and the details of unexpected errors."""
    from ...app.presentation.state_folder import log_path

    text_dialog(parent, "Message log", log_text(log_path()), 720, 520)


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
