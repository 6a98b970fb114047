"""Data validated for one family and laid out for the engine (`Prepared`), the input of every hook.

`Prepared` is complete data. Data with missing cells come as its subclass
`nbviz.core.incomplete.IncompleteData`, which answers the same two questions the engine asks of
any data — the emission log-densities under a model and the M-step from responsibilities — by
marginalising the missing cells (`log_emission`, `map_update`), and the divergences of the
missing cells' conditionals that the bound the M-step maximises subtracts (`missing_divergence`:
None for complete data, which have none).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Prepared:
    """Data validated for one family, laid out for the engine.

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features)
        The data as given (float64, read-only).
    Xt : ndarray of shape (n_features, n_samples)
        Feature-major copy used by the matrix products, centred at `shift`.
    shift : ndarray of shape (n_features,)
        Subtracted from every row in `Xt` (zeros for the discrete families).
    row_constant : ndarray of shape (n_samples,) or None
        Per-row term of the log-density that does not depend on the parameters.
    """

    X: np.ndarray
    Xt: np.ndarray
    shift: np.ndarray
    row_constant: np.ndarray | None = None

    @property
    def n_samples(self) -> int:
        """Number of rows of `X`."""
        return self.X.shape[0]

    @property
    def n_features(self) -> int:
        """Number of columns of `X`."""
        return self.X.shape[1]

    @property
    def missing(self) -> np.ndarray | None:
        """Where `X` is missing (NaN), shape (n_samples, n_features); None for complete data."""
        return None

    @property
    def for_starts(self) -> Prepared:
        """The complete data that starting points compare and average (this data itself)."""
        return self

    def log_emission(self, model: Any) -> np.ndarray:
        """``log p(x_n | z_n = k)`` under `model`, shape (n_components, n_samples): its family's hook."""
        return model._log_emission(self)

    def map_update(self, cls: Any, resp: np.ndarray, prior: Any, previous: Any = None, **options: Any) -> tuple:
        """The M-step of family `cls` from responsibilities (n_components, n_samples): its family's hook."""
        return cls._map_update(self, resp, prior, previous, **options)

    def missing_divergence(self, previous: Any) -> Callable[[Any], np.ndarray] | None:
        """The missing cells' divergences from `previous` as a function of theta; None: nothing is missing."""
        return None
