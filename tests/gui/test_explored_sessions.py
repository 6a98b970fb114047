"""Choose K and restart-gallery results are saved with the session and come back with it: the same
plot, table, cards and inputs, and a click still loads that fit (made again from its seed, in the
background with the panel's job bar)."""

import hashlib
import json
import threading

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.documents.explore_saved import explored_to_dict
from nbviz.app.documents.session_file import SessionFileError, read_session, write_session
from nbviz.app.explore import choose_k, restart_gallery
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session
from nbviz.gui.panels.choose_k import ChooseKPanel
from nbviz.gui.panels.restarts import RestartPanel

TRUTH = nc.GaussianMixture(
    weights=[0.4, 0.6], means=[[0, 0], [6, 1]], covariances=np.array([[[1.0, 0.3], [0.3, 0.6]], [[0.8, 0], [0, 2.0]]])
)


def panels(qtbot, session):
    choose, restarts = ChooseKPanel(session), RestartPanel(session)
    for panel in (choose, restarts):
        qtbot.addWidget(panel)
        panel.resize(520, 760)
        panel.show()
    return choose, restarts


def table_text(table):
    return [[table.item(i, j).text() for j in range(table.columnCount())] for i in range(table.rowCount())]


def same_run(history, other) -> bool:
    """The same half-steps: phases, objectives and the final model, number for number."""
    steps = [(s.phase, s.iteration, s.objective) for s in history]
    return steps == [(s.phase, s.iteration, s.objective) for s in other] and (
        history[-1].model.to_dict() == other[-1].model.to_dict()
    )


def card_texts(panel):
    return [(card.text.text(), card.clickable) for card in panel.cards]


@pytest.fixture(scope="module")
def saved_path(tmp_path_factory, qapp, request):
    """A session with Choose K over covariance types (K = 1..3, 2 restarts) and a gallery of 4 restarts."""
    from pytestqt.qtbot import QtBot

    qtbot = QtBot(request)
    session = Session()
    session.load(Problem.synthesised(TRUTH, 120, seed=5, name="two"), ModelConfig(n_components=2, seed=2))
    choose, restarts = ChooseKPanel(session), RestartPanel(session)
    choose.min_spin.setValue(1)
    choose.max_spin.setValue(3)
    choose.restarts_spin.setValue(2)
    choose.models_check.setChecked(True)
    with qtbot.waitSignal(choose.explorer.finished, timeout=30000):
        choose.run()
    restarts.count_spin.setValue(4)
    with qtbot.waitSignal(restarts.explorer.finished, timeout=30000):
        restarts.run()
    path = tmp_path_factory.mktemp("explored") / "s.nbviz"
    assert session.save(path, write_session)
    shown = table_text(choose.table), choose.summary.text(), card_texts(restarts), restarts.summary.text()
    spherical = choose.result.selection_for("spherical")
    histories = {
        "spherical-3": choose.result.fit(2, int(np.nanargmin(spherical.bic[2])), "spherical")[0].history,
        "card-1": restarts.gallery.runs[1].em.history,
    }
    yield path, choose.result, restarts.gallery, shown, histories
    for panel in (choose, restarts):
        panel.deleteLater()


def test_restoring_shows_the_same_choose_k_and_gallery_and_clicks_load_the_same_fits(saved_path, qtbot):
    path, choice, gallery, (table, summary, cards, gallery_summary), histories = saved_path
    session = Session()
    choose, restarts = panels(qtbot, session)
    assert session.restore(read_session(path))
    again = choose.result
    assert again.covariance_types == choice.covariance_types
    for kind in choice.covariance_types:
        for key in ("objective", "bic", "aic", "icl", "fit_seeds"):
            np.testing.assert_array_equal(
                getattr(again.selection_for(kind), key), getattr(choice.selection_for(kind), key)
            )
    assert table_text(choose.table) == table and choose.summary.text() == summary
    assert card_texts(restarts) == cards and restarts.summary.text() == gallery_summary
    np.testing.assert_array_equal(restarts.gallery.groups, gallery.groups)

    # the spherical K = 3 point of the plot: its fit is made again, history and all
    selection = again.selection_for("spherical")
    box = choose.plot.getPlotItem().vb
    scene = box.mapViewToScene(QPointF(3.0, float(np.nanmin(selection.bic[2]))))
    with qtbot.waitSignal(choose.explorer.finished, timeout=30000):
        qtbot.mouseClick(choose.plot.viewport(), Qt.LeftButton, pos=choose.plot.mapFromScene(scene))
    assert session.config.covariance_type == "spherical" and session.config.n_components == 3
    assert same_run(session.history, histories["spherical-3"])

    # the second card of the gallery
    with qtbot.waitSignal(restarts.explorer.finished, timeout=30000):
        qtbot.mouseClick(restarts.cards[1], Qt.LeftButton)
    assert same_run(session.history, histories["card-1"])
    assert session.config.seed == gallery.runs[1].seed


