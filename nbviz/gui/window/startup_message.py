"""The messages of a run with no console that no window showed: an error at start-up, ``--help``,
``--version``, a scripted run's notes. Shown in a dialog when the run ends (`startup.windowed`)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

LONG = 12  # lines: a longer text (--help) is shown behind "Show Details..."


def message_box(text: str, failed: bool, log: Path | None = None) -> QMessageBox:
    """A dialog showing `text`: as an error when the run `failed`, naming the `log` that keeps it."""
    text = text.strip()
    box = QMessageBox()
    box.setWindowTitle("nbviz")
    box.setIcon(QMessageBox.Icon.Critical if failed else QMessageBox.Icon.Information)
    lines = text.splitlines()
    long = len(lines) > LONG
    box.setText("nbviz could not start." if failed else (lines[0] if long else "nbviz"))
    informative = f"Show Details… shows all {len(lines)} lines." if long else text
    if log is not None:
        informative += f"\n\nThese messages are also in {log}."
    box.setInformativeText(informative)
    if long:
        box.setDetailedText(text)
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    return box


def show_startup_message(text: str, failed: bool, log: Path | None = None) -> None:
    """Show `message_box` and wait until it is closed (making the application if there is none yet)."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    box = message_box(text, failed, log)
    box.exec()
    del app
