"""The import dialog's choices as the file and the core name them, with the names shown for them
(marked for translation here, translated where shown): the field separators, the decimal marks and
the roles of a column."""

from __future__ import annotations

from nbviz.translation_marks import QT_TRANSLATE_NOOP

# the file's separators: the character, and its name in the chooser
DELIMITERS = (
    (",", QT_TRANSLATE_NOOP("nbviz", "comma")),
    ("\t", QT_TRANSLATE_NOOP("nbviz", "tab")),
    (";", QT_TRANSLATE_NOOP("nbviz", "semicolon")),
    (" ", QT_TRANSLATE_NOOP("nbviz", "whitespace")),
)
DECIMALS = ((".", QT_TRANSLATE_NOOP("nbviz", "point  1.5")), (",", QT_TRANSLATE_NOOP("nbviz", "comma  1,5")))
# the roles of a column (`nbviz.core.tables.columns.ROLES`, in its order), as the chooser shows them
ROLE_NAMES = (
    QT_TRANSLATE_NOOP("nbviz", "feature"),
    QT_TRANSLATE_NOOP("nbviz", "categorical"),
    QT_TRANSLATE_NOOP("nbviz", "label"),
    QT_TRANSLATE_NOOP("nbviz", "ignore"),
)
