"""File → Export → Handout: the run as one HTML page to hand out (figures embedded, PNG at 2x).

The page shows the start, each half-step of the first few iterations, the M-step of every tenth
iteration and the last half-step (`half_steps.handout_indices`), each with the data view, the
parameters panel's table (the panel's own HTML, from a panel of a read-only copy of the session)
and the objective; after an E-step also the responsibilities. The window is left as it was (the
menu command that asks where to write it is the window's, in `gui.window.export_commands`).
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage, QPixmap

from ...app.data.files import write_atomically
from ...app.data.half_steps import half_step_name, handout_indices, objective_name, objective_value_text
from ...app.data.handout_html import HandoutStep, data_uri, handout_html, responsibilities_html, what_happened
from ...app.presentation.appearance import Appearance
from ...app.presentation.view_options import ViewOptions
from ...app.run.session import Session
from ..panels.parameters import ParametersPanel
from ..plots.data.data_view import DataView
from .frames import FrameViews
from .image_file import encode_image
from .source import FigureSource

FIGURE_SIZE = (620, 460)  # CSS pixels of each step's figure
SUMMARY_SIZE = (1000, 460)  # the last figure: the data beside the objective over the whole run
PIXEL_SCALE = 2.0  # pixels per CSS pixel in the embedded PNGs
RESPONSIBILITY_ROWS = 5  # data rows whose responsibilities are listed after an E-step
MAX_LISTED_COLUMNS = 12


def png_bytes(image: QImage) -> bytes:
    """`image` encoded as PNG; WriteError if Qt cannot."""
    return encode_image(QPixmap.fromImage(image))


def counted(number: int, noun: str) -> str:
    """ "1 feature", "3 features"."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def run_facts(session: Session) -> list[tuple[str, str]]:
    """(label, value) pairs describing the data, the model and the run, for the top of the page."""
    problem, config, history = session.problem, session.config, session.history
    assert problem is not None  # a run comes with its data
    columns = [str(name) for name in problem.columns]
    listed = ", ".join(columns[:MAX_LISTED_COLUMNS]) + (f", … ({len(columns)} in all)" if len(columns) > 12 else "")
    rows, features = counted(problem.n_samples, "row"), counted(problem.n_features, "feature")
    facts = [("Data", f"{problem.name}: {rows}, {features} ({problem.data_kind})")]
    if problem.description:
        facts.append(("About the data", problem.description))
    facts += [
        ("Features", listed),
        ("Model", f"{config.title}, K = {session.n_components} components"),
        ("Start", config.start_text),
        ("Objective", objective_name(config.prior.is_flat, config.supervised)),
        ("Run", f"{len(history) - 1} half-steps ({history[-1].iteration} iterations)"),
    ]
    return facts


class HandoutMaker:
    """Draws the handout of `session`'s run (copied now; the window is not touched).

    Parameters
    ----------
    session : Session
    view_options : ViewOptions, optional
        The window's: the figures draw the same layers.
    like : DataView, optional
        The window's data view: the same projection of wide data.
    """

    def __init__(self, session: Session, *, view_options: ViewOptions | None = None, like: DataView | None = None):
        self.source = session
        # a handout is printed: the light scheme and normal sizes, whatever the window shows
        self.views = FrameViews(session, view_options=view_options, like=like)
        self.copy = self.views.session
        self.panel = ParametersPanel(self.copy, appearance=Appearance(self.views))
        self.view_options, self.like = view_options, like

    def step(self, index: int, last: bool) -> HandoutStep:
        """The section of half-step `index`."""
        copy = self.copy
        image = self.views.render(index, QSize(*FIGURE_SIZE), PIXEL_SCALE)  # moves the copy's cursor
        snapshot = copy.history[index]
        heading = f"Half-step {index}: {half_step_name(snapshot)}"
        note = ""
        if last and index > 0:
            if copy.converged:
                heading += " — the converged model"
                note = (
                    f"The converged model: the last iteration gained less than the tolerance "
                    f"({copy.tolerance:g}). These are the parameters EM settled on."
                )
            else:
                heading += " — where the run stops"
                note = "The run stops here (it has not converged yet: another iteration would still gain)."
        note = note or what_happened(snapshot.phase, copy.config.hard)
        extra = ""
        if snapshot.phase == "E":
            resp = copy.resp
            assert resp is not None  # a run is shown
            rows = min(RESPONSIBILITY_ROWS, len(resp))
            extra = responsibilities_html(copy.component_names(), resp.sum(axis=0), resp[:rows], range(rows))
        name = objective_name(copy.config.prior.is_flat, copy.config.supervised)
        objective = f"{name} {objective_value_text(snapshot.objective)}"
        parameters = self.panel.content() or ""
        return HandoutStep(
            index, snapshot.phase, heading, objective, png_bytes(image), FIGURE_SIZE, parameters, extra, note
        )

    def html(self) -> str:
        """The whole page."""
        history = self.copy.history
        indices = handout_indices(history)
        steps = [self.step(index, index == indices[-1]) for index in indices]
        summary = FrameViews(self.source, with_objective=True, view_options=self.view_options, like=self.like)
        try:
            image = summary.render(len(history) - 1, QSize(*SUMMARY_SIZE), PIXEL_SCALE)
        finally:
            summary.close()
        never = (
            "Hard EM never lowers the classification objective (the dashed curve); the log-likelihood may fall."
            if self.copy.config.hard
            else "EM never lowers the objective; the ELBO (dashed) touches it after each E-step."
        )
        closing = (
            "<section id='whole-run'><h2>The whole run</h2><p>The objective at every half-step (right), the "
            f"last half-step's model on the left. {never}</p>"
            f"<img src='{data_uri(png_bytes(image))}' width='{SUMMARY_SIZE[0]}' height='{SUMMARY_SIZE[1]}' "
            "alt='The data view and the objective over the whole run'></section>"
        )
        problem = self.copy.problem
        assert problem is not None  # a run comes with its data
        return handout_html(f"EM on {problem.name}", run_facts(self.copy), steps, closing)

    def close(self) -> None:
        self.panel.deleteLater()
        self.views.close()


def write_handout(session: Session, path: str, **services) -> None:
    """Write the handout of `session`'s run to `path` (HTML), whole or not at all.

    `services` are the window's view_options and data view (``like``), optional. ValueError
    without a run; WriteError when the file cannot be written.
    """
    maker = HandoutMaker(session, **services)
    try:
        page = maker.html()
    finally:
        maker.close()
    write_atomically(path, page.encode("utf-8"))


def export_for_command_line(source: FigureSource, path: str) -> str | None:
    """``--export-handout PATH`` of `source` (the window); None, or the one-line reason nothing was written."""
    try:
        write_handout(source.session, path, view_options=source.view_options, like=source.data_view)
    except (ValueError, OSError) as error:
        return f"--export-handout: {error}"
    return None
