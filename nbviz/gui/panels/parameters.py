"""The parameters at the cursor, component by component, with what the last M-step changed.

Each component lists its weight and its emission parameters (Gaussian: mean and covariance in the
model's own covariance type; Bernoulli / multinomial: the probabilities, or the most probable
features when there are many). For synthesised data every value stands beside its matched true
value. After an M-step the values it changed are highlighted; a component that received no
responsibility is marked empty. A long vector (a mean of many features) is shortened as numpy
prints one: its first and last few entries and its length.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import cast

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QVBoxLayout

import nbviz.core as nc

from ...app.data.original_units import shown_model
from ...app.families import ParameterView, presentation
from ...app.presentation.view_options import ViewOptions
from ..style.palette import component_color
from .parameter_matrix import ParameterMatrix
from .text_panel import Shown, TextPanel

MAX_LISTED = 8  # features listed in full; beyond this only the most probable are shown
MAX_MATRIX = 4  # covariance matrices are written out up to this many features
MAX_VECTOR = 16  # vectors are written out whole up to this length; longer ones are shortened
EDGE_ITEMS = 3  # entries shown at each end of a shortened vector


def fmt(value: float) -> str:
    """A parameter for display: 5 significant digits, no exponent for everyday magnitudes."""
    return f"{value:.5g}"


def fmt_vector(values, names=None) -> str:
    """`values` (n,) written out, each after its name if `names` are given.

    Longer than `MAX_VECTOR`: the first and last `EDGE_ITEMS` entries and the length, as numpy
    shortens a long array ("(1, 2, 3, …, 98, 99, 100; 100 values)").
    """
    values = np.asarray(values)
    n = len(values)
    shown = range(n) if n <= MAX_VECTOR else [*range(EDGE_ITEMS), -1, *range(n - EDGE_ITEMS, n)]
    texts = ["…" if m < 0 else fmt(values[m]) if names is None else f"{names[m]} {fmt(values[m])}" for m in shown]
    length = "" if n <= MAX_VECTOR else f"; {n:,} values"
    if names is None:
        return "(" + ", ".join(texts) + length + ")"
    return ", ".join(texts) + length


@dataclass(frozen=True)
class Row:
    """One line of the panel: component k's parameter `name` shown as `value`.

    `truth` is the matched true value (text) or None; `changed` says the last M-step moved it;
    `error` is the distance to the truth: |π - π*| for a weight, the Euclidean distance for a mean,
    the Frobenius norm of the difference for a covariance, the mean |p - p*| for probabilities.
    """

    component: int
    name: str
    value: str
    truth: str | None
    changed: bool
    error: float | None = None


def _changed(new, old) -> bool:
    return old is not None and not np.array_equal(np.asarray(new), np.asarray(old))


def parameter_rows(
    model: nc.Mixture,
    previous: nc.Mixture | None = None,
    truth: nc.Mixture | None = None,
    perm: np.ndarray | None = None,
    columns=None,
) -> list[Row]:
    """The panel's content for `model`, compared with `previous` and with `truth`.

    Parameters
    ----------
    model : Mixture
    previous : Mixture, optional
        The parameters before the half-step shown (values that differ are marked changed).
    truth, perm : optional
        The true mixture and ``perm[j]`` = fitted component matched to true component j.
    columns : sequence of str, optional
        Feature names.
    """
    K, D = model.n_components, model.n_features
    columns = list(columns) if columns is not None else [f"x{m + 1}" for m in range(D)]
    true_of = {}
    if truth is not None and perm is not None:
        true_of = {int(k): j for j, k in enumerate(perm)}
    emission_rows = _EMISSION_ROWS[presentation(model).parameter_view]
    rows = []
    for k in range(K):
        j = true_of.get(k)
        rows.append(
            Row(
                k,
                "weight π",
                fmt(model.weights[k]),
                None if j is None or truth is None else fmt(truth.weights[j]),
                _changed(model.weights[k], None if previous is None else previous.weights[k]),
                None if j is None or truth is None else abs(float(model.weights[k] - truth.weights[j])),
            )
        )
        rows.extend(emission_rows(model, previous, truth, j, k, columns))
    return rows


def _gaussian_rows(model, previous, truth, j, k, columns) -> list[Row]:
    D = model.n_features
    names = columns if D <= MAX_MATRIX else None
    rows = [
        Row(
            k,
            "mean μ",
            fmt_vector(model.means[k], names),
            None if j is None else fmt_vector(truth.means[j], names),
            _changed(model.means[k], None if previous is None else previous.means[k]),
            None if j is None else float(np.linalg.norm(model.means[k] - truth.means[j])),
        )
    ]
    kind = model.covariance_type
    if kind == "tied":
        return rows  # the shared matrix is listed once, after the components
    cov, label = model.covariances[k], {"full": "covariance Σ", "diag": "variances", "spherical": "variance"}[kind]
    true_cov = None
    if j is not None and truth.covariance_type == kind:
        true_cov = truth.covariances[j]
    elif j is not None:
        true_cov = truth.full_covariances[j]
        cov, label = model.full_covariances[k], "covariance Σ"
    if D == 1 and kind != "spherical":
        label = "variance σ²"
    error = None if j is None else _covariance_error(model, truth, k, j)
    rows.append(
        Row(
            k,
            label,
            _cov_text(cov),
            None if true_cov is None else _cov_text(true_cov),
            _changed(model.covariances[k], None if previous is None else previous.covariances[k]),
            error,
        )
    )
    return rows


def _covariance_error(model: nc.GaussianMixture, truth: nc.GaussianMixture, k: int, j: int) -> float:
    """The Frobenius norm of Σ_k − Σ*_j, from the stored diagonals where both are diagonal (no D x D matrix)."""
    kind = model.covariance_type
    if kind == truth.covariance_type and kind in ("diag", "spherical"):
        scale = 1.0 if kind == "diag" else np.sqrt(model.n_features)  # a spherical σ² is on every diagonal entry
        return float(scale * np.linalg.norm(model.covariances[k] - truth.covariances[j]))
    return float(np.linalg.norm(model.full_covariances[k] - truth.full_covariances[j]))


def _cov_text(cov: np.ndarray) -> str:
    cov = np.asarray(cov)
    if cov.size == 1:
        return fmt(cov.item())
    if cov.ndim == 1:
        return fmt_vector(cov)
    if len(cov) <= MAX_MATRIX:
        return "[" + "; ".join(" ".join(fmt(v) for v in row) for row in cov) + "]"
    return "diagonal " + fmt_vector(np.diag(cov)) + f" (full {len(cov)}×{len(cov)} matrix)"


def _probability_rows(model, previous, truth, j, k, columns) -> list[Row]:
    probs = model.probs[k]
    changed = _changed(probs, None if previous is None else previous.probs[k])
    if len(probs) <= MAX_LISTED:
        shown = np.arange(len(probs))
        name = presentation(model).probability_row
    else:
        shown = np.argsort(-probs, kind="stable")[:3]
        name = f"most probable of {len(probs)}"
    value = ", ".join(f"{columns[m]} {fmt(probs[m])}" for m in shown)
    true_text = error = None
    if j is not None:
        true_text = ", ".join(f"{columns[m]} {fmt(truth.probs[j, m])}" for m in shown)
        error = float(np.abs(probs - truth.probs[j]).mean())
    return [Row(k, name, value, true_text, changed, error)]


_EMISSION_ROWS = {ParameterView.GAUSSIAN: _gaussian_rows, ParameterView.PROBABILITIES: _probability_rows}


class ParametersPanel(TextPanel):
    """Read-only panel of the parameters at the session's cursor.

    Attributes
    ----------
    browser : QTextBrowser
    rows : list of Row
        What is shown (for tests and export).
    """

    follows = dict.fromkeys(("cursor_changed", "run_reset", "problem_changed"), "redraw")
    placeholder = "The fitted parameters appear here."
    rows = Shown[list[Row]]([])
    view_options: ViewOptions | None = None  # "original units" for standardised data
    matrix: ParameterMatrix | None = None  # named means and the covariance heat map (Gaussian data)
    _shown: nc.Mixture | None = None  # the model at the cursor as shown (original units or not)
    _model_at_cursor: nc.Mixture | None = None

    def __init__(self, session, parent=None, *, appearance=None, view_options: ViewOptions | None = None):
        super().__init__(session, parent, appearance=appearance)
        self.view_options = view_options if view_options is not None else ViewOptions(self)
        self.view_options.changed.connect(self.redraw)
        self.matrix = ParameterMatrix()
        split = QSplitter(Qt.Orientation.Vertical)  # the text above, the matrices below
        split.addWidget(self.browser)
        # scrolled, so the named means and the heat map never make the dock (or the window on a
        # 1024x768 projector) wider or taller than the space it is given
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.matrix)
        scroll.setMinimumHeight(1)
        split.addWidget(scroll)
        split.setStretchFactor(0, 3)  # the parameters' text first; the matrices are a closer look
        split.setStretchFactor(1, 1)
        split.setSizes([300, 100])
        cast(QVBoxLayout, self.layout()).addWidget(split)
        self.redraw()

    def _in_units(self, model):
        """`model` as shown: in the file's units when the view option says so (standardised data)."""
        on = self.view_options is not None and self.view_options.original_units
        return model if model is None else shown_model(model, self.session.problem, on)

    def _show_matrix(self, model) -> None:
        if self.matrix is None:
            return
        gaussian = model is not None and presentation(model).covariance_options and model.n_features >= 2
        names = [f"Component {name}" if name.isdigit() else f"Class {name}" for name in self.session.component_names()]
        units = "original units" if model is not None and model is not self._model_at_cursor else ""
        problem = self.session.problem
        self.matrix.show_model(model if gaussian else None, [] if problem is None else problem.columns, names, units)

    def content(self) -> str | None:
        session = self.session
        snapshot = session.snapshot
        if snapshot is None or session.problem is None:
            self.rows = []
            self._show_matrix(None)
            return None
        previous = session.history[session.cursor - 1].model if session.cursor > 0 else None
        matched = session.matched_truth()
        truth, perm = matched if matched is not None else (None, None)
        self._model_at_cursor = snapshot.model
        self._shown = self._in_units(snapshot.model)
        self.rows = parameter_rows(self._shown, self._in_units(previous), truth, perm, session.problem.columns)
        self._show_matrix(self._shown)
        return self._html(snapshot, truth is not None)

    def _html(self, snapshot: nc.Snapshot, with_truth: bool) -> str:
        model = self._shown if self._shown is not None else snapshot.model
        names = [f"Component {name}" if name.isdigit() else f"Class {name}" for name in self.session.component_names()]
        heading = {
            "init": "Initial parameters",
            "E": f"After the E-step of iteration {snapshot.iteration}: parameters unchanged",
            "M": f"After the M-step of iteration {snapshot.iteration}",
        }[snapshot.phase]
        if model is not snapshot.model:
            heading += " (in the file's units)"
        parts = [f"<p><b>{html.escape(heading)}</b>"]
        if snapshot.phase == "M" and any(row.changed for row in self.rows):
            parts.append(f" <span style='background:{self.appearance.highlight_background}'>&nbsp;changed&nbsp;</span>")
        parts.append("</p><table cellspacing='0' cellpadding='3' width='100%'>")
        if with_truth:
            parts.append(
                "<tr><th></th><th align='left'>fitted</th><th align='left'>true</th><th align='left'>error</th></tr>"
            )
        changed = self.appearance.highlight_background
        for k in range(model.n_components):
            colour = component_color(k, self.appearance.dark).name()
            empty = " <i>(empty: no responsibility, previous values kept)</i>" if k in snapshot.empty else ""
            span = 4 if with_truth else 2
            parts.append(
                f"<tr><td colspan='{span}' style='border-top:1px solid #ccc'>"
                f"<span style='color:{colour}; font-size:large'>&#9632;</span> "
                f"<b>{html.escape(names[k])}</b>{empty}</td></tr>"
            )
            for row in (r for r in self.rows if r.component == k):
                style = f" style='background:{changed}'" if row.changed and snapshot.phase == "M" else ""
                # a parameter's name is never broken (a narrow column would split it anywhere)
                name = f"<td style='white-space:nowrap'>{html.escape(row.name)}</td>"
                cells = f"{name}<td{style}>{html.escape(row.value)}</td>"
                if with_truth:
                    error = "" if row.error is None else f"{row.error:.3g}"
                    truth = html.escape(row.truth or "")
                    cells += f"<td style='color:{self.appearance.muted_text}'>{truth}</td><td>{error}</td>"
                parts.append(f"<tr>{cells}</tr>")
        parts.append("</table>")
        if presentation(model).covariance_options:  # the covariance options are the Gaussian mixture's
            gaussian = cast(nc.GaussianMixture, model)
            if gaussian.covariance_type == "tied":  # listed once
                parts.append(f"<p>Shared covariance Σ: {html.escape(_cov_text(gaussian.covariances))}</p>")
        return "".join(parts)
