"""Paths a user gives, checked before anything is read from them: regular files only.

A named pipe (FIFO) would make a read wait forever for a writer, and a device such as /dev/zero
never ends; a folder is not a file. Each is refused at once, with what the path is.
"""

from __future__ import annotations

import os
import stat

from .data_errors import DataError

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def regular_file_size(path: str, what: str = "a data file") -> int:
    """The size in bytes of the regular file at `path` (links followed).

    Parameters
    ----------
    path : str
    what : str
        What the file should be, for the message ("a data file", "a session file", ...).

    Returns
    -------
    int
        The file's size in bytes. DataError (a ValueError) naming the path when it does not exist,
        cannot be looked at, or is a folder, a pipe, a device or a socket.
    """
    try:
        mode = os.stat(path)
    except FileNotFoundError:
        raise DataError(f"no such file: {path}", path=path) from None
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror or error}", path=path) from None
    for test, kind in _KINDS:
        if test(mode.st_mode):
            raise DataError(f"{path} is {kind}, not {what}", path=path)
    if not stat.S_ISREG(mode.st_mode):
        raise DataError(f"{path} is not a regular file, not {what}", path=path)
    return mode.st_size
