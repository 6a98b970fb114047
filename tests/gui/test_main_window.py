"""The main window: keyboard, history slider, status bar, loading, background runs."""

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QGroupBox, QPushButton

import nbviz.core as nc
from nbviz.app.data.problem import Problem
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.presets import START_HERE
from nbviz.gui.window.main_window import MainWindow

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


@pytest.fixture
def window(make_main_window):
    return make_main_window()


def load_blobs(window, n=200):
    assert window.session.load(Problem.synthesised(TRUTH, n, seed=0), ModelConfig(n_components=2, seed=2))


def test_starts_on_the_start_page_and_a_preset_opens_the_workspace(window):
    assert window.pages.currentIndex() == 0 and window.start_page.isVisible()
    assert not window.docks.control_dock.isVisible()
    assert window.files.load_preset("gmm-2d")
    assert window.pages.currentIndex() == 1 and window.docks.control_dock.isVisible()
    assert window.windowTitle().startswith("nbviz — ")


def test_the_window_passes_one_appearance_and_one_labelling_to_its_views(window):
    data = window.data_view
    views = [
        data.density,
        data.scatter,
        data.prototypes,
        data.heatmap,
        window.objective,
        window.parameters,
        window.inspector,
        window.choose_k,
        window.choose_k.job_bar,
        window.restarts,
        window.restarts.job_bar,
        window.bound_view,
        window.agreement,
    ]
    assert all(view.appearance is window.appearance for view in views)
    assert data.scatter_labels.marks.appearance is window.appearance
    assert data.labelling is window.labelling and window.controls.labels_box.labelling is window.labelling
    window.controls.labels_box.mode_check.setChecked(True)  # the panel's switch is the views' label mode
    assert data.scatter_labels.labelling.active and data.density_labels.labelling.active


def test_keyboard_steps_scrubs_resets_and_plays(window, qtbot):
    load_blobs(window)
    session = window.session
    qtbot.keyClick(window, Qt.Key_E)
    qtbot.keyClick(window, Qt.Key_M)
    qtbot.keyClick(window, Qt.Key_E)
    assert [s.phase for s in session.history] == ["init", "E", "M", "E"]
    qtbot.keyClick(window, Qt.Key_Left)
    qtbot.keyClick(window, Qt.Key_Left)
    assert session.cursor == 1 and window.history_slider.value() == 1
    qtbot.keyClick(window, Qt.Key_Right)
    assert session.cursor == 2
    qtbot.keyClick(window, Qt.Key_R)
    assert len(session.history) == 1
    qtbot.keyClick(window, Qt.Key_Space)
    assert session.player.playing
    qtbot.keyClick(window, Qt.Key_Space)
    assert not session.player.playing


def test_history_slider_scrubs_and_the_status_bar_reports(window):
    load_blobs(window)
    session = window.session
    for _ in range(3):
        session.step()
    assert window.history_slider.maximum() == 6
    window.history_slider.setValue(3)
    assert session.cursor == 3
    text = window.status_text()
    assert (
        "iteration 2, after E-step" in text and "log-likelihood" in text and f"{session.snapshot.objective:.6f}" in text
    )
    assert "half-step 3 of 6" in window.history_label.text()


def test_run_to_convergence_in_the_background(window, qtbot):
    load_blobs(window)
    with qtbot.waitSignal(window.runner.finished, timeout=20000) as blocker:
        window.commands["run"].trigger()
    assert blocker.args[1] is True
    assert "converged: the objective gained less than tol 1e-06" in window.status_text()
    assert window.banner.isVisible() and "Converged" in window.banner.text


@pytest.mark.parametrize(
    "name, text, said",
    [
        ("bad.csv", "a,b\n1,2\n3,oops\n", ("line 3", "bad.csv")),  # a data file
        ("bad.nbviz", "not json at all", ("bad.nbviz",)),  # a broken session
    ],
)
def test_a_bad_file_shows_a_message_and_keeps_what_was_open(window, tmp_path, name, text, said):
    load_blobs(window)
    window.session.step()
    before = (window.session.problem, len(window.session.history))
    bad = tmp_path / name
    bad.write_text(text)
    assert not window.files.open_file(str(bad))
    assert window.banner.kind == "error" and all(words in window.banner.text for words in said)
    assert (window.session.problem, len(window.session.history)) == before


