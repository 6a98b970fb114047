"""What every family's presentation says: the record the app and the GUI look up instead of branching.

A family's mathematics lives in `nbviz.core.families`; how the app shows it (its title, its
symbols, which views draw it, its synthesis table) is one `FamilyPresentation` here, filled in by
the family's own module beside this one. `DataView` and `ParameterView` are keys that the GUI
maps to its widgets, so this package stays free of Qt.
"""

from __future__ import annotations

import abc
import enum
from dataclasses import dataclass
from typing import ClassVar, Protocol

import numpy as np

import nbviz.core as nc

from .steps import StepArithmetic
from .synthesis_table import Column, Refuse


class DataView(enum.Enum):
    """Which picture of the data a family's model is drawn on."""

    POINTS = "points"
    """The data as points: a scatter with ellipses (2 or more features) or densities over a histogram (1)."""
    PROTOTYPES = "prototypes"
    """Each component's probabilities (pictures or top features) beside the responsibility heat map."""


class ParameterView(enum.Enum):
    """How a family's parameters are listed (the parameters panel, the CSV export)."""

    GAUSSIAN = "gaussian"
    """A mean vector and a covariance per component."""
    PROBABILITIES = "probabilities"
    """One probability per feature (word) per component, in ``model.probs``."""


class ProbabilityModel(Protocol):
    """What `ParameterView.PROBABILITIES` reads of a model: its probabilities, one per feature (word) per component.

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
    features_label: ClassVar[str] = "Features D"
    features_noun: ClassVar[str] = "features"
    asks_document_length: ClassVar[bool] = False
    simplex_rows: ClassVar[str | None] = None
    normalise_text: ClassVar[str] = "Normalise weights"

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

    def start_columns(self, n_features: int, layout: str = "") -> tuple[Column, ...]:
        """The start editor's columns with `n_features` features in `layout` (one of `start_layouts`)."""
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
    """How the app presents one emission family.

    Attributes
    ----------
    name : str
        The core family name (a key of `nbviz.core.FAMILIES`).
    title : str
        "Gaussian mixture": the model menu, window titles, the synthesis dialog.
    short_title : str
        "Gaussian": in "Naive Bayes (Gaussian)".
    data_view : DataView
    parameter_view : ParameterView
    covariance_options : bool
        The covariance type and the covariance prior λ apply (otherwise the β prior of probabilities).
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
    parameter_view: ParameterView
    synthesis: SynthesisRecipe
    steps: StepArithmetic
    covariance_options: bool = False
    symbol: str = ""
    probability_row: str = ""
    export_label: str = ""
    preview_label: str = ""
    absolute_probabilities: bool = False

    @property
    def fixed_variance(self) -> bool:
        """A fixed shared variance (the k-means limit) applies, with spherical covariances.

        The core family says whether its covariances can be held fixed (`supports_fixed_covariances`).
        """
        return nc.get_family(self.name).supports_fixed_covariances

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
