"""The default titles of exported figures: what the figure shows, in words taken from the run.

A title names the data, the model (its title from the family's presentation, and K) and, for
figures of one half-step, which half-step, e.g. "gmm-2d · Gaussian mixture, full covariance, K = 3
· iteration 3, after the E-step". Qt-free.
"""

from __future__ import annotations

from ..data.half_steps import half_step_name
from ..data.problem import Problem
from ..model.config import ModelConfig
from ..run.session import Session

SEPARATOR = " · "


def model_words(config: ModelConfig, n_components: int | None = None) -> str:
    """ "Gaussian mixture, full covariance, K = 3" (without K when `n_components` is None)."""
    return config.title if n_components is None else f"{config.title}, K = {n_components}"


def run_title(session: Session, what: str = "") -> str:
    """The title of a figure of `session`'s current half-step, after `what` it shows ("" for the data).

    ValueError when there is no run.
    """
    problem, snapshot = session.problem, session.snapshot
    if problem is None or snapshot is None:
        raise ValueError("there is nothing to draw yet: load data or choose a preset first")
    parts = [what] if what else []
    parts += [problem.name, model_words(session.config, session.n_components), half_step_name(snapshot)]
    return SEPARATOR.join(parts)


def explore_title(what: str, problem: Problem, config: ModelConfig, detail: str, with_k: bool = True) -> str:
    """The title of an exploration's figure (Choose K, the restart gallery): `what`, the data, the model, `detail`."""
    model = model_words(config, config.n_components if with_k else None)
    return SEPARATOR.join(part for part in (what, problem.name, model, detail) if part)
