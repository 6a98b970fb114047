"""Choose K and restart-gallery results in session files: what redraws them, checked when read.

A session keeps, under ``"explored"``, the last Choose K result and the last restart gallery,
small enough to sit beside the history: for Choose K the model choice, the Ks and seeds, and per
covariance type each fit's seed, final objective, BIC, AIC and ICL (null where a fit failed),
the retried and failed fits; for the gallery each run's seed, final objective, iterations, whether
it converged, why it failed and its final model (the thumbnails draw it). Fitted runs are not
stored: a fit the user clicks is made again from its seed (`nbviz.app.explore.choose_k.fit_again`,
`restart_gallery.run_again`), which is deterministic, and refused when it does not reach the
saved objective.

`explored_to_dict` writes; `explored_from_dict` reads, raising `SchemaError` naming the entry
(``explored.choose_k.types[1].bic[2][0]``) and what it must be.
"""

from __future__ import annotations

import numpy as np

import nbviz.core as nc

from ..data.problem import Problem
from ..explore.choose_k import KChoice
from ..explore.restart_gallery import Restart, RestartGallery, group_optima, objective_tolerance
from ..model.config import MAX_SEED
from . import session_document as document
from .session_schema import SchemaError, a_bool, a_dict, a_list, a_number, a_string, an_int, entry, mixture, shown

CRITERIA_KEYS = ("objective", "bic", "aic", "icl")
FLAG_KEYS = ("degenerate", "converged", "degeneracies")  # absent in files written before they were saved


# ----------------------------------------------------------------------------- writing
def _values(array: np.ndarray) -> list:
    """Nested lists with null for NaN (JSON has no NaN)."""
    return [[None if np.isnan(v) else float(v) for v in row] for row in np.asarray(array, dtype=float)]


def _selection_to_dict(selection: nc.Selection) -> dict:
    return {
        "covariance_type": selection.covariance_type,
        **{key: _values(getattr(selection, key)) for key in CRITERIA_KEYS},
        "fit_seeds": np.asarray(selection.fit_seeds).tolist(),
        "retried": [
            [i, r, [list(attempt) for attempt in tries]] for (i, r), tries in sorted(selection.retried.items())
        ],
        "failures": [[i, r, message] for (i, r), message in sorted(selection.failures.items())],
        "cancelled": bool(selection.cancelled),
        **_flags_to_dict(selection),
    }


def _flags_to_dict(selection: nc.Selection) -> dict:
    """Which fits are degenerate (and why) and which converged; nothing when not known (read from an older file)."""
    shape = selection.objective.shape
    if selection.degenerate.shape != shape or selection.converged.shape != shape:
        return {}
    return {
        "degenerate": np.asarray(selection.degenerate, dtype=bool).tolist(),
        "converged": np.asarray(selection.converged, dtype=bool).tolist(),
        "degeneracies": [
            [i, r, list(degeneracy.reasons)] for (i, r), degeneracy in sorted(selection.degeneracies.items())
        ],
    }


def choice_to_dict(choice: KChoice, tolerance: float) -> dict:
    selection = choice.selection
    return {
        "config": choice.config.to_dict(),
        "tolerance": float(tolerance),
        "criterion": selection.criterion,
        "ks": np.asarray(selection.ks).tolist(),
        "seeds": np.asarray(selection.seeds).tolist(),
        "compared": bool(choice.by_type),
        "types": [_selection_to_dict(choice.selection_for(kind)) for kind in choice.covariance_types],
    }


def gallery_to_dict(gallery: RestartGallery, tolerance: float) -> dict:
    return {
        "config": gallery.config.to_dict(),
        "tolerance": float(tolerance),
        "cancelled": bool(gallery.cancelled),
        "requested": int(gallery.requested),
        "rows": np.asarray(gallery.runs[0].rows if gallery.runs else []).tolist(),
        "runs": [
            {
                "seed": int(run.seed),
                "objective": float(run.objective) if run.ok else None,
                "iterations": int(run.iterations),
                "converged": bool(run.converged),
                "error": run.error,
                "failed": [list(attempt) for attempt in run.failed],
                "model": None if run.final_model is None else run.final_model.to_dict(),
            }
            for run in gallery.runs
        ],
    }


