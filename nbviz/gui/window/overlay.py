"""What presentation mode shows instead of the status bar and the parameters dock.

`StatusLine` is a compact line with the phase, the iteration and the objective; presentation mode
puts it in the objective curve's title bar (the status bar is hidden), where it covers no data.
`ParametersOverlay` shows the parameters panel over the right part of the data view (P shows it),
`WorkedStepsOverlay` the point inspector's worked E- and M-step over all of it and the E-step board
(W shows it), and `OverlayHost` keeps each there as the data view is resized. Neither scrolls: the
text is laid out in columns, and a text longer than the box takes pages (the key again shows the
next; after the last it hides the overlay). Both only draw: they follow the session like every other
view.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen, QTextOption
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.presentation.appearance import Appearance
from ...app.run.session import Session
from ..panels.inspector import PointInspector
from ..panels.parameters import ParametersPanel
from ..panels.text_panel import TextPanel
from ..widgets.session_view import SessionView
from .status_bar import session_objective_name

translate = QCoreApplication.translate

MARGIN = 8  # pixels between an overlay and the edge of the data view
PANEL_ALPHA = 235  # of 255: the data shows faintly through the overlay's background
PARAMETERS_SHARE = 0.42  # of the data view's width, for the parameters overlay
PARAMETERS_MIN_WIDTH = 300  # pixels; narrower, the table's labels would break


PHASES = {
    "init": QT_TRANSLATE_NOOP("nbviz", "start"),
    "E": QT_TRANSLATE_NOOP("nbviz", "after the E-step"),
    "M": QT_TRANSLATE_NOOP("nbviz", "after the M-step"),
}


def plain(text: str) -> str:
    """Rich text of the status line as plain text."""
    return html.unescape(text.replace("<b>", "").replace("</b>", ""))


def status_text(session: Session, compact: bool = False, named: bool = True) -> str:
    """The status line's rich text: iteration and phase, the objective, convergence (empty without a run);
    `compact`: the phase in fewer words ("E-step" for "after the E-step"), for a narrow line; not
    `named`: the objective called "objective" (as the curve's key calls it), for a line narrower still."""
    snapshot = session.snapshot
    if snapshot is None:
        return ""
    phases = {"init": "start", "E": "E-step", "M": "M-step"} if compact else PHASES
    phase = translate("nbviz", phases[snapshot.phase])
    name = session_objective_name(session) if named else translate("nbviz", "objective")
    value = snapshot.objective
    number = f"{value:.4f}" if abs(value) < 1e9 else f"{value:.6g}"
    state = translate("nbviz", " · converged") if session.converged else ""
    return translate("nbviz", "<b>Iteration {iteration}</b>, {phase} · {name} <b>{value}</b>{state}").format(
        iteration=snapshot.iteration,
        phase=html.escape(phase),
        name=html.escape(name),
        value=html.escape(number.replace("-", "−")),
        state=state,
    )


class StatusLine(SessionView, QFrame):
    """The word Objective, then iteration, phase and objective at the cursor, on one line.

    Attributes
    ----------
    label : QLabel
    """

    follows = dict.fromkeys(("cursor_changed", "history_changed", "run_reset", "problem_changed"), "redraw")

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        super().__init__(session, parent, appearance=appearance)
        self.title = QLabel(translate("nbviz", "Objective"))
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.RichText)
        # never wider than the line: a long objective name is written compactly rather than widen the window
        self.label.setMinimumWidth(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(self.title)
        layout.addSpacing(24)
        layout.addWidget(self.label)
        layout.addStretch(1)
        self.follow_session()

    def redraw(self, *_) -> None:
        room = self._room()
        for compact, named in ((False, True), (True, True), (True, False)):  # the longest that fits
            self.label.setText(status_text(self.session, compact=compact, named=named))
            if self.label.sizeHint().width() <= room:
                break

    def _room(self) -> int:
        """The pixels the line leaves for the label: its own width and the stretch after it, as laid out."""
        layout = self.layout()
        assert isinstance(layout, QHBoxLayout)  # made in __init__
        stretch = layout.itemAt(layout.indexOf(self.label) + 1)
        return self.label.width() + (stretch.geometry().width() if stretch is not None else 0)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.redraw()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # presentation mode's larger type: fit the text again
            self.redraw()

    def add_key(self, key: QWidget) -> None:
        """Show `key` (the objective curve's legend) at the right end of the line."""
        if key.parent() is not self:
            layout = self.layout()
            assert isinstance(layout, QHBoxLayout)  # made in __init__
            layout.addWidget(key, 1)
            key.show()  # a widget given a new parent is hidden
            self.redraw()

    def text(self) -> str:
        """What the line shows, as plain text."""
        return f"{self.title.text()}   {plain(self.label.text())}"


class PanelOverlay(QFrame):
    """A text panel in a rounded box over the data view, under a title.

    The box is painted (not styled with a style sheet, which would stop the window's larger
    presentation font from reaching the text); the data shows faintly through it. The text never
    scrolls: it is laid out in `columns` columns that fit the box, and when it takes more than one
    page its key shows the next (`advance`). It wraps only between words, so a number is never
    broken across lines, and a table never across columns.

    Parameters
    ----------
    panel : TextPanel
        What the box shows.
    title : str
        Rich text above the panel.
    key : str
        The key that shows, pages through and hides the overlay ("P", "W").
    parent : QWidget, optional
    appearance : Appearance, optional

    Attributes
    ----------
    panel : TextPanel
    """

    def __init__(self, panel: TextPanel, title: str, key: str, parent=None, *, appearance: Appearance | None = None):
        super().__init__(parent)
        self.appearance = appearance if appearance is not None else Appearance(self)
        self.heading, self.key = title, key
        self.title = QLabel(title)
        self.panel = panel
        browser = self.panel.browser
        browser.setFrameShape(QFrame.Shape.NoFrame)
        browser.setWordWrapMode(QTextOption.WrapMode.WordWrap)  # never inside a word
        browser.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        browser.viewport().setAutoFillBackground(False)  # the box shows through
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 4, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.panel, 1)
        self.appearance.changed.connect(self.restyle)
        self.panel.browser.textChanged.connect(self._show_page_number)
        self.panel.set_columns(1)
        self.restyle()

    def restyle(self) -> None:
        """Text in the plot's foreground colour on the box (which `paintEvent` draws)."""
        for widget in (self.title, self.panel.browser):
            palette = widget.palette()
            palette.setColor(QPalette.ColorRole.Base, QColor(0, 0, 0, 0))
            palette.setColor(QPalette.ColorRole.Text, QColor(self.appearance.foreground))
            palette.setColor(QPalette.ColorRole.WindowText, QColor(self.appearance.foreground))
            widget.setPalette(palette)
        self.update()

    def set_columns(self, columns: int) -> None:
        """Lay the text out in `columns` columns (from its first page)."""
        if columns != self.panel.columns:
            self.panel.set_columns(columns)

    def advance(self) -> bool:
        """The overlay's key: show it (its first page), else its next page, else hide it; whether it is shown."""
        panel = self.panel
        if not self.isVisible():
            panel.show_page(0)
            self.show()
            return True
        if panel.page + 1 < panel.pages:
            panel.show_page(panel.page + 1)
            return True
        self.hide()
        panel.show_page(0)
        return False

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.panel.show_now()  # the columns and pages of the new box

    def _show_page_number(self) -> None:
        panel = self.panel
        key = html.escape(self.key)
        hides = translate("nbviz", "{key} hides them").format(key=key)
        if panel.pages > 1:
            last = panel.page + 1 == panel.pages
            more = hides if last else translate("nbviz", "{key}: page {page}").format(key=key, page=panel.page + 2)
            text = translate("nbviz", "{heading}, page {page} of {pages} ({more})")
            self.title.setText(text.format(heading=self.heading, page=panel.page + 1, pages=panel.pages, more=more))
        else:
            self.title.setText(f"{self.heading} ({hides})")

    def paintEvent(self, event) -> None:
        background = QColor(self.appearance.background)
        background.setAlpha(PANEL_ALPHA)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(self.appearance.axis_color), 1))
        painter.setBrush(background)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
        painter.end()

    def text(self) -> str:
        """What the overlay shows, as plain text."""
        return self.panel.text()