class Held:
    """Holds the fits made again (``fit_restart`` of Choose K, ``new_run`` of the gallery) at
    their start until `release`, and records the thread each ran in."""

    def __init__(self, make):
        self.make, self.threads, self.released = make, [], threading.Event()

    def __call__(self, *args, **kwargs):
        self.threads.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():  # (the GUI thread must never wait)
            assert self.released.wait(30)
        return self.make(*args, **kwargs)

    def release(self):
        self.released.set()

    @property
    def in_background(self) -> bool:
        return bool(self.threads) and all(t is not threading.main_thread() for t in self.threads)


@pytest.fixture
def restored(saved_path, qtbot, monkeypatch):
    """Panels showing the saved results, with the fits made again held (`Held`) for Choose K and the gallery."""
    session = Session()
    choose, restarts = panels(qtbot, session)
    assert session.restore(read_session(saved_path[0]))
    held_fit = Held(choose_k.fit_restart)
    monkeypatch.setattr(choose_k, "fit_restart", held_fit)
    held_run = Held(restart_gallery.new_run)
    monkeypatch.setattr(restart_gallery, "new_run", held_run)
    yield session, choose, restarts, held_fit, held_run
    held_fit.release()
    held_run.release()
    for panel in (choose, restarts):
        qtbot.waitUntil(lambda panel=panel: not panel.explorer.running, timeout=30000)


def test_a_restored_fit_is_made_again_in_the_background_with_the_job_bar(restored, saved_path, qtbot):
    session, choose, restarts, held_fit, held_run = restored
    histories = saved_path[4]
    before, config = list(session.history), session.config
    row = choose._rows.index(("spherical", 2))
    qtbot.mouseClick(
        choose.table.viewport(), Qt.LeftButton, pos=choose.table.visualRect(choose.table.model().index(row, 0)).center()
    )
    qtbot.waitUntil(lambda: bool(held_fit.threads))
    assert held_fit.in_background  # the window is free meanwhile
    bar = choose.job_bar
    assert choose.explorer.running and bar.cancel_button.isEnabled() and not bar.run_button.isEnabled()
    assert bar.progress.isVisible() and bar.progress.maximum() == 0  # how long it takes is not known: busy
    assert bar.status.text().startswith("Making the fit with K = 3, spherical covariance again from its seed")
    assert session.history == before and session.config == config  # nothing changes before it is made
    held_fit.release()
    qtbot.waitUntil(lambda: not choose.explorer.running, timeout=30000)
    assert session.config.covariance_type == "spherical" and session.config.n_components == 3
    assert same_run(session.history, histories["spherical-3"])
    assert not bar.progress.isVisible() and not bar.cancel_button.isEnabled() and bar.run_button.isEnabled()

    # a card of the gallery: the saved number of iterations gives the fraction done
    qtbot.mouseClick(restarts.cards[1], Qt.LeftButton)
    qtbot.waitUntil(lambda: bool(held_run.threads))
    assert held_run.in_background and restarts.explorer.running
    assert restarts.job_bar.progress.isVisible() and restarts.job_bar.progress.maximum() == 1000
    assert restarts.job_bar.status.text().startswith(f"Making restart #2 (seed {restarts.gallery.runs[1].seed}) again")
    held_run.release()
    qtbot.waitUntil(lambda: not restarts.explorer.running, timeout=30000)
    assert same_run(session.history, histories["card-1"])
    assert restarts.job_bar.status.text() == "\n".join(restarts.gallery.failure_lines())  # the gallery's own notes


