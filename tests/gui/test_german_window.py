"""Under a German system locale the window is German: no English text outside the names a lesson keeps
(E-step, M-step, ELBO), the data's own names and units, and the covariance types."""

import re

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QLocale, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTableWidget,
    QTextBrowser,
    QWidget,
)

import nbviz.gui.window.language as language
from nbviz.app.presentation.resources import dataset_path
from nbviz.gui.dialogs.import_dialog import ImportDialog
from nbviz.gui.dialogs.start_editor import StartEditor
from nbviz.gui.dialogs.synthesize import SynthesisDialog
from nbviz.gui.window.help.dialogs import show_about, show_shortcuts

# English words that German text does not use: any of them is English left over
ENGLISH = re.compile(
    r"\b(the|of|and|with|is|are|from|each|this|that|to|for|not|by|at|or|its|their|click|point|points|component|"
    r"components|step|run|show|data|load|choose|weight|mean|means|covariance|variance|half-step|objective|"
    r"responsibilities|responsibility|features?|rows?|line|reset|play|history|open|save|file|edit|view|help|quit|"
    r"undo|redo)\b",
    re.IGNORECASE,
)
# kept as they are: the lecture's words, model and method names, and the data's own names
KEPT = re.compile(
    r"E-step|M-step|ELBO|k-means\+\+|k-means|Naive Bayes|full|diag|spherical|tied|log-prior|"
    r"eruptions|waiting|faithful|gmm-1d|gmm-2d|missing-cells|iris|penguins|digits|bars|corpus|survey|kmeans-limit|"
    r"naive-bayes|lecture-[a-z-]+|dog|cat|tulip|rose|never|sometimes|often|smoking|exercise|vegetables|alcohol|"
    r"Old Faithful|Palmer|nbviz|Bag-of-Words|PySide6|scipy|numpy|pyqtgraph|Python|CSV|TSV|JSON|HTML|PNG|GIF|"
    r"APNG|SVG|PDF|Ctrl\+\w+|--\w+",
)


@pytest.fixture(scope="module")
def german_window(qapp, tmp_path_factory):
    """One window on a system asking for German (it installs nbviz's German translation); English after."""
    from nbviz.gui.window.main_window import MainWindow

    folder = tmp_path_factory.mktemp("german")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(language, "system_locale", lambda: QLocale("de_DE"))
        window = MainWindow(settings=QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window.remember_layout = False
    window.resize(1280, 800)
    window.show()
    yield window
    window.close()
    window.deleteLater()
    english = QSettings(str(folder / "english.ini"), QSettings.Format.IniFormat)
    english.setValue(language.KEEP_ENGLISH, True)
    language.install_translators(english)  # removes the German translators


def shown_texts(top: QWidget) -> list[str]:
    """The texts `top` shows: labels, buttons, boxes, choices, docks, panels, fields, tables, menus, axes, tips."""
    texts = []
    for widget in top.findChildren(QWidget):
        if not widget.isVisible():
            continue
        texts.append(widget.toolTip())
        if isinstance(widget, QLabel):
            texts.append(widget.text())
        elif isinstance(widget, QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QDockWidget):
            texts.append(widget.windowTitle())
        elif isinstance(widget, QTextBrowser):
            texts.append(widget.toPlainText())
        elif isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        elif isinstance(widget, QTableWidget):
            texts += [widget.horizontalHeaderItem(c).text() for c in range(widget.columnCount())]
        elif isinstance(widget, pg.PlotWidget):
            texts += [widget.getAxis(side).labelText for side in ("left", "bottom")]
    texts += [action.text() for action in top.findChildren(QAction)] + [
        menu.title() for menu in top.findChildren(QMenu)
    ]
    texts += [action.toolTip() for action in top.findChildren(QAction) if action.isEnabled()]
    return texts


def english_left(top: QWidget) -> list[str]:
    """The texts of `top` with English words left once the kept names and the markup are taken out."""
    left = []
    for text in shown_texts(top):
        plain = KEPT.sub(" ", re.sub(r"<[^>]+>|&\w+;", " ", text))
        if ENGLISH.search(plain):
            left.append(text)
    return sorted(set(left))


def test_the_start_page_in_german_shows_no_english(german_window):
    assert german_window.language == "de"
    german_window.pages.setCurrentIndex(0)
    assert english_left(german_window) == []


@pytest.mark.parametrize("preset", ["faithful", "digits", "survey"])
def test_the_window_in_german_shows_no_english(german_window, preset):
    window = german_window
    assert window.files.load_preset(preset)
    window.take_half_steps(3)
    window.session.select(1)
    window.repaint_now()
    assert english_left(window) == []


@pytest.mark.parametrize("make", ["synthesis", "import", "start editor"])
def test_the_dialogs_in_german_show_no_english(german_window, qtbot, make):
    window = german_window
    assert window.files.load_preset("faithful")
    dialog = {
        "synthesis": lambda: SynthesisDialog(window.session, window),
        "import": lambda: ImportDialog(str(dataset_path("iris.csv")), window),
        "start editor": lambda: StartEditor(window.session, window),
    }[make]()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert english_left(dialog) == []


@pytest.mark.parametrize("show", [show_shortcuts, show_about])
def test_the_help_in_german_shows_no_english(german_window, qtbot, show):
    dialog = show(german_window)
    qtbot.waitExposed(dialog)
    assert english_left(dialog) == []
    dialog.close()