class ParametersOverlay(PanelOverlay):
    """The parameters panel over the right part of the data view (P toggles it); its matrices are left
    to the docked panel.

    Attributes
    ----------
    panel : ParametersPanel
    """

    panel: ParametersPanel

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        appearance = appearance if appearance is not None else Appearance()
        panel = ParametersPanel(session, appearance=appearance)
        panel.matrix_area.hide()  # the named means and the heat map: a closer look, in the docked panel
        title = translate("nbviz", "Parameters")
        super().__init__(panel, f"<b>{title}</b>", "P", parent, appearance=appearance)


class WorkedStepsOverlay(PanelOverlay):
    """The point inspector's worked E-step and M-step over the data view and the board (W toggles it).

    Attributes
    ----------
    panel : PointInspector
    """

    panel: PointInspector

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        appearance = appearance if appearance is not None else Appearance()
        panel = PointInspector(session, appearance=appearance)
        panel.probe_edit.hide()  # a projector's probe is a click in the data view
        title = translate("nbviz", "The E-step and M-step, worked")
        super().__init__(panel, f"<b>{title}</b>", "W", parent, appearance=appearance)


class OverlayHost(QObject):
    """Keeps `overlay` over `view` (and `beside`, when shown) as they are resized.

    The overlay is laid out in one column on the right `share` of the window's width when its text fits
    there in one page; else over all of the view (and `beside`) in `columns` columns.

    Parameters
    ----------
    view : QWidget
        The widget the overlay floats over.
    overlay : PanelOverlay
        A child of `view`'s window (or of `view`).
    share : float
        Of the window's width the overlay takes in one column (1: all of the view, in `columns`).
    beside : QWidget, optional
        A widget beside `view` the overlay covers too (the E-step board's dock).
    columns : int
        The columns of the overlay over all of the view.
    """

    def __init__(
        self,
        view: QWidget,
        overlay: PanelOverlay,
        share: float = PARAMETERS_SHARE,
        beside: QWidget | None = None,
        columns: int = 2,
    ):
        super().__init__(view)
        self.view, self.overlay, self.share, self.beside, self.columns = view, overlay, share, beside, columns
        view.installEventFilter(self)
        if beside is not None:
            beside.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show, QEvent.Type.Hide):
            if self.overlay.isVisible():
                self.place()
        return False

    def _area(self) -> QRect:
        """The view's rectangle (with `beside` when shown) in the overlay's parent's coordinates."""
        parent = self.overlay.parentWidget()
        view = self.view
        assert parent is not None  # an overlay lies over its view, a child of the view or of its window
        area = QRect(view.mapTo(parent, QPoint(0, 0)), view.size()) if parent is not view else view.rect()
        beside = self.beside
        if beside is not None and beside.isVisible() and parent is not view:
            area = area.united(QRect(beside.mapTo(parent, QPoint(0, 0)), beside.size()))
        return area

    def place(self) -> None:
        """Put the overlay over its area: on the right, `share` of the window's width, if its text fits there
        in one column and one page, else over all of it in `columns` columns."""
        area = self._area().adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        height = max(area.height(), 1)
        if self.share < 1.0:
            wide = max(PARAMETERS_MIN_WIDTH, round(self.share * max(self.view.window().width(), self.view.width())))
            wide = max(min(wide, area.width()), 1)
            self.overlay.set_columns(1)
            self.overlay.setGeometry(area.right() + 1 - wide, area.top(), wide, height)
            if self.overlay.panel.pages == 1:
                self.overlay.raise_()
                return
        self.overlay.set_columns(self.columns)
        self.overlay.setGeometry(area.left(), area.top(), max(area.width(), 1), height)
        self.overlay.raise_()
