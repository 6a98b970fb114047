"""Every user setting of a model choice, each declared once (`nbviz.app.families.setting.Setting`).

`SETTINGS` maps a setting's name to its declaration: the settings every family shares are declared
here, a family's own in its presentation (`FamilyPresentation.settings`, e.g. the Gaussian's
covariance type, covariance prior and fixed variance). `ModelConfig` checks its fields with them,
the command line builds its flags from them (`flagged`), the session reader checks a saved config's
entries with them, and the Controls take their ranges and tool tips from them.
"""

from __future__ import annotations

from types import MappingProxyType

import nbviz.core as nc

from ...translation_marks import QT_TRANSLATE_NOOP
from ..families import PRESENTATIONS
from ..families.setting import Setting

DEFAULT_TOLERANCE = 1e-6  # a run has converged when an iteration gains less than this
DEFAULT_MAX_ITER = 1000  # the iteration cap of a run to convergence
# Each component is drawn, coloured and listed, and every half-step costs about K times the data's
# size: beyond this, a start alone takes minutes on large data.
MAX_COMPONENTS = 100
MAX_SEED = 2**31 - 1  # the largest seed the controls' spin box can show
MAX_N_INIT = 100  # starts of one fit: beyond this a start alone takes minutes on large data
MAX_ITER = 10**9  # the largest iteration cap a session or the command line may hold

_SHARED = (
    Setting(
        "family",
        "the family",
        str,
        "gaussian",
        "the emission family of the mixture",
        choices=lambda: tuple(PRESENTATIONS),
    ),
    Setting(
        "n_components",
        "the number of components",
        int,
        2,
        QT_TRANSLATE_NOOP(
            "nbviz", "The number of components K: at most {0} (each is drawn, coloured and stepped through)"
        ),
        low=1,
        high=MAX_COMPONENTS,
        flags=("-k", "--components"),
        metavar="K",
    ),
    Setting("hard", "hard EM", bool, False, "hard (classification) EM: each point assigned to one component"),
    Setting(
        "label_fraction",
        "the labelled fraction",
        float,
        0.0,
        "the fraction of the known labels used (0: unsupervised EM, 1: naive Bayes)",
        low=0,
        high=1,
    ),
    Setting(
        "init_method",
        "the initialisation",
        str,
        "kmeans++",
        "how EM starts (data files: kmeans)",
        choices=tuple(nc.INIT_METHODS),
        flags=("--init",),
        group="fitting",
    ),
    Setting(
        "seed",
        "the seed",
        int,
        0,
        QT_TRANSLATE_NOOP("nbviz", "The seed of the start (k-means++ and random starts)"),
        low=0,
        high=MAX_SEED,
        flags=("--seed",),
        metavar="S",
        group="fitting",
    ),
    Setting(
        "n_init",
        "the number of starts",
        int,
        1,
        "start from the best of R starts by objective (seeds S..S+R-1)",
        low=1,
        high=MAX_N_INIT,
        flags=("--n-init",),
        metavar="R",
        group="fitting",
    ),
    Setting(
        "tolerance",
        "the tolerance",
        float,
        DEFAULT_TOLERANCE,
        "converged when an iteration gains less than TOL (presets: 1e-6 on the total; data files: 1e-4 per row)",
        low=0,
        flags=("--tol",),
        metavar="TOL",
        group="fitting",
    ),
    Setting(
        "max_iter",
        "the iteration cap",
        int,
        DEFAULT_MAX_ITER,
        f"a run to convergence stops after N iterations (default {DEFAULT_MAX_ITER})",
        low=1,
        high=MAX_ITER,
        flags=("--max-iter",),
        metavar="N",
        group="fitting",
    ),
    Setting(
        "convergence",
        "the stopping rule",
        str,
        "absolute",
        "how a run to convergence compares an iteration's gain with the tolerance",
        choices=tuple(nc.CONVERGENCE_RULES),
    ),
    Setting(
        "prior.alpha",
        "the weights' prior α",
        float,
        0.0,
        QT_TRANSLATE_NOOP("nbviz", "Dirichlet pseudo-counts added to every component's weight"),
        low=0,
    ),
    Setting(
        "prior.beta",
        "the probabilities' prior β",
        float,
        0.0,
        QT_TRANSLATE_NOOP("nbviz", "Pseudo-counts added to Bernoulli / word probabilities"),
        low=0,
        families=("bernoulli", "multinomial", "categorical", "mixed"),
    ),
)


def _registry() -> MappingProxyType:
    declared: dict[str, Setting] = {}
    for setting in _SHARED + tuple(s for entry in PRESENTATIONS.values() for s in entry.settings):
        if setting.name in declared and declared[setting.name] != setting:
            raise TypeError(f"the setting {setting.name!r} is declared twice, differently")
        declared[setting.name] = setting
    return MappingProxyType(declared)


SETTINGS = _registry()
"""Setting name -> its declaration: the shared settings, then each family's own."""


def flagged() -> tuple[Setting, ...]:
    """The settings the command line takes as flags, in declaration order."""
    return tuple(setting for setting in SETTINGS.values() if setting.flags)


def config_settings() -> tuple[Setting, ...]:
    """The settings that are fields of `ModelConfig` itself (not of its prior)."""
    return tuple(setting for setting in SETTINGS.values() if "." not in setting.name)


def prior_settings() -> tuple[Setting, ...]:
    """The settings of `ModelConfig.prior`'s knobs."""
    return tuple(setting for setting in SETTINGS.values() if setting.name.startswith("prior."))
