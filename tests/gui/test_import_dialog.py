"""The import dialog: preview, delimiter and header, column roles, binarising, missing values,
bad files, loading in a worker thread with cancel, and its use from the main window."""

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

import nbviz.core as nc
from nbviz.app.data import import_spec
from nbviz.app.data.problem import Problem
from nbviz.app.jobs import background
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.resources import resource_path
from nbviz.core.tables import data as table_data
from nbviz.gui.dialogs.import_dialog import ImportDialog
from nbviz.gui.window.main_window import MainWindow

TRUTH = nc.GaussianMixture(weights=[0.5, 0.5], means=[[0, 0], [4, 4]], covariances=np.stack([np.eye(2)] * 2))


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return str(path)


@pytest.fixture
def dialog_for(qtbot):
    def make(path, adopt=None):
        dialog = ImportDialog(path, adopt=adopt)
        qtbot.addWidget(dialog)
        dialog.show()
        return dialog

    return make


def load_through(dialog, qtbot):
    """Press Load and wait for the worker; returns the loaded data set."""
    assert dialog.ok_button.isEnabled(), dialog.message.text()
    with qtbot.waitSignal(dialog.loader.loaded, timeout=10000):
        dialog.ok_button.click()
    return dialog.dataset


def assert_same(a, b):
    np.testing.assert_array_equal(a.X, b.X)
    assert a.columns == b.columns and a.classes == b.classes and a.dropped_lines == b.dropped_lines
    if b.labels is None:
        assert a.labels is None
    else:
        np.testing.assert_array_equal(a.labels, b.labels)


def test_penguins_detected_and_loaded_like_load_data(dialog_for, qtbot):
    path = str(resource_path("resources", "datasets", "penguins.csv"))
    dialog = dialog_for(path)
    assert dialog.delimiter_combo.currentData() == "," and "detected" in dialog.delimiter_combo.currentText()
    assert dialog.header_check.isChecked() and dialog.text_options.isVisible()
    assert dialog.roles() == ["feature"] * 4 + ["label"]
    assert dialog.table.horizontalHeaderItem(0).text() == "bill_length_mm"
    assert dialog.table.item(1, 0).text() == "39.1" and dialog.table.item(1, 4).text() == "Adelie"
    assert "342 rows and 4 features" in dialog.message.text()
    assert_same(load_through(dialog, qtbot), nc.load_data(path, "species"))


def test_delimiter_change_and_header_toggle_reparse(dialog_for, qtbot, tmp_path):
    path = write(tmp_path, "d.csv", "a;b;c\n1;2;3\n4;5;6\n7;8;9\n")
    dialog = dialog_for(path)
    assert dialog.table.columnCount() == 3 and dialog.ok_button.isEnabled()
    dialog.set_delimiter(",")
    assert dialog.table.columnCount() == 1 and dialog.table.item(1, 0).text() == "1;2;3"
    assert not dialog.ok_button.isEnabled() and "d.csv, line 2, column 'a;b;c'" in dialog.message.text()
    dialog.set_delimiter(";")
    assert dialog.table.columnCount() == 3 and dialog.ok_button.isEnabled()
    dialog.header_check.setChecked(False)
    assert dialog.table.horizontalHeaderItem(0).text() == "column 1" and dialog.table.item(1, 0).text() == "a"
    message = dialog.message.text()
    assert "d.csv, line 1, column 1: 'a' is not a number" in message and not dialog.ok_button.isEnabled()
    dialog.header_check.setChecked(True)
    assert_same(load_through(dialog, qtbot), nc.load_data(path, delimiter=";", header=True))


def test_chosen_label_and_feature_columns(dialog_for, qtbot, tmp_path):
    path = write(tmp_path, "d.tsv", "id\tx\ty\tz\tk\n1\t0.5\t2\t7\t1\n2\t1.5\t3\t8\t2\n3\t2.5\t1\t9\t1\n")
    dialog = dialog_for(path)
    assert dialog.roles() == ["ignore"] + ["feature"] * 4  # an ID column is left out
    assert dialog.delimiter_combo.currentData() == "\t"
    dialog.set_role(0, "ignore")
    dialog.set_role(3, "ignore")
    dialog.set_role(4, "label")
    dialog.set_role(2, "label")  # one label column: k becomes a feature again
    assert dialog.roles() == ["ignore", "feature", "label", "ignore", "feature"]
    expected = nc.load_data(path, 2, feature_columns=[1, 4], delimiter="\t", header=True)
    assert expected.columns == ("x", "k") and expected.classes == ("1", "2", "3")
    assert_same(load_through(dialog, qtbot), expected)


