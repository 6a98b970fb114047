"""The command line: presets, bad files (exit 2, one line on stderr), headless screenshots."""

import os
import subprocess
import sys
import tempfile

import pytest
from in_process import run_in_process
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QImage

from nbviz.app.documents.session_file import write_session
from nbviz.app.presentation.presets import PRESETS
from nbviz.cli import main
from nbviz.gui.window.main_window import MainWindow

# the app's settings go to a folder of the test run's own, never the user's
SETTINGS_HOME = tempfile.mkdtemp(prefix="nbviz-test-settings-")
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": SETTINGS_HOME}


def run_cli(*args, timeout=120, **options):
    """``nbviz *args``, its output captured as text: in this process, or, where `options` set up the process
    itself (env, preexec_fn: they go to `subprocess.run`), as ``python -m nbviz`` in a fresh one."""
    if not options:
        return run_in_process(*args)
    settings = {"capture_output": True, "text": True, "env": ENV, "timeout": timeout} | options
    return subprocess.run([sys.executable, "-m", "nbviz", *args], **settings)


def test_list_presets_prints_name_tab_description(capsys):
    assert main(["--list-presets"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split("\t")[0] for line in lines] == list(PRESETS)
    assert all(len(line.split("\t")) == 2 and line.split("\t")[1] for line in lines)
    for required in ("faithful", "iris", "penguins", "digits", "corpus"):
        assert required in PRESETS
    lectures = ("two-documents", "five-points", "fruit", "eight-points", "three-sources", "sampling", "sampling-1d")
    for required in lectures:
        assert f"lecture-{required}" in PRESETS


def test_version():
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.startswith("nbviz ")


@pytest.mark.parametrize(
    "content, expected",
    [
        ("a,b\n1,2\n3,x\n", "line 3, column 'b': 'x' is not a number"),
        ("a,b\n1,2\n3\n", "line 3 has 1 fields but the header has 2"),
        ("", "is empty"),
        ("a,b\n", "no data rows"),
    ],
)
def test_unreadable_file_exits_2_with_one_line_naming_the_problem(tmp_path, content, expected):
    path = tmp_path / "data.csv"
    path.write_text(content)
    result = run_cli(str(path))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert "data.csv" in lines[0] and expected in lines[0]


def test_missing_file_and_binary_file(tmp_path):
    result = run_cli(str(tmp_path / "nope.csv"))
    assert result.returncode == 2 and "no such file" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    binary = tmp_path / "image.csv"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    result = run_cli(str(binary))
    assert result.returncode == 2 and "not a text data file" in result.stderr


def test_a_model_that_does_not_fit_the_file_exits_2(tmp_path):
    path = tmp_path / "cont.csv"
    path.write_text("a,b\n0.5,1.5\n1.5,2.5\n2.5,0.1\n")
    result = run_cli(str(path), "--model", "bernoulli", "-k", "2")
    assert result.returncode == 2 and "binary" in result.stderr and "Traceback" not in result.stderr
    result = run_cli("--preset", "no-such-preset")
    assert result.returncode == 2 and "faithful" in result.stderr


@pytest.mark.parametrize("name", list(PRESETS))
def test_screenshot_of_every_preset(tmp_path, name):
    png = tmp_path / f"{name}.png"
    result = run_cli("--preset", name, "--steps", "5", "--screenshot", str(png))
    assert result.returncode == 0, result.stderr
    image = QImage(str(png))
    assert image.width() >= 1200 and image.height() >= 800


def test_screenshot_of_a_user_file_with_options(tmp_path):
    path = tmp_path / "points.csv"
    rows = ["x,y"] + [f"{i % 7 * 0.9 + (i % 2) * 5},{i % 5 * 0.7}" for i in range(60)]
    path.write_text("\n".join(rows) + "\n")
    png = tmp_path / "out.png"
    result = run_cli(str(path), "-k", "2", "--covariance-type", "diag", "--steps", "3", "--screenshot", str(png))
    assert result.returncode == 0, result.stderr
    assert QImage(str(png)).width() >= 1200


def test_save_session_after_steps_and_reopen_it(tmp_path):
    from nbviz.app.documents.session_file import read_session

    path = tmp_path / "run.nbviz"
    result = run_cli("--preset", "gmm-2d", "--steps", "6", "--save-session", str(path))
    assert result.returncode == 0, result.stderr
    saved = read_session(path)
    assert [s.phase for s in saved.history] == ["init"] + ["E", "M"] * 3 and saved.cursor == 6
    png = tmp_path / "reopened.png"
    result = run_cli(str(path), "--steps", "2", "--screenshot", str(png), "--save-session", str(path))
    assert result.returncode == 0, result.stderr
    assert len(read_session(path).history) == 9 and QImage(str(png)).width() >= 1200


def test_a_broken_session_file_exits_2_with_one_line(tmp_path):
    path = tmp_path / "broken.nbviz"
    path.write_text('{"format": "nbviz-session", "version": 1, "problem": ')
    result = run_cli(str(path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "broken.nbviz" in lines[0] and "cut short" in lines[0]
    result = run_cli(str(path), "-k", "3")
    assert result.returncode == 2 and "keeps its own model" in result.stderr


@pytest.mark.parametrize(
    "flag",
    [
        ("--skip-rows", "1"),
        ("--missing", "em"),
        ("--drop-missing",),
        ("--delimiter", ";"),
        ("--decimal", ","),
        ("--columns", "x"),
        ("--ignore", "x"),
    ],
)
def test_reading_flags_without_a_data_file_are_refused_not_ignored(tmp_path, capsys, flag):
    session = tmp_path / "run.nbviz"
    assert main(["--preset", "gmm-2d", "--steps", "2", "--save-session", str(session)]) == 0
    capsys.readouterr()
    for source in (["--preset", "gmm-2d"], [str(session)]):
        out = tmp_path / "trace.csv"
        assert main([*source, *flag, "--export-trace", str(out)]) == 2
        error = capsys.readouterr().err.strip()
        assert error == f"nbviz: error: {flag[0]} applies to a data file; a preset or a session keeps its own data"
        assert not out.exists()


def test_a_scripted_run_neither_uses_nor_changes_the_saved_layout(tmp_path):
    home = tmp_path / "config"
    env = {**ENV, "XDG_CONFIG_HOME": str(home)}
    settings = home / "nbviz" / "nbviz.conf"
    settings.parent.mkdir(parents=True)
    settings.write_text("[window]\ngeometry=@ByteArray()\n")
    before = settings.read_text()
    png = tmp_path / "a.png"
    result = run_cli("--preset", "gmm-2d", "--screenshot", str(png), env=env)
    assert result.returncode == 0, result.stderr
    assert QImage(str(png)).width() == 1400 and settings.read_text() == before


def test_a_screenshot_looks_the_same_whatever_layout_the_user_saved(tmp_path, qtbot):
    def saved_layout(home, narrow: bool) -> None:
        """The settings a window leaves on close: its docks as laid out, the right column narrow or not."""
        settings = QSettings(str(home / "nbviz" / "nbviz.conf"), QSettings.Format.IniFormat)
        window = MainWindow(settings=settings)
        qtbot.addWidget(window)
        window.resize(1400, 900)
        window.show()
        assert window.files.load_preset("gmm-2d")
        if narrow:
            docks = window.docks
            window.resizeDocks([docks.parameters_dock], [60], Qt.Orientation.Horizontal)
        window.close()
        settings.sync()

    pictures = []
    for narrow in (False, True):
        home = tmp_path / f"config-{narrow}"
        saved_layout(home, narrow)
        before = (home / "nbviz" / "nbviz.conf").read_bytes()
        png = tmp_path / f"{narrow}.png"
        result = run_cli(
            "--preset", "gmm-2d", "--steps", "2", "--screenshot", str(png), env={**ENV, "XDG_CONFIG_HOME": str(home)}
        )
        assert result.returncode == 0, result.stderr
        assert (home / "nbviz" / "nbviz.conf").read_bytes() == before
        pictures.append(QImage(str(png)))
    assert pictures[0].size() == pictures[1].size() and pictures[0] == pictures[1]


def mean_lightness(image: QImage) -> float:
    """Average HSL lightness over a 40 x 40 grid of pixels."""
    points = [(x * image.width() // 40, y * image.height() // 40) for x in range(40) for y in range(40)]
    return sum(image.pixelColor(x, y).lightness() for x, y in points) / len(points)


def test_light_and_dark_screenshots_leave_the_remembered_choices_alone(tmp_path):
    home = tmp_path / "config"
    env = {**ENV, "XDG_CONFIG_HOME": str(home)}
    settings = home / "nbviz" / "nbviz.conf"
    settings.parent.mkdir(parents=True)
    settings.write_text("[choices]\npresentation=true\n")  # remembered from an earlier lecture
    shots = {}
    for name, flags in (("light", ["--light"]), ("dark", ["--dark", "--presentation"])):
        shots[name] = tmp_path / f"{name}.png"
        result = run_cli("--preset", "faithful", "--steps", "2", *flags, "--screenshot", str(shots[name]), env=env)
        assert result.returncode == 0, result.stderr
    light, dark = QImage(str(shots["light"])), QImage(str(shots["dark"]))
    assert mean_lightness(light) > 200 and mean_lightness(dark) < 90
    assert settings.read_text() == "[choices]\npresentation=true\n"


def test_dark_and_light_exclude_each_other(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--dark", "--light"])
    assert exit_info.value.code == 2 and "not allowed with" in capsys.readouterr().err


def test_data_that_does_not_fit_the_model_names_the_column_and_the_line(tmp_path):
    path = tmp_path / "petals.csv"
    path.write_text("petal_length,petal_width\n1,2\n3,4\n1.4,0.2\n")
    result = run_cli(str(path), "--model", "multinomial")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "nbviz: error: Cannot use petals.csv with Multinomial mixture: petal_length on line 4 is 1.4, not a "
        "whole-number count; use a Gaussian mixture for measurements, or load whole-number counts"
    ]


def test_tol_and_max_iter_go_into_the_session(tmp_path):
    from nbviz.app.documents.session_file import read_session

    path = tmp_path / "run.nbviz"
    result = run_cli(
        "--preset", "gmm-2d", "--tol", "1e-3", "--max-iter", "7", "--steps", "2", "--save-session", str(path)
    )
    assert result.returncode == 0, result.stderr
    config = read_session(path).config
    assert (config.tolerance, config.max_iter) == (1e-3, 7)
    # a saved session takes new settings from the command line; its history stays
    result = run_cli(str(path), "--tol", "0.5", "--save-session", str(path))
    assert result.returncode == 0, result.stderr
    saved = read_session(path)
    assert (saved.config.tolerance, saved.config.max_iter) == (0.5, 7) and len(saved.history) == 3


@pytest.mark.parametrize(
    "option, value, said",
    [
        ("--tol", "-1", "--tol must be a finite number >= 0; got -1.0"),
        ("--tol", "nan", "--tol must be a finite number >= 0; got nan"),
        ("--max-iter", "0", "--max-iter must be an integer from 1 to 1000000000; got 0"),
    ],
)
def test_a_bad_tol_or_max_iter_exits_2_with_one_line(option, value, said):
    result = run_cli("--preset", "gmm-2d", option, value, "--steps", "1", "--screenshot", "unused.png")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and said in lines[0]


def test_start_from_a_parameters_file_is_the_init_snapshot_bit_for_bit(tmp_path):
    import json

    import numpy as np

    import nbviz.core as nc
    from nbviz.app.data import export
    from nbviz.app.documents.session_file import read_session

    # numbers with no short decimal form: the round trip must keep every bit
    start = nc.GaussianMixture(
        weights=[1 / 3, 2 / 3],
        means=[[0.1 + 0.2, -1 / 7], [np.pi, np.e]],
        covariances=[[[2 / 3, 0.1], [0.1, 1 / 9]], [[1.0, -0.2], [-0.2, np.sqrt(2)]]],
    )
    path = tmp_path / "start.json"
    export.write_parameters_json(path, start, ["1", "2"], ["x1", "x2"])
    saved_path = tmp_path / "s.nbviz"
    result = run_cli("--preset", "gmm-2d", "--start", str(path), "--steps", "0", "--save-session", str(saved_path))
    assert result.returncode == 0, result.stderr
    saved = read_session(saved_path)
    first = saved.history[0].model
    written = json.loads(path.read_text())["model"]
    assert (saved.config.n_components, saved.config.covariance_type) == (2, "full")
    for name in ("weights", "means", "covariances"):
        assert np.asarray(getattr(first, name)).tobytes() == np.asarray(written[name], dtype=float).tobytes(), name
    assert len(saved.history) == 1


def test_a_start_that_does_not_fit_exits_2_with_one_line(tmp_path):
    path = tmp_path / "start.json"
    path.write_text('{"model": {"family": "bernoulli", "weights": [1.0], "probs": [[0.5, 0.5, 0.5]]}}')
    result = run_cli("--preset", "gmm-2d", "--start", str(path), "--steps", "0", "--save-session", str(tmp_path / "s"))
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1
    assert "--start" in lines[0] and "the start has 3 features but" in lines[0]
    result = run_cli("--start", str(path))
    assert result.returncode == 2 and "--start needs data" in result.stderr
    path.write_text("not json")
    result = run_cli("--preset", "gmm-2d", "--start", str(path))
    assert result.returncode == 2 and "is not a parameters file" in result.stderr


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1024x768", (1024, 768)),
        (" 1280 X 720 ", (1280, 720)),
        ("1920×1080", (1920, 1080)),
        ("320x240", (320, 240)),
    ],
)
def test_size_reads_width_x_height(text, expected):
    from nbviz.app.presentation.window_size import parse_size

    assert parse_size(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1024", "--size must be WIDTHxHEIGHT in pixels, e.g. 1024x768; got '1024'"),
        ("1024x", "--size must be WIDTHxHEIGHT in pixels, e.g. 1024x768; got '1024x'"),
        ("big", "--size must be WIDTHxHEIGHT in pixels, e.g. 1024x768; got 'big'"),
        ("-1024x768", "--size must be WIDTHxHEIGHT in pixels, e.g. 1024x768; got '-1024x768'"),
        ("1024.5x768", "--size must be WIDTHxHEIGHT in pixels, e.g. 1024x768; got '1024.5x768'"),
        ("100x768", "--size width must be from 320 to 16384 pixels; got '100x768'"),
        ("1024x20000", "--size height must be from 240 to 16384 pixels; got '1024x20000'"),
    ],
)
def test_a_bad_size_exits_2_with_one_line_saying_what_to_write(capsys, text, expected):
    assert main(["--preset", "gmm-2d", f"--size={text}", "--screenshot", "never.png"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"nbviz: error: {expected}"]


def test_fit_size_shrinks_each_side_to_the_screen():
    from nbviz.app.presentation.window_size import fit_size

    assert fit_size((1400, 900), (1024, 768)) == (1024, 768)
    assert fit_size((1400, 900), (1920, 1080)) == (1400, 900)
    assert fit_size((1400, 900), (1280, 1024)) == (1280, 900)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_presents_at_1024x768(tmp_path, name):
    png = tmp_path / f"{name}.png"
    result = run_cli("--preset", name, "--size", "1024x768", "--presentation", "--steps", "5", "--screenshot", str(png))
    assert result.returncode == 0, result.stderr
    image = QImage(str(png))
    assert (image.width(), image.height()) == (1024, 768)  # the size asked for, not full screen


def test_size_sets_a_scripted_runs_window_without_presentation(tmp_path):
    png = tmp_path / "wide.png"
    result = run_cli("--preset", "faithful", "--size", "1280x720", "--screenshot", str(png))
    assert result.returncode == 0, result.stderr
    assert (QImage(str(png)).width(), QImage(str(png)).height()) == (1280, 720)


def test_a_successful_run_says_nothing_on_stderr(tmp_path):
    png = tmp_path / "quiet.png"
    result = run_cli("--preset", "gmm-2d", "--steps", "3", "--screenshot", str(png))
    assert result.returncode == 0 and result.stderr == ""  # Qt's propagateSizeHints() message is dropped


def test_qt_messages_other_than_the_known_harmless_ones_still_reach_the_handler_before():
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler, qWarning

    from nbviz.gui.window.qt_messages import QtMessageFilter, is_harmless

    seen = []
    previous = qInstallMessageHandler(lambda kind, context, text: seen.append((kind, text)))
    try:
        with QtMessageFilter() as messages:
            qWarning("This plugin does not support propagateSizeHints()")
            qWarning("QPainter::begin: Paint device returned engine == 0")
        assert seen == [(QtMsgType.QtWarningMsg, "QPainter::begin: Paint device returned engine == 0")]
        assert messages.dropped == 1
    finally:
        qInstallMessageHandler(previous)
    assert not is_harmless(QtMsgType.QtCriticalMsg, "This plugin does not support propagateSizeHints()")


@pytest.mark.parametrize("scale", [1e150, 1e100, 1e-150])
def test_extreme_values_run_without_a_word_on_stderr(tmp_path, scale):
    import numpy as np

    X = np.random.default_rng(0).normal(size=(200, 2)) * scale
    path = tmp_path / "extreme.csv"
    np.savetxt(path, X, delimiter=",", header="a,b", comments="")
    result = run_cli(str(path), "--steps", "12", "--screenshot", str(tmp_path / "extreme.png"))
    assert result.returncode == 0 and result.stderr == ""  # no numpy RuntimeWarning either


def test_a_half_step_that_fails_exits_2_and_writes_nothing(qapp, tmp_path):
    import numpy as np

    import nbviz.core as nc
    from nbviz.app.data.problem import Problem
    from nbviz.app.model.config import ModelConfig
    from nbviz.app.run.session import Session

    # two identical points far off, and a start whose second component sits on them: with no
    # covariance prior (a file opened from the command line gets one; this session keeps none) its
    # covariance collapses to zero at the first M-step
    X = np.r_[np.random.default_rng(1).normal(size=(60, 2)), [[100.0, 100.0], [100.0, 100.0]]]
    data = tmp_path / "collapse.csv"
    np.savetxt(data, X, delimiter=",", header="a,b", comments="")
    tight = [[1e-4, 0.0], [0.0, 1e-4]]
    start = nc.Mixture.from_dict(
        {
            "family": "gaussian",
            "weights": [0.5, 0.5],
            "means": [[0, 0], [100, 100]],
            "covariances": [np.eye(2).tolist(), tight],
        }
    )
    session, unstable = Session(), tmp_path / "collapse.nbviz"
    assert session.load(Problem.from_file(str(data)), ModelConfig(family="gaussian", n_components=2), start)
    assert session.save(str(unstable), write_session)
    png, saved = tmp_path / "never.png", tmp_path / "never.nbviz"
    result = run_cli(str(unstable), "--steps", "6", "--screenshot", str(png), "--save-session", str(saved))
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and "Traceback" not in result.stderr
    assert "--steps 6: half-step 2 failed" in lines[0] and "singular" in lines[0]
    assert not png.exists() and not saved.exists()


def _small_file_limit():
    """In the child: files may grow to 20,000 bytes only, as on a nearly full disk (EFBIG, not a signal)."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX resource limits")
def test_a_screenshot_onto_a_full_disk_exits_2_and_leaves_no_file(tmp_path):
    folder = tmp_path / "shots"
    folder.mkdir()
    png = folder / "full.png"
    result = run_cli("--preset", "gmm-2d", "--screenshot", str(png), preexec_fn=_small_file_limit)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and "full.png" in lines[0] and "disk full" in lines[0]
    assert list(folder.iterdir()) == []  # no 0-byte PNG, no temporary file
    png.write_bytes(b"an earlier screenshot")
    result = run_cli("--preset", "gmm-2d", "--screenshot", str(png), preexec_fn=_small_file_limit)
    assert result.returncode == 2 and png.read_bytes() == b"an earlier screenshot"
    assert list(folder.iterdir()) == [png]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_screenshot_onto_dev_full_exits_2():
    result = run_cli("--preset", "gmm-2d", "--screenshot", "/dev/full")
    assert result.returncode == 2 and "/dev/full" in result.stderr and "Traceback" not in result.stderr


def test_a_screenshot_into_a_missing_folder_exits_2_with_one_line(tmp_path):
    result = run_cli("--preset", "gmm-2d", "--screenshot", str(tmp_path / "no-such-folder" / "x.png"))
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and "x.png" in lines[0] and "cannot be written" in lines[0]


@pytest.mark.parametrize("args", [["--list-presets"], ["--version"], ["--help"]])
def test_output_into_a_closed_pipe_ends_quietly(args):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before nbviz writes, as `nbviz --list-presets | head -0`
    try:
        result = subprocess.run(
            [sys.executable, "-m", "nbviz", *args], stdout=write_end, stderr=subprocess.PIPE, env=ENV, timeout=120
        )
    finally:
        os.close(write_end)
    assert result.stderr == b""  # no BrokenPipeError traceback
    # as a Unix tool killed by SIGPIPE (argparse's own --version and --help ignore the closed pipe)
    assert result.returncode == (141 if args == ["--list-presets"] else 0)


def test_list_presets_into_head_prints_the_first_line_only(tmp_path):
    command = f"{sys.executable} -m nbviz --list-presets | head -1"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, env=ENV, timeout=120)
    assert result.stdout.startswith("faithful\t") and len(result.stdout.splitlines()) == 1
    assert result.stderr == ""


def test_a_session_saved_from_the_command_line_keeps_a_large_file_by_reference(tmp_path):
    import json

    import numpy as np

    from nbviz.app.documents.session_file import EMBED_LIMIT, read_session

    X = np.random.default_rng(0).normal(size=(EMBED_LIMIT // 5 + 1000, 5))  # just over the limit
    data = tmp_path / "large.csv"
    np.savetxt(data, X, delimiter=",", header="a,b,c,d,e", comments="", fmt="%.17g")
    saved = tmp_path / "large.nbviz"
    result = run_cli(str(data), "-k", "2", "--steps", "2", "--save-session", str(saved))
    assert result.returncode == 0, result.stderr
    document = json.loads(saved.read_text())
    assert document["version"] == 3 and "X" not in document["problem"]
    reference = document["problem"]["data_file"]
    assert reference["path"] == str(data) and reference["relative"] == "large.csv"
    assert saved.stat().st_size < 100_000  # not the 1.5 MB of numbers
    session = read_session(saved)
    assert session.problem.X.tobytes() == X.tobytes() and len(session.history) == 3
    # reopened and saved again from the command line: still by reference
    again = tmp_path / "again.nbviz"
    result = run_cli(str(saved), "--steps", "2", "--save-session", str(again))
    assert result.returncode == 0, result.stderr
    assert "data_file" in json.loads(again.read_text())["problem"] and len(read_session(again).history) == 5


def test_standardize_z_from_the_command_line_keeps_each_column_centre_and_scale(tmp_path):
    """Columns 1e4 apart in scale: --standardize z fits z-scores and the session keeps mean and std per column."""
    import numpy as np

    from nbviz.app.documents.session_file import read_session

    rng = np.random.default_rng(3)
    X = np.column_stack([rng.normal(5.0, 0.01, 80), rng.normal(-3e3, 100.0, 80), rng.normal(0.2, 1.0, 80)])
    data = tmp_path / "scales.csv"
    np.savetxt(data, X, delimiter=",", header="tiny,huge,unit", comments="", fmt="%.17g")
    saved = tmp_path / "scales.nbviz"
    result = run_cli(str(data), "-k", "2", "--standardize", "z", "--steps", "2", "--save-session", str(saved))
    assert result.returncode == 0, result.stderr
    problem = read_session(saved).problem
    found = problem.standardization
    assert found is not None and found.method == "z"
    np.testing.assert_allclose(found.centre, X.mean(axis=0), rtol=1e-12)
    np.testing.assert_allclose(found.scale, X.std(axis=0), rtol=1e-12)
    np.testing.assert_allclose(problem.X, (X - X.mean(axis=0)) / X.std(axis=0), atol=1e-12)
