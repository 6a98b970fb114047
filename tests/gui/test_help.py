"""Help inside the app: Help → User guide, F1, each dock's "?", the dialogs' Help button, "What is this view?"
and the presets' links open the user guide offline, each at the section about what is in use."""

import importlib
import pkgutil
import re

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence, QPalette, QShortcut, QTextDocument
from PySide6.QtWidgets import QAbstractButton, QDialog, QDialogButtonBox, QDockWidget, QLineEdit

import nbviz.gui
from nbviz.app.presentation.guide import HELP_TOPICS
from nbviz.app.presentation.presets import PRESETS, dataset_path
from nbviz.app.presentation.resources import resource_path
from nbviz.gui.window.help import browser as help_browser
from nbviz.gui.window.help.context_help import dock_topic

# the section each dock is about, by its title (written out here, not read from HELP_TOPICS)
DOCK_SECTIONS = {
    "Controls": "stepping.md#the-controls",
    "Objective": "stepping.md#the-objective-curve",
    "Parameters": "stepping.md#the-parameters-panel",
    "Point inspector": "stepping.md#the-point-inspector",
    "Choose K": "choosing-k.md#choose-k",
    "Restart gallery": "choosing-k.md#the-restart-gallery",
    "Bound (EM surrogate)": "stepping.md#the-bound-view",
    "Clusters vs classes": "stepping.md#clusters-vs-classes",
    "Uncertain points": "stepping.md#uncertain-points",
    "E-step board": "lectures.md#the-e-step-board",
}
# Help → What is this view?: each plot and its section (its heading)
VIEW_SECTIONS = {
    "The data view": ("stepping.md#the-data-view", "The data view"),
    "The responsibility map": ("stepping.md#the-responsibility-map", "The responsibility map"),
    "The objective curve": ("stepping.md#the-objective-curve", "The objective curve"),
    "The bound view": ("stepping.md#the-bound-view", "The bound view"),
    "Choose K": ("choosing-k.md#choose-k", "Choose K"),
    "The restart gallery": ("choosing-k.md#the-restart-gallery", "The restart gallery"),
    "The E-step board": ("lectures.md#the-e-step-board", "The E-step board"),
}


def scrolled_to(page, heading: str) -> bool:
    """Whether the guide's page is scrolled to `heading`: at the top, or as far as the page goes."""
    document, scroll = page.document(), page.verticalScrollBar()
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0 and block.text() == heading:
            top = document.documentLayout().blockBoundingRect(block).top()
            return abs(scroll.value() - min(top, scroll.maximum())) <= 2
        block = block.next()
    raise AssertionError(f"no heading {heading!r} on the page")


def menu(window, *path: str):
    """The action at `path` of the window's menus ("&Help", "What is this view?", ...)."""
    actions = window.menuBar().actions()
    for text in path:
        action = next(action for action in actions if action.text() == text)
        actions = action.menu().actions() if action.menu() is not None else []
    return action


def test_help_user_guide_opens_the_contents_from_the_installed_files_and_goes_back(make_main_window):
    window = make_main_window()
    menu(window, "&Help", "User guide").trigger()
    browser = window.context_help.browser
    assert browser is not None and browser.isVisible()
    assert browser.shown_link() == "index.md"
    source = browser.page.source()
    assert source.isLocalFile() and source.toLocalFile() == str(resource_path("docs", "index.md"))  # offline
    text = browser.page.toPlainText()
    assert text.startswith("The nbviz user guide") and "](" not in text  # rendered, not the Markdown source
    browser.show_link("exports.md#figures")
    browser.page.backward()
    assert browser.shown_link() == "index.md"
    browser.page.forward()
    assert browser.shown_link() == "exports.md#figures"
    assert scrolled_to(browser.page, "Figures")


