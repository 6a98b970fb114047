"""How the user wants a data file read: delimiter, header, column roles, dropping, binarising."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

import numpy as np

import nbviz.core as nc
from nbviz.core.columns import guess_roles

#: Text files larger than this are checked as they load, not on every change in the import dialog.
CHECK_LIMIT_BYTES = 2 << 20


@dataclass(frozen=True)
class ImportSpec:
    """The choices of the import dialog; ``load()`` reads the file with them.

    Attributes
    ----------
    path : str
    delimiter : str or None
        None: detected. Ignored for ``.npy`` files.
    header : bool or None
        None: detected. Ignored for ``.npy`` files.
    label_column : int or None
        0-based file column of the class labels.
    feature_columns : tuple of int or None
        0-based file columns used as features; None: every column but the label column.
    drop_missing : bool
        Drop rows with missing values (they are listed in ``Dataset.dropped_lines``).
    binarise_at : float or None
        Replace every feature value x by 1 if x >= threshold, else 0 (for Bernoulli models).
    """

    path: str
    delimiter: str | None = None
    header: bool | None = None
    label_column: int | None = None
    feature_columns: tuple[int, ...] | None = None
    drop_missing: bool = False
    binarise_at: float | None = None

    @property
    def is_npy(self) -> bool:
        return self.path.lower().endswith(".npy")

    @property
    def checkable(self) -> bool:
        """Whether loading is quick enough to check the choices on every change."""
        try:
            return self.is_npy or os.path.getsize(self.path) <= CHECK_LIMIT_BYTES
        except OSError:
            return True  # load_data names the problem at once

    def options(self) -> dict:
        """The choices other than the path, as JSON-ready values (``ImportSpec(path, **options)``)."""
        values = {name: getattr(self, name) for name in self.__dataclass_fields__ if name != "path"}
        if values["feature_columns"] is not None:
            values["feature_columns"] = list(values["feature_columns"])
        return values

    @classmethod
    def from_options(cls, path: str, options: dict) -> ImportSpec:
        """The spec `options()` describes, for the file at `path`; ValueError for unknown choices."""
        unknown = set(options) - set(cls.__dataclass_fields__) - {"path"}
        if unknown:
            raise ValueError(f"unknown load options {', '.join(sorted(unknown))}")
        values = dict(options)
        if values.get("feature_columns") is not None:
            values["feature_columns"] = tuple(values["feature_columns"])
        return cls(path=path, **values)

    @classmethod
    def guessed(cls, path, label_column=None) -> ImportSpec:
        """How the file at `path` is read when nobody chose: as the import dialog first shows it.

        Without `label_column` the label column and the ignored text columns are guessed by
        :func:`nbviz.core.columns.guess_roles` from the detected delimiter and header; with it
        (a name or 0-based index, as for `load_data`) only that is used. Raises DataError (naming
        the file) when the file cannot be previewed.
        """
        path = os.fspath(path)
        if label_column is not None:
            return cls(path, label_column=label_column)
        preview = nc.preview_table(path)
        roles = guess_roles(preview)
        label = roles.index("label") if "label" in roles else None
        chosen = tuple(j for j, role in enumerate(roles) if role == "feature")
        # None: every other column, the default of load_data
        features = None if len(chosen) + (label is not None) == len(roles) else chosen
        if preview.is_npy:
            return cls(path, label_column=label, feature_columns=features)
        return cls(
            path, delimiter=preview.delimiter, header=preview.header, label_column=label, feature_columns=features
        )

    def load(self, progress=None) -> nc.Dataset:
        """The data set these choices give; DataError naming file, line and column otherwise.

        `progress` is passed to :func:`nbviz.core.load_data` (fraction 0..1; False cancels).
        """
        text_options = {} if self.is_npy else {"delimiter": self.delimiter, "header": self.header}
        dataset = nc.load_data(
            self.path,
            self.label_column,
            feature_columns=self.feature_columns,
            drop_missing=self.drop_missing,
            progress=progress,
            **text_options,
        )
        return dataset if self.binarise_at is None else binarised(dataset, self.binarise_at)


def binarised(dataset: nc.Dataset, threshold: float) -> nc.Dataset:
    """The data set with features ``X >= threshold`` as 0.0 / 1.0, shape unchanged."""
    X = (dataset.X >= threshold).astype(np.float64)
    X.setflags(write=False)
    return replace(dataset, X=X)


def describe_load(dataset: nc.Dataset, spec: ImportSpec) -> str:
    """A one-line note on what was loaded, naming dropped rows and binarising."""
    name = os.path.basename(spec.path)
    n, d = dataset.X.shape
    parts = [f"Loaded {name}: {n} rows, {d} feature{'s' * (d != 1)}"]
    if dataset.label_name is not None and dataset.classes is not None:  # both or neither
        parts.append(f"labels from '{dataset.label_name}' ({len(dataset.classes)} classes)")
    if dataset.dropped_lines:
        unit = "rows" if spec.is_npy else "lines"
        shown = ", ".join(map(str, dataset.dropped_lines[:8])) + (", ..." if len(dataset.dropped_lines) > 8 else "")
        parts.append(f"dropped {len(dataset.dropped_lines)} row(s) with missing values ({unit} {shown})")
    if spec.binarise_at is not None:
        parts.append(f"features binarised at {spec.binarise_at:g} (x >= {spec.binarise_at:g} is 1)")
    return "; ".join(parts) + "."