def explored_to_dict(choice: KChoice | None, gallery: RestartGallery | None) -> dict:
    """The session's ``"explored"`` entry (empty when there is nothing to keep).

    Each result is saved with the tolerance its fits ran with: a result read from a session keeps
    the one it was read with, a fresh one its config's.
    """
    data = {}
    if choice is not None:
        data["choose_k"] = choice_to_dict(choice, choice.tolerance or choice.config.tolerance)
    if gallery is not None:
        data["restarts"] = gallery_to_dict(gallery, gallery.tolerance or gallery.config.tolerance)
    return data


# ----------------------------------------------------------------------------- reading
def _known(data: dict, keys, where: str) -> None:
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise SchemaError(where, f"has an unknown entry {shown(unknown[0])}")


def _table(value, where: str, shape: tuple[int, int], *, integers: bool = False, booleans: bool = False) -> np.ndarray:
    """A (rows, columns) table of numbers (null: NaN, not for integers), or of true/false (`booleans`)."""
    rows = a_list(value, where)
    if len(rows) != shape[0]:
        raise SchemaError(where, f"must have {shape[0]} rows (one per K); got {len(rows)}")
    array = np.full(shape, np.nan) if not integers else np.zeros(shape, dtype=np.int64)
    for i, row in enumerate(rows):
        cells = a_list(row, f"{where}[{i}]")
        if len(cells) != shape[1]:
            raise SchemaError(f"{where}[{i}]", f"must have {shape[1]} entries (one per restart); got {len(cells)}")
        for j, cell in enumerate(cells):
            if booleans:
                array[i, j] = bool(a_bool(cell, f"{where}[{i}][{j}]"))
            elif integers:
                array[i, j] = an_int(cell, f"{where}[{i}][{j}]", low=0, high=MAX_SEED)
            elif cell is not None:
                array[i, j] = a_number(cell, f"{where}[{i}][{j}]")
    return array


def _attempts(value, where: str) -> tuple:
    """Failed attempts: [seed, cause, message] each."""
    attempts = []
    for a, attempt in enumerate(a_list(value, where)):
        at = f"{where}[{a}]"
        items = a_list(attempt, at)
        if len(items) != 3:
            raise SchemaError(at, f"must be [seed, cause, message]; got {shown(items)}")
        seed = an_int(items[0], f"{at}[0]", low=0, high=MAX_SEED)
        attempts.append((seed, a_string(items[1], f"{at}[1]"), a_string(items[2], f"{at}[2]")))
    return tuple(attempts)


def _fit_index(item, where: str, n_ks: int, n_init: int) -> tuple[int, int, list]:
    items = a_list(item, where)
    if len(items) != 3:
        raise SchemaError(where, f"must be [k_index, restart, value]; got {shown(items)}")
    i = an_int(items[0], f"{where}[0]", low=0, high=n_ks - 1)
    r = an_int(items[1], f"{where}[1]", low=0, high=n_init - 1)
    return i, r, items[2]


def _selection(value, where: str, ks: np.ndarray, seeds: np.ndarray, criterion: str, types) -> nc.Selection:
    data = a_dict(value, where)
    _known(
        data, ("covariance_type", *CRITERIA_KEYS, "fit_seeds", "retried", "failures", "cancelled", *FLAG_KEYS), where
    )
    kind = a_string(entry(data, "covariance_type", where), f"{where}.covariance_type") or ""
    if kind not in types:
        raise SchemaError(f"{where}.covariance_type", f"must be one of {', '.join(types)}; got {shown(kind)}")
    shape = (ks.size, seeds.size)
    arrays = {key: _table(entry(data, key, where), f"{where}.{key}", shape) for key in CRITERIA_KEYS}
    for key in CRITERIA_KEYS[1:]:  # a criterion exactly where the fit finished
        mismatch = np.isnan(arrays[key]) != np.isnan(arrays["objective"])
        if mismatch.any():
            i, j = np.argwhere(mismatch)[0]
            raise SchemaError(f"{where}.{key}[{i}][{j}]", "must be a number exactly where the fit has an objective")
    fit_seeds = _table(entry(data, "fit_seeds", where), f"{where}.fit_seeds", shape, integers=True)
    retried, failures = {}, {}
    for n, item in enumerate(a_list(data.get("retried", []), f"{where}.retried")):
        i, r, tries = _fit_index(item, f"{where}.retried[{n}]", *shape)
        retried[(i, r)] = _attempts(tries, f"{where}.retried[{n}][2]")
    for n, item in enumerate(a_list(data.get("failures", []), f"{where}.failures")):
        i, r, message = _fit_index(item, f"{where}.failures[{n}]", *shape)
        failures[(i, r)] = a_string(message, f"{where}.failures[{n}][2]")
    selection = nc.Selection(
        ks=ks,
        seeds=seeds,
        criterion=criterion,
        runs={},
        failures=failures,
        cancelled=bool(a_bool(data.get("cancelled", False), f"{where}.cancelled")),
        covariance_type=kind,
        fit_seeds=fit_seeds,
        retried=retried,
        **arrays,
    )
    _read_flags(selection, data, where)
    return selection


