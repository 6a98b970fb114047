"""Session files checked before they are read: regular files of a sane size, referenced data files checked
by size before they are hashed, the checksum required of every file but a genuine older one, and a
nesting check whose memory does not grow with the file."""

import json
import random
import re
import time
import tracemalloc

import pytest

# the helpers of the other hostile-session tests (the `referenced` fixture is in conftest.py)
from test_session_file_checks import refused, resign, saved

from nbviz.app.documents import session_file, session_schema
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.documents.session_schema import nesting_depth
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session


# ----------------------------------------------------------------- the session file itself
def test_a_session_file_larger_than_any_session_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.nbviz"
    with open(path, "wb") as stream:
        stream.truncate(session_file.MAX_SESSION_BYTES + 1)  # sparse: no disk used
    started = time.monotonic()
    refused(path, "huge.nbviz", "larger than any session nbviz writes")
    assert time.monotonic() - started < 1


def test_a_session_too_large_to_read_back_is_not_written(tmp_path, monkeypatch, qtbot):
    monkeypatch.setattr(session_file, "MAX_SESSION_BYTES", 1000)
    session = Session()
    problem, config, start = load_preset("gmm-2d")
    assert session.load(problem, config, start)
    target = tmp_path / "big.nbviz"
    assert not session.save(target, write_session)
    assert not target.exists()


# ----------------------------------------------------------------- the checksum
def test_a_current_session_without_its_checksum_is_refused(tmp_path, qtbot):
    path, data = saved(tmp_path)
    del data["checksum"]  # edited, then the checksum removed to switch the check off
    data["problem"]["columns"] = ["edited", "names"]
    path.write_text(json.dumps(data))
    refused(path, "has no checksum", "format 3")


@pytest.mark.parametrize(
    "entry", [("explored", {"choose_k": None}), ("context", {"dropped_rows": []}), ("standardization", {})]
)
def test_an_unsigned_file_claiming_an_older_format_cannot_hold_newer_entries(tmp_path, qtbot, entry):
    path, data = saved(tmp_path)
    del data["checksum"]
    data["version"] = 1
    key, value = entry
    (data if key == "explored" else data["problem"])[key] = value
    path.write_text(json.dumps(data))
    refused(path, "has no checksum but holds", key)


def test_a_genuine_older_file_opens_and_passes_the_content_checks(tmp_path, qtbot):
    path, data = saved(tmp_path)
    del data["checksum"]
    data["version"] = 1
    path.write_text(json.dumps(data))
    assert read_session(path).problem.n_samples == len(data["problem"]["X"])
    data["problem"]["X"][0][0] += 1.0  # an edited number: the recomputed history tells
    path.write_text(json.dumps(data))
    refused(path, "does not belong to this data")


# ----------------------------------------------------------------- referenced data files
def _never_hashed(monkeypatch):
    def hashed(path):
        raise AssertionError(f"{path} was hashed")

    monkeypatch.setattr(session_file, "file_checksum", hashed)


def test_a_referenced_file_of_another_size_is_refused_before_it_is_hashed(referenced, tmp_path, monkeypatch):
    path, data = referenced
    large = tmp_path / "large.csv"
    with open(large, "wb") as stream:
        stream.truncate(3 << 30)  # 3 GB, sparse
    data["problem"]["data_file"].update(path=str(large), relative=None)
    path.write_text(json.dumps(resign(data)))
    _never_hashed(monkeypatch)
    refused(path, "has changed since the session was saved")


def test_an_older_reference_without_a_size_is_bounded_before_it_is_hashed(referenced, tmp_path, monkeypatch):
    path, data = referenced
    large = tmp_path / "large.csv"
    with open(large, "wb") as stream:
        stream.truncate(session_file.MAX_DATA_FILE_BYTES + 1)
    del data["problem"]["data_file"]["file_size"]
    data["problem"]["data_file"].update(path=str(large), relative=None)
    data["version"] = 2
    path.write_text(json.dumps(resign(data)))
    _never_hashed(monkeypatch)
    refused(path, "has changed since the session was saved")
    del data["checksum"]  # a genuine format-2 file from before checksums: bounded as well
    path.write_text(json.dumps(data))
    refused(path, "has changed since the session was saved")


def test_a_current_reference_must_record_the_size(referenced):
    path, data = referenced
    del data["problem"]["data_file"]["file_size"]
    path.write_text(json.dumps(resign(data)))
    refused(path, "problem.data_file has no 'file_size' entry")


# ----------------------------------------------------------------- the nesting check
def _depth_by_hand(raw: bytes) -> int:
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        char = chr(byte)
        if char == '"' and not escaped:  # (outside a string, JSON stops at a backslash)
            in_string = not in_string
        elif not in_string and char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif not in_string and char in "]}":
            depth -= 1
        escaped = char == "\\" and not escaped
    return deepest


def test_the_nesting_depth_is_that_counted_by_hand_across_pieces(monkeypatch):
    rng = random.Random(5)
    alphabet = '[]{}"\\a,:'
    for piece in (1, 2, 3, 7, 1 << 16):
        monkeypatch.setattr(session_schema, "NESTING_PIECE", piece)
        for _ in range(300):
            raw = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))).encode()
            assert nesting_depth(raw) == _depth_by_hand(raw), (piece, raw)


@pytest.mark.parametrize("unit", [b'"a",', b"[],", b'"\\\\",1,'])
def test_the_nesting_check_needs_memory_bounded_by_a_small_multiple_of_the_file(unit):
    raw = b"[" + unit * (24_000_000 // len(unit)) + b"1]"
    tracemalloc.start()
    try:
        assert nesting_depth(raw) == (2 if unit == b"[]," else 1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < min(len(raw) // 2, 8 << 20), f"{peak / len(raw):.2f} bytes per byte"


def test_a_deeply_nested_session_is_refused_naming_the_depth(tmp_path):
    path = tmp_path / "deep.nbviz"
    path.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    assert re.search(r"nests 100000 levels deep", refused(path))
