"""The Choose K panel and the restart gallery: run, cancel, and load a fit into the workspace."""

import dataclasses

import numpy as np
import pg_probe
import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.explore.restart_gallery import Restart
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.core.restart import SINGULAR_CAUSE, retry_seed
from nbviz.gui.panels.choose_k import ChooseKPanel
from nbviz.gui.panels.restarts import RestartPanel
from nbviz.gui.panels.thumbnails import aligned_to, frame_for
from nbviz.gui.window.main_window import MainWindow

THREE = nc.GaussianMixture(
    weights=[0.3, 0.3, 0.4], means=[[0, 0], [8, 0], [0, 8]], covariances=np.stack([np.eye(2)] * 3)
)
# four corners: from "random" starts some restarts find the four clusters, others merge two
CORNERS = nc.GaussianMixture(
    weights=[0.25] * 4, means=[[0, 0], [10, 0], [0, 10], [10, 10]], covariances=np.stack([np.eye(2)] * 4)
)


@pytest.fixture
def session(qtbot):
    session = Session()
    session.load(Problem.synthesised(THREE, 150, seed=2, name="three"), ModelConfig(n_components=2, seed=1))
    return session


def fit_every_k(panel: ChooseKPanel, qtbot, k_max=4, restarts=2):
    panel.min_spin.setValue(1)
    panel.max_spin.setValue(k_max)
    panel.restarts_spin.setValue(restarts)
    with qtbot.waitSignal(panel.explorer.finished, timeout=20000):
        qtbot.mouseClick(panel.job_bar.run_button, Qt.LeftButton)
    return panel.result


def click_plot_at_k(panel: ChooseKPanel, qtbot, k: float) -> None:
    box = panel.plot.getPlotItem().vb
    y = float(np.mean(box.viewRange()[1]))
    scene = box.mapViewToScene(QPointF(k, y))
    qtbot.mouseClick(panel.plot.viewport(), Qt.LeftButton, pos=panel.plot.mapFromScene(scene))


def test_choose_k_finds_the_true_k_and_a_click_loads_that_fit(session, qtbot):
    panel = ChooseKPanel(session)
    qtbot.addWidget(panel)
    panel.resize(480, 700)
    panel.show()
    result = fit_every_k(panel, qtbot)
    reference = nc.select_components(
        session.problem.X, "gaussian", [1, 2, 3, 4], n_init=2, rng=1, max_iter=1000, tol=session.tolerance
    )
    np.testing.assert_array_equal(result.selection.bic, reference.bic)
    assert reference.best_k == 3 == result.best_k("bic")
    assert "BIC prefers K = 3" in panel.summary.text() and "drawn from K = 3" in panel.summary.text()
    assert panel.truth_line.isVisible() and panel.truth_line.value() == 3
    assert pg_probe.spots(panel.best_marker).x.tolist() == [3.0]
    assert panel.table.rowCount() == 4 and panel.table.item(2, 0).font().bold()
    assert panel.table.item(2, 1).text() == f"{np.nanmin(reference.bic[2]):.6g}"

    # a click on the plot near K = 4 loads K = 4's best fit, history and all
    click_plot_at_k(panel, qtbot, 4.2)
    restart = int(np.nanargmin(reference.bic[3]))
    chosen = result.selection.runs[(3, restart)]
    assert session.em.model.n_components == 4 and session.config.n_components == 4
    assert session.config.seed == reference.seeds[restart]
    assert session.history == chosen.history and session.cursor == len(chosen.history) - 1

    # a table row does the same for K = 2 (by AIC this time)
    panel.criterion_combo.setCurrentIndex(panel.criterion_combo.findData("aic"))
    rect = panel.table.visualItemRect(panel.table.item(1, 0))
    qtbot.mouseClick(panel.table.viewport(), Qt.LeftButton, pos=rect.center())
    restart = int(np.nanargmin(reference.aic[1]))
    assert session.history == result.selection.runs[(1, restart)].history
    assert session.config.n_components == 2 and session.config.seed == reference.seeds[restart]


