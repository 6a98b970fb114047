"""Sessions over large data files keep a path and a checksum instead of the numbers."""

import json
import shutil

import numpy as np
import pytest

from nbviz.app.data.import_spec import ImportSpec
from nbviz.app.data.problem import Problem
from nbviz.app.documents import session_file
from nbviz.app.documents.session_file import SessionFileError, read_session, write_session
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session


@pytest.fixture
def small_limit(monkeypatch):
    monkeypatch.setattr(session_file, "EMBED_LIMIT", 100)  # 60 rows x 2 columns count as large


def write_table(path, seed=0, n=60):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0, 1, (n // 2, 2)), rng.normal(5, 1, (n - n // 2, 2))])
    labels = np.repeat(["a", "b"], [n // 2, n - n // 2])
    lines = ["x,y,kind"] + [f"{float(x)!r},{float(y)!r},{k}" for (x, y), k in zip(X, labels)]
    path.write_text("\n".join(lines) + "\n")
    return X


def session_on(path, spec_changes=None):
    spec = ImportSpec(str(path), label_column=2, **(spec_changes or {}))
    dataset = spec.load()
    session = Session()
    problem = Problem.from_dataset(dataset, load_options=spec.options())
    assert session.load(problem, ModelConfig(family="gaussian", n_components=2))
    for _ in range(5):
        assert session.next_half_step()
    return session


def test_large_data_is_saved_as_path_and_checksum_and_reopens_exactly(small_limit, tmp_path, qtbot):
    data = tmp_path / "table.csv"
    X = write_table(data)
    original = session_on(data)
    saved = tmp_path / "run.nbviz"
    assert original.save(saved, write_session)

    raw = json.loads(saved.read_text())
    assert raw["version"] == 3
    assert "X" not in raw["problem"] and raw["problem"]["data_file"]["path"] == str(data.resolve())

    reopened = Session()
    assert reopened.restore(read_session(saved))
    np.testing.assert_array_equal(reopened.problem.X, X)
    np.testing.assert_array_equal(reopened.problem.labels, original.problem.labels)
    np.testing.assert_array_equal(reopened.problem.lines, np.arange(2, 62))  # file lines, for messages
    assert [s.objective for s in reopened.history] == [s.objective for s in original.history]
    np.testing.assert_array_equal(reopened.resp, original.resp)


def test_the_load_options_are_replayed(small_limit, tmp_path, qtbot):
    data = tmp_path / "table.csv"
    X = write_table(data)
    original = session_on(data, {"binarise_at": 2.5, "feature_columns": (1,)})
    saved = tmp_path / "run.nbviz"
    assert original.save(saved, write_session)
    reopened = read_session(saved)
    np.testing.assert_array_equal(reopened.problem.X, (X[:, 1:] >= 2.5).astype(float))


def test_a_data_file_moved_with_its_session_is_found_beside_it(small_limit, tmp_path, qtbot):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    X = write_table(first / "table.csv")
    assert session_on(first / "table.csv").save(first / "run.nbviz", write_session)
    shutil.move(first, second)
    np.testing.assert_array_equal(read_session(second / "run.nbviz").problem.X, X)


def test_a_changed_or_missing_data_file_is_refused_and_nothing_is_lost(small_limit, tmp_path, qtbot):
    data = tmp_path / "table.csv"
    write_table(data)
    assert session_on(data).save(tmp_path / "run.nbviz", write_session)

    write_table(data, seed=1)  # same shape, other numbers
    with pytest.raises(SessionFileError, match="table.csv has changed since the session was saved"):
        read_session(tmp_path / "run.nbviz")
    data.unlink()
    with pytest.raises(SessionFileError, match="run.nbviz: its data file .*table.csv was not found"):
        read_session(tmp_path / "run.nbviz")


def test_small_data_and_synthesised_data_stay_embedded(tmp_path, qtbot):
    data = tmp_path / "table.csv"
    write_table(data)
    assert session_on(data).save(tmp_path / "small.nbviz", write_session)  # 120 values: below the real limit
    assert json.loads((tmp_path / "small.nbviz").read_text())["version"] == 3  # the data embedded: no data_file entry
    assert "X" in json.loads((tmp_path / "small.nbviz").read_text())["problem"]
    np.testing.assert_array_equal(read_session(tmp_path / "small.nbviz").problem.lines, np.arange(2, 62))


def test_checksum_tells_numbers_apart_and_ignores_the_file_format():
    X = np.arange(6.0).reshape(3, 2)
    assert session_file.data_checksum(X, None) == session_file.data_checksum(X.copy(order="F"), None)
    assert session_file.data_checksum(X, None) != session_file.data_checksum(X.reshape(2, 3), None)
    Y = X.copy()
    Y[2, 1] = np.nextafter(Y[2, 1], 10)
    assert session_file.data_checksum(X, None) != session_file.data_checksum(Y, None)
    assert session_file.data_checksum(X, np.array([0, 1, 1])) != session_file.data_checksum(X, np.array([0, 1, 0]))


def test_unknown_load_options_are_refused():
    with pytest.raises(ValueError, match="unknown load options sheet"):
        ImportSpec.from_options("t.csv", {"sheet": 2})


def test_files_opened_in_the_window_are_saved_by_reference(small_limit, tmp_path, qtbot):
    from PySide6.QtCore import QSettings

    from nbviz.gui.window.main_window import MainWindow

    data = tmp_path / "table.csv"
    X = write_table(data)
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    window.remember_layout = False
    qtbot.addWidget(window)
    assert window.files.open_file(str(data), label_column="kind")
    window.session.step()
    assert window.files.save_session(str(tmp_path / "run.nbviz"))
    assert "data_file" in json.loads((tmp_path / "run.nbviz").read_text())["problem"]
    assert window.files.open_session(str(tmp_path / "run.nbviz"))
    np.testing.assert_array_equal(window.session.problem.X, X)
    assert window.session.problem.classes == ("a", "b")


@pytest.mark.parametrize("change", ["deleted", "rewritten", "appended"])
def test_data_whose_file_has_gone_or_changed_is_saved_embedded_and_reopens(small_limit, tmp_path, qtbot, change):
    data = tmp_path / "table.csv"
    X = write_table(data)
    session = session_on(data)
    if change == "deleted":
        data.unlink()
    elif change == "rewritten":
        write_table(data, seed=1)  # the same shape, other numbers
    else:
        with open(data, "a") as stream:
            stream.write("1.0,2.0,a\n")
    saved = tmp_path / "run.nbviz"
    assert session.save(saved, write_session)
    raw = json.loads(saved.read_text())
    assert "data_file" not in raw["problem"] and len(raw["problem"]["X"]) == 60
    reopened = Session()
    assert reopened.restore(read_session(saved))
    np.testing.assert_array_equal(reopened.problem.X, X)
    assert [s.objective for s in reopened.history] == [s.objective for s in session.history]


def test_the_referenced_file_size_is_recorded(small_limit, tmp_path, qtbot):
    data = tmp_path / "table.csv"
    write_table(data)
    assert session_on(data).save(tmp_path / "run.nbviz", write_session)
    reference = json.loads((tmp_path / "run.nbviz").read_text())["problem"]["data_file"]
    assert reference["file_size"] == data.stat().st_size
