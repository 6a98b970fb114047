"""The window's commands, each declared once: its text, shortcuts, tooltip, icon and the rule that says
when it is enabled. One QAction per command, reused by the menus, the toolbar and the stepping keys.

The File → Export entries come from the export formats (`app.data.export.EXPORT_FORMATS`) and the
figure kinds (`app.presentation.figure_kinds.FIGURE_KINDS`); what a command does is connected by the
window (`WindowCommands.connect_slots`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence, QPalette
from PySide6.QtWidgets import QMainWindow, QToolBar

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.data.export import EXPORT_FORMATS
from ...app.presentation.figure_kinds import FIGURE_KINDS
from ...app.run.session import Session
from ..style.icons import themed_icon

translate = QCoreApplication.translate

ICON_SIZES = {False: 22, True: 32}  # toolbar icon size in pixels: normal, presentation mode

Shortcut = str | QKeySequence.StandardKey

# when a command is enabled: a rule's name -> the test on the session
RULES: dict[str, Callable[[Session], bool]] = {
    "run": lambda session: session.can_step,  # a run shown and no background work
    "m_step": lambda session: session.can_m_step,  # ... and an E-step first
    "undo": lambda session: session.undo_history.can_undo,
    "redo": lambda session: session.undo_history.can_redo,
    "idle": lambda session: not session.busy,
    "paint": lambda session: session.painting.can_paint,  # 1-D or 2-D data drawn as points, no background work
}


@dataclass(frozen=True)
class Command:
    """How a command looks and when it can be given.

    Attributes
    ----------
    text : str
        Its menu text.
    shortcuts : tuple
        Key sequences (text or a standard key); the first is shown in the menu.
    tip : str or None
        Its tooltip ("" for the text; None for Qt's own, the text without its dots).
    icon : str or None
        Its themed icon's name (`style.icons`).
    enabled : str or None
        The rule in `RULES` that enables it; None for always.
    checkable : bool
    presenting : str or None
        Its toolbar button's shorter text in presentation mode, where the type is large and the
        screen may be 1024 pixels wide; None: the text.
    """

    text: str
    shortcuts: tuple[Shortcut, ...] = ()
    tip: str | None = ""
    icon: str | None = None
    enabled: str | None = None
    checkable: bool = False
    presenting: str | None = None


# the Run menu's commands, in its order (the toolbar shows the first six, then Back and Forward)
RUN_COMMANDS: dict[str, Command] = {
    "e_step": Command(
        QT_TRANSLATE_NOOP("nbviz", "E-step"),
        ("E",),
        QT_TRANSLATE_NOOP("nbviz", "Compute responsibilities (E)"),
        "e-step",
        "run",
    ),
    "m_step": Command(
        QT_TRANSLATE_NOOP("nbviz", "M-step"),
        ("M",),
        QT_TRANSLATE_NOOP("nbviz", "Refit the parameters (M)"),
        "m-step",
        "m_step",
    ),
    "iteration": Command(
        QT_TRANSLATE_NOOP("nbviz", "Iteration"),
        ("I",),
        QT_TRANSLATE_NOOP("nbviz", "One E-step and one M-step (I)"),
        "iteration",
        "run",
    ),
    "play": Command(
        QT_TRANSLATE_NOOP("nbviz", "Play"),
        ("Space",),
        QT_TRANSLATE_NOOP("nbviz", "Play or pause (Space)"),
        "play",
        "run",
    ),
    "run": Command(
        QT_TRANSLATE_NOOP("nbviz", "Run to convergence"),
        ("Ctrl+R",),
        "",
        "run",
        "run",
        presenting=QT_TRANSLATE_NOOP("nbviz", "Converge"),
    ),
    "reset": Command(
        QT_TRANSLATE_NOOP("nbviz", "Reset"),
        ("R",),
        QT_TRANSLATE_NOOP("nbviz", "Back to the start of this run (R)"),
        "reset",
        "run",
    ),
    # Page Up: a presenter remote's Previous
    "back": Command(
        QT_TRANSLATE_NOOP("nbviz", "Back"),
        ("Left", "PgUp"),
        QT_TRANSLATE_NOOP("nbviz", "Previous half-step"),
        "back",
        "run",
    ),
    "forward": Command(
        QT_TRANSLATE_NOOP("nbviz", "Forward"),
        ("Right",),
        QT_TRANSLATE_NOOP("nbviz", "Next half-step"),
        "forward",
        "run",
    ),
    "next": Command(
        QT_TRANSLATE_NOOP("nbviz", "Next half-step"),
        ("PgDown",),
        QT_TRANSLATE_NOOP("nbviz", "Forward, or a new half-step at the end (Page Down)"),
        None,
        "run",
    ),
    "first": Command(
        QT_TRANSLATE_NOOP("nbviz", "First half-step"),
        ("Home",),
        QT_TRANSLATE_NOOP("nbviz", "The start (Home)"),
        None,
        "run",
    ),
    "last": Command(
        QT_TRANSLATE_NOOP("nbviz", "Last half-step"),
        ("End",),
        QT_TRANSLATE_NOOP("nbviz", "The last half-step computed (End)"),
        None,
        "run",
    ),
}
OTHER_COMMANDS: dict[str, Command] = {
    "undo": Command(
        QT_TRANSLATE_NOOP("nbviz", "Undo"),
        (QKeySequence.StandardKey.Undo,),
        QT_TRANSLATE_NOOP("nbviz", "Bring back the run the last change discarded (Ctrl+Z)"),
        None,
        "undo",
    ),
    "redo": Command(
        QT_TRANSLATE_NOOP("nbviz", "Redo"),
        ("Ctrl+Shift+Z", "Ctrl+Y"),
        QT_TRANSLATE_NOOP("nbviz", "Show the undone run again (Ctrl+Shift+Z)"),
        None,
        "redo",
    ),
    "open": Command(
        QT_TRANSLATE_NOOP("nbviz", "Open data or session…"), (QKeySequence.StandardKey.Open,), "", "open", "idle"
    ),
    "synthesise": Command(
        QT_TRANSLATE_NOOP("nbviz", "Synthesise data…"),
        ("Ctrl+N",),
        QT_TRANSLATE_NOOP("nbviz", "Draw data from true parameters you choose (Ctrl+N)"),
        None,
        "idle",
    ),
    "save": Command(QT_TRANSLATE_NOOP("nbviz", "Save session…"), (QKeySequence.StandardKey.Save,), "", "save", "run"),
    "classify": Command(
        QT_TRANSLATE_NOOP("nbviz", "Classify new data…"),
        (),
        QT_TRANSLATE_NOOP("nbviz", "Responsibilities and labels of a new file's rows under the model shown"),
        None,
        "run",
    ),
    "screenshot": Command(QT_TRANSLATE_NOOP("nbviz", "Save screenshot…"), ("Ctrl+Shift+S",)),
    "quit": Command(QT_TRANSLATE_NOOP("nbviz", "Quit"), (QKeySequence.StandardKey.Quit,)),
    "start_page": Command(QT_TRANSLATE_NOOP("nbviz", "Start page")),
    "paint": Command(
        QT_TRANSLATE_NOOP("nbviz", "Paint the data"),
        ("D",),
        QT_TRANSLATE_NOOP(
            "nbviz", "Click to add a point, drag one to move it, Delete removes one; EM goes on from here (D)"
        ),
        "paint",
        "paint",
        checkable=True,
        presenting=QT_TRANSLATE_NOOP("nbviz", "Paint"),
    ),
    "delete_point": Command(
        QT_TRANSLATE_NOOP("nbviz", "Delete point"),
        ("Delete", "Backspace"),
        QT_TRANSLATE_NOOP("nbviz", "Remove the selected point, or the one under the mouse (Delete)"),
    ),
    "describe": Command(
        QT_TRANSLATE_NOOP("nbviz", "Describe this view"),
        ("Ctrl+D",),
        QT_TRANSLATE_NOOP(
            "nbviz", "Read out and copy what the focused plot (or the data view) shows at this half-step (Ctrl+D)"
        ),
    ),
    "guide": Command(
        QT_TRANSLATE_NOOP("nbviz", "User guide"),
        (),
        QT_TRANSLATE_NOOP("nbviz", "The user guide, offline: every panel, view and preset explained"),
    ),
    "context_help": Command(
        QT_TRANSLATE_NOOP("nbviz", "Help on the panel in use"),
        (QKeySequence.StandardKey.HelpContents,),
        QT_TRANSLATE_NOOP("nbviz", "The user guide at the section about the panel, plot or dialog in use (F1)"),
    ),
    "larger_text": Command(
        QT_TRANSLATE_NOOP("nbviz", "Larger text"),
        ("Ctrl+=", "Ctrl++"),
        QT_TRANSLATE_NOOP("nbviz", "Every text larger, kept for next time (Ctrl+=)"),
    ),
    "smaller_text": Command(
        QT_TRANSLATE_NOOP("nbviz", "Smaller text"),
        ("Ctrl+-",),
        QT_TRANSLATE_NOOP("nbviz", "Every text smaller, kept for next time (Ctrl+-)"),
    ),
    "normal_text": Command(
        QT_TRANSLATE_NOOP("nbviz", "Normal text size"),
        ("Ctrl+0",),
        QT_TRANSLATE_NOOP("nbviz", "Every text at its usual size (Ctrl+0)"),
    ),
    "presentation": Command(
        QT_TRANSLATE_NOOP("nbviz", "Presentation mode"),
        ("F5",),
        QT_TRANSLATE_NOOP(
            "nbviz",
            "Full screen with the data view and the objective curve, larger text, for a projector (F5; Esc leaves)",
        ),
        "presentation",
        checkable=True,
        presenting=QT_TRANSLATE_NOOP("nbviz", "Present"),
    ),
}
# File → Export, in the menu's order: the data exports, the figures, then (after a separator) the rest
EXPORT_COMMANDS: dict[str, Command] = {
    **{kind: Command(export.menu_text, tip=None, enabled="run") for kind, export in EXPORT_FORMATS.items()},
    **{figure.menu_kind: Command(figure.menu_text, tip=None, enabled="run") for figure in FIGURE_KINDS.values()},
    "animation": Command(QT_TRANSLATE_NOOP("nbviz", "Animation (GIF, APNG or PNG frames)…"), tip=None, enabled="run"),
    "handout": Command(QT_TRANSLATE_NOOP("nbviz", "Handout of the run (HTML)…"), tip=None, enabled="run"),
}
# whose keys take priority over the focused widget (`keys.StepKeys`)
STEP_KEY_COMMANDS = (
    *("e_step", "m_step", "iteration", "play", "reset"),
    *("back", "forward", "next", "first", "last"),
    *("undo", "redo", "paint"),
)


class WindowCommands(QObject):
    """The QActions of `window`'s commands (`RUN_COMMANDS`, `OTHER_COMMANDS`, `EXPORT_COMMANDS`).

    ``commands["e_step"]`` is the E-step's action; `update` enables them by their rules; `restyle`
    gives them the palette's icons.
    """

    def __init__(self, window: QMainWindow, session: Session):
        super().__init__(window)
        self.session = session
        self.declared = {**RUN_COMMANDS, **OTHER_COMMANDS, **EXPORT_COMMANDS}
        self.actions = {name: self._action(window, command) for name, command in self.declared.items()}
        self.icons: dict[str, QIcon] = {}
        session.play_state_changed.connect(self.show_play_state)

    @staticmethod
    def _action(window: QMainWindow, command: Command) -> QAction:
        action = QAction(translate("nbviz", command.text), window)
        keys = [QKeySequence(key) for key in command.shortcuts]
        if keys:
            action.setShortcuts([key for key in keys if not key.isEmpty()])  # a standard key this platform lacks
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if command.tip is not None:
            action.setToolTip(translate("nbviz", command.tip or command.text))
            action.setWhatsThis(action.toolTip())  # what it does, kept when the tooltip says why it is disabled
        action.setCheckable(command.checkable)
        window.addAction(action)
        return action

    def __getitem__(self, name: str) -> QAction:
        return self.actions[name]

    def connect_slots(self, slots: Mapping[str, Callable]) -> None:
        """Connect each command named in `slots` to what it does."""
        for name, slot in slots.items():
            self.actions[name].triggered.connect(slot)

    def run_actions(self) -> list[QAction]:
        """The Run menu's actions, in its order."""
        return [self.actions[name] for name in RUN_COMMANDS]

    def export_actions(self) -> dict[str, QAction]:
        """File → Export's actions by kind, in the menu's order."""
        return {name: self.actions[name] for name in EXPORT_COMMANDS}

    def step_key_actions(self) -> list[QAction]:
        return [self.actions[name] for name in STEP_KEY_COMMANDS]

    def add_toolbar(self, window: QMainWindow) -> QToolBar:
        """The Stepping toolbar: E-step … Reset, as in the Run menu; Back and Forward; painting; presentation mode."""
        toolbar = window.addToolBar(translate("nbviz", "Stepping"))
        toolbar.setObjectName("stepping_toolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        for name in list(RUN_COMMANDS)[:6]:
            toolbar.addAction(self.actions[name])
        toolbar.addSeparator()
        for name in ("back", "forward"):
            toolbar.addAction(self.actions[name])
        toolbar.addSeparator()
        toolbar.addAction(self.actions["paint"])
        toolbar.addSeparator()
        toolbar.addAction(self.actions["presentation"])
        self.toolbar = toolbar
        return toolbar

    def update(self) -> None:
        """Enable each command by its rule."""
        for name, command in self.declared.items():
            if command.enabled is not None:
                self.actions[name].setEnabled(RULES[command.enabled](self.session))

    def restyle(self, palette: QPalette, presentation: bool) -> None:
        """Icons drawn in `palette`'s colours, at presentation mode's toolbar size or not."""
        size = ICON_SIZES[presentation]
        self.toolbar.setIconSize(QSize(size, size))
        names = {command.icon for command in self.declared.values() if command.icon} | {"pause"}
        self.icons = {name: themed_icon(name, palette) for name in sorted(names)}
        for name, command in self.declared.items():
            if command.icon:
                self.actions[name].setIcon(self.icons[command.icon])
            if command.presenting:  # every button on a 1024-pixel projector, none behind the toolbar's »
                shown = command.presenting if presentation else command.text
                self.actions[name].setIconText(translate("nbviz", shown))
        self.actions["presentation"].setChecked(presentation)
        self.show_play_state(self.session.player.playing)

    def show_play_state(self, playing: bool) -> None:
        """Play becomes Pause while the run plays."""
        play = self.actions["play"]
        play.setText(translate("nbviz", "Pause") if playing else translate("nbviz", "Play"))
        if self.icons:
            play.setIcon(self.icons["pause" if playing else "play"])
