"""One E-step or one M-step on its own, outside a run (`e_step`, `m_step`), and what `EM` shares with them.

The q an E-step sets (the posterior, one-hot on labelled rows and in hard EM) and its entropy, the
checks of a model, labels and responsibilities, and the warning for a component that empties.
"""

from __future__ import annotations

import warnings

import numpy as np

from . import validation
from .families import FAMILIES
from .logspace import weighted_sum
from .mixture import Mixture
from .prior import Prior, as_prior


class EmptyComponentWarning(UserWarning):
    """A component received (almost) no responsibility; it keeps its previous parameters."""


def _check_mixture(model) -> None:
    if not isinstance(model, Mixture):
        raise ValueError(f"model must be an nbviz mixture; got {type(model).__name__}")


def _check_fixed_covariances(model: Mixture, fixed: bool, advice: str = "") -> None:
    """ValueError if fixed covariances are asked of a family that does not support them."""
    if fixed and not model.supports_fixed_covariances:
        able = [name.capitalize() for name, cls in FAMILIES.items() if cls.supports_fixed_covariances]
        raise ValueError(
            f"fixed covariances apply to {' and '.join(able)} mixtures only; this is a {model.family} mixture{advice}"
        )


def _labelled(labels, n_samples: int, n_components: int) -> np.ndarray | None:
    """Validated read-only labels of shape (n_samples,) (-1 unlabelled), or None if no row is labelled."""
    if labels is None:
        return None
    labels = validation.as_labels(labels, n_samples, n_components, allow_unlabelled=True)
    if not (labels >= 0).any():
        return None
    labels.setflags(write=False)
    return labels


def _q_and_entropy(
    log_joint: np.ndarray, resp: np.ndarray, log_marginal: np.ndarray, labels, hard: bool
) -> tuple[np.ndarray, float]:
    """The q an E-step sets, component-major, and its entropy.

    Parameters
    ----------
    log_joint, resp : ndarray of shape (n_components, n_samples)
        ``log p(x_n, k)`` and the posterior under the model.
    log_marginal : ndarray of shape (n_samples,)
    labels : ndarray of shape (n_samples,) or None
        Labelled rows (>= 0) keep one-hot q.
    hard : bool
        One-hot q on each unlabelled row's most probable component (entropy 0).

    Returns
    -------
    q : ndarray of shape (n_components, n_samples)
    entropy : float
        The posterior's entropy is ``sum_n log p(x_n) - sum_nk q_nk log p(x_n, k)``, since
        ``log q_nk = log p(x_n, k) - log p(x_n)`` and each column of q sums to 1.
    """
    K = log_joint.shape[0]
    if hard:
        winners = log_joint.argmax(axis=0)
        if labels is not None:
            winners = np.where(labels >= 0, labels, winners)
        return validation.one_hot(winners, K), 0.0
    if labels is None:
        return resp, float(log_marginal.sum()) - weighted_sum(resp, log_joint)
    unlabelled = np.flatnonzero(labels < 0)
    entropy = float(log_marginal[unlabelled].sum()) - weighted_sum(
        np.ascontiguousarray(resp[:, unlabelled]), np.ascontiguousarray(log_joint[:, unlabelled])
    )
    q = resp.copy()
    rows = np.flatnonzero(labels >= 0)
    q[:, rows] = 0.0
    q[labels[rows], rows] = 1.0
    return q, entropy


def _empty_message(components, prior: Prior) -> str:
    advice = "use fewer components or a different start"
    if prior.alpha == 0:
        advice += ", or a weight prior (alpha > 0) so that they can win points back"
    return f"component(s) {components} received no responsibility and keep their previous parameters; {advice}"


def _as_resp(resp, n_samples: int, n_components: int) -> np.ndarray:
    """Validate responsibilities (N, K) and return them component-major (K, N)."""
    array = validation.as_float_array(resp, "resp", 2)
    if array.shape != (n_samples, n_components):
        raise ValueError(f"resp must have shape ({n_samples}, {n_components}); got {array.shape}")
    if (array < 0).any():
        index = validation.first_position(array < 0)
        raise ValueError(f"resp{list(index)} = {array[index]} is negative")
    sums = array.sum(axis=1)
    off = np.abs(sums - 1) > 1e-6
    if off.any():
        n = int(np.argmax(off))
        raise ValueError(f"each row of resp must sum to 1; row {n} sums to {sums[n]:.10g}")
    return np.ascontiguousarray(array.T)


