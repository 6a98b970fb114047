"""Painting the data: a problem with one point added, moved or removed (Orange's Paint Data).

Pure functions of a `Problem`; nothing here knows of a run, a session or a widget. An edited
problem is the session's own data from then on: it no longer refers to the file it was read from
(a session file embeds it, and exports write it), and its name says it was edited.

Each row keeps what it had: its true component (`Problem.truth_z`), its class (`Problem.labels`)
and, for standardised data, its file values (`Problem.file_X`). A new point gets the component or
class chosen for it (`paint_choices`), and file values worked back from the standardised ones.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from .problem import Problem

EDITED = " (edited)"  # added once to the name of edited data


def paint_choices(problem: Problem) -> tuple[str, ...]:
    """What a new point can be: the data's classes when it has labels, else the true components of
    synthesised data, else nothing to choose (a plain point); one name each."""
    if problem.labels is not None:
        n_classes = problem.n_classes or 0
        names = problem.classes if problem.classes is not None and len(problem.classes) == n_classes else None
        return tuple(str(name) for name in names) if names else tuple(f"class {c + 1}" for c in range(n_classes))
    if problem.truth is not None:
        return tuple(f"true component {k + 1}" for k in range(problem.truth.n_components))
    return ()


def _point(problem: Problem, x) -> np.ndarray:
    point = np.asarray(x, dtype=float).reshape(-1)
    if point.size != problem.n_features:
        raise ValueError(
            f"a painted point needs {problem.n_features} coordinate(s) for the data's features, not {point.size}"
        )
    if not np.all(np.isfinite(point)):
        raise ValueError(f"a painted point needs finite coordinates, not {point.tolist()}")
    return point


def _row(problem: Problem, row: int) -> int:
    if not 0 <= row < problem.n_samples:
        raise ValueError(f"there is no data point {row + 1}: the data has {problem.n_samples} rows")
    return int(row)


def _edited(problem: Problem, X: np.ndarray, file_X: np.ndarray | None, **changes) -> Problem:
    """`problem` with data `X` (and the file's values `file_X` of standardised data), no longer its file's."""
    if problem.standardization is not None and file_X is not None:
        X = problem.standardization.apply(file_X)  # the arithmetic a saved session repeats on reading
    name = problem.name if problem.name.endswith(EDITED) else problem.name + EDITED
    return dataclasses.replace(problem, name=name, X=X, file_X=file_X, source=None, load_options=None, **changes)


def _in_file_units(problem: Problem, point: np.ndarray) -> np.ndarray | None:
    units = problem.standardization
    if units is None or problem.file_X is None:
        return None
    return units.centre + units.scale * point


def _stacked(values: np.ndarray | None, value) -> np.ndarray | None:
    return None if values is None else np.append(values, value)


def added(problem: Problem, x, choice: int = 0) -> Problem:
    """`problem` with a point at `x` (one value per feature) after its last row.

    For data with labels the point is of class `choice`; for synthesised data it is drawn from
    true component `choice` (its `truth_z`); `paint_choices` names them. ValueError for a point of
    the wrong size, a non-finite one, or a choice that is not offered.
    """
    point = _point(problem, x)
    offered = paint_choices(problem)
    if offered and not 0 <= choice < len(offered):
        raise ValueError(
            f"a painted point can be one of {len(offered)} choices (1 to {len(offered)}), not {choice + 1}"
        )
    truth_z = problem.truth_z
    if truth_z is not None:
        assert problem.truth is not None  # truth_z comes with the truth
        truth_z = np.append(truth_z, min(choice, problem.truth.n_components - 1))
    file_point = _in_file_units(problem, point)
    file_X = None if file_point is None or problem.file_X is None else np.vstack([problem.file_X, file_point])
    return _edited(
        problem,
        np.vstack([problem.X, point]),
        file_X,
        labels=_stacked(problem.labels, choice),
        truth_z=truth_z,
        lines=None,  # the new point has no line in any file
        context=None,  # nor cells of the ignored columns
    )


def moved(problem: Problem, row: int, x) -> Problem:
    """`problem` with data point `row` (0-based) at `x`; it keeps its class and true component."""
    row, point = _row(problem, row), _point(problem, x)
    X = np.array(problem.X)
    X[row] = point
    file_X = None
    file_point = _in_file_units(problem, point)
    if file_point is not None and problem.file_X is not None:
        file_X = np.array(problem.file_X)
        file_X[row] = file_point
    return _edited(problem, X, file_X)


def removed(problem: Problem, row: int) -> Problem:
    """`problem` without data point `row` (0-based); ValueError for the last point left."""
    row = _row(problem, row)
    if problem.n_samples <= 1:
        raise ValueError("the data's last point cannot be removed")
    keep = np.arange(problem.n_samples) != row

    def kept(values: np.ndarray | None) -> np.ndarray | None:
        return None if values is None else values[keep]

    return _edited(
        problem,
        problem.X[keep],
        kept(problem.file_X),
        labels=kept(problem.labels),
        truth_z=kept(problem.truth_z),
        lines=kept(problem.lines),
        context=None,  # its ignored cells are per row of the file: exports join edited data to nothing
    )


def rows_after_removal(manual_labels: tuple[tuple[int, int], ...], row: int) -> tuple[tuple[int, int], ...]:
    """Labels given by hand (row, class) after data point `row` was removed: its own goes, later rows move up."""
    return tuple((r - (r > row), k) for r, k in manual_labels if r != row)
