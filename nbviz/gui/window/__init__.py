"""The main window and what belongs to it alone: the window (`main_window`), its commands (`commands`:
every QAction declared once) and menus, its docks (`docks`), the file commands (`file_commands`:
open, synthesise, save) and exports (`export_commands`), the stepping keys, presentation mode's
layout and overlay, the start page, the preset note, the View menu, the status bar's text, Help,
File → Classify new data, and the handling of unexpected errors and Qt's messages.

May import: every other gui package and the app. Nothing else in the gui imports it."""
