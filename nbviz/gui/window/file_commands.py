"""The window's file commands: open a preset, a data file (through the import dialog) or a session,
synthesise data, save the session; the recent files, the last file or preset opened, and the folder
each kind of file dialog opens in."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QMainWindow

import nbviz.core as nc

from ...app.data.import_spec import ImportSpec, describe_load
from ...app.data.problem import Problem
from ...app.data.standardize import standardize_problem
from ...app.documents.session_file import SUFFIX as SESSION_SUFFIX
from ...app.documents.session_file import SessionFileError, read_session, write_session
from ...app.model.config import for_file
from ...app.presentation.appearance import Appearance
from ...app.presentation.preferences import read_directory, write_directory
from ...app.presentation.presets import PRESETS, load_preset
from ...app.presentation.view_options import ViewOptions
from ...app.run.run_making import counted_run
from ...app.run.session import Session
from ..widgets.banner import MessageBanner
from ..widgets.guide_links import attach_help
from ..widgets.wait_cursor import wait_cursor
from .start_page import StartPage

translate = QCoreApplication.translate

if TYPE_CHECKING:  # built (and imported) when first shown
    from ..dialogs.import_dialog import ImportDialog
    from ..dialogs.synthesize import SynthesisDialog

MAX_RECENT = 8


class DialogFolders:
    """Where each kind of file dialog (see `preferences.DIRECTORY_KINDS`) opens: the folder chosen last.

    Parameters
    ----------
    settings : QSettings
    remembering : callable
        ``remembering()`` says whether the choices are remembered (a scripted run leaves the user's
        settings alone).
    """

    def __init__(self, settings: QSettings, remembering: Callable[[], bool]):
        self.settings, self.remembering = settings, remembering

    def folder(self, kind: str, name: str = "") -> str:
        """Where the `kind` file dialog opens: its last folder, + `name`."""
        folder = read_directory(self.settings, kind) if self.remembering() else ""
        return str(Path(folder) / name) if folder and name else (folder or name)

    def remember(self, kind: str, chosen_path: str) -> None:
        """The `kind` file dialog opens where `chosen_path` is, next time."""
        if self.remembering():
            write_directory(self.settings, kind, chosen_path)
            self.settings.sync()


class FileCommands(QObject):
    """File → Open, Synthesise, Presets, Save session (and the start page's, and dropped files) for `window`.

    Signals
    -------
    preset_loaded(str) : a preset's name, just loaded (its note is to be shown)
    preset_reopened(str) : the preset of a session just read (its note is to be shown again)

    Attributes
    ----------
    last : tuple of (str, str)
        ("preset" or "file", its name or path) of what was opened last; ("", "") before.
    unsaved : bool
        Half-steps taken since the session was last saved or opened.
    import_dialog : ImportDialog or None
        The import dialog, while one is open.
    """

    preset_loaded = Signal(str)
    preset_reopened = Signal(str)

    def __init__(
        self,
        window: QMainWindow,
        session: Session,
        folders: DialogFolders,
        *,
        banner: MessageBanner,
        start_page: StartPage,
        appearance: Appearance,
        view_options: ViewOptions,
    ):
        super().__init__(window)
        self.window, self.session, self.folders, self.banner = window, session, folders, banner
        self.settings = folders.settings
        self.start_page, self.appearance, self.view_options = start_page, appearance, view_options
        self.last = ("", "")
        self.session_path: str | None = None
        self.unsaved = False
        self.import_dialog: ImportDialog | None = None

    # ----------------------------------------------------------------- opening
    def _load(self, problem: Problem, config=None, start: nc.Mixture | None = None, made=None):
        """`Session.load` under the wait cursor: the starts on a long table take seconds (`made`: run already)."""
        with wait_cursor():
            return self.session.load(problem, config, start, made=made)

    def load_preset(self, name: str) -> bool:
        """Open preset `name`; False (and a message) if it cannot be."""
        try:
            problem, config, start = load_preset(name)
        except (KeyError, ValueError, OSError) as error:
            self.banner.show_error(translate("nbviz", "Cannot open preset {0}: {1}").format(name, error))
            return False
        if not self._load(problem, config, start):
            return False
        self.last = ("preset", name)
        self.preset_loaded.emit(name)
        return True

    def continue_last(self) -> bool:
        """Reopen the preset or file that was open when nbviz last closed."""
        kind, name = self.last
        if kind == "preset":
            return self.load_preset(name)
        if kind == "file" and Path(name).is_file():
            self.open_or_import(name)
            return True
        self.banner.show_error(
            translate("nbviz", "{0} is no longer there: open another file or a preset.").format(name or "The last file")
        )
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
        if not self._load(problem):
            return False
        self.remember(str(Path(path).resolve()))
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
            if saved.problem.preset in PRESETS:
                self.preset_reopened.emit(saved.problem.preset)
            self.unsaved = False
            self.session_path = str(path)
            self.remember(str(Path(path).resolve()))
        return outcome

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window,
            translate("nbviz", "Open data or session"),
            self.folders.folder("open"),
            translate("nbviz", "Data and sessions (*.csv *.tsv *.txt *.npy *{0});;All files (*)").format(
                SESSION_SUFFIX
            ),
        )
        if path:
            self.folders.remember("open", path)
            self.open_or_import(path)

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
            str(path), self.window, adopt=self._adopt_dataset, appearance=self.appearance, config=self.session.config,
            prepare=_prepared_run,
        )  # fmt: skip
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        attach_help(dialog)
        self.import_dialog = dialog
        dialog.finished.connect(lambda _result: setattr(self, "import_dialog", None))
        self.session.busy_changed.connect(dialog.check)  # refused during a run: Load again once it ends
        dialog.open()
        return dialog

    def _adopt_dataset(self, dataset: nc.Dataset, spec: ImportSpec, config=None, prepared=None) -> str | None:
        """Switch to a data set (and the model chosen) from the import dialog; None, or why it cannot be
        used (nothing changed). `prepared` is what `_prepared_run` made of it in the loading thread."""
        if prepared is not None:
            problem, config, made = prepared
            outcome = self._load(problem, config, made=made)
        else:
            method = None if self.import_dialog is None else self.import_dialog.standardize_row.method
            chosen = _problem_and_config(dataset, spec, config, method)
            if isinstance(chosen, str):  # a column that does not vary: the dialog shows why and stays open
                return chosen
            outcome = self._load(*chosen)
        if not outcome:
            self.banner.hide()  # the dialog shows the message and stays open
            return outcome.reason
        self.remember(str(Path(spec.path).resolve()))
        self.banner.show_notice(describe_load(dataset, spec))
        return None

    def choose_synthesis(self) -> SynthesisDialog:
        """Open the synthesis dialog; on OK it loads the data into the session (and the workspace shows)."""
        from ..dialogs.synthesize import SynthesisDialog

        dialog = SynthesisDialog(
            self.session,
            self.window,
            settings=self.settings if self.folders.remembering() else None,
            appearance=self.appearance,
            view_options=self.view_options,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        attach_help(dialog)
        dialog.open()
        return dialog

    # ----------------------------------------------------------------- saving
    def save_session(self, path: str) -> bool:
        if not self.session.save(path, write_session):
            return False
        self.unsaved = False
        self.session_path = str(path)
        self.remember(str(Path(path).resolve()))
        self.window.statusBar().showMessage(translate("nbviz", "Saved {0}").format(Path(path).name), 4000)
        return True

    def choose_session_path(self) -> bool:
        """Ask where to save the session and save it; False if cancelled or it failed."""
        if not self.session.has_run:
            self.banner.show_error(
                translate("nbviz", "There is nothing to save yet: load data or choose a preset first.")
            )
            return False
        problem = self.session.problem
        assert problem is not None  # a run is shown only for loaded data
        suggested = self.session_path or self.folders.folder("session", f"{Path(problem.name).stem}{SESSION_SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            translate("nbviz", "Save session"),
            suggested,
            translate("nbviz", "nbviz session (*{0})").format(SESSION_SUFFIX),
        )
        if not path:
            return False
        self.folders.remember("session", path)
        if not path.endswith(SESSION_SUFFIX):
            path += SESSION_SUFFIX
        return self.save_session(path)

    # ----------------------------------------------------------------- recent files
    def recent_files(self) -> list[str]:
        value = cast(list, self.settings.value("recent_files", [], type=list))  # type=list: always a list
        return [str(p) for p in value if isinstance(p, str)][:MAX_RECENT]

    def remember(self, path: str) -> None:
        """`path` was opened or saved: it is the last file and heads the recent files."""
        self.last = ("file", path)
        files = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent_files", files[:MAX_RECENT])
        self.start_page.set_recent_files(files[:MAX_RECENT])


def _problem_and_config(dataset: nc.Dataset, spec: ImportSpec, config, method: str | None):
    """(problem, config) the import dialog's choices make of `dataset` (standardised by `method`, the
    config given the file's covariance prior), or the one line why not."""
    problem = Problem.from_dataset(dataset, load_options=spec.options())
    if method is not None:
        try:
            problem = standardize_problem(problem, method)
        except ValueError as error:  # a column that does not vary
            return f"{error}."
    if config is not None and config.prior.covariance_prior == 0:
        config = for_file(config, problem.X)  # a covariance prior scaled to this file, as File → Open gives
    return problem, config


def _prepared_run(dataset: nc.Dataset, spec: ImportSpec, config, method: str | None):
    """In the import dialog's loading thread: (problem, config, the run and its starts' tally) that
    adopting `dataset` shows, so the window stays live while a large table's starts run; None when
    they cannot be made (adopting then says why)."""
    chosen = _problem_and_config(dataset, spec, config, method)
    if isinstance(chosen, str) or chosen[1] is None:
        return None
    problem, config = chosen
    try:
        return problem, config, counted_run(problem, config.with_(start_given=False))
    except ValueError:
        return None