def _read_flags(selection: nc.Selection, data: dict, where: str) -> None:
    """`selection`'s degenerate and converged fits, as saved; left not known (empty) for a file
    written before they were saved (every finished fit then counts as usable)."""
    present = [key for key in FLAG_KEYS if key in data]
    if not present:
        return
    if "degenerate" not in data or "converged" not in data:
        raise SchemaError(where, "must have both degenerate and converged, or neither (an older file)")
    finished = ~np.isnan(selection.objective)
    for key in ("degenerate", "converged"):
        flags = _table(data[key], f"{where}.{key}", finished.shape, booleans=True).astype(bool)
        if np.any(flags & ~finished):
            i, j = np.argwhere(flags & ~finished)[0]
            raise SchemaError(f"{where}.{key}[{i}][{j}]", "must be false where the fit did not finish")
        setattr(selection, key, flags)
    for n, item in enumerate(a_list(data.get("degeneracies", []), f"{where}.degeneracies")):
        i, r, reasons = _fit_index(item, f"{where}.degeneracies[{n}]", *finished.shape)
        if not selection.degenerate[i, r]:
            raise SchemaError(f"{where}.degeneracies[{n}]", "must name a degenerate fit")
        texts = tuple(
            a_string(text, f"{where}.degeneracies[{n}][2][{m}]") or ""
            for m, text in enumerate(a_list(reasons, f"{where}.degeneracies[{n}][2]"))
        )
        selection.degeneracies[(i, r)] = nc.Degeneracy(tuple(range(len(texts))), texts)


def _config_and_tolerance(data: dict, where: str, problem: Problem):
    try:
        config = document.config(entry(data, "config", where), problem)
    except SchemaError as error:  # named as the session's config: say whose
        raise SchemaError(f"{where}.{error.where}", str(error)[len(error.where) + 1 :]) from None
    tolerance = a_number(entry(data, "tolerance", where), f"{where}.tolerance", low=0.0)
    if not tolerance > 0:
        raise SchemaError(f"{where}.tolerance", f"must be > 0; got {shown(tolerance)}")
    return config, tolerance


def choice_from_dict(value, problem: Problem) -> KChoice:
    where = "explored.choose_k"
    data = a_dict(value, where)
    _known(data, ("config", "tolerance", "criterion", "ks", "seeds", "compared", "types"), where)
    config, tolerance = _config_and_tolerance(data, where, problem)
    criterion = a_string(entry(data, "criterion", where), f"{where}.criterion")
    if criterion not in nc.CRITERIA:
        raise SchemaError(f"{where}.criterion", f"must be one of {', '.join(nc.CRITERIA)}; got {shown(criterion)}")
    ks_list = a_list(entry(data, "ks", where), f"{where}.ks", low=1)
    ks = np.array([an_int(k, f"{where}.ks[{i}]", low=1, high=problem.n_samples) for i, k in enumerate(ks_list)])
    if np.any(np.diff(ks) <= 0):
        raise SchemaError(f"{where}.ks", f"must be increasing; got {shown(ks.tolist())}")
    seeds_list = a_list(entry(data, "seeds", where), f"{where}.seeds", low=1)
    seeds = np.array([an_int(s, f"{where}.seeds[{i}]", low=0, high=MAX_SEED) for i, s in enumerate(seeds_list)])
    compared = a_bool(entry(data, "compared", where), f"{where}.compared")
    types = nc.COVARIANCE_TYPES
    entries = a_list(entry(data, "types", where), f"{where}.types", low=1)
    selections = [_selection(e, f"{where}.types[{t}]", ks, seeds, criterion, types) for t, e in enumerate(entries)]
    kinds = [selection.covariance_type for selection in selections]
    if len(set(kinds)) != len(kinds) or (not compared and len(kinds) != 1):
        raise SchemaError(f"{where}.types", f"must name each covariance type once (one unless compared); got {kinds}")
    by_type = {selection.covariance_type: selection for selection in selections} if compared else {}
    first = by_type.get(config.covariance_type, selections[0])
    return KChoice(problem, config, first, by_type, tolerance=tolerance)