def test_binarise_at_a_threshold(dialog_for, qtbot, tmp_path):
    rng = np.random.default_rng(0)
    X = np.round(rng.uniform(0, 10, size=(30, 3)), 2)
    path = write(tmp_path, "d.csv", "p,q,r\n" + "\n".join(",".join(map(str, row)) for row in X) + "\n")
    dialog = dialog_for(path)
    dialog.binarise_check.setChecked(True)
    dialog.threshold_spin.setValue(4.5)
    assert "1 where x ≥ 4.5" in dialog.message.text()
    dataset = load_through(dialog, qtbot)
    np.testing.assert_array_equal(dataset.X, (X >= 4.5).astype(float))
    assert set(np.unique(dataset.X)) == {0.0, 1.0}


def test_missing_values_are_counted_and_dropped_only_when_asked(dialog_for, qtbot, tmp_path):
    path = write(tmp_path, "m.csv", "a,b,label\n1,2,x\n3,,y\n5,7,x\nNA,1,y\n2,2,?\n8,9,y\n")
    dialog = dialog_for(path)
    assert dialog.roles() == ["feature", "feature", "label"]
    text = dialog.message.text()
    assert "3 rows have missing values (lines 3, 5, 6)" in text and "m.csv, line 3, column 'b'" in text
    assert dialog.drop_check.isVisible() and dialog.drop_check.text() == "Drop these 3 rows with missing values"
    assert not dialog.ok_button.isEnabled() and not dialog.start_loading()
    dialog.drop_check.setChecked(True)
    assert "3 row(s) with missing values will be dropped (lines 3, 5, 6)" in dialog.message.text()
    dataset = load_through(dialog, qtbot)
    assert dataset.dropped_lines == (3, 5, 6)
    np.testing.assert_array_equal(dataset.X, [[1, 2], [5, 7], [8, 9]])
    assert_same(dataset, nc.load_data(path, 2, drop_missing=True))


def test_the_preview_marks_none_as_missing_among_numbers_only(dialog_for, tmp_path):
    """As loading reads it: "None" in a column of answers is an answer, in a column of numbers a gap."""
    cells = [("Freq", "1.5", "x"), ("None", "None", "y"), ("Some", "2", "x")] * 4
    rows = "".join(f"{a},{b},{c}\n" for a, b, c in cells)
    dialog = dialog_for(write(tmp_path, "e.csv", "Exer,Pulse,label\n" + rows))
    missing = dialog.appearance.missing_background
    answer, number = dialog.table.item(2, 0), dialog.table.item(2, 1)
    assert (answer.text(), number.text()) == ("None", "None")
    assert answer.background().color().name() != QColor(missing).name() and answer.toolTip() == ""
    assert number.background().color().name() == QColor(missing).name() and number.toolTip() == "A missing value"


def test_npy_has_no_text_options(dialog_for, qtbot, tmp_path):
    array = np.array([[0.5, 1.0, 0], [1.5, 2.0, 1], [2.5, 0.0, 1]])
    np.save(tmp_path / "a.npy", array)
    dialog = dialog_for(str(tmp_path / "a.npy"))
    assert not dialog.text_options.isVisible() and dialog.table.columnCount() == 3
    assert dialog.table.verticalHeaderItem(1).text() == "row 1"
    dialog.set_role(2, "label")
    dataset = load_through(dialog, qtbot)
    np.testing.assert_array_equal(dataset.X, array[:, :2])
    np.testing.assert_array_equal(dataset.labels, [0, 1, 1])


@pytest.fixture
def window(qtbot, tmp_path):
    win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.show()
    assert win.session.load(Problem.synthesised(TRUTH, 60, seed=0), ModelConfig(n_components=2))
    return win


