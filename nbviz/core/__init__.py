"""nbviz.core: the mathematics of nbviz, pure numpy/scipy (no Qt), usable from scripts and notebooks.

Parameter sets, one class per family (`GaussianMixture`, `BernoulliMixture`, `MultinomialMixture`,
`CategoricalMixture`, and `MixedMixture` for a table of measurements beside answers, all `Mixture`; more with
`register_family`); starting points (`init_model`); the EM engine (`EM`,
`e_step`, `m_step`) with its history of `Snapshot`; MAP priors (`Prior`); naive Bayes
(`fit_naive_bayes`); the default fit of a data file, the best of several starts (`fit_best`);
stopping rules (`CONVERGENCE_RULES`); choosing K (`select_components`, `bic`, `aic`, `icl`),
passing over degenerate fits (`find_degenerate`); aligning components (`match_components`); the
bound EM climbs (`bound_slice`); data files (`load_data`, `preview_table`); missing cells (NaN), which
Gaussian, Bernoulli and categorical mixtures marginalise (`missing_mask`, `conditional_expectations`,
`filled_in`).

>>> import numpy as np, nbviz.core as nc
>>> b = nc.BernoulliMixture(weights=[.7, .3], probs=[[.5, .4], [.2, .7]])
>>> run = nc.EM(np.array([[1, 1], [0, 1]]), b)
>>> model = run.step()  # one E-step and one M-step
>>> round(float(model.weights[1]), 3)  # P(C=2), numbering components from 1
0.388
"""

from .best_fit import BestFit, fit_best
from .bound import BoundSlice, bound_slice
from .convergence import CONVERGENCE_RULES
from .degeneracy import Degeneracy, find_degenerate
from .em import EM
from .families import (
    COVARIANCE_TYPES,
    FAMILIES,
    BernoulliMixture,
    CategoricalMixture,
    GaussianMixture,
    MixedMixture,
    MultinomialMixture,
    SingularCovarianceError,
    families_for,
    get_family,
    register_family,
)
from .init import INIT_METHODS, init_model
from .logspace import ZeroProbabilityError
from .matching import bhattacharyya_distances, match_components
from .missing import conditional_expectations, filled_in, missing_mask
from .mixture import FAMILY_HOOKS, FamilyOption, Mixture
from .naive_bayes import fit_naive_bayes
from .prior import Prior
from .selection import CRITERIA, ModelSelection, Selection, aic, bic, icl, select_components
from .snapshot import Snapshot
from .steps import EmptyComponentWarning, e_step, m_step
from .tables.data import DataError, Dataset, LoadCancelled, MissingValuesError, load_data
from .tables.preview import Preview, preview_table
from .validation import DataFitError

__all__ = [
    "COVARIANCE_TYPES",
    "DataError",
    "Dataset",
    "EM",
    "FAMILIES",
    "INIT_METHODS",
    "BernoulliMixture",
    "CategoricalMixture",
    "EmptyComponentWarning",
    "GaussianMixture",
    "MixedMixture",
    "Mixture",
    "MultinomialMixture",
    "Prior",
    "SingularCovarianceError",
    "Snapshot",
    "ZeroProbabilityError",
    "aic",
    "bhattacharyya_distances",
    "bic",
    "e_step",
    "fit_naive_bayes",
    "init_model",
    "load_data",
    "m_step",
    "match_components",
    "CRITERIA",
    "Selection",
    "ModelSelection",
    "icl",
    "select_components",
    "BoundSlice",
    "bound_slice",
    "LoadCancelled",
    "MissingValuesError",
    "Preview",
    "preview_table",
    "DataFitError",
    "FAMILY_HOOKS",
    "FamilyOption",
    "families_for",
    "get_family",
    "register_family",
    "BestFit",
    "fit_best",
    "CONVERGENCE_RULES",
    "Degeneracy",
    "find_degenerate",
    "missing_mask",
    "conditional_expectations",
    "filled_in",
]
