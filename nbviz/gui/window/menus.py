"""The main window's menu bar: File, Edit, Run, View, Explore and Help, laid out from the window's
commands (`commands.WindowCommands`) and docks (`docks.WindowDocks`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from ...app.presentation.guide import MATHEMATICS, view_topics
from ...app.presentation.presets import PRESETS
from ...app.presentation.view_options import ViewOptions
from ...app.run.session import Session
from ..plots.data.data_view import DataView
from ..plots.data.motion import Motion, add_motion_menu
from .commands import WindowCommands
from .docks import WindowDocks
from .help.context_help import ContextHelp
from .help.dialogs import show_about, show_log, show_shortcuts
from .view_menu import add_view_option_actions, follow_standardization

translate = QCoreApplication.translate


@dataclass
class MenuActions:
    """The View menu's own actions that the window keeps (the commands' are in `WindowCommands`)."""

    view_options: dict[str, QAction]
    motion: dict
    view_menu: QMenu


def build_menus(
    window: QMainWindow,
    commands: WindowCommands,
    docks: WindowDocks,
    load_preset: Callable[[str], object],
    *,
    session: Session,
    data_view: DataView,
    view_options: ViewOptions,
    motion: Motion,
    context_help: ContextHelp,
) -> MenuActions:
    """Fill `window`'s menu bar; `load_preset(name)` opens a preset from File → Presets."""
    bar = window.menuBar()
    file_menu = bar.addMenu(translate("nbviz", "&File"))
    file_menu.addAction(commands["open"])
    file_menu.addAction(commands["synthesise"])
    presets = file_menu.addMenu(translate("nbviz", "Presets"))
    for preset in PRESETS.values():
        action = presets.addAction(f"{preset.name} — {translate('nbviz', preset.description)}")
        action.triggered.connect(lambda _=False, name=preset.name: load_preset(name))
    file_menu.addAction(commands["start_page"])
    file_menu.addSeparator()
    file_menu.addAction(commands["save"])
    export_menu = file_menu.addMenu(translate("nbviz", "Export"))
    for kind, action in commands.export_actions().items():
        if kind == "animation":
            export_menu.addSeparator()
        export_menu.addAction(action)
    file_menu.addAction(commands["classify"])
    file_menu.addAction(commands["screenshot"])
    file_menu.addSeparator()
    file_menu.addAction(commands["quit"])
    edit_menu = bar.addMenu(translate("nbviz", "&Edit"))
    edit_menu.addAction(commands["undo"])
    edit_menu.addAction(commands["redo"])
    edit_menu.addSeparator()
    edit_menu.addAction(commands["paint"])
    edit_menu.addAction(commands["delete_point"])
    run_menu = bar.addMenu(translate("nbviz", "&Run"))
    for action in commands.run_actions():
        run_menu.addAction(action)
    view_menu = bar.addMenu(translate("nbviz", "&View"))
    for dock in (*docks.workspace_docks(), *docks.optional_docks()):
        view_menu.addAction(dock.toggleViewAction())
    posterior = view_menu.addAction(translate("nbviz", "Posterior curves P(C | x) (1-D data)"))
    posterior.setCheckable(True)
    posterior.setChecked(True)
    posterior.toggled.connect(data_view.set_posterior_visible)
    view_option_actions = add_view_option_actions(view_menu, view_options, window)
    follow_standardization(view_option_actions["original_units"], session)
    explore_menu = bar.addMenu(translate("nbviz", "E&xplore"))
    explore_menu.addAction(translate("nbviz", "Choose K…"), lambda: docks.show_explore_dock(docks.choose_k_dock))
    explore_menu.addAction(translate("nbviz", "Restart gallery…"), lambda: docks.show_explore_dock(docks.restarts_dock))
    view_menu.addSeparator()
    motion_actions = add_motion_menu(view_menu, motion, window)
    view_menu.addAction(commands["presentation"])
    for name in ("larger_text", "smaller_text", "normal_text"):
        view_menu.addAction(commands[name])
    view_menu.addAction(commands["describe"])
    add_help_menu(window, commands, context_help)
    return MenuActions(view_option_actions, motion_actions, view_menu)


def add_help_menu(window: QMainWindow, commands: WindowCommands, context_help: ContextHelp) -> None:
    """Help: the user guide (whole, at the panel in use, at each plot), the keyboard shortcuts, the message
    log, About."""
    help_menu = window.menuBar().addMenu(translate("nbviz", "&Help"))
    help_menu.addAction(commands["guide"])
    help_menu.addAction(commands["context_help"])
    views = help_menu.addMenu(translate("nbviz", "What is this view?"))
    for topic in view_topics():
        views.addAction(translate("nbviz", topic.title), partial(context_help.open_topic, topic))
    help_menu.addAction(translate("nbviz", "How EM works here"), lambda: context_help.open_topic(MATHEMATICS))
    parent: QWidget = window
    help_menu.addAction(translate("nbviz", "Keyboard shortcuts"), lambda: show_shortcuts(parent))
    help_menu.addAction(translate("nbviz", "Message log"), lambda: show_log(parent))
    help_menu.addSeparator()
    help_menu.addAction(translate("nbviz", "About nbviz"), lambda: show_about(parent))
