"""A preset's own start and stopping rule reported as such (Controls, the Run box, the handout, the
parameters JSON), and kept by a saved session, which reopens with the preset's note."""

import pytest

from nbviz.app.data.export import run_summary
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.presentation.presets import PRESETS, load_preset
from nbviz.app.run.run_making import config_for
from nbviz.app.run.session import Session
from nbviz.gui.figures.handout import run_facts


@pytest.fixture
def window(make_main_window):
    return make_main_window()


def test_a_presets_own_start_is_reported_as_given_until_it_is_replaced(qtbot):
    session = Session()
    assert session.load(*load_preset("lecture-eight-points"))
    assert session.config.start_given
    summary = run_summary(session)
    assert summary["start_method"] == "given" and summary["seed"] is None
    assert "given parameters" in dict(run_facts(session))["Start"]
    assert session.reinitialise(seed=3)  # a start from the method and seed
    assert not session.config.start_given
    summary = run_summary(session)
    assert summary["start_method"] == "kmeans++" and summary["seed"] == 3
    assert dict(run_facts(session))["Start"] == "kmeans++ initialisation, seed 3"
    assert session.set_start(session.start_model)  # an edited start is given again
    assert session.config.start_given


def test_a_preset_without_its_own_start_reports_its_method_and_seed(qtbot):
    session = Session()
    assert session.load(*load_preset("lecture-three-sources"))
    summary = run_summary(session)
    assert not session.config.start_given
    assert summary["start_method"] == "random_from_data" and summary["seed"] == 1


def test_controls_say_the_start_was_given(window, qtbot):
    assert window.files.load_preset("lecture-eight-points")
    label = window.controls.given_start_label
    assert label.isVisible() and "given parameters" in label.text()
    window.controls.reinit_button.click()
    assert not window.session.config.start_given and not label.isVisible()


def test_the_run_box_shows_and_sets_the_fixed_number_of_iterations(window, qtbot):
    assert window.files.load_preset("lecture-eight-points")
    fields = window.controls.convergence
    assert fields.fixed_check.isChecked() and fields.max_iter_spin.value() == 100
    assert not fields.tolerance_spin.isEnabled()  # the tolerance plays no part
    fields.fixed_check.setChecked(False)
    assert window.session.config.convergence == "absolute" and fields.tolerance_spin.isEnabled()
    fields.fixed_check.setChecked(True)
    assert window.session.config.fixed_iterations


def test_a_data_file_after_the_preset_does_not_keep_its_fixed_loop():
    problem, config, _ = load_preset("lecture-eight-points")
    fresh = config_for(problem, config)
    assert fresh.convergence != "fixed" and fresh.max_iter == 1000  # the file's own rule, not the loop


def test_a_saved_preset_session_reopens_with_its_note_start_and_rule(window, qtbot, tmp_path):
    assert window.files.load_preset("lecture-kmeans")
    assert window.session.e_step()
    path = tmp_path / "kmeans.nbviz"
    assert window.session.save(path, write_session)
    saved = read_session(path)
    assert saved.problem.preset == "lecture-kmeans" and saved.config.start_given
    assert window.files.load_preset("lecture-eight-points")  # another preset, another note
    assert window.restore_session(saved, str(path))
    note = window.preset_note
    assert note.isVisible() and note.text == PRESETS["lecture-kmeans"].note_text(presenting=False)
    assert window.session.config.start_given and window.controls.given_start_label.isVisible()
    assert not window.controls.convergence.fixed_check.isChecked()
    # the eight points' fixed rule survives a session file too
    assert window.files.load_preset("lecture-eight-points")
    assert window.session.save(path, write_session)
    assert read_session(path).config.fixed_iterations
