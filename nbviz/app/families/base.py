"""What every family's presentation says and does: what the app and the GUI ask instead of branching.

A family's mathematics lives in `nbviz.core.families`; how the app shows it (its title, its
symbols, which views draw it, its synthesis table, its parameter rows, its options) is one
`FamilyPresentation` here, filled in by the family's own module beside this one. The methods of
`FamilyPresentation` give the answers of a family without covariances; a family that has more
(the Gaussian's covariance types, ellipses and matrices) answers them in its own module.
`DataView` is a key that the GUI maps to its widgets, so this package stays free of Qt.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Protocol

import numpy as np

import nbviz.core as nc
from nbviz.translation_marks import QT_TRANSLATE_NOOP, translate

from .parameter_text import Row
from .setting import Setting
from .steps import StepArithmetic
from .synthesis_table import Column, Refuse


class DataView(enum.Enum):
    """Which picture of the data a family's model is drawn on."""

    POINTS = "points"
    """The data as points: a scatter with ellipses (2 or more features) or densities over a histogram (1)."""
    PROTOTYPES = "prototypes"
    """Each component's probabilities (pictures or top features) beside the responsibility heat map."""
    LEVELS = "levels"
    """Each component's level probabilities per feature as stacked bars, beside the responsibility heat map."""


class ProbabilityModel(Protocol):
    """What a `ProbabilityPresentation` reads of a model: its probabilities, one per feature (word) per component.

    The type of a mixture whose family lists its parameters that way (Bernoulli, multinomial).
    """

    @property
    def family(self) -> str: ...

    @property
    def n_components(self) -> int: ...

    @property
    def n_features(self) -> int: ...

    @property
    def probs(self) -> np.ndarray:
        """Shape (n_components, n_features)."""
        ...


class PointsModel(Protocol):
    """What a mixture drawn as points (`DataView.POINTS`) gives the views: means and covariances.

    `FamilyPresentation.points` hands a model out as one (None for a family not drawn as points).
    """

    @property
    def weights(self) -> np.ndarray: ...

    @property
    def means(self) -> np.ndarray:
        """Shape (n_components, n_features)."""
        ...

    @property
    def full_covariances(self) -> np.ndarray:
        """Shape (n_components, n_features, n_features)."""
        ...

    @property
    def n_components(self) -> int: ...

    @property
    def n_features(self) -> int: ...

    def projected_covariances(self, matrix) -> np.ndarray:
        """``P^T Sigma_k P`` (n_components, n_directions, n_directions) for `matrix` P (n_features, n_directions)."""
        ...

    def projected(self, matrix, offset) -> nc.Mixture:
        """The mixture of ``y = (x - offset) @ P`` (a probe's plane: P of shape (n_features, 2))."""
        ...


@dataclass(frozen=True)
class CovarianceMatrices:
    """What the parameters panel's heat map shows of a model: its named means and a choice of matrices.

    Attributes
    ----------
    means : ndarray of shape (n_components, n_features)
    choices : list of str
        What the component box lists: one entry per matrix that can be shown.
    note : str
        Said after "Covariance" or "Correlation" under the heat map, e.g. " (spherical: σ² I)".
    matrix : callable
        ``matrix(index)``: the covariance matrix (n_features, n_features) of choice `index`.
    """

    means: np.ndarray
    choices: list[str]
    note: str
    matrix: Callable[[int], np.ndarray]


