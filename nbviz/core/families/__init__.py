"""One module per emission family; `FAMILIES` maps family names to their parameter-set classes.

A family is a `Mixture` subclass that defines every hook in `nbviz.core.mixture.FAMILY_HOOKS`;
`register_family` adds one to `FAMILIES`, after which `init_model`, `EM`, `fit_naive_bayes`,
`match_components`, `bound_slice` and `select_components` serve it without further changes.
`FAMILIES` itself belongs to `nbviz.core.mixture`, below the families, so that `Mixture.from_dict`
reads it without importing them.
"""

from __future__ import annotations

from ..mixture import FAMILIES, Mixture
from ..params import check_choice
from .bernoulli import BernoulliMixture
from .categorical import CategoricalMixture
from .gaussian import COVARIANCE_TYPES, GaussianMixture, SingularCovarianceError
from .mixed import MixedMixture
from .mixed_data import BLOCK_FAMILIES
from .multinomial import MultinomialMixture


def register_family(cls: type[Mixture]) -> type[Mixture]:
    """Add a family class to `FAMILIES` under its `family` name (usable as a decorator).

    Parameters
    ----------
    cls : type
        A concrete `Mixture` subclass (it sets `family` and defines every hook in `FAMILY_HOOKS`,
        which class creation enforces).

    Returns
    -------
    type
        `cls` itself.

    Raises
    ------
    ValueError
        If the class is not a concrete `Mixture` family or its name is taken by another class.
    """
    if not (isinstance(cls, type) and issubclass(cls, Mixture) and cls.family):
        raise ValueError(f"{cls!r} is not a mixture family: subclass nbviz.core.Mixture and set `family`")
    if cls.family in FAMILIES and FAMILIES[cls.family] is not cls:
        raise ValueError(
            f"the family name {cls.family!r} is taken by {FAMILIES[cls.family].__name__}; choose another name"
        )
    FAMILIES[cls.family] = cls
    return cls


for _family in (
    GaussianMixture,
    BernoulliMixture,
    MultinomialMixture,
    CategoricalMixture,
    MixedMixture,
):  # the order menus and messages list them
    register_family(_family)


def get_family(name: str) -> type[Mixture]:
    """The family class registered under `name`.

    Parameters
    ----------
    name : str
        A key of `FAMILIES`, e.g. ``"gaussian"``.

    Returns
    -------
    type
        The `Mixture` subclass.

    Raises
    ------
    ValueError
        For an unknown name, listing the registered names.

    Examples
    --------
    >>> import nbviz.core as nc
    >>> nc.get_family("bernoulli").__name__
    'BernoulliMixture'
    """
    return FAMILIES[check_choice(name, "family", FAMILIES)]


def families_for(data_kind: str) -> list[str]:
    """Names of the registered families that describe `data_kind` data (in registration order).

    Parameters
    ----------
    data_kind : str
        A family's `Mixture.data_kind`, e.g. ``"continuous"``, ``"binary"`` or ``"counts"``.

    Returns
    -------
    list of str

    Examples
    --------
    >>> import nbviz.core as nc
    >>> nc.families_for("continuous"), nc.families_for("counts"), nc.families_for("images")
    (['gaussian'], ['multinomial'], [])
    """
    return [name for name, cls in FAMILIES.items() if cls.data_kind == data_kind]


__all__ = [
    "BLOCK_FAMILIES",
    "BernoulliMixture",
    "CategoricalMixture",
    "COVARIANCE_TYPES",
    "FAMILIES",
    "GaussianMixture",
    "MixedMixture",
    "MultinomialMixture",
    "SingularCovarianceError",
    "families_for",
    "get_family",
    "register_family",
]
