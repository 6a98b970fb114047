"""Session files (``.nbviz``): the data, the model choice and the whole half-step history.

A session file is UTF-8 JSON::

    {"format": "nbviz-session", "version": 1,
     "problem": {"name", "columns", "X", "labels", "classes", "truth", "truth_z", "image_shape",
                 "description", "source", "load_options", "lines", "label_name", "context",
                 "standardization" (optional), "levels" (optional: each feature's level names),
                 "X_file" (optional, in place of "X": the file's
                 numbers of standardised data)},
     "config": ModelConfig.to_dict(),
     "history": [Snapshot.to_dict(), ...],
     "cursor": int, "selected": int,
     "explored": {"choose_k", "restarts"} (optional: the kept results, `explore_saved`),
     "view": {"equal_aspect": bool} (optional: how the data views show the data, when chosen),
     "checksum": "sha256:..."}

The data is embedded; floats are written by ``repr``, so every number reads back bit for bit.
Data read from a file with more than ``EMBED_LIMIT`` values is not embedded: the file keeps
``"data_file": {"path", "relative", "options", "sha256", "file_sha256", "file_size"}`` in place of
``X`` and ``labels`` (format 2 and later), provided the file still gives the data when the session is
saved; data whose file has gone or changed stays embedded, so a saved session always reopens. Reading
opens only a regular file (beside the session first, then at its absolute path), compares its size
with the one recorded, hashes its bytes before reading them as data, and refuses it unless both
checksums match; its content never appears in a message. Files are written as format
`session_versions.WRITTEN`; a file without its checksum opens only as a genuine older format.
Files are written atomically (QSaveFile): a failure part-way leaves any earlier file as it was.

Reading (`read_session`) checks the whole document before anything is built: a regular file of at
most `MAX_SESSION_BYTES`, JSON within limits (nesting depth, digits of an integer), the checksum of
the content written at save time (files from before it had one are read without, if they are
genuinely of an older format: `session_versions`), every entry's type, shape and range
(`session_document`), and every snapshot's numbers recomputed on the data (`session_integrity`;
a sample of a long history). Any failure is one `SessionFileError` line naming the file and the entry.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np

import nbviz.core as nc
from nbviz.core.tables.paths import regular_file_size

from ..data.files import WriteError, write_atomically
from ..data.problem import Problem
from ..run.session_state import SessionState
from . import session_document as document
from .explore_saved import explored_from_dict, explored_to_dict
from .row_context_document import context_to_dict
from .session_integrity import check_history
from .session_schema import SchemaError, content_checksum, entry, parse_document, shown
from .session_versions import WRITTEN, check_unsigned

FORMAT = "nbviz-session"
VERSION = 3  # the newest format this nbviz reads (and writes: `session_versions`)
MAX_SESSION_BYTES = 512 << 20  # larger files are refused before they are read, and never written
MAX_DATA_FILE_BYTES = 2 << 30  # a referenced data file larger than this is refused before it is hashed
EMBED_LIMIT = 250_000  # data values; larger data read from a file is saved as a path and checksum
SUFFIX = ".nbviz"


class SessionFileError(ValueError):
    """A session file that cannot be written or read; the message names the file."""


SavedSession = SessionState
"""What a session file holds, ready for `Session.restore`: the session's plain state."""


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
    # standardised numbers are not the file's: they are embedded, with their centre and scale
    referable = problem.source is not None and problem.load_options is not None and problem.standardization is None
    return referable and problem.X.size > EMBED_LIMIT


def _file_checksum_or_none(path) -> str | None:
    try:
        return file_checksum(path)
    except OSError:  # gone since it was read: the numbers' checksum still guards it
        return None


def _size_or_none(path) -> int | None:
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return None


def _reopens(problem_data: dict, session_path) -> bool:
    """Whether the data file `problem_data` refers to gives the session's data again (as reading would)."""
    try:
        _load_data_file(problem_data["data_file"], session_path)
    except SchemaError:
        return False
    return True


def problem_to_dict(problem: Problem, session_path=None, embed: bool = False) -> dict:
    """The JSON-ready ``problem`` entry: the data embedded, or (large data from a file, unless `embed`)
    a reference to its file."""
    if refers_to_file(problem) and not embed:
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
                "file_sha256": _file_checksum_or_none(path),
                "file_size": _size_or_none(path),
            }
        }
    else:
        # standardised data keeps the file's numbers; X is rebuilt from them exactly (the same arithmetic)
        kept = problem.file_X if problem.standardization is not None else None
        data = {
            **({"X": cells_to_json(problem.X)} if kept is None else {"X_file": cells_to_json(kept)}),
            "labels": _array_or_none(problem.labels),
            "lines": _array_or_none(problem.lines),
            "context": context_to_dict(problem.context),
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
        **({} if problem.standardization is None else {"standardization": problem.standardization.to_dict()}),
        "label_name": problem.label_name,
        **({} if problem.preset is None else {"preset": problem.preset}),
        **({} if problem.levels is None else {"levels": [list(names) for names in problem.levels]}),
    }


