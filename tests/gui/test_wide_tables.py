"""Wide continuous tables: one projection at a time, a column picker, bounded memory, clear refusals."""

import subprocess
import sys
import textwrap
import tracemalloc

import numpy as np
import pytest
from scipy.stats import multivariate_normal

from nbviz.app.analysis.projection import pca_title
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.plots.data.axis_chooser import PAIRS_TITLE, PICK_PAIR
from nbviz.gui.plots.data.scatter_view import ScatterView

GIGABYTE = 2**30


def wide_problem(n: int, D: int, seed: int = 0) -> Problem:
    X = np.random.default_rng(seed).normal(size=(n, D)) + np.arange(D) % 3
    return Problem(f"wide{D}.csv", X, tuple(f"c{d}" for d in range(D)))


def test_a_wide_table_picks_the_pair_with_x_and_y_menus(shown):
    session = Session()
    assert session.load(wide_problem(200, 12), ModelConfig(n_components=2, covariance_type="diag"))
    session.step()
    view = shown(ScatterView(session))
    chooser = view.axes_bar
    titles = [view.axes_choice.itemText(i) for i in range(view.axes_choice.count())]
    assert titles == [pca_title(False), PICK_PAIR, PAIRS_TITLE]
    assert chooser.x_choice.count() == chooser.y_choice.count() == 12
    assert view.projection.title == pca_title(False) and not chooser.x_choice.isVisible()

    view.axes_choice.setCurrentIndex(1)
    assert chooser.x_choice.isVisible() and chooser.y_choice.isVisible()
    chooser.x_choice.setCurrentIndex(3)
    chooser.y_choice.setCurrentIndex(7)
    X, model = session.problem.X, session.snapshot.model
    assert view.projection.pair == (3, 7) and view.projection.labels == ("c3", "c7")
    np.testing.assert_array_equal(view.points.positions, X[:, [3, 7]])
    # the drawn density is the mixture's marginal in (c3, c7), from the diagonal variances
    xs, ys, values = view.density_grid
    gx, gy = np.meshgrid(xs, ys)
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    expected = sum(
        w * multivariate_normal(m[[3, 7]], np.diag(v[[3, 7]])).pdf(grid)
        for w, m, v in zip(model.weights, model.means, model.covariances)
    )
    np.testing.assert_allclose(values.ravel(), expected, rtol=1e-9, atol=1e-300)

    # the same feature on both axes swaps them: a pair needs two features
    chooser.x_choice.setCurrentIndex(7)
    assert view.projection.pair == (7, 3)
    np.testing.assert_array_equal(view.points.positions, X[:, [7, 3]])


def test_the_scatter_view_of_500_columns_builds_one_view_not_every_pair(shown):
    session = Session()
    assert session.load(wide_problem(300, 500), ModelConfig(n_components=2, covariance_type="diag"))
    tracemalloc.start()
    try:
        view = shown(ScatterView(session))
        view.axes_bar.choose_pair(10, 400)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # every pair's (500, 2) matrix and offset took 1.5 GB; the data itself is 1.2 MB
    assert peak < 30 * 2**20
    np.testing.assert_array_equal(view.points.positions, session.problem.X[:, [10, 400]])


def test_a_full_covariance_too_large_for_the_history_is_refused_with_what_to_do():
    session = Session()
    outcome = session.load(wide_problem(300, 2000), ModelConfig(n_components=2, covariance_type="full"))
    assert not outcome and session.problem is None
    reason = outcome.reason
    assert reason.startswith("Cannot use wide2000.csv with Gaussian mixture, full covariance: 2,000 features")
    assert "183 MB per half-step" in reason and "choose diag or spherical covariance" in reason
    assert (
        "pick fewer columns" in reason
        and "more columns than rows (300): if its rows are the features, transpose it" in reason
    )


PEAK_SCRIPT = textwrap.dedent(
    """
    import resource, sys
    import numpy as np
    n, D, path, shot = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    np.save(path, np.random.default_rng(0).normal(size=(n, D)))
    from nbviz.cli import main
    code = main([path, "-k", "2", "--covariance-type", "diag", "--steps", "2", "--screenshot", shot])
    try:  # this program's own peak: ru_maxrss keeps, across exec, the peak of the process that started it
        with open("/proc/self/status") as status:
            peak = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(code, peak)
    """
)


@pytest.mark.parametrize("n, D", [(300, 2000), (30, 20000)])
def test_the_window_opens_a_wide_file_in_bounded_memory(tmp_path, n, D):
    """The whole app on 2,000 and 20,000 columns: a picture, exit 0, peak memory under 1 GB (was > 23 GB)."""
    shot = tmp_path / "wide.png"
    env = {"QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        [sys.executable, "-c", PEAK_SCRIPT, str(n), str(D), str(tmp_path / "wide.npy"), str(shot)],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": ":".join(sys.path)},
        timeout=120,
    )
    code, peak = run.stdout.split()[-2:]
    assert code == "0" and shot.stat().st_size > 0, run.stderr
    assert int(peak) < GIGABYTE
