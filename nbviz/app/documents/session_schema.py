"""The shape of a session file, checked before anything is built from it.

`parse_document` reads the JSON text within limits (nesting depth, digits of an integer, no
``NaN``/``Infinity``), so a hostile file cannot exhaust the stack or the CPU while it is parsed.
`check_document` then checks every entry's type, shape and range, and how the entries fit
together (columns and features, labels and classes, image shape and pixels, components and the
model's K, the cursor and the history), so that whatever passes can be built and shown without
an exception. A failure is a `SchemaError` naming the entry, e.g. ``problem.X[3][1]``.

The document's checksum (`content_checksum`) is the SHA-256 of its JSON text without the
``checksum`` entry, as `json.dumps` writes it: re-serialising the parsed numbers gives the same
text, because floats are written by ``repr`` and read back bit for bit.
"""

from __future__ import annotations

import hashlib
import json
import math

import numpy as np

import nbviz.core as nc

from ..families import PRESENTATIONS

MAX_DEPTH = 16  # a session nests at most ~8 deep (history > snapshot > model > covariances)
MAX_INT_DIGITS = 20  # 2**64 has 20 digits; no count, seed or index of a session needs more
MAX_TEXT = 100_000  # characters of one string (names, descriptions, paths)
MAX_SHOWN = 40  # characters of a value quoted in a message
MAX_MESSAGE = 300  # characters of a message a family gives about its parameters
CHECKSUM_PREFIX = "sha256:"


class SchemaError(ValueError):
    """An entry of a session document that is missing, of the wrong type or out of range."""

    def __init__(self, where: str, what: str):
        super().__init__(f"{where} {what}" if where else what)
        self.where = where


def shown(value) -> str:
    """`value` for a message: its repr, cut to a few dozen characters and on one line."""
    text = repr(value).replace("\n", " ")
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


# ----------------------------------------------------------------- parsing within limits
NESTING_PIECE = 1 << 16  # bytes scanned at a time by `nesting_depth`: a few MB of work arrays