def cells_to_json(X: np.ndarray) -> list:
    """`X` (n_samples, n_features) as nested lists, a missing cell (NaN) as None (JSON's null)."""
    if not np.isnan(X).any():
        return X.tolist()
    return [[None if value != value else value for value in row] for row in X.tolist()]


def session_to_dict(state: SessionState, path=None) -> dict:
    """The JSON-ready session; `path` (where it is saved) lets a data file be found relative to it.

    The last entry, ``checksum``, is the SHA-256 of the rest (`session_schema.content_checksum`).
    Raises ValueError for a number that has no JSON spelling (NaN, infinity).
    """
    problem = state.problem
    problem_data = problem_to_dict(problem, path)
    if "data_file" in problem_data and not _reopens(problem_data, path):
        problem_data = problem_to_dict(problem, path, embed=True)  # its file has gone or changed: keep the data
    explored = explored_to_dict(*state.explored)
    document = {
        "format": FORMAT,
        "version": WRITTEN,
        "problem": problem_data,
        "config": state.config.to_dict(),
        "history": [snapshot.to_dict() for snapshot in state.history],
        "cursor": int(state.cursor),
        "selected": int(state.selected),
        **({"explored": explored} if explored else {}),  # Choose K and gallery results (`explore_saved`)
        **({"view": dict(state.view)} if state.view else {}),  # how the data views show the data
    }
    return {**document, "checksum": content_checksum(document)}


def write_session(path, state: SessionState) -> None:
    """Write a session's state to a file atomically (a `nbviz.app.run.session_state.SessionWriter`).

    Raises SessionFileError (a ValueError) naming the file if it cannot be written.
    """
    try:
        document = session_to_dict(state, path)
        text = json.dumps(document, allow_nan=False)
    except ValueError as error:  # a non-finite number has no JSON spelling
        raise SessionFileError(f"{path}: cannot be saved: {error}") from None
    if len(text) > MAX_SESSION_BYTES:  # ASCII: json.dumps escapes the rest
        raise SessionFileError(
            f"{path}: cannot be saved: the session would be {len(text) / 2**20:,.0f} MiB, more than nbviz "
            f"reads back ({MAX_SESSION_BYTES >> 20} MiB); save fewer half-steps or less data"
        )
    try:
        write_atomically(path, text.encode("utf-8"))
    except WriteError as error:
        raise SessionFileError(str(error)) from None