def e_step(model: Mixture, X, labels=None, hard: bool = False) -> np.ndarray:
    """The q an E-step of `EM` would set, under `model`.

    Parameters
    ----------
    model : Mixture
    X : array-like of shape (n_samples, n_features)
        Any number of rows, even fewer than the model's components (as `Mixture.responsibilities`).
    labels : array-like of shape (n_samples,), optional
        Labelled rows (class index >= 0) get one-hot responsibilities; -1 marks unlabelled rows.
    hard : bool
        One-hot responsibilities on each unlabelled row's most probable component.

    Returns
    -------
    resp : ndarray of shape (n_samples, n_components)
        Rows sum to 1.

    Raises
    ------
    ValueError
        For a model that is not a `Mixture`, data it cannot describe or bad labels;
        `ZeroProbabilityError` for a row impossible under every component.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
    >>> nc.e_step(model, [[1, 1], [0, 1]]).round(3).tolist()
    [[0.769, 0.231], [0.455, 0.545]]
    >>> nc.e_step(model, [[1, 1], [0, 1]], labels=[1, -1]).round(3).tolist()  # row 0 labelled 1
    [[0.0, 1.0], [0.455, 0.545]]
    >>> nc.e_step(model, [[1, 1], [0, 1]], hard=True).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """
    _check_mixture(model)
    data = model.prepare(X)
    labels = _labelled(labels, data.n_samples, model.n_components)
    log_joint, resp, log_marginal = model.posterior_prepared(data)
    q, _ = _q_and_entropy(log_joint, resp, log_marginal, labels, hard)
    return np.ascontiguousarray(q.T)


def m_step(
    model: Mixture, X, resp, prior: Prior | None = None, fixed_covariances: bool = False, warn_empty: bool = True
) -> Mixture:
    """The MAP (ML for no prior) parameters given responsibilities; same family and covariance type.

    Parameters
    ----------
    model : Mixture
        Supplies the family, the covariance type and the parameters that empty components keep.
    X : array-like of shape (n_samples, n_features)
    resp : array-like of shape (n_samples, n_components)
        Non-negative, each row summing to 1.
    prior : Prior, optional
        None for maximum likelihood.
    fixed_covariances : bool
        Families that support it (Gaussian): keep `model`'s covariances (see `EM`).
    warn_empty : bool
        Warn (`EmptyComponentWarning`) when a component receives no responsibility; it keeps
        `model`'s emission parameters either way.

    Returns
    -------
    Mixture
        Of `model`'s class (and covariance type).

    Raises
    ------
    ValueError
        For a model that is not a `Mixture`, bad responsibilities (shape, negative entries, rows not
        summing to 1) or data;
        `SingularCovarianceError` when a Gaussian covariance collapses.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
    >>> new = nc.m_step(model, [[1, 1], [0, 1]], [[1, 0], [0, 1]])  # each row its own component
    >>> new.weights.tolist(), new.probs.tolist()
    ([0.5, 0.5], [[1.0, 1.0], [0.0, 1.0]])
    >>> nc.m_step(model, [[1, 1], [0, 1]], [[1, 0], [0, 1]], prior=nc.Prior(beta=1)).probs.round(3).tolist()
    [[0.667, 0.667], [0.333, 0.667]]
    """
    _check_mixture(model)
    data = model.prepare(X)
    q = _as_resp(resp, data.n_samples, model.n_components)
    _check_fixed_covariances(model, fixed_covariances)
    options = {"fixed_covariances": True} if fixed_covariances else {}
    new, empty = data.map_update(type(model), q, as_prior(prior), previous=model, **options)
    if empty.size and warn_empty:
        warnings.warn(_empty_message(empty.tolist(), as_prior(prior)), EmptyComponentWarning, stacklevel=2)
    return new
