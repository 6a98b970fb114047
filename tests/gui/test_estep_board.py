"""The E-step board: the responsibilities r_nk on screen in presentation mode, read back by OCR.

The expected numbers are an E-step written here with numpy and scipy from the preset's data and its
start (the parameters at half-step 0), not the app's own.
"""

import re
import shutil
import subprocess

import numpy as np
import pytest
from in_process import run_in_process
from PySide6.QtCore import QSettings
from scipy.special import logsumexp
from scipy.stats import multivariate_normal

import nbviz.core as nc
from nbviz.app.presentation.presets import PRESETS, load_preset
from nbviz.app.run.session import Session
from nbviz.gui.panels.estep_board import MAX_ROWS, EStepBoard, fmt_board
from nbviz.gui.window.main_window import MainWindow

LECTURES = [name for name in PRESETS if name.startswith("lecture-")]


def reference_resp(X: np.ndarray, model: nc.Mixture, labels: np.ndarray | None) -> np.ndarray:
    """r_nk = pi_k p(x_n | k) / sum_j pi_j p(x_n | j), written out per family; a known label clamps its row."""
    if isinstance(model, nc.BernoulliMixture):
        p = model.probs
        with np.errstate(divide="ignore"):
            log_px = X @ np.log(p).T + (1 - X) @ np.log1p(-p).T
    elif isinstance(model, nc.MultinomialMixture):  # the multinomial coefficient is the same for every k
        with np.errstate(divide="ignore"):
            log_px = X @ np.log(model.probs).T
    else:
        assert isinstance(model, nc.GaussianMixture)
        covariances = model.full_covariances
        log_px = np.column_stack(
            [multivariate_normal(mean, cov).logpdf(X).reshape(len(X)) for mean, cov in zip(model.means, covariances)]
        )
    log_joint = log_px + np.log(model.weights)
    resp = np.exp(log_joint - logsumexp(log_joint, axis=1, keepdims=True))
    if labels is not None:
        known = labels >= 0
        resp[known] = np.eye(resp.shape[1])[labels[known]]
    return resp


def expected_rows(name: str) -> list[np.ndarray]:
    """The rows of r_nk the board shows after the first E-step of preset `name`, computed here."""
    session = Session()
    assert session.load(*load_preset(name))
    start = session.history[0].model
    resp = reference_resp(session.problem.X, start, session.labels)
    if session.config.hard:  # hard EM gives each row to its most probable component
        resp = np.eye(resp.shape[1])[resp.argmax(axis=1)]
    if len(resp) <= MAX_ROWS:
        return list(resp)
    selected = PRESETS[name].selected
    assert selected is not None, f"{name}: a large lecture data set selects a point for the board"
    return [resp[selected]]


