"""Data-only command-line runs need no display; --fit runs to convergence; --seed sets the start's seed.

Every run here is a subprocess with DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM removed, as on a
server: data outputs run on the session alone, and a run that draws picks Qt's offscreen platform.
"""

import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data import export
from nbviz.app.documents.session_file import read_session
from nbviz.scripted import offscreen_needed

IRIS = Path(__file__).resolve().parents[1] / "resources" / "datasets" / "iris.csv"
SETTINGS_HOME = tempfile.mkdtemp(prefix="nbviz-test-settings-")
DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
NO_DISPLAY = {
    **{name: value for name, value in os.environ.items() if name not in DISPLAY_VARIABLES},
    "XDG_CONFIG_HOME": SETTINGS_HOME,
}
WINDOW_MODULES = ("PySide6.QtWidgets", "PySide6.QtGui", "pyqtgraph", "nbviz.gui")


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "nbviz", *map(str, args)], capture_output=True, text=True, env=NO_DISPLAY, timeout=120
    )


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def iris_features() -> np.ndarray:
    """The four iris measurements, read with numpy alone (not nbviz's reader)."""
    return np.loadtxt(IRIS, delimiter=",", skiprows=1, usecols=(0, 1, 2, 3))


def write_start(path) -> nc.Mixture:
    """A start of three Gaussians on three iris rows (one per species), written as --start reads it."""
    X = iris_features()
    start = nc.GaussianMixture(
        weights=[0.2, 0.3, 0.5], means=X[[0, 50, 100]], covariances=np.stack([np.eye(4) * 0.5] * 3)
    )
    export.write_parameters_json(path, start, ["1", "2", "3"], ["a", "b", "c", "d"])
    return start


def test_each_data_output_runs_without_a_display(tmp_path):
    new = tmp_path / "new.csv"
    new.write_text("sepal_length,sepal_width,petal_length,petal_width\n5.0,3.4,1.5,0.2\n6.7,3.0,5.2,2.3\n")
    outputs = {
        "parameters": tmp_path / "p.json",
        "responsibilities": tmp_path / "r.csv",
        "trace": tmp_path / "t.csv",
        "classified": tmp_path / "c.csv",
        "session": tmp_path / "s.nbviz",
    }
    runs = [
        ("--export-parameters", outputs["parameters"]),
        ("--export-responsibilities", outputs["responsibilities"]),
        ("--export-trace", outputs["trace"]),
        ("--classify", new, "--export-responsibilities", outputs["classified"]),
        ("--save-session", outputs["session"]),
    ]
    for flags in runs:
        result = run_cli("--preset", "iris", "--steps", 4, *flags)
        assert (result.returncode, result.stderr) == (0, ""), flags
    document = json.loads(outputs["parameters"].read_text())
    assert (document["run"]["N"], document["run"]["half_step"], document["run"]["iterations"]) == (150, 4, 2)
    responsibilities = read_rows(outputs["responsibilities"])
    assert len(responsibilities) == 150 and {"r_1", "r_2", "r_3", "component"} <= set(responsibilities[0])
    assert len(read_rows(outputs["trace"])) == 5
    assert [row["line"] for row in read_rows(outputs["classified"])] == ["2", "3"]
    saved = read_session(outputs["session"])
    assert len(saved.history) == 5 and saved.cursor == 4 and saved.config.seed == 11


