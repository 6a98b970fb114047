"""What a family declares beside its parameters: its options, what a component needs, the hooks it must define.

Also the small helpers every family's M-step shares (`map_weights`, `frozen`, `EMPTY_MASS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

# A component whose total responsibility is below this many data points is "empty": its MAP update
# is undefined (0/0), so it keeps its previous emission parameters, which cannot lower the objective.
EMPTY_MASS = 1e-8


@dataclass(frozen=True)
class FamilyOption:
    """A keyword option that a family accepts, declared in its `Mixture.options`.

    Attributes
    ----------
    name : str
        The keyword, e.g. ``"covariance_type"``.
    stage : {"fit", "sample", "data"}
        "fit": starts, M-steps and naive Bayes (`init_model`, `fit_naive_bayes`, ``_map_update``);
        "sample": `Mixture.sample`; "data": how the family's ``_prepare`` reads the data (a mixed
        table's column kinds), given to `init_model`, `fit_naive_bayes` and `select_components`.
    default : object
        The value used when the option is not given.
    check : callable
        ``check(value)`` returns the value to use or raises ValueError saying what is allowed.
    description : str
        One sentence for documentation and user interfaces.
    """

    name: str
    stage: str
    default: Any
    check: Callable[[Any], Any]
    description: str


@dataclass(frozen=True)
class ComponentNeeds:
    """What one component needs of the data to estimate its own parameters (see `degeneracy`).

    Attributes
    ----------
    rows : int
        The effective rows ``N_k`` below which the component is degenerate.
    phrase : str
        Says why, before the number: "a full covariance of 2 feature(s) needs at least".
    smallest_variances : ndarray or None
        The smallest variance of each component's covariance (one value when the components share
        it); None for a family without covariances.
    shared : bool
        One covariance for every component (tied): its floor concerns them all.
    """

    rows: int = 1
    phrase: str = "a component needs at least"
    smallest_variances: np.ndarray | None = None
    shared: bool = False


# The hooks every concrete family (a subclass that sets `family`) must define; a class missing one
# is refused when it is created.
FAMILY_HOOKS = (
    "_validate",
    "_prepare",
    "_log_emission",
    "_map_update",
    "_log_emission_prior",
    "_sample_emissions",
    "n_features",
    "n_parameters",
    "_comparison_points",
    "_start_from_rows",
    "_component_distances",
    "_slice_directions",
    "_slice_point",
)


def map_weights(nk: np.ndarray, alpha: float) -> np.ndarray:
    """MAP mixture weights ``(N_k + alpha) / (N + K alpha)`` from component masses `nk`."""
    return (nk + alpha) / (nk.sum() + nk.size * alpha)


def frozen(array: np.ndarray) -> np.ndarray:
    """A read-only C-contiguous float64 copy."""
    out = np.array(array, dtype=np.float64, order="C")
    out.setflags(write=False)
    return out