def test_cancel_stops_choosing_k_and_leaves_the_session_alone(qtbot):
    session = Session()
    session.load(Problem.synthesised(THREE, 3000, seed=2), ModelConfig(n_components=2))
    session.step()
    before = (session.em, list(session.history), session.cursor, session.config)
    panel = ChooseKPanel(session)
    qtbot.addWidget(panel)
    panel.min_spin.setValue(1)
    panel.max_spin.setValue(8)
    panel.restarts_spin.setValue(6)
    with qtbot.waitSignal(panel.explorer.finished, timeout=20000) as blocker:
        qtbot.mouseClick(panel.job_bar.run_button, Qt.LeftButton)
        assert panel.job_bar.cancel_button.isEnabled() and not panel.job_bar.run_button.isEnabled()
        qtbot.mouseClick(panel.job_bar.cancel_button, Qt.LeftButton)
    result = blocker.args[0]
    assert result.cancelled
    done = int(np.sum(~np.isnan(result.selection.objective)))
    assert 0 <= done < 48  # cancel takes effect within one EM iteration, maybe inside the first fit
    assert panel.job_bar.status.text().startswith(f"Cancelled: {done} of 48 fits were done.")
    assert (session.em, session.history, session.cursor, session.config) == before
    assert panel.job_bar.run_button.isEnabled() and not panel.job_bar.cancel_button.isEnabled()


def test_results_are_cleared_when_the_data_changes(session, qtbot):
    panel = ChooseKPanel(session)
    gallery = RestartPanel(session)
    qtbot.addWidget(panel)
    qtbot.addWidget(gallery)
    fit_every_k(panel, qtbot, k_max=2, restarts=1)
    gallery.count_spin.setValue(2)
    with qtbot.waitSignal(gallery.explorer.finished, timeout=20000):
        gallery.run()
    assert panel.table.rowCount() == 2 and len(gallery.cards) == 2
    session.load(Problem.synthesised(CORNERS, 80, seed=1), ModelConfig(n_components=4))
    assert panel.result is None and panel.table.rowCount() == 0 and not panel.truth_line.isVisible()
    assert "data changed" in panel.summary.text()
    assert gallery.gallery is None and gallery.cards == [] and "data changed" in gallery.summary.text()


def test_gallery_sorts_groups_and_loads_a_picked_run(qtbot):
    session = Session()
    session.load(
        Problem.synthesised(CORNERS, 200, seed=0, name="corners"),
        ModelConfig(n_components=4, init_method="random", seed=0),
    )
    panel = RestartPanel(session)
    qtbot.addWidget(panel)
    panel.resize(600, 700)
    panel.show()
    assert panel.method_combo.currentData() == "random" and panel.seed_spin.value() == 0
    panel.count_spin.setValue(5)
    with qtbot.waitSignal(panel.explorer.finished, timeout=20000):
        qtbot.mouseClick(panel.job_bar.run_button, Qt.LeftButton)
    gallery = panel.gallery
    finished = [run for run in gallery.runs if run.ok]
    # seed 4 collapses a covariance: it is run again from the next retry seed, which finishes
    assert sorted(run.seed for run in gallery.runs) == [0, 1, 2, 3, retry_seed(4, 1)]
    assert [run.objective for run in finished] == sorted((run.objective for run in finished), reverse=True)
    assert gallery.n_optima >= 2 and "distinct optima" in panel.summary.text()
    assert f"the worst is {finished[0].objective - finished[-1].objective:.4g} below the best" in panel.summary.text()
    texts = [card.text.text() for card in panel.cards]
    assert "best" in texts[0] and "optimum 1" in texts[0]
    assert f"objective {finished[0].objective:.6g}".replace("-", "−") in texts[0]  # a minus sign, not a hyphen
    for index in range(1, len(finished)):
        first = gallery.first_of_group(index)
        if first != index:
            assert f"same optimum as #{first + 1}" in texts[index]
        else:
            assert f"optimum {gallery.groups[index] + 1}" in texts[index]
        assert (
            f"{finished[0].objective - finished[index].objective:.4g} below the best" in texts[index]
            or "same objective as the best" in texts[index]
        )
    assert panel.job_bar.status.text() == (
        "1 restart at K = 4 hit a singular covariance (a component collapsed onto too few points); "
        "it was run again from another seed, which finished."
    )
    assert all(not card.picture.pixmap().isNull() for card in panel.cards[: len(finished)])

    # picking the worst finished run loads it, whole history, with its seed
    worst = len(finished) - 1
    qtbot.mouseClick(panel.cards[worst], Qt.LeftButton, pos=QPoint(10, 10))
    assert session.history == finished[worst].em.history and session.cursor == len(session.history) - 1
    assert session.config.seed == finished[worst].seed and session.config.init_method == "random"
    assert "Click a card to load" in panel.summary.text()

    # when every run fails (here: one that failed from three seeds), the summary says what to try
    cause = (4, SINGULAR_CAUSE, "component 2's covariance became singular")
    lost = Restart(4, None, np.nan, 0, False, "seed 4: component 2's covariance became singular", failed=(cause,) * 3)
    failed_only = dataclasses.replace(gallery, runs=[lost], groups=np.array([-1]))
    panel.show_gallery(failed_only)
    before = session.em
    qtbot.mouseClick(panel.cards[-1], Qt.LeftButton, pos=QPoint(10, 10))
    assert session.em is before  # a failed run has nothing to load
    assert "No run finished; 1 failed" in panel.summary.text()
    assert panel.job_bar.status.text() == f"1 of 1 restarts {SINGULAR_CAUSE} at K = 4, also from 2 other seeds each."
    assert "Click a card" not in panel.summary.text() and "Every run failed" in panel.summary.text()


