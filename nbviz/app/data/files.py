"""Writing files so that a failure part-way never leaves a half-written file behind."""

from __future__ import annotations

import os
import stat

from PySide6.QtCore import QSaveFile


class WriteError(OSError):
    """A file could not be written; the message names it. Any earlier file is unchanged."""


def write_atomically(path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file that replaces `path` only when complete.

    A target that exists and is not a regular file (a device such as /dev/null or /dev/stdout, a
    named pipe) is written directly: replacing it would put a regular file in the device's place.
    """
    if _exists_and_not_regular(path):
        try:
            with open(path, "wb") as out_file:
                out_file.write(data)
        except OSError as error:
            raise WriteError(f"{path}: could not be written: {error.strerror or error}") from None
        return
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


def _exists_and_not_regular(path) -> bool:
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):  # no such file (it will be created), or a NUL in the path
        return False
