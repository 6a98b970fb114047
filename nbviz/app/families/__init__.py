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

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from .base import (
    CovarianceMatrices,
    DataView,
    FamilyPresentation,
    PointsModel,
    ProbabilityModel,
    SynthesisRecipe,
)
from .choice import FamilyGuess, family_for_table
from .probability import ProbabilityPresentation
from .registry import DEFAULT_FAMILY, FAMILY_NAMES, PRESENTATIONS, presentation

NAIVE_BAYES = "naive-bayes"


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
        The family fitted; None: the data's own family (`family_for_table`).
    supervised : bool
        Naive Bayes: every known label is used (label fraction 1), so the data need labels.
    """

    name: str
    title: str
    family: str | None
    supervised: bool

    def config_changes(self, data_family: str) -> dict:
        """`ModelConfig` fields that make this choice for data whose own family is `data_family`
        (`family_for_table`)."""
        if self.supervised:
            return {"label_fraction": 1.0, "family": data_family}
        return {"family": self.family, "label_fraction": 0.0}


MODEL_CHOICES: dict[str, ModelChoice] = {
    **{name: ModelChoice(name, entry.title, name, False) for name, entry in PRESENTATIONS.items()},
    NAIVE_BAYES: ModelChoice(NAIVE_BAYES, QT_TRANSLATE_NOOP("nbviz", "Naive Bayes (supervised)"), None, True),
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
    "FamilyGuess",
    "FamilyPresentation",
    "MODEL_CHOICES",
    "ModelChoice",
    "NAIVE_BAYES",
    "PRESENTATIONS",
    "PointsModel",
    "ProbabilityModel",
    "ProbabilityPresentation",
    "SynthesisRecipe",
    "family_for_table",
    "model_choice",
    "presentation",
]
