"""A session document's parts, checked entry by entry and built: the problem, the config, the history.

Each function takes the parsed JSON of one part and returns the object it describes, or raises
`SchemaError` naming the entry (``problem.labels[7]``, ``config.seed``, ``history[12].model``) and
what it must be. Whatever they return fits together: the data and the models have the same
features, labels index the classes, the image shape covers the pixels, the history's models have
the config's family and K, the cursor lies in the history.
"""

from __future__ import annotations

import numpy as np

import nbviz.core as nc

from ..data.problem import Problem
from ..data.standardize import Standardization
from ..model.config import ModelConfig
from ..model.settings import SETTINGS
from ..run.run_making import labels_for
from .row_context_document import context_from_dict
from .session_schema import (
    SchemaError,
    a_bool,
    a_dict,
    a_list,
    a_number,
    a_string,
    an_int,
    entry,
    mixture,
    numbers,
    one_line,
    shown,
)

PROBLEM_KEYS = {
    "name",
    "columns",
    "X",
    "X_file",
    "labels",
    "lines",
    "data_file",
    "classes",
    "truth",
    "truth_z",
    "image_shape",
    "description",
    "source",
    "load_options",
    "standardization",
    "label_name",
    "context",
    "preset",
    "levels",
}
SNAPSHOT_KEYS = {"phase", "iteration", "model", "log_likelihood", "objective", "elbo", "log_prior", "empty"}
PHASES = ("init", "E", "M")


def _no_unknown(data: dict, known, where: str) -> None:
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise SchemaError(where, f"has an unknown entry {shown(unknown[0])}")


def _column(value, where: str, optional: bool = False) -> None:
    """A file column: its 0-based index or its name."""
    if isinstance(value, str):
        a_string(value, where)
    else:
        an_int(value, where, low=0, optional=optional)


def load_options(value, where: str) -> dict | None:
    """The `ImportSpec` options of a data file (``ImportSpec.options()``), checked."""
    if value is None:
        return None
    data = a_dict(value, where)
    known: tuple[str, ...] = (
        "delimiter",
        "decimal",
        "header",
        "label_column",
        "feature_columns",
        "drop_missing",
        "binarise_at",
        "keep_missing",
    )
    known += ("categorical_columns", "skip_rows")
    _no_unknown(data, known, where)
    if data.get("decimal") not in (None, ".", ","):
        raise SchemaError(f"{where}.decimal", f"must be '.' or ','; got {shown(data['decimal'])}")
    delimiter = a_string(data.get("delimiter"), f"{where}.delimiter", optional=True)
    if delimiter is not None and len(delimiter) != 1:
        raise SchemaError(f"{where}.delimiter", f"must be one character; got {shown(delimiter)}")
    a_bool(data.get("header"), f"{where}.header", optional=True)
    _column(data.get("label_column"), f"{where}.label_column", optional=True)
    if data.get("feature_columns") is not None:
        columns = a_list(data["feature_columns"], f"{where}.feature_columns", low=1)
        for i, column in enumerate(columns):
            _column(column, f"{where}.feature_columns[{i}]")
    a_bool(data.get("drop_missing", False), f"{where}.drop_missing")
    a_bool(data.get("keep_missing", False), f"{where}.keep_missing")
    if data.get("drop_missing") and data.get("keep_missing"):
        raise SchemaError(
            f"{where}.keep_missing", "cannot be true with drop_missing: missing cells are dropped or kept"
        )
    a_number(data.get("binarise_at"), f"{where}.binarise_at", optional=True)
    if data.get("categorical_columns") is not None:
        columns = a_list(data["categorical_columns"], f"{where}.categorical_columns", low=1)
        for i, column in enumerate(columns):
            _column(column, f"{where}.categorical_columns[{i}]")
    an_int(data.get("skip_rows"), f"{where}.skip_rows", low=0, optional=True)
    return data


