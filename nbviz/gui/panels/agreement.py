"""Clusters against classes: the confusion table (components × classes), the adjusted Rand index and the NMI.

At every half-step each row goes to the component with its largest responsibility; the table
counts rows per component and class, the components matched to classes (`app.agreement`) and
listed in the order of their classes, so the matched cells (highlighted) run down the diagonal.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.analysis.agreement import MATCHING_NOTE, Agreement, AgreementCache
from ..style.palette import component_color
from .text_panel import Shown, TextPanel

translate = QCoreApplication.translate

NO_LABELS = QT_TRANSLATE_NOOP(
    "nbviz",
    "No class labels in this data. Open a file with a label column (File → Open…) or a preset "
    "such as iris, penguins, digits or corpus to compare the clusters with the classes.",
)
NOWRAP = "white-space:nowrap"
RULE = "border-top:1px solid #999"


class AgreementPanel(TextPanel):
    """Read-only panel comparing the hard assignment at the cursor with the data's class labels.

    Attributes
    ----------
    browser : QTextBrowser
    cache : AgreementCache
        The comparison, computed once per snapshot.
    agreement : Agreement or None
        What is shown (None: no run, or no labels).
    """

    follows = dict.fromkeys(("cursor_changed", "run_reset", "problem_changed"), "redraw")
    placeholder = NO_LABELS
    title = QT_TRANSLATE_NOOP("nbviz", "Clusters vs classes")
    agreement = Shown[Agreement | None](None)

    def __init__(self, session, parent=None, *, appearance=None):
        self.cache = AgreementCache(session)
        super().__init__(session, parent, appearance=appearance)

    def content(self) -> str | None:
        self.agreement = self.cache.at_cursor()
        if self.agreement is None:
            return None
        return self._html(self.agreement)

    def _html(self, result: Agreement) -> str:
        session, muted = self.session, self.appearance.muted_text
        problem, snapshot = session.problem, session.snapshot
        assert problem is not None and snapshot is not None  # an agreement comes from a run on labelled data
        classes = list(problem.classes) if problem.classes is not None else []
        class_names = [classes[c] if c < len(classes) else str(c + 1) for c in range(result.counts.shape[1])]
        names = session.component_names()
        when = {
            "init": translate("nbviz", "at the start"),
            "E": translate("nbviz", "after the E-step of iteration {0}").format(snapshot.iteration),
            "M": translate("nbviz", "after the M-step of iteration {0}").format(snapshot.iteration),
        }[snapshot.phase]
        n, matched = result.n_samples, result.matched
        parts = [
            translate(
                "nbviz",
                "<p><b>Adjusted Rand index {0:.3f}</b> &nbsp;·&nbsp; <b>NMI {1:.3f}</b> &nbsp;·&nbsp; "
                "{2} of {3} rows on matched pairs ({4:.1f} %)<br><span style='color:{5}'>{6}</span></p>",
            ).format(result.ari, result.nmi, matched, n, 100.0 * matched / n, muted, html.escape(when)),
            translate(
                "nbviz",
                "<p style='color:{0}'>Components (rows) × classes (columns); highlighted: the class "
                "matched to each component</p>",
            ).format(muted),
            "<table cellspacing='0' cellpadding='2'><tr><th></th>",
        ]
        # no cell may wrap: a number or a name broken across lines cannot be read
        parts += [f"<th align='right' style='{NOWRAP}'>&nbsp;{html.escape(name)}</th>" for name in class_names]
        parts.append("</tr>")
        highlight = self.appearance.highlight_background
        for k in result.row_order:
            colour = component_color(int(k), self.appearance.dark).name()
            c = int(result.class_of[k])
            cells = [
                f"<td style='{NOWRAP}; {RULE}'><span style='color:{colour}'>&#9632;</span> {html.escape(names[k])}</td>"
            ]
            for j, count in enumerate(result.counts[k]):
                if j == c:
                    cells.append(
                        f"<td align='right' style='{NOWRAP}; {RULE}; background:{highlight}'><b>{count}</b></td>"
                    )
                else:
                    cells.append(f"<td align='right' style='{NOWRAP}; {RULE}'>{count}</td>")
            parts.append("<tr>" + "".join(cells) + "</tr>")
        totals = "".join(f"<td align='right'>{total}</td>" for total in result.counts.sum(axis=0))
        parts.append(
            translate("nbviz", "<tr style='color:{0}'><td style='{1}'>all</td>{2}</tr>").format(muted, NOWRAP, totals)
        )
        parts.append("</table>")
        parts.append(f"<p>{html.escape(self._given_note(result))}</p>" if result.n_given else "")
        parts.append(
            translate(
                "nbviz",
                "<p style='color:{0}'>Each row counts for the component with its largest responsibility "
                "at this half-step. The adjusted Rand index and the normalised mutual information (NMI) "
                "need no matching: 1 = the classes exactly; ARI about 0 = no better than chance, NMI 0 = "
                "independent. {1}</p>",
            ).format(muted, html.escape(translate("nbviz", MATCHING_NOTE)))
        )
        return "".join(parts)

    def _given_note(self, result: Agreement) -> str:
        n, config = result.n_samples, self.session.config
        sources = []
        if config.label_fraction > 0:
            sources.append(translate("nbviz", "label fraction {0:g}").format(config.label_fraction))
        if config.manual_labels:
            sources.append(translate("nbviz", "{0} labelled by clicking").format(len(config.manual_labels)))
        source = f" ({', '.join(sources)})" if sources else ""
        if result.n_given >= n:
            return translate(
                "nbviz",
                "Every row's label was given to EM{0}, so the comparison measures how well the fitted "
                "model reproduces the labels it was fitted to.",
            ).format(source)
        note = translate("nbviz", "The comparison includes the {0} labelled rows whose label EM was given{1}").format(
            result.n_given, source
        )
        if result.ari_unlabelled is None:
            return note + "."
        return translate("nbviz", "{0}; on the other {1} rows alone the adjusted Rand index is {2:.3f}.").format(
            note, n - result.n_given, result.ari_unlabelled
        )
