"""Aligning estimated components with reference (true) components."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .assignment import least_cost_assignment
from .mixture import Mixture

# Stands in for an infinite distance (disjoint supports) so the assignment stays solvable.
FAR = 1e12


def bhattacharyya_distances(a: Mixture, b: Mixture) -> np.ndarray:
    """Bhattacharyya distance between every component of `a` and every component of `b`.

    Each family computes its own (`Mixture._component_distances`); an infinite distance (disjoint
    supports) becomes `FAR` so that the assignment stays solvable.

    Parameters
    ----------
    a, b : Mixture
        Of the same family and number of features.

    Returns
    -------
    ndarray of shape (a.n_components, b.n_components)

    Raises
    ------
    ValueError
        For models of different families or numbers of features.
    """
    if type(a) is not type(b) or a.n_features != b.n_features:
        raise ValueError(
            f"cannot compare a {a.family} model with {a.n_features} features to a {b.family} model with {b.n_features}"
        )
    return np.minimum(a._component_distances(b), FAR)


def match_components(estimated: Mixture, reference: Mixture) -> np.ndarray:
    """The assignment of estimated components to reference components that best aligns them.

    Minimises the total Bhattacharyya distance between matched component distributions
    (Hungarian algorithm); weights do not enter.

    Parameters
    ----------
    estimated, reference : Mixture
        Of the same family and number of features.

    Returns
    -------
    ndarray of shape (reference.n_components,)
        ``perm[j]`` is the estimated component matched to reference component j (-1 if there are
        fewer estimated than reference components). With equal counts it is a permutation and
        ``estimated.permuted(perm)`` lines up with `reference`.

    Raises
    ------
    ValueError
        For models of different families or numbers of features.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> estimated = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.8, 0.1], [0.2, 0.9]])
    >>> truth = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.1, 0.9], [0.9, 0.1]])
    >>> perm = nc.match_components(estimated, truth)
    >>> perm.tolist(), estimated.permuted(perm).probs.tolist()
    ([1, 0], [[0.2, 0.9], [0.8, 0.1]])
    """
    return _matched(estimated, reference).copy()


@lru_cache(maxsize=32)
def _matched(estimated: Mixture, reference: Mixture) -> np.ndarray:
    """`match_components`, remembered: models are immutable and compared by identity, and the views
    of one half-step (scatter, legend, parameters) ask for the same matching."""
    cost = bhattacharyya_distances(estimated, reference)
    est, ref = least_cost_assignment(cost)
    perm = np.full(reference.n_components, -1, dtype=np.int64)
    perm[ref] = est
    return perm
