"""A handout of a run as one self-contained HTML page: the figures embedded, nothing to fetch.

The page walks through the run (the half-steps of `half_steps.handout_indices`): for each, what
the half-step did, its figure beside the parameters panel's table, and the objective. The pictures
and the parameters' HTML are made by the caller (`nbviz.gui.figures.handout`); this module only lays the
page out. Qt-free.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from dataclasses import dataclass

WHAT_HAPPENED = {
    "init": (
        "EM starts from these parameters. Each point is coloured by its responsibilities under them: "
        "how much each component accounts for it."
    ),
    "E": (
        "E-step: with the parameters held fixed, every point's responsibilities r<sub>nk</sub> = "
        "P(component k | x<sub>n</sub>) are recomputed from Bayes' rule; the colours change, the parameters do "
        "not. The ELBO now touches the log-likelihood."
    ),
    "M": (
        "M-step: with the responsibilities held fixed, each component's weight and parameters are re-estimated "
        "as responsibility-weighted averages (the highlighted values changed). The log-likelihood goes up."
    ),
}

# hard (classification) EM: each point wholly to its most probable component; what it climbs is the
# classification objective, which stays or rises, while the log-likelihood may fall
HARD_WHAT_HAPPENED = {
    **WHAT_HAPPENED,
    "E": (
        "E-step of hard EM: with the parameters held fixed, every point is given wholly to its most probable "
        "component (r<sub>nk</sub> = 1 there, 0 elsewhere); the colours change, the parameters do not."
    ),
    "M": (
        "M-step of hard EM: each component's weight and parameters are re-estimated from the points it was "
        "given (the highlighted values changed). The classification objective stays or rises; the "
        "log-likelihood need not."
    ),
}


def what_happened(phase: str, hard: bool) -> str:
    """What a half-step of `phase` did, in the words of soft EM or of hard EM (`hard`)."""
    return (HARD_WHAT_HAPPENED if hard else WHAT_HAPPENED)[phase]


STYLE = """
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #222; max-width: 1200px; margin: 2em auto;
       padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.7em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-top: 2px solid #ddd; padding-top: 0.8em; margin-top: 1.6em; }
.step { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; }
.step figure { margin: 0; flex: 0 1 auto; max-width: 100%; }
.step figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
.numbers { flex: 1 1 340px; font-size: 0.92em; }
.numbers table { border-collapse: collapse; }
.objective { font-weight: bold; }
.resp td, .resp th { padding: 2px 8px; text-align: right; border-bottom: 1px solid #eee; }
.facts td { padding: 1px 12px 1px 0; }
@media print { h2 { break-before: auto; } section { break-inside: avoid; } }
"""


@dataclass(frozen=True)
class HandoutStep:
    """One section of the handout.

    Attributes
    ----------
    index : int
        The half-step in the history.
    phase : {"init", "E", "M"}
    heading : str
        E.g. "Half-step 3: iteration 2, after the E-step".
    objective : str
        E.g. "log-likelihood −1234.567890".
    figure_png : bytes
        The data view at this half-step (PNG, drawn at `scale` times its display size).
    figure_size : (int, int)
        Its display size in CSS pixels.
    parameters_html : str
        The parameters panel's HTML at this half-step.
    extra_html : str
        More numbers (e.g. the responsibilities after an E-step), or "".
    note : str
        What the half-step did (HTML); "" for soft EM's usual words for its phase (`WHAT_HAPPENED`).
    """

    index: int
    phase: str
    heading: str
    objective: str
    figure_png: bytes
    figure_size: tuple[int, int]
    parameters_html: str
    extra_html: str = ""
    note: str = ""


def data_uri(png: bytes) -> str:
    """`png` as a data: URI (the page needs no other file)."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def responsibilities_html(names: Sequence[str], soft_counts, first_rows, row_numbers: Sequence[int]) -> str:
    """A table of the responsibilities: the soft counts N_k, then the first data rows' r_nk.

    Parameters
    ----------
    names : sequence of str, length K
    soft_counts : array of shape (K,)
        Sum of each component's responsibilities over all points.
    first_rows : array of shape (n_rows, K)
    row_numbers : sequence of int, length n_rows
        Their data rows (0-based; shown 1-based).
    """
    head = "".join(f"<th>{html.escape(name)}</th>" for name in names)
    counts = "".join(f"<td>{value:.2f}</td>" for value in soft_counts)
    rows = [
        f"<tr><th>row {number + 1}</th>" + "".join(f"<td>{value:.3f}</td>" for value in row) + "</tr>"
        for number, row in zip(row_numbers, first_rows)
    ]
    return (
        "<p>Responsibilities r<sub>nk</sub> (each row sums to 1) and the soft counts "
        "N<sub>k</sub> = Σ<sub>n</sub> r<sub>nk</sub> the M-step uses:</p>"
        f"<table class='resp'><tr><th></th>{head}</tr><tr><th>N<sub>k</sub></th>{counts}</tr>{''.join(rows)}</table>"
    )


def handout_html(title: str, facts: Sequence[tuple[str, str]], steps: Sequence[HandoutStep], closing: str = "") -> str:
    """The whole page.

    Parameters
    ----------
    title : str
        The run, e.g. "EM on Three 2-D Gaussians".
    facts : sequence of (label, value)
        The data and the model, listed at the top.
    steps : sequence of HandoutStep
        In the order of the run.
    closing : str
        HTML after the last step (e.g. the objective over the whole run), or "".
    """
    parts = [
        "<!DOCTYPE html>",
        "<html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        "<section id='data-and-model'><h2>The data and the model</h2><table class='facts'>",
    ]
    parts += [f"<tr><td>{html.escape(label)}</td><td>{html.escape(value)}</td></tr>" for label, value in facts]
    parts.append("</table></section>")
    for step in steps:
        width, height = step.figure_size
        alt = html.escape(f"The data view at {step.heading.lower()}")
        parts += [
            f"<section id='half-step-{step.index}' class='phase-{step.phase}'>",
            f"<h2>{html.escape(step.heading)}</h2>",
            f"<p>{step.note or WHAT_HAPPENED[step.phase]}</p>",
            "<div class='step'>",
            f"<figure><img src='{data_uri(step.figure_png)}' width='{width}' height='{height}' alt='{alt}'></figure>",
            f"<div class='numbers'><p class='objective'>{html.escape(step.objective)}</p>",
            step.parameters_html,
            step.extra_html,
            "</div></div></section>",
        ]
    parts.append(closing)
    parts.append("</body></html>")
    return "\n".join(parts)
