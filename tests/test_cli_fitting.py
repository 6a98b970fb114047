"""A command line that fits: --init, --n-init, --choose-k with --covariance-types, --criterion and
--export-choose-k, each in a subprocess with no display, checked against scikit-learn and numpy."""

import csv
import json
import os
import tempfile
import warnings

import numpy as np
import pytest
from in_process import run_in_process
from sklearn.mixture import GaussianMixture

import nbviz.core as nc
from nbviz.app.documents.session_file import read_session
from nbviz.app.families.gaussian import file_covariance_prior
from nbviz.core.convergence import PER_ROW_TOL

SETTINGS_HOME = tempfile.mkdtemp(prefix="nbviz-test-settings-")
NO_DISPLAY = {
    **{
        name: value
        for name, value in os.environ.items()
        if name not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    },
    "XDG_CONFIG_HOME": SETTINGS_HOME,
}
COLUMNS = ["k", "covariance_type", "bic", "aic", "icl", "log_likelihood", "n_parameters"]
COLUMNS += ["converged", "degenerate", "failures", "reached"]


def run_cli(*args):
    """``nbviz *args`` in this process (the process itself is not under test here)."""
    return run_in_process(*args)


def blobs(duplicates: bool = False) -> np.ndarray:
    rng = np.random.default_rng(0)
    centres = np.array([[0.0, 0.0], [6.0, 0.0], [3.0, 5.0]])
    X = np.concatenate([c + rng.normal(size=(100, 2)) for c in centres])
    return np.concatenate([X, np.tile([[3.0, -5.0]], (3, 1))]) if duplicates else X


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    path = tmp_path_factory.mktemp("fit") / "blobs.csv"
    np.savetxt(path, blobs(), delimiter=",", header="x,y", comments="", fmt="%.6f")
    return path


def rows_of(path):
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == COLUMNS
        return list(reader)


def parameters(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_choose_k_agrees_with_scikit_learns_bic_and_exports_the_chosen_model(clean, tmp_path):
    table, params = tmp_path / "k.csv", tmp_path / "p.json"
    done = run_cli(clean, "--choose-k", "1-5", "--export-choose-k", table, "--export-parameters", params)
    assert done.returncode == 0, done.stderr
    rows = rows_of(table)
    assert [int(row["k"]) for row in rows] == [1, 2, 3, 4, 5]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = [GaussianMixture(k, n_init=3, random_state=0).fit(blobs()) for k in range(1, 6)]
    sklearn_k = 1 + int(np.argmin([fit.bic(blobs()) for fit in reference]))
    ours = [float(row["bic"]) for row in rows]
    assert 1 + int(np.argmin(ours)) == sklearn_k == 3
    # each row's BIC is -2 log L + p log N of its own numbers; K = 3's log L is scikit-learn's to 1e-3 per row
    for row in rows:
        bic = -2 * float(row["log_likelihood"]) + int(row["n_parameters"]) * np.log(300)
        assert np.isclose(float(row["bic"]), bic, rtol=1e-12)
        assert row["converged"] == "true" and row["degenerate"] == "false" and row["failures"] == "0"
    assert abs(float(rows[2]["log_likelihood"]) / 300 - reference[2].score(blobs())) < 1e-3
    written = parameters(params)["run"]
    assert (written["K"], written["covariance_type"]) == (3, "full")
    assert "BIC chooses K = 3, full covariance" in done.stderr


def test_choose_k_over_covariance_types_and_criteria(clean, tmp_path):
    for criterion in ("bic", "aic", "icl"):
        table, params = tmp_path / f"{criterion}.csv", tmp_path / f"{criterion}.json"
        done = run_cli(
            clean, "--choose-k", "2-4", "--covariance-types", "full,tied,diag,spherical", "--criterion", criterion,
            "--export-choose-k", table, "--export-parameters", params,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        rows = rows_of(table)
        assert [(row["covariance_type"], int(row["k"])) for row in rows] == [
            (kind, k) for kind in ("full", "tied", "diag", "spherical") for k in (2, 3, 4)
        ]
        best = min(rows, key=lambda row: float(row[criterion]))
        written = parameters(params)["run"]
        assert (written["covariance_type"], written["K"]) == (best["covariance_type"], int(best["k"]))


def test_choose_k_passes_over_a_degenerate_fit_and_says_so_in_the_table(tmp_path):
    path, table, params = tmp_path / "dup.csv", tmp_path / "k.csv", tmp_path / "p.json"
    np.savetxt(path, blobs(duplicates=True), delimiter=",", header="x,y", comments="", fmt="%.6f")
    done = run_cli(
        path, "--choose-k", "1-6", "--n-init", "5", "--export-choose-k", table, "--export-parameters", params
    )
    assert done.returncode == 0, done.stderr
    rows = rows_of(table)
    usable = [row for row in rows if row["degenerate"] == "false"]
    chosen = min(usable, key=lambda row: float(row["bic"]))
    assert parameters(params)["run"]["K"] == int(chosen["k"])


def test_n_init_keeps_the_best_of_the_starts_seeded_s_to_s_plus_r_minus_1(clean, tmp_path):
    params = tmp_path / "p.json"
    done = run_cli(
        clean, "-k", "3", "--init", "random", "--n-init", "4", "--seed", "5", "--fit", "--export-parameters", params
    )
    assert done.returncode == 0, done.stderr
    run = parameters(params)["run"]
    assert run["start_method"] == "random" and run["seed"] in range(5, 9)
    X = np.loadtxt(clean, delimiter=",", skiprows=1)  # the file's numbers, as the command line read them
    prior = nc.Prior(covariance_prior=file_covariance_prior(X))
    objectives = []
    for seed in range(5, 9):  # each start by hand: a random start, EM to the file's per-row rule
        try:
            em = nc.EM(X, nc.init_model(X, "gaussian", 3, method="random", rng=seed, prior=prior), prior=prior)
            em.run(1000, PER_ROW_TOL, convergence="per_row")
        except ValueError:
            continue
        objectives.append(em.history[-1].objective)
    assert np.isclose(run["objective"], max(objectives), rtol=1e-9)


def test_init_sets_the_start_method(clean, tmp_path):
    params = tmp_path / "p.json"
    done = run_cli(clean, "-k", "2", "--init", "kmeans++", "--seed", "3", "--fit", "--export-parameters", params)
    assert done.returncode == 0, done.stderr
    assert parameters(params)["run"]["start_method"] == "kmeans++"


def test_the_choice_is_saved_with_the_session(clean, tmp_path):
    path = tmp_path / "s.nbviz"
    done = run_cli(clean, "--choose-k", "2-3", "--n-init", "2", "--save-session", path)
    assert done.returncode == 0, done.stderr
    again = run_cli(path, "--n-init", "2", "--export-parameters", tmp_path / "p.json")
    assert again.returncode == 2 and "a session keeps its own start" in again.stderr
    state = read_session(path)
    choice = state.explored[0]
    assert choice is not None and choice.selection.ks.tolist() == [2, 3] and choice.selection.seeds.size == 2
    assert state.config.n_components == choice.best_k("bic") and state.config.convergence == "per_row"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--criterion", "aic"), "--criterion needs --choose-k K1-K2"),
        (("--export-choose-k", "x.csv"), "--export-choose-k needs --choose-k"),
        (("--choose-k", "5-2"), "--choose-k must be a range K1-K2"),
        (("--choose-k", "two"), "--choose-k must be a range K1-K2"),
        (("--choose-k", "1-3", "--covariance-types", "full,round"), "--covariance-types must name covariance types"),
        (("--choose-k", "1-3", "-k", "2"), "either -k/--components or --choose-k"),
        (("--n-init", "0"), "--n-init must be"),
        (("--choose-k", "1-400"), "at most 100 components"),
        (("--choose-k", "1-3", "--fit"), "--choose-k runs the chosen fit to convergence: leave out --fit"),
    ],
)
def test_bad_fitting_options_are_refused_in_one_line(clean, args, message):
    done = run_cli(clean, *args, "--export-parameters", os.devnull)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_more_ks_than_rows_and_types_for_another_family_are_refused(tmp_path):
    path = tmp_path / "small.csv"
    np.savetxt(path, blobs()[:4], delimiter=",", header="x,y", comments="", fmt="%.6f")
    done = run_cli(path, "--choose-k", "1-6", "--export-parameters", tmp_path / "p.json")
    assert done.returncode == 2 and "K = 6 is more than the 4 data rows" in done.stderr
    binary = tmp_path / "bin.csv"
    np.savetxt(binary, np.random.default_rng(0).integers(0, 2, size=(40, 5)), delimiter=",", header="a,b,c,d,e",
               comments="", fmt="%d")  # fmt: skip
    done = run_cli(binary, "--model", "bernoulli", "--choose-k", "1-3", "--covariance-types", "full",
                   "--export-parameters", tmp_path / "b.json")  # fmt: skip
    assert done.returncode == 2 and "--covariance-types applies to Gaussian mixtures" in done.stderr


