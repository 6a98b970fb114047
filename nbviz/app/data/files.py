"""Writing files so that a failure part-way never leaves a half-written file behind."""

from __future__ import annotations

from PySide6.QtCore import QSaveFile


class WriteError(OSError):
    """A file could not be written; the message names it. Any earlier file is unchanged."""


def write_atomically(path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file that replaces `path` only when complete."""
    out = QSaveFile(str(path))
    if not out.open(QSaveFile.OpenModeFlag.WriteOnly):
        raise WriteError(f"{path}: cannot be written: {out.errorString()}")
    written = out.write(data)
    if written != len(data) or not out.commit():
        message = out.errorString()
        if written != len(data):  # Qt gives no reason for a short write
            message = f"only {max(written, 0)} of {len(data)} bytes could be written: is the disk full?"
        out.cancelWriting()
        raise WriteError(f"{path}: could not be saved ({message}); any earlier file is unchanged")