def test_cancelling_a_fit_made_again_loads_nothing(restored, qtbot):
    session, choose, restarts, held_fit, held_run = restored
    before, config = list(session.history), session.config
    assert choose.choose_model("full", 1)
    qtbot.waitUntil(lambda: bool(held_fit.threads))
    qtbot.mouseClick(choose.job_bar.cancel_button, Qt.LeftButton)
    held_fit.release()
    qtbot.waitUntil(lambda: not choose.explorer.running, timeout=30000)
    assert choose.job_bar.status.text() == (
        "Cancelled: the fit with K = 2, full covariance was not loaded; the workspace is as it was."
    )
    assert session.history == before and session.config == config and choose.error.text == ""

    # data replaced while a run of the gallery is made again: it is dropped, and says so
    assert restarts.choose(0)
    qtbot.waitUntil(lambda: bool(held_run.threads))
    assert session.load(Problem.synthesised(TRUTH, 50, seed=9, name="other"), ModelConfig(n_components=2))
    loaded = list(session.history)
    held_run.release()
    qtbot.waitUntil(lambda: not restarts.explorer.running, timeout=30000)
    assert session.history == loaded and session.problem.name == "other"
    assert restarts.job_bar.status.text().startswith("The data changed while restart #1")


def settings(choose, restarts) -> dict:
    """What the inputs of the two panels show."""
    return {
        "ks": (choose.min_spin.value(), choose.max_spin.value()),
        "restarts per K": choose.restarts_spin.value(),
        "criterion": choose.criterion,
        "compared": choose.models_check.isChecked(),
        "runs": restarts.count_spin.value(),
        "method": restarts.method_combo.currentData(),
        "first seed": restarts.seed_spin.value(),
    }


def test_restoring_shows_the_settings_that_made_the_results(tmp_path, qtbot):
    session = Session()
    session.load(Problem.synthesised(TRUTH, 120, seed=5, name="two"), ModelConfig(n_components=2, seed=2))
    choose, restarts = panels(qtbot, session)
    choose.min_spin.setValue(2)
    choose.max_spin.setValue(3)
    choose.restarts_spin.setValue(3)
    choose.criterion_combo.setCurrentIndex(choose.criterion_combo.findData("aic"))
    choose.models_check.setChecked(True)
    with qtbot.waitSignal(choose.explorer.finished, timeout=30000):
        assert choose.run()
    restarts.count_spin.setValue(3)
    restarts.method_combo.setCurrentIndex(restarts.method_combo.findData("random_from_data"))
    restarts.seed_spin.setValue(30)
    with qtbot.waitSignal(restarts.explorer.finished, timeout=30000):
        assert restarts.run()
    made_with = settings(choose, restarts)
    assert session.save(tmp_path / "s.nbviz", write_session)

    again = Session()
    fresh = panels(qtbot, again)
    assert settings(*fresh) != made_with  # (the defaults)
    assert again.restore(read_session(tmp_path / "s.nbviz"))
    assert settings(*fresh) == made_with
    assert fresh[0].summary.text() == choose.summary.text()  # the criterion shown is the one it was run with


def test_panels_built_after_the_session_was_opened_show_its_results(saved_path, qtbot):
    """The window builds the Explore docks when first shown: after the session was opened."""
    path, *_, (table, summary, cards, gallery_summary), _ = saved_path
    session = Session()
    assert session.restore(read_session(path))
    choose, restarts = panels(qtbot, session)
    assert table_text(choose.table) == table and choose.summary.text() == summary
    assert card_texts(restarts) == cards and restarts.summary.text() == gallery_summary
    assert (choose.max_spin.value(), choose.restarts_spin.value(), restarts.count_spin.value()) == (3, 2, 4)

    other = Session()  # results of other data than the session's are not shown
    other.load(Problem.synthesised(TRUTH, 50, seed=9, name="other"), ModelConfig(n_components=2))
    other.explored.keep(session.explored.choice, session.explored.gallery)
    choose, restarts = panels(qtbot, other)
    assert choose.result is None and restarts.gallery is None and choose.table.rowCount() == 0


def test_a_session_saved_again_keeps_the_results_unchanged(saved_path, tmp_path, qtbot):
    path = saved_path[0]
    session = Session()
    panels(qtbot, session)
    assert session.restore(read_session(path))
    assert session.save(tmp_path / "again.nbviz", write_session)
    first, second = (json.loads(p.read_text())["explored"] for p in (path, tmp_path / "again.nbviz"))
    assert first == second


def test_the_entry_is_written_from_the_results_alone(saved_path, qtbot):
    """Each result carries the tolerance its fits ran with: the session's own is not asked for."""
    path, choice, gallery = saved_path[:3]
    written = json.loads(json.dumps(explored_to_dict(choice, gallery)))
    assert written == json.loads(path.read_text())["explored"]
    assert explored_to_dict(None, None) == {}


