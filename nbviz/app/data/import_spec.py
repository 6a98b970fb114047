"""How the user wants a data file read: delimiter, header, column roles, dropping, binarising."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

import numpy as np

import nbviz.core as nc
from nbviz.core.tables.columns import (
    guess_roles,
    has_few_levels,
    is_label_name,
    resolve_column,
    text_columns,
    text_features_left_out,
)
from nbviz.core.tables.whole_file import CheckedRoles, checked_roles

from ..families.choice import is_code

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
    decimal : {".", ","} or None
        The decimal mark; None: detected. Ignored for ``.npy`` files.
    header : bool or None
        None: detected. Ignored for ``.npy`` files.
    label_column : int or None
        0-based file column of the class labels.
    feature_columns : tuple of int or None
        0-based file columns used as features; None: every column but the label column.
    drop_missing : bool
        Drop rows with missing values (they are listed in ``Dataset.dropped_lines``).
    keep_missing : bool
        Keep missing feature cells as NaN, for a model whose EM accounts for them; not with
        `drop_missing`. Neither: missing cells are refused.
    binarise_at : float or None
        Replace every feature value x by 1 if x >= threshold, else 0 (for Bernoulli models).
    categorical_columns : tuple of int or None
        0-based file columns read as text levels (categorical features); then every feature is one.
    skip_rows : int or None
        Lines skipped after the header; None: a units row under the header is skipped.
    """

    path: str
    delimiter: str | None = None
    header: bool | None = None
    label_column: int | None = None
    feature_columns: tuple[int, ...] | None = None
    drop_missing: bool = False
    binarise_at: float | None = None
    decimal: str | None = None
    keep_missing: bool = False
    categorical_columns: tuple[int, ...] | None = None
    skip_rows: int | None = None

    def __post_init__(self):
        if self.drop_missing and self.keep_missing:
            raise ValueError("missing cells are either dropped or kept, not both")

    @property
    def missing_rule(self) -> str:
        """What the reader does with missing cells: "drop", "keep" or "refuse" (`nbviz.core.load_data`)."""
        return "drop" if self.drop_missing else "keep" if self.keep_missing else "refuse"

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
        if values["decimal"] in (None, "."):  # as sessions without a decimal mark read the file
            del values["decimal"]
        if not values["keep_missing"]:  # as sessions saved before missing cells could be kept
            del values["keep_missing"]
        for name in ("categorical_columns", "skip_rows"):  # as sessions written before them read the file
            if values[name] is None:
                del values[name]
        for name in ("feature_columns", "categorical_columns"):
            if values.get(name) is not None:
                values[name] = list(values[name])
        return values

    @classmethod
    def from_options(cls, path: str, options: dict) -> ImportSpec:
        """The spec `options()` describes, for the file at `path`; ValueError for unknown choices."""
        unknown = set(options) - set(cls.__dataclass_fields__) - {"path"}
        if unknown:
            raise ValueError(f"unknown load options {', '.join(sorted(unknown))}")
        values = dict(options)
        for name in ("feature_columns", "categorical_columns"):
            if values.get(name) is not None:
                values[name] = tuple(values[name])
        return cls(path=path, **values)

    @classmethod
    def guessed(cls, path, label_column=None, **choices) -> ImportSpec:
        """How the file at `path` is read: the spec of `guess` (its arguments), without the notes."""
        return cls.guess(path, label_column, **choices)[0]

    @classmethod
    def guess(
        cls,
        path,
        label_column=None,
        *,
        delimiter: str | None = None,
        decimal: str | None = None,
        columns=None,
        ignore=None,
        drop_missing: bool = False,
        keep_missing: bool = False,
        skip_rows: int | None = None,
        codes: bool | None = None,
    ) -> tuple[ImportSpec, CheckedRoles]:
        """How the file at `path` is read: the one detection of the import dialog and the command line.

        The delimiter, decimal mark and header are detected (unless given); the label column and
        the ignored columns (IDs, dates, other text) are guessed by
        :func:`nbviz.core.tables.columns.guess_roles`. The other arguments change that guess as the
        dialog's controls do: `label_column` makes a column the label (name or 0-based number;
        the guessed one is then ignored if it holds text, else a feature), `columns` lists the
        feature columns (every other column is ignored, and the guessed label too unless named
        like one), `ignore` leaves columns out, `skip_rows` skips lines under the header (None: a
        units row). A column chosen by `columns` that the guess reads as levels stays categorical.
        Then the numeric columns are checked over the whole file
        (:func:`nbviz.core.tables.whole_file.checked_roles`): identifiers and running numbers the
        user did not choose are left out, and a table of answer codes is read as levels (`codes`:
        None as the file shows, False never, True always). Raises DataError (naming the file) when
        the file cannot be previewed or a column does not exist.

        Returns
        -------
        (ImportSpec, CheckedRoles)
            The spec, and what the whole-file checks found (the identifiers left out, the codes).
        """
        path = os.fspath(path)
        preview = nc.preview_table(path, delimiter, decimal=decimal, skip_rows=skip_rows)
        roles = list(guess_roles(preview))
        left_out = text_features_left_out(preview, roles)
        fixed: set[int] = set()
        if label_column is not None:
            label = resolve_column(preview, label_column, "label column")
            if "label" in roles:
                old = roles.index("label")
                roles[old] = "ignore" if old in text_columns(preview) else "feature"
            roles[label] = "label"
            fixed.add(label)
        if columns is not None:
            chosen = {resolve_column(preview, key, "feature column") for key in columns}
            if label_column is None and "label" in roles and not is_label_name(preview, roles.index("label")):
                roles[roles.index("label")] = "ignore"  # a text column taken for the classes: left out with the rest
            answers = {j for j in text_columns(preview) if has_few_levels(preview, j)}  # chosen: read as levels
            roles = [
                role
                if role == "label"
                else "categorical"
                if j in chosen and (role == "categorical" or j in answers)
                else "feature"
                if j in chosen
                else "ignore"
                for j, role in enumerate(roles)
            ]
            fixed |= set(range(preview.n_columns))  # every column's role is the user's
        ignored = {resolve_column(preview, key, "column to ignore") for key in ignore or ()}
        for j in ignored:
            roles[j] = "ignore"
        missing = {"drop_missing": drop_missing, "keep_missing": keep_missing}
        texts = set(text_columns(preview))
        if not any(role == "feature" and j not in texts for j, role in enumerate(roles)):  # no numbers left
            for j in left_out:  # the answers left out beside numbers are the features now
                if roles[j] == "feature" or (roles[j] == "ignore" and j not in ignored and columns is None):
                    roles[j] = "categorical"
        checked = checked_roles(preview, roles, skip_rows=skip_rows, codes=codes, fixed=fixed | ignored)
        if preview.is_npy:
            return cls.with_roles(path, checked.roles, **missing), checked
        spec = cls.with_roles(
            path,
            checked.roles,
            delimiter=preview.delimiter,
            header=preview.header,
            decimal=preview.decimal,
            skip_rows=skip_rows,
            **missing,
        )
        return spec, checked

    @classmethod
    def with_roles(cls, path: str, roles, **options) -> ImportSpec:
        """The spec reading each column `j` of the file as ``roles[j]`` ("feature", "categorical",
        "label", "ignore")."""
        label = roles.index("label") if "label" in roles else None
        chosen = tuple(j for j, role in enumerate(roles) if role in ("feature", "categorical"))
        levels = tuple(j for j, role in enumerate(roles) if role == "categorical") or None
        # None: every other column, the default of load_data
        features = None if len(chosen) + (label is not None) == len(roles) else chosen
        return cls(path, label_column=label, feature_columns=features, categorical_columns=levels, **options)

    def roles(self, n_columns: int) -> tuple[str, ...]:
        """Each of the file's `n_columns` columns' role: "feature", "categorical", "label" or "ignore"."""
        label = None if self.label_column is None else self.label_column % n_columns
        features = set(range(n_columns)) - {label} if self.feature_columns is None else set(self.feature_columns)
        levels = set(self.categorical_columns or ())
        return tuple(
            "label" if j == label else "categorical" if j in levels else "feature" if j in features else "ignore"
            for j in range(n_columns)
        )

    def load(self, progress=None) -> nc.Dataset:
        """The data set these choices give; DataError naming file, line and column otherwise.

        `progress` is passed to :func:`nbviz.core.load_data` (fraction 0..1; False cancels).
        """
        text_options = (
            {}
            if self.is_npy
            else {
                "delimiter": self.delimiter,
                "header": self.header,
                "decimal": self.decimal,
                "categorical_columns": self.categorical_columns,
                "skip_rows": self.skip_rows,
            }
        )
        dataset = nc.load_data(
            self.path,
            self.label_column,
            feature_columns=self.feature_columns,
            missing=self.missing_rule,
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
    n_missing = int(np.isnan(dataset.X).sum()) if spec.keep_missing else 0
    if n_missing:
        rows = int(np.isnan(dataset.X).any(axis=1).sum())
        parts.append(f"kept {n_missing} missing cell(s) in {rows} row(s) for EM to account for")
    if spec.binarise_at is not None:
        parts.append(f"features binarised at {spec.binarise_at:g} (x >= {spec.binarise_at:g} is 1)")
    parts.extend(reading_notes(dataset))
    return "; ".join(parts) + "."


def reading_notes(dataset: nc.Dataset) -> list[str]:
    """What reading did beside the numbers: the lines skipped under the header, the level columns."""
    notes = [dataset.skipped.message()] if dataset.skipped.lines else []
    if dataset.levels is not None:
        named = [(name, levels) for name, levels in zip(dataset.columns, dataset.levels, strict=True) if levels]
        codes = all(is_code(name) for _, levels in named for name in levels)
        notes.append(
            f"{len(named)} categorical feature{'s' * (len(named) != 1)} read as "
            f"{'answer codes' if codes else 'text levels'} ("
            + ", ".join(f"{name}: {' / '.join(levels)}" for name, levels in named[:4])
            + (", ..." if len(named) > 4 else "")
            + ")"
        )
    return notes