def _levels(value, X: np.ndarray) -> tuple[tuple[str, ...], ...] | None:
    """``problem.levels``: each feature's level names, naming at least the codes the data holds."""
    if value is None:
        return None
    D = X.shape[1]
    features = a_list(value, "problem.levels")
    if len(features) != D:
        raise SchemaError("problem.levels", f"names the levels of {len(features)} features, but the data has {D}")
    levels = []
    for j, names in enumerate(features):
        where = f"problem.levels[{j}]"
        texts = tuple(a_string(name, f"{where}[{m}]") or "" for m, name in enumerate(a_list(names, where, low=0)))
        if not texts:  # a number beside the answers (a mixed table)
            levels.append(texts)
            continue
        column = X[:, j][~np.isnan(X[:, j])]
        if column.size and (column.min() < 0 or column.max() >= len(texts) or np.any(column != np.round(column))):
            raise SchemaError(
                where, f"names {len(texts)} levels, but the data's codes are not all 0 to {len(texts) - 1}"
            )
        levels.append(texts)
    if not any(levels):
        raise SchemaError("problem.levels", "names no level of any feature; leave it out for numeric features")
    return tuple(levels)


def data_file_reference(value, where: str) -> dict:
    """The ``data_file`` entry of a format-2 session: path, relative path, options and checksums."""
    data = a_dict(value, where)
    _no_unknown(data, ("path", "relative", "options", "sha256", "file_sha256", "file_size"), where)
    an_int(data.get("file_size"), f"{where}.file_size", low=0, optional=True)
    a_string(entry(data, "path", where), f"{where}.path")
    a_string(data.get("relative"), f"{where}.relative", optional=True)
    load_options(entry(data, "options", where), f"{where}.options")
    for key, required in (("sha256", True), ("file_sha256", False)):
        digest = a_string(entry(data, key, where, required), f"{where}.{key}", optional=not required)
        if digest is not None and (len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest)):
            raise SchemaError(f"{where}.{key}", f"must be a SHA-256 checksum (64 hex digits); got {shown(digest)}")
    return data


def _per_row(value, where: str, n_samples: int, low: int, high: int | None = None) -> np.ndarray | None:
    """Optional integers, one per data row, each in [low, high)."""
    if value is None:
        return None
    array = numbers(value, where, 1, integers=True)
    if array.shape != (n_samples,):
        raise SchemaError(where, f"must have one entry per data row ({n_samples}); got {array.shape[0]}")
    bad = (array < low) | (array >= high if high is not None else False)
    if bad.any():
        n = int(np.argmax(bad))
        allowed = f"{low} to {high - 1}" if high is not None else f">= {low}"
        raise SchemaError(f"{where}[{n}]", f"must be {allowed}; got {array[n]}")
    return array


