"""The command line's flags, grouped by task, with one example per group (``nbviz --help``).

A flag that sets a model setting (``-k``, ``--covariance-type``, ``--seed``, ``--tol``, ...) is made
from the setting's declaration (`nbviz.app.model.settings`): its type, choices, metavar and help
come from there, and so does the check of what was typed (`checked`). The other flags say what to
open, what to write and how the window looks; each is declared here once.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

# The --help groups, in order: (name, title, what it is for, one example). The examples name the files
# the user guide's examples use; tests/test_docs.py runs them as it runs the guide's.
GROUPS = (
    (
        "data",
        "data",
        "what to open and how to read a table",
        "nbviz gaps.csv --columns sepal_length,petal_length --missing em",
    ),
    ("model", "model", "which mixture to fit", "nbviz survey.csv --model categorical -k 3"),
    ("fitting", "fitting", "how EM starts and stops", "nbviz measurements.csv --fit --seed 4 --n-init 10 --tol 1e-8"),
    (
        "exploring",
        "choosing K",
        "fit a range of K and go on with the best",
        "nbviz measurements.csv --choose-k 1-4 --covariance-types full,diag --export-choose-k k.csv",
    ),
    (
        "outputs",
        "outputs (each makes the run scripted: it writes, then exits)",
        "pictures, exports and sessions after --steps or --fit",
        "nbviz --preset faithful --steps 6 --screenshot faithful.png",
    ),
    ("window", "window", "how the window looks", "nbviz --preset lecture-kmeans --size 1024x768 --presentation"),
    ("desktop", "desktop", "the applications menu and .nbviz files", "nbviz --install-desktop"),
)

# The flags of the scripted outputs that name one file, and their options, in --help's order: (flag,
# type, metavar, help). A new output is a row here and an entry of `nbviz.cli.OUTPUTS` (its writer).
OUTPUT_FLAGS: tuple[tuple[str, Callable[[str], Any], str, str], ...] = (
    ("--save-session", str, "PATH", "save the session (after --steps) to PATH (.nbviz) and exit"),
    ("--export-responsibilities", str, "CSV", "write the responsibilities and labels (after --steps) and exit"),
    ("--export-parameters", str, "JSON", "write the parameters and the run's summary (after --steps) and exit"),
    ("--export-trace", str, "CSV", "write the objective and ELBO trace (after --steps) and exit"),
    ("--classify", str, "FILE", "with --export-responsibilities: write FILE's rows classified by the model"),
    (
        "--export-animation",
        str,
        "PATH",
        "write every half-step (after --steps) as an animation: .gif, .png (APNG), or a folder/ of PNGs; exit",
    ),
    ("--export-handout", str, "HTML", "write a handout of the run (after --steps) as one HTML page; exit"),
    ("--frame-ms", int, "MS", "--export-animation: each frame shown MS milliseconds (default 500)"),
)


def build_parser() -> argparse.ArgumentParser:
    """The ``nbviz`` command's parser: every flag in its task's group, each group with an example."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="nbviz",
        description="Watch the EM algorithm work, one E-step and one M-step at a time.",
        epilog="Without outputs nbviz opens its window; with any output flag it runs, writes and exits.",
        formatter_class=argparse.RawDescriptionHelpFormatter,  # each group's example on a line of its own
    )
    groups = {
        name: parser.add_argument_group(title, f"{purpose}, e.g.\n  {example}")
        for name, title, purpose, example in GROUPS
    }
    _data_flags(groups["data"])
    _model_flags(groups["model"])
    _run_flags(groups["fitting"])
    _setting_flags(groups)
    _choosing_flags(groups["exploring"])
    _output_flags(groups["outputs"])
    _window_flags(groups["window"])
    desktop = groups["desktop"]
    desktop.add_argument(
        "--install-desktop",
        action="store_true",
        help="add nbviz to the applications menu (Linux) and open .nbviz sessions with it (Linux, Windows), then exit",
    )
    desktop.add_argument(
        "--uninstall-desktop", action="store_true", help="remove what --install-desktop added, then exit"
    )
    desktop.add_argument("--version", action="version", version=f"nbviz {__version__}")
    return parser


def checked(setting_name: str, value, flag: str | None = None):
    """`value` typed for a setting's flag, checked by the setting's declaration; ValueError naming the flag."""
    from .app.model.settings import SETTINGS

    setting = SETTINGS[setting_name]
    return setting.check(value, flag or setting.flag)


def dest(setting) -> str:
    """Where argparse keeps a setting's flag: ``--covariance-prior`` -> ``covariance_prior``."""
    return setting.flag[2:].replace("-", "_")


def _setting_flags(groups: dict) -> None:
    """The flags of the model settings (`nbviz.app.model.settings.flagged`), each in its setting's group."""
    from .app.model.settings import flagged

    for setting in flagged():
        text = setting.described()
        options: dict[str, Any] = {"help": f"{text} ({setting.flag_note})" if setting.flag_note else text}
        if setting.kind is str:
            options["choices"] = setting.allowed
        else:
            options["type"] = setting.kind
            options["metavar"] = setting.metavar
        groups[setting.group].add_argument(*setting.flags, **options)


