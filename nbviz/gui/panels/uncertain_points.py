"""The most uncertain points at the cursor (largest ``1 - max_k r_nk``), each a link that selects it.

Rows are named as the user finds them: by their line in the file when the problem knows it, else
by their row counted from 1. A click selects the point for the inspector (and rings it in the
data view).
"""

from __future__ import annotations

import html

import numpy as np
from PySide6.QtCore import QCoreApplication

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.analysis.uncertainty import N_LISTED, most_uncertain, uncertainty
from ...app.data.fit_messages import row_place
from ..style.palette import component_color
from .text_panel import Shown, TextPanel

translate = QCoreApplication.translate

SELECT = "select:"
NOWRAP = "white-space:nowrap"


def place_name(problem, row: int) -> str:
    """Row `row` (0-based) as the user finds it, e.g. "line 48" or "row 3"."""
    return row_place(problem, row).split(" ", 1)[1]  # "on line 48" / "in row 3"


class UncertainPointsPanel(TextPanel):
    """The `N_LISTED` most uncertain points at the cursor, most uncertain first; click one to inspect it.

    Attributes
    ----------
    browser : QTextBrowser
    rows : ndarray of int
        The rows listed (0-based), most uncertain first.
    """

    follows = dict.fromkeys(("cursor_changed", "run_reset", "problem_changed", "selection_changed"), "redraw")
    placeholder = QT_TRANSLATE_NOOP("nbviz", "The points the model is least sure about appear here (1 − max_k r_nk).")
    title = QT_TRANSLATE_NOOP("nbviz", "Uncertain points")
    rows = Shown[np.ndarray](np.zeros(0, dtype=np.intp))

    def __init__(self, session, parent=None, *, appearance=None):
        super().__init__(session, parent, appearance=appearance)
        self.browser.anchorClicked.connect(self._link_clicked)

    def content(self) -> str | None:
        session = self.session
        resp, problem = session.resp, session.problem
        if resp is None or problem is None:
            self.rows = np.zeros(0, dtype=np.intp)
            return None
        self.rows = most_uncertain(resp, N_LISTED)
        values = uncertainty(resp[self.rows])
        muted, names = self.appearance.muted_text, session.component_names()
        K = resp.shape[1]
        parts = [
            translate(
                "nbviz",
                "<p><b>Most uncertain points</b> <span style='color:{0}'>(uncertainty 1 − "
                "max<sub>k</sub> r<sub>nk</sub>; at most {1:.3g} with {2} components)</span></p>",
            ).format(muted, 1.0 - 1.0 / K, K)
        ]
        if not len(self.rows):
            parts.append("<p>Every point is given wholly to one component: no point is uncertain.</p>")
            return "".join(parts)
        parts.append(
            "<table cellspacing='0' cellpadding='2'><tr><th align='left'>point</th>"
            "<th align='right'>uncertainty</th><th align='left'>&nbsp;shared by</th></tr>"
        )
        for row, value in zip(self.rows, values):
            top = np.argsort(-resp[row], kind="stable")[:2]
            shared = ", ".join(
                f"<span style='color:{component_color(int(k), self.appearance.dark).name()}'>&#9632;</span>"
                f"&nbsp;{html.escape(names[k])}&nbsp;{resp[row, k]:.2f}"
                for k in top
            )
            name = html.escape(place_name(problem, int(row)))
            chosen = " style='font-weight:bold'" if int(row) == session.selected else ""
            parts.append(
                f"<tr{chosen}><td style='{NOWRAP}'><a href='{SELECT}{int(row)}'>{name}</a></td>"
                f"<td align='right'>{value:.3f}</td><td style='{NOWRAP}'>&nbsp;{shared}</td></tr>"
            )
        parts.append("</table>")
        parts.append(
            translate("nbviz", "<p style='color:{0}'>Click a point to see its E-step in the inspector.</p>").format(
                muted
            )
        )
        return "".join(parts)

    def _link_clicked(self, url) -> None:
        text = url.toString()
        if text.startswith(SELECT):
            self.session.select(int(text.removeprefix(SELECT)))