def gallery_from_dict(value, problem: Problem) -> RestartGallery:
    where = "explored.restarts"
    data = a_dict(value, where)
    _known(data, ("config", "tolerance", "cancelled", "requested", "rows", "runs"), where)
    config, tolerance = _config_and_tolerance(data, where, problem)
    cancelled = bool(a_bool(data.get("cancelled", False), f"{where}.cancelled"))
    runs_data = a_list(entry(data, "runs", where), f"{where}.runs")
    requested = an_int(entry(data, "requested", where), f"{where}.requested", low=len(runs_data))
    rows = np.array(
        [
            an_int(n, f"{where}.rows[{i}]", low=0, high=problem.n_samples - 1)
            for i, n in enumerate(a_list(data["rows"], f"{where}.rows"))
        ]
        if "rows" in data
        else [],
        dtype=np.int64,
    )
    runs = []
    for i, item in enumerate(runs_data):
        at = f"{where}.runs[{i}]"
        run = a_dict(item, at)
        _known(run, ("seed", "objective", "iterations", "converged", "error", "failed", "model"), at)
        objective = a_number(run.get("objective"), f"{at}.objective", optional=True)
        model = None if run.get("model") is None else mixture(run["model"], f"{at}.model", problem.n_features)
        if (objective is None) != (model is None):
            raise SchemaError(at, "must have both an objective and a model (a finished run) or neither (a failed one)")
        if model is not None and (model.family != config.family or model.n_components != config.n_components):
            raise SchemaError(f"{at}.model", f"must be the gallery's model ({config.title}); got another")
        runs.append(
            Restart(
                seed=an_int(entry(run, "seed", at), f"{at}.seed", low=0, high=MAX_SEED),
                em=None,
                objective=np.nan if objective is None else float(objective),
                iterations=an_int(entry(run, "iterations", at), f"{at}.iterations", low=0),
                converged=bool(a_bool(entry(run, "converged", at), f"{at}.converged")),
                error=a_string(run.get("error", ""), f"{at}.error") or "",
                rows=rows if model is not None else np.zeros(0, dtype=np.int64),
                labels=None if model is None else model.predict(problem.X[rows]),
                failed=_attempts(run.get("failed", []), f"{at}.failed"),
                model=model,
            )
        )
    objectives = np.array([run.objective for run in runs])
    finished = objectives[~np.isnan(objectives)]
    if np.any(np.diff(finished) > 0) or (finished.size < len(runs) and np.isnan(objectives[: finished.size]).any()):
        raise SchemaError(f"{where}.runs", "must be sorted by final objective, best first, failed runs last")
    objective_tol = objective_tolerance(tolerance)
    groups = group_optima([run.model for run in runs], objectives, objective_tol)
    return RestartGallery(problem, config, runs, groups, objective_tol, cancelled, requested, tolerance=tolerance)


def explored_from_dict(value, problem: Problem) -> tuple[KChoice | None, RestartGallery | None]:
    """(Choose K result, restart gallery) of a session's optional ``"explored"`` entry."""
    if value is None:
        return None, None
    data = a_dict(value, "explored")
    _known(data, ("choose_k", "restarts"), "explored")
    choice = None if data.get("choose_k") is None else choice_from_dict(data["choose_k"], problem)
    gallery = None if data.get("restarts") is None else gallery_from_dict(data["restarts"], problem)
    return choice, gallery
