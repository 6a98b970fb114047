"""The bound EM climbs, along a one-dimensional slice through parameter space.

At the last E-step q is the posterior under theta_old. The surrogate

    L(q, theta) = E_q[log p(X, Z | theta)] + H(q) (+ log-prior(theta))

lies below the objective (log-likelihood + log-prior) for every theta, touches it at theta_old,
and the M-step moves to its maximum. `bound_slice` evaluates both along a line of models.
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


def _with_field(model: Mixture, name: str, array: np.ndarray) -> Mixture:
    values = model.to_dict()
    values.pop("family")
    values[name] = array
    return type(model)(**values)


def _point(model: Mixture, along, t: float) -> tuple[Mixture, float]:
    """The model at position t of the slice, and the sliced parameter's value there."""
    if isinstance(along, Mixture):  # the straight line theta_old + t (theta_new - theta_old)
        values = {}
        for name, old in model.to_dict().items():
            new = along.to_dict()[name]
            values[name] = old if name in ("family", "covariance_type") else (
                (1 - t) * np.asarray(old) + t * np.asarray(new))
        values.pop("family")
        return type(model)(**values), t
    kind, *index = along
    if kind == "weight":
        (k,) = index
        w = model.weights.copy()
        new_k = w[k] + t
        rest = 1.0 - w[k]
        w = w * ((1.0 - new_k) / rest) if rest > 0 else w
        w[k] = new_k
        return _with_field(model, "weights", w), new_k
    name = {"mean": "means", "prob": "probs"}[kind]
    array = getattr(model, name).copy()
    array[tuple(index)] += t
    if kind == "prob" and model.family == "multinomial":
        raise ValueError("a multinomial word probability cannot move alone (rows sum to 1); slice a weight")
    return _with_field(model, name, array), float(array[tuple(index)])


def bound_slice(X, model: Mixture, along, ts, prior: Prior | None = None, labels=None,
                hard: bool = False) -> BoundSlice:
    """Objective and EM surrogate along a slice through `model` (theta_old).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    model : Mixture
        theta_old: the parameters at the last E-step, whose posterior is q.
    along : Mixture or tuple
        A Mixture theta_new (the slice is the straight line from theta_old, t=0, to theta_new,
        t=1: the surrogate's maximum on it is at t=1 when theta_new is the M-step's result), or one
        parameter: ``("mean", k, d)``, ``("weight", k)``, ``("prob", k, m)`` (Bernoulli), moved by t.
    ts : array-like of shape (n_points,)
    prior : Prior, optional
    labels : array-like, optional
        As for `EM`: labelled rows keep one-hot q.
    hard : bool
        Hard EM's q (one-hot): the surrogate is then the classification log-likelihood, still
        below the objective but no longer touching it at theta_old.
    """
    run = EM(X, model, prior=prior, labels=labels, hard=hard)
    run.e_step()
    q = np.ascontiguousarray(run.resp.T)
    entropy = run._q[1]
    ts = np.asarray(ts, dtype=float)
    values = np.full(ts.shape, np.nan)
    objective = np.full(ts.shape, np.nan)
    surrogate = np.full(ts.shape, np.nan)
    for i, t in enumerate(ts):
        try:
            point, values[i] = _point(model, along, float(t))
            evaluation = run._evaluate(point)
        except ValueError:  # outside the valid parameters (negative weight, indefinite covariance, ...)
            continue
        objective[i] = evaluation.objective
        surrogate[i] = run._elbo_for(q, entropy, evaluation)
    return BoundSlice(ts, values, objective, surrogate)



