"""Information criteria for choosing the number of components."""

from __future__ import annotations

import numpy as np

from .mixture import Mixture


def bic(model: Mixture, X) -> float:
    """Bayesian information criterion ``-2 log L + p log N`` (lower is better)."""
    log_likelihood = model.log_likelihood(X)  # validates X
    return -2.0 * log_likelihood + model.n_parameters * np.log(np.shape(X)[0])


def aic(model: Mixture, X) -> float:
    """Akaike information criterion ``-2 log L + 2 p`` (lower is better)."""
    return -2.0 * model.log_likelihood(X) + 2.0 * model.n_parameters
