"""The parameter-set base class shared by every mixture family.

A mixture has weights ``pi`` and per-component emission parameters. Subclasses (one per family in
``nbviz.core.families``) are the one extension point of the core: they declare their keyword
options and the kind of data they describe, and supply the emission log-density, the MAP update
from weighted data, the log-prior of their parameters, sampling, a parameter count, starting points,
the distance between components and the directions of the bound's slices (`FAMILY_HOOKS`); those
that take missing cells also the hooks of ``nbviz.core.incomplete``.
Everything else lives here, and no other module asks which family a model is.
"""

from ..prepared import Prepared
from .base import FAMILIES, Mixture
from .declarations import EMPTY_MASS, FAMILY_HOOKS, ComponentNeeds, FamilyOption, frozen, map_weights

__all__ = [
    "EMPTY_MASS",
    "FAMILIES",
    "FAMILY_HOOKS",
    "ComponentNeeds",
    "FamilyOption",
    "Mixture",
    "Prepared",
    "frozen",
    "map_weights",
]