def test_opening_a_file_remembers_it(window, tmp_path):
    good = tmp_path / "good.csv"
    good.write_text("a,b\n" + "\n".join(f"{i % 3},{i % 5 + 0.5}" for i in range(30)) + "\n")
    assert window.files.open_file(str(good))
    assert window.session.problem.name == "good.csv"
    assert window.files.recent_files()[0].endswith("good.csv")
    assert window.start_page.recent_list.item(0).data(Qt.UserRole).endswith("good.csv")


def test_cancel_in_the_progress_dialog_stops_the_background_run(window, qtbot):
    # two components fitted to one round blob: EM creeps for thousands of iterations
    blob = nc.GaussianMixture(weights=[1.0], means=[[0.0, 0.0]], covariances=[np.eye(2)])
    assert window.session.load(Problem.synthesised(blob, 50000, seed=0), ModelConfig(n_components=2, seed=2))
    window.session.tolerance = 0.0
    window.runner.max_iter = 10**6
    window.commands["run"].trigger()
    assert window.session.busy and not window.commands["e_step"].isEnabled()
    qtbot.waitUntil(lambda: window._progress is not None and window._progress.isVisible(), timeout=5000)
    cancel_button = window._progress.findChild(QPushButton)
    assert cancel_button.text() == "Cancel"
    with qtbot.waitSignal(window.runner.finished, timeout=20000) as blocker:
        qtbot.mouseClick(cancel_button, Qt.LeftButton)
    iterations, converged = blocker.args
    assert not converged and 0 < iterations < window.runner.max_iter
    assert not window.session.busy and window.commands["e_step"].isEnabled()
    assert len(window.session.history) == 1 + 2 * iterations
    assert "Stopped after" in window.banner.text


