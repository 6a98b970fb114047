"""What the user is working on: data, optional labels and, for synthesised data, the truth."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

import nbviz.core as nc
from nbviz.core.tables.row_context import RowContext

from ..families.choice import FamilyGuess, column_kinds, family_for_table
from ..families.level_names import FeatureNames, level_text
from .import_spec import ImportSpec
from .standardize import Standardization


@dataclass(frozen=True, eq=False)
class Problem:
    """A dataset ready for the workspace.

    Attributes
    ----------
    name : str
        Shown in the title bar.
    X : ndarray of shape (n_samples, n_features)
    columns : tuple of str
    labels : ndarray of shape (n_samples,) or None
        Known classes (for naive Bayes, semi-supervised runs and comparison with clusters).
    classes : tuple of str or None
        Names of the label values.
    truth : Mixture or None
        The mixture the data was drawn from, when it was synthesised.
    truth_z : ndarray of shape (n_samples,) or None
        The true component of each row, when synthesised.
    image_shape : (int, int) or None
        How to draw one row as an image (binary / count data with a square number of features).
    description : str
        One line shown with presets.
    source : str or None
        The file the data was read from.
    load_options : dict or None
        How to read `source` again (the `ImportSpec` fields other than the path), so a session
        file can refer to a large data file instead of embedding it.
    lines : ndarray of shape (n_samples,) or None
        The 1-based line of `source` (row, for a ``.npy``) each data row came from, so messages
        can name the line a user sees in an editor; None when not known.
    standardization : Standardization or None
        How `X` was standardised from the file's values (`standardize.standardize_problem`).
    file_X : ndarray of shape (n_samples, n_features) or None
        The file's values of standardised data (``X`` is ``standardization.apply(file_X)``), so
        exports write exactly the numbers the file had; None for data not standardised (and for
        sessions saved before it was kept).
    label_name : str or None
        The name of the file's label column, when the labels were read from a file.
    context : nbviz.core.tables.row_context.RowContext or None
        The file's ignored columns (text per row) and the rows dropped for missing values, so
        exports can be joined back to the file; None when the file had neither.
    levels : tuple of tuple of str, or None
        Each feature's level names when the features were read as text (`nbviz.core.Dataset.levels`):
        code ``l`` of feature ``j`` is ``levels[j][l]``; None for numeric features.
    preset : str or None
        The preset the data came from (`nbviz.app.presentation.presets`), so a saved session
        opens with its note; None for other data.
    """

    name: str
    X: np.ndarray
    columns: tuple[str, ...]
    labels: np.ndarray | None = None
    classes: tuple[str, ...] | None = None
    truth: nc.Mixture | None = None
    truth_z: np.ndarray | None = None
    image_shape: tuple[int, int] | None = None
    description: str = ""
    source: str | None = field(default=None)
    load_options: dict | None = field(default=None)
    lines: np.ndarray | None = field(default=None)
    standardization: Standardization | None = field(default=None)
    file_X: np.ndarray | None = field(default=None, repr=False)
    label_name: str | None = field(default=None)
    context: RowContext | None = field(default=None)
    preset: str | None = field(default=None)
    levels: tuple[tuple[str, ...], ...] | None = field(default=None)

    def __post_init__(self):
        if self.levels is not None:  # the level names go wherever the feature names go
            object.__setattr__(self, "columns", FeatureNames(self.columns, self.levels))
        X = np.array(self.X, dtype=np.float64)
        X.setflags(write=False)
        object.__setattr__(self, "X", X)
        if self.image_shape is None:
            side = math.isqrt(X.shape[1])
            pixels = self.data_kind != "continuous" and self.levels is None  # answers are no image
            if side >= 4 and side * side == X.shape[1] and pixels:
                object.__setattr__(self, "image_shape", (side, side))

    @property
    def n_samples(self) -> int:
        return self.X.shape[0]

    @property
    def n_features(self) -> int:
        return self.X.shape[1]

    @property
    def data_kind(self) -> str:
        """ "binary" (all 0/1), "counts" (non-negative integers) or "continuous", from the cells given
        (missing cells, NaN, left out)."""
        X = self.X
        gaps = np.isnan(X)
        if gaps.any():
            X = X[~gaps]
        if np.all((X == 0) | (X == 1)):
            return "binary"
        if np.all((X >= 0) & (X == np.round(X))):
            return "counts"
        return "continuous"

    @cached_property
    def column_kinds(self) -> tuple[str, ...] | None:
        """Each feature's family when some were read as text (`choice.column_kinds`: what the mixed
        family reads the table as), None for a table of numbers alone."""
        return column_kinds(self.X, self.levels)

    @cached_property
    def family_guess(self) -> FamilyGuess:
        """The family this data gets by default and why (`family_for_table`): the import preview,
        the command line and the status bar all ask here (worked out once per problem)."""
        return family_for_table(self.X, self.levels, standardised=self.standardization is not None)

    @property
    def binarised_at(self) -> float | None:
        """The threshold the features were binarised at when read (x >= it is 1), or None."""
        return (self.load_options or {}).get("binarise_at")

    def level_name(self, j: int, code: int) -> str:
        """The name of level `code` of feature `j`: its text in the file, else the code itself."""
        return level_text(self.columns, j, code)

    @property
    def n_classes(self) -> int | None:
        return None if self.labels is None else int(self.labels.max()) + 1

    @classmethod
    def from_dataset(cls, dataset: nc.Dataset, name: str | None = None, **extra) -> Problem:
        """A problem from a loaded file."""
        from pathlib import Path

        title = name or (Path(dataset.path).name if dataset.path else "data")
        return cls(
            name=title,
            X=dataset.X,
            columns=tuple(dataset.columns),
            labels=dataset.labels,
            classes=dataset.classes,
            source=dataset.path,
            lines=dataset.lines,
            label_name=dataset.label_name,
            context=dataset.context,
            levels=dataset.levels,
            **extra,
        )

    @classmethod
    def from_file(cls, path, label_column=None, **extra) -> Problem:
        """A problem from a data file read as `ImportSpec.guessed` reads it (the command line's way).

        The label column, when not given, is the one the import dialog guesses. Raises DataError
        naming the file, line and column.
        """
        spec = ImportSpec.guessed(path, label_column)
        return cls.from_dataset(spec.load(), load_options=spec.options(), **extra)

    @classmethod
    def synthesised(cls, truth: nc.Mixture, n: int, seed: int, name: str = "synthetic", **extra) -> Problem:
        """Data drawn from `truth`, which stays attached for comparison."""
        X, z = truth.sample(n, rng=seed, **extra.pop("sample_options", {}))
        columns = tuple(f"x{i + 1}" for i in range(X.shape[1]))
        return cls(name=name, X=X, columns=columns, truth=truth, truth_z=z, **extra)
