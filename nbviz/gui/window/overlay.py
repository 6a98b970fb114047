"""What presentation mode shows instead of the status bar and the parameters dock.

`StatusLine` is a compact line with the phase, the iteration and the objective; presentation mode
puts it in the objective curve's title bar (the status bar is hidden), where it covers no data.
`ParametersOverlay` shows the parameters panel over the right part of the data view (P toggles
it), `WorkedStepsOverlay` the point inspector's worked E- and M-step over all of it (W toggles it),
and `OverlayHost` keeps each there as the data view is resized. Both only draw: they follow the
session like every other view.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRectF, Qt
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
    presentation font from reaching the text); the data shows faintly through it. The text wraps
    only between words, so a number is never broken across lines.

    Parameters
    ----------
    panel : TextPanel
        What the box shows.
    title : str
        Rich text above the panel (which key hides it).
    parent : QWidget, optional
    appearance : Appearance, optional

    Attributes
    ----------
    panel : TextPanel
    """

    def __init__(self, panel: TextPanel, title: str, parent=None, *, appearance: Appearance | None = None):
        super().__init__(parent)
        self.appearance = appearance if appearance is not None else Appearance(self)
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
    """The parameters panel over the right part of the data view (P toggles it).

    Attributes
    ----------
    panel : ParametersPanel
    """

    panel: ParametersPanel

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        appearance = appearance if appearance is not None else Appearance()
        panel = ParametersPanel(session, appearance=appearance)
        super().__init__(panel, "<b>Parameters</b> (P hides them)", parent, appearance=appearance)


class WorkedStepsOverlay(PanelOverlay):
    """The point inspector's worked E-step and M-step over the whole data view (W toggles it).

    Attributes
    ----------
    panel : PointInspector
    """

    panel: PointInspector

    def __init__(self, session: Session, parent=None, *, appearance: Appearance | None = None):
        appearance = appearance if appearance is not None else Appearance()
        panel = PointInspector(session, appearance=appearance)
        super().__init__(panel, "<b>The E-step and M-step, worked</b> (W hides them)", parent, appearance=appearance)


class OverlayHost(QObject):
    """Keeps `overlay` over the right part of `view`, from top to bottom, as `view` is resized.

    Parameters
    ----------
    view : QWidget
        The widget the overlay floats over (its parent).
    overlay : QWidget
    share : float
        Of the window's width the overlay takes, at most all of the view's (1: all of it, within the margins).
    """

    def __init__(self, view: QWidget, overlay: QWidget, share: float = PARAMETERS_SHARE):
        super().__init__(view)
        self.view, self.overlay, self.share = view, overlay, share
        view.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.view and event.type() == QEvent.Type.Resize:
            self.place()
        return False

    def place(self) -> None:
        """Put the overlay on the right of the view, `share` of the window's width (the board beside the
        view takes none of the overlay's room), readable, and within the view."""
        view = self.view
        wide = max(PARAMETERS_MIN_WIDTH, round(self.share * max(view.window().width(), view.width())))
        wide = max(min(wide, view.width() - 2 * MARGIN), 1)
        self.overlay.setGeometry(view.width() - wide - MARGIN, MARGIN, wide, max(view.height() - 2 * MARGIN, 1))
        self.overlay.raise_()
