"""The registry of family presentations: core family name -> its `FamilyPresentation`.

It sits above the per-family modules (it imports them), so none of them imports it back; every
module above the families looks a family up here (or through the package, which re-exports it).
"""

from __future__ import annotations

from .base import FamilyPresentation
from .bernoulli import BERNOULLI
from .categorical import CATEGORICAL
from .gaussian import GAUSSIAN
from .mixed import MIXED
from .multinomial import MULTINOMIAL

PRESENTATIONS: dict[str, FamilyPresentation] = {
    entry.name: entry for entry in (GAUSSIAN, BERNOULLI, MULTINOMIAL, CATEGORICAL, MIXED)
}
"""Core family name -> its presentation, in the order menus list them."""
FAMILY_NAMES = tuple(PRESENTATIONS)
DEFAULT_FAMILY = "gaussian"  # the family of a model choice that names none (`ModelConfig`)


def presentation(family_or_model) -> FamilyPresentation:
    """The presentation of a family, given its core name, a mixture, or a mixture class.

    Parameters
    ----------
    family_or_model : str or Mixture or type of Mixture
        "gaussian", ``nc.GaussianMixture(...)`` and ``nc.GaussianMixture`` all give the Gaussian entry.

    Raises
    ------
    ValueError
        For a name (or a mixture's family) that has no entry, listing those that do.
    """
    name = family_or_model if isinstance(family_or_model, str) else getattr(family_or_model, "family", None)
    entry = PRESENTATIONS.get(name) if isinstance(name, str) else None
    if entry is None:
        raise ValueError(f"no presentation for the family {name!r}; expected one of {', '.join(FAMILY_NAMES)}")
    return entry
