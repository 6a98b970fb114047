"""Animated half-steps: frames lie between two real snapshots, end on the real one, and are skipped
when the cursor jumps, a half-step comes mid-animation, Play is fast, or animation is off."""

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt

from nbviz.app.analysis.ellipse_geometry import ellipse_points
from nbviz.gui.plots.data.motion import DEFAULT_MS, read_motion, write_motion
from nbviz.gui.plots.data.prototypes import BAR_ROLE
from nbviz.gui.style.palette import blend, component_rgb


@pytest.fixture
def window(make_main_window):
    win = make_main_window()
    win.motion.set_when("always")
    return win


def record_frames(window):
    """Every frame handed to a view (and to the objective curve), in order."""
    frames = []
    for view in (*window.motion.views, window.objective):
        original = view.draw_frame

        def spy(frame, original=original, view=view):
            frames.append((view, frame))
            original(frame)

        view.draw_frame = spy
    return frames


def drawn_scatter(view):
    """What the scatter view draws: means, ellipse vertices, point colours, density grid."""
    x, y = view.means.getData()
    curves = [np.array(item.curves) for item in view.ellipses if item.isVisible()]
    return np.column_stack([x, y]), curves, view.points.colors.copy(), view.density_grid[2].copy()


def assert_same_drawing(a, b):
    np.testing.assert_array_equal(a[0], b[0])
    for left, right in zip(a[1], b[1], strict=True):
        np.testing.assert_array_equal(left, right)
    np.testing.assert_array_equal(a[2], b[2])
    np.testing.assert_array_equal(a[3], b[3])


def halfway_through_an_m_step(window, preset):
    """Open `preset`, take an E-step, and stop the M-step's animation halfway; (session, before, after)."""
    assert window.files.load_preset(preset)
    session = window.session
    session.e_step()
    window.motion.finish()
    session.m_step()
    assert window.motion.running
    window.motion.seek(0.5)  # eased: half the time is half the way
    return session, session.history[-2].model, session.history[-1].model


def test_an_m_step_moves_the_means_and_ellipses_through_the_midpoint(window):
    session, before, after = halfway_through_an_m_step(window, "gmm-2d")
    scatter = window.data_view.scatter
    means, curves, colours, _ = drawn_scatter(scatter)
    np.testing.assert_allclose(means, (before.means + after.means) / 2)
    cov = (before.covariances + after.covariances) / 2  # full covariances, two features: drawn as they are
    for k, curve in enumerate(curves):
        np.testing.assert_allclose(curve[1], ellipse_points((before.means[k] + after.means[k]) / 2, cov[k], 2.0))
    # an M-step does not change the responsibilities in force: colours stay
    np.testing.assert_array_equal(colours, blend(session.resp, component_rgb(3)))


def test_an_e_step_blends_the_point_colours_between_the_two_responsibilities(window):
    assert window.files.load_preset("gmm-2d")
    session, scatter = window.session, window.data_view.scatter
    session.e_step()
    session.m_step()
    window.motion.finish()
    old = session.resp.copy()
    session.e_step()
    window.motion.seek(0.5)
    mid = (old + session.resp) / 2
    np.testing.assert_allclose(scatter.shown_resp(), mid)
    np.testing.assert_allclose(scatter.shown_resp().sum(axis=1), 1.0)
    np.testing.assert_array_equal(scatter.points.colors, blend(mid, component_rgb(3)))
    means, *_ = drawn_scatter(scatter)
    np.testing.assert_array_equal(means, session.snapshot.model.means)  # an E-step leaves the parameters


def test_the_animation_ends_exactly_on_the_snapshot(window, qtbot):
    assert window.files.load_preset("gmm-2d")
    window.motion.set_duration(150)
    session, scatter = window.session, window.data_view.scatter
    frames = record_frames(window)
    session.e_step()
    qtbot.waitUntil(lambda: not window.motion.running, timeout=5000)
    session.m_step()
    qtbot.waitUntil(lambda: not window.motion.running, timeout=5000)
    assert any(frame is not None and 0 < frame.weight < 1 for _, frame in frames)  # it did move
    assert frames[-1][1] is None and scatter.frame is None
    animated = drawn_scatter(scatter)
    scatter.redraw()  # a plain draw of the snapshot shown
    assert_same_drawing(animated, drawn_scatter(scatter))
    np.testing.assert_array_equal(animated[0], session.snapshot.model.means)


def test_the_objective_curve_never_gets_an_interpolated_value(window):
    assert window.files.load_preset("gmm-2d")
    session, curve = window.session, window.objective
    frames = record_frames(window)
    session.e_step()
    window.motion.finish()
    session.m_step()
    real = [np.array(a) for a in curve.objective_curve.getData()]
    for progress in (0.1, 0.5, 0.9):
        window.motion.seek(progress)
        for now, was in zip(curve.objective_curve.getData(), real, strict=True):
            np.testing.assert_array_equal(now, was)
        assert curve.cursor_line.value() == session.cursor
    assert not any(view is curve for view, _ in frames)
    assert window.objective not in window.motion.views
    objectives = [s.objective for s in session.history]
    np.testing.assert_allclose(real[1], objectives)


