"""Session files (``.nbviz``): the data, the model choice and the whole half-step history.

A session file is UTF-8 JSON::

    {"format": "nbviz-session", "version": 1,
     "problem": {"name", "columns", "X", "labels", "classes", "truth", "truth_z", "image_shape",
                 "description", "source", "load_options", "lines"},
     "config": ModelConfig.to_dict(),
     "history": [Snapshot.to_dict(), ...],
     "cursor": int, "selected": int}

The data is embedded; floats are written by ``repr``, so every number reads back bit for bit.
Data read from a file with more than ``EMBED_LIMIT`` values is not embedded: format version 2 keeps
``"data_file": {"path", "relative", "options", "sha256"}`` in place of ``X`` and ``labels``, and
reading loads the file again (beside the session first, then at its absolute path) and refuses it
unless the checksum of the loaded numbers matches.
Files are written atomically (QSaveFile): a failure part-way leaves any earlier file as it was.
Reading refuses, with a message naming the file, anything that is not JSON, is truncated, comes
from a newer nbviz or does not fit together (the history is re-evaluated on the data).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import nbviz.core as nc

from .config import ModelConfig
from .files import WriteError, write_atomically
from .problem import Problem

FORMAT = "nbviz-session"
VERSION = 2  # the newest format this nbviz reads; files that embed their data are written as 1
EMBED_LIMIT = 250_000  # data values; larger data read from a file is saved as a path and checksum
SUFFIX = ".nbviz"


class SessionFileError(ValueError):
    """A session file that cannot be written or read; the message names the file."""


@dataclass(frozen=True)
class SavedSession:
    """What a session file holds, ready for `Session.restore`."""

    problem: Problem
    config: ModelConfig
    history: list
    cursor: int
    selected: int


def _array_or_none(value) -> list | None:
    return None if value is None else np.asarray(value).tolist()


def data_checksum(X: np.ndarray, labels: np.ndarray | None) -> str:
    """SHA-256 of the data's numbers (float64 X, int64 labels), whatever file format held them."""
    digest = hashlib.sha256(np.ascontiguousarray(X, dtype="<f8").tobytes())
    digest.update(repr(X.shape).encode())
    if labels is not None:
        digest.update(np.ascontiguousarray(labels, dtype="<i8").tobytes())
    return digest.hexdigest()


def refers_to_file(problem: Problem) -> bool:
    """Whether a session saves `problem` as a reference to its data file rather than embedding it."""
    return problem.source is not None and problem.load_options is not None and problem.X.size > EMBED_LIMIT


def problem_to_dict(problem: Problem, session_path=None) -> dict:
    if refers_to_file(problem):
        assert problem.source is not None  # refers_to_file checked it
        path = os.path.abspath(problem.source)
        relative = None
        if session_path is not None:
            try:
                relative = os.path.relpath(path, os.path.dirname(os.path.abspath(session_path)))
            except ValueError:  # another drive (Windows)
                relative = None
        data: dict[str, object] = {
            "data_file": {
                "path": path,
                "relative": relative,
                "options": problem.load_options,
                "sha256": data_checksum(problem.X, problem.labels),
            }
        }
    else:
        data = {
            "X": problem.X.tolist(),
            "labels": _array_or_none(problem.labels),
            "lines": _array_or_none(problem.lines),
        }
    return {
        "name": problem.name,
        "columns": list(problem.columns),
        **data,
        "classes": None if problem.classes is None else list(problem.classes),
        "truth": None if problem.truth is None else problem.truth.to_dict(),
        "truth_z": _array_or_none(problem.truth_z),
        "image_shape": None if problem.image_shape is None else list(problem.image_shape),
        "description": problem.description,
        "source": problem.source,
        "load_options": problem.load_options,
    }


def _load_data_file(reference: dict, session_path) -> nc.Dataset:
    """The data set read again from the data file a session refers to; ValueError if it is gone or changed."""
    from .import_spec import ImportSpec

    candidates = []
    if reference.get("relative") and session_path is not None:
        candidates.append(os.path.join(os.path.dirname(os.path.abspath(session_path)), reference["relative"]))
    candidates.append(str(reference["path"]))
    path = next((p for p in candidates if os.path.isfile(p)), None)
    if path is None:
        raise ValueError(
            f"its data file {reference['path']} was not found; put the file back there (or "
            "beside the session, where it was) and open the session again"
        )
    try:
        dataset = ImportSpec.from_options(path, dict(reference["options"])).load()
    except (TypeError, ValueError) as error:  # DataError is a ValueError
        raise ValueError(f"its data file {path} can no longer be read: {error}") from None
    if data_checksum(dataset.X, dataset.labels) != reference["sha256"]:
        raise ValueError(
            f"its data file {path} has changed since the session was saved (the numbers "
            "differ), so the saved history does not belong to it"
        )
    return dataset


