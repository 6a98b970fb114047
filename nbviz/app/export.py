"""Exports for use outside nbviz: responsibilities and labels, parameters, the objective trace.

Numbers are written in Python's shortest round-trip form (``repr``), so reading an export back
gives exactly the numbers nbviz had. Every file is written atomically.
"""

from __future__ import annotations

import csv
import io
import json
from typing import cast

import numpy as np

import nbviz.core as nc

from .families import FamilyPresentation, ParameterView, ProbabilityModel, presentation
from .files import write_atomically
from .problem import Problem


def _csv_bytes(header: list[str], rows) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8")


def _number(value) -> str:
    return repr(float(value))


def responsibilities_table(problem: Problem, resp: np.ndarray, names: list[str]) -> tuple[list[str], list[list[str]]]:
    """Header and rows: the original columns, the known label (if any), r for each component and
    the most probable component (ties go to the first)."""
    header = list(problem.columns)
    if problem.labels is not None:
        header.append("label")
    header += [f"r_{name}" for name in names] + ["component"]
    best = resp.argmax(axis=1)
    rows = []
    for n in range(problem.n_samples):
        row = [_number(v) for v in problem.X[n]]
        if problem.labels is not None:
            label = problem.labels[n]
            row.append(problem.classes[label] if problem.classes is not None else str(label))
        row += [_number(r) for r in resp[n]] + [names[best[n]]]
        rows.append(row)
    return header, rows


def write_responsibilities_csv(path, problem: Problem, resp: np.ndarray, names: list[str]) -> None:
    write_atomically(path, _csv_bytes(*responsibilities_table(problem, resp, names)))


def parameters_document(model: nc.Mixture, names: list[str], columns) -> dict:
    """JSON-ready: the model's own description (``Mixture.from_dict`` reads it back) plus names."""
    return {"model": model.to_dict(), "components": list(names), "features": list(columns)}


def write_parameters_json(path, model: nc.Mixture, names: list[str], columns) -> None:
    text = json.dumps(parameters_document(model, names, columns), indent=1, allow_nan=False)
    write_atomically(path, text.encode("utf-8"))


PARAMETERS_SOURCE = "a file written by File → Export → Parameters (JSON)"


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

    Raises ValueError naming the file and saying what is wrong (also when it cannot be read).
    """
    try:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{path} is not a parameters file ({error}); give {PARAMETERS_SOURCE}") from None
    return parameters_from_document(document, str(path))


def parameter_rows(model: nc.Mixture, names: list[str], columns) -> list[list[str]]:
    """Long format: component, parameter, feature, second feature, value (one row per number)."""
    rows = [[names[k], "weight", "", "", _number(model.weights[k])] for k in range(model.n_components)]
    shown = presentation(model)
    return rows + _EMISSION_ROWS[shown.parameter_view](model, names, columns, shown)


def _gaussian_rows(model: nc.Mixture, names: list[str], columns, shown: FamilyPresentation) -> list[list[str]]:
    """Each component's mean, then its full covariance matrix, row by row."""
    gaussian = cast(nc.GaussianMixture, model)  # the family that lists its parameters this way
    rows = []
    covariances = gaussian.full_covariances
    for k in range(model.n_components):
        rows += [[names[k], "mean", columns[i], "", _number(v)] for i, v in enumerate(gaussian.means[k])]
        for i in range(model.n_features):
            rows += [
                [names[k], "covariance", columns[i], columns[j], _number(covariances[k, i, j])]
                for j in range(model.n_features)
            ]
    return rows


def _probability_rows(model: nc.Mixture, names: list[str], columns, shown: FamilyPresentation) -> list[list[str]]:
    """Each component's probability of each feature (word), named by the family's export label."""
    probs = cast(ProbabilityModel, model).probs  # the families that list their parameters this way have them
    rows = []
    for k in range(model.n_components):
        rows += [[names[k], shown.export_label, columns[m], "", _number(v)] for m, v in enumerate(probs[k])]
    return rows


_EMISSION_ROWS = {ParameterView.GAUSSIAN: _gaussian_rows, ParameterView.PROBABILITIES: _probability_rows}


def write_parameters_csv(path, model: nc.Mixture, names: list[str], columns) -> None:
    header = ["component", "parameter", "feature", "feature_2", "value"]
    write_atomically(path, _csv_bytes(header, parameter_rows(model, names, list(columns))))


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
