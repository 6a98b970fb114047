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
from typing import cast

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QVBoxLayout

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ...app.analysis.parameter_rows import parameter_rows
from ...app.data.original_units import shown_model
from ...app.families import presentation
from ...app.families.parameter_text import Row
from ...app.presentation.view_options import ViewOptions
from ..style.palette import component_color
from .columns import BLOCK
from .parameter_matrix import ParameterMatrix
from .text_panel import Shown, TextPanel

translate = QCoreApplication.translate

LONG_NAME = 16  # characters: a longer parameter name is written on a line of its own, above its values


class ParametersPanel(TextPanel):
    """Read-only panel of the parameters at the session's cursor.

    Attributes
    ----------
    browser : QTextBrowser
    rows : list of Row
        What is shown (for tests and export).
    """

    follows = dict.fromkeys(("cursor_changed", "run_reset", "problem_changed"), "redraw")
    placeholder = QT_TRANSLATE_NOOP("nbviz", "The fitted parameters appear here.")
    title = QT_TRANSLATE_NOOP("nbviz", "Parameters")
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
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the table and the choices inside
        split.addWidget(scroll)
        split.setStretchFactor(0, 3)  # the parameters' text first; the matrices are a closer look
        split.setStretchFactor(1, 1)
        split.setSizes([300, 100])
        self.matrix_area = scroll
        cast(QVBoxLayout, self.layout()).addWidget(split)
        self.redraw()

    def _in_units(self, model):
        """`model` as shown: in the file's units when the view option says so (standardised data)."""
        on = self.view_options is not None and self.view_options.original_units
        return model if model is None else shown_model(model, self.session.problem, on)

    def _show_matrix(self, model) -> None:
        if self.matrix is None:
            return
        names = [
            translate("nbviz", "Component {0}").format(name)
            if name.isdigit()
            else translate("nbviz", "Class {0}").format(name)
            for name in self.session.component_names()
        ]
        matrices = None if model is None else presentation(model).covariance_matrices(model, names)
        units = translate("nbviz", "original units") if model is not None and model is not self._model_at_cursor else ""
        problem = self.session.problem
        self.matrix.show_model(
            model if matrices is not None else None, matrices, [] if problem is None else problem.columns, names, units
        )

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
        names = [
            translate("nbviz", "Component {0}").format(name)
            if name.isdigit()
            else translate("nbviz", "Class {0}").format(name)
            for name in self.session.component_names()
        ]
        heading = {
            "init": translate("nbviz", "Initial parameters"),
            "E": translate("nbviz", "After the E-step of iteration {0}: parameters unchanged").format(
                snapshot.iteration
            ),
            "M": translate("nbviz", "After the M-step of iteration {0}").format(snapshot.iteration),
        }[snapshot.phase]
        if model is not snapshot.model:
            heading += translate("nbviz", " (in the file's units)")
        parts = [f"<p><b>{html.escape(heading)}</b>"]
        if snapshot.phase == "M" and any(row.changed for row in self.rows):
            parts.append(
                translate("nbviz", " <span style='background:{0}'>&nbsp;changed&nbsp;</span>").format(
                    self.appearance.highlight_background
                )
            )
        parts.append("</p>")
        changed = self.appearance.highlight_background
        for k in range(model.n_components):
            # a table per component: a column of an overlay may end between two components (`BLOCK`)
            parts.append(f"{BLOCK}<table cellspacing='0' cellpadding='3' width='100%'>")
            if with_truth:
                parts.append(
                    translate(
                        "nbviz",
                        "<tr><th></th><th align='left'>fitted</th><th align='left'>true</th><th "
                        "align='left'>error</th></tr>",
                    )
                )
            colour = component_color(k, self.appearance.dark).name()
            empty = (
                translate("nbviz", " <i>(empty: no responsibility, previous values kept)</i>")
                if k in snapshot.empty
                else ""
            )
            span = 4 if with_truth else 2
            parts.append(
                f"<tr><td colspan='{span}' style='border-top:1px solid #ccc'>"
                f"<span style='color:{colour}; font-size:large'>&#9632;</span> "
                f"<b>{html.escape(names[k])}</b>{empty}</td></tr>"
            )
            for row in (r for r in self.rows if r.component == k):
                style = f" style='background:{changed}'" if row.changed and snapshot.phase == "M" else ""
                # a parameter's name is never broken (a narrow column would split it anywhere); a long
                # one (a question and its answers) has a line of its own, so its numbers keep their width
                name = f"<td style='white-space:nowrap'>{html.escape(row.name)}</td>"
                if len(row.name) > LONG_NAME:
                    parts.append(f"<tr><td colspan='{span}'>{html.escape(row.name)}</td></tr>")  # wraps at spaces
                    name = "<td></td>"
                cells = f"{name}<td{style}>{html.escape(row.value)}</td>"
                if with_truth:
                    error = "" if row.error is None else f"{row.error:.3g}"
                    truth = html.escape(row.truth or "")
                    cells += f"<td style='color:{self.appearance.muted_text}'>{truth}</td><td>{error}</td>"
                parts.append(f"<tr>{cells}</tr>")
            parts.append("</table>")
        shared = presentation(model).shared_parameters(model)  # e.g. a tied covariance, listed once
        if shared is not None:
            parts.append(f"{BLOCK}<p>{html.escape(shared)}</p>")
        return "".join(parts)