@pytest.mark.parametrize("flag", [("--init", "random"), ("--n-init", "3"), ("--seed", "5")])
def test_a_start_given_with_start_options_is_refused_not_replaced(clean, tmp_path, capsys, flag):
    from nbviz.cli import main

    start = tmp_path / "start.json"
    assert main([str(clean), "-k", "3", "--fit", "--export-parameters", str(start)]) == 0
    out = tmp_path / "again.json"
    assert main([str(clean), "--start", str(start), *flag, "--export-parameters", str(out)]) == 2
    error = capsys.readouterr().err.strip()
    assert error == f"nbviz: error: give either --start or {flag[0]}, not both: --start gives the start itself"
    assert not out.exists()
    assert main([str(clean), "--start", str(start), "--export-parameters", str(out)]) == 0
    assert parameters(out)["model"] == parameters(start)["model"]  # the start itself, not another


def test_the_parameters_file_records_the_number_of_starts_its_seed_draws(clean, tmp_path):
    # a data file keeps the best of several starts drawn from the seed: its seed is not the seed of
    # one start, and the file says so
    from nbviz.cli import main

    first, again = tmp_path / "first.json", tmp_path / "again.json"
    assert main([str(clean), "-k", "3", "--seed", "4", "--fit", "--export-parameters", str(first)]) == 0
    run = parameters(first)["run"]
    assert run["n_init"] == nc.best_fit.DEFAULT_N_INIT > 1 and run["seed"] == 4
    flags = ["--seed", "4", "--init", run["start_method"]]
    assert main([str(clean), "-k", "3", *flags, "--fit", "--export-parameters", str(again)]) == 0
    assert parameters(again)["model"] == parameters(first)["model"]
    assert (
        main([str(clean), "-k", "3", "--seed", "4", "--n-init", "2", "--fit", "--export-parameters", str(again)]) == 0
    )
    assert parameters(again)["run"]["n_init"] == 1  # --n-init R starts again from the winner's seed alone
