"""Aligning estimated components with reference (true) components."""

from __future__ import annotations

import numpy as np
from scipy.optimize import linear_sum_assignment

from .families import GaussianMixture
from .mixture import Mixture

# Stands in for an infinite distance (disjoint supports) so the assignment stays solvable.
FAR = 1e12


def bhattacharyya_distances(a: Mixture, b: Mixture) -> np.ndarray:
    """Bhattacharyya distance between every component of `a` and every component of `b`.

    Returns
    -------
    ndarray of shape (a.n_components, b.n_components)
    """
    if a.family != b.family or a.n_features != b.n_features:
        raise ValueError(
            f"cannot compare a {a.family} model with {a.n_features} features to a "
            f"{b.family} model with {b.n_features}"
        )
    if isinstance(a, GaussianMixture):
        out = _gaussian_distances(a, b)
    else:
        with np.errstate(divide="ignore"):
            if a.family == "bernoulli":
                p, q = a.probs[:, None, :], b.probs[None, :, :]
                out = -np.log(np.sqrt(p * q) + np.sqrt((1 - p) * (1 - q))).sum(axis=2)
            else:
                out = -np.log(np.sqrt(a.probs[:, None, :] * b.probs[None, :, :]).sum(axis=2))
    return np.minimum(out, FAR)


def _gaussian_distances(a: GaussianMixture, b: GaussianMixture) -> np.ndarray:
    cov_a, cov_b = a.full_covariances, b.full_covariances
    logdet_a = np.linalg.slogdet(cov_a)[1]
    logdet_b = np.linalg.slogdet(cov_b)[1]
    out = np.empty((a.n_components, b.n_components))
    for i in range(a.n_components):
        for j in range(b.n_components):
            average = 0.5 * (cov_a[i] + cov_b[j])
            diff = a.means[i] - b.means[j]
            out[i, j] = 0.125 * diff @ np.linalg.solve(average, diff) + 0.5 * (
                np.linalg.slogdet(average)[1] - 0.5 * (logdet_a[i] + logdet_b[j])
            )
    return out


def match_components(estimated: Mixture, reference: Mixture) -> np.ndarray:
    """The assignment of estimated components to reference components that best aligns them.

    Minimises the total Bhattacharyya distance between matched component distributions
    (Hungarian algorithm); weights do not enter.

    Returns
    -------
    ndarray of shape (reference.n_components,)
        ``perm[j]`` is the estimated component matched to reference component j (-1 if there are
        fewer estimated than reference components). With equal counts it is a permutation and
        ``estimated.permuted(perm)`` lines up with `reference`.
    """
    cost = bhattacharyya_distances(estimated, reference)
    est, ref = linear_sum_assignment(cost)
    perm = np.full(reference.n_components, -1, dtype=np.int64)
    perm[ref] = est
    return perm