def test_f1_opens_the_guide_at_the_section_of_the_widget_in_use(make_main_window, qtbot):
    window = make_main_window(active=True)
    assert window.files.load_preset("gmm-2d")
    for widget, link, heading in [
        (window.controls.k_spin, "stepping.md#the-controls", "The controls"),
        (window.inspector.findChild(QLineEdit), "stepping.md#the-point-inspector", "The point inspector"),
        (window.data_view.scatter, "stepping.md#the-data-view", "The data view"),
    ]:
        window.activateWindow()
        widget.setFocus()
        qtbot.waitUntil(widget.hasFocus)
        qtbot.keyClick(widget, Qt.Key.Key_F1)
        browser = window.context_help.browser
        assert browser is not None and browser.shown_link() == link
        assert scrolled_to(browser.page, heading)
    assert len(window.session.history) == 1  # F1 is no stepping key: nothing else happened


def test_each_docks_question_mark_opens_its_section(make_main_window, qtbot):
    window = make_main_window()
    assert window.files.load_preset("gmm-2d")
    buttons = {button.dock.windowTitle(): button for button in window.context_help.dock_buttons}
    assert set(buttons) == set(DOCK_SECTIONS)
    for title, link in DOCK_SECTIONS.items():
        button = buttons[title]
        dock = button.dock
        dock.show()
        dock.raise_()
        qtbot.waitUntil(lambda dock=dock: dock.widget().y() > 0)  # laid out below its title bar
        qtbot.waitUntil(button.isVisible)
        float_button = dock.findChild(QAbstractButton, "qt_dockwidget_floatbutton")
        assert button.geometry().bottom() < dock.widget().geometry().top() + 1  # in the title bar
        assert float_button is None or not button.geometry().intersects(float_button.geometry())
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert window.context_help.browser.shown_link() == link, title
    # in presentation mode the objective's title bar shows the run's state: its "?" gives way
    objective = buttons["Objective"]
    window.appearance.set_presentation(True)
    qtbot.waitUntil(lambda: window.docks.objective_dock.titleBarWidget() is not None)
    qtbot.waitUntil(objective.isHidden)
    window.appearance.set_presentation(False)
    qtbot.waitUntil(lambda: not objective.isHidden())


def gui_dialogs() -> list[type]:
    """Every QDialog subclass nbviz's GUI defines."""
    for module in pkgutil.walk_packages(nbviz.gui.__path__, "nbviz.gui."):
        importlib.import_module(module.name)
    found, todo = [], [QDialog]
    while todo:
        for subclass in todo.pop().__subclasses__():
            todo.append(subclass)
            if subclass.__module__.startswith("nbviz."):
                found.append(subclass)
    return found


def test_every_dock_and_dialog_has_its_section(make_main_window):
    window = make_main_window()
    for dock in window.findChildren(QDockWidget):
        assert dock_topic(dock) is not None, dock.windowTitle()
    dialogs = gui_dialogs()
    assert len(dialogs) >= 5
    for dialog in dialogs:
        assert dialog.__name__ in HELP_TOPICS, dialog


def test_a_dialogs_help_button_and_f1_open_its_section(make_main_window, qtbot):
    window = make_main_window()
    dialog = window.files.import_file(str(dataset_path("iris.csv")))
    qtbot.waitExposed(dialog)
    help_button = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Help)
    assert help_button is not None and help_button.isVisible() and not help_button.autoDefault()
    qtbot.mouseClick(help_button, Qt.MouseButton.LeftButton)
    browser = window.context_help.browser
    assert browser.shown_link() == "your-data.md#the-import-preview"
    assert browser.parentWidget() is dialog  # a modal dialog leaves only its own windows usable
    browser.show_link("index.md")
    browser.close()
    # F1 in the dialog (offscreen, a window-modal dialog never becomes the active window to send it to)
    f1 = dialog.findChild(QShortcut)
    assert f1.key() == QKeySequence(QKeySequence.StandardKey.HelpContents) and f1.parent() is dialog
    f1.activated.emit()
    assert window.context_help.browser.shown_link() == "your-data.md#the-import-preview"
    assert window.context_help.browser.isVisible()
    dialog.reject()
    assert window.files.load_preset("gmm-2d")
    editor = window.edit_start()
    editor.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Help).click()
    assert window.context_help.browser.shown_link() == "stepping.md#the-start"
    editor.reject()


