"""The restart gallery: R starts of the current model, each run to convergence, best first.

Each card shows its seed, final objective, iterations, how far it ended below the best run and a
thumbnail of its solution; runs that reached the same optimum share a border colour and say so.
Clicking a card loads that run, with its whole history, into the workspace (a gallery read from a
session runs it again from its seed first, in the background).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QColor, QTextDocumentFragment
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import nbviz.core as nc

from ...app.analysis.missing_cells import shown_data
from ...app.explore.explore import Explorer, FitAgain, run_limits
from ...app.explore.restart_gallery import RestartGallery
from ...app.presentation.appearance import Appearance
from ...app.run.session import Session
from ..style.theme import window_font
from ..widgets.session_view import SessionView
from .controls import INIT_LABELS
from .job_bar import JobBar
from .thumbnail_label import ThumbnailLabel
from .thumbnails import aligned_to, draw_thumbnail, frame_for

translate = QCoreApplication.translate

THUMB_WIDTH, THUMB_HEIGHT = 168, 120
# Border colour per optimum (best optimum first), on a light and on a dark background; failed runs are grey.
OPTIMUM_COLORS = ["#2e7d32", "#ef6c00", "#6a1b9a", "#1565c0", "#c62828", "#00838f", "#827717", "#4e342e"]
OPTIMUM_COLORS_DARK = ["#81c784", "#ffb74d", "#ce93d8", "#64b5f6", "#e57373", "#4dd0e1", "#d4e157", "#bcaaa4"]
FAILED_COLOR = "#9e9e9e"


def optimum_color(group: int, dark: bool = False) -> QColor:
    colours = OPTIMUM_COLORS_DARK if dark else OPTIMUM_COLORS
    return QColor(FAILED_COLOR if group < 0 else colours[group % len(colours)])


class RunCard(QFrame):
    """One restart: thumbnail and numbers, in the colours and sizes of `appearance`; a click emits
    `chosen(index)`."""

    chosen = Signal(int)

    def __init__(self, gallery: RestartGallery, index: int, frame, appearance: Appearance | None = None, parent=None):
        super().__init__(parent)
        a = appearance if appearance is not None else Appearance(self)
        self.index = index
        run = gallery.runs[index]
        self.clickable = run.ok
        group = int(gallery.groups[index])
        colour = optimum_color(group, a.dark).name()
        self.setObjectName("card")
        # a style sheet stops the window's font reaching the labels, so it names the size itself
        points = window_font(a).pointSizeF()
        size = f"font-size: {points:.1f}pt;" if points > 0 else ""
        self.setStyleSheet(
            f"#card {{ border: 2px solid {colour}; border-radius: 4px; background: {a.background}; }}"
            f" #card:focus {{ border-width: 4px; }}"
            f" QLabel {{ color: {a.foreground}; {size} }}"
        )
        width, height = round(a.font_size(THUMB_WIDTH)), round(a.font_size(THUMB_HEIGHT))
        self.picture = ThumbnailLabel()  # shapes, not a 1x image, when the gallery is exported
        self.picture.setFixedSize(width, height)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.setFixedWidth(width + 14)  # thumbnail, margins and border: the gallery's column width
        layout = QVBoxLayout(self)
        layout.setContentsMargins(5, 5, 5, 5)
        layout.setSpacing(3)
        layout.addWidget(self.picture)
        layout.addWidget(self.text)
        title = translate("nbviz", "<b>#{0}</b> · seed {1}").format(index + 1, run.seed)
        if not run.ok:
            self.picture.setText(translate("nbviz", "no fit"))
            self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.picture.setStyleSheet(f"color: {FAILED_COLOR};")
            self.text.setText(
                translate("nbviz", "{0}<br><span style='color:{1}'>failed</span>").format(title, a.error_text)
            )
            self.setToolTip(run.error)
            return
        # components matched to the best run's share its colours, so equal optima look equal
        model, labels = aligned_to(run.final_model, run.labels, gallery.runs[0].final_model)
        # rows with missing cells at their expected position under this run's model
        X_shown = shown_data(model, gallery.problem.X[run.rows]) if frame.kind == "scatter" else None
        self.picture.show_drawing(lambda p, w, h: draw_thumbnail(p, model, X_shown, labels, frame, w, h, a))
        first = gallery.first_of_group(index)
        if index == 0:
            where = "best"
        else:
            gap = gallery.gap_to_best(index)
            where = (
                translate("nbviz", "same objective as the best")
                if gap <= gallery.objective_tol
                else translate("nbviz", "{0:.4g} below the best").format(gap)
            )
        if first == index:
            same = translate("nbviz", "<span style='color:{0}'>&#9632;</span> optimum {1}").format(colour, group + 1)
        else:
            same = translate("nbviz", "<span style='color:{0}'>&#9632;</span> same optimum as #{1}").format(
                colour, first + 1
            )
        steps = (
            translate("nbviz", "{0} iteration") if run.iterations == 1 else translate("nbviz", "{0} iterations")
        ).format(run.iterations)
        if not run.converged:
            steps += translate("nbviz", " (not converged)")
        objective = f"{run.objective:.6g}".replace("-", "−")  # a minus sign, as the status line writes it
        self.text.setText(
            translate("nbviz", "{0}<br>objective {1}<br>{2}<br>{3}<br>{4}").format(title, objective, where, steps, same)
        )
        self.setToolTip(translate("nbviz", "Click to load this run, with its whole history, into the workspace"))
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        # reached with Tab, loaded with Enter (Space plays the run, as everywhere), read out as its text says it
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(QTextDocumentFragment.fromHtml(self.text.text().replace("<br>", ", ")).toPlainText())

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.clickable:
            self.chosen.emit(self.index)
        super().mousePressEvent(event)

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.clickable:
            self.chosen.emit(self.index)
            return
        super().keyPressEvent(event)


class RestartPanel(SessionView, QWidget):
    """R restarts of the session's model, sorted by final objective, grouped by optimum."""

    follows = {"problem_changed": "_data_changed", "run_reset": "_follow_config", "explored_restored": "_restored"}

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(session, parent, appearance=appearance)
        self.explorer = Explorer(session, self)
        self.gallery: RestartGallery | None = None
        self.cards: list[RunCard] = []

        self.count_spin = QSpinBox()
        self.count_spin.setRange(2, 60)
        self.count_spin.setValue(9)
        self.count_spin.setToolTip(translate("nbviz", "How many starts to run to convergence: 2 to 60"))
        self.method_combo = QComboBox()
        for method in nc.INIT_METHODS:
            self.method_combo.addItem(translate("nbviz", INIT_LABELS[method]), method)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 100)
        self.seed_spin.setToolTip(translate("nbviz", "Restart r uses seed first seed + r"))
        form = QFormLayout()
        form.addRow(translate("nbviz", "Restarts R"), self.count_spin)
        form.addRow(translate("nbviz", "Start method"), self.method_combo)
        form.addRow(translate("nbviz", "First seed"), self.seed_spin)
        self.job_bar = JobBar(self.explorer, translate("nbviz", "Run restarts"), appearance=self.appearance)
        self.summary = QLabel(translate("nbviz", "Run several starts of the current model to see where EM ends up."))
        self.summary.setWordWrap(True)
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.grid.setSpacing(6)
        self.grid.setContentsMargins(4, 4, 4, 4)
        self.scroll_area = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.grid_host)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the cards, which it scrolls into view
        scroll.viewport().installEventFilter(self)  # reflow the cards when the visible width changes
        self._columns = 0
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.job_bar)
        layout.addWidget(self.summary)
        layout.addWidget(scroll, 1)

        self.job_bar.run_requested.connect(self.run)
        self.explorer.finished.connect(self._finished)
        self._follow_config()
        self.follow_session()
        self._restored()  # built after a session was opened (a dock shown later): its gallery

    def redraw(self, *_) -> None:
        """The cards again, in the appearance's colours and sizes."""
        if self.gallery is not None:
            self.show_gallery(self.gallery)

    def _follow_config(self) -> None:
        """Start method and first seed default to the session's, until a gallery exists."""
        if self.gallery is None and not self.explorer.running:
            config = self.session.config
            self.method_combo.setCurrentIndex(self.method_combo.findData(config.init_method))
            self.seed_spin.setValue(config.seed)

    # ----------------------------------------------------------------- running
    def run(self) -> bool:
        count = self.count_spin.value()
        if not self.explorer.restarts(count, self.seed_spin.value(), self.method_combo.currentData()):
            return False
        self.job_bar.started(
            translate("nbviz", "Running {0} restarts of {1}…").format(count, self.session.config.title)
        )
        return True

    def _finished(self, gallery) -> None:
        if isinstance(gallery, FitAgain):
            self._run_again(gallery)
        elif self.job_bar.is_current(gallery, RestartGallery, "restarts"):
            self.session.explored.keep(gallery=gallery)  # saved with the session
            self.show_gallery(gallery)

    def _restored(self) -> None:
        """Show the restart gallery read with a session (if it had one), with the settings that made it."""
        gallery = self.session.explored.gallery
        if gallery is not None and gallery.problem is self.session.problem:
            self._show_settings(gallery)
            self.show_gallery(gallery)

    def _show_settings(self, gallery: RestartGallery) -> None:
        """The number of restarts, start method and first seed that produced `gallery`, in the inputs."""
        self.count_spin.setValue(gallery.requested)
        self.method_combo.setCurrentIndex(self.method_combo.findData(gallery.config.init_method))
        if gallery.first_seed is not None:  # no run ended before Cancel: the seed is not known
            self.seed_spin.setValue(gallery.first_seed)

    def show_gallery(self, gallery: RestartGallery) -> None:
        self.gallery = gallery
        self._clear_cards()
        frame = frame_for(gallery.problem, gallery.config.family)
        for index in range(len(gallery.runs)):
            card = RunCard(gallery, index, frame, self.appearance)
            card.chosen.connect(self.choose)
            self.cards.append(card)
        self._lay_out_cards()
        hint = (
            translate("nbviz", " Click a card to load that run.")
            if any(run.ok for run in gallery.runs)
            else (
                translate(
                    "nbviz",
                    " Every run failed (the reasons are below): try another start method, a prior (α or λ above 0)"
                    " or fewer components.",
                )
            )
        )
        limits = run_limits(gallery.config, gallery.tolerance)
        self.summary.setText(f"<b>{gallery.summary()}</b>{hint}<br>{limits}")
        self._show_notes(gallery)

    def _show_notes(self, gallery: RestartGallery) -> None:
        """The gallery's failures on the job bar's status line, one line per cause."""
        failed = any(not run.ok for run in gallery.runs)
        self.job_bar.show_message("\n".join(gallery.failure_lines()), error=failed)

    def _lay_out_cards(self) -> None:
        """As many columns as fit the visible width (at least one)."""
        if not self.cards:
            return
        card_width = self.cards[0].width() + self.grid.spacing()
        margins = self.grid.contentsMargins()
        available = self.scroll_area.viewport().width() - margins.left() - margins.right()
        columns = max(1, (available + self.grid.spacing()) // card_width)
        if columns == self._columns and all(self.grid.indexOf(card) >= 0 for card in self.cards):
            return
        self._columns = columns
        for card in self.cards:
            self.grid.removeWidget(card)
        for index, card in enumerate(self.cards):
            self.grid.addWidget(card, index // columns, index % columns)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.scroll_area.viewport() and event.type() == QEvent.Type.Resize:
            self._lay_out_cards()
        return super().eventFilter(watched, event)

    def _clear_cards(self) -> None:
        for card in self.cards:
            card.setParent(None)
            card.deleteLater()
        self.cards = []

    def _data_changed(self) -> None:
        self.explorer.cancel()
        if self.gallery is not None:
            self.gallery = None
            self._clear_cards()
            self.summary.setText(translate("nbviz", "The data changed: run the restarts again."))
        self._follow_config()

    # ----------------------------------------------------------------- choosing
    def choose(self, index: int) -> bool:
        """Load run `index` of the gallery, with its whole history, into the workspace.

        True if it was loaded, or is being run again in the background (a gallery read from a
        session: `_run_again` loads it), with the job bar's progress and Cancel.
        """
        gallery = self.gallery
        if gallery is None or not gallery.runs[index].ok:
            return False
        if gallery.must_run_again(index):
            if not self.explorer.run_again(gallery, index):
                return False
            self.job_bar.started(translate("nbviz", "Making {0} again from its seed…").format(gallery.run_name(index)))
            return True
        run = gallery.run_for(index)
        return run is not None and bool(self.session.adopt_run(run, gallery.config_for(index)))

    def _run_again(self, fit: FitAgain) -> None:
        """Adopt a run made again in the background, or say why not (the workspace stays as it is)."""
        if not self.job_bar.is_current_fit(fit):
            return
        if fit.run is None or fit.config is None:  # e.g. not the saved run when made again
            self.job_bar.show_message(fit.error, error=True)
            return
        if self.gallery is not None:
            self._show_notes(self.gallery)  # in place of the progress
        self.session.adopt_run(fit.run, fit.config)  # a refusal (a run going on) is the session's to say
