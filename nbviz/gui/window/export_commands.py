"""The window's export commands: File → Export's data exports (`app.data.export.EXPORT_FORMATS`) and
figures (`app.presentation.figure_kinds.FIGURE_KINDS`, asked how to draw them first), the animation
and the handout, and File → Save screenshot."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QMainWindow, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.data.export import EXPORT_FORMATS, write_session_export
from ...app.data.files import WriteError
from ...app.presentation.figure_kinds import FIGURE_KINDS
from ...app.run.session import Session
from ..figures import FIGURE_SUFFIXES, FigureOptions, FigureSource, default_figure_title, export_figure
from ..figures.options_dialog import FigureOptionsDialog
from ..widgets.banner import MessageBanner
from ..widgets.guide_links import attach_help
from ..widgets.wait_cursor import wait_cursor
from .file_commands import DialogFolders

translate = QCoreApplication.translate

FIGURE_FILTERS = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"
NOTHING_YET = QT_TRANSLATE_NOOP("nbviz", "There is nothing to export yet: load data or choose a preset first.")
# File → Export's figure entries (their key) -> the figure kind
FIGURES_BY_MENU = {figure.menu_kind: figure for figure in FIGURE_KINDS.values()}


class ExportCommands:
    """Exports what `window` shows at the session's cursor, as File → Export does.

    Parameters
    ----------
    window : QMainWindow
        The file dialogs' parent, and the status bar that says what was written.
    source : FigureSource
        What figures are drawn from (the window).
    session : Session
    folders : DialogFolders
    banner : MessageBanner
        Where a failure is said.
    layout_widget : QWidget
        The data view: its width is a figure's width in pixels at 1x, in the figure dialog.

    Attributes
    ----------
    figure_options : FigureOptions
        The last chosen in the figure dialog (a scripted run: the defaults).
    """

    def __init__(
        self,
        window: QMainWindow,
        source: FigureSource,
        session: Session,
        folders: DialogFolders,
        banner: MessageBanner,
        layout_widget: QWidget,
    ):
        self.window, self.source, self.session, self.folders, self.banner = window, source, session, folders, banner
        self.layout_widget = layout_widget
        self.figure_options = FigureOptions()

    def export_to(self, kind: str, path: str) -> bool:
        """Export `kind` (a data export's or a figure's menu key) of what is shown at the cursor; a message
        on failure, nothing else changes."""
        if not self.session.has_run:
            self.banner.show_error(translate("nbviz", NOTHING_YET))
            return False
        try:
            if kind in FIGURES_BY_MENU:
                export_figure(self.source, FIGURES_BY_MENU[kind].name, path, self.figure_options)
            else:
                write_session_export(kind, path, self.session)
        except (OSError, ValueError) as error:
            self.banner.show_error(translate("nbviz", "Could not export to {0}: {1}").format(path, error))
            return False
        self.window.statusBar().showMessage(translate("nbviz", "Exported {0}").format(Path(path).name), 4000)
        return True

    def choose_export_path(self, kind: str) -> None:
        """Ask where to write export `kind` (and, for a figure, how to draw it), then write it."""
        if not self.session.has_run:
            self.banner.show_error(translate("nbviz", NOTHING_YET))
            return
        figure = FIGURES_BY_MENU.get(kind)
        if figure is not None:
            text, suffix, filters = figure.menu_text, figure.file_suffix, FIGURE_FILTERS
        else:
            export = EXPORT_FORMATS[kind]
            text, suffix, filters = export.menu_text, export.file_suffix, export.file_filter
        problem = self.session.problem
        assert problem is not None  # a run is shown only for loaded data
        suggested = self.folders.folder("export", Path(problem.name).stem + suffix)
        path, chosen = QFileDialog.getSaveFileName(self.window, text.rstrip("…"), suggested, filters)
        if not path:
            return
        self.folders.remember("export", path)
        if not Path(path).suffix:
            path += next((s for s in FIGURE_SUFFIXES if s[1:] in chosen.lower()), Path(suffix).suffix)
        if figure is not None and not self.ask_figure_options(path, figure.name):
            return
        self.export_to(kind, path)

    def ask_figure_options(self, path: str, figure: str) -> bool:
        """Ask how to draw `figure` (a key of `FIGURE_KINDS`) for `path` (size, presentation sizes,
        title); False if cancelled."""
        if Path(path).suffix.lower() not in FIGURE_SUFFIXES:
            return True  # export_to says which formats there are
        png = Path(path).suffix.lower() == ".png"
        title = default_figure_title(self.source, figure)
        dialog = FigureOptionsDialog(self.folders.settings, self.layout_widget.width(), png, title, self.window)
        attach_help(dialog)
        if dialog.exec() != FigureOptionsDialog.DialogCode.Accepted:
            return False
        self.figure_options = dialog.options()
        return True

    def ask_for_animation(self) -> None:
        from ..dialogs.animation_dialog import ask_for_animation  # (imported when asked for: start-up)

        ask_for_animation(self.window)

    def ask_for_handout(self) -> bool:
        """File → Export → Handout: pick a file, write it; False if not written."""
        from ..figures.handout import write_handout  # (imported when asked for: start-up)

        problem = self.session.problem
        if problem is None or not self.session.has_run:
            self.banner.show_error(translate("nbviz", NOTHING_YET))
            return False
        suggested = self.folders.folder("export", f"{Path(problem.name).stem}-handout.html")
        path, _ = QFileDialog.getSaveFileName(
            self.window, translate("nbviz", "Export a handout of the run"), suggested, "Web page (*.html)"
        )
        if not path:
            return False
        if not Path(path).suffix:
            path += ".html"
        self.folders.remember("export", path)
        try:
            with wait_cursor():
                write_handout(self.session, path, view_options=self.source.view_options, like=self.source.data_view)
        except (ValueError, WriteError) as error:
            self.banner.show_error(translate("nbviz", "Could not export the handout: {0}").format(error))
            return False
        self.window.statusBar().showMessage(translate("nbviz", "Exported the handout to {0}").format(path), 6000)
        return True
