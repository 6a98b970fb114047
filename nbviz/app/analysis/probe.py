"""A probe: a point x anywhere in the data space (not a data row) whose P(C | x) the inspector works out.

A probe gives either every feature of x, or the two coordinates of a plane that a scatter view
shows (a feature pair or the PCA plane of data with more than two features): then the other
directions are integrated out, and P(C | x) is that of the mixture's marginal in the plane, the
density the view shades.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

import nbviz.core as nc

from ..families import presentation


class Plane(Protocol):
    """A 2-D view of the data: ``y = (x - offset) @ matrix`` (a scatter view's projection)."""

    title: str
    labels: tuple[str, str]
    matrix: np.ndarray  # (n_features, 2)
    offset: np.ndarray  # (n_features,)


@dataclass(frozen=True, eq=False)
class Probe:
    """Where the user probes.

    Attributes
    ----------
    x : ndarray of shape (n_features,) or (2,)
        Every feature of the point, or its coordinates in `plane`.
    plane : Plane or None
    """

    x: np.ndarray
    plane: Plane | None = None

    def describe(self, columns) -> str:
        """The probe in words: x = 3; a = 1, b = 0.5; or PC1 = 0.2, PC2 = 1 in the view PCA (…)."""
        names = list(self.plane.labels) if self.plane is not None else list(columns)
        if len(names) == 1:
            return f"{names[0]} = {self.x[0]:.6g}"
        text = ", ".join(f"{name} = {value:.6g}" for name, value in zip(names, self.x))
        return text if self.plane is None else f"{text} in the view {self.plane.title}"


def make_probe(x, n_features: int, plane: Plane | None = None) -> Probe:
    """A probe at `x`, checked: finite numbers, one per feature (or two in a plane).

    Raises
    ------
    ValueError
        Saying how many values were expected and which one is bad.
    """
    values = np.array(x, dtype=float).ravel()
    expected = 2 if plane is not None else n_features
    if values.size != expected:
        where = f"the plane {plane.title}" if plane is not None else "the data"
        raise ValueError(f"a probe in {where} needs {expected} value(s), one per axis; got {values.size}")
    bad = np.flatnonzero(~np.isfinite(values))
    if bad.size:
        raise ValueError(f"probe value {bad[0] + 1} is {values[bad[0]]}; give finite numbers")
    values.setflags(write=False)
    return Probe(values, plane)


def probe_model(model: nc.Mixture, probe: Probe) -> nc.Mixture:
    """The mixture P(C | x) is computed under: `model` itself, or its marginal in the probe's plane.

    Raises
    ------
    ValueError
        For a plane with a mixture that is not drawn as points (it has no marginal in a plane here).
    """
    plane = probe.plane
    if plane is None:
        return model
    points = presentation(model).points(model)
    if points is None:
        raise ValueError(
            f"a probe in the plane {plane.title} needs a mixture drawn as points; "
            f"click a point or type every feature's value instead"
        )
    return points.projected(plane.matrix, plane.offset)
