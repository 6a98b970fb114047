"""The E-step board: the responsibilities r_nk, and the numbers the lesson is about, at board size.

For a small data set (up to `MAX_ROWS` points) the board is the whole table r_nk, one row per data
point numbered from 1 as everywhere else, one column per component in its colour, the most probable
component of each point in bold. For more points it shows one row: the selected point's (a click in
the data view chooses it). The numbers are the session's responsibilities in force at the cursor
(from the first E-step on: at the start the board says that E computes them).

Under them, in the same columns, the lesson's other numbers (`nbviz.app.analysis.board`): a probed
point's P(C | x) (marked as the probe), a labelled point's P(C | x) beside its clamped r, the means of
a mixture of one or two features, and for two naive Bayes components the chosen row's likelihood as the
product of its factors (P(D | θ) for a document: the multinomial coefficient, which cancels, left
out) with, for two components, its log-odds score. Everything is written with `DIGITS` decimals in
type `SCALE` times the window's (already large in presentation mode).
"""

from __future__ import annotations

import html
import math

import numpy as np
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTextDocument, QTextOption

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.analysis.board import BoardLine, lesson_lines
from ...app.data.fit_messages import point_name, row_number
from ...app.presentation.appearance import BOARD_LEAST_POINTS
from ..style.palette import component_color
from .text_panel import Shown, TextPanel

translate = QCoreApplication.translate

MAX_ROWS = 20  # up to this many data points the board lists them all
MAX_WORKED_ROWS = 4  # a row's likelihood and score under at most this many rows: more leave them no room
DIGITS = 3  # decimals of a responsibility on the board
SCALE = 1.2  # the board's type, relative to the window's
CELL_PADDING = 4  # pixels around a number
WORD_JOINER = "\u2060"  # no line break on either side of it
NAME_GAP_DIGITS = 1.5  # room after a row's number, in digits: "1  0.769" never reads "10.769"
HINT = QT_TRANSLATE_NOOP("nbviz", "Click a point in the data view to see its responsibilities r_nk here.")
PHASES = {"E": QT_TRANSLATE_NOOP("nbviz", "after E-step {i}"), "M": QT_TRANSLATE_NOOP("nbviz", "used by M-step {i}")}
BEFORE_E = QT_TRANSLATE_NOOP(
    "nbviz", "Press E: the E-step computes the responsibilities r<sub>nk</sub>, and they are written here."
)


def fmt_board(r: float) -> str:
    """A responsibility on the board: `DIGITS` decimals (a tiny one reads 0.000)."""
    return f"{r:.{DIGITS}f}"


def fmt_line(line: BoardLine, value: float) -> str:
    """A lesson line's value with `DIGITS` decimals; a likelihood under 0.1 with three significant digits,
    under 0.001 with two, as ``4.3e−10`` or ``5e−6`` (never 0.000 for a number that is not 0)."""
    if line.kind != "likelihood" or value == 0 or abs(value) >= 0.1:
        return fmt_board(value)
    if abs(value) >= 0.001:
        return f"{value:.3g}"
    mantissa, exponent = f"{value:.1e}".split("e")
    mantissa = mantissa.rstrip("0").rstrip(".")
    return f"{mantissa}e{int(exponent)}".replace("-", "−")


