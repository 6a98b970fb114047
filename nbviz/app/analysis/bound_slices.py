"""What the bound view draws, computed without Qt: the objective and the E-step's surrogate along a slice.

At the last E-step q became the posterior under theta_old. The surrogate
``L(q, theta) = E_q[log p(X, Z | theta)] + H(q)`` (+ log-prior) lies below the objective for every
theta, touches it at theta_old, and the M-step moves to its maximum. `bound_picture` evaluates both
along a slice through theta_old: one mean coordinate, one weight (the others rescaled to sum to 1),
one Bernoulli probability, or the straight line from theta_old (t = 0) to the M-step's theta_new
(t = 1); it also finds the surrogate's maximum and where the M-step puts the sliced value.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import nbviz.core as nc

from ..families import presentation
from ..families.level_names import level_text
from ..families.steps import ParameterKey

N_POINTS = 101
FINE_POINTS = 41  # around the grid's best point, to place the surrogate's maximum
MAX_FEATURE_ITEMS = 60  # per-feature slices offered in the chooser (the first features of each component)
LINE = "line"

# How the chooser names a slice direction of each kind (the core's `Mixture.slice_directions`), in
# the order it lists them; {k} is the component from 1, {column} the feature's column name.
DIRECTION_TITLES = {
    "mean": "mean of component {k}, {column}",
    "weight": "weight of component {k}",
    "prob": "P({column} = 1 | component {k})",
}


def _direction_title(direction: tuple, columns) -> str:
    kind, k, *feature = direction
    if kind == "prob" and len(feature) == 2:  # an answer's level (categorical): its name, not 1
        j, level = feature
        return f"P({columns[j]} = {level_text(columns, j, level)} | component {k + 1})"
    template = DIRECTION_TITLES.get(kind, kind + " of component {k}" + (", {column}" if feature else ""))
    return template.format(k=k + 1, column=columns[feature[0]] if feature else "")


def slice_choices(model: nc.Mixture, columns) -> list[tuple[str, object]]:
    """(title, direction) for every slice offered for `model`; direction as for `nc.bound_slice`.

    The directions are the model's own (`slice_directions`); per-feature ones are offered for the
    first ``MAX_FEATURE_ITEMS // n_components`` features only, so a digit model's list stays short.
    """
    n_features = max(1, MAX_FEATURE_ITEMS // model.n_components)
    order = {kind: i for i, kind in enumerate(DIRECTION_TITLES)}
    directions = sorted(
        (d for d in model.slice_directions() if len(d) < 3 or d[2] < n_features),
        key=lambda d: order.get(d[0], len(order)),
    )  # stable: the core's order within a kind
    return [("θ_old → θ_new: the line to the M-step (t)", LINE)] + [
        (_direction_title(d, columns), d) for d in directions
    ]


def refined_argmax(xs: np.ndarray, ys: np.ndarray) -> float:
    """The maximum of sampled values, refined by the parabola through it and its two neighbours."""
    i = int(np.nanargmax(ys))
    if 0 < i < len(ys) - 1 and np.all(np.isfinite(ys[i - 1 : i + 2])):
        a, b, _ = np.polyfit(xs[i - 1 : i + 2], ys[i - 1 : i + 2], 2)
        if a < 0:
            return float(np.clip(-b / (2 * a), xs[i - 1], xs[i + 1]))
    return float(xs[i])


@dataclass(frozen=True)
class BoundQuestion:
    """Everything a bound picture depends on (the key of the cache, with the snapshot).

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features)
    old : Mixture
        theta_old: the model whose posterior is the q in force at the snapshot.
    new : Mixture or None
        theta_new, the M-step's result from that q (see `theta_new`); None when it cannot be taken.
    direction : str or tuple
        `LINE` or a parameter as for `nc.bound_slice`.
    half_width : float
        How far the slice reaches either side of theta_old; 0: automatic.
    prior : Prior
    labels : ndarray of shape (n_samples,) or None
    hard : bool
    """

    X: np.ndarray
    old: nc.Mixture
    new: nc.Mixture | None
    direction: object
    half_width: float
    prior: nc.Prior
    labels: np.ndarray | None
    hard: bool


@dataclass(frozen=True)
class BoundPicture:
    """A slice as the bound view draws it.

    Attributes
    ----------
    direction : str or tuple
    result : BoundSlice or None
        The slice; None when there is nothing to draw (`message` says why).
    xs : ndarray of shape (n_points,)
        Horizontal positions: t on the line, else the sliced parameter's value.
    at_old : float
        theta_old's position (where the curves touch).
    best : float
        The surrogate's maximum (x units).
    target : float or None
        Where the M-step puts the sliced value (x units), if it can be taken.
    centre : int
        Index of theta_old among the points.
    message : str
        Why nothing is drawn, or "".
    """

    direction: object
    result: nc.BoundSlice | None
    xs: np.ndarray
    at_old: float = np.nan
    best: float = np.nan
    target: float | None = None
    centre: int = 0
    message: str = ""

    @property
    def gap(self) -> float:
        """Objective minus surrogate at theta_old (0 for soft EM, up to rounding)."""
        assert self.result is not None, "a picture with nothing to draw has no gap"
        return float(self.result.objective[self.centre] - self.result.surrogate[self.centre])


def nothing(direction, message: str) -> BoundPicture:
    """A picture with nothing to draw, saying why."""
    return BoundPicture(direction, None, np.zeros(0), message=message)


def value_of(model: nc.Mixture, direction) -> float:
    """The sliced parameter's value in `model`."""
    kind, k, *rest = direction
    if kind == "weight":
        return float(model.weights[k])
    # a direction of kind "mean" or "prob" is offered only by a model with those parameters
    return presentation(model).steps.stored(model, ParameterKey(kind, k, tuple(rest)))


