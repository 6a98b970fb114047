"""The names under which nbviz and its session files are known to each desktop, declared once.

The Linux desktop entry and MIME type (`xdg`), the Windows registry keys (`windows`, and the NSIS
installer, whose include files are generated from them), the macOS Info.plist (`macos`, read by the
PyInstaller spec) and the icons all take their names from here.
"""

from __future__ import annotations

APP_ID = "nbviz"  # the desktop entry's and icon's name, the bundle's folder, the install folder
APP_NAME = "nbviz"
SUMMARY = "Watch the EM algorithm work, one E-step and one M-step at a time"
PUBLISHER = "The nbviz developers"
BUNDLE_ID = "org.nbviz.nbviz"  # macOS CFBundleIdentifier

CONSOLE_PROGRAM = "nbviz"  # prints its messages: typed in a terminal
GUI_PROGRAM = "nbviz-gui"  # no console: the menu entry, the Start-menu shortcut, a double-clicked session

SESSION_SUFFIX = ".nbviz"
SESSION_NAME = "nbviz session"  # what a file manager calls the type
MIME_TYPE = "application/x-nbviz-session"
PROG_ID = "nbviz.session"  # Windows: HKCU\Software\Classes\<PROG_ID>
UTI = "org.nbviz.session"  # macOS: the exported uniform type identifier
SESSION_ICON = "nbviz-session"  # the document icon's file name, without suffix (.ico, .icns)