def test_scrubbing_stepping_back_and_jumps_show_the_real_snapshot(window, qtbot):
    assert window.files.load_preset("gmm-2d")
    session, motion = window.session, window.motion
    frames = record_frames(window)
    for _ in range(4):
        session.next_half_step()
        motion.finish()
    frames.clear()
    window.history_slider.setSliderDown(True)  # dragging the slider's handle
    window.history_slider.setValue(1)
    window.history_slider.setValue(2)  # one forward while scrubbing
    window.history_slider.setSliderDown(False)
    assert session.cursor == 2 and not motion.running
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Left)  # stepping back
    assert session.cursor == 1 and not motion.running
    qtbot.keyClick(window, Qt.Key.Key_End)  # a jump forward
    assert session.cursor == 4 and not motion.running
    assert all(frame is None for _, frame in frames)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    qtbot.keyClick(window, Qt.Key.Key_Right)  # one forward through the history moves
    assert motion.running and window.data_view.scatter.frame.target is session.snapshot


def test_a_half_step_during_an_animation_jumps_to_the_real_one(window):
    assert window.files.load_preset("gmm-2d")
    session, motion, scatter = window.session, window.motion, window.data_view.scatter
    session.e_step()
    motion.seek(0.5)
    session.m_step()  # comes before the E-step's animation ended
    assert not motion.running and scatter.frame is None
    means, _, colours, _ = drawn_scatter(scatter)
    np.testing.assert_array_equal(means, session.snapshot.model.means)
    np.testing.assert_array_equal(colours, blend(session.resp, component_rgb(3)))


def test_fast_play_and_animation_off_draw_no_frame(window, qtbot):
    assert window.files.load_preset("gmm-2d")
    session, motion = window.session, window.motion
    frames = record_frames(window)
    session.player.set_speed(30.0)  # 33 ms between half-steps: too little for an animation
    session.player.play()
    qtbot.waitUntil(lambda: len(session.history) >= 5, timeout=5000)
    session.player.pause()
    assert frames == [] and not motion.running
    motion.configure(0)
    assert motion.when == "off" and motion.duration_now() == 0
    for _ in range(3):
        session.next_half_step()
    assert frames == [] and not motion.running


def test_by_default_only_presentation_mode_animates(make_main_window):
    window = make_main_window()
    assert window.motion.when == "presentation" and window.motion.duration_ms == DEFAULT_MS
    assert window.files.load_preset("gmm-1d")
    window.session.e_step()
    assert not window.motion.running
    window.appearance.set_presentation(True)
    window.session.m_step()
    assert window.motion.running
    density = window.data_view.density
    window.motion.seek(0.5)
    before, after = window.session.history[-2].model, window.session.history[-1].model
    x, _ = density.means.getData()
    np.testing.assert_allclose(x, (before.means[:, 0] + after.means[:, 0]) / 2)


def test_prototypes_and_word_bars_cross_fade(window):
    session, before, after = halfway_through_an_m_step(window, "bars")
    prototypes = window.data_view.prototypes
    mid = (before.probs + after.probs) / 2
    shape = session.problem.image_shape
    for k, image in enumerate(prototypes.images):
        np.testing.assert_allclose(image.image, mid[k].reshape(shape))
    window.motion.finish()
    for k, image in enumerate(prototypes.images):
        np.testing.assert_array_equal(image.image, after.probs[k].reshape(shape))

    session, before, after = halfway_through_an_m_step(window, "corpus")
    mid, columns = (before.probs + after.probs) / 2, list(session.problem.columns)
    table = prototypes.table
    words = [[table.item(i, k).text() for i in range(table.rowCount())] for k in range(table.columnCount())]
    for k in range(table.columnCount()):  # the bars show the midpoint probabilities
        for i in range(table.rowCount()):
            assert table.item(i, k).data(BAR_ROLE)[3] == f"{mid[k, columns.index(table.item(i, k).text())]:.3f}"
    window.motion.finish()
    assert words == [[table.item(i, k).text() for i in range(table.rowCount())] for k in range(table.columnCount())]


def test_the_view_menu_and_the_settings_remember_when_and_how_long(window, tmp_path):
    motion, actions = window.motion, window.motion_actions
    actions["off"].trigger()
    assert motion.when == "off"
    actions[600].trigger()
    assert motion.duration_ms == 600 and actions[600].isChecked() and not actions[300].isChecked()
    motion.set_when("always")
    assert actions["always"].isChecked() and not actions["off"].isChecked()
    settings = QSettings(str(tmp_path / "motion.ini"), QSettings.Format.IniFormat)
    write_motion(settings, motion)
    motion.set_when("presentation")
    motion.set_duration(150)
    assert read_motion(settings, motion) == []
    assert (motion.when, motion.duration_ms) == ("always", 600)
    settings.setValue("motion/when", "sometimes")
    settings.setValue("motion/duration_ms", "-4")
    assert read_motion(settings, motion) == ["motion/when", "motion/duration_ms"]
    assert (motion.when, motion.duration_ms) == ("always", 600)  # garbage changes nothing


def test_animate_ms_on_the_command_line(capsys):
    from nbviz.cli import build_parser, run

    assert run(["--animate-ms", "-5"]) == 2
    assert "--animate-ms must be" in capsys.readouterr().err
    assert build_parser().parse_args(["--animate-ms", "0"]).animate_ms == 0
