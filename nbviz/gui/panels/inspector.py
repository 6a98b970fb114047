"""The inspector: both steps of EM with the actual numbers.

The E-step: for the selected point, or a probe anywhere in the data space (typed in, or clicked in
the data view), it lists per component the weight pi_k, the likelihood p(x | k), the product
pi_k p(x | k), their sum p(x) and the responsibility r_k = pi_k p(x | k) / p(x); for a naive Bayes
family also p(x | k) as its product feature by feature. The numbers are computed in log space
and written from their logarithms, so a likelihood far below the smallest double (common with
many binary features) still shows as e.g. 3.1416 × 10^-412.

The M-step: at an M half-step, how the chosen parameter was computed from the responsibilities.
The arithmetic is `nbviz.app.analysis.breakdown`'s; this panel only writes it out. A small model's
parameters are listed one by one; a large one's (more than `MAX_FLAT`: a 20-feature mean already
has 20) are chosen as a group (μ of 2, Σ of 1) and then the feature, or pair of features, by
number or name.
"""

from __future__ import annotations

import html
import math

import numpy as np
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QComboBox, QCompleter, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.analysis.breakdown import (
    EStepNumbers,
    FactorRows,
    LinearScore,
    WorkedParameter,
    e_step_numbers,
    factor_rows,
    linear_score,
    parameter_choices,
    parameter_groups,
    worked_parameter,
)
from ...app.analysis.missing_cells import FilledCells, incomplete_rows, worked_on_expected_cells
from ...app.data.fit_messages import point_name, row_number, row_unit
from ...app.families import DataView, presentation
from ...app.families.level_names import value_text
from ...app.families.steps import ParameterGroup, ParameterKey
from ...app.run.inspection import PointBreakdown
from ..style.palette import component_color
from .columns import BLOCK
from .text_panel import Shown, TextPanel

translate = QCoreApplication.translate

MAX_LISTED = 6  # feature values written out; more are summarised
MAX_FLAT = 64  # up to this many parameters the M-step chooser lists each; beyond, a group and then its features
HINT = QT_TRANSLATE_NOOP(
    "nbviz",
    "Click a point in the data view (or a row of the responsibility map) to see how the E-step "
    "computes its responsibilities; click anywhere else (or hold Shift and move the mouse), or type "
    "a point under Probe, to see P(C | x) there. Step to an M half-step to see how it computes "
    "each parameter.",
)
CLEAR_PROBE = "clear-probe"
PRODUCT = "∏ θ<sub>w</sub><sup>n(w)</sup>"  # p(x | k) without the factor the components share, as a lecture writes it
RULE = "border-top:1px solid #999"


def from_log(log_value: float) -> str:
    """exp(log_value) written out, exact even where the double would under- or overflow."""
    if log_value == -math.inf:
        return "0"
    if math.isnan(log_value) or log_value == math.inf:
        return "undefined" if math.isnan(log_value) else "∞"
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


def _value(columns, j: int, name: str, value: float) -> str:
    """``name = value`` (a level by its name), or ``name missing`` for a missing cell (NaN)."""
    return (
        translate("nbviz", "{0} missing").format(name)
        if np.isnan(value)
        else translate("nbviz", "{0} = {1}").format(name, value_text(columns, j, value))
    )


def describe_point(x: np.ndarray, columns) -> str:
    """The point's values: all of them when few, else a summary that fits the data's kind."""
    if len(x) <= MAX_LISTED or np.isnan(x).any() or getattr(columns, "levels", None) is not None:  # levels: by name
        shown = list(zip(columns, x))[:MAX_LISTED]
        more = ", …" if len(x) > MAX_LISTED else ""
        return ", ".join(_value(columns, j, name, value) for j, (name, value) in enumerate(shown)) + more
    nonzero = np.flatnonzero(x)
    if np.all((x == 0) | (x == 1)):
        return translate("nbviz", "{0} of {1} binary features are 1").format(len(nonzero), len(x))
    if np.all((x >= 0) & (x == np.round(x))):
        top = nonzero[np.argsort(-x[nonzero], kind="stable")][:MAX_LISTED]
        words = ", ".join(f"{columns[m]} ×{int(x[m])}" for m in top)
        more = "" if len(nonzero) <= MAX_LISTED else ", …"
        return translate("nbviz", "{0} counts over {1} features: {2}{3}").format(
            int(x.sum()), len(nonzero), words, more
        )
    return (
        ", ".join(_value(columns, j, name, value) for j, (name, value) in enumerate(zip(columns[:MAX_LISTED], x)))
        + ", …"
    )