def _data_flags(group) -> None:
    group.add_argument("file", nargs="?", help="a data file (CSV, TSV or .npy) or a saved session (.nbviz) to open")
    group.add_argument("--preset", metavar="NAME", help="start from a preset (see --list-presets)")
    group.add_argument("--list-presets", action="store_true", help="list the presets and exit")
    group.add_argument(
        "--standardize", choices=("z", "robust"), help="standardise a data file's features: z-scores or median/IQR"
    )
    group.add_argument(
        "--label-column", metavar="COLUMN", help="the column holding class labels (name, or 0-based number)"
    )
    group.add_argument(
        "--columns", metavar="C1,C2", help="the feature columns (names or 0-based numbers); others are left out"
    )
    group.add_argument("--ignore", metavar="C1,C2", help="columns to leave out (names or 0-based numbers)")
    group.add_argument(
        "--drop-missing", action="store_true", help="drop rows with missing values (they are listed); --missing drop"
    )
    group.add_argument(
        "--missing",
        choices=("em", "drop"),
        help="a data file's empty cells: em keeps them for EM to account for (Gaussian, Bernoulli, categorical), "
        "drop drops their rows (default: refused)",
    )
    group.add_argument(
        "--delimiter", metavar="D", help="comma, tab, semicolon, whitespace or one character (default: detected)"
    )
    group.add_argument("--decimal", metavar="MARK", help="the decimal mark, '.' or ',' (default: detected)")
    group.add_argument(
        "--skip-rows",
        type=int,
        metavar="N",
        help="skip N lines after the header (default: a units row under the header is skipped)",
    )


def _model_flags(group) -> None:
    from .app.families import MODEL_CHOICES

    group.add_argument(
        "--model", choices=tuple(MODEL_CHOICES), help="the model to fit (naive-bayes uses the label column)"
    )
    group.add_argument(
        "--start", metavar="JSON", help="start EM exactly from these parameters (as File → Export → Parameters writes)"
    )


def _run_flags(group) -> None:
    group.add_argument("--steps", type=int, metavar="N", help="take N half-steps after loading")
    group.add_argument(
        "--fit",
        action="store_true",
        help="run EM to convergence after loading (--tol, --max-iter), drawing only the end; with no output "
        "flag, print the fit's summary (and with no display, open no window)",
    )


def _choosing_flags(group) -> None:
    from .core import COVARIANCE_TYPES, CRITERIA

    group.add_argument(
        "--choose-k",
        metavar="K1-K2",
        help="fit every K from K1 to K2 (--n-init starts each, default 10) and go on with the best by --criterion",
    )
    group.add_argument(
        "--covariance-types",
        metavar="T1,T2",
        help=f"--choose-k: also choose among these covariance types ({','.join(COVARIANCE_TYPES)})",
    )
    group.add_argument("--criterion", choices=tuple(CRITERIA), help="--choose-k: the criterion (default bic)")
    group.add_argument(
        "--export-choose-k", metavar="CSV", help="--choose-k: write one row per K and covariance type, and exit"
    )


def _output_flags(group) -> None:
    from .app.presentation.figure_kinds import DEFAULT_FIGURE, FIGURE_KINDS

    group.add_argument("--screenshot", metavar="PNG", help="save a PNG of the window (after --steps) and exit")
    group.add_argument(
        "--export-figure", metavar="PATH", help="save a figure (after --steps) as PATH (.png, .svg or .pdf) and exit"
    )
    group.add_argument(
        "--figure",
        choices=tuple(FIGURE_KINDS),
        default=DEFAULT_FIGURE,
        help=f"which figure --export-figure saves (default: {DEFAULT_FIGURE}; "
        f"{' and '.join(kind.name for kind in FIGURE_KINDS.values() if kind.needs)} are run first)",
    )
    group.add_argument("--scale", type=float, metavar="S", help="--export-figure PNG: S pixels per screen pixel")
    group.add_argument(
        "--figure-title", metavar="TEXT", help="--export-figure: TEXT as its title (default: what it shows)"
    )
    group.add_argument("--no-figure-title", action="store_true", help="--export-figure: no title above the figure")
    for flag, kind, metavar, text in OUTPUT_FLAGS:
        group.add_argument(flag, type=kind, metavar=metavar, help=text)


def _window_flags(group) -> None:
    group.add_argument(
        "--size",
        metavar="WxH",
        help="the window's size in pixels, e.g. 1024x768 (scripted runs: 1400x900 unless given)",
    )
    scheme = group.add_mutually_exclusive_group()
    scheme.add_argument("--dark", action="store_true", help="dark colours, whatever the system's scheme")
    scheme.add_argument("--light", action="store_true", help="light colours, whatever the system's scheme")
    group.add_argument(
        "--presentation",
        action="store_true",
        help="start in presentation mode (the data view and objective curve, larger text; F5 toggles, Esc leaves)",
    )
    group.add_argument(
        "--animate-ms",
        type=int,
        metavar="MS",
        help="animate each half-step for MS milliseconds (0: off; default 300 in presentation mode only)",
    )
