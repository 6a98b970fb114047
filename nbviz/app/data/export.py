"""Exports for use outside nbviz: responsibilities and labels, parameters, the objective trace.

Numbers are written in Python's shortest round-trip form (``repr``), so reading an export back
gives exactly the numbers nbviz had. Every file is written atomically.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import nbviz.core as nc
from nbviz.core.tables.paths import regular_file_size
from nbviz.core.tables.row_context import number_text
from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ..families import presentation
from .files import write_atomically
from .problem import Problem
from .standardize import file_values, units_description


def _csv_bytes(header: list[str], rows) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8")


def _number(value) -> str:
    return repr(float(value))


def _unique(names: list[str], taken: list[str]) -> list[str]:
    """`names` with ``_nbviz`` appended to any that a file column (in `taken`) already has."""
    return [f"{name}_nbviz" if name in taken else name for name in names]


def _label_header(problem: Problem, taken: list[str]) -> str:
    """The known labels' header: the file's own name for its label column, else ``label``."""
    name = problem.label_name
    if name and (problem.load_options or {}).get("header") is not False:  # a file without a header: "column 3"
        return name
    return _unique(["label"], taken)[0]


def responsibilities_table(
    problem: Problem, resp: np.ndarray, names: list[str], unassigned: dict[int, str] | None = None
) -> tuple[list[str], list[list[str]]]:
    """Header and rows, in file order, to join back to the file the data came from.

    Columns: the file line of the row (``row``, counting from 1, for data not read from a file);
    the file's ignored columns (IDs, dates, other text) as written; the features (a binarised
    feature's header says its rule, ``petal_length>=2.5``); the known label (if any, under the
    file's own name for its column, else ``label``); r for each component; the most probable
    component (ties go to the first); and ``unassigned_reason``.
    Features are in the file's units (its own numbers) also when the model was fitted to
    standardised data; a feature whose numbers are all whole is written as integers (``14``, not
    ``14.0``), as an analyst's file has them.
    Rows dropped for missing values appear with their cells as the file wrote them, empty
    responsibilities and component, and the reason. Data with missing cells kept for EM (NaN
    in ``problem.X``) writes those cells empty, gives every row its responsibilities and adds a
    last column ``missing_cells``: how many of the row's features were missing (complete data
    has no such column).

    Parameters
    ----------
    problem : Problem
    resp : ndarray of shape (n_samples, n_components)
    names : list of str
        The components' names.
    unassigned : dict of int to str, optional
        Kept rows (0-based) to write without an assignment, and why (e.g. impossible under every
        component); their rows of `resp` are not read.
    """
    unassigned = unassigned or {}
    context = problem.context
    ignored = list(context.ignored_columns) if context is not None else []
    threshold = problem.binarised_at
    features = [c if threshold is None else f"{c}>={number_text(threshold)}" for c in problem.columns]
    has_label = problem.labels is not None
    gaps = np.isnan(problem.X).sum(axis=1)
    counted = bool(gaps.any())
    label = [_label_header(problem, ignored + features)] * has_label
    ours = _unique(
        ["line" if problem.lines is not None else "row"]
        + [f"r_{name}" for name in names]
        + ["component", "unassigned_reason"]
        + ["missing_cells"] * counted,
        ignored + features + label,
    )
    header = ours[:1] + ignored + features + label + ours[1:]
    K = len(names)
    best = resp.argmax(axis=1)
    values = file_values(problem)  # the file's numbers, also when the model sees standardised ones
    texts = [_whole_text if _all_whole(column) else _number for column in values.T]
    keyed: list[tuple[int, list[str]]] = []
    for n in range(problem.n_samples):
        line = int(problem.lines[n]) if problem.lines is not None else n + 1
        row = [str(line)]
        if context is not None and context.ignored_cells is not None:
            row += [str(v) for v in context.ignored_cells[n]]
        row += (
            ["" if np.isnan(v) else text(v) for text, v in zip(texts, values[n], strict=True)]
            if problem.levels is None
            else _level_cells(problem, values[n], texts)
        )
        if problem.labels is not None:
            known = problem.labels[n]
            row.append(problem.classes[known] if problem.classes is not None else str(known))
        if n in unassigned:
            row += [""] * (K + 1) + [unassigned[n]]
        else:
            row += [_number(r) for r in resp[n]] + [names[best[n]], ""]
        row += [str(gaps[n])] * counted
        keyed.append((line, row))
    for dropped in context.dropped_rows if context is not None else ():
        cells = [_binarised_text(v, threshold) for v in dropped.features]
        label_cell = [dropped.label or ""] * has_label
        keyed.append(
            (
                dropped.line,
                [str(dropped.line), *dropped.ignored, *cells, *label_cell, *[""] * (K + 1), dropped.reason]
                + [""] * counted,
            )
        )
    keyed.sort(key=lambda item: item[0])
    return header, [row for _, row in keyed]


def _level_cells(problem: Problem, codes: np.ndarray, texts) -> list[str]:
    """A row's levels by name, as the file wrote them (a missing one empty); a number beside them by `texts`."""
    assert problem.levels is not None  # only asked of text answers
    return [
        "" if np.isnan(code) else problem.level_name(j, int(code)) if names else text(code)
        for j, (code, names, text) in enumerate(zip(codes, problem.levels, texts, strict=True))
    ]


