"""File → Export → Animation and --export-animation: one decodable frame per half-step, nothing partial."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QSettings, QSize
from PySide6.QtWidgets import QProgressBar, QPushButton

import nbviz.core as nc
from nbviz.app.data.animation_files import METADATA_KEY, SERIES_PATTERN, FrameInfo, animation_format
from nbviz.app.data.half_steps import half_step_name
from nbviz.gui.dialogs.animation_dialog import AnimationDialog, start_animation
from nbviz.gui.figures.animation import AnimationChoices, export_animation, read_choices, to_pillow, write_choices
from nbviz.gui.figures.frames import FrameViews

TRUTH = nc.GaussianMixture(
    weights=[0.5, 0.5], means=[[0.0, 0.0], [4.0, 1.0]], covariances=[[[1.0, 0.3], [0.3, 0.8]], [[0.6, 0.0], [0.0, 1.2]]]
)
SIZE = (320, 240)


def read_frame_infos(path: str) -> list[FrameInfo]:
    """The FrameInfo of every frame of the animation written at `path`, read back from its metadata."""
    if animation_format(path) == "series":
        infos = []
        for name in sorted(p for p in Path(path).iterdir() if SERIES_PATTERN.fullmatch(p.name)):
            with Image.open(name) as image:
                infos.append(FrameInfo(**json.loads(image.info[METADATA_KEY])))
        return infos
    with Image.open(path) as image:
        text = image.info["comment"] if image.format == "GIF" else image.info[METADATA_KEY]
    data = json.loads(text)
    return [FrameInfo(**frame) for frame in data["frames"]]


@pytest.fixture
def session(synthesised_session):
    """A 2-D run with 8 half-steps after the start."""
    session = synthesised_session(TRUTH, 120, 3, family="gaussian", n_components=2, seed=5)
    for _ in range(8):
        assert session.next_half_step()
    return session


def frames_of(path) -> list[np.ndarray]:
    """Every frame of an animated GIF or PNG, decoded to RGB."""
    frames = []
    with Image.open(path) as image:
        for i in range(image.n_frames):
            image.seek(i)
            frames.append(np.asarray(image.convert("RGB"), dtype=int))
    return frames


@pytest.mark.parametrize("suffix", [".gif", ".png"])
def test_every_frame_decodes_and_shows_its_half_step(session, tmp_path, suffix):
    path = tmp_path / f"run{suffix}"
    export_animation(session, str(path), AnimationChoices(2, 7, 120, *SIZE, with_objective=True))
    frames = frames_of(path)
    assert len(frames) == 6 and all(frame.shape == (SIZE[1], SIZE[0], 3) for frame in frames)
    infos = read_frame_infos(str(path))
    assert [info.half_step for info in infos] == [2, 3, 4, 5, 6, 7]
    for info in infos:
        snapshot = session.history[info.half_step]
        assert info.objective == snapshot.objective
        assert half_step_name(snapshot) in info.caption and f"half-step {info.half_step} of 8" in info.caption
    # each frame differs from the next (the model or the responsibilities changed at every half-step)
    assert all(np.abs(a - b).mean() > 0.5 for a, b in zip(frames, frames[1:]))
    # and is what drawing that half-step again gives
    views = FrameViews(session, with_objective=True)
    try:
        for position in (0, 3):
            again = to_pillow(views.render(2 + position, QSize(*SIZE)))
            if suffix == ".gif":  # the writer's palette, made the same way
                again = again.quantize(255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            again_rgb = np.asarray(again.convert("RGB"), dtype=int)
            assert np.array_equal(again_rgb, frames[position])
            assert not np.array_equal(again_rgb, frames[position + 1])
    finally:
        views.close()


def test_drawing_frames_leaves_the_session_and_its_undo_alone(session, tmp_path, qtbot):
    session.set_cursor(3)
    undo = session.undo_history.can_undo
    seen = []
    for signal in (session.cursor_changed, session.history_changed, session.run_reset, session.undo_changed):
        signal.connect(lambda *args: seen.append(args))
    views = FrameViews(session)
    try:
        image = views.render(7, QSize(*SIZE))
    finally:
        views.close()
    export_animation(session, str(tmp_path / "a.png"), AnimationChoices(0, 8, 100, *SIZE))
    assert not image.isNull() and image.size() == QSize(*SIZE)
    assert session.cursor == 3 and session.undo_history.can_undo == undo and len(session.history) == 9 and seen == []


def test_a_numbered_png_series_fills_a_folder_and_replaces_an_earlier_series(session, tmp_path):
    folder = tmp_path / "frames"
    folder.mkdir()
    (folder / "frame-0099.png").write_bytes(b"old")
    (folder / "notes.txt").write_text("mine")
    export_animation(session, str(folder) + "/", AnimationChoices(5, 8, 100, *SIZE, with_objective=False))
    names = sorted(os.listdir(folder))
    assert names == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png", "notes.txt"]
    with Image.open(folder / "frame-0001.png") as image:
        assert image.size == SIZE and "half-step 6 of 8" in image.info["Description"]
    assert [info.half_step for info in read_frame_infos(str(folder))] == [5, 6, 7, 8]
    assert sorted(os.listdir(tmp_path)) == ["frames"]  # no hidden folder left behind


@pytest.mark.parametrize(
    ("choices", "said"),
    [
        (AnimationChoices(3, 9), r"not in the run \(0 to 8\)"),
        (AnimationChoices(0, 2, width=50, height=40), "too small"),
        (AnimationChoices(0, 2, frame_ms=5), "too short"),
    ],
)
def test_bad_choices_are_refused_and_write_nothing(session, tmp_path, choices, said):
    with pytest.raises(ValueError, match=said):
        export_animation(session, str(tmp_path / "a.gif"), choices)
    assert os.listdir(tmp_path) == []


@pytest.fixture
def window(make_main_window, session):
    win = make_main_window()
    win.remember_layout = False
    assert win.session.load(session.problem, session.config, session.start_model)
    for _ in range(8):
        win.session.next_half_step()
    return win


@pytest.mark.parametrize("target", ["a.gif", "series/"])
def test_cancel_in_the_progress_dialog_leaves_no_partial_file(window, qtbot, tmp_path, target):
    out = tmp_path / "out"
    out.mkdir()
    export = start_animation(window, f"{out}/{target}", AnimationChoices(0, 8, 100, *SIZE))
    assert export is not None
    bar, cancel = export.progress.findChild(QProgressBar), export.progress.findChild(QPushButton)
    assert cancel.text() == "Cancel"
    # the user presses Cancel once the first frames are drawn
    bar.valueChanged.connect(lambda value: value > 0 and cancel.click())
    with qtbot.waitSignal(export.finished) as ended:
        pass
    assert ended.args == ["Cancelled."] and 0 < export.source.done < 9
    qtbot.wait(50)
    assert os.listdir(out) == []
    assert not window.banner.isVisible()


def test_the_window_exports_with_progress_and_keeps_its_cursor(window, qtbot, tmp_path):
    window.session.set_cursor(4)
    path = tmp_path / "run.gif"
    export = start_animation(window, str(path), AnimationChoices(1, 8, 100, *SIZE))
    assert export is not None
    with qtbot.waitSignal(export.finished, timeout=30_000) as ended:
        pass
    assert ended.args == [""]
    assert len(frames_of(path)) == 8 and window.session.cursor == 4 and not window.session.undo_history.can_undo
    assert "Exported the animation" in window.statusBar().currentMessage()


def test_the_dialog_remembers_frame_length_size_and_objective(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dialog = AnimationDialog(9, read_choices(settings, 9))
    qtbot.addWidget(dialog)
    assert (dialog.first.value(), dialog.last.value()) == (0, 8)
    dialog.first.setValue(3)
    dialog.frame_ms.setValue(250)
    dialog.width_box.setValue(640)
    dialog.objective.setChecked(False)
    assert dialog.last.minimum() == 3 and "6 frames, 1.5 s" in dialog.summary.text()
    write_choices(settings, dialog.choices())
    again = read_choices(settings, 12)
    assert (again.first, again.last, again.frame_ms, again.width, again.with_objective) == (0, 11, 250, 640, False)


def run_cli(*args):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": tempfile.mkdtemp(prefix="nbviz-test-")}
    return subprocess.run([sys.executable, "-m", "nbviz", *args], capture_output=True, text=True, env=env, timeout=120)


def test_the_command_line_writes_an_animation_or_exits_2_saying_why(tmp_path):
    path = tmp_path / "run.png"
    result = run_cli("--preset", "gmm-1d", "--steps", "3", "--export-animation", str(path), "--size", "400x300")
    assert result.returncode == 0, result.stderr
    assert len(frames_of(path)) == 4
    missing = tmp_path / "no" / "such" / "run.gif"
    result = run_cli("--preset", "gmm-1d", "--steps", "2", "--export-animation", str(missing), "--frame-ms", "200")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "--export-animation" in result.stderr and str(missing) in result.stderr and "Traceback" not in result.stderr
    assert not missing.parent.exists()


def test_the_menu_commands_ask_and_export_without_moving_the_cursor(
    make_main_window, session, qtbot, tmp_path, monkeypatch
):
    from PySide6.QtWidgets import QDialog, QFileDialog

    window = make_main_window()
    assert not window.commands["animation"].isEnabled() and not window.commands["handout"].isEnabled()
    assert window.session.load(session.problem, session.config, session.start_model)
    for _ in range(4):
        window.session.next_half_step()
    window.session.set_cursor(2)

    def choose(dialog):  # the user sets 2 frames of 300 ms, 400 x 300 pixels, and presses Export…
        dialog.first.setValue(3)
        dialog.frame_ms.setValue(300)
        dialog.width_box.setValue(400)
        dialog.height_box.setValue(300)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(AnimationDialog, "exec", choose)
    picked = {"animation": str(tmp_path / "menu"), "handout": str(tmp_path / "menu")}
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args: (picked.pop("animation"), "")))
    window.commands["animation"].trigger()
    qtbot.waitUntil(lambda: "Exported the animation" in window.statusBar().currentMessage(), timeout=30_000)
    assert len(frames_of(tmp_path / "menu.gif")) == 2 and read_choices(window.settings, 1).frame_ms == 300
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args: (picked.pop("handout"), "")))
    window.commands["handout"].trigger()
    assert (tmp_path / "menu.html").read_text(encoding="utf-8").count("<section") == 7  # data, 0 to 4, whole run
    assert window.session.cursor == 2 and not window.session.undo_history.can_undo and not window.banner.isVisible()


def test_cancel_while_the_gif_is_encoded_writes_nothing(window, qtbot, tmp_path):
    from nbviz.app.jobs.background import wait_for_all_workers

    path = tmp_path / "out.gif"
    export = start_animation(window, str(path), AnimationChoices(0, 8, 100, *SIZE))
    assert export is not None
    progress = export.progress
    qtbot.waitUntil(lambda: progress.labelText().startswith("Encoding"), timeout=30_000)
    with qtbot.waitSignal(export.finished) as ended:
        progress.findChild(QPushButton).click()
    wait_for_all_workers()  # the encoding ends in its thread...
    qtbot.wait(100)  # ...and its result arrives, to be dropped
    assert ended.args == ["Cancelled."] and not path.exists() and not window.banner.isVisible()


def test_a_presentation_frame_shows_the_whole_objective_key_above_the_curve(session):
    from nbviz.app.presentation.appearance import Appearance

    views = FrameViews(session, with_objective=True, appearance=Appearance(presentation=True))
    try:
        views.render(len(session.history) - 1, QSize(960, 600))
        curve = views.objective
        assert not curve.legend.isVisible() and curve.key.isVisible()
        assert "ELBO L(q, θ)" in curve.key.text()  # the full key, not a shortened one
        assert curve.key.text_width(curve.key.text()) <= curve.key.width()
        assert curve.key.geometry().bottom() < curve.plot.geometry().top()  # above the plot, not over it
    finally:
        views.close()


def test_a_frame_at_its_own_size_leaves_the_legend_hint_out(session, tmp_path):
    views = FrameViews(session)
    try:
        # 1x: the items are drawn from their cached pixmaps, as on screen
        views.render(len(session.history) - 1, QSize(640, 480)).save(str(tmp_path / "frame.png"))
        scatter = views.data_view.scatter
        label = next(label for sample, label in scatter.legend.item.items if sample.entry.hint)
        assert label.text == "mean μ<sub>k</sub> (drag it)"  # the views' legend as on screen
        # the right third of that text is "(drag it)" on screen; in a frame nothing is written there
        words = label.item.mapRectToScene(label.item.boundingRect())
        corner = scatter.plot.mapTo(views.data_view, scatter.plot.mapFromScene(words.topLeft()))
        left, top = corner.x() + round(words.width() * 2 / 3), corner.y()
        rgb = np.asarray(Image.open(tmp_path / "frame.png").convert("RGB"), dtype=int)
        hint = rgb[top : top + round(words.height()), left : corner.x() + round(words.width())]
        assert hint.size and (hint.sum(axis=2) < 350).sum() == 0  # no dark text
    finally:
        views.close()