class SynthesisRecipe(abc.ABC):
    """What a family adds to the synthesis dialog: its table, random parameters, checks and sample options.

    The shared parts (the weight column, the checks of single cells, weights that sum to 1) are in
    `nbviz.app.data.synthesis`; a recipe supplies the rest.

    Attributes
    ----------
    default_features : int
        The dialog's number of features (words) when the family is chosen.
    feature_range : (int, int)
        The smallest and largest number of features the dialog offers.
    features_label : str
        The label of the number of features ("Features D").
    features_noun : str
        What the features are, plural ("features", "words"), for tooltips.
    asks_document_length : bool
        The dialog asks for the number of words per document (passed to `sample_options`).
    simplex_rows : str or None
        What a row's probabilities are called when each row must sum to 1 ("word probabilities");
        None when only the weights must.
    normalise_text : str
        The text of the Normalise button.
    """

    default_features: ClassVar[int]
    feature_range: ClassVar[tuple[int, int]]
    features_label: ClassVar[str] = QT_TRANSLATE_NOOP("nbviz", "Features D")
    features_noun: ClassVar[str] = QT_TRANSLATE_NOOP("nbviz", "features")
    asks_document_length: ClassVar[bool] = False
    simplex_rows: ClassVar[str | None] = None
    normalise_text: ClassVar[str] = QT_TRANSLATE_NOOP("nbviz", "Normalise weights")

    @abc.abstractmethod
    def columns(self, n_features: int) -> tuple[Column, ...]:
        """The table's columns with `n_features` features, the weight first."""

    @abc.abstractmethod
    def random_parameters(self, rng: np.random.Generator, weights: np.ndarray, n_features: int) -> nc.Mixture:
        """Random true parameters with `weights` (shape (n_components,)), drawn from `rng`, rounded for the table."""

    @abc.abstractmethod
    def table_values(self, model: nc.Mixture) -> np.ndarray:
        """`model`'s parameters as the table's values, shape (n_components, len(columns))."""

    @abc.abstractmethod
    def mixture(self, cols: tuple[Column, ...], values: np.ndarray) -> nc.Mixture:
        """The mixture of a table whose every cell passed the checks; values of shape (n_components, len(cols))."""

    @abc.abstractmethod
    def description(self, n_features: int, document_length: int) -> str:
        """The data set's name part, e.g. "2-D Gaussian mixture"."""

    def check(self, cols: tuple[Column, ...], values: np.ndarray, bad: np.ndarray, refuse: Refuse) -> None:
        """The family's checks across cells (after the checks of single cells and of the weights).

        Parameters
        ----------
        cols : tuple of Column
        values : ndarray of shape (n_components, len(cols))
        bad : ndarray of bool, shape (n_components, len(cols))
            Cells already refused.
        refuse : callable
            ``refuse(cells, message)`` records an issue.
        """
        return  # by default a family has no checks across cells

    # ----------------------------------------------------------------- the start editor
    # The start editor (exact starting parameters) edits the same table as the synthesis dialog
    # unless a family overrides these; ``options`` are the family's "fit" options of the run
    # (`Mixture.options`, e.g. the covariance type), which a start must respect.
    start_layouts: ClassVar[tuple[str, ...]] = ()
    """Names of the ways the start editor can lay out a component's parameters, the default first; () for one."""

    def start_columns(self, n_features: int, layout: str = "", options: dict | None = None) -> tuple[Column, ...]:
        """The start editor's columns with `n_features` features in `layout` (one of `start_layouts`);
        `options` are the run's (`StartTable.options`: its fit options and `FamilyPresentation.start_options`)."""
        return self.columns(n_features)

    def start_values(self, model: nc.Mixture, cols: tuple[Column, ...]) -> np.ndarray:
        """`model`'s parameters under `cols` (of `start_columns`), shape (n_components, len(cols))."""
        return self.table_values(model)

    def start_check(
        self, cols: tuple[Column, ...], values: np.ndarray, bad: np.ndarray, refuse: Refuse, options: dict
    ) -> None:
        """The family's checks across cells of a start (as `check`), given the run's fit `options`."""
        self.check(cols, values, bad, refuse)

    def start_mixture(self, cols: tuple[Column, ...], values: np.ndarray, options: dict) -> nc.Mixture:
        """The start of a table that passed `start_check`, with the run's fit `options`; exactly the cells' numbers."""
        return self.mixture(cols, values)

    def sample_options(self, document_length: int) -> dict:
        """Options for `Mixture.sample` (e.g. the number of words per document)."""
        return {}

    def sample_frequencies(self, rows: np.ndarray) -> np.ndarray | None:
        """The sample's estimate of one component's probabilities from its rows, or None without one.

        Parameters
        ----------
        rows : ndarray of shape (n_rows, n_features)

        Returns
        -------
        ndarray of shape (n_features,) or None
        """
        return None