def _binarised_text(cell: str, threshold: float | None) -> str:
    """A dropped row's feature cell as a kept row would show it: 0/1 when binarised and a number."""
    if threshold is None:
        return cell
    try:
        value = float(cell)
    except ValueError:
        return cell
    return cell if not np.isfinite(value) else str(int(value >= threshold))


WHOLE_LIMIT = 2.0**53  # beyond it a float64 no longer holds every integer


def _all_whole(column: np.ndarray) -> bool:
    """Whether every number of a feature column is a whole number that a float holds exactly.

    Missing cells (NaN, kept for EM) are written empty and do not count.
    """
    known = column[~np.isnan(column)]
    return bool(np.all(np.isfinite(known) & (known == np.round(known)) & (np.abs(known) < WHOLE_LIMIT)))


def _whole_text(value) -> str:
    """A whole number as an integer, as the file wrote it (``14``; ``0`` for -0.0)."""
    return str(int(value))


def write_responsibilities_csv(
    path, problem: Problem, resp: np.ndarray, names: list[str], unassigned: dict[int, str] | None = None
) -> None:
    write_atomically(path, _csv_bytes(*responsibilities_table(problem, resp, names, unassigned)))


def _finite_or_none(value: float) -> float | None:
    return float(value) if np.isfinite(value) else None


def run_summary(session) -> dict:
    """What a report needs about the run shown at `session`'s cursor, JSON-ready.

    N, D, K, the family and its options (covariance type), the start (method, seed and the number of
    starts drawn from the seed, the best kept), the prior, hard EM, the half-step and iteration,
    whether it converged, and for the parameters at the cursor the log-likelihood of the data, the
    log-prior, the objective and BIC, AIC and ICL (`nbviz.core.bic`, `aic`, `icl`; lower is better).
    A criterion that is infinite (a row impossible under the model) is null. For standardised data,
    ``"standardization"`` says that the model is in standardised units and gives each column's centre
    and scale (else null).
    Data with missing cells kept for EM adds ``"missing": {"cells": ..., "rows": ...}`` (how many
    cells were missing, in how many rows); complete data has no such entry.
    """
    problem, config, snapshot = session.problem, session.config, session.snapshot
    model = snapshot.model
    X = problem.X
    options = model.fit_options()
    try:
        icl: float | None = _finite_or_none(nc.icl(model, X))
    except nc.ZeroProbabilityError:
        icl = None
    gaps = np.isnan(X)
    missing = {"missing": {"cells": int(gaps.sum()), "rows": int(gaps.any(axis=1).sum())}} if gaps.any() else {}
    return {
        "N": problem.n_samples,
        "D": problem.n_features,
        "K": model.n_components,
        "family": model.family,
        "covariance_type": options.get("covariance_type"),
        "options": options,
        "start_method": "given" if config.start_given else config.init_method,  # given: a preset's own start
        "seed": None if config.start_given else config.seed,
        "n_init": None if config.start_given else config.n_init,  # > 1: the best of n_init starts drawn from seed
        "prior": config.prior.to_dict(),
        "hard": config.hard,
        "label_fraction": config.label_fraction,
        "half_step": session.cursor,
        "iterations": snapshot.iteration,
        "converged": bool(session.converged),
        "tolerance": config.tolerance,
        "log_likelihood": _finite_or_none(model.log_likelihood(X)),
        "log_prior": _finite_or_none(snapshot.log_prior),
        "objective": _finite_or_none(snapshot.objective),
        "n_parameters": model.n_parameters,
        "bic": _finite_or_none(nc.bic(model, X)),
        "aic": _finite_or_none(nc.aic(model, X)),
        "icl": icl,
        "data": problem.source,
        "standardization": units_description(problem),
        **missing,
    }


