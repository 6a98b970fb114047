"""Speed of a drawn half-step in the scatter view against pyqtgraph's idiomatic fast path.

    QT_QPA_PLATFORM=offscreen python benchmarks/gui.py

For N = 1e3, 1e4, 1e5 points (D=2, K=5) prints the time of one drawn half-step in ScatterView
(the session's half-step, the view's redraw, processing events and painting the widget) and the
same for the reference measured in the same run: one ScatterPlotItem per component with hard
(arg-max) colours, re-split and ``setData`` per half-step, painted the same way. Both widgets are
900 x 700. Then the same half-step drawn in the whole main window (1400 x 900: data view,
objective curve, parameters, inspector, status bar) against the same reference.
Targets (issue 16, whole window): at most 16 ms and ratio <= 4 at N = 1e3, ratio <= 1.5 at
N = 1e4, ratio <= 0.25 at N = 1e5 (the ratio is against the reference measured in the same run).
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402
import pyqtgraph as pg  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import nbviz.core as nc  # noqa: E402
from nbviz.app.config import ModelConfig  # noqa: E402
from nbviz.app.problem import Problem  # noqa: E402
from nbviz.app.session import Session  # noqa: E402
from nbviz.gui.main_window import MainWindow  # noqa: E402
from nbviz.gui.palette import component_color  # noqa: E402
from nbviz.gui.plots.scatter_view import ScatterView  # noqa: E402

K = 5
SIZE = (900, 700)
TRUTH = nc.GaussianMixture(
    weights=[0.3, 0.2, 0.2, 0.15, 0.15],
    means=[[0, 0], [4, 1], [1, 5], [-3, 3], [5, 6]],
    covariances=[[[1, 0.5], [0.5, 1]], [[0.6, 0], [0, 1.5]], [[1.2, -0.4], [-0.4, 0.5]],
                 [[0.5, 0], [0, 0.5]], [[1, 0.3], [0.3, 0.8]]],
)


class ReferenceView:
    """pyqtgraph's idiomatic fast path: one hard-coloured ScatterPlotItem per component."""

    def __init__(self, session: Session):
        self.session = session
        self.widget = pg.PlotWidget(background="w")
        self.items = [pg.ScatterPlotItem(size=5, pen=None, brush=pg.mkBrush(component_color(k)))
                      for k in range(K)]
        for item in self.items:
            self.widget.addItem(item)
        session.cursor_changed.connect(self.redraw)
        self.redraw()

    def redraw(self, *_) -> None:
        X = self.session.problem.X
        labels = self.session.resp.argmax(axis=1)
        for k, item in enumerate(self.items):
            rows = labels == k
            item.setData(x=X[rows, 0], y=X[rows, 1])


def drawn_half_step_time(session: Session, widget, app: QApplication, repeats: int) -> float:
    """Median seconds for one half-step, its redraw, event processing and a full paint."""
    times = []
    for _ in range(repeats + 1):
        start = time.perf_counter()
        session.next_half_step()
        app.processEvents()
        widget.grab()
        times.append(time.perf_counter() - start)
    return float(np.median(times[1:]))


def scatter_view(session: Session):
    view = ScatterView(session)
    view.resize(*SIZE)
    return view, view.view_box


def main_window(session: Session):
    window = MainWindow(session=session, settings=QSettings(QSettings.IniFormat, QSettings.UserScope,
                                                            "nbviz-benchmark"))
    window.resize(1400, 900)
    return window, window.data_view.scatter.view_box


def case(n: int, app: QApplication, repeats: int, build) -> tuple[float, float]:
    problem = Problem.synthesised(TRUTH, n, seed=0)
    config = ModelConfig(family="gaussian", n_components=K, seed=1)

    ours_session = Session()
    ours, view_box = build(ours_session)
    ours_session.load(problem, config)
    ours.show()
    app.processEvents()

    reference_session = Session()
    reference_session.load(problem, config)
    reference = ReferenceView(reference_session)
    reference.widget.resize(*SIZE)
    reference.widget.show()
    reference.widget.setRange(xRange=view_box.viewRange()[0], yRange=view_box.viewRange()[1], padding=0)
    app.processEvents()

    ours_time = drawn_half_step_time(ours_session, ours, app, repeats)
    reference_time = drawn_half_step_time(reference_session, reference.widget, app, repeats)
    for widget in (ours, reference.widget):
        widget.close()
        widget.deleteLater()
    app.processEvents()
    return ours_time, reference_time


WINDOW_TARGETS = {1_000: "<= 4 (and <= 0.016 s)", 10_000: "<= 1.5", 100_000: "<= 0.25"}


def main() -> None:
    app = QApplication.instance() or QApplication([])
    print(f"drawn half-step, D=2, K={K}, reference widget {SIZE[0]}x{SIZE[1]} (median seconds)")
    for title, build in (("ScatterView", scatter_view), ("MainWindow", main_window)):
        print(f"{'N':>8} {title:>12} {'reference':>10} {'ratio':>7}  target")
        for n in (1_000, 10_000, 100_000):
            ours, reference = case(n, app, 9 if n < 100_000 else 7, build)
            target = WINDOW_TARGETS[n] if build is main_window else ""
            print(f"{n:>8} {ours:>12.4f} {reference:>10.4f} {ours / reference:>7.3f}  {target}")


if __name__ == "__main__":
    main()
