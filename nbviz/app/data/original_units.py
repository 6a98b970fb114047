"""Parameters fitted on standardised data, shown in the file's units (the "original units" view option).

The model is always fitted, stepped and probed in standardised units; only what is shown changes:
means ``c + s * mu_z`` and covariances ``S Sigma_z S`` (`Standardization`'s back-transforms), and
each feature axis labelled in the file's units.
"""

from __future__ import annotations

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ..families import presentation
from .problem import Problem

TIP_OFF = QT_TRANSLATE_NOOP(
    "nbviz", "Only for standardised data: open a file with “Standardise features” or --standardize"
)


def applies(problem: Problem | None) -> bool:
    """Whether `problem` has original units other than its own (its features were standardised)."""
    return problem is not None and problem.standardization is not None


def shown_model(model: nc.Mixture, problem: Problem | None, on: bool) -> nc.Mixture:
    """`model` in the file's units when `on` and the data were standardised, else `model` itself.

    A spherical covariance is no longer spherical in the file's units: it comes back as "diag".
    """
    if not on or problem is None or problem.standardization is None:
        return model
    units = problem.standardization
    return presentation(model).in_units(model, units.centre, units.scale)


def feature_units(problem: Problem | None, feature: int, on: bool) -> tuple[float, float] | None:
    """(centre, scale) turning feature `feature`'s standardised values into the file's, or None."""
    if not on or problem is None or problem.standardization is None:
        return None
    units = problem.standardization
    return float(units.centre[feature]), float(units.scale[feature])