@pytest.mark.parametrize(
    "content, words",
    [
        ("a,b\n1,2\n3,4,5\n", "bad.csv, line 3 has 3 fields but the header has 2"),
        ("a,b\n1,2\n3,oops\n", "bad.csv, line 3, column 'b': 'oops' is not a number"),
        (b"a,b\n1,2\x00\x01\n", "bad.csv is not a text data file: line 2 holds binary data"),
        ("", "bad.csv is empty"),
    ],
)
def test_a_bad_file_shows_where_and_keeps_what_was_open(window, tmp_path, content, words):
    before = window.session.problem
    dialog = window.files.import_file(write(tmp_path, "bad.csv", content))
    assert words in dialog.message.text()
    assert not dialog.ok_button.isEnabled() and not dialog.start_loading()
    dialog.reject()
    assert window.session.problem is before and window.files.import_dialog is None


def test_loading_from_the_window_switches_data_and_says_what_was_dropped(window, qtbot, tmp_path):
    path = write(tmp_path, "m.csv", "a,b\n1,2\n3,\n5,7\n2,2\n8,9\n0,1\n")
    dialog = window.files.import_file(path)
    dialog.drop_check.setChecked(True)
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        dialog.ok_button.click()
    problem = window.session.problem
    assert problem.name == "m.csv" and problem.n_samples == 5
    assert window.banner.kind == "notice" and "dropped 1 row(s) with missing values (lines 3)" in window.banner.text
    assert window.files.recent_files()[0].endswith("m.csv")


def test_not_dropping_leaves_the_session_unchanged(window, tmp_path):
    before, history = window.session.problem, list(window.session.history)
    dialog = window.files.import_file(write(tmp_path, "m.csv", "a,b\n1,2\n3,\n"))
    assert "1 row has missing values (line 3)" in dialog.message.text()
    dialog.reject()
    assert window.session.problem is before and list(window.session.history) == history


def test_too_few_rows_for_k_reduce_k_with_a_note_or_name_the_cause(window, qtbot, tmp_path):
    window.session.configure(window.session.config.with_(n_components=5))
    before = window.session.problem
    dialog = window.files.import_file(write(tmp_path, "three.csv", "a,b\n1,2\n3,4.5\n5,7\n"))
    assert dialog.k_spin.value() == 3 and "K reduced to 3" in dialog.message.text()
    dialog.set_model(n_components=5)  # the user's choice is checked, not changed
    text = dialog.message.text()
    assert "3 rows are fewer than the 5 components: choose K ≤ 3" in text and not dialog.ok_button.isEnabled()
    assert dialog.isVisible() and window.session.problem is before
    dialog.set_model(n_components=2)
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        dialog.ok_button.click()
    assert window.session.config.n_components == 2 and window.session.problem.n_samples == 3


def test_multinomial_on_measurements_says_where_and_what_to_do(window):
    problem = Problem.from_dataset(nc.load_data(resource_path("resources", "datasets", "iris.csv"), "species"))
    assert window.session.load(problem)
    messages = []
    window.session.error_raised.connect(messages.append)
    assert not window.session.configure(window.session.config.with_(family="multinomial"))
    assert messages[0] == (
        "Cannot use Multinomial mixture: sepal_length on line 2 is 5.1, not a whole-number "
        "count; use a Gaussian mixture for measurements, or load whole-number counts"
    )


def big_file(tmp_path, n=60_000):
    X = np.random.default_rng(5).normal(size=(n, 3))
    path = tmp_path / "big.csv"
    np.savetxt(path, X, delimiter=",", header="u,v,w", comments="", fmt="%.6f")
    return str(path)


