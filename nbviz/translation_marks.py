"""Marking a text for translation where it is declared, to be translated where it is shown.

A text declared at import time (a menu entry in a table of commands, a preset's description) cannot
be translated there: the translator is installed later, when the window starts. It is marked with
`QT_TRANSLATE_NOOP` (which ``pyside6-lupdate`` collects into ``translations/*.ts``) and translated
with ``QCoreApplication.translate("nbviz", text)`` where it is shown. PySide6's own
``QT_TRANSLATE_NOOP`` is typed as returning ``object``; this one is the same identity, typed ``str``.
Plain Python: the core, the app and the GUI may all use it.
"""


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """`text`, unchanged: marked for translation in `context` (always "nbviz")."""
    return text
