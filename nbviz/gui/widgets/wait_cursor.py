"""The wait cursor over work done in the window's own thread (starting a model on a long table, a handout)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


@contextmanager
def wait_cursor() -> Iterator[None]:
    """Show the wait cursor until the block ends, however it ends."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()
