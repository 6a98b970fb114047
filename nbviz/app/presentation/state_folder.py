"""Where nbviz keeps what it writes for itself beside the user's settings: its message log.

Linux ``$XDG_STATE_HOME/nbviz`` (default ``~/.local/state/nbviz``), Windows ``%LOCALAPPDATA%\\nbviz``,
macOS ``~/Library/Logs/nbviz`` (where Console.app looks). Help → Message log shows the log.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

LOG_NAME = "nbviz.log"


def state_folder(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The folder for nbviz's own state on this system (not created here); `environ` and `platform`
    default to this process's (``os.environ``, ``sys.platform``)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    home = Path(environ.get("HOME") or environ.get("USERPROFILE") or Path.home())
    if platform == "win32":
        return Path(environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "nbviz"
    if platform == "darwin":
        return home / "Library" / "Logs" / "nbviz"
    return Path(environ.get("XDG_STATE_HOME") or home / ".local" / "state") / "nbviz"


def log_path() -> Path:
    """The message log: what a run with no console wrote, and the unexpected errors' details."""
    return state_folder() / LOG_NAME
