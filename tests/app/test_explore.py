"""Exploring jobs: restarts grouped by optimum, choosing K in the background, adopting a fit."""

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.explore.explore import Explorer
from nbviz.app.explore.restart_gallery import Restart, RestartGallery, group_optima
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.run_making import new_run
from nbviz.app.run.session import Session
from nbviz.core.restart import SINGULAR_CAUSE, retry_seed

# Four round clusters at the corners of a square. From "random" starts EM lands in the right
# optimum (one component per corner) or in worse ones (one component spanning two corners);
# seed 4 collapses a covariance.
CORNERS = nc.GaussianMixture(
    weights=[0.25] * 4, means=[[0, 0], [10, 0], [0, 10], [10, 10]], covariances=np.stack([np.eye(2)] * 4)
)
CORNERS_CONFIG = ModelConfig(n_components=4, init_method="random", seed=0)


@pytest.fixture
def corners(qtbot):
    session = Session()
    session.load(Problem.synthesised(CORNERS, 200, seed=0, name="corners"), CORNERS_CONFIG)
    return session


def run_job(qtbot, explorer: Explorer, start):
    with qtbot.waitSignal(explorer.finished, timeout=20000) as blocker:
        assert start()
    return blocker.args[0]


def independent_run(session: Session, seed: int) -> nc.EM:
    X = session.problem.X
    run = nc.EM(X, nc.init_model(X, "gaussian", 4, method="random", rng=seed))
    run.run(1000, session.tolerance)
    return run


def same_centres(a: np.ndarray, b: np.ndarray, atol: float) -> bool:
    """Every row of `a` has a row of `b` within `atol` and vice versa."""
    distances = np.linalg.norm(a[:, None, :] - b[None, :, :], axis=2)
    return bool(np.all(distances.min(axis=1) < atol) and np.all(distances.min(axis=0) < atol))


def test_restarts_are_sorted_reproducible_by_seed_and_grouped_by_optimum(corners, qtbot):
    explorer = Explorer(corners)
    gallery = run_job(qtbot, explorer, lambda: explorer.restarts(5, first_seed=0))
    assert isinstance(gallery, RestartGallery) and not gallery.cancelled
    # each finished restart is the run a plain EM from that seed gives
    finished = [run for run in gallery.runs if run.ok]
    for run in finished:
        reference = independent_run(corners, run.seed)
        assert run.objective == reference.history[-1].objective
        assert run.iterations == len(reference.history) // 2
    objectives = [run.objective for run in finished]
    assert objectives == sorted(objectives, reverse=True)
    # the collapsed start is retried from another seed, and that is said once, with the cause
    retried = [run for run in gallery.runs if run.failed]
    assert [run.seed for run in retried] == [retry_seed(4, 1)] and retried[0].ok
    assert [(seed, cause) for seed, cause, _ in retried[0].failed] == [(4, SINGULAR_CAUSE)]
    assert gallery.failure_lines() == [
        f"1 restart at K = 4 {SINGULAR_CAUSE}; it was run again from another seed, which finished."
    ]
    assert all(run.ok for run in gallery.runs) and -1 not in gallery.groups
    # same optimum <=> objectives agree and the sorted means agree (checked without match_components)
    for i, a in enumerate(finished):
        for j, b in enumerate(finished):
            same = abs(a.objective - b.objective) < 1e-2 and same_centres(a.em.model.means, b.em.model.means, 0.05)
            assert (gallery.groups[i] == gallery.groups[j]) == same
    assert gallery.groups[0] == 0
    assert same_centres(finished[0].em.model.means, CORNERS.means, 0.5)
    assert not same_centres(finished[-1].em.model.means, CORNERS.means, 0.5)
    n_optima = len(set(gallery.groups[gallery.groups >= 0]))
    assert n_optima >= 2
    gap = objectives[0] - objectives[-1]
    assert gallery.summary() == f"{n_optima} distinct optima; the worst is {gap:.4g} below the best."
    again = run_job(qtbot, explorer, lambda: explorer.restarts(5, first_seed=0))
    assert [(r.seed, r.objective) for r in again.runs if r.ok] == [(r.seed, r.objective) for r in finished]