def problem(value, dataset: nc.Dataset | None = None) -> Problem:
    """The problem of ``document["problem"]``; `dataset` holds the numbers of a referenced data file."""
    data = a_dict(value, "problem")
    _no_unknown(data, PROBLEM_KEYS, "problem")
    if dataset is None:
        X = _embedded_X(data)
        labels_value, lines_value = data.get("labels"), data.get("lines")
        source, options = a_string(data.get("source"), "problem.source", optional=True), data.get("load_options")
    else:
        X, labels_value, lines_value = dataset.X, dataset.labels, dataset.lines
        labels_value = None if labels_value is None else labels_value.tolist()
        lines_value = None if lines_value is None else lines_value.tolist()
        source, options = dataset.path, data["data_file"]["options"]
    N, D = X.shape
    if N < 1 or D < 1:
        raise SchemaError("problem.X", f"must have at least one row and one column; got {N} x {D}")
    file_X = None
    if "X_file" in data:
        units = _standardization(data.get("standardization"), D)
        if units is None:
            raise SchemaError(
                "problem.X_file", "needs problem.standardization (it is the file's numbers of standardised data)"
            )
        file_X, X = X, units.apply(X)
    options = load_options(options, "problem.load_options")
    columns = a_list(entry(data, "columns", "problem"), "problem.columns")
    if len(columns) != D:
        raise SchemaError("problem.columns", f"names {len(columns)} columns, but the data has {D}")
    for j, column in enumerate(columns):
        a_string(column, f"problem.columns[{j}]")
    classes = data.get("classes")
    if classes is not None:
        for c, name in enumerate(a_list(classes, "problem.classes", low=1)):
            a_string(name, f"problem.classes[{c}]")
    labels = _per_row(labels_value, "problem.labels", N, 0, None if classes is None else len(classes))
    lines = _per_row(lines_value, "problem.lines", N, 1)
    truth = None if data.get("truth") is None else mixture(data["truth"], "problem.truth", D)
    truth_z = _per_row(data.get("truth_z"), "problem.truth_z", N, 0, None if truth is None else truth.n_components)
    image_shape = data.get("image_shape")
    if image_shape is not None:
        shape = a_list(image_shape, "problem.image_shape")
        if len(shape) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in shape):
            raise SchemaError("problem.image_shape", f"must be [rows, columns] of an image; got {shown(shape)}")
        if shape[0] * shape[1] != D:
            raise SchemaError(
                "problem.image_shape", f"{shape} is not (rows, columns) of an image with {D} pixels (the features)"
            )
        image_shape = (shape[0], shape[1])
    return Problem(
        name=a_string(entry(data, "name", "problem"), "problem.name") or "data",
        X=X,
        columns=tuple(columns),
        labels=labels,
        classes=None if classes is None else tuple(classes),
        truth=truth,
        truth_z=truth_z,
        image_shape=image_shape,
        description=a_string(data.get("description", ""), "problem.description") or "",
        source=source,
        load_options=options,
        lines=lines,
        standardization=_standardization(data.get("standardization"), D),
        file_X=file_X,
        label_name=a_string(data.get("label_name"), "problem.label_name", optional=True),
        preset=a_string(data.get("preset"), "problem.preset", optional=True),
        levels=dataset.levels if dataset is not None else _levels(data.get("levels"), X),
        # a referenced data file gives its own context; an embedded one is checked
        context=dataset.context
        if dataset is not None
        else context_from_dict(data.get("context"), "problem.context", N, D),
    )


def _embedded_X(data: dict) -> np.ndarray:
    """The embedded data: ``problem.X``, or the file's numbers ``problem.X_file`` of standardised data."""
    if "X_file" in data:
        if "X" in data:
            raise SchemaError("problem", "has both X and X_file; a session keeps one of them")
        return numbers(data["X_file"], "problem.X_file", 2, missing=True)
    return numbers(entry(data, "X", "problem"), "problem.X", 2, missing=True)


def _standardization(value, n_features: int) -> Standardization | None:
    """The optional ``problem.standardization`` (sessions before it have none)."""
    if value is None:
        return None
    try:
        return Standardization.from_dict(a_dict(value, "problem.standardization"), n_features)
    except ValueError as error:
        if isinstance(error, SchemaError):
            raise
        raise SchemaError("problem.standardization", str(error)) from None


def config(value, problem: Problem) -> ModelConfig:
    """The model choice of ``document["config"]``, checked against the data."""
    data = a_dict(value, "config")
    _no_unknown(data, ModelConfig.__dataclass_fields__, "config")
    prior = a_dict(data.get("prior", {}), "config.prior")
    _no_unknown(prior, ("alpha", "beta", "covariance_prior"), "config.prior")
    for setting in SETTINGS.values():  # each entry checked by its setting's declaration
        holder = prior if setting.name.startswith("prior.") else data
        if setting.field in holder:
            where = f"config.{setting.name}"
            try:
                setting.check(holder[setting.field], where)
            except ValueError as error:
                raise SchemaError(where, one_line(str(error).removeprefix(f"{where} "))) from None
    if "start_given" in data:
        a_bool(data["start_given"], "config.start_given")
    if "n_components" in data:  # a run has at most one component per row
        an_int(data["n_components"], "config.n_components", low=1, high=problem.n_samples)
    pairs = a_list(data.get("manual_labels", []), "config.manual_labels")
    for i, pair in enumerate(pairs):
        where = f"config.manual_labels[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise SchemaError(where, f"must be [row, class]; got {shown(pair)}")
        an_int(pair[0], f"{where}[0]", low=0, high=problem.n_samples - 1)
        an_int(pair[1], f"{where}[1]", low=0)
    try:
        result = ModelConfig.from_dict(data)
        labels_for(problem, result)  # labels and classes fit the model
    except (ValueError, TypeError) as error:
        raise SchemaError("config", f"does not fit the data: {error}") from None
    return result