def window_at_1024x768(qtbot, tmp_path) -> MainWindow:
    """A shown main window of a projector's size (not full screen in presentation mode)."""
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.presentation_layout.set_full_screen(False)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_board_lists_every_rows_responsibilities_for_a_small_data_set(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    assert window.files.load_preset("lecture-two-documents")
    window.take_half_steps(1)
    board = window.board
    assert isinstance(board, EStepBoard)
    # documents (1, 1) and (0, 1) under pi = (0.7, 0.3), P(x1=1|k) = (0.5, 0.2), P(x2=1|k) = (0.4, 0.7)
    by_hand = np.array([[0.7 * 0.5 * 0.4, 0.3 * 0.2 * 0.7], [0.7 * 0.5 * 0.4, 0.3 * 0.8 * 0.7]])
    by_hand /= by_hand.sum(axis=1, keepdims=True)
    rows = board.rows
    assert [name for name, _ in rows] == ["1", "2"]
    np.testing.assert_allclose(np.array([r for _, r in rows]), by_hand, rtol=1e-12)
    assert "0.769" in board.text() and "0.545" in board.text()
    assert "after E-step 1" in board.text()


def test_a_large_data_sets_board_shows_the_chosen_points_row(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    assert window.files.load_preset("gmm-2d")
    window.take_half_steps(1)
    window.session.select(-1)
    assert window.board.rows == []  # no row chosen: only the means, one line per feature
    means = window.session.snapshot.model.means
    lines = window.board.lesson
    assert [line.kind for line in lines] == ["mean", "mean"]
    np.testing.assert_array_equal(np.array([line.values for line in lines]), means.T)
    window.session.select(41)
    (name, r), *others = window.board.rows
    assert name == "42" and others == []
    np.testing.assert_allclose(r, window.session.resp[41])


def test_presentation_mode_shows_the_board_beside_the_data_and_w_brings_the_worked_steps(qtbot, tmp_path):
    window = window_at_1024x768(qtbot, tmp_path)
    assert window.files.load_preset("lecture-eight-points")
    window.take_half_steps(1)
    window.appearance.set_presentation(True)
    qtbot.wait(20)  # the docks laid out again (a small window's column of tabs was wider)
    layout = window.presentation_layout
    assert window.docks.board_dock.isVisible()
    assert not window.docks.inspector_dock.isVisible()
    assert (
        window.docks.board_dock.width()
        < window.width() / 2
        < window.data_view.width() + window.docks.board_dock.width()
    )
    layout.worked_action.trigger()
    overlay = layout.worked_overlay
    assert overlay.isVisible() and overlay.width() > 0.9 * window.data_view.width()
    assert "p(x)" in overlay.text()  # the inspector's worked E-step of the selected point
    window.appearance.set_presentation(False)
    assert not overlay.isVisible() and not window.docks.board_dock.isVisible()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract (Debian tesseract-ocr) is not installed")
@pytest.mark.parametrize("name", LECTURES)
def test_ocr_reads_each_lecture_presets_responsibilities_after_the_first_e_step(name, tmp_path):
    shot = tmp_path / f"{name}.png"
    result = run_in_process(
        "--preset", name, "--steps", 1, "--size", "1024x768", "--presentation", "--screenshot", shot
    )
    assert result.returncode == 0, result.stderr
    text = subprocess.run(["tesseract", str(shot), "-"], capture_output=True, text=True, timeout=120).stdout
    missing = []
    for row in expected_rows(name):
        pattern = r"\s+".join(re.escape(fmt_board(r)) for r in row)
        if not re.search(pattern, text):
            missing.append(" ".join(fmt_board(r) for r in row))
    assert not missing, f"OCR did not find in {name}: " + "; ".join(missing)


def _cell_text_span(document, cell) -> tuple[float, float]:
    """The left and right edge, in document pixels, of the text a table cell holds (its first line)."""
    block = cell.firstCursorPosition().block()
    line = block.layout().lineAt(0)
    left = document.documentLayout().blockBoundingRect(block).left() + line.naturalTextRect().left()
    return left, left + line.naturalTextWidth()


def test_a_rows_number_stands_apart_from_its_first_responsibility(qtbot, tmp_path):
    """OCR (and the back row) read "1 0.769" as "10.769" when the row's number touches the number
    beside it: at least the width of one and a half digits lies between them."""
    from PySide6.QtGui import QFontMetricsF, QTextCursor

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.appearance.set_presentation(True)
    assert window.files.load_preset("lecture-two-documents")
    window.take_half_steps(1)
    document = window.board.browser.document()
    document.setTextWidth(window.board.preferred_width())
    cursor = QTextCursor(document)
    while cursor.currentTable() is None and not cursor.atEnd():
        cursor.movePosition(QTextCursor.MoveOperation.NextBlock)
    table = cursor.currentTable()
    assert table is not None and table.rows() >= 3  # the head, rows 1 and 2, then the lesson's lines
    digit = QFontMetricsF(window.board.board_font()).horizontalAdvance("0")
    for row in (1, 2):
        _, name_right = _cell_text_span(document, table.cellAt(row, 0))
        value_left, _ = _cell_text_span(document, table.cellAt(row, 1))
        assert value_left - name_right >= 1.5 * digit, (row, value_left - name_right, digit)


def test_the_boards_caption_keeps_its_step_on_one_line_at_1024x768(qtbot, tmp_path):
    """lecture-three-sources' narrow board wrote "r_nk of Point 1, after E-" over "step 1"."""
    window = window_at_1024x768(qtbot, tmp_path)
    assert window.files.load_preset("lecture-three-sources")
    window.take_half_steps(1)
    window.appearance.set_presentation(True)
    qtbot.wait(20)
    document = window.board.browser.document()
    block = document.firstBlock()
    while block.isValid() and "after E-step" not in block.text().replace("\u2060", ""):
        block = block.next()
    assert block.isValid()
    layout = block.layout()
    lines = [layout.lineAt(i) for i in range(layout.lineCount())]
    lines = [block.text()[line.textStart() : line.textStart() + line.textLength()] for line in lines]
    assert any("after E-step 1" in line.replace("\xa0", " ").replace("\u2060", "") for line in lines), lines
