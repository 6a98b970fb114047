"""The main window and what belongs to it alone: the window (`main_window`), the stepping keys,
presentation mode's layout and overlay, the start page, the preset note, the
View menu, File → Classify new data, and the handling of unexpected errors and Qt's messages.

May import: every other gui package and the app. Nothing else in the gui imports it."""