def parameters_document(model: nc.Mixture, names: list[str], columns, summary: dict | None = None) -> dict:
    """JSON-ready: the model's own description (``Mixture.from_dict`` reads it back) plus names,
    and the `run_summary` when given (under ``"run"``). Features read as text levels add
    ``"levels"``: each feature's level names, the ``l``-th naming level ``l`` of the model."""
    document = {"model": model.to_dict(), "components": list(names), "features": list(columns)}
    levels = getattr(columns, "levels", None)
    if levels is not None:
        # the features read as text (a number beside them, in a mixed table, has no level names)
        document["levels"] = {name: list(texts) for name, texts in zip(columns, levels, strict=True) if texts}
    return document if summary is None else {"run": summary, **document}


def write_parameters_json(path, model: nc.Mixture, names: list[str], columns, summary: dict | None = None) -> None:
    text = json.dumps(parameters_document(model, names, columns, summary), indent=1, allow_nan=False)
    write_atomically(path, text.encode("utf-8"))


@dataclass(frozen=True)
class ExportFormat:
    """One data export of the run at the cursor, declared once for the menu and `write_session_export`.

    Attributes
    ----------
    kind : str
        Its name ("responsibilities", "parameters-json", ...).
    menu_text : str
        Its File → Export entry.
    file_suffix : str
        Appended to the data's name for the file name the export dialog suggests.
    file_filter : str
        The export dialog's file filter.
    write : callable
        ``write(path, session)`` writes it atomically.
    """

    kind: str
    menu_text: str
    file_suffix: str
    file_filter: str
    write: Callable[[object, Any], None]


def _write_responsibilities(path, session) -> None:
    write_responsibilities_csv(path, session.problem, session.resp, session.component_names())


def _write_parameters_json(path, session) -> None:
    problem, model = session.problem, session.snapshot.model
    write_parameters_json(path, model, session.component_names(), problem.columns, run_summary(session))


def _write_parameters_csv(path, session) -> None:
    write_parameters_csv(path, session.snapshot.model, session.component_names(), session.problem.columns)


def _write_trace(path, session) -> None:
    write_trace_csv(path, session.history)


EXPORT_FORMATS: dict[str, ExportFormat] = {
    export.kind: export
    for export in (
        ExportFormat(
            "responsibilities",
            QT_TRANSLATE_NOOP("nbviz", "Responsibilities and labels (CSV)…"),
            "-responsibilities.csv",
            "CSV (*.csv)",
            _write_responsibilities,
        ),
        ExportFormat(
            "parameters-json",
            QT_TRANSLATE_NOOP("nbviz", "Parameters (JSON)…"),
            "-parameters.json",
            "JSON (*.json)",
            _write_parameters_json,
        ),
        ExportFormat(
            "parameters-csv",
            QT_TRANSLATE_NOOP("nbviz", "Parameters (CSV)…"),
            "-parameters.csv",
            "CSV (*.csv)",
            _write_parameters_csv,
        ),
        ExportFormat(
            "trace",
            QT_TRANSLATE_NOOP("nbviz", "Objective and ELBO trace (CSV)…"),
            "-trace.csv",
            "CSV (*.csv)",
            _write_trace,
        ),
    )
}


