"""Starting nbviz where nobody reads a console, and where Qt cannot open a window.

- `windowed`: a run with no console (``nbviz-gui``; ``pythonw``; a windowed bundle, where
  ``sys.stdout`` and ``sys.stderr`` are None): every message goes to the message log, and what no
  window showed is handed over to be shown in a dialog.
- `qt_libraries`: before Qt is asked for a window on Linux, whether its X11 platform plugin can load;
  if not, which system libraries are missing and the one apt or dnf line that installs them.
- `fallback_dialog`: a dialog shown by the desktop's own tool (zenity, kdialog, xmessage) when Qt
  cannot show one.

May import: the app (the state folder), QtCore. No widgets: the dialogs Qt draws are the GUI's.
"""
