"""Exact starting parameters: the start editor's table, its checks, and the run a start belongs to.

The start editor edits the same per-family table as the synthesis dialog (the family's
`SynthesisRecipe`, see `nbviz.app.families`), with the family's start hooks: a Gaussian start can
be typed as a covariance matrix (the default: every number exactly as stored) or as standard
deviations and correlations, and must respect the run's covariance type. Cells are shown in
Python's shortest round-trip form, so a table filled from a model and read back gives exactly that
model, bit for bit.

>>> import nbviz.core as nc
>>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
>>> table = StartTable.for_model(model)
>>> [column.header for column in table.columns]
['weight', 'P(x1)', 'P(x2)']
>>> cells = table.cells(model)
>>> cells[0]
['0.7', '0.5', '0.4']
>>> table.check(cells).model.probs.tolist() == model.probs.tolist()
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import nbviz.core as nc

from ..data.problem import Problem
from ..data.synthesis import TableCheck, check_cells
from ..families import SynthesisRecipe, presentation
from ..families.synthesis_table import Column
from ..model.config import ModelConfig
from .run_making import with_shared_variance


def fit_options(family: str, source) -> dict:
    """The family's "fit" options (`Mixture.options`, e.g. the covariance type) as `source` has them.

    Parameters
    ----------
    family : str
    source : ModelConfig or Mixture
        Anything with the options as attributes; an option it lacks is left out.
    """
    options = nc.get_family(family).options
    return {
        option.name: getattr(source, option.name)
        for option in options
        if option.stage == "fit" and hasattr(source, option.name)
    }


def cell_text(value: float) -> str:
    """A cell's text: the shortest text that reads back as exactly `value` ("0.7", "1", "-0.25")."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


NOISE_DIGITS = 12  # significant digits a cell shows: what lies beyond is float noise (35.06250000000003)


def shown_text(text: str) -> str:
    """A cell's text as shown: a number to `NOISE_DIGITS` significant digits ("35.0625" for
    "35.06250000000003"); anything else as it is. The exact text stays behind it (`ParameterTable`)."""
    try:
        value = float(text)
    except ValueError:
        return text
    if not np.isfinite(value):
        return text
    short = f"{value:.{NOISE_DIGITS}g}"
    return short if len(short) < len(text) else text


@dataclass(frozen=True)
class StartTable:
    """The start editor's table for one family, number of features, layout and fit options.

    Attributes
    ----------
    family : str
    n_features : int
    layout : str
        One of the recipe's `start_layouts` ("" when it has only one).
    options : tuple of (str, object)
        The run's fit options, e.g. ``(("covariance_type", "diag"),)``.
    """

    family: str
    n_features: int
    layout: str = ""
    options: tuple = ()

    @classmethod
    def for_model(cls, model: nc.Mixture, layout: str = "") -> StartTable:
        """The table that shows `model` with its own fit options."""
        options = fit_options(model.family, model) | presentation(model.family).start_options(model)
        return cls(model.family, model.n_features, layout, tuple(options.items()))

    @property
    def recipe(self) -> SynthesisRecipe:
        return presentation(self.family).synthesis

    @property
    def layouts(self) -> tuple[str, ...]:
        """The layouts the family offers (empty: one)."""
        return self.recipe.start_layouts

    @property
    def columns(self) -> tuple[Column, ...]:
        return self.recipe.start_columns(self.n_features, self.layout, dict(self.options))

    def values(self, model: nc.Mixture) -> np.ndarray:
        """`model`'s numbers under `columns`, shape (n_components, len(columns))."""
        return self.recipe.start_values(model, self.columns)

    def cells(self, model: nc.Mixture) -> list[list[str]]:
        """`model`'s numbers as the cells' text (exact: `check` reads them back as `model`)."""
        return [[cell_text(value) for value in row] for row in self.values(model)]

    def check(self, cells) -> TableCheck:
        """The start of `cells` (text or numbers, one row per component), or the issues that prevent one."""
        recipe, options = self.recipe, dict(self.options)
        return check_cells(
            self.columns,
            cells,
            lambda cols, values, bad, refuse: recipe.start_check(cols, values, bad, refuse, options),
            lambda cols, values: recipe.start_mixture(cols, values, options),
        )


def start_config(config: ModelConfig, model: nc.Mixture) -> ModelConfig:
    """The model choice of a run that starts from `model`: its family, K and fit options.

    A fixed shared variance stays only when `model` already has it (otherwise the run would
    not start from exactly `model`).
    """
    changes = {"family": model.family, "n_components": model.n_components, **fit_options(model.family, model)}
    fixed = config.fixed_variance
    if fixed is not None:
        kept = model.supports_fixed_covariances and _same(with_shared_variance(model, fixed), model)
        changes["fixed_variance"] = fixed if kept else None
    return config.with_(**changes)


def _same(a: nc.Mixture, b: nc.Mixture) -> bool:
    """Whether two mixtures have exactly the same description."""
    return a.to_dict() == b.to_dict()


def start_problem(model: nc.Mixture, problem: Problem) -> str | None:
    """Why `model` cannot start EM on `problem`'s data, or None if it can (the run checks the rest)."""
    if model.n_features != problem.n_features:
        return (
            f"the start has {model.n_features} features but {problem.name} has {problem.n_features} "
            f"({', '.join(map(str, problem.columns))}); give a start made for this data"
        )
    return None


def truth_start(problem: Problem | None, family: str) -> nc.Mixture | None:
    """The true parameters of synthesised data, when they can start a `family` mixture (else None)."""
    if problem is None or problem.truth is None:
        return None
    truth = problem.truth
    return truth if truth.family == family and truth.n_features == problem.n_features else None
