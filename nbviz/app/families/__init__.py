"""The one place where the app learns how each mixture family is presented.

Every module above the core looks a family up here instead of asking "which family is this?":

>>> from nbviz.app.families import presentation
>>> presentation("bernoulli").title
'Bernoulli mixture'
>>> presentation("multinomial").data_view.value
'prototypes'

One module per family (beside this one, as in `nbviz.core.families`) fills in its
`FamilyPresentation`; a new family is its core module, its module here, and their tests.
The command line's model choices are the families plus naive Bayes, which is not a family but a
way of fitting one (every label known): `model_choice`.
"""

from __future__ import annotations

from dataclasses import dataclass

import nbviz.core as nc

from .base import (
    CovarianceMatrices,
    DataView,
    FamilyPresentation,
    PointsModel,
    ProbabilityModel,
    SynthesisRecipe,
)
from .bernoulli import BERNOULLI
from .gaussian import GAUSSIAN
from .multinomial import MULTINOMIAL
from .probability import ProbabilityPresentation

PRESENTATIONS: dict[str, FamilyPresentation] = {entry.name: entry for entry in (GAUSSIAN, BERNOULLI, MULTINOMIAL)}
"""Core family name -> its presentation, in the order menus list them."""
FAMILY_NAMES = tuple(PRESENTATIONS)
DEFAULT_FAMILY = "gaussian"  # for data of a kind no family claims
NAIVE_BAYES = "naive-bayes"


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


def family_for_data(kind: str) -> str:
    """The natural emission family for data of `kind` ("binary", "counts", "continuous", ...).

    The core families declare the kind of data they describe (`Mixture.data_kind`); the first one
    registered for `kind` is chosen, and the Gaussian mixture for a kind none claims.
    """
    return next(iter(nc.families_for(kind)), DEFAULT_FAMILY)


@dataclass(frozen=True)
class ModelChoice:
    """One choice of model offered to the user (the command line's ``--model``, the model menu).

    Attributes
    ----------
    name : str
        A family's name, or "naive-bayes".
    title : str
        As the model menu shows it.
    family : str or None
        The family fitted; None: the natural family of the data (`family_for_data`).
    supervised : bool
        Naive Bayes: every known label is used (label fraction 1), so the data need labels.
    """

    name: str
    title: str
    family: str | None
    supervised: bool

    def config_changes(self, data_kind: str) -> dict:
        """`ModelConfig` fields that make this choice for data of `data_kind`."""
        if self.supervised:
            return {"label_fraction": 1.0, "family": family_for_data(data_kind)}
        return {"family": self.family, "label_fraction": 0.0}


MODEL_CHOICES: dict[str, ModelChoice] = {
    **{name: ModelChoice(name, entry.title, name, False) for name, entry in PRESENTATIONS.items()},
    NAIVE_BAYES: ModelChoice(NAIVE_BAYES, "Naive Bayes (supervised)", None, True),
}
"""Model name -> choice: every family unsupervised, then naive Bayes."""


def model_choice(name: str) -> ModelChoice:
    """The model choice called `name`; ValueError listing the choices for another name."""
    if name not in MODEL_CHOICES:
        raise ValueError(f"unknown model {name!r}; choose one of {', '.join(MODEL_CHOICES)}")
    return MODEL_CHOICES[name]


__all__ = [
    "CovarianceMatrices",
    "DEFAULT_FAMILY",
    "DataView",
    "FAMILY_NAMES",
    "FamilyPresentation",
    "MODEL_CHOICES",
    "ModelChoice",
    "NAIVE_BAYES",
    "PRESENTATIONS",
    "PointsModel",
    "ProbabilityModel",
    "ProbabilityPresentation",
    "SynthesisRecipe",
    "family_for_data",
    "model_choice",
    "presentation",
]
