"""How the process ends on a signal or when its standard output fails: one line, a status, no traceback.

A scripted run (``--steps``, ``--fit``, the outputs) that gets SIGINT (Ctrl+C) or SIGTERM ends at
once (`end_at_once_on_signals`): one line on stderr and status 128 + the signal's number (130 for
Ctrl+C), with no exception unwinding through Qt, worker threads or the interpreter's teardown, any
of which could crash or wait. Every file is written whole or not at all (`data.files`), so a file
being written keeps its earlier content. A window closes instead, as when the user closes it but
without asking to save (`quit_on_signals`); Qt's event loop is woken by the signal
(`signal.set_wakeup_fd`), so Python's handler runs at once even when no Python code is running.

`CheckedOutput` stands for standard output while the command runs: a full disk (``> /dev/full``) or
a closed stdout raises `OutputError`, which the command line reports in one line.
"""

from __future__ import annotations

import os
import signal
import socket
from collections.abc import Callable

SIGNALS = (signal.SIGINT, signal.SIGTERM)
WORDS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}


def status_of(signum: int) -> int:
    """The exit status of a process ended by signal `signum`, as a shell reports it (130 for SIGINT)."""
    return 128 + signum


def _say(signum: int) -> None:
    try:
        os.write(2, f"nbviz: {WORDS.get(signal.Signals(signum), 'stopped')}\n".encode())
    except OSError:  # stderr closed: the status still says it
        pass


def _end_now(signum: int, frame) -> None:
    _say(signum)
    os._exit(status_of(signum))


def end_at_once_on_signals() -> Callable[[bool], None]:
    """From now on SIGINT and SIGTERM end the process at once with one line (call from the main thread).

    Returns
    -------
    callable
        ``done(ending)``, to call when the command has finished: with `ending` True (the process
        ends next) a late signal is ignored, so the interpreter's teardown (where Python's own
        handlers are gone) neither dies of it nor prints a traceback, and the status stays that of
        the finished command; with False the previous handlers come back (a caller in-process).
    """
    previous = {signum: signal.getsignal(signum) for signum in SIGNALS}
    for signum in SIGNALS:
        signal.signal(signum, _end_now)

    def done(ending: bool) -> None:
        for signum in SIGNALS:
            signal.signal(signum, signal.SIG_IGN if ending else previous[signum])

    return done


class _Wakeup:
    """Wakes Qt's event loop when a signal arrives, so that Python's handler runs without waiting for
    the next Python code (a window idle in its event loop runs none)."""

    def __init__(self, parent) -> None:
        from PySide6.QtCore import QSocketNotifier

        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        self.notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, parent)
        self.notifier.activated.connect(self._drain)

    def _drain(self, *args) -> None:
        try:
            while self._reader.recv(64):
                pass
        except OSError:  # nothing more to read
            pass


def quit_on_signals(app, close: Callable[[], None]) -> _Wakeup:
    """SIGINT and SIGTERM close the window through `close` and end `app`'s event loop with status
    128 + the signal's number; one line on stderr. Returns the wake-up notifier (keep it)."""

    def handle(signum: int, frame) -> None:
        _say(signum)
        close()
        app.exit(status_of(signum))

    wakeup = _Wakeup(app)
    for signum in SIGNALS:
        signal.signal(signum, handle)
    return wakeup


class OutputError(Exception):
    """Standard output could not be written (the disk is full, or it is closed); the message says which."""


class CheckedOutput:
    """Standard output (`stream`, None when it is closed) whose failures raise `OutputError`.

    A reader that closes a pipe early still raises BrokenPipeError, which ends the command quietly.
    """

    def __init__(self, stream) -> None:
        self._stream = stream

    def _checked(self, action: str, *args):
        if self._stream is None:
            if action == "flush":
                return None
            raise OutputError("cannot write to standard output: it is closed")
        try:
            return getattr(self._stream, action)(*args)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:  # ValueError: the stream was closed under us
            reason = getattr(error, "strerror", None) or str(error)
            raise OutputError(f"cannot write to standard output: {reason}") from None

    def write(self, text: str) -> int:
        return self._checked("write", text)

    def flush(self) -> None:
        self._checked("flush")

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def silence_stdout(stream) -> None:
    """Point the file descriptor behind `stream` (stdout) at the null device, so that Python's last
    flush at exit finds neither a closed pipe nor a full disk."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError, AttributeError):  # no file descriptor behind stdout (closed, captured)
        pass
