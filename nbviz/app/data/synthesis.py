"""Synthesising data from chosen true parameters: random parameters, the parameter table, its checks.

The synthesis dialog edits one table per family, one row per component; each family's recipe
(`nbviz.app.families`, ``presentation(family).synthesis``) says what its table holds:

- Gaussian: the weight, the mean of each feature, the standard deviation of each feature and the
  correlation of each pair of features (a full covariance ``S R S`` with ``S = diag(sd)``);
- Bernoulli: the weight and ``P(x_m = 1)`` of each feature;
- multinomial: the weight and the probability of each word (each row sums to 1).

`check_table` turns the cells (numbers, or the text the user typed) into a Mixture or into a list
of `Issue`s naming the cells at fault and why. Nothing is fixed silently: weights that do not sum
to 1 are refused, and `normalised` is what the dialog's Normalise button does on request.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import nbviz.core as nc

from ..families import FAMILY_NAMES, SynthesisRecipe, presentation
from ..families.synthesis_table import (
    MIN_CORRELATION_EIGENVALUE,
    SD_RANGE,
    SUM_TOLERANCE,
    Column,
    Issue,
    cell_problem,
    covariance_from_std_corr,
    feature_name,
    normalised,
    parse_number,
    rounded_simplex,
    std_corr_from_covariance,
)
from .problem import Problem

__all__ = [
    "Column",
    "DEFAULT_DOCUMENT_LENGTH",
    "FAMILIES",
    "Issue",
    "MAX_VALUES",
    "MIN_CORRELATION_EIGENVALUE",
    "SD_RANGE",
    "SUM_TOLERANCE",
    "TableCheck",
    "cell_problem",
    "check_cells",
    "check_size",
    "check_table",
    "columns",
    "covariance_from_std_corr",
    "feature_name",
    "normalised",
    "parse_number",
    "random_truth",
    "recipe",
    "rounded_simplex",
    "sample_options",
    "std_corr_from_covariance",
    "synthesised_problem",
    "table_from_truth",
]

FAMILIES = FAMILY_NAMES
DEFAULT_DOCUMENT_LENGTH = 50
MAX_VALUES = 5_000_000  # N x D of a synthesised data set


def recipe(family: str) -> SynthesisRecipe:
    """The synthesis recipe of `family` (a name of `FAMILIES`); ValueError listing the families otherwise."""
    if not isinstance(family, str) or family not in FAMILIES:
        raise ValueError(f"family must be one of {', '.join(FAMILIES)}; got {family!r}")
    return presentation(family).synthesis


def columns(family: str, n_features: int) -> tuple[Column, ...]:
    """The table's columns for `family` with `n_features` features (words)."""
    return recipe(family).columns(n_features)


# ----------------------------------------------------------------- random true parameters
def random_truth(family: str, n_components: int, n_features: int, seed: int) -> nc.Mixture:
    """Random true parameters that make a good exercise for EM; the same seed gives the same mixture.

    Weights are drawn first (at least 0.4 / K each), then the family's parameters (see its
    recipe): well separated Gaussian means with moderate correlations, Bernoulli prototypes mostly
    near 0 or 1, word distributions concentrated on a few words. Values are rounded so that the
    table shows them exactly.
    """
    family_recipe = recipe(family)
    if n_components < 1 or n_features < 1:
        raise ValueError("the number of components and of features must be at least 1")
    rng = np.random.default_rng(seed)
    K = n_components
    weights = rounded_simplex(0.4 / K + 0.6 * rng.dirichlet(np.full(K, 4.0)), 2 if K <= 10 else 3)
    return family_recipe.random_parameters(rng, weights, n_features)


# ----------------------------------------------------------------- table <-> mixture
def table_from_truth(model: nc.Mixture) -> np.ndarray:
    """The table's values for `model`, shape (n_components, len(columns(...))).

    Gaussian covariances of any type are shown through their full matrices.
    """
    return recipe(model.family).table_values(model)


@dataclass(frozen=True)
class TableCheck:
    """The result of `check_table`: a mixture, or the issues that prevent one."""

    model: nc.Mixture | None
    issues: tuple[Issue, ...]

    @property
    def ok(self) -> bool:
        return self.model is not None

    def cell_messages(self) -> dict[tuple[int, int], str]:
        """Every marked cell and the reasons given for it (joined by newlines)."""
        out: dict[tuple[int, int], list[str]] = {}
        for issue in self.issues:
            for cell in issue.cells:
                out.setdefault(cell, []).append(issue.message)
        return {cell: "\n".join(messages) for cell, messages in out.items()}