def test_a_gallerys_first_seed_is_its_runs_first_attempt_even_when_retried(corners):
    problem, config = corners.problem, corners.config

    def run(seed, objective, tried=()):
        failed = tuple((s, SINGULAR_CAUSE, "collapsed") for s in tried)
        return Restart(seed, None, objective, 5, True, failed=failed)

    runs = [
        run(retry_seed(40, 1), -10.0, tried=[40]),  # the first restart, retried: its own seed is the retry's
        run(41, -11.0),
        run(retry_seed(42, 3), np.nan, tried=[42, retry_seed(42, 1), retry_seed(42, 2), retry_seed(42, 3)]),
    ]
    gallery = RestartGallery(problem, config, runs, np.array([0, 1, -1]), requested=3)
    assert gallery.first_seed == 40
    assert RestartGallery(problem, config, [], np.zeros(0), cancelled=True, requested=3).first_seed is None


def test_group_optima_treats_relabelled_components_as_one_optimum():
    a = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0.0, 0.0], [5.0, 0.0]], covariances=np.stack([np.eye(2)] * 2))
    relabelled = a.permuted([1, 0])
    moved = nc.GaussianMixture(
        weights=[0.5, 0.5], means=[[0.0, 0.0], [5.0, 3.0]], covariances=np.stack([np.eye(2)] * 2)
    )
    groups = group_optima([a, relabelled, moved, None, a], np.array([-10.0, -10.0, -10.0, np.nan, -12.0]), 1e-3)
    # same objective and same components; different components; failed; same components, worse objective
    np.testing.assert_array_equal(groups, [0, 0, 1, -1, 2])


def test_cancelled_restarts_keep_only_finished_runs(qtbot):
    blob = nc.GaussianMixture(weights=[1.0], means=[[0.0, 0.0]], covariances=[np.eye(2)])
    session = Session()
    session.load(Problem.synthesised(blob, 5000, seed=0), ModelConfig(n_components=3))
    session.tolerance = 0.0  # never converges: only cancel stops a run
    explorer = Explorer(session)
    before = (session.em, len(session.history))
    with qtbot.waitSignal(explorer.finished, timeout=20000) as blocker:
        assert explorer.restarts(3, first_seed=0)
        qtbot.waitSignal(explorer.progressed, timeout=10000).wait()
        explorer.cancel()
    gallery = blocker.args[0]
    assert gallery.cancelled and gallery.runs == []
    assert gallery.summary() == "No run finished; cancelled after 0 of 3 runs."
    assert (session.em, len(session.history)) == before


def test_cancelling_choose_k_stops_inside_the_first_fit(qtbot):
    blob = nc.GaussianMixture(weights=[1.0], means=[[0.0, 0.0]], covariances=[np.eye(2)])
    session = Session()
    session.load(Problem.synthesised(blob, 5000, seed=0), ModelConfig(n_components=3))
    session.tolerance = 0.0  # never converges: only cancel ends the first fit
    explorer = Explorer(session)
    with qtbot.waitSignal(explorer.finished, timeout=20000) as blocker:
        assert explorer.choose_k([3], n_init=2)
        with qtbot.waitSignal(explorer.progressed, timeout=10000) as progressed:
            pass
        explorer.cancel()
    assert progressed.args[1] == "Fitted 0 of 2; fitting K = 3, restart 1"
    choice = blocker.args[0]
    assert choice.cancelled and choice.selection.runs == {} and np.isnan(choice.selection.objective).all()


def test_choose_k_equals_select_components_and_a_fit_reproduces_its_start(corners, qtbot):
    explorer = Explorer(corners)
    choice = run_job(qtbot, explorer, lambda: explorer.choose_k([3, 4], n_init=2))
    reference = nc.select_components(
        corners.problem.X, "gaussian", [3, 4], n_init=2, rng=0, method="random", max_iter=1000, tol=corners.tolerance
    )
    np.testing.assert_array_equal(choice.selection.objective, reference.objective)
    np.testing.assert_array_equal(choice.selection.bic, reference.bic)
    assert choice.problem.truth.n_components == 4 and choice.best_k("bic") == reference.best_k
    k_index = 1
    restart = choice.best_restart(k_index, "bic")
    assert restart == int(np.nanargmin(reference.bic[1]))
    run, config = choice.fit(k_index, restart)
    assert config.n_components == 4 and config.seed == reference.seeds[restart]
    fresh = new_run(corners.problem, config)
    np.testing.assert_array_equal(fresh.history[0].model.means, run.history[0].model.means)


