"""A run with no console: its messages go to the message log and are shown to the user, never lost.

On Windows a windowed program (the bundle's ``nbviz-gui.exe``, pip's ``nbviz-gui.exe``, anything run by
``pythonw``) has ``sys.stdout`` and ``sys.stderr`` set to None; on Linux and macOS a program started
from a menu or by a double-click writes to a log nobody reads. `WindowedOutput` stands for both
streams while such a run goes on: each text written is appended to the message log
(`state_folder.log_path`, shown by Help → Message log), also written to the console when there is
one, and kept until it is shown: the window shows in its banner what was written before it opened
(`take_unseen`), and a run that ends without a window hands the rest to a dialog. Once the window
has taken over (`window_opened`), messages go to the log only.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

LOG_LIMIT = 1 << 20  # a log past 1 MiB is moved to nbviz.log.1 when a run starts (the one before is dropped)

_active: list[WindowedOutput] = []


def active() -> WindowedOutput | None:
    """The `WindowedOutput` standing for stdout and stderr now, or None (a console run)."""
    return _active[-1] if _active else None


class _Stream(io.TextIOBase):
    """``sys.stdout`` or ``sys.stderr`` of a windowed run: each write goes to the output's log and record."""

    def __init__(self, output: WindowedOutput, console) -> None:
        super().__init__()
        self._output, self._console = output, console

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, text: str) -> int:
        self._output.record(text)
        if self._console is not None:
            try:
                self._console.write(text)
            except (OSError, ValueError):  # a console that went away: the log has it
                self._console = None
        return len(text)

    def flush(self) -> None:
        if self._console is not None:
            try:
                self._console.flush()
            except (OSError, ValueError):
                self._console = None


class WindowedOutput:
    """Stands for ``sys.stdout`` and ``sys.stderr`` while a run with no console goes on (a context manager).

    Parameters
    ----------
    log : Path
        The message log, appended to (its folder is made; a log that cannot be written leaves the
        messages in memory, still shown).
    """

    def __init__(self, log: Path) -> None:
        self.log = log
        self._unseen: list[str] = []
        self._window_opened = False
        self._file = None
        self._saved: tuple = (None, None)

    def __enter__(self) -> WindowedOutput:
        self._file = _open_log(self.log)
        self._saved = (sys.stdout, sys.stderr)
        sys.stdout = _Stream(self, sys.stdout)
        sys.stderr = _Stream(self, sys.stderr)
        _active.append(self)
        self._to_log(f"--- nbviz started {time.strftime('%Y-%m-%d %H:%M:%S')}: {' '.join(sys.argv[1:])}\n")
        return self

    def __exit__(self, *exc) -> None:
        _active.remove(self)
        sys.stdout, sys.stderr = self._saved
        if self._file is not None:
            self._file.close()
            self._file = None

    def record(self, text: str) -> None:
        """Keep `text` (written to stdout or stderr) in the log and, until a window shows it, for the user."""
        self._to_log(text)
        if not self._window_opened:
            self._unseen.append(text)

    def _to_log(self, text: str) -> None:
        if self._file is None:
            return
        try:
            self._file.write(text)
            self._file.flush()
        except (OSError, ValueError):  # the disk filled up: the messages are still shown
            self._file = None

    def take_unseen(self) -> str:
        """What was written and not shown yet; from now on it counts as shown."""
        text, self._unseen = "".join(self._unseen), []
        return text

    def window_opened(self) -> None:
        """The window is open and shows its own messages: from now on messages go to the log only."""
        self._window_opened = True


def _open_log(path: Path):
    """`path` opened for appending, moved aside first when past `LOG_LIMIT`; None when it cannot be opened."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > LOG_LIMIT:
            path.replace(path.with_name(path.name + ".1"))
        return open(path, "a", encoding="utf-8", errors="replace")
    except OSError:
        return None
