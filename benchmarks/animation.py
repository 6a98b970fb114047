"""Time to export a run as an animation: 100 half-steps of a 1,000-point preset, drawn and written.

    QT_QPA_PLATFORM=offscreen python benchmarks/animation.py

Takes the lecture-fruit preset (1,000 points) and gmm-2d (600 points, the scatter view with
ellipses and shading) 100 half-steps on and prints the time of File → Export → Animation's work
for each format: every frame drawn off screen at 960 x 600 with the objective curve beside the
data, encoded and written. Target (issue 14): well under a minute.
"""

from __future__ import annotations

import os
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from nbviz.app.presentation.presets import load_preset  # noqa: E402
from nbviz.app.run.session import Session  # noqa: E402
from nbviz.gui.figures.animation import AnimationChoices, export_animation  # noqa: E402

HALF_STEPS = 100


def main() -> None:
    QApplication.instance() or QApplication([])
    folder = tempfile.mkdtemp(prefix="nbviz-animation-")
    for preset in ("lecture-fruit", "gmm-2d"):
        problem, config, start = load_preset(preset)
        session = Session()
        assert session.load(problem, config, start)
        for _ in range(HALF_STEPS):
            assert session.next_half_step()
        choices = AnimationChoices(0, HALF_STEPS, 100)
        for name in ("run.gif", "run.png", "frames/"):
            began = time.perf_counter()
            export_animation(session, os.path.join(folder, f"{preset}-{name}"), choices)
            took = time.perf_counter() - began
            print(f"{preset} ({problem.n_samples} points), {HALF_STEPS + 1} frames, {name:8s}: {took:5.1f} s")


if __name__ == "__main__":
    main()
