"""Dialogs: the import preview, synthesis from chosen true parameters with its live preview, the
start editor, and the animation export's options.

May import: `gui.plots`, `gui.figures`, `gui.style`, `gui.widgets` and the app.
"""