def write_session_export(kind: str, path, session) -> None:
    """Write the data export `kind` (a key of `EXPORT_FORMATS`) of the run at `session`'s cursor to
    `path`, atomically.

    Raises OSError (`WriteError`) or ValueError saying why.
    """
    if session.problem is None or session.snapshot is None:
        raise ValueError("there is nothing to export yet: load data or choose a preset first")
    if kind not in EXPORT_FORMATS:
        raise ValueError(f"unknown export {kind!r}")
    EXPORT_FORMATS[kind].write(path, session)


PARAMETERS_SOURCE = "a file written by File → Export → Parameters (JSON)"
# One half-step's parameters are at most `fit_size.SNAPSHOT_BYTES_LIMIT` (32 MiB of float64, 4 million
# numbers); written as JSON text, each number takes at most about 25 characters.
PARAMETERS_BYTES_LIMIT = 128 * 2**20


def parameters_from_document(document, where: str = "the parameters") -> nc.Mixture:
    """The model of a parameters document (as `parameters_document` makes it), exactly.

    Raises ValueError naming `where` and saying what is wrong.
    """
    model = document.get("model") if isinstance(document, dict) else None
    if not isinstance(model, dict):
        raise ValueError(f"{where} has no 'model' entry; give {PARAMETERS_SOURCE}")
    try:
        return nc.Mixture.from_dict(model)
    except (ValueError, TypeError) as error:
        raise ValueError(f"{where}: the model cannot be used: {error}") from None


def read_parameters_json(path) -> nc.Mixture:
    """The model of a parameters file that `write_parameters_json` wrote: every number exactly.

    Raises ValueError naming the file and saying what is wrong (also when it cannot be read, is not
    a regular file, or is larger than any parameters file of a model nbviz can run).
    """
    return parameters_from_document(read_parameters_document(path), str(path))


def read_parameters_document(path) -> dict:
    """The whole document of a parameters file (its model, names and run summary); ValueError as
    `read_parameters_json` says."""
    size = regular_file_size(str(path), "a parameters file")  # a pipe or a device is never opened
    if size > PARAMETERS_BYTES_LIMIT:
        raise ValueError(
            f"{path} is {size / 2**20:,.0f} MiB: larger than the parameters of any model nbviz can run "
            f"({PARAMETERS_BYTES_LIMIT // 2**20} MiB at most); give {PARAMETERS_SOURCE}"
        )
    try:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{path} is not a parameters file ({error}); give {PARAMETERS_SOURCE}") from None
    if not isinstance(document, dict):
        raise ValueError(f"{path} has no 'model' entry; give {PARAMETERS_SOURCE}")
    return document


def parameter_rows(model: nc.Mixture, names: list[str], columns) -> list[list[str]]:
    """Long format: component, parameter, feature, second feature, value (one row per number)."""
    rows = [[names[k], "weight", "", "", _number(model.weights[k])] for k in range(model.n_components)]
    return rows + presentation(model).export_rows(model, names, columns, _number)


def write_parameters_csv(path, model: nc.Mixture, names: list[str], columns) -> None:
    header = ["component", "parameter", "feature", "feature_2", "value"]
    write_atomically(path, _csv_bytes(header, parameter_rows(model, names, columns)))


TRACE_HEADER = ["half_step", "iteration", "phase", "log_likelihood", "log_prior", "objective", "elbo", "kl"]


def trace_rows(history) -> list[list[str]]:
    """One row per half-step; ELBO and KL are empty before the first E-step."""
    rows = []
    for index, s in enumerate(history):
        elbo = "" if s.elbo is None else _number(s.elbo)
        kl = "" if s.kl is None else _number(s.kl)
        rows.append(
            [
                str(index),
                str(s.iteration),
                s.phase,
                _number(s.log_likelihood),
                _number(s.log_prior),
                _number(s.objective),
                elbo,
                kl,
            ]
        )
    return rows


def write_trace_csv(path, history) -> None:
    write_atomically(path, _csv_bytes(TRACE_HEADER, trace_rows(history)))