def test_sessions_without_results_still_load(saved_path, tmp_path):
    data = json.loads(saved_path[0].read_text())
    del data["explored"]
    (tmp_path / "old.nbviz").write_text(json.dumps(resign(data)))
    assert read_session(tmp_path / "old.nbviz").explored == (None, None)


def resign(data):
    content = json.dumps({k: v for k, v in data.items() if k != "checksum"})
    return dict(data, checksum="sha256:" + hashlib.sha256(content.encode()).hexdigest())


def _set(path, value):
    def edit(explored):
        *head, last = path
        target = explored
        for key in head:
            target = target[key]
        target[last] = value

    return edit


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (_set(("choose_k", "types", 1, "bic", 0, 1), "low"), "explored.choose_k.types[1].bic[0][1] must be a number"),
        (
            _set(("choose_k", "types", 0, "bic", 0, 0), None),
            "explored.choose_k.types[0].bic[0][0] must be a number exactly",
        ),
        (_set(("choose_k", "ks"), [1, 3, 2]), "explored.choose_k.ks must be increasing"),
        (_set(("choose_k", "ks"), [1, 2, 500]), "explored.choose_k.ks[2]"),
        (_set(("choose_k", "types", 1, "covariance_type"), "full"), "must name each covariance type once"),
        (_set(("choose_k", "types", 0, "fit_seeds", 1), [1]), "explored.choose_k.types[0].fit_seeds[1] must have 2"),
        (_set(("choose_k", "config", "seed"), -1), "explored.choose_k.config.seed"),
        (_set(("choose_k", "criterion"), "aicc"), "explored.choose_k.criterion must be one of"),
        (_set(("restarts", "runs", 0, "objective"), -1e9), "explored.restarts.runs must be sorted"),
        (_set(("restarts", "runs", 1, "model"), None), "explored.restarts.runs[1] must have both"),
        (_set(("restarts", "tolerance"), 0), "explored.restarts.tolerance must be > 0"),
        (_set(("restarts", "surprise"), 1), "explored.restarts has an unknown entry"),
        (_set(("restarts", "rows", 0), 10**6), "explored.restarts.rows[0]"),
    ],
)
def test_a_changed_entry_is_refused_in_one_line(saved_path, tmp_path, edit, fragment):
    data = json.loads(saved_path[0].read_text())
    edit(data["explored"])
    path = tmp_path / "changed.nbviz"
    path.write_text(json.dumps(resign(data)))
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    message = str(error.value)
    assert fragment in message and "\n" not in message and "changed.nbviz" in message, message


def restored_after_a_change(data, path, qtbot):
    """A new session shown in the panels, restored from `data` signed again and written to `path`.

    Returns
    -------
    session, choose_k, restarts
    """
    path.write_text(json.dumps(resign(data)))
    session = Session()
    choose, restarts = panels(qtbot, session)
    assert session.restore(read_session(path))
    return session, choose, restarts


def assert_refused_when_made_again(session, panel, qtbot, choose) -> None:
    """`choose()` starts making a saved fit again in `panel`'s background; what it loads is refused."""
    before = list(session.history)
    with qtbot.waitSignal(panel.explorer.finished, timeout=30000):
        assert choose()
    assert session.history == before


def test_a_fit_that_is_not_the_same_when_made_again_is_refused_and_nothing_changes(saved_path, tmp_path, qtbot):
    data = json.loads(saved_path[0].read_text())
    types = data["explored"]["choose_k"]["types"]
    index = [t["covariance_type"] for t in types].index("full")
    types[index]["objective"][1] = [v - 5.0 for v in types[index]["objective"][1]]  # K = 2: claimed 5 lower
    session, choose, _ = restored_after_a_change(data, tmp_path / "c.nbviz", qtbot)
    assert_refused_when_made_again(session, choose, qtbot, lambda: choose.choose_model("full", 1))
    assert "not the saved" in choose.error.text


def test_a_run_of_the_gallery_that_is_not_the_same_when_made_again_is_refused(saved_path, tmp_path, qtbot):
    data = json.loads(saved_path[0].read_text())
    runs = data["explored"]["restarts"]["runs"]
    last = max(i for i, run in enumerate(runs) if run["objective"] is not None)
    runs[last]["objective"] -= 5.0  # claimed 5 lower (still sorted: it is the last finished run)
    session, _, restarts = restored_after_a_change(data, tmp_path / "g.nbviz", qtbot)
    assert_refused_when_made_again(session, restarts, qtbot, lambda: restarts.choose(last))
    assert "not the saved" in restarts.job_bar.status.text() and restarts.job_bar._error