def test_explore_menu_shows_the_docks_and_run_waits_for_a_busy_session(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    window.remember_layout = False
    qtbot.addWidget(window)
    window.show()
    window.session.load(Problem.synthesised(THREE, 100, seed=2), ModelConfig(n_components=3))
    assert not window.docks.choose_k_dock.isVisible() and not window.docks.restarts_dock.isVisible()
    explore = next(a.menu() for a in window.menuBar().actions() if a.text() == "E&xplore")
    actions = {a.text(): a for a in explore.actions()}
    actions["Restart gallery…"].trigger()
    assert window.docks.restarts_dock.isVisible()
    actions["Choose K…"].trigger()
    assert window.docks.choose_k_dock.isVisible()
    assert window.choose_k.job_bar.run_button.isEnabled()
    window.session.background.set_busy(True)
    assert not window.choose_k.job_bar.run_button.isEnabled()
    assert not window.restarts.job_bar.run_button.isEnabled()
    window.session.background.set_busy(False)
    assert window.restarts.job_bar.run_button.isEnabled()


def test_thumbnails_align_components_with_the_best_run_and_suit_the_data():
    order = [2, 0, 1]
    shuffled = THREE.permuted(order)
    labels = THREE.predict(THREE.means)  # [0, 1, 2]: each mean belongs to its own component
    model, relabelled = aligned_to(shuffled, shuffled.predict(THREE.means), THREE)
    np.testing.assert_array_equal(model.means, THREE.means)
    np.testing.assert_array_equal(relabelled, labels)
    X, _ = THREE.sample(50, rng=0)
    assert frame_for(Problem(name="2-D", X=X, columns=("a", "b")), "gaussian").kind == "scatter"
    assert frame_for(Problem(name="1-D", X=X[:, :1], columns=("a",)), "gaussian").kind == "density"
    images = Problem(name="img", X=np.eye(16)[np.arange(40) % 16], columns=tuple("abcdefghijklmnop"))
    assert frame_for(images, "bernoulli").kind == "images"
    words = Problem(name="words", X=np.eye(5)[np.arange(40) % 5] * 3, columns=tuple("abcde"))
    assert frame_for(words, "multinomial").kind == "weights"


def test_a_picked_restart_shows_its_settings_in_the_controls(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    window.remember_layout = False
    qtbot.addWidget(window)
    window.session.load(Problem.synthesised(THREE, 100, seed=2), ModelConfig(n_components=3, seed=0))
    panel = window.restarts
    panel.count_spin.setValue(2)
    panel.seed_spin.setValue(40)
    panel.method_combo.setCurrentIndex(panel.method_combo.findData("random_from_data"))
    with qtbot.waitSignal(panel.explorer.finished, timeout=20000):
        assert panel.run()
    picked = panel.gallery.runs[1]
    assert panel.choose(1)
    assert window.controls.seed_spin.value() == picked.seed in (40, 41)
    assert window.controls.init_combo.currentData() == "random_from_data"
    assert window.history_slider.maximum() == len(picked.em.history) - 1 == window.history_slider.value()


def test_the_panels_say_each_runs_tolerance_and_iteration_cap(session, qtbot):
    assert session.set_convergence(tolerance=1e-3, max_iter=7)
    expected = "Each run: at most 7 iterations, tol 0.001 on the total."
    restarts = RestartPanel(session)
    qtbot.addWidget(restarts)
    with qtbot.waitSignal(restarts.explorer.finished, timeout=20000):
        qtbot.mouseClick(restarts.job_bar.run_button, Qt.LeftButton)
    assert expected in restarts.summary.text()
    assert all(run.iterations <= 7 for run in restarts.gallery.runs)
    choose = ChooseKPanel(session)
    qtbot.addWidget(choose)
    fit_every_k(choose, qtbot, k_max=2, restarts=1)
    assert expected in choose.summary.text()