def test_save_a_session_and_open_it_by_dropping_the_file(window, qtbot, tmp_path):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    load_blobs(window)
    for _ in range(3):
        window.session.step()
    window.session.set_cursor(4)
    path = tmp_path / "blobs.nbviz"
    assert window.files.save_session(str(path))
    window.files.load_preset("faithful")
    assert window.session.problem.name != "synthetic"

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    drop = QDropEvent(QPointF(50, 50), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    window.dropEvent(drop)
    assert window.session.problem.name == "synthetic"
    assert len(window.session.history) == 7 and window.session.cursor == 4
    assert window.history_slider.value() == 4 and window.files.recent_files()[0].endswith("blobs.nbviz")


@pytest.mark.parametrize(
    "kind, name",
    [
        ("responsibilities", "r.csv"),
        ("parameters-json", "p.json"),
        ("parameters-csv", "p.csv"),
        ("trace", "t.csv"),
        ("data-figure", "d.png"),
        ("data-figure", "d.svg"),
        ("objective-figure", "o.svg"),
        ("bound-figure", "b.png"),
        ("bound-figure", "b.svg"),
    ],
)
def test_every_export_writes_its_file(window, tmp_path, kind, name):
    load_blobs(window)
    window.session.step()
    path = tmp_path / name
    assert window.exports.export_to(kind, str(path))
    data = path.read_bytes()
    assert len(data) > 100
    if name.endswith(".svg"):
        assert b"<svg" in data[:2000]
    elif name.endswith(".png"):
        assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_bound_figure_draws_its_curves_without_showing_its_dock(window, tmp_path):
    load_blobs(window)
    window.session.step()
    assert not window.docks.bound_dock.isVisible()
    assert window.exports.export_to("bound-figure", str(tmp_path / "b.svg"))
    assert not window.docks.bound_dock.isVisible()  # drawn off screen: the window is left as it was
    assert b"<path" in (tmp_path / "b.svg").read_bytes() or b"<polyline" in (tmp_path / "b.svg").read_bytes()


@pytest.mark.parametrize("kind, what", [("choose-k-figure", "Choose K"), ("restarts-figure", "restart gallery")])
def test_explore_figures_wait_for_a_result(window, tmp_path, kind, what):
    load_blobs(window)
    assert not window.exports.export_to(kind, str(tmp_path / "f.png"))
    assert window.banner.kind == "error" and what in window.banner.text
    assert not (tmp_path / "f.png").exists()


def test_the_restart_gallery_figure_after_a_run(window, qtbot, tmp_path):
    load_blobs(window)
    window.restarts.count_spin.setValue(2)
    with qtbot.waitSignal(window.restarts.explorer.finished, timeout=20000):
        window.restarts.job_bar.run_button.click()
    assert window.exports.export_to("restarts-figure", str(tmp_path / "g.png"))
    assert not window.docks.restarts_dock.isVisible()  # drawn off screen: the window is left as it was
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_figure_with_an_unknown_suffix_is_refused_with_a_message(window, tmp_path):
    load_blobs(window)
    assert not window.exports.export_to("data-figure", str(tmp_path / "figure.gif"))
    assert window.banner.kind == "error" and ".png, .svg, .pdf" in window.banner.text
    assert not (tmp_path / "figure.gif").exists()


def test_window_size_and_docks_are_remembered(qtbot, tmp_path):
    settings_path = str(tmp_path / "settings.ini")
    first = MainWindow(settings=QSettings(settings_path, QSettings.IniFormat))
    qtbot.addWidget(first)
    first.show()
    first.files.load_preset("gmm-2d")
    first.resize(780, 900)  # the offscreen screen is 800 px wide: restoring clamps to it
    first.docks.objective_dock.hide()
    width = first.width()
    assert width == 780
    first.close()

    second = MainWindow(settings=QSettings(settings_path, QSettings.IniFormat))
    qtbot.addWidget(second)
    second.show()
    assert second.width() == width  # not the default 1400
    assert not second.docks.control_dock.isVisible()  # the start page shows no docks
    second.files.load_preset("faithful")
    assert second.docks.control_dock.isVisible() and not second.docks.objective_dock.isVisible()


def test_a_corrupt_settings_file_falls_back_to_defaults_with_a_note(qtbot, tmp_path):
    path = tmp_path / "settings.ini"
    path.write_bytes(b"[window]\ngeometry=@ByteArray(\x00\xff\n[[[broken\n" + bytes(range(256)))
    window = MainWindow(settings=QSettings(str(path), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert "settings could not be read" in window.banner.text
    assert window.files.load_preset("gmm-2d") and window.docks.control_dock.isVisible()


def test_a_readable_settings_file_with_values_of_the_wrong_type_falls_back_to_the_defaults(qtbot, tmp_path):
    # written by hand or by another program: text where Qt wrote the geometry and docks as bytes
    path = tmp_path / "settings.ini"
    path.write_text("[window]\ngeometry=not a geometry\ndocks=7\n")
    window = MainWindow(settings=QSettings(str(path), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    fresh = MainWindow(settings=QSettings(str(tmp_path / "fresh.ini"), QSettings.IniFormat))
    qtbot.addWidget(fresh)
    fresh.show()
    assert window.size() == fresh.size()
    assert window.files.load_preset("gmm-2d") and window.docks.control_dock.isVisible()


@pytest.mark.parametrize("answer", ["cancel", "discard", "save"])
def test_closing_with_unsaved_half_steps_asks_first(window, tmp_path, monkeypatch, answer):
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    window.ask_to_save = True
    load_blobs(window)
    window.session.step()
    asked = []
    reply = {"cancel": QMessageBox.Cancel, "discard": QMessageBox.Discard, "save": QMessageBox.Save}[answer]
    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kwargs: asked.append(args) or reply)
    target = tmp_path / "kept"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    closed = window.close()
    assert len(asked) == 1 and closed == (answer != "cancel")
    assert (tmp_path / "kept.nbviz").exists() == (answer == "save")
    if answer == "save":
        window.show()
        assert not window.files.unsaved and window.close()  # nothing new: no question
        assert len(asked) == 1


def test_stepping_actions_wait_for_data_and_the_m_step_for_an_e_step(window):
    assert not window.commands["e_step"].isEnabled() and not window.commands["save"].isEnabled()
    assert window.commands["open"].isEnabled()
    load_blobs(window)
    assert window.commands["e_step"].isEnabled() and not window.commands["m_step"].isEnabled()
    window.commands["e_step"].trigger()
    assert window.commands["m_step"].isEnabled() and window.commands["trace"].isEnabled()
    window.session.set_cursor(0)
    assert not window.commands["m_step"].isEnabled()


def test_huge_objectives_are_written_with_significant_digits_not_hundreds_of_them():
    from nbviz.gui.window.status_bar import objective_text

    assert objective_text(-2278.8631171) == "-2278.863117"
    assert float(objective_text(-3.5e301)) == pytest.approx(-3.5e301) and len(objective_text(-3.5e301)) < 16


def test_a_panels_own_error_shows_in_the_banner_and_the_session_does_not_announce_it(window, monkeypatch):
    load_blobs(window)
    announced = []
    window.session.error_raised.connect(announced.append)

    def unusable_choice():
        raise ValueError("that choice cannot be turned into a model")

    monkeypatch.setattr(window.controls, "current_config", unusable_choice)
    window.controls.k_spin.setValue(3)
    assert window.banner.kind == "error" and window.banner.text == "that choice cannot be turned into a model"
    assert window.controls.error.text == window.banner.text and announced == []
    assert window.session.config.n_components == 2 and window.controls.k_spin.value() == 2  # reverted
    window.controls.error.clear()  # the panel takes its message away: the banner follows
    assert not window.banner.isVisible() and window.controls.error.text == ""


def test_choosing_a_k_without_a_fit_is_the_panels_error_not_the_sessions(window):
    from nbviz.app.explore.explore import KChoice

    load_blobs(window)
    selection = nc.select_components(window.session.problem.X, "gaussian", [1, 2], n_init=1, rng=0, max_iter=5)
    selection.runs.clear()  # as if every fit had failed
    window.choose_k.result = KChoice(window.session.problem, window.session.config, selection)
    announced = []
    window.session.error_raised.connect(announced.append)
    assert not window.choose_k.choose(0)
    assert announced == [] and window.banner.kind == "error"
    assert window.banner.text == "No fit with K = 1 finished; there is nothing to load for it."


def test_the_stepping_buttons_and_actions_follow_one_rule(window):
    load_blobs(window)
    session, controls = window.session, window.controls
    for busy in (False, True):
        session.background.set_busy(busy)
        for phase_step in (lambda: None, session.e_step):
            phase_step()
            assert window.commands["e_step"].isEnabled() == controls.e_button.isEnabled() == session.can_step
            assert window.commands["m_step"].isEnabled() == controls.m_button.isEnabled() == session.can_m_step
    session.background.set_busy(False)
    session.reset()
    assert session.can_step and not session.can_m_step and not window.commands["m_step"].isEnabled()


def test_a_picture_of_the_window_shows_the_panels_as_the_session_is(window, tmp_path):
    load_blobs(window)
    for _ in range(6):  # a burst: the parameters panel on screen holds its refresh back
        window.session.next_half_step()
    panel = window.parameters
    window.save_screenshot(str(tmp_path / "shot.png"))
    assert not panel.waiting
    assert panel.browser.toPlainText().startswith("After the M-step of iteration 3")


def test_an_error_about_the_model_before_leaves_the_banner_when_the_user_changes_the_model(window, qtbot):
    X = np.array([[0.0, 0.0], [0.1, 0.3], [0.2, 0.1], [4.0, 4.0], [4.2, 3.9], [3.9, 4.1]])
    assert window.session.load(Problem("six", X, ("a", "b")), ModelConfig(n_components=2, seed=0))
    window.controls.k_spin.setValue(7)  # more components than rows: refused, said in the banner
    assert window.banner.isVisible() and window.banner.kind == "error"
    assert "use at most 6 components" in window.banner.text
    assert window.session.config.n_components == 2
    window.controls.k_spin.setValue(3)  # a model that fits: the error was about another one
    assert window.session.config.n_components == 3 and not window.banner.isVisible()
    window.controls.k_spin.setValue(7)
    assert window.banner.isVisible()
    window.session.reinitialise(seed=5)  # a new start is a new run too
    assert not window.banner.isVisible()


def test_a_panels_error_that_still_applies_stays_when_the_run_changes(window, monkeypatch):
    load_blobs(window)
    window.controls.error("a message the controls still show")
    window.session.reinitialise(seed=3)
    assert window.banner.isVisible() and window.banner.text == "a message the controls still show"
    window.controls.error.clear()
    assert not window.banner.isVisible()


def test_the_start_page_offers_where_to_begin_above_the_presets(window, qtbot):
    """Open, Synthesise and a first preset come before the list of 22 presets, not after it."""
    page = window.start_page
    presets = page.findChildren(QGroupBox)[-1]
    buttons = {button.text(): button for button in page.findChildren(QPushButton)}
    for text in ("Open a data file or session…", "Synthesise data…", f"Start here: {START_HERE}"):
        button = buttons[text]
        assert button.mapTo(page, button.rect().bottomLeft()).y() < presets.mapTo(page, presets.rect().topLeft()).y()
    buttons[f"Start here: {START_HERE}"].click()
    assert window.pages.currentIndex() == 1 and window.session.problem.preset == START_HERE
