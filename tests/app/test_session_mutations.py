"""Mutated session files: each is refused with one line or loads and works (step, click a point, export).

A valid saved session is mutated as a damaged disk, a careless hand edit or a hostile author would:
entries change type or vanish, numbers flip, values nest thousands deep or become integers of
thousands of digits, bits flip in the text. The file keeps its stale checksum, loses it (as files
from before checksums) or is re-signed (a tamperer who recomputes it), so the checks behind the
checksum are exercised too.

Run as a script for the counts over N seeded mutations (``python tests/app/test_session_mutations.py
200``): how many are refused, load and work, or fail some other way.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nbviz.app.documents.session_file import write_session

# A Gaussian, a Bernoulli with truth, naive Bayes, categorical answers with truth, and missing cells.
PRESETS = ("gmm-2d", "bars", "naive-bayes", "survey", "missing-cells")
LONGEST_REFUSAL = 400  # characters: a refusal quotes a value shortened, never a whole array
ODD_VALUES = [None, True, False, "x", "", 0, -1, 1, 7, 2**31, 2**63, 1e308, -1e-308, 0.5, -2.5, [], {}, [[1.0]], [0]]
NEST = "\x00nest:"
DIGITS = "\x00digits:"


def saved_text(name: str, folder: Path) -> str:
    """The text of a session on preset `name` after a few half-steps, saved by nbviz."""
    from nbviz.app.presentation.presets import load_preset
    from nbviz.app.run.session import Session

    session = Session()
    problem, config, start = load_preset(name)
    assert session.load(problem, config, start)
    for _ in range(5):
        assert session.next_half_step()
    session.set_cursor(3)
    session.select(2)
    path = folder / f"{name}.nbviz"
    assert session.save(path, write_session)
    return path.read_text(encoding="utf-8")


def _pick_path(tree, rng: random.Random) -> list:
    """A path (keys and indices) to a random node: descend while the coin says so."""
    path: list = []
    node = tree
    while isinstance(node, (dict, list)) and node and (not path or rng.random() < 0.75):
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append(key)
        node = node[key]
    return path


def _parent(tree, path):
    for key in path[:-1]:
        tree = tree[key]
    return tree


def _flipped_number(value, rng: random.Random):
    choices = [-value, value + 1, 0, value * 1e300, value * 1e-300, np.nextafter(float(value), np.inf), 1e-320]
    if isinstance(value, int):
        choices += [value + 2**40, -value - 1]
    result = rng.choice(choices)
    return float(result) if isinstance(result, np.floating) else result


def resigned(tree: dict) -> str:
    """The checksum a tamperer computes: SHA-256 of the JSON text of everything else."""
    content = json.dumps({key: value for key, value in tree.items() if key != "checksum"})
    return "sha256:" + hashlib.sha256(content.encode()).hexdigest()


def mutated_text(text: str, rng: random.Random) -> tuple[str, str]:
    """(`text` mutated once or a few times, a description of what was done)."""
    tree = json.loads(text)
    signing = rng.choice(["stale", "dropped", "re-signed"])
    if signing != "stale":
        tree.pop("checksum", None)
    done = []
    if rng.random() < 0.15:  # bit flips in the text
        raw = bytearray(json.dumps(tree).encode())
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(raw))
            raw[i] ^= 1 << rng.randrange(8)
        return raw.decode("utf-8", errors="surrogateescape"), f"bit flips ({signing} checksum)"
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        path = _pick_path(tree, rng)
        if not path:
            continue
        parent, key = _parent(tree, path), path[-1]
        value = parent[key]
        kind = rng.choice(["type", "delete", "number", "number", "nest", "digits", "duplicate"])
        if kind == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
            parent[key] = _flipped_number(value, rng)
        elif kind == "delete":
            del parent[key]
        elif kind == "nest":
            parent[key] = NEST + str(rng.choice([30, 5000, 200_000]))
        elif kind == "digits":
            parent[key] = DIGITS + str(rng.choice([21, 400, 5000, 100_000]))
        elif kind == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        else:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        done.append(f"{kind} at {'/'.join(map(str, path))}")
    if signing == "re-signed":
        tree["checksum"] = resigned(tree)
    out = json.dumps(tree)
    for marker, make in ((NEST, lambda n: "[" * n + "]" * n), (DIGITS, lambda n: "9" * n)):
        while f'"{marker}' in out:
            start = out.index(f'"{marker}')
            end = out.index('"', start + 1)
            n = int(out[start + 1 + len(marker) : end])
            out = out[:start] + make(n) + out[end + 1 :]
    return out, f"{'; '.join(done) or 'nothing'} ({signing} checksum)"


def exercise(window, path: Path, rng: random.Random) -> str:
    """Open `path` in `window` and use it; "refused" (one clean line) or "works". Raises otherwise."""
    from nbviz.app.data import export
    from nbviz.app.documents.session_file import SessionFileError, read_session

    try:
        saved = read_session(path)
    except SessionFileError as error:
        message = str(error)
        assert "\n" not in message and path.name in message, message
        assert len(message) <= LONGEST_REFUSAL + len(str(path)), message
        return "refused"
    outcome = window.session.restore(saved)
    if not outcome:
        assert "\n" not in outcome.reason and len(outcome.reason) <= LONGEST_REFUSAL, outcome.reason
        return "refused"
    session = window.session
    session.set_cursor(rng.randrange(len(session.history)))
    session.step()
    row = rng.randrange(session.problem.n_samples)
    session.select(row)
    breakdown = session.inspection.breakdown(row)
    assert breakdown.index == row
    folder = path.parent
    names = session.component_names()
    export.write_responsibilities_csv(folder / "r.csv", session.problem, session.resp, names)
    export.write_parameters_json(folder / "p.json", session.snapshot.model, names, session.problem.columns)
    export.write_parameters_csv(folder / "p.csv", session.snapshot.model, names, session.problem.columns)
    export.write_trace_csv(folder / "t.csv", session.history)
    return "works"


@pytest.fixture(scope="module")
def originals():
    with tempfile.TemporaryDirectory() as folder:
        from PySide6.QtWidgets import QApplication

        QApplication.instance() or QApplication([])
        yield {name: saved_text(name, Path(folder)) for name in PRESETS}


def test_every_mutated_session_is_refused_in_one_line_or_loads_and_works(originals, qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    window.remember_layout = False
    qtbot.addWidget(window)
    window.show()
    seen = {"refused": 0, "works": 0}

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(name=st.sampled_from(PRESETS), rng=st.randoms(use_true_random=False))
    def check(name, rng):
        text, what = mutated_text(originals[name], rng)
        path = tmp_path / "mutated.nbviz"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        seen[exercise(window, path, rng)] += 1

    check()
    # Nearly every mutation of a checksummed session is refused, so a sample may hold no mutation that
    # still loads: the unmutated sessions show that the "works" path is exercised and passes.
    for name in PRESETS:
        path = tmp_path / "unmutated.nbviz"
        path.write_text(originals[name], encoding="utf-8")
        seen[exercise(window, path, random.Random(0))] += 1
    assert seen["refused"] and seen["works"] >= len(PRESETS), seen


def count(n: int, seed: int = 0) -> dict:
    """Outcomes of `n` seeded mutations: refused, works, or the exception (with a time limit of 20 s)."""
    import signal
    import time
    import traceback

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from nbviz.gui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    folder = Path(tempfile.mkdtemp())
    window = MainWindow(settings=QSettings(str(folder / "s.ini"), QSettings.IniFormat))
    window.remember_layout = False
    window.show()
    texts = {name: saved_text(name, folder) for name in PRESETS}
    raised_in_slots: list[str] = []
    sys.excepthook = lambda kind, value, tb: raised_in_slots.append(f"{kind.__name__}: {value}")

    def timeout(*_):
        raise TimeoutError("more than 20 s")

    signal.signal(signal.SIGALRM, timeout)
    tally: dict[str, int] = {}
    for i in range(n):
        rng = random.Random(seed * 100_003 + i)
        name = rng.choice(PRESETS)
        text, what = mutated_text(texts[name], rng)
        path = folder / "mutated.nbviz"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        raised_in_slots.clear()
        started = time.time()
        signal.alarm(20)
        try:
            result = exercise(window, path, rng)
            app.processEvents()
            if raised_in_slots:
                result = f"raised in a view after loading: {raised_in_slots[0][:60]}"
        except AssertionError as error:
            result = f"refused, but not in one line: {str(error)[:60]}"
        except BaseException as error:  # noqa: BLE001 - counted, not hidden
            last = traceback.extract_tb(error.__traceback__)[-1]
            result = f"{type(error).__name__} at {Path(last.filename).name}:{last.lineno}"
        finally:
            signal.alarm(0)
        if time.time() - started > 5:
            result += " (slow)"
        tally[result] = tally.get(result, 0) + 1
        if result not in ("refused", "works"):
            print(f"{i}: {name}: {what}: {result}", file=sys.stderr)
    window.close()
    return tally


if __name__ == "__main__":
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for outcome, number in sorted(count(total).items(), key=lambda item: -item[1]):
        print(f"{number:5d}  {outcome}")