def nesting_depth(raw: bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text `raw` (strings skipped), without recursion.

    Scanned a piece at a time with a running depth, in-string state and last position that is not a
    backslash, so the memory it needs beyond `raw` is a few dozen bytes per byte of one piece (a few
    MB), whatever the file's size. A quote after an odd run of backslashes does not count, inside a
    string or not: on text that is not JSON the count may differ from a parser's only after the first
    syntax error, where the parser stops.
    """
    view = np.frombuffer(raw, dtype=np.uint8)
    depth = deepest = 0
    in_string = False
    last_plain = -1  # position of the last byte that is not a backslash
    for start in range(0, view.size, NESTING_PIECE):
        piece = view[start : start + NESTING_PIECE]
        quotes = piece == ord('"')
        backslashes = piece == ord("\\")
        if backslashes.any() or last_plain != start - 1:
            positions = np.arange(start, start + piece.size, dtype=np.int64)
            plain = np.maximum.accumulate(np.where(backslashes, last_plain, positions))
            before = np.concatenate(([last_plain], plain[:-1]))  # the last plain byte before each position
            quotes &= (positions - 1 - before) % 2 == 0  # a quote after an odd run of backslashes is escaped
            last_plain = int(plain[-1])
        else:
            last_plain = start + piece.size - 1
        inside = (np.cumsum(quotes) + in_string) % 2 == 1  # a closing quote counts as inside: not a bracket
        inside |= quotes
        opening = ((piece == ord("[")) | (piece == ord("{"))) & ~inside
        closing = ((piece == ord("]")) | (piece == ord("}"))) & ~inside
        steps = opening.astype(np.int8) - closing.astype(np.int8)
        if steps.any():
            running = np.cumsum(steps, dtype=np.int64) + depth
            deepest = max(deepest, int(running.max()))
            depth = int(running[-1])
        in_string = bool((int(np.count_nonzero(quotes)) + in_string) % 2)
    return deepest


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SchemaError("", f"holds an integer of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SchemaError("", f"holds the number {shown(text)}, too large for a float")
    return value


def _constant(text: str):
    raise SchemaError("", f"holds {text}, which is not a number a session can hold")


def parse_document(raw: bytes):
    """The JSON value of `raw`, read within the limits above.

    Raises
    ------
    UnicodeDecodeError
        When `raw` is not UTF-8.
    json.JSONDecodeError
        When it is not JSON (or is cut short).
    SchemaError
        When it nests deeper than `MAX_DEPTH` or holds an integer longer than `MAX_INT_DIGITS`
        digits, a float beyond the float range, or NaN / Infinity.
    """
    depth = nesting_depth(raw)
    if depth > MAX_DEPTH:
        raise SchemaError("", f"nests {depth} levels deep (a session nests at most {MAX_DEPTH})")
    return json.loads(raw.decode("utf-8"), parse_int=_integer, parse_float=_real, parse_constant=_constant)


def content_checksum(document: dict) -> str:
    """``"sha256:<hex>"`` of `document`'s JSON text without its ``checksum`` entry."""
    content = {key: value for key, value in document.items() if key != "checksum"}
    text = json.dumps(content, allow_nan=False)
    return CHECKSUM_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()


# ----------------------------------------------------------------- scalar entries
def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def entry(data: dict, key: str, where: str, required: bool = True, default=None):
    if key not in data:
        if required:
            raise SchemaError(where, f"has no {key!r} entry")
        return default
    return data[key]


def a_dict(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise SchemaError(where, f"must be an object; got {shown(value)}")
    return value


def a_list(value, where: str, *, low: int = 0) -> list:
    if not isinstance(value, list):
        raise SchemaError(where, f"must be a list; got {shown(value)}")
    if len(value) < low:
        raise SchemaError(where, f"must hold at least {low} entries; got {len(value)}")
    return value


def a_string(value, where: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise SchemaError(where, f"must be text; got {shown(value)}")
    if len(value) > MAX_TEXT:
        raise SchemaError(where, f"is {len(value)} characters long (at most {MAX_TEXT})")
    return value


def an_int(value, where: str, *, low: int | None = None, high: int | None = None, optional: bool = False):
    if value is None and optional:
        return None
    if not _is_int(value) or (low is not None and value < low) or (high is not None and value > high):
        bounds = f" from {low}" if low is not None else ""
        bounds += f" to {high}" if high is not None else ""
        raise SchemaError(where, f"must be an integer{bounds}; got {shown(value)}")
    return value


def a_number(value, where: str, *, low: float | None = None, optional: bool = False):
    if value is None and optional:
        return None
    if not _is_number(value) or (low is not None and value < low):
        raise SchemaError(where, f"must be a number{f' >= {low:g}' if low is not None else ''}; got {shown(value)}")
    return float(value)


def a_bool(value, where: str, *, optional: bool = False):
    if value is None and optional:
        return None
    if not isinstance(value, bool):
        raise SchemaError(where, f"must be true or false; got {shown(value)}")
    return value


def numbers(value, where: str, ndim: int, *, integers: bool = False, missing: bool = False) -> np.ndarray:
    """`value` (nested lists) as a rectangular array of `ndim` dimensions; SchemaError naming the entry.

    With `missing`, a null (None) is a missing cell, read as NaN (data kept with missing cells).
    """

    def walk(item, at: str, depth: int):
        if depth == ndim:
            ok = (missing and item is None) or (_is_int(item) if integers else _is_number(item))
            if not ok:
                raise SchemaError(at, f"must be {'an integer' if integers else 'a number'}; got {shown(item)}")
            return
        if not isinstance(item, list):
            raise SchemaError(at, f"must be a list; got {shown(item)}")
        for i, inner in enumerate(item):
            walk(inner, f"{at}[{i}]", depth + 1)

    walk(value, where, 0)
    try:
        array = np.array(value, dtype=np.int64 if integers else np.float64)
    except (ValueError, OverflowError):
        raise SchemaError(where, "must be a rectangular table (every row as long as the first)") from None
    if array.ndim != ndim:
        raise SchemaError(where, "must be a rectangular table (every row as long as the first)")
    return array


# ----------------------------------------------------------------- mixtures
def mixture(value, where: str, n_features: int) -> nc.Mixture:
    """The mixture described by `value` (``Mixture.to_dict``), with `n_features` features."""
    data = a_dict(value, where)
    family = a_string(entry(data, "family", where), f"{where}.family")
    if family not in PRESENTATIONS:  # the families the app offers (a core family without a presentation is not one)
        raise SchemaError(f"{where}.family", f"must be one of {', '.join(sorted(PRESENTATIONS))}; got {shown(family)}")
    fields = {"family", *nc.FAMILIES[family].__dataclass_fields__}
    unknown = sorted(set(data) - fields)
    if unknown:
        raise SchemaError(where, f"has an unknown entry {shown(unknown[0])}")
    values = {key: _entry(item, f"{where}.{key}") for key, item in data.items() if key != "family"}
    # The family reads its own description and checks it (shapes, ranges, finite numbers): a
    # categorical mixture's level probabilities are one (K, L_j) table per feature, a Gaussian's
    # covariances a (K, D, D) array or less, whatever the family says.
    try:
        model = nc.Mixture.from_dict({"family": family, **values})
    except (ValueError, TypeError, ArithmeticError) as error:
        raise SchemaError(where, f"is not a valid {family} mixture: {one_line(str(error))}") from None
    if model.n_features != n_features:
        raise SchemaError(where, f"describes {model.n_features} features, but the data has {n_features}")
    return model


def _entry(item, where: str):
    """One entry of a mixture's description, checked by its shape: numbers nested in lists (parameters),
    a list of texts (a mixed mixture's column kinds), a list of descriptions (its blocks, each without
    the shared weights), or a text (an option such as the covariance type)."""
    if isinstance(item, list) and item and all(isinstance(inner, dict) for inner in item):
        return [_block(inner, f"{where}[{b}]") for b, inner in enumerate(item)]
    if isinstance(item, list) and item and all(isinstance(inner, str) for inner in item):
        return list(item)
    if isinstance(item, list):
        return nested_numbers(item, where)
    return a_string(item, where)


def _block(value: dict, where: str) -> dict:
    """A block of a mixed mixture: a family's description (the family reads and checks it with the mixture)."""
    family = a_string(entry(value, "family", where), f"{where}.family")
    if family not in nc.FAMILIES:
        raise SchemaError(f"{where}.family", f"must be one of {', '.join(sorted(nc.FAMILIES))}; got {shown(family)}")
    fields = {"family", *nc.FAMILIES[family].__dataclass_fields__}
    unknown = sorted(set(value) - fields)
    if unknown:
        raise SchemaError(where, f"has an unknown entry {shown(unknown[0])}")
    return {"family": family, **{key: _entry(item, f"{where}.{key}") for key, item in value.items() if key != "family"}}


def nested_numbers(value: list, where: str) -> list:
    """`value`, checked to be lists nested to any depth whose innermost entries are numbers.

    The family checks the shapes; this names the first entry that is not a number (SchemaError).
    """
    pending = [(value, where)]
    while pending:
        item, at = pending.pop()
        if isinstance(item, list):
            pending.extend((inner, f"{at}[{i}]") for i, inner in reversed(list(enumerate(item))))
        elif not _is_number(item):
            raise SchemaError(at, f"must be a number; got {shown(item)}")
    return value


def one_line(text: str) -> str:
    """`text` on one line, cut to a few hundred characters: a message never prints an array over lines."""
    text = " ".join(text.split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"
