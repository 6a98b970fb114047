"""The point inspector: one data point's E-step with the actual numbers.

For the selected point x it lists, per component, the weight pi_k, the likelihood p(x | k), the
product pi_k p(x | k), their sum p(x) and the responsibility r_k = pi_k p(x | k) / p(x). The
numbers are computed in log space and written from their logarithms, so a likelihood far below
the smallest double (common with many binary features) still shows as e.g. 3.1416 × 10^-412.
"""

from __future__ import annotations

import html
import math

import numpy as np

from ...app.session import PointBreakdown
from ..palette import component_color
from .text_panel import TextPanel

MAX_LISTED = 6  # feature values written out; more are summarised
HINT = (
    "Click a point in the data view (or a row of the responsibility map) to see how the E-step "
    "computes its responsibilities."
)


def from_log(log_value: float) -> str:
    """exp(log_value) written out, exact even where the double would under- or overflow."""
    if log_value == -math.inf:
        return "0"
    if -300.0 < log_value < 300.0:
        return f"{math.exp(log_value):.5g}"
    exponent10 = log_value / math.log(10.0)
    power = math.floor(exponent10)
    mantissa = 10.0 ** (exponent10 - power)
    if mantissa >= 9.99995:  # rounding would print 10.0000
        mantissa, power = 1.0, power + 1
    return f"{mantissa:.4f} × 10^{power}"


def fmt_resp(r: float) -> str:
    """A responsibility: four decimals, or two significant digits when it is tiny but not zero."""
    return f"{r:.2e}" if 0.0 < r < 5e-5 else f"{r:.4f}"


def describe_point(x: np.ndarray, columns) -> str:
    """The point's values: all of them when few, else a summary that fits the data's kind."""
    if len(x) <= MAX_LISTED:
        return ", ".join(f"{name} = {value:.6g}" for name, value in zip(columns, x))
    nonzero = np.flatnonzero(x)
    if np.all((x == 0) | (x == 1)):
        return f"{len(nonzero)} of {len(x)} binary features are 1"
    if np.all((x >= 0) & (x == np.round(x))):
        top = nonzero[np.argsort(-x[nonzero], kind="stable")][:MAX_LISTED]
        words = ", ".join(f"{columns[m]} ×{int(x[m])}" for m in top)
        more = "" if len(nonzero) <= MAX_LISTED else ", …"
        return f"{int(x.sum())} counts over {len(nonzero)} features: {words}{more}"
    return ", ".join(f"{name} = {value:.6g}" for name, value in zip(columns[:MAX_LISTED], x)) + ", …"


class PointInspector(TextPanel):
    """Shows `session.breakdown(selected)` for the selected point at the cursor.

    Attributes
    ----------
    browser : QTextBrowser
    breakdown : PointBreakdown or None
        What is shown.
    """

    follows = dict.fromkeys(("selection_changed", "cursor_changed", "run_reset"), "redraw")
    placeholder = HINT
    breakdown: PointBreakdown | None

    def content(self) -> str | None:
        session = self.session
        if session.snapshot is None or session.problem is None or session.selected < 0:
            self.breakdown = None
            return None
        self.breakdown = session.breakdown(session.selected)
        return self._html(self.breakdown)

    def _html(self, b: PointBreakdown) -> str:
        session = self.session
        problem = session.problem
        snapshot = session.snapshot
        parts = [f"<p><b>Point {b.index + 1}</b>: {html.escape(describe_point(b.x, problem.columns))}</p>"]
        if problem.labels is not None and problem.classes is not None:
            known = problem.classes[problem.labels[b.index]]
            parts.append(f"<p>Known class: {html.escape(str(known))}</p>")
        if snapshot.phase == "M":
            parts.append(
                f"<p style='color:{self.appearance.muted_text}'>The responsibilities from the E-step of "
                f"iteration {snapshot.iteration}, which the M-step shown used.</p>"
            )
        parts.append(
            "<table cellspacing='0' cellpadding='3'>"
            "<tr><th></th><th align='right'>π<sub>k</sub></th><th align='right'>p(x | k)</th>"
            "<th align='right'>π<sub>k</sub> p(x | k)</th><th align='right'>r<sub>k</sub></th></tr>"
        )
        names = session.component_names()
        for k in range(len(b.weights)):
            colour = component_color(k, self.appearance.dark).name()
            parts.append(
                f"<tr><td><span style='color:{colour}'>&#9632;</span> {html.escape(names[k])}</td>"
                f"<td align='right'>{b.weights[k]:.4f}</td>"
                f"<td align='right'>{from_log(b.log_densities[k])}</td>"
                f"<td align='right'>{from_log(b.log_products[k])}</td>"
                f"<td align='right'><b>{fmt_resp(b.resp[k])}</b></td></tr>"
            )
        parts.append(
            f"<tr><td colspan='3' align='right' style='border-top:1px solid #999'>sum = p(x)</td>"
            f"<td align='right' style='border-top:1px solid #999'>{from_log(b.log_normaliser)}</td>"
            f"<td style='border-top:1px solid #999'></td></tr></table>"
        )
        parts.append(f"<p>r<sub>k</sub> = π<sub>k</sub> p(x | k) / p(x); log p(x) = {b.log_normaliser:.6g}.</p>")
        if b.label is not None:
            classes = problem.classes
            name = classes[b.label] if classes is not None else str(b.label + 1)
            parts.append(
                f"<p><i>This point is labelled ({html.escape(str(name))}): its r column is fixed "
                "to its label (one-hot) instead of being computed from π<sub>k</sub> p(x | k).</i></p>"
            )
        elif session.config.hard:
            parts.append(
                "<p><i>Hard EM: the point is given wholly to its most probable component "
                "(r = 1 there, 0 elsewhere).</i></p>"
            )
        return "".join(parts)