def auto_half_width(model: nc.Mixture, direction) -> float:
    """The family's default (`FamilyPresentation.slice_half_width`): two standard deviations for a
    Gaussian's mean; 0.25 for a weight or a probability."""
    return presentation(model).slice_half_width(model, direction)


def theta_new(
    snapshot: nc.Snapshot, old: nc.Mixture, X, resp, prior: nc.Prior, fixed_covariances: bool
) -> nc.Mixture | None:
    """The M-step from the q in force at `snapshot` (the snapshot's own model after an M-step).

    One M-step; None when it cannot be taken (e.g. a covariance would collapse). An emptied
    component is not news here (the session announces it when the M-step is taken), so it does not warn.
    """
    if snapshot.phase == "M":
        return snapshot.model
    try:
        return nc.m_step(old, X, resp, prior=prior, fixed_covariances=fixed_covariances, warn_empty=False)
    except ValueError:
        return None


def positions(old: nc.Mixture, new: nc.Mixture | None, direction, half_width: float) -> tuple[np.ndarray, float | None]:
    """Slice positions t, and where the M-step puts the sliced value (x units), if known."""
    if direction == LINE:
        return np.linspace(-0.5, 1.5, N_POINTS), 1.0
    half = half_width or auto_half_width(old, direction)
    target = None if new is None else value_of(new, direction)
    delta = 0.0 if target is None else target - value_of(old, direction)
    low, high = min(-half, 1.25 * delta), max(half, 1.25 * delta)
    ts = np.linspace(low, high, N_POINTS)
    return np.union1d(ts, [0.0]), target  # theta_old itself is always one of the points


def bound_picture(question: BoundQuestion) -> BoundPicture:
    """Evaluate the slice `question` asks for: about 140 evaluations of the objective and the surrogate.

    Safe to run in a worker thread (it only reads `question`).

    Returns
    -------
    BoundPicture
        With `result` None and a `message` when the slice cannot be drawn.
    """
    direction, old, new = question.direction, question.old, question.new
    if direction is None or (direction == LINE and new is None):
        return nothing(direction, "The M-step cannot be taken from here, so there is no line to it.")
    ts, target = positions(old, new, direction, question.half_width)
    along = new if direction == LINE else direction

    def slice_at(points):
        return nc.bound_slice(
            question.X, old, along, points, prior=question.prior, labels=question.labels, hard=question.hard
        )

    result = slice_at(ts)
    if not np.any(np.isfinite(result.surrogate)):
        return nothing(direction, "No valid parameters along this slice; choose a smaller range.")
    xs = result.ts if direction == LINE else result.values
    at_old = 0.0 if direction == LINE else value_of(old, direction)
    # the surrogate's maximum: the grid's best point, then a fine grid around it
    i = int(np.nanargmax(result.surrogate))
    low, high = max(i - 1, 0), min(i + 1, len(xs) - 1)
    fine = slice_at(np.linspace(result.ts[low], result.ts[high], FINE_POINTS))
    offset = xs[i] - result.ts[i]  # x = t (+ theta_old's value for one parameter)
    best = refined_argmax(fine.ts + offset, fine.surrogate)
    centre = int(np.argmin(np.abs(result.ts)))
    return BoundPicture(direction, result, xs, at_old, best, target, centre)


LINE_NOTE = (
    "Along the line θ_old → θ_new the surrogate peaks exactly at the M-step (t = 1): the M-step "
    "maximises L(q, θ) over all the parameters at once."
)
SLICE_NOTE = (
    "This is a coordinate slice: only this parameter moves and the others stay at θ_old, so the "
    "surrogate's maximum here need not be where the M-step puts it (the M-step moves all the "
    "parameters together; on the θ_old → θ_new slice it is exactly the maximum)."
)


def caption(picture: BoundPicture, hard: bool) -> str:
    """What the view writes under a picture: the touch (or hard EM's gap), the maximum, the M-step.

    On the line to the M-step it says that the surrogate peaks exactly there; on a coordinate
    slice, that its maximum need not be the M-step's value, and why.
    """
    if picture.result is None:
        return picture.message
    gap, target, best = picture.gap, picture.target, picture.best
    parts = []
    if hard:
        parts.append(
            f"Hard EM: q is one-hot, so the bound stays below the objective even at θ_old "
            f"(gap {gap:.4g}); it is the classification log-likelihood."
        )
    else:
        parts.append(
            f"The surrogate lies below the objective and touches it at θ_old = {picture.at_old:.4g} "
            f"(gap {abs(gap):.2g})."
        )
    parts.append(f"Its maximum here: {best:.3g}." + ("" if target is None else f" The M-step: {target:.3g}."))
    parts.append(LINE_NOTE if picture.direction == LINE else SLICE_NOTE)
    return " ".join(parts)