class EStepBoard(TextPanel):
    """The responsibilities r_nk in large type, and under them the lesson's other numbers.

    Attributes
    ----------
    browser : QTextBrowser
    rows : list of (str, ndarray)
        The responsibilities the board shows: each row's name ("1", "2", ...) and its r_nk.
    lesson : list of BoardLine
        The lines under them (a probe, means, a likelihood, a score).
    """

    follows = dict.fromkeys(
        ("cursor_changed", "history_changed", "run_reset", "problem_changed", "selection_changed", "probe_changed"),
        "redraw",
    )
    placeholder = HINT
    title = QT_TRANSLATE_NOOP("nbviz", "E-step board")
    rows = Shown[list[tuple[str, np.ndarray]]]([])
    lesson = Shown[list[BoardLine]]([])

    def __init__(self, session, parent=None, *, appearance=None):
        super().__init__(session, parent, appearance=appearance)
        self.browser.setWordWrapMode(QTextOption.WrapMode.WordWrap)  # a number is never broken
        self.browser.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def restyle(self, appearance) -> None:
        self.redraw()

    def text(self) -> str:
        """What the board shows, as plain text (without the word joiners that keep "M-step 1" whole)."""
        return super().text().replace(WORD_JOINER, "")

    def board_font(self) -> QFont:
        """The type of the board's numbers: `SCALE` times the window's, on a projector at least the board's
        least type (digits 17 pixels tall at 1024x768)."""
        font = QFont(self.browser.font())
        a = self.appearance
        least = BOARD_LEAST_POINTS * a.text_scale if a.presentation and a.screen else 0.0
        font.setPointSizeF(max(font.pointSizeF() * SCALE, least))
        return font

    def preferred_width(self) -> int:
        """Pixels the board needs across: its table unwrapped (the caption wraps to fit it), with its
        frame and room for a scroll bar."""
        rows, lines = (self._board_rows()[1], self._lesson_lines()) if self.has_rows() else ([], [])
        narrowest = QTextDocument(self)
        narrowest.setDefaultFont(self.browser.document().defaultFont())
        narrowest.setDocumentMargin(self.browser.document().documentMargin())
        narrowest.setHtml(self._table_html("r", rows, lines))
        narrowest.setTextWidth(-1)  # unwrapped: the table's own width (its caption here is one letter)
        table = math.ceil(narrowest.idealWidth())
        narrowest.deleteLater()
        scroll_bar = self.browser.verticalScrollBar().sizeHint().width()
        return table + 2 * self.browser.frameWidth() + scroll_bar + 2 * CELL_PADDING

    def has_rows(self) -> bool:
        """Whether the board has numbers to show (a small data set, a point selected or probed, or means)."""
        session = self.session
        resp = session.resp
        if resp is None or session.problem is None:
            return False
        chosen = session.inspection.probed is not None or session.selected >= 0
        return len(resp) <= MAX_ROWS or chosen or bool(self._lesson_lines())

    def _lesson_lines(self) -> list[BoardLine]:
        session = self.session
        snapshot = session.snapshot
        if snapshot is None or session.problem is None:
            return []
        return lesson_lines(
            snapshot.model,
            session.run_history.responsibilities_model(),
            session.problem,
            session.selected,
            session.inspection.probed,
            session.inspection.probe_model,
            session.labels,
        )

    def _board_rows(self) -> tuple[str, list[tuple[str, np.ndarray]]]:
        """The caption's subject and the rows of r_nk to show (none: nothing chosen in a large data set)."""
        session = self.session
        resp = session.resp
        problem = session.problem
        assert resp is not None and problem is not None  # content() checks
        if len(resp) <= MAX_ROWS:
            return "", [(str(row_number(problem, n)), resp[n]) for n in range(len(resp))]
        if session.selected >= 0:
            row = session.selected
            return point_name(problem, row), [(str(row_number(problem, row)), resp[row])]
        return "", []

    def content(self) -> str | None:
        session = self.session
        snapshot = session.snapshot
        self.rows, self.lesson = [], []
        if snapshot is None or session.problem is None or session.resp is None:
            return None
        subject, rows = self._board_rows()
        lines = self._lesson_lines()
        if len(rows) > MAX_WORKED_ROWS:  # (the eight points: the lesson is the table)
            lines = [line for line in lines if line.kind not in ("likelihood", "score")]
        if not rows and not lines:
            return None
        size = f"font-size:{self.board_font().pointSizeF():.1f}pt"
        if snapshot.phase == "init":  # the lesson: E computes them (the map's colours are the start's)
            lines = [line for line in lines if line.kind == "mean"]  # the start's means are the lesson's too
            self.lesson = lines
            before = f"<p style='{size}'>{translate('nbviz', BEFORE_E)}</p>"
            heading = translate("nbviz", "The start")
            start = f"<b>{heading}</b>"
            return before + (self._table_html(start, [], lines) if lines else "")
        self.rows, self.lesson = rows, lines
        phase = translate("nbviz", PHASES[snapshot.phase]).format(i=snapshot.iteration)
        # a chosen point's caption is long: its phase gets a line of its own, never "after E-" over "step 1"
        subject_text = translate("nbviz", " of {0},<br>").format(html.escape(subject)) if subject else ", "
        caption = f"<b>r<sub>nk</sub></b>{subject_text}{_unbroken(phase)}"
        return self._table_html(caption, rows, lines)

    def _table_html(self, caption: str, rows: list[tuple[str, np.ndarray]], lines: list[BoardLine]) -> str:
        """The board: `caption` (rich text) over the table of `rows` and then `lines`, in the board's type."""
        names = self.session.component_names()
        # the square never parted from its name; over a name longer than a number's digits, not beside it
        beside = "&nbsp;" if max(len(name) for name in names) <= 2 else "<br>"
        head = "".join(
            f"<th align='right'><span style='color:{component_color(k, self.appearance.dark).name()}'>"
            f"&#9632;</span>{beside}{html.escape(names[k])}</th>"
            for k in range(len(names))
        )
        gap = math.ceil(NAME_GAP_DIGITS * QFontMetricsF(self.board_font()).horizontalAdvance("0"))
        parts = [
            f"<div style='font-size:{self.board_font().pointSizeF():.1f}pt'><p>{caption}</p>",
            f"<table cellspacing='0' cellpadding='{CELL_PADDING}'>"
            f"<tr><th align='right' style='padding-right:{gap}px'>{'n' if rows else ''}</th>{head}</tr>",
        ]
        for name, r in rows:
            parts.append(self._row_html(html.escape(name), [fmt_board(value) for value in r], int(np.argmax(r)), gap))
        rule = "border-top:1px solid #999;"
        about = ""
        for position, line in enumerate(lines):
            ruled = rule if position == 0 and rows else ""
            if line.about != about:  # the lines about one data row under its name
                about = line.about
                parts.append(
                    f"<tr><td colspan='{len(names) + 1}' style='{ruled}'><i>{html.escape(about)}</i></td></tr>"
                )
                ruled = ""
            if line.kind == "score":  # one number, under the first component
                parts.append(self._row_html(line.name, [fmt_board(line.values[0])] + [""] * (len(names) - 1), -1, gap))
                continue
            best = int(np.argmax(line.values)) if line.kind in ("probe", "posterior") else -1
            texts = [fmt_line(line, value) for value in line.values]
            parts.append(self._row_html(line.name, texts, best, gap, ruled))
        parts.append("</table></div>")
        return "".join(parts)

    @staticmethod
    def _row_html(name: str, texts: list[str], best: int, gap: int, style: str = "") -> str:
        """One row: its name (rich text) and its values, the `best`-th in bold (-1: none)."""
        cells = "".join(
            f"<td align='right' style='{style}'>{'<b>' if k == best else ''}{text}{'</b>' if k == best else ''}</td>"
            for k, text in enumerate(texts)
        )
        # a name is never broken ("P(C |" over "x)")
        return f"<tr><td align='right' style='{style}padding-right:{gap}px;white-space:nowrap'>{name}</td>{cells}</tr>"


def _unbroken(text: str) -> str:
    """`text` escaped, its last two words joined by a no-break space and a word joiner after their hyphen:
    "M-step 1" is never broken ("M-" over "step 1", or "M-step" over "1")."""
    head, _, last = html.escape(text).rpartition(" ")
    if not head:
        return last
    words = head.rsplit(" ", 1)
    words[-1] = words[-1].replace("-", "-" + WORD_JOINER)
    return f"{' '.join(words)}&nbsp;{last}"
