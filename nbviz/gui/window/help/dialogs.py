"""Help → Keyboard shortcuts, Message log and About nbviz: text shown in a small dialog (the user guide:
`browser`)."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

import nbviz
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...plots.keyboard_selection import HELP as SELECTION_HELP
from ..keys import NUMBER_FIELD_HELP
from ..tab_order import TAB_HELP

translate = QCoreApplication.translate

# keys that are not a command's (those are read from the window's actions): where each is handled declares it
OTHER_KEYS = (
    TAB_HELP,
    NUMBER_FIELD_HELP,
    *SELECTION_HELP,
    (
        QT_TRANSLATE_NOOP("nbviz", "Enter on a Choose K row or a restart card"),
        QT_TRANSLATE_NOOP("nbviz", "Load that fit, with its whole history, into the workspace"),
    ),
    (
        QT_TRANSLATE_NOOP("nbviz", "Alt + the underlined letter, or F10"),
        QT_TRANSLATE_NOOP("nbviz", "Open a menu: every command is in one"),
    ),
)


def explained(action: QAction) -> str:
    """What a command does: its text, and its tooltip when that says more (without the key it ends with)."""
    text = action.text().replace("&", "").rstrip("…")
    tip = re.sub(r"\s*\([^()]*\)$", "", action.whatsThis() or action.toolTip())  # "... (E)" -> "..."
    return text if tip in ("", text, action.text()) else f"{text}: {tip}"


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str]]:
    """Help → Keyboard shortcuts' rows: each of `actions` that has a key, in their order, then `OTHER_KEYS`."""
    rows = []
    for action in actions:
        keys = [key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()]
        if keys:
            rows.append((" / ".join(keys), explained(action)))
    return rows + [(translate("nbviz", key), translate("nbviz", what)) for key, what in OTHER_KEYS]


def show_shortcuts(parent: QWidget) -> QDialog:
    """Help → Keyboard shortcuts: every key of `parent`'s commands (its actions), and the others."""
    rows = "".join(
        f"<tr><td><b>{html.escape(key)}</b></td><td>&nbsp;&nbsp;{html.escape(what)}</td></tr>"
        for key, what in shortcut_rows(parent.actions())
    )
    return text_dialog(
        parent,
        translate("nbviz", "Keyboard shortcuts"),
        f"<table>{rows}</table>",
        560,
        440,
    )


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
    from ....app.presentation.state_folder import log_path

    text_dialog(parent, translate("nbviz", "Message log"), log_text(log_path()), 720, 520)


def show_about(parent: QWidget) -> QDialog:
    """Help → About nbviz: the versions of nbviz and the libraries it runs on."""
    import numpy
    import pyqtgraph
    import PySide6
    import scipy

    text = translate(
        "nbviz",
        "<h3>nbviz {0}</h3><p>Watch the EM algorithm work, one E-step and one M-step at a "
        "time.</p><p>Python {1}, numpy {2}, scipy {3}, PySide6 {4}, pyqtgraph {5}</p>",
    ).format(
        nbviz.__version__,
        ".".join(map(str, __import__("sys").version_info[:3])),
        numpy.__version__,
        scipy.__version__,
        PySide6.__version__,
        pyqtgraph.__version__,
    )
    return text_dialog(parent, translate("nbviz", "About nbviz"), text, 420, 240)


def text_dialog(parent: QWidget, title: str, html: str, width: int, height: int) -> QDialog:
    """Show `html` in a dialog titled `title` (its text is named so for a screen reader); returns the dialog."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    browser = QTextBrowser()
    browser.setHtml(html)
    browser.setAccessibleName(title)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    dialog.resize(width, height)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
