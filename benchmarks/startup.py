"""Start-up time of the app against importing Qt and pyqtgraph, measured in the same run.

    QT_QPA_PLATFORM=offscreen python benchmarks/startup.py

Times (median of 5 fresh processes each, wall clock and CPU time of the process):
  reference : python -c "import PySide6.QtWidgets, pyqtgraph" (plus a QApplication)
  start page: python -m nbviz --screenshot BMP   (window built, drawn, grabbed, saved, exit)
  preset    : python -m nbviz --preset gmm-2d --screenshot BMP
Targets (issue 31): at most 0.3 s beyond the reference for the start page, 0.5 s for a preset.

The picture is saved as an uncompressed BMP: a real start draws the window but encodes no image, and
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
REFERENCE = "import PySide6.QtWidgets as w, pyqtgraph; w.QApplication([])"
TARGETS = {"start page": 0.3, "preset": 0.5}


def children_cpu() -> float:
    """CPU seconds (user + system) of the ended child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def medians(args: list[str]) -> tuple[float, float]:
    """The median wall-clock and CPU seconds of `RUNS` processes ``python ARGS``."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    walls, cpus = [], []
    for _ in range(RUNS):
        cpu, start = children_cpu(), time.perf_counter()
        subprocess.run([sys.executable, *args], check=True, env=env, capture_output=True)
        walls.append(time.perf_counter() - start)
        cpus.append(children_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    import nbviz

    compileall.compile_dir(os.path.dirname(nbviz.__file__), quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        picture = os.path.join(folder, "window.bmp")
        medians(["-c", REFERENCE])  # warm the file cache
        reference = medians(["-c", REFERENCE])
        start_page = medians(["-m", "nbviz", "--screenshot", picture])
        preset = medians(["-m", "nbviz", "--preset", "gmm-2d", "--screenshot", picture])
    print(f"start-up of {nbviz.__file__}, median of {RUNS} processes (seconds)")
    print(f"{'':12} {'wall':>6} {'cpu':>6} {'beyond reference (wall, cpu)':>30}  target")
    print(f"{'reference':12} {reference[0]:>6.3f} {reference[1]:>6.3f}")
    for name, (wall, cpu) in (("start page", start_page), ("preset", preset)):
        beyond = f"{wall - reference[0]:.3f}, {cpu - reference[1]:.3f}"
        print(f"{name:12} {wall:>6.3f} {cpu:>6.3f} {beyond:>30}  <= {TARGETS[name]}")


if __name__ == "__main__":
    main()