def _image_shape(value, n_features: int) -> tuple[int, int] | None:
    """The saved (rows, columns) of the data's rows as images, checked against `n_features`."""
    if value is None:
        return None
    shape = tuple(int(v) for v in value)
    if len(shape) != 2 or min(shape) < 1 or shape[0] * shape[1] != n_features:
        raise ValueError(f"image_shape {list(value)} is not (rows, columns) of an image with {n_features} pixels")
    return shape[0], shape[1]


def problem_from_dict(data: dict, session_path=None) -> Problem:
    try:
        source, load_options, lines = data.get("source"), data.get("load_options"), None
        if "data_file" in data:
            dataset = _load_data_file(data["data_file"], session_path)
            X, labels, source, lines = dataset.X, dataset.labels, dataset.path, dataset.lines
            load_options = data["data_file"]["options"]
        else:
            X = np.array(data["X"], dtype=np.float64)
            labels = None if data.get("labels") is None else np.array(data["labels"], dtype=np.int64)
            lines = None if data.get("lines") is None else np.array(data["lines"], dtype=np.int64)
        if X.ndim != 2 or not np.all(np.isfinite(X)):
            raise ValueError("the data must be a table of finite numbers")
        truth_z = None if data.get("truth_z") is None else np.array(data["truth_z"], dtype=np.int64)
        for name, values in (("labels", labels), ("truth_z", truth_z), ("lines", lines)):
            if values is not None and values.shape != (X.shape[0],):
                raise ValueError(f"{name} must have one entry per data row")
        columns = tuple(str(c) for c in data["columns"])
        if len(columns) != X.shape[1]:
            raise ValueError(f"{len(columns)} column names for {X.shape[1]} columns")
        return Problem(
            name=str(data["name"]),
            X=X,
            columns=columns,
            labels=labels,
            classes=None if data.get("classes") is None else tuple(str(c) for c in data["classes"]),
            truth=None if data.get("truth") is None else nc.Mixture.from_dict(data["truth"]),
            truth_z=truth_z,
            image_shape=_image_shape(data.get("image_shape"), X.shape[1]),
            description=str(data.get("description", "")),
            source=source,
            load_options=load_options,
            lines=lines,
        )
    except KeyError as error:
        raise ValueError(f"the data has no {error.args[0]!r} entry") from None
    except TypeError as error:
        raise ValueError(f"the data is malformed ({error})") from None


def session_to_dict(problem: Problem, config: ModelConfig, history, cursor: int, selected: int = -1, path=None) -> dict:
    """The JSON-ready session; `path` (where it is saved) lets a data file be found relative to it."""
    version = 2 if refers_to_file(problem) else 1
    return {
        "format": FORMAT,
        "version": version,
        "problem": problem_to_dict(problem, path),
        "config": config.to_dict(),
        "history": [snapshot.to_dict() for snapshot in history],
        "cursor": int(cursor),
        "selected": int(selected),
    }


def write_session(path, problem: Problem, config: ModelConfig, history, cursor: int, selected: int = -1) -> None:
    """Write a session file atomically; SessionFileError if it cannot be written."""
    try:
        text = json.dumps(session_to_dict(problem, config, history, cursor, selected, path), allow_nan=False)
    except ValueError as error:  # a non-finite number has no JSON spelling
        raise SessionFileError(f"{path}: cannot be saved: {error}") from None
    try:
        write_atomically(path, text.encode("utf-8"))
    except WriteError as error:
        raise SessionFileError(str(error)) from None


def read_session(path) -> SavedSession:
    """Read and check a session file; SessionFileError naming the file and the problem."""
    name = Path(path).name
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise SessionFileError(f"{path}: cannot be read: {error.strerror or error}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SessionFileError(f"{name}: not an nbviz session (not text)") from None
    except json.JSONDecodeError as error:
        raise SessionFileError(
            f"{name}: not an nbviz session, or cut short: invalid JSON at line {error.lineno}, column {error.colno}"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionFileError(f"{name}: not an nbviz session file")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise SessionFileError(f"{name}: the session format version is missing or invalid")
    if version > VERSION:
        raise SessionFileError(
            f"{name}: saved by a newer nbviz (session format {version}); this one reads "
            f"format {VERSION} — please update nbviz"
        )
    try:
        problem = problem_from_dict(data["problem"], path)
        config = ModelConfig.from_dict(data["config"])
        history = [nc.Snapshot.from_dict(item) for item in data["history"]]
        cursor, selected = int(data.get("cursor", len(history) - 1)), int(data.get("selected", -1))
    except KeyError as error:
        raise SessionFileError(f"{name}: the session has no {error.args[0]!r} entry") from None
    except (ValueError, TypeError) as error:
        raise SessionFileError(f"{name}: {error}") from None
    if not 0 <= cursor < max(len(history), 1):
        raise SessionFileError(f"{name}: the saved cursor {cursor} is outside the history")
    return SavedSession(problem, config, history, cursor, selected)
