"""Session files: exact round trips, atomic saves, and refusal of broken files."""

import json

import numpy as np
import pytest
from PySide6.QtCore import QSaveFile

from nbviz.app.documents import session_file
from nbviz.app.documents.session_file import SessionFileError, read_session, write_session
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session


def session_with_run(name, half_steps=7, cursor=4, selected=3):
    session = Session()
    problem, config, start = load_preset(name)
    assert session.load(problem, config, start)
    for _ in range(half_steps):
        assert session.next_half_step()
    session.set_cursor(cursor)
    session.select(selected)
    return session


@pytest.mark.parametrize("name", ["gmm-2d", "bars", "naive-bayes", "iris"])
def test_save_and_reopen_shows_exactly_what_was_on_screen(name, tmp_path, qtbot, assert_same_history):
    original = session_with_run(name)
    path = tmp_path / "run.nbviz"
    assert original.save(path, write_session)

    reopened = Session()
    assert reopened.restore(read_session(path))
    assert_same_history(original.history, reopened.history)
    assert reopened.cursor == original.cursor and reopened.selected == original.selected
    np.testing.assert_array_equal(reopened.resp, original.resp)
    np.testing.assert_array_equal(reopened.problem.X, original.problem.X)
    assert reopened.config == original.config
    assert reopened.problem.columns == original.problem.columns
    # stepping on from the reopened cursor equals stepping on from the original
    original.step()
    reopened.step()
    assert_same_history(original.history, reopened.history)


def test_truth_and_labels_survive(tmp_path, qtbot):
    original = session_with_run("bars")
    path = tmp_path / "bars.nbviz"
    original.save(path, write_session)
    saved = read_session(path)
    np.testing.assert_array_equal(saved.problem.truth.probs, original.problem.truth.probs)
    np.testing.assert_array_equal(saved.problem.truth_z, original.problem.truth_z)
    assert saved.problem.image_shape == original.problem.image_shape


def test_a_failed_save_leaves_the_earlier_file_intact(tmp_path, qtbot, monkeypatch):
    session = session_with_run("gmm-2d")
    path = tmp_path / "run.nbviz"
    assert session.save(path, write_session)
    before = path.read_bytes()
    session.step()
    monkeypatch.setattr(QSaveFile, "commit", lambda self: False)  # e.g. the disk filled up
    with qtbot.waitSignal(session.error_raised) as blocker:
        assert not session.save(path, write_session)
    assert "run.nbviz" in blocker.args[0] and "earlier file is unchanged" in blocker.args[0]
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.nbviz"]  # no stray temporary file


def test_broken_session_files_are_refused_and_nothing_open_is_lost(tmp_path, qtbot):
    good = session_with_run("gmm-2d")
    path = tmp_path / "good.nbviz"
    good.save(path, write_session)
    text = path.read_text()
    data = json.loads(text)
    del data["checksum"]  # as files saved before sessions had one: each entry is checked on its own
    data["version"] = 1  # (an older format: a newer file without its checksum is refused)

    cases = {
        "cut.nbviz": (text[: len(text) // 2], "cut short"),
        "binary.nbviz": (None, "not text"),
        "other.nbviz": (json.dumps({"format": "something-else"}), "not an nbviz session"),
        "newer.nbviz": (json.dumps(dict(data, version=99)), "newer nbviz"),
        "nohistory.nbviz": (json.dumps({k: v for k, v in data.items() if k != "history"}), "'history'"),
    }
    for name, (content, message) in cases.items():
        broken = tmp_path / name
        if content is None:
            broken.write_bytes(b"\x00\xff\xfe" * 100)
        else:
            broken.write_text(content)
        with pytest.raises(SessionFileError) as error:
            read_session(broken)
        assert name in str(error.value) and message in str(error.value), str(error.value)

    # a history that does not belong to the data is refused before anything is built
    tampered = dict(data)
    tampered["problem"] = dict(data["problem"], X=(np.array(data["problem"]["X"]) + 1.0).tolist())
    bad = tmp_path / "tampered.nbviz"
    bad.write_text(json.dumps(tampered))
    with pytest.raises(SessionFileError, match=r"tampered.nbviz: history.* does not belong to this data"):
        read_session(bad)


@pytest.mark.parametrize("shape", [[6, 5], [2, 3, 6], [36], [0, 36]])
def test_a_saved_image_shape_that_does_not_fit_the_data_is_refused(shape, tmp_path, qtbot):
    path = tmp_path / "bars.nbviz"
    session_with_run("bars", half_steps=2, cursor=2).save(path, write_session)
    data = json.loads(path.read_text())
    del data["checksum"]  # as files saved before sessions had one
    data["version"] = 1
    assert data["problem"]["image_shape"] == [6, 6]  # 36 pixels
    assert read_session(path).problem.image_shape == (6, 6)
    data["problem"]["image_shape"] = shape
    path.write_text(json.dumps(data))
    with pytest.raises(SessionFileError, match="image_shape"):
        read_session(path)


def test_the_format_is_versioned_json(tmp_path, qtbot):
    session = session_with_run("gmm-1d", half_steps=2, cursor=2)
    path = tmp_path / "a.nbviz"
    session.save(path, write_session)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == session_file.FORMAT and data["version"] == 3 and "X" in data["problem"]  # data embedded
    assert [h["phase"] for h in data["history"]] == ["init", "E", "M"]