@dataclass(frozen=True)
class FamilyPresentation:
    """How the app presents one emission family, and what it answers in place of "which family is this?".

    The fields are what the family shows (its names and symbols, the view that draws it); the
    methods are what callers ask it to do or list (its options, its parameter rows, its points,
    its matrices). Here they give the answers of a family without covariances; a family with more
    subclasses this in its own module (`GaussianPresentation`, `ProbabilityPresentation`).

    Attributes
    ----------
    name : str
        The core family name (a key of `nbviz.core.FAMILIES`).
    title : str
        "Gaussian mixture": the model menu, window titles, the synthesis dialog.
    short_title : str
        "Gaussian": in "Naive Bayes (Gaussian)".
    data_view : DataView
        Which view draws the family's model (the key the GUI maps to its page).
    symbol : str
        The symbol of a probability parameter ("p", "θ"); "" for none.
    probability_row : str
        The parameters panel's name for a component's probabilities listed in full.
    export_label : str
        The CSV export's parameter name of a probability.
    preview_label : str
        The synthesis preview's name of the probabilities drawn as bars.
    absolute_probabilities : bool
        Each feature's probability stands on its own 0..1 scale (Bernoulli): pictures and bars show
        it as is, and a few features keep their column order. False: a component's probabilities
        share one distribution (words): each picture is scaled to its most probable pixel, bars to
        the largest shown, features most probable first.
    synthesis : SynthesisRecipe
    steps : StepArithmetic
        The family's E-step factors and M-step ratios, written out in the inspector.
    """

    name: str
    title: str
    short_title: str
    data_view: DataView
    synthesis: SynthesisRecipe
    steps: StepArithmetic
    symbol: str = ""
    probability_row: str = ""
    export_label: str = ""
    preview_label: str = ""
    absolute_probabilities: bool = False

    # ----------------------------------------------------------------- the model's options
    @property
    def settings(self) -> tuple[Setting, ...]:
        """The family's own settings (`nbviz.app.model.settings` registers them beside the shared ones)."""
        return ()

    @property
    def covariance_types(self) -> tuple[str, ...]:
        """The covariance types the family is fitted with, in the order they are listed; () for none."""
        return ()

    @property
    def compared_types(self) -> tuple[str, ...]:
        """The covariance types Choose K can compare, most general first; () for nothing to compare."""
        return ()

    @property
    def prior_fields(self) -> tuple[str, ...]:
        """The `nbviz.core.Prior` fields besides the weights' α that act on the family (the Controls enable those)."""
        return ()

    @property
    def accepts_missing(self) -> bool:
        """The family's EM accounts for missing cells (NaN) itself (`nbviz.core.Mixture.accepts_missing`),
        so a file's empty cells may be kept (`ImportSpec.keep_missing`, ``--missing em``) instead of
        refused or dropped."""
        return nc.FAMILIES[self.name].accepts_missing

    def start_options(self, model: nc.Mixture) -> dict:
        """What the start editor's table needs of `model` besides its fit options (hashable values); {} for most."""
        return {}

    def model_title(self, covariance_type: str) -> str:
        """The title of the model fitted with `covariance_type` ("Gaussian mixture, diag covariance")."""
        return translate("nbviz", self.title)

    def fixed_variance_applies(self, covariance_type: str) -> bool:
        """Whether a fixed shared variance (the k-means limit) can be set with `covariance_type`."""
        return False

    def file_prior(self, prior: nc.Prior, X: np.ndarray) -> nc.Prior:
        """The prior for a data file `X` (n_samples, n_features): `prior`, or with the family's file default."""
        return prior

    def file_fit(self) -> dict:
        """How a data file's fit of this family starts and stops, where it differs from the defaults of
        every file (`nbviz.app.model.config.for_file`): `ModelConfig` fields and their values."""
        return {}

    # ----------------------------------------------------------------- the size of a fit
    def count_problem(
        self, n_samples: int, n_features: int, n_components: int, covariance_type: str, prior: nc.Prior
    ) -> str | None:
        """Why `n_samples` rows cannot fit the family's parameters, by counting alone; None if they can."""
        return None

    def simpler_options(self, covariance_type: str, X: np.ndarray, prior: nc.Prior) -> tuple[dict, ...]:
        """Model settings (`ModelConfig` changes) to try, in order, when a fit with `covariance_type` cannot start.

        Each is tried with fewer components too, except a change that sets ``n_components`` itself.
        """
        return ()

    def history_numbers(self, X: np.ndarray, n_components: int, covariance_type: str) -> int:
        """How many float64 numbers one half-step's model of the data `X` keeps: the weights and K D
        parameters (only `X`'s shape is read here; a family whose size depends on the values reads them)."""
        return n_components + n_components * X.shape[1]

    def smaller_model_advice(self, covariance_type: str) -> str | None:
        """How to make a model with `covariance_type` smaller, other than fewer columns; None for no such way."""
        return None

    # ----------------------------------------------------------------- what the views read
    def points(self, model: nc.Mixture) -> PointsModel | None:
        """`model` as the points views draw it (means and covariances); None when it is not drawn as points."""
        return None

    def moved_mean(self, model: nc.Mixture, k: int, features, values) -> nc.Mixture | None:
        """`model` with component k's mean at `values` in the feature positions `features` (a dragged
        mean), or None where the family has no such mean."""
        return None

    def probabilities(self, model: nc.Mixture) -> np.ndarray | None:
        """`model`'s probabilities (n_components, n_features) when its parameters are those; else None."""
        return None

    def in_units(self, model: nc.Mixture, centre: np.ndarray, scale: np.ndarray) -> nc.Mixture:
        """`model`, fitted to ``(x - centre) / scale``, in the units of x (itself when it has no location or scale)."""
        return model

    def slice_half_width(self, model: nc.Mixture, direction: tuple) -> float:
        """How far on either side of its value the bound is sliced along `direction` by default."""
        return 0.25

    # ----------------------------------------------------------------- parameters listed
    def parameter_rows(self, model, previous, truth, j: int | None, k: int, columns) -> list[Row]:
        """The parameters panel's rows of component `k` after its weight (`j`: its true component, or None)."""
        return []

    def shared_parameters(self, model: nc.Mixture) -> str | None:
        """The panel's line for parameters the components share (after the components), or None."""
        return None

    def export_rows(self, model: nc.Mixture, names: list[str], columns, number: Callable) -> list[list[str]]:
        """The CSV export's rows (component, parameter, feature, feature_2, value) after the weights."""
        return []

    def covariance_matrices(self, model: nc.Mixture, names: list[str]) -> CovarianceMatrices | None:
        """What the parameters panel's heat map shows of `model` (components named `names`); None: no heat map."""
        return None

    def listed_features(self, ranking: np.ndarray, count: int) -> np.ndarray:
        """Which features each component's list shows, in order: shape (n_components, count).

        Parameters
        ----------
        ranking : ndarray of shape (n_components, n_features)
            The probabilities that rank the features: most probable first, ties in feature order.
        count : int
            How many are listed.

        Returns
        -------
        ndarray of int
            With every feature listed, the features in column order for every component, so that a
            feature's row lines up across the components (dog/cat's words compared one by one).
        """
        K, M = ranking.shape
        if count >= M:
            return np.tile(np.arange(M), (K, 1))
        return np.argsort(-ranking, axis=1, kind="stable")[:, :count]

    def bar_scale(self, shown: np.ndarray) -> float:
        """The probability a full bar stands for: 1 for absolute probabilities, else the largest of `shown`."""
        return 1.0 if self.absolute_probabilities else float(shown.max())

    def prototype_pictures(self, probs: np.ndarray) -> np.ndarray:
        """Each component's probabilities as a picture's ink, 0 (white) to 1 (black).

        Parameters
        ----------
        probs : ndarray of shape (n_components, n_features)

        Returns
        -------
        ndarray of shape (n_components, n_features)
            `probs` itself with absolute probabilities; otherwise each row over its largest value.
        """
        if self.absolute_probabilities:
            return probs
        return probs / probs.max(axis=1, keepdims=True)
