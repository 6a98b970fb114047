"""The main window: data view in the centre, controls, objective curve, parameters and inspector."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QScrollArea,
    QSlider,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

import nbviz
import nbviz.core as nc

from ...app.data import export
from ...app.data.import_spec import ImportSpec, describe_load
from ...app.data.problem import Problem
from ...app.data.standardize import standardize_problem
from ...app.documents.session_file import SUFFIX as SESSION_SUFFIX
from ...app.documents.session_file import SessionFileError, read_session, write_session
from ...app.presentation.appearance import Appearance
from ...app.presentation.messages import MessageBoard
from ...app.presentation.preferences import Choices, read_choices, read_directory, write_choices, write_directory
from ...app.presentation.presets import PRESETS, load_preset
from ...app.presentation.resources import resource_path
from ...app.presentation.view_options import ViewOptions, read_view_options, write_view_options
from ...app.presentation.window_size import DEFAULT_SIZE, first_size
from ...app.run.config import for_file
from ...app.run.convergence import convergence_status, run_finished_notice
from ...app.run.labelling import Labelling
from ...app.run.runner import Runner
from ...app.run.session import Session
from ..figures import FIGURE_SUFFIXES, FigureOptions, default_figure_title, export_figure
from ..figures.options_dialog import FigureOptionsDialog
from ..panels.agreement import AgreementPanel
from ..panels.controls import ControlPanel
from ..panels.inspector import PointInspector
from ..panels.labels import label_status
from ..panels.parameters import ParametersPanel
from ..panels.text_panel import TextPanel
from ..panels.uncertain_points import UncertainPointsPanel
from ..plots.data.data_view import DataView
from ..plots.data.motion import Motion, add_motion_menu, read_motion, write_motion
from ..plots.run.objective_curve import ObjectiveCurve
from ..style.icons import themed_icon
from ..style.theme import palette_for, system_prefers_dark, window_font
from ..widgets.banner import MessageBanner
from ..widgets.lazy_dock import LazyDock
from ..widgets.steady_label import SteadyLabel
from .classify_flow import ClassifyFlow
from .keys import StepKeys, next_half_step
from .presentation import PresentationLayout
from .preset_note import PresetNote
from .start_page import StartPage
from .view_menu import add_view_option_actions, follow_standardization

if TYPE_CHECKING:  # built (and imported) when first shown
    from ..dialogs.import_dialog import ImportDialog
    from ..dialogs.start_editor import StartEditor
    from ..dialogs.synthesize import SynthesisDialog
    from ..panels.choose_k import ChooseKPanel
    from ..panels.restarts import RestartPanel
    from ..plots.run.bound_view import BoundView
from ..widgets.wheel_guard import install_wheel_guard

MAX_RECENT = 8
SHORTCUTS = [
    ("E", "E-step"),
    ("M", "M-step"),
    ("I", "One iteration (E-step and M-step)"),
    ("Space", "Play / pause"),
    ("Left / Right", "Scrub back / forward"),
    ("Home / End", "First / last half-step"),
    ("Page Down / Page Up", "Next / previous half-step (presenter remotes); Next steps on at the end"),
    ("R", "Reset to the start"),
    ("Ctrl+Z", "Undo a change that discarded the run (model, K, seed, start, prior, labels, data, reset)"),
    ("Ctrl+Shift+Z / Ctrl+Y", "Redo"),
    ("Enter / Esc in a number field", "Use / drop the number typed, back to the view"),
    ("Ctrl+R", "Run to convergence"),
    ("Ctrl+O", "Open a data file or session"),
    ("Ctrl+N", "Synthesise data from chosen parameters"),
    ("Ctrl+S", "Save the session"),
    ("Ctrl+Shift+S", "Save a screenshot"),
    ("F5", "Presentation mode: full screen, the data view and the objective curve, larger text"),
    ("P", "Presentation mode: show or hide the parameters"),
    ("Esc", "Leave presentation mode"),
]
DATA_VIEW_SHARE = 0.45  # the default layout leaves the data view at least this share of the window's width
PARAMETERS_WIDTHS = (280, 360)  # pixels: the parameters column's width in the default layout, least and most
BOUND_MIN_HEIGHT = 340  # pixels: the bound view's plot, key, slice bar and caption readable
ICON_SIZES = {False: 22, True: 32}  # toolbar icon size in pixels: normal, presentation mode


def scrolling(panel: QWidget) -> QScrollArea:
    """`panel` in a vertical scroll area, so a tall panel does not force a tall window."""
    area = QScrollArea()
    area.setWidget(panel)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setMinimumWidth(panel.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width())
    return area


def objective_text(value: float) -> str:
    """An objective with six decimals, or six significant digits when it is too large for that."""
    return f"{value:.6f}" if abs(value) < 1e12 else f"{value:.6g}"


class MainWindow(QMainWindow):
    """The nbviz workspace."""

    def __init__(self, session: Session | None = None, settings: QSettings | None = None):
        super().__init__()
        install_wheel_guard()  # spin and combo boxes take the wheel only when focused, app-wide
        self.session = session or Session(self)
        self.settings = settings or QSettings("nbviz", "nbviz")
        self.runner = Runner(self.session, self)
        # the services every view shares, created once and passed to the views that use them
        self.appearance = Appearance(self)
        self.labelling = Labelling(self)
        self.view_options = ViewOptions(self)  # what the data views draw (View menu)
        self.follow_system_scheme = True  # False once dark or light is chosen explicitly
        self._last = ("", "")  # (kind, name) of the preset or file opened last: "preset" or "file"
        self._session_path: str | None = None
        self.remember_layout = True  # save the window's size and docks on close
        self.ask_to_save = False  # offer to save unsaved half-steps on close (the nbviz command sets it)
        self.unsaved = False  # half-steps taken since the session was last saved or opened
        self.setAcceptDrops(True)
        self.setWindowTitle("nbviz")
        try:
            self.setWindowIcon(QIcon(str(resource_path("icons", "nbviz.svg"))))
        except FileNotFoundError:
            pass

        self.start_page = StartPage()
        self.start_page.preset_chosen.connect(self.load_preset)
        self.start_page.file_chosen.connect(self.open_or_import)
        self.start_page.open_requested.connect(self.choose_file)
        self.start_page.synthesis_requested.connect(self.choose_synthesis)
        self.start_page.continue_requested.connect(self.continue_last)
        self.banner = MessageBanner(self.appearance)
        self.messages = MessageBoard(self)  # the panels' own messages; the banner shows them
        self.banner.follow(self.messages)
        self.data_view = DataView(
            self.session, appearance=self.appearance, labelling=self.labelling, view_options=self.view_options
        )
        self.history_slider = QSlider(Qt.Orientation.Horizontal)
        self.history_slider.setToolTip("Scrub through every half-step computed so far (Left / Right)")
        self.history_slider.valueChanged.connect(self.session.set_cursor)
        # the data views move between half-steps (View → Animate half-steps)
        self.motion = Motion(self.session, self.data_view.built_views, self.appearance, self)
        self.motion.follow_slider(self.history_slider)
        self.history_label = SteadyLabel(minimum_width=240)  # a new text re-lays out nothing
        history_row = QHBoxLayout()
        history_row.addWidget(QLabel("History"))
        history_row.addWidget(self.history_slider, 1)
        history_row.addWidget(self.history_label)
        workspace = QWidget()
        layout = QVBoxLayout(workspace)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.banner)
        self.preset_note = PresetNote(self.appearance)  # what to look at in the preset open
        self.session.problem_changed.connect(self.preset_note.dismiss)
        layout.addWidget(self.preset_note)
        layout.addWidget(self.data_view, 1)
        layout.addLayout(history_row)
        self.pages = QStackedWidget()
        start_scroll = QScrollArea()  # the start page scrolls rather than forcing a tall window
        start_scroll.setWidgetResizable(True)
        start_scroll.setFrameShape(QFrame.Shape.NoFrame)
        start_scroll.setWidget(self.start_page)
        self.pages.addWidget(start_scroll)
        self.pages.addWidget(workspace)
        self.setCentralWidget(self.pages)

        self.controls = ControlPanel(self.session, messages=self.messages, labelling=self.labelling)
        self.controls.run_requested.connect(self.run_to_convergence)
        self.controls.start_edit_requested.connect(self.edit_start)
        self.objective = ObjectiveCurve(self.session, appearance=self.appearance)
        self.parameters = ParametersPanel(self.session, appearance=self.appearance, view_options=self.view_options)
        self.inspector = PointInspector(self.session, appearance=self.appearance)
        self.control_dock = self._dock("Controls", scrolling(self.controls), Qt.DockWidgetArea.LeftDockWidgetArea)
        self.objective_dock = self._dock("Objective", self.objective, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.parameters_dock = self._dock("Parameters", self.parameters, Qt.DockWidgetArea.RightDockWidgetArea)
        self.inspector_dock = self._dock("Point inspector", self.inspector, Qt.DockWidgetArea.RightDockWidgetArea)
        # exploring: hidden until asked for (Explore menu), tabbed together
        # (their contents are built when first shown: see LazyDock)
        self.choose_k_dock = self._lazy_dock(
            "Choose K",
            self._new_choose_k,
            Qt.DockWidgetArea.RightDockWidgetArea,
        )
        self.restarts_dock = self._lazy_dock(
            "Restart gallery",
            self._new_restarts,
            Qt.DockWidgetArea.RightDockWidgetArea,
        )
        self.tabifyDockWidget(self.choose_k_dock, self.restarts_dock)
        for dock in (self.choose_k_dock, self.restarts_dock):
            dock.hide()
        # the bound EM climbs: beside the objective curve, hidden until asked for (View menu)
        self.bound_dock = self._lazy_dock(
            "Bound (EM surrogate)",
            self._new_bound_view,
            Qt.DockWidgetArea.BottomDockWidgetArea,
        )
        self.splitDockWidget(self.objective_dock, self.bound_dock, Qt.Orientation.Horizontal)
        self.bound_dock.hide()
        self.bound_dock.visibilityChanged.connect(self._bound_dock_shown)
        self.bound_dock.visibilityChanged.connect(self._give_bound_view_room)
        # clusters against classes: below the inspector, shown when the data has class labels
        self.agreement = AgreementPanel(self.session, appearance=self.appearance)
        self.agreement_dock = self._dock("Clusters vs classes", self.agreement, Qt.DockWidgetArea.RightDockWidgetArea)
        self.splitDockWidget(self.inspector_dock, self.agreement_dock, Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.parameters_dock, self.inspector_dock, self.agreement_dock], [300, 150, 250], Qt.Orientation.Vertical
        )
        self.agreement_dock.hide()
        # the most uncertain points: beside clusters vs classes, shown with View → Colour by uncertainty
        self.uncertain_points = UncertainPointsPanel(self.session, appearance=self.appearance)
        self.uncertain_dock = self._dock(
            "Uncertain points", self.uncertain_points, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.tabifyDockWidget(self.agreement_dock, self.uncertain_dock)
        self.uncertain_dock.hide()
        self.view_options.changed.connect(self._show_uncertain_points)
        self.resizeDocks([self.control_dock], [300], Qt.Orientation.Horizontal)
        self.resizeDocks([self.parameters_dock], [360], Qt.Orientation.Horizontal)
        self.resizeDocks([self.objective_dock], [230], Qt.Orientation.Vertical)

        self._build_actions()
        self._build_menus()
        self._progress: QProgressDialog | None = None
        self.import_dialog: ImportDialog | None = None  # while one is open
        self.status_label = SteadyLabel()
        self.statusBar().addPermanentWidget(self.status_label, 1)

        session = self.session
        session.error_raised.connect(self.banner.show_error)
        session.notice_raised.connect(self.banner.show_notice)
        session.problem_changed.connect(self._problem_changed)
        session.history_changed.connect(self._history_changed)
        session.cursor_changed.connect(self._cursor_changed)
        session.busy_changed.connect(self._busy_changed)
        session.convergence_changed.connect(self._update_status)
        self.runner.progressed.connect(self._run_progressed)
        self.runner.finished.connect(self._run_finished)
        self.start_page.set_recent_files(self.recent_files())
        self._set_docks_visible(False)
        screen = QGuiApplication.primaryScreen()  # a first start: no larger than the screen
        available = screen.availableSize() if screen is not None else QSize(*DEFAULT_SIZE)
        self.resize(*first_size((available.width(), available.height())))
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
            self, self.session, self.appearance, self.data_view, self.objective_dock, self.objective.key
        )

    # ----------------------------------------------------------------- construction helpers
    def _show_uncertain_points(self) -> None:
        """Colouring by uncertainty brings up the list of the most uncertain points."""
        if self.view_options.uncertainty and not self.uncertain_dock.isVisible():
            self.uncertain_dock.show()
            self.uncertain_dock.raise_()

    def _dock(self, title: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title.replace(" ", "_"))
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _lazy_dock(self, title: str, factory, area) -> LazyDock:
        dock: LazyDock = LazyDock(title, factory, self)
        dock.setObjectName(title.replace(" ", "_"))
        self.addDockWidget(area, dock)
        return dock

    def _ask_for_animation(self) -> None:
        from ..dialogs.animation_dialog import ask_for_animation  # (imported when asked for: start-up)

        ask_for_animation(self)

    def _ask_for_handout(self) -> None:
        from ..figures.handout import ask_for_handout  # (imported when asked for: start-up)

        ask_for_handout(self)

    def _new_choose_k(self) -> ChooseKPanel:
        from ..panels.choose_k import ChooseKPanel

        return ChooseKPanel(self.session, messages=self.messages, appearance=self.appearance)

    def _new_restarts(self) -> RestartPanel:
        from ..panels.restarts import RestartPanel

        return RestartPanel(self.session, appearance=self.appearance)

    def _new_bound_view(self) -> BoundView:
        from ..plots.run.bound_view import BoundView

        return BoundView(self.session, appearance=self.appearance)

    def _bound_dock_shown(self, visible: bool) -> None:
        if self.bound_dock.built:  # (showing builds it: LazyDock)
            self.bound_view.set_awake(visible)

    @property
    def choose_k(self) -> ChooseKPanel:
        """The Choose K panel (built on first use)."""
        return self.choose_k_dock.content()

    @property
    def restarts(self) -> RestartPanel:
        """The restart gallery (built on first use)."""
        return self.restarts_dock.content()

    @property
    def bound_view(self) -> BoundView:
        """The bound view (built on first use)."""
        return self.bound_dock.content()

    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(tip or text)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        s = self.session
        self.e_action = self._action("E-step", s.e_step, "E", "Compute responsibilities (E)")
        self.m_action = self._action("M-step", s.m_step, "M", "Refit the parameters (M)")
        self.step_action = self._action("Iteration", s.step, "I", "One E-step and one M-step (I)")
        self.play_action = self._action("Play / pause", s.player.toggle_play, "Space", "Play or pause (Space)")
        self.run_action = self._action("Run to convergence", self.run_to_convergence, "Ctrl+R")
        self.reset_action = self._action("Reset", s.reset, "R", "Back to the start of this run (R)")
        self.back_action = self._action("Back", lambda: s.set_cursor(s.cursor - 1), "Left", "Previous half-step")
        self.forward_action = self._action("Forward", lambda: s.set_cursor(s.cursor + 1), "Right", "Next half-step")
        self.back_action.setShortcuts([QKeySequence("Left"), QKeySequence("PgUp")])  # a presenter remote's Previous
        self.next_action = self._action(
            "Next half-step", lambda: next_half_step(s), "PgDown", "Forward, or a new half-step at the end (Page Down)"
        )
        self.first_action = self._action("First half-step", lambda: s.set_cursor(0), "Home", "The start (Home)")
        self.last_action = self._action(
            "Last half-step", lambda: s.set_cursor(len(s.history) - 1), "End", "The last half-step computed (End)"
        )
        # the Run menu's commands, in its order; all but the M-step share one enabled rule
        self.run_commands = (
            self.e_action,
            self.m_action,
            self.step_action,
            self.play_action,
            self.run_action,
            self.reset_action,
            self.back_action,
            self.forward_action,
            self.next_action,
            self.first_action,
            self.last_action,
        )
        undo = s.undo_history
        self.undo_action = self._action(
            "Undo", undo.undo, QKeySequence.StandardKey.Undo, "Bring back the run the last change discarded (Ctrl+Z)"
        )
        self.redo_action = self._action("Redo", undo.redo, "Ctrl+Shift+Z", "Show the undone run again (Ctrl+Shift+Z)")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        s.undo_changed.connect(self._update_actions)
        self.open_action = self._action("Open data or session…", self.choose_file, QKeySequence.StandardKey.Open)
        self.synthesise_action = self._action(
            "Synthesise data…", self.choose_synthesis, "Ctrl+N", "Draw data from true parameters you choose (Ctrl+N)"
        )
        self.save_action = self._action("Save session…", self.choose_session_path, QKeySequence.StandardKey.Save)
        self.screenshot_action = self._action("Save screenshot…", self.choose_screenshot, "Ctrl+Shift+S")
        self.quit_action = self._action("Quit", self.close, QKeySequence.StandardKey.Quit)
        self.start_action = self._action("Start page", lambda: self.pages.setCurrentIndex(0))
        self.presentation_action = self._action(
            "Presentation mode",
            self.appearance.set_presentation,
            "F5",
            "Full screen with the data view and the objective curve, larger text, for a projector (F5; Esc leaves)",
        )
        self.presentation_action.setCheckable(True)
        self.play_action.setText("Play")
        self.session.play_state_changed.connect(self._play_state_changed)
        self.toolbar = toolbar = self.addToolBar("Stepping")
        toolbar.setObjectName("stepping_toolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        for action in self.run_commands[:6]:  # E-step … Reset, as in the Run menu
            toolbar.addAction(action)
        toolbar.addSeparator()
        for action in (self.back_action, self.forward_action):
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.presentation_action)
        stepping = (self.e_action, self.m_action, self.step_action, self.play_action, self.reset_action)
        scrubbing = (self.back_action, self.forward_action, self.next_action, self.first_action, self.last_action)
        self.step_keys = StepKeys(self, (*stepping, *scrubbing, self.undo_action, self.redo_action), self.data_view)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.synthesise_action)
        presets = file_menu.addMenu("Presets")
        for preset in PRESETS.values():
            action = presets.addAction(f"{preset.name} — {preset.description}")
            action.triggered.connect(lambda _=False, name=preset.name: self.load_preset(name))
        file_menu.addAction(self.start_action)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        export_menu = file_menu.addMenu("Export")
        self.export_actions = {}
        for kind, (text, _, _) in self.EXPORTS.items():
            action = export_menu.addAction(text)
            action.triggered.connect(lambda _=False, kind=kind: self.choose_export_path(kind))
            self.export_actions[kind] = action
        export_menu.addSeparator()
        self.export_actions["animation"] = export_menu.addAction("Animation (GIF, APNG or PNG frames)…")
        self.export_actions["animation"].triggered.connect(self._ask_for_animation)
        self.export_actions["handout"] = export_menu.addAction("Handout of the run (HTML)…")
        self.export_actions["handout"].triggered.connect(self._ask_for_handout)
        self.classify_flow = ClassifyFlow(self)
        self.classify_action = file_menu.addAction("Classify new data…")
        self.classify_action.setToolTip("Responsibilities and labels of a new file's rows under the model shown")
        self.classify_action.triggered.connect(self.classify_flow.choose)
        file_menu.addAction(self.screenshot_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        run_menu = bar.addMenu("&Run")
        for action in self.run_commands:
            run_menu.addAction(action)
        view_menu = bar.addMenu("&View")
        for dock in (self.control_dock, self.objective_dock, self.parameters_dock, self.inspector_dock):
            view_menu.addAction(dock.toggleViewAction())
        for dock in (self.choose_k_dock, self.restarts_dock):
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addAction(self.bound_dock.toggleViewAction())
        view_menu.addAction(self.agreement_dock.toggleViewAction())
        view_menu.addAction(self.uncertain_dock.toggleViewAction())
        self.posterior_action = view_menu.addAction("Posterior curves P(C | x) (1-D data)")
        self.posterior_action.setCheckable(True)
        self.posterior_action.setChecked(True)
        self.posterior_action.toggled.connect(self.data_view.set_posterior_visible)
        self.view_option_actions = add_view_option_actions(view_menu, self.view_options, self)
        follow_standardization(self.view_option_actions["original_units"], self.session)
        explore_menu = bar.addMenu("E&xplore")
        explore_menu.addAction("Choose K…", lambda: self.show_explore_dock(self.choose_k_dock))
        explore_menu.addAction("Restart gallery…", lambda: self.show_explore_dock(self.restarts_dock))
        view_menu.addSeparator()
        self.motion_actions = add_motion_menu(view_menu, self.motion, self)
        view_menu.addAction(self.presentation_action)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction("How EM works here", self.show_help)
        help_menu.addAction("Keyboard shortcuts", self.show_shortcuts)
        help_menu.addAction("About nbviz", self.show_about)

    def _give_bound_view_room(self, visible: bool) -> None:
        """On showing the bound view, make it large enough to read: half the width, 2/5 of the height."""
        if not visible or self.bound_dock.isFloating():
            return
        width, height = self.width() // 2, max(BOUND_MIN_HEIGHT, self.height() * 2 // 5)
        if self.bound_dock.width() < width:
            self.resizeDocks([self.objective_dock, self.bound_dock], [width, width], Qt.Orientation.Horizontal)
        if self.bound_dock.height() < height:
            self.resizeDocks([self.bound_dock], [height], Qt.Orientation.Vertical)

    def show_explore_dock(self, dock: QDockWidget) -> None:
        """Show and raise one of the exploring docks (Choose K, Restart gallery)."""
        partner = self.restarts_dock if dock is self.choose_k_dock else self.choose_k_dock
        if partner.isVisible() and not dock.isVisible() and partner not in self.tabifiedDockWidgets(dock):
            self.tabifyDockWidget(partner, dock)  # one above the other would not fit a small screen
        dock.show()
        dock.raise_()
        self.resizeDocks([dock], [460], Qt.Orientation.Horizontal)

    # ----------------------------------------------------------------- loading
    def load_preset(self, name: str) -> bool:
        try:
            problem, config, start = load_preset(name)
        except (KeyError, ValueError, OSError) as error:
            self.banner.show_error(f"Cannot open preset {name}: {error}")
            return False
        if not self.session.load(problem, config, start):
            return False
        self._last = ("preset", name)
        self.preset_opened(name)
        return True

    def preset_opened(self, name: str) -> None:
        """Show the note of preset `name` (just loaded) and select the row it points at."""
        preset = PRESETS[name]
        self.preset_note.show_note(preset.note)
        if preset.selected is not None:
            self.session.select(preset.selected)

    def continue_last(self) -> bool:
        """Reopen the preset or file that was open when nbviz last closed."""
        kind, name = self._last
        if kind == "preset":
            return self.load_preset(name)
        if kind == "file" and Path(name).is_file():
            self.open_or_import(name)
            return True
        self.banner.show_error(f"{name or 'The last file'} is no longer there: open another file or a preset.")
        return False

    def open_file(self, path: str | None, label_column=None) -> bool:
        """Load a data file or a session; on failure the message names the problem and what was open stays."""
        if not path:
            return False
        if str(path).endswith(SESSION_SUFFIX):
            return self.open_session(path)
        try:
            problem = Problem.from_file(path, label_column)
        except ValueError as error:  # DataError is a ValueError
            self.banner.show_error(str(error))
            return False
        if not self.session.load(problem):
            return False
        self._remember(str(Path(path).resolve()))
        return True

    def open_session(self, path: str) -> bool:
        try:
            saved = read_session(path)
        except SessionFileError as error:
            self.banner.show_error(str(error))
            return False
        return bool(self.restore_session(saved, path))

    def restore_session(self, saved, path: str):
        """Show a session read from `path` (the Outcome); nothing is unsaved until something changes."""
        outcome = self.session.restore(saved)
        if outcome:
            self.unsaved = False
            self._session_path = str(path)
            self._remember(str(Path(path).resolve()))
        return outcome

    def choose_synthesis(self) -> SynthesisDialog:
        """Open the synthesis dialog; on OK it loads the data into the session (and the workspace shows)."""
        from ..dialogs.synthesize import SynthesisDialog

        dialog = SynthesisDialog(
            self.session,
            self,
            settings=self.settings if self.remember_layout else None,
            appearance=self.appearance,
            view_options=self.view_options,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def edit_start(self) -> StartEditor | None:
        """Open the start editor on the run shown (None without a run); on OK EM restarts from its numbers."""
        if not self.session.has_run:
            return None
        from ..dialogs.start_editor import StartEditor

        dialog = StartEditor(self.session, self, appearance=self.appearance)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Open data or session",
            self.dialog_directory("open"),
            f"Data and sessions (*.csv *.tsv *.txt *.npy *{SESSION_SUFFIX});;All files (*)",
        )
        if path:
            self._remember_directory("open", path)
            self.open_or_import(path)

    def dialog_directory(self, kind: str, name: str = "") -> str:
        """Where the `kind` file dialog (see `preferences.DIRECTORY_KINDS`) opens: its last folder, + `name`."""
        folder = read_directory(self.settings, kind) if self.remember_layout else ""
        return str(Path(folder) / name) if folder and name else (folder or name)

    def _remember_directory(self, kind: str, chosen_path: str) -> None:
        if self.remember_layout:  # a scripted run leaves the user's settings alone
            write_directory(self.settings, kind, chosen_path)
            self.settings.sync()

    def open_or_import(self, path: str | None) -> None:
        """A session opens at once; a data file opens the import dialog to preview and choose how."""
        if not path:
            return
        if str(path).endswith(SESSION_SUFFIX):
            self.open_session(path)
        else:
            self.import_file(path)

    def import_file(self, path: str) -> ImportDialog:
        """Show the import dialog for a data file (window-modal, not blocking); returns it."""
        from ..dialogs.import_dialog import ImportDialog

        dialog = ImportDialog(
            str(path), self, adopt=self._adopt_dataset, appearance=self.appearance, config=self.session.config
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.import_dialog = dialog
        dialog.finished.connect(lambda _result: setattr(self, "import_dialog", None))
        self.session.busy_changed.connect(dialog.check)  # refused during a run: Load again once it ends
        dialog.open()
        return dialog

    def _adopt_dataset(self, dataset: nc.Dataset, spec: ImportSpec, config=None) -> str | None:
        """Switch to a data set (and the model chosen) from the import dialog; None, or why it cannot be
        used (nothing changed)."""
        problem = Problem.from_dataset(dataset, load_options=spec.options())
        method = None if self.import_dialog is None else self.import_dialog.standardize_row.method
        if method is not None:
            try:
                problem = standardize_problem(problem, method)
            except ValueError as error:  # a column that does not vary: the dialog shows why and stays open
                return f"{error}."
        if config is not None and config.prior.covariance_prior == 0:
            config = for_file(config, problem.X)  # a covariance prior scaled to this file, as File → Open gives
        outcome = self.session.load(problem, config)
        if not outcome:
            self.banner.hide()  # the dialog shows the message and stays open
            return outcome.reason
        self._remember(str(Path(spec.path).resolve()))
        self.banner.show_notice(describe_load(dataset, spec))
        return None

    def save_session(self, path: str) -> bool:
        if not self.session.save(path, write_session):
            return False
        self.unsaved = False
        self._session_path = str(path)
        self._remember(str(Path(path).resolve()))
        self.statusBar().showMessage(f"Saved {Path(path).name}", 4000)
        return True

    def choose_session_path(self) -> bool:
        """Ask where to save the session and save it; False if cancelled or it failed."""
        if not self.session.has_run:
            self.banner.show_error("There is nothing to save yet: load data or choose a preset first.")
            return False
        problem = self.session.problem
        assert problem is not None  # a run is shown only for loaded data
        suggested = self._session_path or self.dialog_directory("session", f"{Path(problem.name).stem}{SESSION_SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(self, "Save session", suggested, f"nbviz session (*{SESSION_SUFFIX})")
        if not path:
            return False
        self._remember_directory("session", path)
        if not path.endswith(SESSION_SUFFIX):
            path += SESSION_SUFFIX
        return self.save_session(path)

    # ----------------------------------------------------------------- export
    FIGURE_FILTERS = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"
    EXPORTS = {
        # kind: (menu text, suggested file name suffix, file-dialog filter)
        "responsibilities": ("Responsibilities and labels (CSV)…", "-responsibilities.csv", "CSV (*.csv)"),
        "parameters-json": ("Parameters (JSON)…", "-parameters.json", "JSON (*.json)"),
        "parameters-csv": ("Parameters (CSV)…", "-parameters.csv", "CSV (*.csv)"),
        "trace": ("Objective and ELBO trace (CSV)…", "-trace.csv", "CSV (*.csv)"),
        # figures (FIGURE_KINDS): PNG, SVG or PDF, drawn off screen by nbviz.gui.figures
        "data-figure": ("Data view figure…", "-data.png", FIGURE_FILTERS),
        "objective-figure": ("Objective figure…", "-objective.png", FIGURE_FILTERS),
        "responsibilities-figure": ("Responsibility map figure…", "-responsibilities.png", FIGURE_FILTERS),
        "bound-figure": ("Bound view figure…", "-bound.png", FIGURE_FILTERS),
        "choose-k-figure": ("Choose K figure…", "-choose-k.png", FIGURE_FILTERS),
        "restarts-figure": ("Restart gallery figure…", "-restarts.png", FIGURE_FILTERS),
    }

    FIGURE_KINDS = {
        "data-figure": "data",
        "objective-figure": "objective",
        "responsibilities-figure": "responsibilities",
        "bound-figure": "bound",
        "choose-k-figure": "choose-k",
        "restarts-figure": "gallery",
    }
    figure_options = FigureOptions()  # the last chosen in the figure dialog (a scripted run: the defaults)

    def export_to(self, kind: str, path: str) -> bool:
        """Export what is shown at the cursor; a message on failure, nothing else changes."""
        session = self.session
        if not session.has_run:
            self.banner.show_error("There is nothing to export yet: load data or choose a preset first.")
            return False

        def write_data() -> None:
            export.write_session_export(kind, path, session)

        writers: dict[str, Callable[[], object]] = {
            "responsibilities": write_data,
            "parameters-json": write_data,
            "parameters-csv": write_data,
            "trace": write_data,
            **{
                menu_kind: partial(export_figure, self, figure, path, self.figure_options)
                for menu_kind, figure in self.FIGURE_KINDS.items()
            },
        }
        try:
            writers[kind]()
        except (OSError, ValueError) as error:
            self.banner.show_error(f"Could not export to {path}: {error}")
            return False
        self.statusBar().showMessage(f"Exported {Path(path).name}", 4000)
        return True

    def choose_export_path(self, kind: str) -> None:
        if not self.session.has_run:
            self.banner.show_error("There is nothing to export yet: load data or choose a preset first.")
            return
        text, suffix, filters = self.EXPORTS[kind]
        problem = self.session.problem
        assert problem is not None  # a run is shown only for loaded data
        suggested = self.dialog_directory("export", Path(problem.name).stem + suffix)
        path, chosen = QFileDialog.getSaveFileName(self, text.rstrip("…"), suggested, filters)
        if not path:
            return
        self._remember_directory("export", path)
        if not Path(path).suffix:
            path += next((s for s in FIGURE_SUFFIXES if s[1:] in chosen.lower()), Path(suffix).suffix)
        if kind in self.FIGURE_KINDS and not self.ask_figure_options(path, self.FIGURE_KINDS[kind]):
            return
        self.export_to(kind, path)

    def ask_figure_options(self, path: str, figure: str) -> bool:
        """Ask how to draw `figure` (a key of `figures.FIGURE_TITLES`) for `path` (size, presentation
        sizes, title); False if cancelled."""
        if Path(path).suffix.lower() not in FIGURE_SUFFIXES:
            return True  # export_to says which formats there are
        png = Path(path).suffix.lower() == ".png"
        title = default_figure_title(self, figure)
        dialog = FigureOptionsDialog(self.settings, self.data_view.width(), png, title, self)
        if dialog.exec() != FigureOptionsDialog.DialogCode.Accepted:
            return False
        self.figure_options = dialog.options()
        return True

    # drag a data or session file onto the window to open it
    def dragEnterEvent(self, event) -> None:
        urls = event.mimeData().urls()
        if len(urls) == 1 and urls[0].isLocalFile():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        urls = event.mimeData().urls()
        if len(urls) == 1 and urls[0].isLocalFile():
            event.acceptProposedAction()
            self.open_or_import(urls[0].toLocalFile())

    def recent_files(self) -> list[str]:
        value = cast(list, self.settings.value("recent_files", [], type=list))  # type=list: always a list
        return [str(p) for p in value if isinstance(p, str)][:MAX_RECENT]

    def _remember(self, path: str) -> None:
        self._last = ("file", path)
        files = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent_files", files[:MAX_RECENT])
        self.start_page.set_recent_files(files[:MAX_RECENT])

    # ----------------------------------------------------------------- running
    def run_to_convergence(self) -> None:
        if not self.runner.start():
            return
        self._progress = QProgressDialog("Running EM to convergence…", "Cancel", 0, 0, self)
        self._progress.setWindowTitle("nbviz")
        self._progress.setMinimumDuration(200)  # only appears for runs longer than ~200 ms
        self._progress.setValue(0)  # starts the 200 ms clock (otherwise Qt's default of 4 s applies)
        self._progress.setWindowModality(Qt.WindowModality.WindowModal)
        self._progress.canceled.connect(self.runner.cancel)

    def _run_progressed(self, iterations: int, objective: float) -> None:
        if self._progress is not None:
            self._progress.setLabelText(f"Running EM to convergence… iteration {iterations}, objective {objective:.6g}")

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
            self._show_workspace_docks()
        self.pages.setCurrentIndex(1)
        self.setWindowTitle(f"nbviz — {problem.name}")
        self.agreement_dock.setVisible(problem.labels is not None)  # clusters vs classes, when there are classes
        self.banner.hide()

    def _may_close(self) -> bool:
        """Offer to save the half-steps taken; False if the user cancels (or the save fails)."""
        answer = QMessageBox.question(
            self,
            "nbviz",
            "Save this session before closing?\n\nThe half-steps taken since it was last saved are lost otherwise.",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.choose_session_path()
        return answer == QMessageBox.StandardButton.Discard

    # ----------------------------------------------------------------- remembered layout
    def _restore_layout(self) -> None:
        """Window size and position, and the docks' layout, as the user left them."""
        if self.settings.status() != QSettings.Status.NoError:
            self.banner.show_notice("Your saved settings could not be read; nbviz starts with its defaults.")
            self._dock_state = QByteArray()
            return
        # type=QByteArray converts only what Qt wrote: a value written as text comes back as text
        geometry = self.settings.value("window/geometry", QByteArray(), type=QByteArray)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        docks = self.settings.value("window/docks", QByteArray(), type=QByteArray)
        self._dock_state = docks if isinstance(docks, QByteArray) else QByteArray()

    def _save_layout(self) -> None:
        self.presentation_layout.restore_window()  # the user's own docks and size, not the projector's
        if self.pages.currentIndex() == 1:  # the docks are only laid out in the workspace
            self._dock_state = self.saveState()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/docks", self._dock_state)
        write_choices(self.settings, self.choices())
        write_view_options(self.settings, self.view_options)
        write_motion(self.settings, self.motion)
        self.settings.sync()

    # ----------------------------------------------------------------- remembered choices
    def choices(self) -> Choices:
        """What to remember for next time: play speed, presentation mode, the last preset or file."""
        kind, name = self._last
        return Choices(
            speed=self.controls.speed_slider.value(),
            presentation=self.appearance.presentation,
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
        self.controls.speed_slider.setValue(choices.speed)
        self.appearance.set_presentation(choices.presentation)
        self._last = (choices.last_kind, choices.last_name)
        if choices.last_kind:
            self.start_page.set_last(
                choices.last_name if choices.last_kind == "preset" else Path(choices.last_name).name
            )
        if choices.unreadable:
            self.banner.show_notice(
                f"Some saved choices could not be read ({', '.join(choices.unreadable)}); "
                "nbviz uses its defaults for them."
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
        self.presentation_action.setChecked(appearance.presentation)
        area = self.control_dock.widget()
        if isinstance(area, QScrollArea):  # the controls scroll: as wide as their (new) text needs
            scrollbar = area.verticalScrollBar().sizeHint().width()
            area.setMinimumWidth(self.controls.minimumSizeHint().width() + scrollbar)
        self.toolbar.setIconSize(QSize(ICON_SIZES[appearance.presentation], ICON_SIZES[appearance.presentation]))
        icons = {
            self.e_action: "e-step",
            self.m_action: "m-step",
            self.step_action: "iteration",
            self.run_action: "run",
            self.reset_action: "reset",
            self.back_action: "back",
            self.forward_action: "forward",
            self.open_action: "open",
            self.save_action: "save",
            self.presentation_action: "presentation",
        }
        palette = self.palette()
        self._icons = {name: themed_icon(name, palette) for name in (*icons.values(), "play", "pause")}
        for action, name in icons.items():
            action.setIcon(self._icons[name])
        self._play_state_changed(self.session.player.playing)

    def _play_state_changed(self, playing: bool) -> None:
        self.play_action.setText("Pause" if playing else "Play")
        self.play_action.setIcon(self._icons["pause" if playing else "play"])

    def _show_workspace_docks(self) -> None:
        if self._dock_state.isEmpty() or not self.restoreState(self._dock_state):
            self._set_docks_visible(True)
            self._fit_parameters_column()

    def _fit_parameters_column(self) -> None:
        """The default layout in a narrow window (a 1024-pixel projector): the parameters column
        gives up width, down to its least, until the data view has its share of the window."""
        least, most = PARAMETERS_WIDTHS
        spare = self.width() * (1 - DATA_VIEW_SHARE) - self.control_dock.width()
        width = int(min(max(spare, least), most))
        self.resizeDocks([self.parameters_dock], [width], Qt.Orientation.Horizontal)

    def _set_docks_visible(self, visible: bool) -> None:
        for dock in (self.control_dock, self.objective_dock, self.parameters_dock, self.inspector_dock):
            dock.setVisible(visible)

    def _history_changed(self) -> None:
        # the session always follows with cursor_changed, which sets the slider's value and the status
        self.unsaved = len(self.session.history) > 1
        self.history_slider.blockSignals(True)
        self.history_slider.setRange(0, max(0, len(self.session.history) - 1))
        self.history_slider.blockSignals(False)

    def _cursor_changed(self, index: int) -> None:
        self.history_slider.blockSignals(True)
        self.history_slider.setValue(index)
        self.history_slider.blockSignals(False)
        self._update_status()
        self._update_actions()

    def _busy_changed(self, busy: bool) -> None:
        self._update_actions()

    def _update_actions(self) -> None:
        """Stepping needs a run and no background work; the M-step needs an E-step first."""
        session = self.session
        ready = session.can_step
        for action in (*self.run_commands, self.save_action, *self.export_actions.values(), self.classify_action):
            action.setEnabled(ready)
        self.m_action.setEnabled(session.can_m_step)  # after the loop: it needs an E-step first
        self.undo_action.setEnabled(session.undo_history.can_undo)
        self.redo_action.setEnabled(session.undo_history.can_redo)
        self.open_action.setEnabled(not session.busy)
        self.synthesise_action.setEnabled(not session.busy)
        self.history_slider.setEnabled(ready)

    def status_text(self) -> str:
        session = self.session
        snapshot = session.snapshot
        if snapshot is None:
            return ""
        phase = {"init": "start", "E": "after E-step", "M": "after M-step"}[snapshot.phase]
        name = "log-likelihood" if session.config.prior.is_flat else "log-lik. + log-prior"
        parts = [
            session.config.title,
            f"iteration {snapshot.iteration}, {phase}",
            f"{name} {objective_text(snapshot.objective)}",
        ]
        if snapshot.elbo is not None and session.config.hard:  # elbo is set exactly when kl is
            parts.append(f"hard EM climbs the classification log-lik. {objective_text(snapshot.elbo)}")
        elif snapshot.kl is not None:
            parts.append(f"KL gap {max(snapshot.kl, 0.0):.3g}")
        if label_status(session):
            parts.append(label_status(session))
        parts.append(convergence_status(session))
        return "   ·   ".join(parts)

    def _update_status(self) -> None:
        session = self.session
        total = len(session.history)
        snapshot = session.snapshot
        if snapshot is None:
            self.history_label.setText("")
        else:
            what = {"init": "start", "E": f"E-step {snapshot.iteration}", "M": f"M-step {snapshot.iteration}"}
            self.history_label.setText(f"half-step {session.cursor} of {total - 1} ({what[snapshot.phase]})")
        self.status_label.setText(self.status_text())

    # ----------------------------------------------------------------- help
    def show_help(self) -> None:
        try:
            text = resource_path("resources", "help", "how_em_works.html").read_text(encoding="utf-8")
        except (FileNotFoundError, OSError) as error:
            text = f"<p>The help text is missing from this installation ({error}).</p>"
        self._text_dialog("How EM works here", text, 640, 620)

    def show_shortcuts(self) -> None:
        rows = "".join(f"<tr><td><b>{key}</b></td><td>&nbsp;&nbsp;{what}</td></tr>" for key, what in SHORTCUTS)
        self._text_dialog("Keyboard shortcuts", f"<table>{rows}</table>", 560, 440)

    def show_about(self) -> None:
        import numpy
        import pyqtgraph
        import PySide6
        import scipy

        text = (
            f"<h3>nbviz {nbviz.__version__}</h3><p>Watch the EM algorithm work, one E-step and one "
            f"M-step at a time.</p><p>Python {'.'.join(map(str, __import__('sys').version_info[:3]))}, "
            f"numpy {numpy.__version__}, scipy {scipy.__version__}, PySide6 {PySide6.__version__}, "
            f"pyqtgraph {pyqtgraph.__version__}</p>"
        )
        self._text_dialog("About nbviz", text, 420, 240)

    def _text_dialog(self, title: str, html: str, width: int, height: int) -> None:
        dialog = QDialog(self)
        dialog.setWindowTitle(title)
        browser = QTextBrowser()
        browser.setHtml(html)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(browser)
        layout.addWidget(buttons)
        dialog.resize(width, height)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

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
            self, "Save screenshot", self.dialog_directory("export", "nbviz.png"), "PNG image (*.png)"
        )
        if path:
            self._remember_directory("export", path)
        if path and not self.save_screenshot(path):
            self.banner.show_error(f"Could not write the screenshot to {path}.")

    def closeEvent(self, event) -> None:
        if self.ask_to_save and self.unsaved and not self._may_close():
            event.ignore()
            return
        self.session.player.pause()
        self.runner.wait()
        for dock in (self.choose_k_dock, self.restarts_dock):
            if dock.built:
                dock.content().explorer.wait()
        if self.remember_layout:
            self._save_layout()
        super().closeEvent(event)
