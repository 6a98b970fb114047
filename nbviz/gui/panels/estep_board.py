"""The E-step board: the responsibilities r_nk as numbers the back row of a lecture hall can read.

For a small data set (up to `MAX_ROWS` points) the board is the whole table r_nk, one row per data
point numbered from 1 as everywhere else, one column per component in its colour, the most probable
component of each point in bold. For more points it shows one row: the probed point's, else the
selected point's (a click in the data view chooses it). The numbers are the session's
responsibilities in force at the cursor (from the first E-step on: at the start the board says that E
computes them), written with `DIGITS` decimals in type `SCALE` times the
window's (already large in presentation mode).
"""

from __future__ import annotations

import html
import math

import numpy as np
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTextDocument, QTextOption

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.analysis.breakdown import e_step_numbers
from ...app.data.fit_messages import point_name, row_number
from ..style.palette import component_color
from .text_panel import Shown, TextPanel

translate = QCoreApplication.translate

MAX_ROWS = 20  # up to this many data points the board lists them all
DIGITS = 3  # decimals of a responsibility on the board
SCALE = 1.3  # the board's type, relative to the window's
CELL_PADDING = 4  # pixels around a number
NAME_GAP_DIGITS = 1.5  # room after a row's number, in digits: "1  0.769" never reads "10.769"
HINT = QT_TRANSLATE_NOOP("nbviz", "Click a point in the data view to see its responsibilities r_nk here.")
PHASES = {"E": QT_TRANSLATE_NOOP("nbviz", "after E-step {i}"), "M": QT_TRANSLATE_NOOP("nbviz", "used by M-step {i}")}
BEFORE_E = QT_TRANSLATE_NOOP(
    "nbviz", "Press E: the E-step computes the responsibilities r<sub>nk</sub>, and they are written here."
)


def fmt_board(r: float) -> str:
    """A responsibility on the board: `DIGITS` decimals (a tiny one reads 0.000)."""
    return f"{r:.{DIGITS}f}"


class EStepBoard(TextPanel):
    """The responsibilities r_nk in large type: every row for a small data set, else one point's row.

    Attributes
    ----------
    browser : QTextBrowser
    rows : list of (str, ndarray)
        What the board shows: each row's name ("1", "Probe", ...) and its responsibilities.
    """

    follows = dict.fromkeys(
        ("cursor_changed", "history_changed", "run_reset", "problem_changed", "selection_changed", "probe_changed"),
        "redraw",
    )
    placeholder = HINT
    title = QT_TRANSLATE_NOOP("nbviz", "E-step board")
    rows = Shown[list[tuple[str, np.ndarray]]]([])

    def __init__(self, session, parent=None, *, appearance=None):
        super().__init__(session, parent, appearance=appearance)
        self.browser.setWordWrapMode(QTextOption.WrapMode.WordWrap)  # a number is never broken
        self.browser.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def restyle(self, appearance) -> None:
        self.redraw()

    def board_font(self) -> QFont:
        """The type of the board's numbers."""
        font = QFont(self.browser.font())
        font.setPointSizeF(font.pointSizeF() * SCALE)
        return font

    def preferred_width(self) -> int:
        """Pixels the board needs across: its table unwrapped (the caption wraps to fit it), with its
        frame and room for a scroll bar."""
        rows = self._board_rows()[1] if self.has_rows() else []
        narrowest = QTextDocument(self)
        narrowest.setDefaultFont(self.browser.document().defaultFont())
        narrowest.setDocumentMargin(self.browser.document().documentMargin())
        narrowest.setHtml(self._table_html("r", rows))
        narrowest.setTextWidth(-1)  # unwrapped: the table's own width (its caption here is one letter)
        table = math.ceil(narrowest.idealWidth())
        narrowest.deleteLater()
        scroll_bar = self.browser.verticalScrollBar().sizeHint().width()
        return table + 2 * self.browser.frameWidth() + scroll_bar + 2 * CELL_PADDING

    def has_rows(self) -> bool:
        """Whether the board has numbers to show (a small data set, or a point selected or probed)."""
        session = self.session
        resp = session.resp
        if resp is None or session.problem is None:
            return False
        return len(resp) <= MAX_ROWS or session.inspection.probed is not None or session.selected >= 0

    def _board_rows(self) -> tuple[str, list[tuple[str, np.ndarray]]]:
        """The caption's subject and the rows to show (none: nothing chosen in a large data set)."""
        session = self.session
        resp = session.resp
        problem = session.problem
        assert resp is not None and problem is not None  # content() checks
        if len(resp) <= MAX_ROWS:
            return "", [(str(row_number(problem, n)), resp[n]) for n in range(len(resp))]
        probe = session.inspection.probed
        if probe is not None:
            model = session.inspection.probe_model()
            try:
                numbers = e_step_numbers(model, probe.x) if model is not None else None
            except ValueError:
                numbers = None
            if numbers is not None:
                return translate("nbviz", "the probe"), [("x", numbers.resp)]
        if session.selected >= 0:
            row = session.selected
            return point_name(problem, row), [(str(row_number(problem, row)), resp[row])]
        return "", []

    def content(self) -> str | None:
        session = self.session
        snapshot = session.snapshot
        self.rows = []
        if snapshot is None or session.problem is None or session.resp is None:
            return None
        subject, rows = self._board_rows()
        if not rows:
            return None
        if snapshot.phase == "init":  # the lesson: E computes them (the map's colours are the start's)
            return f"<p style='font-size:{self.board_font().pointSizeF():.1f}pt'>{translate('nbviz', BEFORE_E)}</p>"
        self.rows = rows
        phase = translate("nbviz", PHASES[snapshot.phase]).format(i=snapshot.iteration)
        # a chosen point's caption is long: its phase gets a line of its own, never "after E-" over "step 1"
        subject_text = translate("nbviz", " of {0},<br>").format(html.escape(subject)) if subject else ", "
        caption = f"<b>r<sub>nk</sub></b>{subject_text}{html.escape(phase)}"
        return self._table_html(caption, rows)

    def _table_html(self, caption: str, rows: list[tuple[str, np.ndarray]]) -> str:
        """The board: `caption` (rich text) over the table of `rows`, in the board's type."""
        names = self.session.component_names()
        head = "".join(
            f"<th align='right'><span style='color:{component_color(k, self.appearance.dark).name()}'>"
            f"&#9632;</span>&nbsp;{html.escape(names[k])}</th>"  # the square never parted from its name
            for k in range(len(names))
        )
        gap = math.ceil(NAME_GAP_DIGITS * QFontMetricsF(self.board_font()).horizontalAdvance("0"))
        parts = [
            f"<div style='font-size:{self.board_font().pointSizeF():.1f}pt'><p>{caption}</p>",
            f"<table cellspacing='0' cellpadding='{CELL_PADDING}'>"
            f"<tr><th align='right' style='padding-right:{gap}px'>n</th>{head}</tr>",
        ]
        for name, r in rows:
            best = int(np.argmax(r))
            cells = "".join(
                f"<td align='right'>{'<b>' if k == best else ''}{fmt_board(value)}{'</b>' if k == best else ''}</td>"
                for k, value in enumerate(r)
            )
            name_cell = f"<td align='right' style='padding-right:{gap}px'>{html.escape(name)}</td>"
            parts.append(f"<tr>{name_cell}{cells}</tr>")
        parts.append("</table></div>")
        return "".join(parts)