def test_what_is_this_view_and_how_em_works_open_their_sections(make_main_window):
    window = make_main_window()
    views = menu(window, "&Help", "What is this view?").menu().actions()
    assert [action.text() for action in views] == list(VIEW_SECTIONS)
    for action in views:
        action.trigger()
        link, heading = VIEW_SECTIONS[action.text()]
        assert window.context_help.browser.shown_link() == link
        assert scrolled_to(window.context_help.browser.page, heading)
    menu(window, "&Help", "How EM works here").trigger()
    assert window.context_help.browser.shown_link() == "mathematics.md"
    assert "ELBO" in window.context_help.browser.page.toPlainText()


def test_a_presets_note_links_to_its_lesson(make_main_window, qtbot):
    window = make_main_window()
    note = window.preset_note
    for preset in ("lecture-dog-cat", "faithful"):
        assert window.files.load_preset(preset)
        qtbot.waitUntil(note.isVisible)
        assert note.text == PRESETS[preset].note_text(presenting=False)  # the workspace's words, its link after it
        href = re.search(r'<a href="([^"]+)"[^>]*>The lesson…</a>$', note.label.text()).group(1)
        note.label.linkActivated.emit(href)  # as a click on the link does
        browser = window.context_help.browser
        assert browser is not None and browser.shown_link() == f"lectures.md#{preset}"
        assert scrolled_to(browser.page, preset)
    note.dismiss()
    assert not note.isVisible() and "lesson" not in note.label.text()


def test_the_guides_pictures_are_shown_within_the_browsers_width(make_main_window):
    window = make_main_window()
    browser = window.context_help.open_link("stepping.md#the-window")
    document = browser.page.document()
    shown = 0
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            form = fragments.fragment().charFormat()
            if form.isImageFormat():
                url = browser.page.source().resolved(QUrl(form.toImageFormat().name()))
                image = document.resource(QTextDocument.ResourceType.ImageResource, url)
                assert image is not None and not image.isNull(), url.toString()
                assert 50 <= form.toImageFormat().width() <= browser.page.viewport().width()
                shown += 1
            fragments += 1
        block = block.next()
    assert shown == 2  # the window and the bound view


def test_a_guide_missing_from_the_installation_is_said_in_one_line(make_main_window, monkeypatch):
    def missing(page):
        raise FileNotFoundError(f"the user guide's page {page} is missing from this installation")

    monkeypatch.setattr(help_browser, "guide_page", missing)
    window = make_main_window()
    menu(window, "&Help", "User guide").trigger()
    text = window.context_help.browser.page.toPlainText()
    assert text.startswith("the user guide's page index.md is missing from this installation")
    assert "pip install" in text


def link_colours(page) -> set[str]:
    """The colours the links of the guide's page are drawn in."""
    colours = set()
    block = page.document().begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            form = fragments.fragment().charFormat()
            if form.isAnchor() and form.anchorHref():
                colours.add(form.foreground().color().name())
            fragments += 1
        block = block.next()
    return colours


def test_the_guide_follows_the_windows_colour_scheme(make_main_window, qtbot):
    window = make_main_window()
    window.set_dark(False)
    browser = window.context_help.open_link("stepping.md")
    light = link_colours(browser.page)
    window.set_dark(True)  # while the guide is open
    qtbot.waitUntil(lambda: link_colours(browser.page) != light)
    dark = browser.page.palette()
    assert link_colours(browser.page) == {dark.color(QPalette.ColorRole.Link).name()}
    assert dark.color(QPalette.ColorRole.Base).lightness() < 100  # the page is dark too