def components_of(problem: Problem, config: ModelConfig) -> int:
    """The K of a run with `config` on `problem` (naive Bayes: the number of classes)."""
    if config.supervised and problem.n_classes is not None:
        return problem.n_classes
    return config.n_components


def history(value, problem: Problem, config: ModelConfig) -> list[nc.Snapshot]:
    """The half-steps of ``document["history"]``: each entry checked, the sequence checked."""
    entries = a_list(value, "history", low=1)
    K = components_of(problem, config)
    snapshots: list[nc.Snapshot] = []
    for position, item in enumerate(entries):
        where = f"history[{position}]"
        data = a_dict(item, where)
        _no_unknown(data, SNAPSHOT_KEYS, where)
        phase = a_string(entry(data, "phase", where), f"{where}.phase")
        expected = _expected_phases(position, snapshots)
        if phase not in expected:
            raise SchemaError(f"{where}.phase", f"must be {' or '.join(expected)} here; got {shown(phase)}")
        model = mixture(entry(data, "model", where), f"{where}.model", problem.n_features)
        if model.family != config.family:
            raise SchemaError(
                f"{where}.model", f"is a {model.family} mixture, but the session's model is {config.family}"
            )
        if model.n_components != K:
            raise SchemaError(f"{where}.model", f"has {model.n_components} components, but the session's model has {K}")
        iteration = an_int(entry(data, "iteration", where), f"{where}.iteration", low=0)
        if iteration != _expected_iteration(phase, snapshots):
            raise SchemaError(f"{where}.iteration", f"must be {_expected_iteration(phase, snapshots)}; got {iteration}")
        empty = a_list(data.get("empty", []), f"{where}.empty")
        for i, k in enumerate(empty):
            an_int(k, f"{where}.empty[{i}]", low=0, high=K - 1)
        elbo = entry(data, "elbo", where)
        if (elbo is None) != (phase == "init"):
            raise SchemaError(f"{where}.elbo", "must be null at the initial state and a number after it")
        snapshots.append(
            nc.Snapshot(
                phase,
                iteration,
                model,
                a_number(entry(data, "log_likelihood", where), f"{where}.log_likelihood"),
                a_number(entry(data, "objective", where), f"{where}.objective"),
                a_number(elbo, f"{where}.elbo", optional=True),
                a_number(data.get("log_prior", 0.0), f"{where}.log_prior"),
                tuple(empty),
            )
        )
    return snapshots


def _expected_phases(position: int, before: list[nc.Snapshot]) -> tuple[str, ...]:
    if position == 0:
        return ("init",)
    if before[-1].phase == "init":
        return ("E",)
    return ("E", "M")


def _expected_iteration(phase: str, before: list[nc.Snapshot]) -> int:
    """The iteration `EM` gives a half-step of `phase` after the half-steps `before`."""
    if not before:
        return 0
    last = before[-1]
    if phase == "E" and last.phase != "E":
        return last.iteration + 1
    return last.iteration


def index_within(value, where: str, default: int, low: int, high: int) -> int:
    """An index (the cursor, the selected row) within [low, high], `default` when absent."""
    return default if value is None else an_int(value, where, low=low, high=high)


VIEW_CHOICES = ("equal_aspect",)  # how the data views show the data, saved when chosen for them


def view_choices(value) -> dict[str, bool]:
    """The saved ``view`` entry: each of `VIEW_CHOICES` given as a bool (empty when absent)."""
    if value is None:
        return {}
    data = a_dict(value, "view")
    _no_unknown(data, VIEW_CHOICES, "view")
    return {name: bool(a_bool(data[name], f"view.{name}")) for name in VIEW_CHOICES if name in data}
