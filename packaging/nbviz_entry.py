"""The bundle's program. Both of its executables run this script; the name each was started by decides:
``nbviz`` is the console program that prints its messages (typed in a terminal), ``nbviz-gui`` the
windowed one (the menu entry, the Start-menu shortcut, the macOS app, a double-clicked session), which
shows its messages in the window or a dialog and keeps them in the message log."""

import sys
from pathlib import Path

from nbviz.cli import gui_main, main
from nbviz.desktop.identity import GUI_PROGRAM

windowed = Path(sys.executable).stem.lower() == GUI_PROGRAM
raise SystemExit((gui_main if windowed else main)())
