"""How large a model the data and the model choice make, refused before a run starts when too large.

Every half-step keeps its model in the history (for scrubbing), so a model's size is paid once per
half-step. A Gaussian mixture with full covariance keeps K (D, D) matrices, and each of them twice
more as its Cholesky factor and inverse: 6.4 GB per half-step for 2 components of 20,000 features.
"""

from __future__ import annotations

import numpy as np

from ..families import presentation

SNAPSHOT_BYTES_LIMIT = 32 * 2**20  # one half-step's parameters, caches included
_BYTES_PER_NUMBER = 8


def model_numbers(X: np.ndarray, n_components: int, family: str, covariance_type: str) -> int:
    """How many float64 numbers one half-step's model of the data `X` keeps (parameters and their caches).

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
        The data (a family whose size depends on the values, the categorical's levels, reads them).
    n_components : int
    family : str
        A family name: the family counts its numbers (`FamilyPresentation.history_numbers`).
    covariance_type : str
        The Gaussian's: "full" and "tied" keep (D, D) matrices with their Cholesky factors and
        inverses; "diag" and "spherical" keep variances and standard deviations (K, D).

    Returns
    -------
    int
        The weights and K D means or probabilities, plus the covariances' numbers.
    """
    return presentation(family).history_numbers(X, n_components, covariance_type)


def check_fits(X: np.ndarray, n_components: int, family: str, covariance_type: str) -> None:
    """Refuse a model of the data `X` too large to keep a history of, saying what to change.

    Raises
    ------
    ValueError
        Naming the features, the model's size per half-step and the limit, with the advice to
        choose a smaller covariance, fewer components or columns, or to transpose a table that
        has more columns than rows.
    """
    n_samples, n_features = X.shape
    size = model_numbers(X, n_components, family, covariance_type) * _BYTES_PER_NUMBER
    if size <= SNAPSHOT_BYTES_LIMIT:
        return
    advice = "pick fewer columns"
    smaller = presentation(family).smaller_model_advice(covariance_type)
    if smaller is not None:
        advice = f"{smaller}, or {advice}"
    elif n_components > 1:
        advice = "use fewer components, or " + advice
    if n_features > n_samples:
        advice += f"; the table has more columns than rows ({n_samples:,}): if its rows are the features, transpose it"
    raise ValueError(
        f"{n_features:,} features and {n_components} components make a model of {_megabytes(size)} per half-step, "
        f"more than the {_megabytes(SNAPSHOT_BYTES_LIMIT)} a run can keep in its history; {advice}"
    )


def _megabytes(size: int) -> str:
    return f"{size / 2**20:,.0f} MB" if size < 2**30 else f"{size / 2**30:,.1f} GB"
