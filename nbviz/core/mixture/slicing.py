"""The directions along which the bound's slices move a mixture (`nbviz.core.bound_slice`).

`Slicing` is a base of `nbviz.core.mixture.Mixture`: the weights' direction is shared by every
family, the others are each family's own (its ``_slice_directions`` and ``_slice_point`` hooks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Self

import numpy as np


class Slicing:
    """Moving a model along one parameter, shared by every family (a base of `Mixture`)."""

    if TYPE_CHECKING:  # what Mixture provides
        family: ClassVar[str]
        weights: np.ndarray

        @property
        def n_components(self) -> int: ...

        def _slice_directions(self) -> tuple[tuple, ...]: ...

        def _slice_point(self, direction: tuple, t: float) -> tuple[Self, float]: ...

        def replaced(self, **values: Any) -> Self: ...

    def slice_directions(self) -> tuple[tuple, ...]:
        """Every direction `bound_slice` can move this model along.

        Returns
        -------
        tuple of tuple
            ``("weight", k)`` for every component (shared by all families), then the family's own,
            e.g. ``("mean", k, d)`` for Gaussians and ``("prob", k, m)`` for Bernoullis.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.1], [0.9]]).slice_directions()
        (('weight', 0), ('weight', 1), ('prob', 0, 0), ('prob', 1, 0))
        """
        return tuple(("weight", k) for k in range(self.n_components)) + tuple(self._slice_directions())

    def slice_point(self, direction: tuple, t: float) -> tuple[Self, float]:
        """The model moved by t along `direction` (one of `slice_directions`), and the moved value.

        A weight moves by t and the others are rescaled to keep the sum 1.

        Parameters
        ----------
        direction : tuple
            One of `slice_directions()`, e.g. ``("weight", 0)`` or ``("mean", k, d)``.
        t : float
            How far to move.

        Returns
        -------
        model : Mixture
            A new model of the same family.
        value : float
            The moved parameter's new value.

        Raises
        ------
        ValueError
            Where the move leaves the valid parameters (e.g. a negative weight) or for an unknown
            direction.

        Examples
        --------
        >>> import nbviz.core as nc
        >>> model = nc.BernoulliMixture(weights=[0.5, 0.5], probs=[[0.1], [0.9]])
        >>> moved, value = model.slice_point(("weight", 0), 0.25)
        >>> moved.weights.tolist(), value
        ([0.75, 0.25], 0.75)
        """
        kind, *index = direction
        if kind != "weight":
            return self._slice_point(tuple(direction), t)
        if len(index) != 1 or not 0 <= index[0] < self.n_components:
            raise self._no_direction(direction)
        (k,) = index
        w = self.weights.copy()
        new_k = w[k] + t
        rest = 1.0 - w[k]
        w = w * ((1.0 - new_k) / rest) if rest > 0 else w
        w[k] = new_k
        return self.replaced(weights=w), float(new_k)

    def _no_direction(self, direction) -> ValueError:
        """The error for a slice direction this family does not offer."""
        return ValueError(
            f"a {self.family} mixture has no slice direction {direction!r}; "
            f"use one of slice_directions(), e.g. {self.slice_directions()[0]!r}"
        )
