"""The user's model choices, as one immutable value."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import nbviz.core as nc
from nbviz.core import best_fit
from nbviz.core.convergence import PER_ROW_TOL
from nbviz.translation_marks import QT_TRANSLATE_NOOP, translate

from ..families import DEFAULT_FAMILY, PRESENTATIONS, presentation
from ..families import MODEL_CHOICES as _MODEL_CHOICES
from .settings import (  # noqa: F401 - the limits and defaults are read from here too
    DEFAULT_MAX_ITER,
    DEFAULT_TOLERANCE,
    MAX_COMPONENTS,
    MAX_N_INIT,
    MAX_SEED,
    config_settings,
)

FAMILY_LABELS = {name: entry.title for name, entry in PRESENTATIONS.items()}  # family -> title, in menu order
MODEL_CHOICES = tuple(_MODEL_CHOICES)  # the families' names, then naive Bayes
FILE_INIT_METHOD = best_fit.DEFAULT_METHOD  # a data file's start: k-means, as scikit-learn's default
FILE_N_INIT = best_fit.DEFAULT_N_INIT  # a data file's fit keeps the best of this many starts
FILE_CONVERGENCE = "per_row"  # a data file's stopping rule: scikit-learn's, at PER_ROW_TOL (a tenth of its tol)
RULE_WORDS = {
    "absolute": QT_TRANSLATE_NOOP("nbviz", "on the total"),
    "per_row": QT_TRANSLATE_NOOP("nbviz", "per row"),
    "relative": QT_TRANSLATE_NOOP("nbviz", "relative to the total"),
    "fixed": QT_TRANSLATE_NOOP("nbviz", "(not used: a fixed number of iterations)"),
}
# the choices Choose K fits with (`ModelConfig.for_selection`)
SELECTION_CHOICES = (
    "family",
    "covariance_type",
    "prior",
    "init_method",
    "seed",
    "tolerance",
    "max_iter",
    "convergence",
)


@dataclass(frozen=True)
class ModelConfig:
    """Which model EM fits, and how it starts.

    Attributes
    ----------
    family : str
        The emission family, a name of `nbviz.core.FAMILIES` (and of `nbviz.app.families`).
    n_components : int
    covariance_type : str
        For Gaussian mixtures.
    prior : Prior
    hard : bool
        Hard (classification) EM.
    label_fraction : float
        Fraction of the known labels that are used (rows keep one-hot responsibilities):
        0 = unsupervised EM, 1 = supervised naive Bayes.
    init_method : str
    seed : int
    manual_labels : tuple of (int, int)
        Labels the user gave by clicking, as (data row, component) pairs sorted by row; they
        override the label column's labels.
    fixed_variance : float or None
        Spherical Gaussian mixtures: one shared variance sigma^2 that the M-step keeps fixed
        (the road from EM to k-means as it shrinks); None learns the covariances.
    tolerance : float
        A run has converged when a full iteration gains less than this (>= 0; 0 runs to the cap).
    max_iter : int
        The iteration cap of a run to convergence.
    convergence : str
        The stopping rule of a run to convergence, a name of `nbviz.core.CONVERGENCE_RULES`
        (`nbviz.core.convergence`): the exact "absolute" rule on the total (presets, lectures, and
        sessions saved before the rule was kept), "fixed" (exactly `max_iter` iterations, as a
        lecture's loop runs them), or scikit-learn's "per_row" rule, which data files get
        (`for_file`, at ``PER_ROW_TOL``).
    start_given : bool
        The run started from parameters given with it (a preset's own start, the start editor's,
        ``--start``), not from `init_method` and `seed`; set by the session.
    n_init : int
        Starts tried (seeds drawn from `seed`): the run starts from the one whose fit reaches the
        highest objective without being degenerate (`nbviz.core.fit_best`); 1 starts from `seed`
        itself. Data files default to `nbviz.core.best_fit.DEFAULT_N_INIT` (`for_file`).
    """

    family: str = DEFAULT_FAMILY
    n_components: int = 2
    covariance_type: str = "full"
    prior: nc.Prior = field(default_factory=nc.Prior)
    hard: bool = False
    label_fraction: float = 0.0
    init_method: str = "kmeans++"
    seed: int = 0
    manual_labels: tuple = ()
    fixed_variance: float | None = None
    tolerance: float = DEFAULT_TOLERANCE
    max_iter: int = DEFAULT_MAX_ITER
    n_init: int = 1
    convergence: str = "absolute"
    start_given: bool = False

    def __post_init__(self):
        # Each field is checked by its setting's declaration (`nbviz.app.model.settings`); the
        # settings' words are the user's, and these messages reach the command line.
        if isinstance(self.n_components, int) and self.n_components > MAX_COMPONENTS:
            raise ValueError(
                f"{self.n_components} components are more than the {MAX_COMPONENTS} nbviz can draw, colour and "
                f"step through in reasonable time; use at most {MAX_COMPONENTS} components"
            )
        for setting in config_settings():
            object.__setattr__(self, setting.name, setting.check(getattr(self, setting.name)))
        pairs = tuple(sorted((int(n), int(k)) for n, k in dict(self.manual_labels).items()))
        object.__setattr__(self, "manual_labels", pairs)
        if any(n < 0 or k < 0 for n, k in pairs):
            raise ValueError("a manual label needs a data row and a class, both >= 0")
        if self.fixed_variance is not None and not presentation(self.family).fixed_variance_applies(
            self.covariance_type
        ):
            raise ValueError("a fixed shared variance needs a Gaussian mixture with spherical covariance")

    @property
    def supervised(self) -> bool:
        """Naive Bayes: every known label is used."""
        return self.label_fraction >= 1.0

    @property
    def fixed_iterations(self) -> bool:
        """Whether a run to convergence does exactly `max_iter` iterations (the "fixed" rule)."""
        return self.convergence == "fixed"

    @property
    def start_text(self) -> str:
        """How the run started, in words: "kmeans++ initialisation, seed 0" or the given parameters."""
        if self.start_given:
            return "its own given parameters (a preset's start, the start editor's or --start), not a method and seed"
        return f"{self.init_method} initialisation, seed {self.seed}"

    @property
    def title(self) -> str:
        shown = presentation(self.family)
        if self.supervised:
            return translate("nbviz", "Naive Bayes ({0})").format(translate("nbviz", shown.short_title))
        text = shown.model_title(self.covariance_type)
        if self.fixed_variance is not None:
            text += translate("nbviz", ", fixed σ² = {0:.3g}").format(self.fixed_variance)
        return text + (translate("nbviz", " — hard EM") if self.hard else "")

    @property
    def stopping_rule(self) -> str:
        """The rule in words: "tol 1e-06 on the total", "tol 0.0001 per row" (`rule_words`)."""
        return rule_words(self.tolerance, self.convergence)

    def with_(self, **changes) -> ModelConfig:
        return replace(self, **changes)

    def for_selection(self) -> ModelConfig:
        """Only what `nbviz.core.select_components` fits with (`SELECTION_CHOICES`); every other
        choice (K, hard EM, labels, ...) at its default."""
        return ModelConfig(**{name: getattr(self, name) for name in SELECTION_CHOICES})

    def to_dict(self) -> dict:
        return {
            "family": self.family,
            "n_components": self.n_components,
            "covariance_type": self.covariance_type,
            "prior": self.prior.to_dict(),
            "hard": self.hard,
            "label_fraction": self.label_fraction,
            "init_method": self.init_method,
            "seed": self.seed,
            "manual_labels": [list(pair) for pair in self.manual_labels],
            "fixed_variance": self.fixed_variance,
            "tolerance": self.tolerance,
            "max_iter": self.max_iter,
            "n_init": self.n_init,
            "convergence": self.convergence,
            "start_given": self.start_given,
        }

    @classmethod
    def from_dict(cls, data: dict) -> ModelConfig:
        """The config `to_dict` wrote; entries an older nbviz did not write take their defaults."""
        values = dict(data)
        values["prior"] = nc.Prior.from_dict(values.get("prior", {}))
        values["manual_labels"] = tuple(tuple(pair) for pair in values.get("manual_labels", ()))
        return cls(**values)


def for_file(config: ModelConfig, X) -> ModelConfig:
    """`config` with the defaults of a data file `X` (presets keep their own settings).

    Every family sets its own part of the file's prior (`FamilyPresentation.file_prior`: the
    Gaussian's covariance prior, `file_covariance_prior`), whichever family is chosen now, so a file
    switched to another family later keeps that family's default (a file first fitted with a
    multinomial and switched to a Gaussian keeps a covariance prior scaled to it). Each field acts
    only on the family it belongs to. A data file starts as scikit-learn's default fit does, from
    k-means (Lloyd's iterations from k-means++ seeds), and keeps the best of
    `nbviz.core.best_fit.DEFAULT_N_INIT` starts; its runs stop as scikit-learn's do, on the per-row
    rule at ``PER_ROW_TOL`` (1e-4 of log-likelihood per row: a tenth of scikit-learn's tolerance, the
    one the starts were compared at, so the run ends on the fit its start was kept for). A family
    may start and stop its own way (`FamilyPresentation.file_fit`: latent class analysis as poLCA).
    """
    prior = config.prior
    for entry in PRESENTATIONS.values():
        prior = entry.file_prior(prior, X)
    defaults = {
        "init_method": FILE_INIT_METHOD,
        "n_init": FILE_N_INIT,
        "convergence": FILE_CONVERGENCE,
        "tolerance": PER_ROW_TOL,
    }
    return config.with_(**{**defaults, **presentation(config.family).file_fit()}, prior=prior)


def rule_words(tolerance: float, convergence: str) -> str:
    """A stopping rule in words, for the status bar and the Run box: "tol 1e-06 on the total"."""
    return translate("nbviz", "tol {0:g} {1}").format(tolerance, translate("nbviz", RULE_WORDS[convergence]))


def without_covariance_prior(config: ModelConfig) -> ModelConfig:
    """`config` with no covariance prior: the model a new file is checked against before loading
    (the file's own prior, `for_file`, is added when it loads)."""
    return config.with_(prior=replace(config.prior, covariance_prior=0.0))


__all__ = [
    "DEFAULT_MAX_ITER",
    "DEFAULT_TOLERANCE",
    "FAMILY_LABELS",
    "MAX_COMPONENTS",
    "MODEL_CHOICES",
    "ModelConfig",
    "for_file",
    "without_covariance_prior",
]
