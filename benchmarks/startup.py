"""Start-up time of the app against importing Qt and pyqtgraph, measured in the same run.

    QT_QPA_PLATFORM=offscreen python benchmarks/startup.py

Each line is the median of 5 fresh processes:
  reference : python -c "import PySide6.QtWidgets, pyqtgraph" (plus a QApplication), then a marker file
  start page: python -m nbviz --screenshot BMP   (window built, drawn, grabbed, saved, exit)
  preset    : python -m nbviz --preset gmm-2d --screenshot BMP
Targets (issue 31), on the time until ready: at most 0.3 s beyond the reference for the start page,
0.5 s for a preset.

Three times per process: until it is ready (the reference's marker file, the app's picture, each
polled for every millisecond), until it has ended, and its CPU time (user + system, to the end).
Start-up is the time until ready: what follows is the process tearing down (Qt's widgets, numpy,
pyqtgraph's clean-up at exit), which a user meets on quitting, not on starting; it is shown too.
The picture is an uncompressed BMP: a real start draws the window but encodes no image, and
compressing a PNG of the window (30-40 ms) would be counted as start-up. Everything else a
screenshot does (show, lay out, paint, grab the window: a paint more than a start needs) is counted.

nbviz is compiled to bytecode first, as an installed package is (pip compiles it on install): an
editable checkout run with PYTHONDONTWRITEBYTECODE set, or edited since its last run, would
otherwise compile its modules afresh in every process measured.
"""

from __future__ import annotations

import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 5
POLL = 0.001  # seconds between looks for the ready file
REFERENCE = "import sys, PySide6.QtWidgets as w, pyqtgraph; w.QApplication([]); open(sys.argv[1], 'w').close()"
TARGETS = {"start page": 0.3, "preset": 0.5}


def children_cpu() -> float:
    """CPU seconds (user + system) of the ended child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(args: list[str], ready_file: str) -> tuple[float, float, float]:
    """Seconds until `ready_file` exists and until the process ``python ARGS`` ends, and its CPU seconds."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    if os.path.exists(ready_file):
        os.remove(ready_file)
    with tempfile.TemporaryFile() as errors:
        cpu, start = children_cpu(), time.perf_counter()
        # run from the ready file's folder: the nbviz measured is the one imported here (named in the
        # report), not a checkout that happens to be the working directory
        folder = os.path.dirname(ready_file)
        process = subprocess.Popen(
            [sys.executable, *args], env=env, cwd=folder, stdout=subprocess.DEVNULL, stderr=errors
        )
        ready = None
        while process.poll() is None:
            if ready is None and os.path.exists(ready_file):
                ready = time.perf_counter() - start
            time.sleep(POLL)
        end = time.perf_counter() - start
        if process.returncode != 0 or not os.path.exists(ready_file):
            errors.seek(0)
            raise SystemExit(f"{args} failed ({process.returncode}): {errors.read().decode(errors='replace')}")
    return (end if ready is None else ready), end, children_cpu() - cpu


def medians(args: list[str], ready_file: str) -> tuple[float, float, float]:
    """The medians of `RUNS` runs (`one_run`): until ready, until ended, CPU."""
    runs = [one_run(args, ready_file) for _ in range(RUNS)]
    return tuple(statistics.median(times) for times in zip(*runs))  # type: ignore[return-value]


def main() -> None:
    import nbviz

    compileall.compile_dir(os.path.dirname(nbviz.__file__), quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        marker, picture = os.path.join(folder, "ready"), os.path.join(folder, "window.bmp")
        medians(["-c", REFERENCE, marker], marker)  # warm the file cache
        reference = medians(["-c", REFERENCE, marker], marker)
        start_page = medians(["-m", "nbviz", "--screenshot", picture], picture)
        preset = medians(["-m", "nbviz", "--preset", "gmm-2d", "--screenshot", picture], picture)
    print(f"start-up of {nbviz.__file__}, median of {RUNS} processes (seconds)")
    print(f"{'':11} {'ready':>6} {'ended':>6} {'cpu':>6}   beyond the reference: ready, ended, cpu   target (ready)")
    print(f"{'reference':11} {reference[0]:>6.3f} {reference[1]:>6.3f} {reference[2]:>6.3f}")
    for name, times in (("start page", start_page), ("preset", preset)):
        beyond = ", ".join(f"{value - base:.3f}" for value, base in zip(times, reference))
        print(f"{name:11} {times[0]:>6.3f} {times[1]:>6.3f} {times[2]:>6.3f}   {beyond:>36}   <= {TARGETS[name]}")


if __name__ == "__main__":
    main()
