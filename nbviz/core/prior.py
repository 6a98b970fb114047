"""Conjugate pseudo-count priors that turn the M-step into a MAP update."""

from __future__ import annotations

from dataclasses import dataclass

from .params import check_real


@dataclass(frozen=True)
class Prior:
    """Pseudo-counts for MAP-EM; all zero (the default) gives maximum likelihood.

    Each knob is a real prior, so EM climbs ``log-likelihood + log-prior`` monotonically:

    - ``alpha``: Dirichlet(alpha + 1) on the weights, ``pi_k = (N_k + alpha) / (N + K alpha)``;
      log-prior ``alpha * sum_k log pi_k``.
    - ``beta``: Beta(beta + 1, beta + 1) on each Bernoulli probability,
      ``p_km = (N_km + beta) / (N_k + 2 beta)``, or Dirichlet(beta + 1) on each multinomial word
      distribution, ``theta_km = (N_km + beta) / (sum_m N_km + M beta)``.
    - ``covariance_prior`` (lambda): on each Gaussian covariance the (improper) prior
      ``p(Sigma) ∝ exp(-lambda/2 tr(Sigma^-1))``, whose MAP update is
      ``Sigma_k = (S_k + lambda I) / N_k`` with the centred scatter S_k; diag, spherical and tied
      covariances get the same pseudo-scatter on their own statistics.

    Parameters
    ----------
    alpha, beta, covariance_prior : float
        Finite and >= 0; stored as floats.

    Raises
    ------
    ValueError
        For a value that is not a finite number >= 0, naming the field.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> nc.Prior(alpha=1)
    Prior(alpha=1.0, beta=0.0, covariance_prior=0.0)
    >>> nc.Prior().is_flat, nc.Prior(beta=0.5).is_flat
    (True, False)
    """

    alpha: float = 0.0
    beta: float = 0.0
    covariance_prior: float = 0.0

    def __post_init__(self):
        for name in ("alpha", "beta", "covariance_prior"):
            object.__setattr__(self, name, check_real(getattr(self, name), f"Prior.{name}", low=0))

    @property
    def is_flat(self) -> bool:
        """True when every pseudo-count is zero (plain maximum likelihood)."""
        return self.alpha == 0 and self.beta == 0 and self.covariance_prior == 0

    def to_dict(self) -> dict:
        """JSON-ready: ``{"alpha": ..., "beta": ..., "covariance_prior": ...}``.

        Returns
        -------
        dict
        """
        return {"alpha": self.alpha, "beta": self.beta, "covariance_prior": self.covariance_prior}

    @classmethod
    def from_dict(cls, data: dict) -> Prior:
        """Inverse of `to_dict`; missing entries are 0.

        Parameters
        ----------
        data : dict

        Returns
        -------
        Prior
        """
        return cls(**{key: data[key] for key in ("alpha", "beta", "covariance_prior") if key in data})


def as_prior(prior) -> Prior:
    """`prior` itself, or the flat prior for None."""
    if prior is None:
        return Prior()
    if not isinstance(prior, Prior):
        raise ValueError(f"prior must be an nbviz.core.Prior or None; got {type(prior).__name__}")
    return prior
