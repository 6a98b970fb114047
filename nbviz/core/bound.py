"""The bound EM climbs, along a one-dimensional slice through parameter space.

At the last E-step q is the posterior under theta_old. The surrogate

    L(q, theta) = E_q[log p(X, Z | theta)] + H(q) (+ log-prior(theta))

lies below the objective (log-likelihood + log-prior) for every theta, touches it at theta_old,
and the M-step moves to its maximum. `bound_slice` evaluates both along a line of models.

With missing cells, q is also over the missing cells: under component k they follow their
conditional distribution given the row's observed cells under theta_old (Ghahramani & Jordan
1994), and the M-step maximises

    L(theta) = sum_nk q_nk [log pi_k + E_q(x_mis | x_obs, k, theta_old) log p(x_n | k, theta)]
               + H(q_z) + sum_nk q_nk H(q(x_mis | x_obs, k, theta_old))
             = L_z(theta) - sum_nk q_nk KL(p(x_mis | x_obs, k, theta_old) || p(x_mis | x_obs, k, theta)),

where L_z is the bound over the components alone (the missing cells marginalised). Each family
that takes missing cells computes the divergences (``_missing_divergence``, see
`nbviz.core.incomplete`); on complete rows they are 0, and complete data take the plain formula.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .em import EM
from .mixture import Mixture
from .prior import Prior


@dataclass(frozen=True)
class BoundSlice:
    """Objective and surrogate along a slice; NaN where the parameters would be invalid.

    Attributes
    ----------
    ts : ndarray of shape (n_points,)
        Positions along the slice (0 is theta_old).
    values : ndarray of shape (n_points,)
        The sliced parameter's value at each position.
    objective, surrogate : ndarray of shape (n_points,)
    """

    ts: np.ndarray
    values: np.ndarray
    objective: np.ndarray
    surrogate: np.ndarray


def _point(model: Mixture, along, t: float) -> tuple[Mixture, float]:
    """The model at position t of the slice, and the sliced parameter's value there."""
    if isinstance(along, Mixture):  # the straight line theta_old + t (theta_new - theta_old)
        return model._between(along, t), t
    return model.slice_point(along, t)


def bound_slice(
    X, model: Mixture, along, ts, prior: Prior | None = None, labels=None, hard: bool = False
) -> BoundSlice:
    """Objective and EM surrogate along a slice through `model` (theta_old).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    model : Mixture
        theta_old: the parameters at the last E-step, whose posterior is q.
    along : Mixture or tuple
        A Mixture theta_new (the slice is the straight line from theta_old, t=0, to theta_new,
        t=1: the surrogate's maximum on it is at t=1 when theta_new is the M-step's result), or one
        parameter moved by t, a direction from ``model.slice_directions()``: ``("weight", k)`` for
        every family, the family's own such as ``("mean", k, d)`` (Gaussian) or ``("prob", k, m)``
        (Bernoulli). An unknown direction raises ValueError.
    ts : array-like of shape (n_points,)
    prior : Prior, optional
    labels : array-like, optional
        As for `EM`: labelled rows keep one-hot q.
    hard : bool
        Hard EM's q (one-hot): the surrogate is then the classification log-likelihood, still
        below the objective but no longer touching it at theta_old. With missing cells the
        missing cells stay averaged under the chosen component (as hard EM's M-step counts
        them), so the surrogate is the classification log-likelihood of the observed cells at
        theta_old and peaks at the M-step.

    Returns
    -------
    BoundSlice
        The surrogate never exceeds the objective and equals it at t = 0 (soft EM). With
        missing cells (NaN) it is the bound that also averages over them (see the module's
        docstring), the one the M-step maximises.

    Raises
    ------
    ValueError
        For an unknown direction, an end of another family or size, or data the model cannot
        describe.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> model = nc.BernoulliMixture(weights=[0.7, 0.3], probs=[[0.5, 0.4], [0.2, 0.7]])
    >>> s = nc.bound_slice([[1, 1], [0, 1]], model, ("weight", 0), [-0.1, 0.0, 0.1])
    >>> s.values.round(3).tolist()  # the weight of component 0 along the slice
    [0.6, 0.7, 0.8]
    >>> (s.objective - s.surrogate).round(6).tolist()  # the gap is the KL divergence, 0 at t = 0
    [0.042359, 0.0, 0.059457]
    """
    if isinstance(along, Mixture):
        if type(along) is not type(model) or along.n_components != model.n_components:
            raise ValueError("the slice's end must be a mixture of the same family and size as the model")
    else:
        model.slice_point(along, 0.0)  # an unknown direction is an error, not a slice of NaN
    run = EM(X, model, prior=prior, labels=labels, hard=hard)
    q = np.ascontiguousarray(run.e_step().T)
    assert run._q is not None  # set by the E-step just run
    entropy = run._q[1]
    # the missing cells' divergences as a function of theta (theta_old's conditionals computed once; None: none missing)
    divergence = run._data.missing_divergence(model)
    ts = np.asarray(ts, dtype=float)
    values = np.full(ts.shape, np.nan)
    objective = np.full(ts.shape, np.nan)
    surrogate = np.full(ts.shape, np.nan)
    for i, t in enumerate(ts):
        try:
            point, values[i] = _point(model, along, float(t))
            evaluation = run._evaluate(point)
            bound = run._bound_for(q, entropy, evaluation, divergence)  # as EM records it after an M-step
        except ValueError:  # outside the valid parameters (negative weight, indefinite covariance, ...)
            continue
        objective[i] = evaluation.objective
        surrogate[i] = bound
    return BoundSlice(ts, values, objective, surrogate)
