"""Start-up time of the app against importing Qt and pyqtgraph, measured in the same run.

    QT_QPA_PLATFORM=offscreen python benchmarks/startup.py

Times (median of 5 fresh processes each):
  reference : python -c "import PySide6.QtWidgets, pyqtgraph" (plus a QApplication)
  start page: python -m nbviz --screenshot PNG   (window built, drawn, saved, exit)
  preset    : python -m nbviz --preset gmm-2d --screenshot PNG
Target (issue 16): at most 0.5 s beyond the reference, for both.

nbviz is compiled to bytecode first, as an installed package is (pip compiles it on install): an
editable checkout run with PYTHONDONTWRITEBYTECODE set, or edited since its last run, would
otherwise compile its modules afresh in every process measured.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 5
REFERENCE = "import PySide6.QtWidgets as w, pyqtgraph; w.QApplication([])"


def median_seconds(args: list[str]) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], check=True, env=env, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    import nbviz

    compileall.compile_dir(os.path.dirname(nbviz.__file__), quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        png = os.path.join(folder, "window.png")
        median_seconds(["-c", REFERENCE])  # warm the file cache
        reference = median_seconds(["-c", REFERENCE])
        start_page = median_seconds(["-m", "nbviz", "--screenshot", png])
        preset = median_seconds(["-m", "nbviz", "--preset", "gmm-2d", "--screenshot", png])
    print(f"start-up, median of {RUNS} processes (seconds)")
    print(f"{'':12} {'time':>7} {'beyond reference':>17}  target")
    print(f"{'reference':12} {reference:>7.3f}")
    for name, value in (("start page", start_page), ("preset", preset)):
        print(f"{name:12} {value:>7.3f} {value - reference:>17.3f}  <= 0.5")


if __name__ == "__main__":
    main()
