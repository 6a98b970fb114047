"""States between two half-steps, for animating the data views (Qt-free).

An animated half-step draws a few states between the snapshot shown before and the one shown
after. Each is a convex combination of the two, so it is a valid state in its own right:

- every parameter array of the mixture moves linearly: weights stay on the simplex, means move in
  a straight line, covariances stay symmetric positive definite (a convex combination of SPD
  matrices is SPD), Bernoulli probabilities stay in [0, 1] and word distributions keep summing
  to 1. This holds for every family's parameters (each lives in a convex set), so nothing here
  asks which family a model is; the in-between model is built and validated by its own class.
- responsibilities move linearly too, so each row still sums to 1 and point colours blend.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

import nbviz.core as nc
from nbviz.core.params import check_integer

LONGEST_MS = 5000  # the longest animation of a half-step, in milliseconds


def check_duration(ms, name: str = "the animation's duration (ms)") -> int:
    """`ms` as an int from 0 (no animation) to LONGEST_MS, or ValueError naming `name`."""
    return check_integer(ms, name, low=0, high=LONGEST_MS)


def ease(progress: float) -> float:
    """Ease in and out (smoothstep): 0 at 0, 1/2 at 1/2, 1 at 1, flat at both ends.

    Parameters
    ----------
    progress : float
        Share of the animation's time gone, clipped to [0, 1].
    """
    p = min(max(float(progress), 0.0), 1.0)
    return p * p * (3.0 - 2.0 * p)


def between_models(a: nc.Mixture, b: nc.Mixture, t: float) -> nc.Mixture:
    """The mixture ``(1 - t) a + t b``, field by field.

    Parameters
    ----------
    a, b : Mixture
        Of the same class and shapes (two half-steps of one run).
    t : float
        In [0, 1]; 0 gives a copy of `a`, 1 a copy of `b`.

    Returns
    -------
    Mixture
        Of the class of `a`, validated on construction.

    Raises
    ------
    ValueError
        If the two are not of one class, their arrays differ in shape or another field (e.g. the
        covariance type) differs: they are not two states of one run.
    """
    if type(a) is not type(b):
        raise ValueError(f"cannot move between a {type(a).__name__} and a {type(b).__name__}")
    t = float(t)
    values = {}
    for field in fields(a):
        x, y = getattr(a, field.name), getattr(b, field.name)
        if isinstance(x, np.ndarray):
            if x.shape != y.shape:
                raise ValueError(f"cannot move between {field.name} of shapes {x.shape} and {y.shape}")
            values[field.name] = (1.0 - t) * x + t * y
        elif x != y:
            raise ValueError(f"cannot move between {field.name} = {x!r} and {y!r}")
        else:
            values[field.name] = x
    return type(a)(**values)


@dataclass(frozen=True, eq=False)
class Frame:
    """One state between two half-steps, as the data views draw it.

    Attributes
    ----------
    model : Mixture
        The parameters ``(1 - weight) before + weight after``.
    resp : ndarray of shape (n_samples, n_components)
        The responsibilities, mixed the same way (each row sums to 1).
    target : Snapshot
        The half-step the frame moves to: a view draws the frame only while the session shows it.
    weight : float
        How far along, in [0, 1].
    """

    model: nc.Mixture
    resp: np.ndarray
    target: nc.Snapshot
    weight: float


def frame_between(
    before: tuple[nc.Snapshot, np.ndarray], after: tuple[nc.Snapshot, np.ndarray], weight: float
) -> Frame:
    """The `Frame` a share `weight` of the way from `before` to `after`, each (snapshot, responsibilities).

    Raises ValueError (see `between_models`) when the two are not two states of one run.
    """
    (first, resp_a), (second, resp_b) = before, after
    if resp_a.shape != resp_b.shape:
        raise ValueError(f"cannot move between responsibilities of shapes {resp_a.shape} and {resp_b.shape}")
    model = between_models(first.model, second.model, weight)
    resp = resp_a if resp_a is resp_b else (1.0 - weight) * resp_a + weight * resp_b
    return Frame(model, resp, second, float(weight))
