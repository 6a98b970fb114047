"""The window's language and number format.

Language: the text is shown in the system's language when nbviz has a translation for it (German,
`translations/nbviz_de.ts`, compiled by `translations/update.py` into the `.qm` the wheel ships),
with Qt's own translation of its dialogs' buttons beside it; View → Keep English keeps it English
from the next start (every widget takes its text when it is made). The lecture's words stay:
E-step, M-step, ELBO.

Numbers: one decimal mark, the C locale's point, in every number shown and typed. nbviz writes "."
wherever numbers leave it (CSV and JSON exports, session files, the command line's options and
messages) and its plots' axes are drawn by pyqtgraph with Python's formatting, which always writes
"."; the probe field and the start editor separate values by commas. A German or French system
locale gave the Qt spin boxes "0,000" beside "0.5" in the rest of the window. So the window uses the
C locale's numbers whatever the system's language: "." for the decimal point and no thousands
separators (a cap of 1000 is "1000", never "1.000"); the numeric keypad's decimal key types "." in
a number field (`keys.StepKeys`). A German window keeps "0.5".
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from ...app.presentation.resources import resource_path

translate = QCoreApplication.translate

KEEP_ENGLISH = "view/keep_english"  # the setting View → Keep English writes
TRANSLATOR = "nbviz-translator"  # the object name of the translators installed here (to replace them)


def number_locale() -> QLocale:
    """The C locale without group separators, shown or accepted."""
    numbers = QLocale.c()
    numbers.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator | QLocale.NumberOption.RejectGroupSeparator)
    return numbers


def use_one_decimal_mark() -> None:
    """Every widget made from now on shows and reads numbers with "." and no group separators."""
    QLocale.setDefault(number_locale())


def system_locale() -> QLocale:
    """The language the system asks for (LANG, LC_ALL, LC_MESSAGES on Linux; the user's settings elsewhere)."""
    return QLocale.system()


def keeps_english(settings: QSettings) -> bool:
    """Whether View → Keep English is ticked."""
    return settings.value(KEEP_ENGLISH, False, type=bool) is True


def install_translators(settings: QSettings) -> str | None:
    """Install nbviz's translation for the system's language, and Qt's for its own dialogs, unless English
    is kept or there is none; replaces those installed before. Returns the language installed ("de"), or None.

    Call it before the widgets are made: each takes its text when it is made.
    """
    app = QCoreApplication.instance()
    if app is None:
        return None
    for old in app.findChildren(QTranslator, TRANSLATOR):
        QCoreApplication.removeTranslator(old)
        old.deleteLater()
    locale = system_locale()
    if keeps_english(settings) or locale.language() in (QLocale.Language.C, QLocale.Language.English):
        return None
    try:
        folder = resource_path("translations")
    except FileNotFoundError:  # an installation without translations: English
        return None
    ours = QTranslator(app)
    ours.setObjectName(TRANSLATOR)
    if not ours.load(locale, "nbviz", "_", str(folder)):
        ours.deleteLater()
        return None
    QCoreApplication.installTranslator(ours)
    qt = QTranslator(app)
    qt.setObjectName(TRANSLATOR)
    if qt.load(locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        QCoreApplication.installTranslator(qt)
    else:
        qt.deleteLater()
    return ours.language().split("_")[0]


def add_language_action(menu: QMenu, settings: QSettings, notice, parent: QWidget) -> QAction:
    """View → Keep English: a checkable action writing the setting; `notice(text)` says when it takes effect."""
    action = QAction(translate("nbviz", "Keep English (from the next start)"), parent)
    action.setCheckable(True)
    action.setChecked(keeps_english(settings))
    action.setToolTip(translate("nbviz", "Show nbviz in English even where your system asks for another language"))

    def chosen(keep: bool) -> None:
        settings.setValue(KEEP_ENGLISH, keep)
        settings.sync()
        notice(
            translate("nbviz", "nbviz will be in English from the next start.")
            if keep
            else translate("nbviz", "nbviz will be in your system's language from the next start.")
        )

    action.toggled.connect(chosen)
    menu.addAction(action)
    return action