def check_table(family: str, cells, n_features: int) -> TableCheck:
    """Turn the table's cells into a mixture, or say which cells are wrong and why.

    Parameters
    ----------
    family : str
        One of `FAMILIES`.
    cells : sequence of sequences, shape (n_components, len(columns(family, n_features)))
        Numbers or text.
    n_features : int

    Returns
    -------
    TableCheck
    """
    family_recipe = recipe(family)
    return check_cells(family_recipe.columns(n_features), cells, family_recipe.check, family_recipe.mixture)


def check_cells(cols, cells, check, build) -> TableCheck:
    """Turn cells under `cols` into a mixture, or say which cells are wrong and why.

    The shared checks come first: every cell a number (`parse_number`) allowed in its column
    (`cell_problem`), the weights summing to 1; then `check` adds the checks across cells, and
    `build` makes the mixture of a table that passed them all.

    Parameters
    ----------
    cols : tuple of Column
    cells : sequence of sequences, shape (n_components, len(cols))
        Numbers or text.
    check : callable
        ``check(cols, values, bad, refuse)``, as `SynthesisRecipe.check`.
    build : callable
        ``build(cols, values)`` returns the mixture, as `SynthesisRecipe.mixture`.

    Returns
    -------
    TableCheck
    """
    K = len(cells)
    issues: list[Issue] = []
    values = np.full((K, len(cols)), np.nan)

    def refuse(marked, message):
        issues.append(Issue(tuple(marked), message))

    for k in range(K):
        if len(cells[k]) != len(cols):
            raise ValueError(f"row {k} of the table has {len(cells[k])} cells; expected {len(cols)}")
        for c, column in enumerate(cols):
            number, reason = parse_number(cells[k][c])
            if number is not None:
                values[k, c] = number
                reason = cell_problem(column, number)
            if reason is not None:
                refuse([(k, c)], f"component {k + 1}, {column.description}: {reason}")

    bad = np.zeros(values.shape, dtype=bool)
    for issue in issues:
        for k, c in issue.cells:
            bad[k, c] = True
    weights = values[:, 0]
    if K and not bad[:, 0].any():
        total = float(weights.sum())
        if abs(total - 1.0) > SUM_TOLERANCE:
            refuse([(k, 0) for k in range(K)], f"weights sum to {total:.6g}; they must sum to 1 — use Normalise")
    check(cols, values, bad, refuse)
    if issues:
        return TableCheck(None, tuple(issues))
    try:
        model = build(cols, values)
    except ValueError as error:  # a check above should have caught it; say so rather than fail
        return TableCheck(None, (Issue((), f"These parameters cannot be used: {error}"),))
    return TableCheck(model, ())


# ----------------------------------------------------------------- sampling
def check_size(n_samples: int, n_features: int) -> str | None:
    """Why N rows of `n_features` values are too many for the workspace, or None if they are fine."""
    if n_samples < 1:
        return "N must be at least 1"
    if n_samples * n_features > MAX_VALUES:
        return (
            f"N × D = {n_samples:,} × {n_features} = {n_samples * n_features:,} values is more than the "
            f"workspace handles smoothly ({MAX_VALUES:,}); use a smaller N"
        )
    return None


def sample_options(family: str, document_length: int) -> dict:
    """Options for `Mixture.sample`: the number of words per document for a multinomial mixture."""
    return recipe(family).sample_options(document_length)


def synthesised_problem(
    truth: nc.Mixture, n_samples: int, seed: int, document_length: int = DEFAULT_DOCUMENT_LENGTH
) -> Problem:
    """`n_samples` rows drawn from `truth` with `seed`; the truth stays attached to the problem."""
    family_recipe = recipe(truth.family)
    what = family_recipe.description(truth.n_features, document_length)
    name = f"Synthetic {what}, K = {truth.n_components}, N = {n_samples}, seed {seed}"
    return Problem.synthesised(
        truth, n_samples, seed, name=name, sample_options=family_recipe.sample_options(document_length)
    )
