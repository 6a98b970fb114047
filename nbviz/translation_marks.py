"""Marking a text for translation where it is declared, to be translated where it is shown.

A text declared at import time (a menu entry in a table of commands, a preset's description) cannot
be translated there: the translator is installed later, when the window starts. It is marked with
`QT_TRANSLATE_NOOP` (which ``pyside6-lupdate`` collects into ``translations/*.ts``) and translated
with ``QCoreApplication.translate("nbviz", text)`` where it is shown. PySide6's own
``QT_TRANSLATE_NOOP`` is typed as returning ``object``; this one is the same identity, typed ``str``.
Plain Python: the core, the app and the GUI may all use it.
"""

import sys


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """`text`, unchanged: marked for translation in `context` (always "nbviz")."""
    return text


def translate(context: str, text: str) -> str:
    """`text` in the window's language: ``QCoreApplication.translate`` once Qt is loaded, else `text`.

    The app's texts are translated where they are made without the app importing Qt for it (the family
    registry loads no Qt: a script using the app's presentation stays light): a translator can only
    have been installed if Qt is loaded already.
    """
    qtcore = sys.modules.get("PySide6.QtCore")
    return text if qtcore is None else qtcore.QCoreApplication.translate(context, text)
