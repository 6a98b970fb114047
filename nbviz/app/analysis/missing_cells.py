"""Rows with missing cells as the views and the inspector show them.

A row with missing cells (NaN) is drawn at its filled-in position: each missing cell at its
expectation given the row's observed cells, weighted over the components by the row's
responsibilities (`nbviz.core.filled_in`). The inspector lists which features entered the row's
E-step and each missing cell's conditional expectation under every component and weighted.
Complete data passes through unchanged, so nothing here costs a complete table anything.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import nbviz.core as nc
from nbviz.core.incomplete import mean_filled

from .breakdown import worked_parameter


def incomplete_rows(X: np.ndarray) -> np.ndarray | None:
    """Which rows miss a cell, shape (n_samples,) of bool; None when every row is complete."""
    gaps = np.isnan(X).any(axis=1)
    return gaps if gaps.any() else None


def placed(X: np.ndarray) -> np.ndarray:
    """`X` with each missing cell at its column's observed mean, for what needs a position before a
    model exists (axis ranges, the PCA plane); `X` itself when complete."""
    missing = np.isnan(X)
    return mean_filled(X, missing) if missing.any() else X


def shown_data(model: nc.Mixture, X: np.ndarray, resp: np.ndarray | None = None) -> np.ndarray:
    """Where the rows of `X` (n_samples, n_features) are drawn under `model` with responsibilities `resp`
    (n_samples, n_components; default: the model's own): observed cells as given, missing ones filled
    in; `X` when complete."""
    if incomplete_rows(X) is None:
        return X
    return nc.filled_in(model, X, resp)


@dataclass(frozen=True, eq=False)
class FilledCells:
    """A row's missing cells and what the model expects in them.

    Attributes
    ----------
    observed : tuple of str
        The features that entered the row's E-step.
    missing : tuple of str
        The features it lacks.
    per_component : ndarray of shape (n_components, n_missing)
        Each missing cell's expectation under each component, given the observed cells.
    weighted : ndarray of shape (n_missing,)
        Those expectations weighted by the row's responsibilities (where the row is drawn).
    """

    observed: tuple[str, ...]
    missing: tuple[str, ...]
    per_component: np.ndarray
    weighted: np.ndarray


def filled_cells(model: nc.Mixture, x: np.ndarray, resp: np.ndarray, columns) -> FilledCells | None:
    """The missing cells of the row `x` (n_features,) under `model`, weighted by its `resp` (n_components,);
    None for a complete row."""
    gaps = np.isnan(x)
    if not gaps.any():
        return None
    row = x[None, :]
    expected = nc.conditional_expectations(model, row)[:, 0, gaps]  # (K, n_missing)
    weighted = nc.filled_in(model, row, np.asarray(resp)[None, :])[0, gaps]
    names = tuple(columns)
    return FilledCells(
        tuple(name for name, gap in zip(names, gaps) if not gap),
        tuple(name for name, gap in zip(names, gaps) if gap),
        expected,
        weighted,
    )


def worked_on_expected_cells(
    key, after: nc.Mixture, before: nc.Mixture, X: np.ndarray, resp: np.ndarray, prior: nc.Prior, columns, empty=()
):
    """The M-step's worked parameter `key` for data with missing cells, or None when it is not a sum.

    The M-step counts each missing cell at its expectation under the model `before` it (the one
    whose E-step gave `resp`). For a parameter of component k that is linear in the cells (a
    Gaussian mean, a Bernoulli probability), the worked ratio over component k's completed rows
    reproduces the stored value, and is returned; for the others (covariances, which also add each
    row's conditional covariance; shared parameters; a categorical level's probability) it would
    not, and None is returned.
    """
    if key.k is None:
        return None
    completed = nc.conditional_expectations(before, X)[key.k]
    worked = worked_parameter(key, after, completed, resp, prior, columns, empty)
    if worked.kept or np.isclose(worked.value, worked.stored, rtol=1e-9, atol=1e-12):
        return worked
    return None
