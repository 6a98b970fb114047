"""One reader, two doors: `nbviz FILE` reads a file exactly as the import dialog first shows it."""

import numpy as np
import pytest

from nbviz.cli import build_parser, prepare
from nbviz.gui.dialogs.import_dialog import ImportDialog


def wine_like(tmp_path):
    """Excel in Europe: UTF-8 BOM, CRLF, semicolons, decimal commas, an ID, a date and a text class."""
    rng = np.random.default_rng(2)
    X = np.round(rng.normal([13.0, 2.3, 2.4], [0.8, 1.1, 0.3], size=(12, 3)), 2)
    rows = [
        f"W{i:03d};2024-03-{i + 1:02d};{a};{b};{c};class_{i % 3 + 1}".replace(".", ",") for i, (a, b, c) in enumerate(X)
    ]
    rows[4] = rows[4].split(";")
    rows[4][3] = ""  # a missing malic acid
    rows[4] = ";".join(rows[4])
    path = tmp_path / "wine.csv"
    text = "sample_id;date;alcohol;malic_acid;ash;class\r\n" + "\r\n".join(rows) + "\r\n"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    return str(path), X


def cli_problem(*argv):
    problem, _, _ = prepare(build_parser().parse_args(list(argv)))
    return problem


def test_a_wine_like_file_loads_from_the_command_line_as_from_the_preview(qtbot, tmp_path):
    path, X = wine_like(tmp_path)
    dialog = ImportDialog(path)
    qtbot.addWidget(dialog)
    assert dialog.roles() == ["ignore", "ignore", "feature", "feature", "feature", "label"]
    assert dialog.decimal_combo.currentData() == "," and dialog.delimiter_combo.currentData() == ";"
    assert "missing" in dialog.message.text() and not dialog.ok_button.isEnabled()
    dialog.drop_check.setChecked(True)
    dataset = dialog.current_spec().load()
    problem = cli_problem(path, "--drop-missing")
    kept = np.delete(np.arange(12), 4)
    np.testing.assert_array_equal(dataset.X, X[kept])  # '13,05' is float('13.05'), exactly
    np.testing.assert_array_equal(problem.X, dataset.X)
    np.testing.assert_array_equal(problem.labels, dataset.labels)
    np.testing.assert_array_equal(problem.lines, dataset.lines)
    assert problem.columns == dataset.columns == ("alcohol", "malic_acid", "ash")
    assert problem.classes == dataset.classes == ("class_1", "class_2", "class_3")
    assert problem.lines.tolist() == (kept + 2).tolist()


def test_command_line_messages_name_flags_not_controls(tmp_path):
    path, _ = wine_like(tmp_path)
    with pytest.raises(ValueError) as info:
        cli_problem(path)
    message = str(info.value)
    assert "wine.csv, line 6, column 'malic_acid': missing value" in message
    assert "--drop-missing" in message and "drop_missing" not in message
    with pytest.raises(ValueError) as info:
        cli_problem(path, "--drop-missing", "--decimal", ".")
    assert "choose the decimal" not in str(info.value) and "give --decimal ," in str(info.value)
    with pytest.raises(ValueError) as info:
        cli_problem(path, "--drop-missing", "--columns", "sample_id,alcohol")
    assert "'W000' is not a number; leave it out with --ignore 'sample_id'" in str(info.value)


def test_command_line_column_flags(tmp_path):
    path, X = wine_like(tmp_path)
    problem = cli_problem(path, "--drop-missing", "--columns", "alcohol,4", "--delimiter", "semicolon")
    assert problem.columns == ("alcohol", "ash") and problem.classes is not None
    problem = cli_problem(path, "--drop-missing", "--ignore", "class,malic_acid", "--decimal", ",")
    assert problem.columns == ("alcohol", "ash") and problem.labels is None
    with pytest.raises(ValueError, match="the columns are 0: 'sample_id'"):
        cli_problem(path, "--ignore", "colour")
    with pytest.raises(ValueError, match="--delimiter"):
        cli_problem(path, "--delimiter", "pipe")


def test_a_numeric_target_column_is_the_label_from_the_command_line(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("a,b,target\n1,2,0\n3,4,1\n5,6,1\n")
    problem = cli_problem(str(path))
    assert problem.columns == ("a", "b") and problem.classes == ("0", "1")
