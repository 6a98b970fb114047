"""The command a menu entry, a shortcut or a file association starts, with the file after it.

Three installations, one rule: start the windowed program (`identity.GUI_PROGRAM`, which shows its
messages in the window or a dialog, never in a console) of the installation that is running now.

- A frozen bundle (PyInstaller): the bundle's ``nbviz-gui`` executable beside the running one,
  alone: a bundle has no ``-m`` (``<bundle>/nbviz -m nbviz`` is refused as an unknown option).
- A pip install: the ``nbviz-gui`` script of this environment (beside its Python), else the one on
  PATH, else the console script ``nbviz``.
- Neither (a source checkout run with ``python -m nbviz``): this Python with ``-m nbviz``; on
  Windows the windowless ``pythonw.exe`` beside it.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from .identity import CONSOLE_PROGRAM, GUI_PROGRAM


def launch_command() -> list[str]:
    """The program and its arguments that open a file given after them (unquoted).

    Returns
    -------
    list of str
        ``[program]`` or ``[python, "-m", "nbviz"]``.
    """
    executable = Path(sys.executable)
    suffix = ".exe" if sys.platform == "win32" else ""
    if getattr(sys, "frozen", False):
        gui = executable.with_name(GUI_PROGRAM + suffix)
        return [str(gui if gui.is_file() else executable)]
    for name in (GUI_PROGRAM, CONSOLE_PROGRAM):
        beside = executable.parent / (name + suffix)  # a virtual environment's bin/ or Scripts\
        if beside.is_file():
            return [str(beside)]
    for name in (GUI_PROGRAM, CONSOLE_PROGRAM):
        found = shutil.which(name)
        if found:
            return [str(Path(found).resolve())]
    windowless = executable.with_name("pythonw.exe")
    python = windowless if sys.platform == "win32" and windowless.is_file() else executable
    return [str(python), "-m", "nbviz"]
