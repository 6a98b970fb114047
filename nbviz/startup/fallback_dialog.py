"""A message shown by the desktop's own dialog tool, for when Qt cannot show one (its platform plugin
does not load): ``zenity`` (GNOME), ``kdialog`` (KDE) or ``xmessage`` (X11), the first one found.

The message is in the log and on stderr already; this is for a program started from a menu, whose
stderr nobody reads.
"""

from __future__ import annotations

import shutil
import subprocess

TITLE = "nbviz could not start"


def dialog_command(text: str, find=shutil.which) -> list[str] | None:
    """The command that shows `text` in a dialog, or None when no dialog tool is installed."""
    if find("zenity"):
        return ["zenity", "--error", "--no-markup", f"--title={TITLE}", f"--text={text}"]
    if find("kdialog"):
        return ["kdialog", "--title", TITLE, "--error", text]
    if find("xmessage"):
        return ["xmessage", "-center", f"{TITLE}\n\n{text}"]
    return None


SHOWN: list[subprocess.Popen] = []  # the dialogs started: kept, so that none is reaped as a stray process


def show_without_qt(text: str) -> bool:
    """Show `text` with the desktop's dialog tool, not waiting for it; whether one was started."""
    command = dialog_command(text)
    if command is None:
        return False
    try:
        quiet = subprocess.DEVNULL
        dialog = subprocess.Popen(command, stdin=quiet, stdout=quiet, stderr=quiet)
    except OSError:
        return False
    SHOWN.append(dialog)
    return True
