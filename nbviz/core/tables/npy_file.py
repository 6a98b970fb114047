"""Reading a ``.npy`` file's bytes into a table of numbers, refusing what is not one."""

from __future__ import annotations

import io
import os

import numpy as np

from .data_errors import DataError
from .paths import regular_file_size


def read_bytes(path: str) -> bytes:
    """The file's bytes; DataError for a missing or unreadable path or one that is not a regular file."""
    regular_file_size(path)
    try:
        with open(path, "rb") as stream:
            return stream.read()
    except OSError as exc:
        raise DataError(f"cannot read {path}: {exc.strerror or exc}", path=path) from exc


def read_npy(raw: bytes, path: str) -> np.ndarray:
    """The float64 array of shape (n_rows, n_columns) held in a ``.npy`` file's bytes."""
    name = os.path.basename(path)
    if not raw.startswith(b"\x93NUMPY"):
        raise DataError(f"{name} is not a valid .npy file: it lacks the .npy signature", path=path)
    try:
        stream = io.BytesIO(raw)
        version = np.lib.format.read_magic(stream)
        _, _, dtype = (
            np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        )(stream)
        array = np.load(io.BytesIO(raw), allow_pickle=False) if dtype.kind in "biuf" else None
    except Exception as exc:  # numpy raises ValueError, EOFError, tokenize errors... on damage
        raise DataError(f"{name} is not a valid .npy file: it is damaged or truncated", path=path) from exc
    if array is None:
        what = "Python objects" if dtype.hasobject else f"values of type {dtype}"
        raise DataError(f"{name} holds {what}, not numbers; save a numeric array", path=path)
    if array.ndim not in (1, 2) or array.size == 0:
        raise DataError(
            f"{name} holds an array of shape {array.shape}; a data set needs a "
            "non-empty 1-D or 2-D (rows, columns) array",
            path=path,
        )
    return array.reshape(len(array), -1).astype(np.float64)
