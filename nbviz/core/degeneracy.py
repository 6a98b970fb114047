"""Degenerate fits: a component with too few rows for its parameters, or a covariance the prior holds up.

A mixture's likelihood grows without bound as a Gaussian component closes in on a few rows; with a
covariance prior it stops at the prior's floor instead, and an information criterion may then
crown that fit (three duplicated rows "explain" themselves with a near-zero covariance). Such a
fit describes the prior, not the data, so model selection and best-of-several fits pass it over.

A component is degenerate when

- its effective number of rows ``N_k = sum_n r_nk`` is below what its parameters need
  (`rows_needed`): a full covariance of D features needs D + 1 rows (with fewer its scatter is
  singular: it spans at most N_k - 1 directions); a diagonal or spherical variance needs 2 (one
  row has no spread); a component of a tied covariance has only a mean and a weight of its own
  (the covariance is estimated from every row), so it needs 1, as does a component of a family
  without covariances (fewer than one row: the component has emptied);
- or, with a covariance prior ``lambda > 0``, its covariance is at the prior's floor: the M-step
  gives ``(S_k + lambda I) / N_k``, and in some direction the data's scatter ``S_k`` adds at most
  as much as the prior (``N_k * smallest variance <= FLOOR_FACTOR * lambda``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .mixture import Mixture
from .prior import Prior, as_prior

FLOOR_FACTOR = 2.0  # at the floor: the data add no more than the prior does in some direction


@dataclass(frozen=True)
class Degeneracy:
    """Which components of a fit are degenerate, and why.

    Attributes
    ----------
    components : tuple of int
        Degenerate components (0-based), ascending.
    reasons : tuple of str
        One line per entry of `components`, e.g. "component 4 holds 2.5 effective rows; a full
        covariance of 2 feature(s) needs at least 3".
    """

    components: tuple[int, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def degenerate(self) -> bool:
        """Whether any component is degenerate."""
        return bool(self.components)


def rows_needed(model: Mixture) -> int:
    """The effective rows a component of `model` needs for its own parameters (see the module's note).

    Parameters
    ----------
    model : Mixture

    Returns
    -------
    int
        D + 1 (full covariance), 2 (diag, spherical), 1 (tied, or a family without covariances).

    Examples
    --------
    >>> import nbviz.core as nc
    >>> from nbviz.core.degeneracy import rows_needed
    >>> full = nc.GaussianMixture(weights=[1.0], means=[[0.0, 0.0]], covariances=[[[1.0, 0.0], [0.0, 1.0]]])
    >>> rows_needed(full), rows_needed(nc.BernoulliMixture(weights=[1.0], probs=[[0.5]]))
    (3, 1)
    """
    return model._component_needs().rows


def find_degenerate(model: Mixture, X, prior: Prior | None = None) -> Degeneracy:
    """The degenerate components of `model` fitted to `X` with `prior`.

    Parameters
    ----------
    model : Mixture
        A fitted model (e.g. the last snapshot of an EM run).
    X : array-like of shape (n_samples, n_features)
        The data it was fitted to (its responsibilities give each component's effective rows).
    prior : Prior, optional
        The prior of the fit; its ``covariance_prior`` sets the floor (none for 0).

    Returns
    -------
    Degeneracy

    Examples
    --------
    >>> import numpy as np, nbviz.core as nc
    >>> X = np.array([[0.0], [1.0], [2.0], [9.0]])
    >>> model = nc.GaussianMixture(weights=[0.75, 0.25], means=[[1.0], [9.0]], covariances=[[[0.7]], [[0.01]]])
    >>> nc.find_degenerate(model, X).reasons  # one row cannot estimate a variance
    ('component 2 holds 1 effective rows; a full covariance of 1 feature(s) needs at least 2',)
    """
    prior = as_prior(prior)
    rows = model.responsibilities(X).sum(axis=0)
    needs = model._component_needs()  # the family says what its components need
    reasons: dict[int, str] = {}
    for k in np.flatnonzero(rows < needs.rows - 1e-9):
        reasons[int(k)] = f"component {k + 1} holds {rows[k]:.3g} effective rows; {needs.phrase} {needs.rows}"
    smallest = needs.smallest_variances
    lam = prior.covariance_prior
    if smallest is not None and lam > 0:
        counts = np.array([rows.sum()]) if needs.shared else rows
        at_floor = counts * smallest <= FLOOR_FACTOR * lam
        for k in np.flatnonzero(at_floor):
            for component in range(model.n_components) if needs.shared else (int(k),):
                reasons.setdefault(
                    component,
                    f"component {component + 1}'s covariance is at the prior's floor (its data add no more "
                    "variance than the covariance prior in some direction)",
                )
    ordered = tuple(sorted(reasons))
    return Degeneracy(ordered, tuple(reasons[k] for k in ordered))
