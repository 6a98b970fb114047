"""The main window: data view in the centre, controls, objective curve, parameters and inspector.

The window puts its parts together and follows the session; each part has its own module: the
commands (`commands`: every QAction, declared once), the menus (`menus`), the docks and their layout
(`docks`), the file commands (`file_commands`: open, synthesise, save) and the exports
(`export_commands`: data, figures, animation, handout). For the figures the window is a
`figures.FigureSource`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QScrollArea,
    QSlider,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ...app.presentation.appearance import Appearance
from ...app.presentation.guide import CONTENTS, preset_topic
from ...app.presentation.messages import MessageBoard
from ...app.presentation.preferences import DEFAULT_SPEED, Choices, read_choices, write_choices
from ...app.presentation.presets import PRESETS
from ...app.presentation.resources import resource_path
from ...app.presentation.view_options import ViewOptions, read_view_options, write_view_options
from ...app.presentation.window_size import DEFAULT_SIZE, first_size
from ...app.run.convergence import run_finished_notice
from ...app.run.labelling import Labelling
from ...app.run.runner import Runner
from ...app.run.session import Session
from ..panels.agreement import AgreementPanel
from ..panels.controls import ControlPanel
from ..panels.estep_board import EStepBoard
from ..panels.inspector import PointInspector
from ..panels.parameters import ParametersPanel
from ..panels.text_panel import TextPanel
from ..panels.uncertain_points import UncertainPointsPanel
from ..plots.data.data_view import DataView
from ..plots.data.motion import Motion, read_motion, write_motion
from ..plots.run.objective_curve import ObjectiveCurve
from ..style.theme import palette_for, system_prefers_dark, window_font
from ..widgets.accessible import buddy_label
from ..widgets.banner import MessageBanner
from ..widgets.guide_links import attach_help
from ..widgets.lazy_dock import DockContent
from ..widgets.session_view import connect_signals
from ..widgets.steady_label import SteadyLabel
from ..widgets.wheel_guard import install_wheel_guard
from .classify_flow import ClassifyFlow
from .commands import WindowCommands
from .describe_view import describe_view, described_widget
from .docks import WindowDocks
from .export_commands import ExportCommands
from .file_commands import DialogFolders, FileCommands
from .focus_return import FocusReturn
from .help.context_help import ContextHelp
from .keys import StepKeys, next_half_step
from .language import add_language_action, install_translators, use_one_decimal_mark
from .menus import build_menus
from .paint_bar import PaintBar
from .presentation import PresentationLayout
from .preset_note import PresetNote
from .start_page import StartPage
from .status_bar import history_text, status_text
from .tab_order import TabOrder

translate = QCoreApplication.translate

if TYPE_CHECKING:  # built (and imported) when first shown
    from ..dialogs.start_editor import StartEditor
    from ..panels.choose_k import ChooseKPanel
    from ..panels.restarts import RestartPanel
    from ..plots.run.bound_view import BoundView


class MainWindow(QMainWindow):
    """The nbviz workspace.

    Attributes
    ----------
    session : Session
    appearance, labelling, view_options : Appearance, Labelling, ViewOptions
        The services every view shares, created once and passed to the views that use them.
    commands : WindowCommands
        Every command's QAction (``window.commands["e_step"]``).
    docks : WindowDocks
    files : FileCommands
        Open, synthesise, save; the recent files.
    exports : ExportCommands
        File → Export and the screenshot.
    """

    # the docks' panels (`LazyDock`): the controls built on entering the workspace, the exploring ones
    # (Choose K, the restart gallery, the bound view) when first shown, the others with the window
    controls: DockContent[ControlPanel] = DockContent("control_dock")
    objective: DockContent[ObjectiveCurve] = DockContent("objective_dock")
    parameters: DockContent[ParametersPanel] = DockContent("parameters_dock")
    inspector: DockContent[PointInspector] = DockContent("inspector_dock")
    agreement: DockContent[AgreementPanel] = DockContent("agreement_dock")
    uncertain_points: DockContent[UncertainPointsPanel] = DockContent("uncertain_dock")
    board: DockContent[EStepBoard] = DockContent("board_dock")
    choose_k: DockContent[ChooseKPanel] = DockContent("choose_k_dock")
    restarts: DockContent[RestartPanel] = DockContent("restarts_dock")
    bound_view: DockContent[BoundView] = DockContent("bound_dock")

    def __init__(
        self, session: Session | None = None, settings: QSettings | None = None, *, remember_layout: bool = True
    ):
        use_one_decimal_mark()  # before any widget: "0.5" in every field, whatever the system's locale
        super().__init__()
        install_wheel_guard()  # spin and combo boxes take the wheel only when focused, app-wide
        self.session = session or Session(self)
        self.settings = settings or QSettings("nbviz", "nbviz")
        self.language = install_translators(self.settings)  # before any text is made; None: English
        self.runner = Runner(self.session, self)
        # the services every view shares, created once and passed to the views that use them
        self.appearance = Appearance(self)
        self.labelling = Labelling(self)
        self.view_options = ViewOptions(self)  # what the data views draw (View menu)
        self.view_options.follow(self.session)  # equal aspect: the data's own choice
        self.follow_system_scheme = True  # False once dark or light is chosen explicitly
        # read the window's size and docks as the user left them, and save them on close (a scripted
        # run does neither: its pictures look the same whatever layout the user keeps)
        self.remember_layout = remember_layout
        self.ask_to_save = False  # offer to save unsaved half-steps on close (the nbviz command sets it)
        self.folders = DialogFolders(self.settings, lambda: self.remember_layout)
        self.setAcceptDrops(True)
        self.setWindowTitle("nbviz")
        try:
            self.setWindowIcon(QIcon(str(resource_path("icons", "nbviz.svg"))))
        except FileNotFoundError:
            pass

        self.start_page = StartPage()
        self.banner = MessageBanner(self.appearance)
        self.messages = MessageBoard(self)  # the panels' own messages; the banner shows them
        self.banner.follow(self.messages)
        self.files = FileCommands(
            self,
            self.session,
            self.folders,
            banner=self.banner,
            start_page=self.start_page,
            appearance=self.appearance,
            view_options=self.view_options,
        )
        self.files.preset_loaded.connect(self.preset_opened)
        self.files.preset_reopened.connect(self.preset_reopened)
        self.start_page.preset_chosen.connect(self.files.load_preset)
        self.start_page.file_chosen.connect(self.files.open_or_import)
        self.start_page.open_requested.connect(self.files.choose_file)
        self.start_page.synthesis_requested.connect(self.files.choose_synthesis)
        self.start_page.continue_requested.connect(self.files.continue_last)
        self.data_view = DataView(
            self.session, appearance=self.appearance, labelling=self.labelling, view_options=self.view_options
        )
        self._build_workspace()

        # the controls are built on entering the workspace (the start page shows none of the panels)
        self._speed = DEFAULT_SPEED  # the play speed, restored before the controls exist
        a, options = self.appearance, self.view_options
        panels: dict[str, Callable[[], QWidget]] = {
            "controls": self._new_controls,
            "objective": lambda: ObjectiveCurve(self.session, appearance=a),
            "parameters": lambda: ParametersPanel(self.session, appearance=a, view_options=options),
            "inspector": lambda: PointInspector(self.session, appearance=a),
            "agreement": lambda: AgreementPanel(self.session, appearance=a),
            "uncertain_points": lambda: UncertainPointsPanel(self.session, appearance=a),
            "board": lambda: EStepBoard(self.session, appearance=a),
        }
        self.docks = WindowDocks(self, self.session, self.appearance, self.messages, self.view_options, panels)

        self.context_help = ContextHelp(self)  # the user guide, at the part of the window in use
        self.context_help.add_dock_buttons((*self.docks.workspace_docks(), *self.docks.optional_docks()))
        self.preset_note.guide_requested.connect(self.context_help.open_link)
        self.exports = ExportCommands(self, self, self.session, self.folders, self.banner, self.data_view)
        self.classify_flow = ClassifyFlow(self, self.session, self.folders, self.banner)
        self.commands = WindowCommands(self, self.session)
        self._connect_commands()
        self.toolbar = self.commands.add_toolbar(self)
        self.paint_bar = PaintBar(self.session, self.commands, self.data_view, self.banner.show_notice, self)
        self.step_keys = StepKeys(self, self.commands.step_key_actions(), self.data_view)
        self.tab_order = TabOrder(self, self._tab_regions)
        self.focus_return = FocusReturn(self, self.home_widget)
        menus = build_menus(
            self,
            self.commands,
            self.docks,
            self.files.load_preset,
            session=self.session,
            data_view=self.data_view,
            view_options=self.view_options,
            motion=self.motion,
            context_help=self.context_help,
        )
        self.view_option_actions, self.motion_actions = menus.view_options, menus.motion
        self.keep_english_action = add_language_action(menus.view_menu, self.settings, self.banner.show_notice, self)
        self._progress: QProgressDialog | None = None
        self.status_label = SteadyLabel()
        self.statusBar().addPermanentWidget(self.status_label, 1)

        connect_signals(
            self.session,
            {
                "error_raised": self.banner.show_error,
                "notice_raised": self.banner.show_notice,
                "run_reset": self.banner.clear_outdated,  # an error about the model before no longer applies
                "problem_changed": self._problem_changed,
                "history_changed": self._history_changed,
                "cursor_changed": self._cursor_changed,
                "busy_changed": self._update_actions,
                "undo_changed": self._update_actions,
                "convergence_changed": self._update_status,
            },
        )
        self.runner.progressed.connect(self._run_progressed)
        self.runner.finished.connect(self._run_finished)
        self.start_page.set_recent_files(self.files.recent_files())
        self.docks.set_visible(False)
        screen = QGuiApplication.primaryScreen()  # a first start: no larger than the screen
        available = screen.availableSize() if screen is not None else QSize(*DEFAULT_SIZE)
        self.resize(*first_size((available.width(), available.height())))
        if remember_layout:
            self._restore_layout()
        self._restore_choices()
        self.appearance.changed.connect(self._appearance_changed)
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):  # Qt 6.5+
            hints.colorSchemeChanged.connect(self._system_scheme_changed)
        self.appearance.set_dark(system_prefers_dark())
        self._appearance_changed()
        self._update_actions()
        # after the window's own restyling, so the layout is arranged with the fonts already in place
        self.presentation_layout = PresentationLayout(
            self,
            self.session,
            self.appearance,
            self.data_view,
            self.docks.objective_dock,
            self.objective.key,
            board_dock=self.docks.board_dock,
        )

    # ----------------------------------------------------------------- construction
    def _new_controls(self) -> ControlPanel:
        """The control panel (built on entering the workspace), at the play speed restored."""
        controls = ControlPanel(self.session, messages=self.messages, labelling=self.labelling)
        controls.run_requested.connect(self.run_to_convergence)
        controls.start_edit_requested.connect(self.edit_start)
        controls.speed_slider.setValue(self._speed)
        return controls

    def _build_workspace(self) -> None:
        """The centre: the start page, or the banner, preset note, data view and history slider."""
        self.history_slider = QSlider(Qt.Orientation.Horizontal)
        self.history_slider.setToolTip(
            translate("nbviz", "Scrub through every half-step computed so far (Left / Right)")
        )
        self.history_slider.valueChanged.connect(self.session.set_cursor)
        # the data views move between half-steps (View → Animate half-steps)
        self.motion = Motion(self.session, self.data_view.built_views, self.appearance, self)
        self.motion.follow_slider(self.history_slider)
        self.history_label = SteadyLabel(minimum_width=240)  # a new text re-lays out nothing
        history_row = QHBoxLayout()
        history_row.addWidget(buddy_label(translate("nbviz", "History"), self.history_slider))
        history_row.addWidget(self.history_slider, 1)
        history_row.addWidget(self.history_label)
        workspace = QWidget()
        layout = QVBoxLayout(workspace)
        layout.setContentsMargins(6, 6, 6, 6)
        self.preset_note = PresetNote(self.appearance)  # what to look at in the preset open
        self.session.problem_changed.connect(self._note_follows_data)
        # a message lies over the preset's note, in one slot: a notice (a painted point's) never moves the plot
        messages = QGridLayout()
        messages.addWidget(self.preset_note, 0, 0)
        messages.addWidget(self.banner, 0, 0)
        self.banner.raise_()
        layout.addLayout(messages)
        layout.addWidget(self.data_view, 1)
        layout.addLayout(history_row)
        self.pages = QStackedWidget()
        start_scroll = QScrollArea()  # the start page scrolls rather than forcing a tall window
        start_scroll.setWidgetResizable(True)
        start_scroll.setFrameShape(QFrame.Shape.NoFrame)
        start_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the buttons, scrolled into view
        start_scroll.setWidget(self.start_page)
        self.pages.addWidget(start_scroll)
        self.pages.addWidget(workspace)
        self.setCentralWidget(self.pages)

    def _connect_commands(self) -> None:
        """What each command does (how it looks and when it is enabled: `commands`)."""
        s, exports = self.session, self.exports
        self.commands.connect_slots(
            {
                "e_step": s.e_step,
                "m_step": s.m_step,
                "iteration": s.step,
                "play": s.player.toggle_play,
                "run": self.run_to_convergence,
                "reset": s.reset,
                "back": lambda: s.set_cursor(s.cursor - 1),
                "forward": lambda: s.set_cursor(s.cursor + 1),
                "next": lambda: next_half_step(s),
                "first": lambda: s.set_cursor(0),
                "last": lambda: s.set_cursor(len(s.history) - 1),
                "undo": s.undo_history.undo,
                "redo": s.undo_history.redo,
                "open": self.files.choose_file,
                "synthesise": self.files.choose_synthesis,
                "save": self.files.choose_session_path,
                "classify": self.classify_flow.choose,
                "screenshot": self.choose_screenshot,
                "quit": self.close,
                "start_page": lambda: self.pages.setCurrentIndex(0),
                "describe": lambda: describe_view(self, self.data_view),
                "presentation": self.appearance.set_presentation,
                "larger_text": lambda: self.appearance.grow_text(1),
                "smaller_text": lambda: self.appearance.grow_text(-1),
                "normal_text": lambda: self.appearance.grow_text(0),
                "guide": lambda: self.context_help.open_link(CONTENTS),
                "context_help": self.context_help.open_in_use,
                "animation": exports.ask_for_animation,
                "handout": exports.ask_for_handout,
                **{
                    kind: lambda _=False, kind=kind: exports.choose_export_path(kind)
                    for kind in self.commands.export_actions()
                    if kind not in ("animation", "handout")
                },
            }
        )

    def _tab_regions(self) -> list[QWidget]:
        """Where Tab goes, in order: the controls, the centre (the messages, the data view, then History), the
        objective, the parameters, the inspector, then the other docks (`tab_order`). The data view's pages
        are built on first use, after History: as a region of its own the view keeps its place."""
        docks = self.docks
        return [
            docks.control_dock,
            docks.choose_k_dock,
            docks.restarts_dock,
            self.preset_note,
            self.banner,
            self.data_view,
            self.pages,
            docks.objective_dock,
            docks.bound_dock,
            docks.parameters_dock,
            docks.inspector_dock,
            docks.agreement_dock,
            docks.uncertain_dock,
            docks.board_dock,
        ]

    def home_widget(self) -> QWidget:
        """Where the keyboard focus goes when nothing else has it: the data view's plot, else the page shown."""
        plot = described_widget(None, self, self.data_view)
        return plot if plot is not None else self.pages

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab follow the window's deliberate order (`tab_order`), not the order widgets were made."""
        return self.tab_order.move(QApplication.focusWidget(), next) or super().focusNextPrevChild(next)

    # ----------------------------------------------------------------- opening
    def preset_opened(self, name: str) -> None:
        """Show the note of preset `name` (just loaded) and select the row (or probe the point) it points at."""
        preset = PRESETS[name]
        self.preset_note.show_note(preset, preset_topic(name).link)
        preset.point_at(self.session)

    def _note_follows_data(self) -> None:
        """Other data: the preset's note goes (the preset's own data, painted, keeps it)."""
        problem = self.session.problem
        if problem is None or problem.preset is None or problem.preset != self.preset_note.preset:
            self.preset_note.dismiss()

    def preset_reopened(self, name: str) -> None:
        """Show the note of preset `name` again: a session saved from it was just read."""
        self.preset_note.show_note(PRESETS[name], preset_topic(name).link)

    def restore_session(self, saved, path: str):
        """Show a session read from `path` (the Outcome); nothing is unsaved until something changes."""
        return self.files.restore_session(saved, path)

    def dialog_directory(self, kind: str, name: str = "") -> str:
        """Where the `kind` file dialog (see `preferences.DIRECTORY_KINDS`) opens: its last folder, + `name`."""
        return self.folders.folder(kind, name)

    def edit_start(self) -> StartEditor | None:
        """Open the start editor on the run shown (None without a run); on OK EM restarts from its numbers."""
        if not self.session.has_run:
            return None
        from ..dialogs.start_editor import StartEditor

        dialog = StartEditor(self.session, self, appearance=self.appearance)
        attach_help(dialog)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    # drag a data or session file onto the window to open it
    def dragEnterEvent(self, event) -> None:
        urls = event.mimeData().urls()
        if len(urls) == 1 and urls[0].isLocalFile():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        urls = event.mimeData().urls()
        if len(urls) == 1 and urls[0].isLocalFile():
            event.acceptProposedAction()
            self.open_dropped(urls[0].toLocalFile())

    def open_dropped(self, path: str) -> None:
        """Open a file dropped onto the window, or handed to the app by the system (macOS: `file_open`):
        a session at its half-step, a data file in the import preview. Half-steps not saved yet are
        offered to be saved first, as on closing."""
        self.raise_()
        self.activateWindow()
        if self.ask_to_save and self.files.unsaved and not self._may_close(Path(path).name):
            return
        self.files.open_or_import(path)

    # ----------------------------------------------------------------- running
    def run_to_convergence(self) -> None:
        if not self.runner.start():
            return
        self._progress = QProgressDialog(
            translate("nbviz", "Running EM to convergence…"), translate("nbviz", "Cancel"), 0, 0, self
        )
        self._progress.setWindowTitle("nbviz")
        self._progress.setMinimumDuration(200)  # only appears for runs longer than ~200 ms
        self._progress.setValue(0)  # starts the 200 ms clock (otherwise Qt's default of 4 s applies)
        self._progress.setWindowModality(Qt.WindowModality.WindowModal)
        self._progress.canceled.connect(self.runner.cancel)

    def _run_progressed(self, iterations: int, objective: float) -> None:
        if self._progress is not None:
            self._progress.setLabelText(
                translate("nbviz", "Running EM to convergence… iteration {0}, objective {1:.6g}").format(
                    iterations, objective
                )
            )

    def _run_finished(self, iterations: int, converged: bool) -> None:
        if self._progress is not None:
            self._progress.canceled.disconnect(self.runner.cancel)
            self._progress.close()
            self._progress.deleteLater()
            self._progress = None
        stop = self.session.run_stop
        if stop is not None and stop.kind == "empty":  # no error was raised: its advice stays until dismissed
            self.banner.show_error(stop.message)
        notice = run_finished_notice(self.session, iterations, converged)
        if notice:
            self.banner.show_notice(notice)

    # ----------------------------------------------------------------- session -> window
    def _problem_changed(self) -> None:
        problem = self.session.problem
        assert problem is not None  # announced by Session.load with the new data
        if self.pages.currentIndex() != 1:  # coming from the start page: the docks as the user left them
            self.docks.show_workspace()
        self.pages.setCurrentIndex(1)
        self.setWindowTitle(translate("nbviz", "nbviz — {0}").format(problem.name))
        self.docks.agreement_dock.setVisible(problem.labels is not None)  # clusters vs classes, when there are classes
        self.banner.hide()

    def _may_close(self, opening: str | None = None) -> bool:
        """Offer to save the half-steps taken before closing (or before `opening` a file of that name); False
        if the user cancels (or the save fails)."""
        if opening is None:
            text = translate(
                "nbviz",
                "Save this session before closing?\n\nThe half-steps taken since it was last saved are lost otherwise.",
            )
        else:
            text = translate(
                "nbviz",
                "Save this session before opening {0}?\n\nThe half-steps since it was last saved are lost otherwise.",
            ).format(opening)
        answer = QMessageBox.question(
            self,
            "nbviz",
            text,
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.files.choose_session_path()
        return answer == QMessageBox.StandardButton.Discard

    # ----------------------------------------------------------------- remembered layout
    def _restore_layout(self) -> None:
        """Window size and position, and the docks' layout, as the user left them."""
        if self.settings.status() != QSettings.Status.NoError:
            self.banner.show_notice(
                translate("nbviz", "Your saved settings could not be read; nbviz starts with its defaults.")
            )
            self.docks.dock_state = QByteArray()
            return
        # type=QByteArray converts only what Qt wrote: a value written as text comes back as text
        geometry = self.settings.value("window/geometry", QByteArray(), type=QByteArray)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        docks = self.settings.value("window/docks", QByteArray(), type=QByteArray)
        self.docks.dock_state = docks if isinstance(docks, QByteArray) else QByteArray()

    def _save_layout(self) -> None:
        self.presentation_layout.restore_window()  # the user's own docks and size, not the projector's
        if self.pages.currentIndex() == 1:  # the docks are only laid out in the workspace
            self.docks.dock_state = self.saveState()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/docks", self.docks.dock_state)
        write_choices(self.settings, self.choices())
        write_view_options(self.settings, self.view_options)
        write_motion(self.settings, self.motion)
        self.settings.sync()

    # ----------------------------------------------------------------- remembered choices
    def choices(self) -> Choices:
        """What to remember for next time: play speed, presentation mode, text size, the last preset or file."""
        kind, name = self.files.last
        return Choices(
            speed=self.controls.speed_slider.value() if self.docks.control_dock.built else self._speed,
            presentation=self.appearance.presentation,
            text_scale=self.appearance.text_scale,
            last_kind=kind,
            last_name=name,
        )

    def _restore_choices(self) -> None:
        if self.settings.status() != QSettings.Status.NoError:
            return  # _restore_layout has said so
        choices = read_choices(self.settings)
        unreadable_views = read_view_options(self.settings, self.view_options) + read_motion(self.settings, self.motion)
        if unreadable_views:
            choices = replace(choices, unreadable=choices.unreadable + tuple(unreadable_views))
        self._speed = choices.speed
        if self.docks.control_dock.built:
            self.controls.speed_slider.setValue(choices.speed)
        self.appearance.set_presentation(choices.presentation)
        self.appearance.set_text_scale(choices.text_scale)
        self.files.last = (choices.last_kind, choices.last_name)
        if choices.last_kind:
            self.start_page.set_last(
                choices.last_name if choices.last_kind == "preset" else Path(choices.last_name).name
            )
        if choices.unreadable:
            self.banner.show_notice(
                translate(
                    "nbviz", "Some saved choices could not be read ({0}); nbviz uses its defaults for them."
                ).format(", ".join(choices.unreadable))
            )

    # ----------------------------------------------------------------- appearance
    def set_dark(self, dark: bool) -> None:
        """Use the dark (or light) scheme from now on, whatever the system's scheme."""
        self.follow_system_scheme = False
        self.appearance.set_dark(dark)

    def _system_scheme_changed(self, *_) -> None:
        if self.follow_system_scheme:
            self.appearance.set_dark(system_prefers_dark())

    def _appearance_changed(self) -> None:
        """Fonts, palette and icons for the appearance; the views restyle themselves."""
        appearance = self.appearance
        self.setPalette(palette_for(appearance))
        self.setFont(window_font(appearance))
        self.docks.fit_controls()
        self.commands.restyle(self.palette(), appearance.presentation)

    def _history_changed(self) -> None:
        # the session always follows with cursor_changed, which sets the slider's value and the status
        self.files.unsaved = len(self.session.history) > 1 or self.session.painting.began_with_edit()
        self.history_slider.blockSignals(True)
        self.history_slider.setRange(0, max(0, len(self.session.history) - 1))
        self.history_slider.blockSignals(False)

    def _cursor_changed(self, index: int) -> None:
        self.history_slider.blockSignals(True)
        self.history_slider.setValue(index)
        self.history_slider.blockSignals(False)
        self._update_status()
        self._update_actions()

    def _update_actions(self) -> None:
        """Each command enabled by its rule (`commands.RULES`); scrubbing needs a run and no background work."""
        self.commands.update()
        self.history_slider.setEnabled(self.session.can_step)

    def status_text(self) -> str:
        """The status bar's text (`status_bar.status_text`)."""
        return status_text(self.session)

    def _update_status(self) -> None:
        self.history_label.setText(history_text(self.session))
        self.status_label.setText(status_text(self.session))

    # ----------------------------------------------------------------- screenshots and shutdown
    def take_half_steps(self, count: int) -> int:
        """Take `count` half-steps as the buttons would, drawing each; returns how many were taken."""
        taken = 0
        for _ in range(count):
            if not self.session.next_half_step():
                break
            taken += 1
            self.repaint_now()
        return taken

    def repaint_now(self) -> None:
        """Everything drawn as the session is now: held-back panel refreshes shown, then painted."""
        for panel in self.findChildren(TextPanel):
            panel.catch_up()
        for _ in range(2):  # a plot's axis measures its labels as it paints, then widens to show them
            QApplication.processEvents()
            self.repaint()

    def save_screenshot(self, path: str) -> bool:
        """Save a picture of the window to `path` whole or not at all (no empty file on a full disk)."""
        from ...app.data.files import WriteError
        from ..figures.image_file import save_image

        self.repaint_now()
        try:
            save_image(self.grab(), path)
        except WriteError:
            return False
        return True

    def choose_screenshot(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, translate("nbviz", "Save screenshot"), self.folders.folder("export", "nbviz.png"), "PNG image (*.png)"
        )
        if path:
            self.folders.remember("export", path)
        if path and not self.save_screenshot(path):
            self.banner.show_error(translate("nbviz", "Could not write the screenshot to {0}.").format(path))

    def closeEvent(self, event) -> None:
        if self.ask_to_save and self.files.unsaved and not self._may_close():
            event.ignore()
            return
        self.session.player.pause()
        self.runner.wait()
        self.docks.wait_for_explorations()
        if self.remember_layout:
            self._save_layout()
        super().closeEvent(event)
