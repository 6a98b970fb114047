"""What ``nbviz FILE --fit`` prints when it writes nothing else: the fit in a few lines, and what to doubt.

A line per fact, ``name: value``, so a reader (or ``grep``) finds each one: the family, K (and whether
it was the default), the log-likelihood, BIC, the weights, the iterations, whether it converged and,
for the best of several starts, how many reached the kept fit.
"""

from __future__ import annotations

import numpy as np

from ..data.export import run_summary
from ..families import presentation


def fit_summary(session, k_given: bool = True) -> str:
    """The lines describing the fit at `session`'s cursor, ending with a newline.

    Parameters
    ----------
    session : Session
        With a run (after ``--fit``).
    k_given : bool
        Whether the user chose K (``-k``, ``--choose-k``, a start or a session); else the line says
        it is the default and how to choose it.

    Returns
    -------
    str
    """
    run = run_summary(session)
    config = session.config
    title = presentation(run["family"]).model_title(run["covariance_type"] or "")
    K = run["K"]
    weights = " ".join(f"{w:.4f}" for w in session.snapshot.model.weights)
    converged = "yes" if run["converged"] else f"no (stopped at the cap of {config.max_iter} iterations)"
    lines = [
        f"family: {title}",
        f"K: {K}" + ("" if k_given else " (the default: give -k K, or --choose-k 1-6 to compare)"),
        f"log-likelihood: {_number(run['log_likelihood'])}",
        f"BIC: {_number(run['bic'])}",
        f"parameters: {run['n_parameters']}",
        f"weights: {weights}",
        f"iterations: {run['iterations']} ({config.stopping_rule})",
        f"converged: {converged}",
    ]
    if session.starts is not None:
        lines.append(f"starts: {session.starts.sentence()}")
    return "\n".join(lines) + "\n"


def _number(value) -> str:
    return "n/a" if value is None else f"{value:.4f}"


def density_warning(session) -> str | None:
    """Why a Gaussian's fit of whole numbers is not to be trusted, or None: its density above 1 on
    average (a log-likelihood above 0) puts spikes on the few values each column holds."""
    problem, model = session.problem, session.snapshot.model
    if model.family != "gaussian" or problem.data_kind == "continuous":
        return None
    log_likelihood = float(model.log_likelihood(problem.X))
    if not np.isfinite(log_likelihood) or log_likelihood <= 0:
        return None
    return (
        f"the Gaussian's density is above 1 on whole numbers (log-likelihood {log_likelihood:+.1f}): it puts "
        "spikes on the few values each column holds; give --model categorical to read them as answers"
    )