def test_a_data_only_run_loads_no_window_module():
    code = (
        "import sys\n"
        "from nbviz.cli import main\n"
        "import tempfile, os\n"
        "folder = tempfile.mkdtemp()\n"
        "status = main(['--preset', 'gmm-2d', '--fit', '--export-parameters', os.path.join(folder, 'p.json'),\n"
        "               '--save-session', os.path.join(folder, 's.nbviz')])\n"
        f"print(status, sorted(m for m in sys.modules if m.startswith({WINDOW_MODULES!r})))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=NO_DISPLAY, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0 []"


def test_nothing_to_export_or_save_says_so_as_before(tmp_path):
    result = run_cli("--export-parameters", tmp_path / "never.json")
    assert result.returncode == 2
    assert result.stderr == (
        "nbviz: error: --export-parameters: there is nothing to export: give a data FILE or --preset\n"
    )
    result = run_cli("--save-session", tmp_path / "never.nbviz")
    assert result.returncode == 2 and "There is nothing to save yet" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_screenshot_and_a_figure_choose_offscreen_without_a_display(tmp_path):
    from PySide6.QtGui import QImage

    png, svg, saved = tmp_path / "shot.png", tmp_path / "objective.svg", tmp_path / "s.nbviz"
    result = run_cli("--preset", "iris", "--fit", "--screenshot", png, "--save-session", saved)
    assert (result.returncode, result.stderr) == (0, "")
    assert (QImage(str(png)).width(), QImage(str(png)).height()) == (1400, 900)
    fitted = read_session(saved)  # the window showed (and saved) the converged run
    assert fitted.cursor == len(fitted.history) - 1 and fitted.history[-1].phase == "M"
    result = run_cli("--preset", "gmm-2d", "--steps", 3, "--export-figure", svg, "--figure", "objective")
    assert (result.returncode, result.stderr) == (0, "")
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.parametrize(
    "environ, platform, expected",
    [
        ({}, "linux", True),
        ({"DISPLAY": ""}, "linux", True),
        ({"DISPLAY": ":0"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"QT_QPA_PLATFORM": "xcb"}, "linux", False),
        ({}, "darwin", False),
        ({}, "win32", False),
    ],
)
def test_offscreen_is_chosen_only_on_linux_with_no_display_and_no_platform(environ, platform, expected):
    assert offscreen_needed(environ, platform) is expected


@pytest.mark.parametrize("tol", [1e-6, 1e-3])
def test_fit_lands_where_the_cores_em_converges_from_the_same_start(tmp_path, tol):
    start_path, parameters, saved = tmp_path / "start.json", tmp_path / "p.json", tmp_path / "s.nbviz"
    start = write_start(start_path)
    result = run_cli(
        "--preset", "iris", "--start", start_path, "--tol", tol, "--fit",
        "--export-parameters", parameters, "--save-session", saved,
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (0, "")
    # the same run, by the core alone: the iris measurements, the preset's covariance prior, EM's own loop
    em = nc.EM(iris_features(), start, prior=nc.Prior(covariance_prior=1e-3))
    iterations = em.run(max_iter=1000, tol=tol)
    assert em.converged and 5 < iterations < 1000
    run = json.loads(parameters.read_text())["run"]
    assert run["prior"] == {"alpha": 0.0, "beta": 0.0, "covariance_prior": 1e-3}
    assert (run["iterations"], run["half_step"], run["converged"]) == (iterations, 2 * iterations, True)
    assert run["log_likelihood"] == pytest.approx(em.history[-1].log_likelihood, rel=1e-12)
    assert run["objective"] == pytest.approx(em.history[-1].objective, rel=1e-12)
    history = read_session(saved).history  # every half-step is kept
    assert len(history) == len(em.history) == 2 * iterations + 1
    np.testing.assert_allclose([s.objective for s in history], [s.objective for s in em.history], rtol=1e-12)


def test_fit_and_steps_together_are_refused_in_one_line(tmp_path):
    for steps in ("3", "0"):
        result = run_cli("--preset", "iris", "--fit", "--steps", steps, "--export-parameters", tmp_path / "p.json")
        assert result.returncode == 2
        assert result.stderr == "nbviz: error: give either --steps N or --fit, not both\n"
    assert list(tmp_path.iterdir()) == []


def test_fit_stopped_by_the_iteration_cap_writes_its_outputs_and_says_so(tmp_path):
    parameters = tmp_path / "p.json"
    result = run_cli("--preset", "iris", "--max-iter", 3, "--fit", "--export-parameters", parameters)
    assert result.returncode == 0
    assert result.stderr == (
        "nbviz: warning: --fit stopped at the iteration cap (3) without converging: raise --max-iter or --tol\n"
    )
    run = json.loads(parameters.read_text())["run"]
    assert (run["iterations"], run["converged"]) == (3, False)


def test_a_fit_that_fails_exits_2_and_writes_nothing(qapp, tmp_path):
    from nbviz.app.data.problem import Problem
    from nbviz.app.documents.session_file import write_session
    from nbviz.app.model.config import ModelConfig
    from nbviz.app.run.session import Session

    # a component on two identical far points, with no covariance prior: its covariance collapses
    X = np.r_[np.random.default_rng(1).normal(size=(60, 2)), [[100.0, 100.0], [100.0, 100.0]]]
    data = tmp_path / "collapse.csv"
    np.savetxt(data, X, delimiter=",", header="a,b", comments="")
    start = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0, 0], [100, 100]], covariances=[np.eye(2), np.eye(2) * 1e-4]
    )
    session, unstable = Session(), tmp_path / "collapse.nbviz"
    assert session.load(Problem.from_file(str(data)), ModelConfig(family="gaussian", n_components=2), start)
    assert session.save(str(unstable), write_session)
    saved = tmp_path / "never.nbviz"
    result = run_cli(unstable, "--fit", "--save-session", saved)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith("nbviz: error: --fit: EM stopped at iteration 1") and "singular" in lines[0]
    assert not saved.exists()


def test_seed_sets_the_starts_seed(tmp_path):
    first, second, again = tmp_path / "a.nbviz", tmp_path / "b.nbviz", tmp_path / "c.nbviz"
    for path, seed in ((first, 5), (second, 6), (again, 5)):
        result = run_cli("--preset", "gmm-2d", "--seed", seed, "--save-session", path)
        assert (result.returncode, result.stderr) == (0, "")
    a, b, c = (read_session(path) for path in (first, second, again))
    assert (a.config.seed, b.config.seed) == (5, 6)
    assert a.history[0].model.to_dict() == c.history[0].model.to_dict()
    assert a.history[0].model.to_dict() != b.history[0].model.to_dict()


def test_a_bad_seed_or_a_seed_for_a_session_exits_2_with_one_line(tmp_path):
    result = run_cli("--preset", "gmm-2d", "--seed", -1, "--export-parameters", tmp_path / "p.json")
    assert result.returncode == 2
    assert result.stderr.startswith("nbviz: error: --seed must be") and result.stderr.count("\n") == 1
    saved = tmp_path / "s.nbviz"
    assert run_cli("--preset", "gmm-2d", "--save-session", saved).returncode == 0
    result = run_cli(saved, "--seed", 3, "--save-session", saved)
    assert result.returncode == 2 and "keeps its own model" in result.stderr


def test_fit_that_empties_a_component_writes_its_outputs_and_says_so(tmp_path):
    start, parameters = tmp_path / "start.json", tmp_path / "p.json"
    far = nc.GaussianMixture(
        weights=[0.4, 0.4, 0.2], means=[[0, 0], [3, 3], [1e3, 1e3]], covariances=np.stack([np.eye(2)] * 3)
    )
    export.write_parameters_json(start, far, ["1", "2", "3"], ["x", "y"])
    result = run_cli("--preset", "gmm-2d", "--start", start, "--fit", "--export-parameters", parameters)
    assert result.returncode == 0 and parameters.exists()
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("nbviz: warning: --fit: EM ended at iteration ")
    assert "with component 3 empty" in lines[0]