def test_adopt_run_shows_the_whole_history_and_keeps_the_original(corners, qtbot):
    run = independent_run(corners, 1)
    config = CORNERS_CONFIG.with_(seed=1)
    history = list(run.history)
    assert corners.adopt_run(run, config)
    assert corners.config == config and corners.history == history
    assert corners.cursor == len(history) - 1
    corners.set_cursor(3)
    corners.step()  # continuing from an earlier half-step drops the later ones of the session's copy only
    assert run.history == history and len(corners.history) == 5  # half-step 3 is an E-step: M follows
    assert corners.adopt_run(run, config) and corners.history == history


def test_adopt_run_is_refused_while_busy_or_for_other_data(corners, qtbot):
    other = Session()
    other.load(Problem.synthesised(CORNERS, 100, seed=9), CORNERS_CONFIG)
    before = (corners.em, corners.config)
    messages = []
    corners.error_raised.connect(messages.append)
    assert not corners.adopt_run(other.em, CORNERS_CONFIG.with_(seed=5))
    assert "other data" in messages[-1]
    corners.background.set_busy(True)
    assert not corners.adopt_run(independent_run(corners, 1), CORNERS_CONFIG)
    assert "Wait for the run" in messages[-1]
    assert (corners.em, corners.config) == before


def test_choose_k_fits_soft_unsupervised_em_whatever_the_session_runs(corners, qtbot):
    assert corners.configure(CORNERS_CONFIG.with_(hard=True))
    explorer = Explorer(corners)
    choice = run_job(qtbot, explorer, lambda: explorer.choose_k([2], n_init=1))
    run, config = choice.fit(0, 0)
    assert not config.hard and not run.hard and run.labels is None and config.label_fraction == 0.0
    assert corners.adopt_run(run, config) and not corners.config.hard


def test_failures_are_summed_up_in_one_line_per_cause():
    from nbviz.app.explore.failure_summary import failure_lines

    singular = (1, SINGULAR_CAUSE, "component 2's covariance became singular ...")
    attempts = [("K = 5", (singular,) * 3), ("K = 5", (singular,) * 3), ("K = 6", (singular,) * 3)]
    attempts += [("K = 4", (singular,)), ("K = 5", ((2, "the data has only 3 distinct rows", "..."),) * 3)]
    lines = failure_lines(attempts, {"K = 4": 3, "K = 5": 3, "K = 6": 3})
    assert lines == [
        f"3 of 6 restarts {SINGULAR_CAUSE} at K = 5 and K = 6, also from 2 other seeds each.",
        "1 of 3 restarts failed (the data has only 3 distinct rows) at K = 5, also from 2 other seeds each.",
        f"1 restart at K = 4 {SINGULAR_CAUSE}; it was run again from another seed, which finished.",
    ]


def test_restarts_and_choose_k_use_the_sessions_tolerance_and_iteration_cap(corners, qtbot):
    # a cap of 3 iterations and a tolerance of 0 (never converged): every fit stops at 3 iterations
    assert corners.set_convergence(tolerance=0.0, max_iter=3)
    explorer = Explorer(corners)
    gallery = run_job(qtbot, explorer, lambda: explorer.restarts(2, first_seed=0))
    assert [run.iterations for run in gallery.runs] == [3, 3]
    assert not any(run.converged for run in gallery.runs)
    choice = run_job(qtbot, explorer, lambda: explorer.choose_k([2, 3], n_init=1))
    assert (choice.config.tolerance, choice.config.max_iter) == (0.0, 3)
    # the same fits as select_components stopped after 3 iterations, not run to the default cap
    reference = nc.select_components(
        corners.problem.X, "gaussian", [2, 3], n_init=1, rng=0, method="random", max_iter=3, tol=0.0
    )
    np.testing.assert_array_equal(choice.selection.objective, reference.objective)
    run, _ = choice.fit(0, 0)
    assert len(run.history) == 1 + 2 * 3  # the start and three iterations