def read_session(path) -> SessionState:
    """Read and check a whole session file; SessionFileError naming the file, the entry and the problem.

    Nothing is built until the document has been parsed within limits, its checksum (when it has
    one) matches, every entry has its type, shape and range, and the history's numbers are those
    the data give (every snapshot, or a sample of a long history).
    """
    name = Path(path).name
    raw = _read_session_bytes(path)
    try:
        data = parse_document(raw)
    except UnicodeDecodeError:
        raise SessionFileError(f"{name}: not an nbviz session (not text)") from None
    except json.JSONDecodeError as error:
        raise SessionFileError(
            f"{name}: not an nbviz session, or cut short: invalid JSON at line {error.lineno}, column {error.colno}"
        ) from None
    except (SchemaError, ValueError) as error:  # ValueError: Python's limit on digits of an integer
        raise SessionFileError(f"{name}: not an nbviz session: it {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionFileError(f"{name}: not an nbviz session file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SessionFileError(f"{name}: the session format version is missing or invalid")
    if version > VERSION:
        raise SessionFileError(
            f"{name}: saved by a newer nbviz (session format {version}); this one reads "
            f"format {VERSION} — please update nbviz"
        )
    checksum = data.get("checksum")
    if "checksum" not in data:
        try:
            check_unsigned(data, version)
        except SchemaError as error:
            raise SessionFileError(f"{name}: {error}") from None
    elif not isinstance(checksum, str) or checksum != content_checksum(data):
        raise SessionFileError(
            f"{name}: the file was changed or damaged after nbviz saved it (its checksum does not match "
            "its content); open a copy saved by nbviz"
        )
    try:
        known = (
            "format",
            "version",
            "problem",
            "config",
            "history",
            "cursor",
            "selected",
            "explored",
            "view",
            "checksum",
        )
        _no_unknown(data, known)
        problem_data = entry(data, "problem", "the session")
        dataset = None
        if isinstance(problem_data, dict) and "data_file" in problem_data:
            if version < 2:
                raise SchemaError("problem.data_file", "needs session format 2")
            reference = document.data_file_reference(problem_data["data_file"], "problem.data_file")
            if version >= WRITTEN and reference.get("file_size") is None:
                raise SchemaError("problem.data_file", "has no 'file_size' entry")
            dataset = _load_data_file(reference, path)
        problem = document.problem(problem_data, dataset)
        config = document.config(entry(data, "config", "the session"), problem)
        history = document.history(entry(data, "history", "the session"), problem, config)
        cursor = document.index_within(data.get("cursor"), "cursor", len(history) - 1, 0, len(history) - 1)
        selected = document.index_within(data.get("selected"), "selected", -1, -1, problem.n_samples - 1)
        check_history(problem, config, history, salt=str(checksum).encode())
        explored = explored_from_dict(data.get("explored"), problem)
        view = document.view_choices(data.get("view"))
    except SchemaError as error:
        raise SessionFileError(f"{name}: {error}") from None
    return SessionState(problem, config, history, cursor, selected, explored, view)


def _no_unknown(data: dict, known) -> None:
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise SchemaError("the session", f"has an unknown entry {shown(unknown[0])}")


def _read_session_bytes(path) -> bytes:
    """The bytes of the session file at `path`; SessionFileError for devices, FIFOs, folders, files
    over `MAX_SESSION_BYTES` and errors, before anything is read."""
    try:
        size = regular_file_size(str(path), "a session file")
    except ValueError as error:  # DataError: missing, a folder, a pipe, a device
        raise SessionFileError(str(error)) from None
    if size > MAX_SESSION_BYTES:
        raise SessionFileError(
            f"{path}: is {size / 2**20:,.0f} MiB, larger than any session nbviz writes "
            f"({MAX_SESSION_BYTES >> 20} MiB at most); it is not an nbviz session"
        )
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_SESSION_BYTES + 1)
    except OSError as error:
        raise SessionFileError(f"{path}: cannot be read: {error.strerror or error}") from None
    if len(raw) > MAX_SESSION_BYTES:  # it grew while it was read
        raise SessionFileError(f"{path}: grew past {MAX_SESSION_BYTES >> 20} MiB while it was read")
    return raw


def file_checksum(path) -> str:
    """SHA-256 of the bytes of the file at `path`, read in blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _regular_file(path: str) -> bool:
    try:
        regular_file_size(path)
    except ValueError:  # DataError, or a NUL in the path
        return False
    return True


def _path_shown(path: str) -> str:
    """A path for a message: on one line, its end kept when it is long."""
    text = path.replace("\n", " ").replace("\r", " ")
    return text if len(text) <= 200 else "…" + text[-199:]


def _load_data_file(reference: dict, session_path) -> nc.Dataset:
    """The data set read again from the data file a session refers to; SchemaError if it is gone or changed.

    Only a regular file is opened. When the session recorded the file's checksum, the file is read
    only to hash it until that matches, and its content never reaches a message either way.
    """
    from ..data.import_spec import ImportSpec

    candidates = []
    if reference.get("relative") and session_path is not None:
        candidates.append(os.path.join(os.path.dirname(os.path.abspath(session_path)), reference["relative"]))
    candidates.append(reference["path"])
    path = next((p for p in candidates if _regular_file(p)), None)
    if path is None:
        raise SchemaError(
            "",
            f"its data file (problem.data_file) {_path_shown(reference['path'])} was not found or is not a "
            "regular file; put the file back there (or beside the session, where it was) and open the session again",
        )
    changed = SchemaError(
        "",
        f"its data file (problem.data_file) {_path_shown(path)} has changed since the session was saved "
        "(its content differs), so the saved history does not belong to it",
    )
    size = _size_or_none(path)
    if size is None or size != reference.get("file_size", size) or size > MAX_DATA_FILE_BYTES:
        raise changed  # refused before a byte is hashed
    try:
        if reference.get("file_sha256") is not None and file_checksum(path) != reference["file_sha256"]:
            raise changed
        dataset = ImportSpec.from_options(path, dict(reference["options"])).load()
    except (OSError, TypeError, ValueError, MemoryError):  # DataError is a ValueError; its text quotes the file
        raise changed from None
    if data_checksum(dataset.X, dataset.labels) != reference["sha256"]:
        raise changed
    return dataset