def test_a_large_file_loads_in_the_worker_with_progress(window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(import_spec, "CHECK_LIMIT_BYTES", 1000)  # checked as it loads
    monkeypatch.setattr(background, "PROGRESS_INTERVAL", 0.0)  # every report reaches the dialog
    monkeypatch.setattr(table_data, "_CHUNK_LINES", 16_384)  # a report every 16,384 lines: four on this file
    path = big_file(tmp_path)
    dialog = window.files.import_file(path)
    assert "is large" in dialog.message.text() and dialog.ok_button.isEnabled()
    fractions = []
    dialog.loader.progressed.connect(fractions.append)
    with qtbot.waitSignal(dialog.finished, timeout=60000):  # a ceiling for a busy machine
        dialog.ok_button.click()
    assert window.session.problem.n_samples == 60_000
    np.testing.assert_array_equal(window.session.problem.X, nc.load_data(path).X)
    assert len(fractions) >= 3 and fractions == sorted(fractions) and fractions[-1] == 1.0


def test_the_model_is_started_under_the_wait_cursor_and_the_cursor_comes_back(window, qtbot, tmp_path, monkeypatch):
    seen = []
    real_load = window.session.load

    def load(*args, **kwargs):  # what the user's pointer shows while the starts are worked out
        cursor = QApplication.overrideCursor()
        seen.append(None if cursor is None else cursor.shape())
        return real_load(*args, **kwargs)

    monkeypatch.setattr(window.session, "load", load)
    dialog = window.files.import_file(write(tmp_path, "small.csv", "a,b\n1,2\n3,5\n4,4\n8,1\n2,2\n"))
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        dialog.ok_button.click()
    assert window.files.load_preset("iris")
    assert seen == [Qt.CursorShape.WaitCursor] * 2 and QApplication.overrideCursor() is None


def test_cancel_while_loading_keeps_the_old_data(window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(import_spec, "CHECK_LIMIT_BYTES", 1000)
    before = window.session.problem
    dialog = window.files.import_file(big_file(tmp_path))
    with qtbot.waitSignal(dialog.loader.cancelled, timeout=20000):
        dialog.ok_button.click()
        dialog.cancel_loading()
    assert window.session.problem is before and dialog.isVisible()
    assert "cancelled" in dialog.message.text() and dialog.ok_button.isEnabled()


def test_errors_found_while_loading_come_back_into_the_dialog(window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(import_spec, "CHECK_LIMIT_BYTES", 10)
    before = window.session.problem
    dialog = window.files.import_file(write(tmp_path, "late.csv", "a,b\n1,2\n3,4\n5,\n"))
    with qtbot.waitSignal(dialog.loader.failed, timeout=10000):
        dialog.ok_button.click()
    assert "1 row has missing values (line 4)" in dialog.message.text() and dialog.drop_check.isVisible()
    assert window.session.problem is before


def test_recent_data_files_and_sessions_open_the_right_way(window, tmp_path):
    path = write(tmp_path, "r.csv", "a,b\n1,2\n3,4\n5,6\n")
    window.start_page.file_chosen.emit(path)
    assert window.files.import_dialog is not None and window.files.import_dialog.path == path
    window.files.import_dialog.reject()


def test_the_bad_cell_is_marked_and_ignoring_its_column_clears_the_error(dialog_for, qtbot, tmp_path):
    path = write(tmp_path, "t.csv", "a,b,c\n1,2,3\n4,x5,6\n6,7,8\n")
    dialog = dialog_for(path)
    assert "t.csv, line 3, column 'b': 'x5' is not a number" in dialog.message.text()
    assert "set that column's role to ignore" in dialog.message.text()
    assert dialog.table.item(2, 1).background().color() == QColor(dialog.appearance.problem_background)
    assert dialog.table.item(2, 0).background().color() != QColor(dialog.appearance.problem_background)
    dialog.set_role(1, "ignore")
    assert dialog.ok_button.isEnabled() and dialog.table.item(2, 1).background().color() != QColor(
        dialog.appearance.problem_background
    )
    assert_same(load_through(dialog, qtbot), nc.load_data(path, feature_columns=[0, 2]))


def test_dropping_or_choosing_a_data_file_opens_the_dialog(window, tmp_path, monkeypatch):
    from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
    from PySide6.QtGui import QDropEvent
    from PySide6.QtWidgets import QFileDialog

    before = window.session.problem
    path = write(tmp_path, "dropped.csv", "a,b\n1,2\n3,4\n5,6\n")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(path)])
    window.dropEvent(QDropEvent(QPointF(50, 50), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    assert window.files.import_dialog.path == path and window.session.problem is before
    window.files.import_dialog.reject()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (path, ""))
    window.commands["open"].trigger()
    assert window.files.import_dialog.path == path and window.files.import_dialog.isVisible()
    window.files.import_dialog.reject()
    assert window.session.problem is before


GUESS_FILES = {  # name: (content, the label column both guess)
    "named.csv": ("a,b,species\n1,2,setosa\n3,4,virginica\n5,6,setosa\n", 2),
    "text.csv": ("x;y;kind\n1.5;2;cat\n3;4.5;dog\n5;6;cat\n", 2),
    "id_and_class.csv": ("id,x,y,class\nr1,1,2,0\nr2,3,4,1\nr3,5,6,1\n", 3),
    "numbers.csv": ("1 2 3\n4 5 6\n", None),
}


@pytest.mark.parametrize("name", sorted(GUESS_FILES))
def test_the_dialog_and_the_command_line_guess_the_same_columns(dialog_for, tmp_path, name):
    content, label = GUESS_FILES[name]
    path = write(tmp_path, name, content)
    dialog = dialog_for(path)
    spec = import_spec.ImportSpec.guessed(path)
    assert dialog.current_spec() == spec and spec.label_column == label
    problem = Problem.from_file(path)  # what `nbviz FILE` loads
    dataset = dialog.current_spec().load()
    np.testing.assert_array_equal(problem.X, dataset.X)
    assert problem.columns == dataset.columns and problem.classes == dataset.classes
    if dataset.labels is not None:
        np.testing.assert_array_equal(problem.labels, dataset.labels)
    assert problem.load_options == spec.options()


def test_the_dialog_proposes_standardising_and_loads_standardised_data(tmp_path, qtbot):
    path = tmp_path / "scales.csv"
    rows = [[1.0 + i % 3, 1000.0 * (i % 5), 0.001 * (i % 7)] for i in range(12)]
    path.write_text("a,b,c\n" + "\n".join(",".join(f"{v:g}" for v in row) for row in rows) + "\n")
    window = MainWindow()
    qtbot.addWidget(window)
    dialog = window.files.import_file(str(path))
    row = dialog.standardize_row
    assert row.proposal.isVisibleTo(dialog) and "spread of b" in row.proposal.text()
    row.combo.setCurrentIndex(row.combo.findData("z"))
    assert not row.proposal.isVisibleTo(dialog)
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        qtbot.mouseClick(dialog.ok_button, Qt.LeftButton)
    problem = window.session.problem
    assert problem.standardization.method == "z"
    np.testing.assert_allclose(problem.X.std(axis=0), 1.0)
    np.testing.assert_allclose(problem.standardization.centre, np.mean(rows, axis=0))


def test_text_answers_cannot_be_standardised_and_numbers_can_again(dialog_for, tmp_path):
    rows = "".join(f"{1000 * (i % 5)},{i % 3},{'yes' if i % 2 else 'no'}\n" for i in range(12))
    dialog = dialog_for(write(tmp_path, "mixed.csv", "income,children,smoker\n" + rows))
    row = dialog.standardize_row
    assert dialog.roles() == ["feature", "feature", "label"]  # the answers taken for the classes
    assert row.combo.isEnabled() and "spread of income" in row.proposal.text()
    row.combo.setCurrentIndex(row.combo.findData("z"))
    dialog.set_role(0, "ignore")
    dialog.set_role(1, "ignore")
    dialog.set_role(2, "categorical")  # now the answers alone
    assert dialog.check()
    assert not row.combo.isEnabled() and row.method is None
    assert "no centre or scale" in row.combo.toolTip() and not row.proposal.isVisibleTo(dialog)
    dialog.set_role(0, "feature")
    dialog.set_role(2, "label")
    assert dialog.check() and row.combo.isEnabled()


def wide_rows(tmp_path, n, name="small.csv"):
    rng = np.random.default_rng(4)
    header = ",".join(f"f{j}" for j in range(13))
    rows = "\n".join(",".join(f"{v:.3f}" for v in row) for row in rng.normal(size=(n, 13)))
    return write(tmp_path, name, header + "\n" + rows + "\n")


def test_a_five_row_file_gets_a_model_that_fits_it_and_loads(window, qtbot, tmp_path):
    window.session.configure(window.session.config.with_(n_components=3, covariance_type="full"))
    dialog = window.files.import_file(wide_rows(tmp_path, 5))
    assert dialog.ok_button.isEnabled(), dialog.message.text()
    assert dialog.covariance_combo.currentText() == "diag" and dialog.k_spin.value() == 3
    assert "5 rows are fewer than the 14 a full covariance of 13 features needs" in dialog.message.text()
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        dialog.ok_button.click()
    assert window.session.problem.n_samples == 5 and window.session.config.covariance_type == "diag"


def test_the_chosen_model_is_checked_and_the_message_names_the_real_cause(dialog_for, tmp_path):
    dialog = dialog_for(wide_rows(tmp_path, 5))
    dialog.set_model(covariance="full")
    text = dialog.message.text()
    assert "5 rows are fewer than the 14 a full covariance of 13 features needs: choose diag or spherical" in text
    assert "constant feature" not in text and not dialog.ok_button.isEnabled()
    dialog.set_model(covariance="spherical", n_components=6)
    assert "5 rows are fewer than the 6 components: choose K ≤ 5" in dialog.message.text()
    dialog.set_model(n_components=2)
    assert dialog.ok_button.isEnabled() and dialog.model_config().n_components == 2


def test_integer_data_is_gaussian_unless_counted_as_words(dialog_for, tmp_path):
    path = write(tmp_path, "counts.csv", "a,b\n" + "".join(f"{i % 15},{(3 * i) % 17}\n" for i in range(30)))
    dialog = dialog_for(path)
    assert dialog.family_combo.currentData() == "gaussian"  # two columns of whole numbers are not documents
    dialog.set_model(family="multinomial", n_components=2)
    assert dialog.ok_button.isEnabled() and dialog.model_config().family == "multinomial"


def test_a_few_whole_number_codes_per_column_are_read_as_answers(dialog_for, tmp_path):
    path = write(tmp_path, "codes.csv", "a,b\n" + "".join(f"{i % 5 + 1},{(3 * i) % 2 + 1}\n" for i in range(30)))
    dialog = dialog_for(path)
    assert dialog.roles() == ["categorical", "categorical"] and dialog.family_combo.currentData() == "categorical"
    assert "every column holds a few whole-number codes, read as answers" in dialog.message.text()


def test_a_one_row_file_loads_with_a_model_that_fits(dialog_for, tmp_path):
    dialog = dialog_for(wide_rows(tmp_path, 1, "one.csv"))
    assert dialog.ok_button.isEnabled(), dialog.message.text()
    assert dialog.k_spin.value() == 1 and "Model changed to fit the data" in dialog.message.text()
    assert dialog.model_config().prior.covariance_prior > 0


def test_a_files_starts_run_in_the_loading_thread_and_the_window_adopts_that_run(window, qtbot, tmp_path, monkeypatch):
    import threading

    from nbviz.gui.window import file_commands

    threads = []

    def counted(problem, config, start=None):  # the real run, noting the thread that made it
        threads.append(threading.current_thread())
        return counted_run(problem, config, start)

    counted_run = file_commands.counted_run
    monkeypatch.setattr(file_commands, "counted_run", counted)
    rng = np.random.default_rng(0)
    X = np.r_[rng.normal(0, 1, (300, 2)), rng.normal(6, 1, (300, 2))]
    path = tmp_path / "large.csv"
    np.savetxt(path, X, delimiter=",", header="a,b", comments="", fmt="%.4f")
    dialog = window.files.import_file(str(path))
    with qtbot.waitSignal(dialog.finished, timeout=60000):
        dialog.ok_button.click()
    assert len(threads) == 1 and threads[0] is not threading.main_thread()
    session = window.session
    assert session.problem.name == "large.csv" and session.starts is not None
    assert session.starts.n_starts == session.config.n_init == 3 and session.history[0].model is not None
    assert session.config.start_given is False  # the file's own start, as File → Open makes it
