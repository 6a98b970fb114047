"""Missing cells (NaN) in the data: where they are, and what a mixture expects in them.

Gaussian (every covariance type), Bernoulli and categorical mixtures take data with missing cells
everywhere they take data (`Mixture.log_likelihood`, `Mixture.responsibilities`, `e_step`,
`m_step`, `EM`, `init_model` and what builds on them): a row's likelihood is the mixture density
of its observed cells, and the M-step counts each missing cell at its expectation given the
observed ones (see `nbviz.core.incomplete`). A row with nothing observed adds 0 to the
log-likelihood and its responsibilities are the weights. Multinomial mixtures refuse a missing
count (a bag of words counts every word of its document), and so does `fit_naive_bayes`.

>>> import numpy as np, nbviz.core as nc
>>> g = nc.GaussianMixture(weights=[1.0], means=[[0.0, 0.0]], covariances=[[[1.0, 0.8], [0.8, 1.0]]])
>>> X = [[1.0, np.nan], [np.nan, np.nan]]
>>> nc.missing_mask(X).tolist()
[[False, True], [True, True]]
>>> nc.filled_in(g, X).tolist()  # E[x2 | x1 = 1] = 0.8; a blank row: the mean
[[1.0, 0.8], [0.0, 0.0]]
"""

from __future__ import annotations

import numpy as np

from . import validation
from .mixture import Mixture
from .steps import _as_resp


def missing_mask(X) -> np.ndarray:
    """Where the data are missing (NaN).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Numeric; infinity is refused.

    Returns
    -------
    ndarray of bool, shape (n_samples, n_features)

    Raises
    ------
    ValueError
        For non-numeric data, a wrong shape or an infinite cell (naming it).
    """
    return np.isnan(validation.as_data_matrix(X, allow_nan=True))


def conditional_expectations(model: Mixture, X) -> np.ndarray:
    """Each component's completion of each row: observed cells as given, missing ones at their expectation.

    Under component k a missing cell's expectation given the row's observed cells is, for a
    Gaussian, its conditional mean ``mu_m + S_mo S_oo^-1 (x_o - mu_o)``; for a Bernoulli feature,
    ``probs[k, d]``; for a categorical feature, the code of component k's most probable level
    (its mode: a level code, not an average of codes; ties go to the lowest code).

    Parameters
    ----------
    model : Mixture
    X : array-like of shape (n_samples, n_features)
        May hold NaN (for families that take missing cells).

    Returns
    -------
    ndarray of shape (n_components, n_samples, n_features)

    Raises
    ------
    ValueError
        For data the model cannot describe (e.g. a missing count for a multinomial mixture).
    """
    data = model.prepare(X)
    if data.missing is None:
        return np.repeat(data.X[None], model.n_components, axis=0)
    return model._conditional_expectations(data)  # type: ignore[attr-defined]


def filled_in(model: Mixture, X, resp=None) -> np.ndarray:
    """The data with each missing cell at its expectation given the row's observed cells.

    For a Gaussian or a Bernoulli feature that is ``sum_k resp[n, k] * conditional_expectations[k, n, d]``
    (for a Bernoulli feature: the probability of a 1); for a categorical feature it is the most
    probable level under ``sum_k resp[n, k] * probs[d][k]`` (a level code; ties go to the lowest).

    Parameters
    ----------
    model : Mixture
    X : array-like of shape (n_samples, n_features)
    resp : array-like of shape (n_samples, n_components), optional
        Responsibilities to weight the components with (e.g. a labelled or hard E-step's); the
        model's responsibilities of X by default.

    Returns
    -------
    ndarray of shape (n_samples, n_features)
        Observed cells as given.

    Raises
    ------
    ValueError
        For data the model cannot describe, or bad responsibilities (shape, negative, rows not
        summing to 1).
    """
    data = model.prepare(X)
    if resp is None:
        q = model.posterior_prepared(data)[1]
    else:
        q = _as_resp(resp, data.n_samples, model.n_components)
    if data.missing is None:
        return data.X.copy()
    return model._filled_in(data, q)  # type: ignore[attr-defined]
