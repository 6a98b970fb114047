"""Session state and control without widgets: what the window shows, as plain objects with Qt signals.

The app sits between the core (the mathematics) and the GUI (the widgets). Its packages, from the
bottom up: `jobs` (work off the GUI thread), `families` (how each mixture family is presented),
`data` (data in and out), `analysis` (numbers the views draw), `model` (the user's model choice),
`run` (the session and its run), `explore` (Choose K, restarts), `documents` (session files) and
`presentation` (appearance, view options, presets). Each package's docstring says what it may import; `pyproject.toml`'s
import-linter contracts check it.

May import: the core, QtCore and QtGui. Never QtWidgets, pyqtgraph or the GUI.
"""
