"""Apply the current model to new rows: read a file as the loaded data was read, and classify it.

The new file goes through the same reader (`ImportSpec`, `nbviz.core.load_data`) with the loaded
data's column choices: its feature columns are found by name (by position for files without a
header), the label column is used when present, rows with missing values are dropped and listed
(kept, for the model's E-step to use their observed cells alone, when the loaded data kept its own),
features are binarised at the same threshold and standardised with the loaded data's centres and
scales. Columns the loaded data did not have are
refused by name. The responsibilities are the model's E-step (`nbviz.core.e_step`) on the new rows;
a row impossible under every component is written without an assignment, with the reason.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

import numpy as np

import nbviz.core as nc

from .export import write_responsibilities_csv
from .fit_messages import describe_fit_error
from .import_spec import ImportSpec
from .problem import Problem

IMPOSSIBLE = "probability zero under every component of the model"


@dataclass(frozen=True, eq=False)
class Classified:
    """New rows and their responsibilities under a model.

    Attributes
    ----------
    problem : Problem
        The new rows, read as the loaded data was (with their lines, ignored columns and dropped rows).
    resp : ndarray of shape (n_samples, n_components)
        Zero rows where `unassigned` says why there is no assignment.
    unassigned : dict of int to str
        Rows (0-based) impossible under every component, and the reason.
    """

    problem: Problem
    resp: np.ndarray
    unassigned: dict[int, str]


def _quoted(names) -> str:
    return ", ".join(f"'{name}'" for name in names)


def _columns_by_name(loaded: Problem, name: str, names: tuple[str, ...]) -> tuple[int | None, tuple[int, ...]]:
    """(label column, feature columns) of a new file with header `names`; ValueError naming the
    columns that are missing or that the loaded data does not have."""
    missing = [column for column in loaded.columns if column not in names]
    if missing:
        raise ValueError(
            f"{name} lacks the feature column{'s' * (len(missing) > 1)} {_quoted(missing)} of the loaded data; "
            "give a file with the same columns"
        )
    context = loaded.context
    known = {*loaded.columns, *(context.ignored_columns if context is not None else ()), loaded.label_name}
    extra = [column for column in names if column not in known]
    if extra:
        raise ValueError(
            f"{name} has the column{'s' * (len(extra) > 1)} {_quoted(extra)}, which the loaded data does not have "
            f"(its features are {_quoted(loaded.columns)}); remove {'them' if len(extra) > 1 else 'it'} "
            "or give a file with the same columns"
        )
    repeated = sorted({column for column in names if names.count(column) > 1})
    if repeated:
        raise ValueError(f"{name} names more than one column {_quoted(repeated)}; give each column one name")
    label = names.index(loaded.label_name) if loaded.label_name in names else None
    return label, tuple(names.index(column) for column in loaded.columns)


def _columns_by_position(loaded: Problem, name: str, n_columns: int) -> tuple[int | None, tuple[int, ...] | None]:
    """(label column, feature columns) of a new file without a header: the loaded file's choices
    when it has as many columns as that file, else every column a feature when it has one per feature."""
    options = loaded.load_options or {}
    context = loaded.context
    width = loaded.n_features + (loaded.labels is not None) + len(context.ignored_columns if context else ())
    label, features = options.get("label_column"), options.get("feature_columns")
    if loaded.source is not None and n_columns == width and not isinstance(label, str):
        return label, None if features is None else tuple(features)
    if n_columns == loaded.n_features:
        return None, None
    raise ValueError(
        f"{name} has {n_columns} column{'s' * (n_columns != 1)} and no header, but the loaded data has "
        f"{loaded.n_features} feature{'s' * (loaded.n_features != 1)} ({_quoted(loaded.columns)}); give a file with "
        "the same columns, or a header row naming them"
    )


def reading_spec(loaded: Problem, path) -> ImportSpec:
    """How to read the new file `path` as `loaded` was read; ValueError (or DataError) saying why not.

    Missing cells are kept when `loaded` kept its own (for EM to account for), else their rows dropped.
    """
    path = os.fspath(path)
    name = os.path.basename(path)
    guessed = ImportSpec.guessed(path)
    preview = nc.preview_table(path, guessed.delimiter, guessed.header)
    features: tuple[int, ...] | None
    if preview.header:
        label, features = _columns_by_name(loaded, name, preview.columns)
    else:
        label, features = _columns_by_position(loaded, name, preview.n_columns)
    keep = bool((loaded.load_options or {}).get("keep_missing"))
    if keep and label is not None:  # classifying needs no class: a row without it is kept, its column as written
        features = features or tuple(j for j in range(preview.n_columns) if j != label)
        label = None
    levels = None
    if loaded.levels is not None:  # text answers: read as text again, recoded by the loaded names
        every = features or tuple(j for j in range(preview.n_columns) if j != label)
        levels = tuple(j for j, names in zip(every, loaded.levels, strict=True) if names)  # numbers beside stay numbers
    return replace(
        guessed,
        label_column=label,
        feature_columns=features,
        drop_missing=not keep,
        keep_missing=keep,
        binarise_at=loaded.binarised_at,
        categorical_columns=levels,
    )


def _in_loaded_levels(loaded: Problem, new: Problem, name: str) -> Problem:
    """`new`'s level codes recoded by the level names of `loaded` (each file codes its own texts);
    ValueError naming the line and column of a level the loaded data does not have."""
    if loaded.levels is None or new.levels is None:
        return new
    X = np.array(new.X)
    for j, (known, names) in enumerate(zip(loaded.levels, new.levels, strict=True)):
        if not known:  # a number beside the answers
            continue
        unknown = [text for text in names if text not in known]
        if unknown:
            n = int(np.argmax(X[:, j] == names.index(unknown[0])))
            where = f"line {new.lines[n]}" if new.lines is not None else f"row {n + 1}"
            raise ValueError(
                f"{name}, {where}, column '{loaded.columns[j]}': '{unknown[0]}' is not one of its levels in the "
                f"loaded data ({', '.join(known)})"
            )
        table = np.array([known.index(text) for text in names], dtype=np.float64)
        observed = ~np.isnan(X[:, j])  # a kept missing cell stays missing
        X[observed, j] = table[X[observed, j].astype(int)]
    return replace(new, X=X, levels=loaded.levels)


def classify_file(loaded: Problem, model: nc.Mixture, path, progress=None) -> Classified:
    """The rows of the file `path` classified by `model` (fitted to `loaded`).

    Raises ValueError (a `DataError` for the file) with a one-line reason naming the file, and
    `nbviz.core.LoadCancelled` when `progress` returned False.
    """
    spec = reading_spec(loaded, path)
    name = os.path.basename(os.fspath(path))
    new = _in_loaded_levels(loaded, Problem.from_dataset(spec.load(progress), load_options=spec.options()), name)
    units = loaded.standardization  # the new rows take the loaded data's centres and scales
    if units is not None:
        new = replace(new, X=units.apply(new.X), standardization=units, file_X=new.X)
    try:
        log_density = model.score_samples(new.X)
    except ValueError as error:
        raise ValueError(f"{name} does not fit the model: {describe_fit_error(new, error)}") from None
    possible = np.isfinite(log_density)
    resp = np.zeros((new.n_samples, model.n_components))
    if possible.any():
        resp[possible] = nc.e_step(model, new.X[possible])
    unassigned = {int(n): IMPOSSIBLE for n in np.flatnonzero(~possible)}
    return Classified(new, resp, unassigned)


def write_classified(path, classified: Classified, names: list[str]) -> None:
    """Write the responsibilities of the new rows as File → Export → Responsibilities does."""
    write_responsibilities_csv(path, classified.problem, classified.resp, names, classified.unassigned)