def sub(symbol: str, subscript: str) -> str:
    """`symbol` with an HTML subscript, both escaped."""
    return f"{html.escape(symbol)}<sub>{html.escape(subscript)}</sub>"


class PointInspector(TextPanel):
    """Shows the E-step of the selected point or the probe, and the M-step at an M half-step.

    Attributes
    ----------
    browser : QTextBrowser
    probe_edit : QLineEdit
        Type a point ("3", "1, 0, 1") and press Enter to probe it.
    parameter_choice : QComboBox
        The parameter whose M-step is written out, or for a large model its group (μ of 2).
    feature_choices : tuple of two QComboBox
        For a large model, the feature (and for a matrix the second feature) of the entry in the
        chosen group; editable: type a feature's number or name and press Enter. Hidden otherwise.
    breakdown : PointBreakdown or None
        The selected point's E-step shown (None: no point is selected).
    probe_numbers : EStepNumbers or None
        The probe's E-step shown.
    worked : WorkedParameter or None
        The M-step's parameter shown.
    """

    follows = {
        **dict.fromkeys(("selection_changed", "cursor_changed", "probe_changed"), "redraw"),
        **dict.fromkeys(("run_reset", "problem_changed"), "refill"),
    }
    placeholder = HINT
    title = QT_TRANSLATE_NOOP("nbviz", "Point inspector")
    breakdown = Shown[PointBreakdown | None](None)
    probe_numbers = Shown[EStepNumbers | None](None)
    worked = Shown[WorkedParameter | None](None)

    def __init__(self, session, parent=None, *, appearance=None):
        self.probe_edit = QLineEdit()
        self.probe_edit.setPlaceholderText(translate("nbviz", "Probe x: e.g. 3 or 1, 0, 1, then Enter"))
        self.probe_edit.setAccessibleName(translate("nbviz", "Probe x"))
        self.probe_edit.setToolTip(
            translate("nbviz", "A point anywhere in the data space, one value per feature; Enter shows P(C | x)")
        )
        self.parameter_choice = QComboBox()
        self.parameter_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.parameter_choice.setMinimumContentsLength(2)
        self.parameter_choice.setToolTip(translate("nbviz", "The parameter whose M-step the inspector writes out"))
        self.parameter_choice.setAccessibleName(translate("nbviz", "Worked M-step of"))
        self._keys: list[ParameterKey] = []  # a small model's parameters, one per item
        self._groups: list[ParameterGroup] = []  # a large model's groups, one per item
        self.feature_choices = (
            self._feature_box(translate("nbviz", "The feature")),
            self._feature_box(translate("nbviz", "The second feature")),
        )
        features_row = QWidget()
        row_layout = QHBoxLayout(features_row)
        row_layout.setContentsMargins(0, 0, 0, 0)
        for box in self.feature_choices:
            row_layout.addWidget(box)
        super().__init__(session, parent, appearance=appearance)
        self.probe_edit.returnPressed.connect(self._probe_typed)
        self.parameter_choice.currentIndexChanged.connect(self._group_chosen)
        self.browser.anchorClicked.connect(self._link_clicked)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)  # TextPanel's
        # no labels beside them: the inspector stays as narrow as its dock allows
        layout.insertWidget(0, self.probe_edit)
        layout.insertWidget(1, self.parameter_choice)
        layout.insertWidget(2, features_row)
        self.refill()

    def _feature_box(self, what: str) -> QComboBox:
        box = QComboBox()
        box.setEditable(True)
        box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        box.setMinimumContentsLength(2)
        box.setAccessibleName(what)
        box.setToolTip(
            translate(
                "nbviz", "{0} of the parameter whose M-step is written out: choose it, or type its number or name"
            ).format(what)
        )
        completer = QCompleter(box.model(), box)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        box.setCompleter(completer)
        box.setVisible(False)
        box.currentIndexChanged.connect(self.redraw)
        line = box.lineEdit()
        assert line is not None  # editable
        line.returnPressed.connect(lambda: self._feature_typed(box))
        return box

    # ----------------------------------------------------------------- what is shown
    def refill(self, *_) -> None:
        """List the run's parameters (keeping the one chosen where it still exists), then redraw."""
        session = self.session
        model = session.snapshot.model if session.snapshot is not None else None
        chosen = self.chosen_key()
        groups = [] if model is None else parameter_groups(model, session.run_history.fixed_covariances)
        columns = [] if model is None else list(session.problem.columns)
        n_entries = sum(group.n_entries(len(columns)) for group in groups)
        boxes = (self.parameter_choice, *self.feature_choices)
        for box in boxes:
            box.blockSignals(True)
            box.clear()
        if n_entries <= MAX_FLAT:
            self._groups = []
            choices = [] if model is None else parameter_choices(model, columns, session.run_history.fixed_covariances)
            self._keys = [key for key, _ in choices]
            self.parameter_choice.addItems([translate("nbviz", "M-step of {0}").format(label) for _, label in choices])
        else:
            self._groups, self._keys = groups, []
            self.parameter_choice.addItems(
                [translate("nbviz", "M-step of {0}").format(_group_name(group)) for group in groups]
            )
            names = [f"{d + 1}: {name}" for d, name in enumerate(columns)]
            for box in self.feature_choices:
                box.addItems(names)
        for box in boxes:
            box.blockSignals(False)
        if chosen is not None:
            self._show_key(chosen)
        self._group_chosen()

    def chosen_key(self) -> ParameterKey | None:
        """The parameter whose M-step is written out (None: the run has none to choose)."""
        index = max(self.parameter_choice.currentIndex(), 0)
        if self._keys:
            return self._keys[index]
        if not self._groups:
            return None
        group = self._groups[index]
        features = tuple(sorted(box.currentIndex() for box in self.feature_choices[: group.features]))
        return group.key(tuple(max(d, 0) for d in features))

    def choose_parameter(self, key: ParameterKey) -> None:
        """Write out the M-step of parameter `key` (a `ParameterKey` of the run)."""
        if not self._show_key(key):
            raise ValueError(f"{key} is not a parameter of the run")
        self.redraw()

    def _show_key(self, key: ParameterKey) -> bool:
        """Set the choosers to `key`; False if the run has no such parameter."""
        if self._keys:
            if key not in self._keys:
                return False
            self.parameter_choice.setCurrentIndex(self._keys.index(key))
            return True
        for position, group in enumerate(self._groups):
            if (group.kind, group.k) == (key.kind, key.k) and len(key.index) >= group.features:
                widgets = (self.parameter_choice, *self.feature_choices)
                for widget in widgets:
                    widget.blockSignals(True)
                self.parameter_choice.setCurrentIndex(position)
                for box, d in zip(self.feature_choices[: group.features], key.index):
                    box.setCurrentIndex(d)
                for widget in widgets:
                    widget.blockSignals(False)
                self._group_chosen()
                return True
        return False

    def _group_chosen(self, *_) -> None:
        """Show as many feature choosers as the chosen group's entries need, then redraw."""
        group = self._groups[max(self.parameter_choice.currentIndex(), 0)] if self._groups else None
        for n, box in enumerate(self.feature_choices):
            box.setVisible(group is not None and group.features > n)
        self.redraw()

    def _feature_typed(self, box: QComboBox) -> None:
        """A feature typed by number (from 1) or name; anything else puts the chosen one back."""
        text = box.currentText().strip()
        columns = list(self.session.problem.columns) if self.session.problem is not None else []
        position = -1
        if text.isdigit() and 1 <= int(text) <= len(columns):
            position = int(text) - 1
        elif text in columns:
            position = columns.index(text)
        elif box.findText(text) >= 0:
            position = box.findText(text)
        if position >= 0:
            box.setCurrentIndex(position)
        box.setEditText(box.itemText(box.currentIndex()))

    def content(self) -> str | None:
        session = self.session
        self.breakdown = self.probe_numbers = self.worked = None
        snapshot = session.snapshot
        if snapshot is None or session.problem is None:
            return None
        parts = []
        if session.inspection.probed is not None:
            parts.append(self._probe_html())
        elif session.selected >= 0:
            self.breakdown = session.inspection.breakdown(session.selected)
            parts.append(self._html(self.breakdown))
        if snapshot.phase == "M" and (self._keys or self._groups):
            parts.append(self._m_step_html())
        return BLOCK.join(parts) or None

    # ----------------------------------------------------------------- the E-step
    def _probe_html(self) -> str:
        session = self.session
        probe = session.inspection.probed
        assert probe is not None and session.problem is not None  # shown only then
        columns = session.problem.columns
        where = describe_point(probe.x, columns) if probe.plane is None else probe.describe(columns)
        parts = [
            translate("nbviz", "<p><b>Probe</b> (not a data point): {0} &nbsp;<a href='{1}'>clear</a></p>").format(
                html.escape(where), CLEAR_PROBE
            )
        ]
        try:
            model = session.inspection.probe_model()
            assert model is not None  # a run and a probe
            numbers = e_step_numbers(model, probe.x)
            factors = factor_rows(model, probe.x)
        except ValueError as error:
            parts.append(
                translate("nbviz", "<p><i>P(C | x) cannot be worked out here: {0}</i></p>").format(
                    html.escape(str(error))
                )
            )
            return BLOCK.join(parts)
        self.probe_numbers = numbers
        if probe.plane is not None:
            parts.append(
                translate(
                    "nbviz",
                    "<p style='color:{0}'>The directions not shown are integrated out: the densities are the "
                    "mixture's marginals in this view (the shading).</p>",
                ).format(self.appearance.muted_text)
            )
        parts.append(self._table(numbers, factors))
        if factors is not None:
            parts.append(self._factors_html(factors, numbers))
        if session.config.hard:
            parts.append("<p><i>Hard EM would give this point wholly to its most probable component.</i></p>")
        return BLOCK.join(parts)

    def _table(self, b: EStepNumbers | PointBreakdown, factors: FactorRows | None = None) -> str:
        """π_k, p(x | k), their products, p(x) and r_k; for a family whose p(x | k) has a factor every
        component shares (the multinomial coefficient), the products without it, as a lecture writes
        P(D | θ_k) = ∏ θ_w^n(w), and the factor named below (it cancels in r_k)."""
        shared = factors.log_constant if factors is not None and factors.constant_text else 0.0
        density = PRODUCT if shared else "p(x | k)"
        total = f"Σ<sub>k</sub> π<sub>k</sub> {PRODUCT}" if shared else "sum = p(x)"
        parts = [
            "<table cellspacing='0' cellpadding='3'>"
            f"<tr><th></th><th align='right'>π<sub>k</sub></th><th align='right'>{density}</th>"
            f"<th align='right'>π<sub>k</sub> {density}</th><th align='right'>r<sub>k</sub></th></tr>"
        ]
        names = self.session.component_names()
        for k in range(len(b.weights)):
            colour = component_color(k, self.appearance.dark).name()
            parts.append(
                f"<tr><td><span style='color:{colour}'>&#9632;</span> {html.escape(names[k])}</td>"
                f"<td align='right'>{b.weights[k]:.4f}</td>"
                f"<td align='right'>{from_log(b.log_densities[k] - shared)}</td>"
                f"<td align='right'>{from_log(b.log_products[k] - shared)}</td>"
                f"<td align='right'><b>{fmt_resp(b.resp[k])}</b></td></tr>"
            )
        parts.append(
            f"<tr><td colspan='3' align='right' style='{RULE}'>{total}</td>"
            f"<td align='right' style='{RULE}'>{from_log(b.log_normaliser - shared)}</td>"
            f"<td style='{RULE}'></td></tr></table>"
        )
        parts = ["".join(parts)]  # the table is one block
        filled = getattr(b, "filled", None)
        # nothing observed: p(x | k) = 1 and p(x) = sum_k pi_k = 1, whose logsumexp is 0 only up to rounding
        log_normaliser = 0.0 if filled is not None and not filled.observed else b.log_normaliser
        if shared:
            assert factors is not None  # shared is its constant
            parts.append(
                translate(
                    "nbviz",
                    "<p>r<sub>k</sub> = π<sub>k</sub> {0} / Σ<sub>k</sub> π<sub>k</sub> {0}. p(x | k) = {1} × {0}: "
                    "the factor {2} cancels; log p(x) = {3:.6g}.</p>",
                ).format(PRODUCT, from_log(shared), html.escape(factors.constant_text), log_normaliser)
            )
        else:
            parts.append(
                translate("nbviz", "<p>r<sub>k</sub> = π<sub>k</sub> p(x | k) / p(x); log p(x) = {0:.6g}.</p>").format(
                    log_normaliser
                )
            )
        parts.extend(self._zeros_html(b))
        return BLOCK.join(parts)

    def _zeros_html(self, b: EStepNumbers | PointBreakdown) -> list[str]:
        """Why a product (or p(x)) is exactly 0: a component of weight 0, or an x impossible under it."""
        names = self.session.component_names()
        muted = self.appearance.muted_text

        def listed(mask) -> str:
            return ", ".join(names[k] for k in np.flatnonzero(mask))

        parts = []
        if np.any(b.weights == 0):
            parts.append(
                translate(
                    "nbviz",
                    "<p style='color:{0}'>π<sub>k</sub> = 0 for {1} (weight 0: the component holds no "
                    "responsibility), so π<sub>k</sub> p(x | k) = 0 and r<sub>k</sub> = 0 whatever p(x | k) "
                    "is.</p>",
                ).format(muted, html.escape(listed(b.weights == 0)))
            )
        if np.any(b.log_densities == -np.inf):
            parts.append(
                translate(
                    "nbviz",
                    "<p style='color:{0}'>p(x | k) = 0 for {1}: x is impossible under the component "
                    "(log-density −∞: a probability of exactly 0 for what x holds, or a point too far away "
                    "for its density to be a number above 0).</p>",
                ).format(muted, html.escape(listed(b.log_densities == -np.inf)))
            )
        if b.log_normaliser == -np.inf:
            parts.append(
                translate(
                    "nbviz",
                    "<p style='color:{0}'>p(x) = 0: x is impossible under every component, so r<sub>k</sub> "
                    "= π<sub>k</sub> p(x | k) / p(x) is undefined (0 / 0).</p>",
                ).format(muted)
            )
        return parts

    def _factors_html(self, f: FactorRows, b: EStepNumbers | PointBreakdown) -> str:
        """p(x | k) as the naive Bayes product, one row per feature."""
        problem = self.session.problem
        assert problem is not None  # shown with a run
        names = self.session.component_names()
        K = len(names)
        head = "".join(
            f"<th align='right'><span style='color:{component_color(k, self.appearance.dark).name()}'>&#9632;</span> "
            f"{html.escape(names[k])}</th>"
            for k in range(K)
        )
        parts = [
            translate(
                "nbviz",
                "<p><b>p(x | k) feature by feature</b> (naive Bayes: the features are independent given "
                "k)</p><table cellspacing='0' cellpadding='2'><tr><th "
                "align='left'>feature</th><th>x</th><th></th>{0}</tr>",
            ).format(head)
        ]
        for row, m in enumerate(f.features):
            cells = "".join(f"<td align='right'>{from_log(f.log_factors[row, k])}</td>" for k in range(K))
            parts.append(
                f"<tr><td>{html.escape(problem.columns[m])}</td>"
                f"<td align='center'>{html.escape(value_text(problem.columns, m, b.x[m]))}</td>"
                f"<td>{html.escape(f.labels[row])}</td>{cells}</tr>"
            )
        if f.n_rest:
            cells = "".join(f"<td align='right'>{from_log(f.rest_log[k])}</td>" for k in range(K))
            parts.append(
                translate("nbviz", "<tr><td colspan='3'><i>× the other {0} features</i></td>{1}</tr>").format(
                    f.n_rest, cells
                )
            )
        # the shared factor (the multinomial coefficient) is named under the table above, not multiplied in here
        shared = f.log_constant if f.constant_text else 0.0
        cells = "".join(
            f"<td align='right' style='{RULE}'><b>{from_log(b.log_densities[k] - shared)}</b></td>" for k in range(K)
        )
        parts.append(
            f"<tr><td colspan='3' style='{RULE}'>= {PRODUCT if shared else 'p(x | k)'}</td>{cells}</tr></table>"
        )
        if f.n_silent == 1:  # (one text for one feature, one for several: a translation has its own plurals)
            parts.append(
                translate(
                    "nbviz", "<p style='color:{0}'>1 feature with count 0 contributes a factor 1 and is not listed.</p>"
                ).format(self.appearance.muted_text)
            )
        elif f.n_silent:
            parts.append(
                translate(
                    "nbviz",
                    "<p style='color:{0}'>{1} features with count 0 contribute a factor 1 and are not listed.</p>",
                ).format(self.appearance.muted_text, f.n_silent)
            )
        return "".join(parts)

    def _score_html(self, s: LinearScore) -> str:
        """The two components' E-step as a linear score and its logistic."""
        columns = self.session.problem.columns if self.session.problem is not None else ()
        terms = "".join(
            f" {'−' if t < 0 else '+'} {abs(t):.4g} ({html.escape(str(columns[m]))})"
            for m, t in zip(s.features, s.terms)
        )
        return translate(
            "nbviz",
            "<p><b>As a linear score</b>: log(π<sub>1</sub>/π<sub>2</sub>) + Σ<sub>m</sub> "
            "log(f<sub>1m</sub>/f<sub>2m</sub>) (for counts n(w) log(θ<sub>1w</sub>/θ<sub>2w</sub>)) "
            "= {0:.4g}{1} = <b>{2:.4g}</b>; r<sub>1</sub> = 1 / (1 + e<sup>−score</sup>) = "
            "<b>{3:.4g}</b></p>",
        ).format(s.log_prior_ratio, terms, s.score, s.resp)

    def _html(self, b: PointBreakdown) -> str:
        session = self.session
        problem = session.problem
        snapshot = session.snapshot
        assert problem is not None and snapshot is not None  # shown with a run
        parts = [f"<p><b>{point_name(problem, b.index)}</b>: {html.escape(describe_point(b.x, problem.columns))}</p>"]
        if problem.labels is not None and problem.classes is not None:
            known = problem.classes[problem.labels[b.index]]
            parts.append(translate("nbviz", "<p>Known class: {0}</p>").format(html.escape(str(known))))
        if snapshot.phase == "M":
            parts.append(
                translate(
                    "nbviz",
                    "<p style='color:{0}'>The responsibilities from the E-step of iteration {1}, which the "
                    "M-step shown used.</p>",
                ).format(self.appearance.muted_text, snapshot.iteration)
            )
        model = session.run_history.responsibilities_model()
        factors = None if model is None or b.filled is not None else factor_rows(model, b.x)
        parts.append(self._table(b, factors))
        if b.filled is not None:  # the factors and the score below need every cell
            parts.append(self._filled_html(b.filled, b.x))
            return BLOCK.join(parts)
        if factors is not None:
            parts.append(self._factors_html(factors, b))
        score = None if model is None or b.label is not None else linear_score(model, b.x)
        if score is not None:
            parts.append(self._score_html(score))
        if b.label is not None:
            classes = problem.classes
            name = classes[b.label] if classes is not None else str(b.label + 1)
            parts.append(
                translate(
                    "nbviz",
                    "<p><i>This point is labelled ({0}): its r column is fixed to its label (one-hot) "
                    "instead of being computed from π<sub>k</sub> p(x | k).</i></p>",
                ).format(html.escape(str(name)))
            )
        elif session.config.hard:
            parts.append(
                "<p><i>Hard EM: the point is given wholly to its most probable component "
                "(r = 1 there, 0 elsewhere).</i></p>"
            )
        return BLOCK.join(parts)

    def _filled_html(self, f: FilledCells, x: np.ndarray) -> str:
        """Which features entered the E-step, and what each missing cell is expected to be, per component and weighted.

        A level feature's expected cell is a level (the most probable, `nbviz.core.conditional_expectations`),
        written by its name; only a view of points draws the row (hollow, where the weighted values put it).
        """
        session = self.session
        columns = session.problem.columns if session.problem is not None else ()
        model = session.run_history.responsibilities_model()
        view = None if model is None else presentation(model).data_view
        used = (
            ", ".join(f.observed) if f.observed else translate("nbviz", "no feature (p(x | k) = 1: r is the weights)")
        )
        parts = [
            translate(
                "nbviz",
                "<p><b>Missing:</b> {0}. The E-step used {1}: p(x | k) is the density of the observed "
                "features alone.</p>",
            ).format(html.escape(", ".join(f.missing)), html.escape(used)),
            "<table cellspacing='0' cellpadding='3'><tr><th></th>",
        ]
        gaps = [int(j) for j in np.flatnonzero(np.isnan(x))]
        if view is DataView.LEVELS:
            parts += [
                translate("nbviz", "<th align='right'>most probable {0} | observed, k</th>").format(html.escape(name))
                for name in f.missing
            ]
            weighted_head = translate("nbviz", "most probable under Σ<sub>k</sub> r<sub>k</sub> p(· | k)")

            def written(j: int, value: float) -> str:
                return html.escape(value_text(columns, j, value))
        else:
            parts += [
                translate("nbviz", "<th align='right'>E[{0} | observed, k]</th>").format(html.escape(name))
                for name in f.missing
            ]
            weighted_head = translate("nbviz", "Σ<sub>k</sub> r<sub>k</sub> E[·]")

            def written(j: int, value: float) -> str:
                return f"{value:.4g}"

        parts.append("</tr>")
        names = session.component_names()
        for k, row in enumerate(f.per_component):
            colour = component_color(k, self.appearance.dark).name()
            cells = "".join(f"<td align='right'>{written(j, value)}</td>" for j, value in zip(gaps, row))
            parts.append(
                f"<tr><td><span style='color:{colour}'>&#9632;</span> {html.escape(names[k])}</td>{cells}</tr>"
            )
        cells = "".join(
            f"<td align='right' style='{RULE}'><b>{written(j, value)}</b></td>" for j, value in zip(gaps, f.weighted)
        )
        parts.append(f"<tr><td style='{RULE}'>{weighted_head}</td>{cells}</tr></table>")
        if view is DataView.POINTS:
            parts.append("<p>The views draw the row hollow at the weighted expectation.</p>")
        return "".join(parts)

    # ----------------------------------------------------------------- the M-step
    def _m_step_html(self) -> str:
        session = self.session
        snapshot, problem, em, resp = session.snapshot, session.problem, session.em, session.resp
        assert snapshot is not None and problem is not None and em is not None and resp is not None
        key = self.chosen_key()
        assert key is not None  # shown only with parameters to choose
        if key.kind != "weight" and incomplete_rows(problem.X) is not None:
            before = session.run_history.responsibilities_model()
            assert before is not None  # an M-step was taken from an E-step's model
            worked = worked_on_expected_cells(
                key, snapshot.model, before, problem.X, resp, em.prior, problem.columns, snapshot.empty
            )
            if worked is None:
                return translate(
                    "nbviz",
                    "<p><b>This M-step</b> (iteration {0}) used each missing cell's expected value given the "
                    "row's observed cells (and, for a covariance, the conditional covariance): this "
                    "parameter is not a plain weighted sum of the rows, so it is not written out here.</p>",
                ).format(snapshot.iteration)
            w = worked
        else:
            w = worked_parameter(key, snapshot.model, problem.X, resp, em.prior, problem.columns, snapshot.empty)
        self.worked = w
        r = w.ratio
        k = key.k
        value = "1" if r.value_name == "1" else html.escape(r.value_name)
        if k is None:  # shared by the components: each row's term already sums over k
            summand = value
        else:
            summand = f"r<sub>n{k + 1}</sub>" + ("" if r.value_name == "1" else f" · {value}")
        weight_head = "" if k is None else f"<th align='right'>r<sub>n{k + 1}</sub></th>"
        pseudo = ""
        if r.numerator_pseudo:
            pseudo = f" + {html.escape(r.pseudo_text.split(' = ')[0])}"
        parts = [
            translate("nbviz", "<p><b>This M-step</b> (iteration {0}): {1} = (Σ<sub>n</sub> {2}{3}) / ({4})").format(
                snapshot.iteration, sub(r.symbol, r.subscript), summand, pseudo, html.escape(r.denominator_text)
            )
            + (f"; {html.escape(r.pseudo_text)}" if r.pseudo_text else "")
            + "</p>"
        ]
        if r.denominator == 0:  # every r_nk is 0: the terms would be 0 · (undefined)
            assert k is not None  # a shared (tied) entry divides by N, never 0
            parts.append(
                translate(
                    "nbviz",
                    "<p><i>Component {0} received no responsibility ({1}): there is nothing to average, so "
                    "it kept its previous value {2:.6g}.</i></p>",
                ).format(k + 1, html.escape(r.denominator_text), w.stored)
            )
            return "".join(parts)
        listed = (
            translate("nbviz", "every data point")
            if not w.n_rest
            else translate("nbviz", "the {0} largest terms").format(len(w.rows))
        )
        unit = {"line": translate("nbviz", "line"), "row": translate("nbviz", "row")}.get(row_unit(problem) or "", "n")
        parts.append(
            f"{BLOCK}<table cellspacing='0' cellpadding='2'>"
            f"<tr><th align='left'>{unit} ({listed})</th>"
            f"{weight_head}<th align='right'>{value}</th>"
            + ("" if k is None else f"<th align='right'>{summand}</th>")
            + "</tr>"
        )
        span = 1 if k is None else 3
        for n, c in zip(w.rows, w.contributions):
            cells = f"<td align='right'>{c:.6g}</td>"
            if k is not None:
                cells = f"<td align='right'>{r.weights[n]:.4f}</td><td align='right'>{r.values[n]:.6g}</td>" + cells
            parts.append(f"<tr><td>{row_number(problem, n)}</td>{cells}</tr>")
        if w.n_rest:
            parts.append(
                translate(
                    "nbviz",
                    "<tr><td colspan='{0}'><i>the other {1} points</i></td><td align='right'>{2:.6g}</td></tr>",
                ).format(span, w.n_rest, w.rest_sum)
            )
        parts.append(
            f"<tr><td colspan='{span}' align='right' style='{RULE}'>Σ<sub>n</sub></td>"
            f"<td align='right' style='{RULE}'><b>{w.numerator_sum:.6g}</b></td></tr></table>"
        )
        numerator = f"{w.numerator_sum:.6g}" + (f" + {r.numerator_pseudo:g}" if r.numerator_pseudo else "")
        parts.append(
            f"{BLOCK}<p>{sub(r.symbol, r.subscript)} = {numerator} / {r.denominator:.6g} = <b>{w.value:.6g}</b></p>"
        )
        if key.kind != "weight" and incomplete_rows(problem.X) is not None:
            parts.append(
                translate(
                    "nbviz",
                    "<p><i>A row missing this feature enters with its expected value given the row's "
                    "observed cells under component {0} as it was before this M-step.</i></p>",
                ).format(k + 1 if k is not None else "")
            )
        if w.kept and k is not None:
            parts.append(
                translate(
                    "nbviz",
                    "<p><i>Component {0} received no responsibility: it kept its previous value {1:.6g}.</i></p>",
                ).format(k + 1, w.stored)
            )
        return "".join(parts)

    # ----------------------------------------------------------------- input
    def _probe_typed(self) -> None:
        text = self.probe_edit.text().replace(";", ",").replace(",", " ").split()
        try:
            values = [float(item) for item in text]
        except ValueError:
            values = [float("nan")]  # the session refuses it, saying which value is bad
        self.session.inspection.probe(values)

    def _link_clicked(self, url) -> None:
        if url.toString() == CLEAR_PROBE:
            self.session.inspection.clear_probe()


def _group_name(group: ParameterGroup) -> str:
    """What the chooser calls `group`: a matrix by its symbol, a diagonal (variances) by a diagonal entry's."""
    return group.diagonal_label if group.features == 1 and group.diagonal_label else group.label
