"""File → Classify new data with a model fitted on standardised data: the new rows take the centre
and scale stored with the model (the import dialog's choice, or a ``--start`` parameters file's),
never their own; a choice that contradicts the stored one is refused in one line."""

import csv
import unittest.mock

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from scipy.stats import multivariate_normal

from nbviz.cli import build_parser, main, prepare
from nbviz.scripted import open_inputs

RNG = np.random.default_rng(23)


def measurements() -> np.ndarray:
    """Two groups on very different scales (length in m, mass in g)."""
    return np.r_[RNG.normal([1.0, 200.0], [0.2, 30.0], (40, 2)), RNG.normal([2.5, 420.0], [0.2, 30.0], (40, 2))]


def write(path, X) -> str:
    path.write_text("length,mass\n" + "".join(f"{a:.3f},{b:.1f}\n" for a, b in X))
    return str(path)


def read_back(path) -> np.ndarray:
    """The responsibilities columns of a classified file."""
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return np.array([[float(row["r_1"]), float(row["r_2"])] for row in rows])


def reference(model, X, centre, scale) -> np.ndarray:
    """Responsibilities of the rows `X` (file units) standardised with `centre` and `scale`, by scipy."""
    Z = (X - centre) / scale
    dens = np.column_stack(
        [
            w * multivariate_normal(m, c).pdf(Z)
            for w, m, c in zip(model.weights, model.means, model.covariances, strict=True)
        ]
    )
    return dens / dens.sum(axis=1, keepdims=True)


def classify(win, qtbot, source, target):
    """Classify `source` in `win` and save the result in `target` (the save dialog answers `target`)."""
    with unittest.mock.patch.object(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "")):
        with qtbot.waitSignal(win.classify_flow.written, timeout=10000):
            assert win.classify_flow.start(str(source))
    return read_back(target)


def test_a_model_fitted_on_z_scores_in_the_import_dialog_classifies_with_the_loaded_centre_and_scale(
    make_main_window, qtbot, tmp_path
):
    win = make_main_window()
    X = measurements()
    dialog = win.files.import_file(write(tmp_path / "m.csv", X))
    dialog.set_model(family="gaussian", n_components=2, covariance="full")
    row = dialog.standardize_row
    row.combo.setCurrentIndex(row.combo.findData("z"))
    with qtbot.waitSignal(dialog.finished, timeout=10000):
        qtbot.mouseClick(dialog.ok_button, Qt.LeftButton)
    for _ in range(20):
        assert win.session.next_half_step()
    loaded = np.loadtxt(tmp_path / "m.csv", delimiter=",", skiprows=1)
    new = loaded[[0, 1, 45, 60]] + [[0.05, 3.0]]  # rows of a new file, far from the new file's own mean
    source = tmp_path / "new.csv"
    write(source, new[:1].repeat(3, axis=0))  # three equal rows: their own standardisation is impossible
    written = classify(win, qtbot, source, tmp_path / "out.csv")
    model = win.session.snapshot.model
    expected = reference(model, np.loadtxt(source, delimiter=",", skiprows=1), loaded.mean(0), loaded.std(0))
    np.testing.assert_allclose(written, expected, rtol=1e-9, atol=1e-12)
    write(source, new)
    written = classify(win, qtbot, source, tmp_path / "out.csv")
    np.testing.assert_allclose(written, reference(model, new, loaded.mean(0), loaded.std(0)), rtol=1e-9, atol=1e-12)
    assert written.argmax(axis=1).tolist() == [0, 0, 1, 1] or written.argmax(axis=1).tolist() == [1, 1, 0, 0]


@pytest.fixture
def fitted(tmp_path):
    """A parameters file of a model fitted on the z-scores of one file."""
    first = write(tmp_path / "first.csv", measurements())
    path = tmp_path / "p.json"
    assert main([first, "--standardize", "z", "--fit", "-k", "2", "--export-parameters", str(path)]) == 0
    return path, np.loadtxt(first, delimiter=",", skiprows=1)


def test_a_window_started_from_a_standardised_model_classifies_with_the_stored_centre_and_scale(
    make_main_window, qtbot, tmp_path, fitted
):
    parameters, first = fitted
    other = write(tmp_path / "other.csv", measurements()[::3] + [0.3, 40.0])  # other rows, another mean and spread
    args = build_parser().parse_args([other, "--start", str(parameters)])
    win = make_main_window()
    assert open_inputs(win, args, *prepare(args)) is None
    units = win.session.problem.standardization
    np.testing.assert_allclose(units.centre, first.mean(0))  # the model's, not other.csv's
    np.testing.assert_allclose(units.scale, first.std(0))
    source = tmp_path / "new.csv"
    new = first[[2, 50]]
    write(source, new)
    written = classify(win, qtbot, source, tmp_path / "out.csv")
    model = win.session.snapshot.model
    np.testing.assert_allclose(written, reference(model, new, first.mean(0), first.std(0)), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--standardize", "robust"], "fitted to z-scores (mean 0, standard deviation 1), not"),
        (
            ["--standardize", "robust", "--classify", "NEW", "--export-responsibilities", "OUT"],
            "fitted to z-scores (mean 0, standard deviation 1), not",
        ),
    ],
)
def test_a_window_asked_for_other_units_than_the_model_was_fitted_in_is_refused_in_one_line(
    tmp_path, fitted, capsys, flags, message
):
    parameters, _ = fitted
    new = write(tmp_path / "new.csv", measurements()[:3])
    names = {"NEW": new, "OUT": str(tmp_path / "out.csv")}
    flags = [names.get(flag, flag) for flag in flags]
    assert main([new, "--start", str(parameters), *flags]) == 2
    assert not (tmp_path / "out.csv").exists()
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
