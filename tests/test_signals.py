"""Ctrl+C, SIGTERM and a failing stdout end nbviz with one line and a status: never a traceback, a crash
or a hang. Each scripted run gets its signal at a random moment (a fixed seed, a handful of runs)."""

import os
import random
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
ENDED = {signal.SIGINT: (130, "nbviz: interrupted\n"), signal.SIGTERM: (143, "nbviz: terminated\n")}


def start(*args, **options):
    return subprocess.Popen(
        [sys.executable, "-m", "nbviz", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        **options,
    )


def signalled(process, signum, after: float):
    time.sleep(after)
    process.send_signal(signum)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"still running 20 s after {signal.Signals(signum).name}")
    return process.returncode, err


@pytest.fixture(scope="module")
def long_table(tmp_path_factory):
    path = tmp_path_factory.mktemp("data") / "long.csv"
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(centre, 1.0, (20_000, 2)) for centre in (0, 2, 4)])
    np.savetxt(path, X, delimiter=",", header="a,b", comments="", fmt="%.6f")
    return path


@pytest.mark.parametrize("run", ["steps", "fit", "steps in a window"])
def test_ctrl_c_in_a_scripted_run_exits_130_with_one_line_every_time(run, tmp_path, long_table):
    args = {
        "steps": [long_table, "-k", 6, "--steps", 5000, "--export-trace", tmp_path / "t.csv"],
        "fit": [long_table, "-k", 6, "--fit", "--tol", 0, "--max-iter", 10**5, "--export-trace", tmp_path / "t.csv"],
        "steps in a window": ["--preset", "gmm-2d", "--steps", 5000, "--screenshot", tmp_path / "t.png"],
    }[run]
    rng = random.Random(run)
    outcomes = []
    for _ in range(4):
        status, err = signalled(start(*args), signal.SIGINT, rng.uniform(0.2, 2.0))
        outcomes.append(status)
        if status == 0:  # the run ended before the signal: it wrote its outputs and said nothing
            assert err == ""
        else:
            assert (status, err) == ENDED[signal.SIGINT]
    assert outcomes.count(130) >= 2, outcomes


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_window_closes_on_a_signal_without_touching_the_session_it_opened(signum, tmp_path):
    session = tmp_path / "run.nbviz"
    made = subprocess.run(
        [sys.executable, "-m", "nbviz", "--preset", "gmm-2d", "--steps", "3", "--save-session", str(session)],
        env=ENV,
        capture_output=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    before = (session.read_bytes(), session.stat().st_mtime_ns)
    window = start(session, "--steps", 2, cwd=tmp_path)  # two unsaved half-steps: it would ask to save
    status, err = signalled(window, signum, 4.0)
    assert (status, err) == ENDED[signum]
    assert (session.read_bytes(), session.stat().st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.nbviz"]


def test_a_full_stdout_gives_one_line_and_status_1():
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "nbviz", "--list-presets"], stdout=full, stderr=subprocess.PIPE, text=True, env=ENV
        )
    assert result.returncode == 1
    assert result.stderr == "nbviz: error: cannot write to standard output: No space left on device\n"


def test_a_closed_stdout_gives_one_line_and_status_1():
    result = subprocess.run(
        [sys.executable, "-m", "nbviz", "--list-presets"],
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        preexec_fn=lambda: os.close(1),  # the child starts with stdout closed
    )
    assert result.returncode == 1
    assert result.stderr == "nbviz: error: cannot write to standard output: it is closed\n"


def test_a_closed_stdout_does_not_matter_when_nothing_is_printed(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "nbviz",
            "--preset",
            "gmm-2d",
            "--steps",
            "2",
            "--export-trace",
            str(tmp_path / "t.csv"),
        ],
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        preexec_fn=lambda: os.close(1),
    )
    assert (result.returncode, result.stderr) == (0, "")
