"""Command line: ``nbviz [FILE | SESSION.nbviz] [--preset NAME] [options] [--steps N | --fit] [--screenshot PNG]``.

Everything that can fail on the user's input (an unreadable file, a model that does not fit the
data) is checked before the window opens and reported as one line on stderr with exit status 2.
A scripted run whose outputs are data only (fits, exports, ``--classify``, ``--save-session``)
opens no window (`scripted.run_without_window`): it needs no display and imports no widgets.
"""

from __future__ import annotations

import os
import sys

from .app.documents import run_outputs
from .app.documents.option_clashes import option_clash
from .app.jobs.process_end import CheckedOutput, OutputError, end_at_once_on_signals, quit_on_signals, silence_stdout
from .flags import build_parser, checked, dest
from .scripted import Output, carry_out, choose_platform, fail, needs_window, offscreen_needed, run_without_window

EXIT_BROKEN_PIPE = 128 + 13  # as a Unix tool killed by SIGPIPE: the reader closed the pipe early
EXIT_OUTPUT_FAILED = 1  # stdout could not be written (a full disk, closed), as `echo > /dev/full`


def prepare(args):
    """(problem, config, start) from the arguments; raises ValueError with a one-line reason."""
    from .app.documents.session_file import SUFFIX, read_session
    from .app.families import presentation

    _check_sources(args)
    if args.file and args.file.endswith(SUFFIX):
        if (
            args.model
            or args.label_column
            or args.start
            or any(value is not None for value in _model_flags(args).values())
        ):
            raise ValueError("a session keeps its own model: give no model options with a .nbviz file")
        return with_convergence(read_session(args.file), args), None, None
    if not (args.preset or args.file):
        return None, None, None
    notes: list[str] = []  # what reading did beside the numbers, said once every check has passed
    problem, config, start = _opened(args, notes)
    changes = _model_changes(args, problem, config)
    if changes:
        config, start = config.with_(**changes), None
    if args.start:
        config, start = _given_start(args.start, problem, config, changes)
    config = with_convergence(config, args)
    _check_covariance_options(args, problem, config)
    _check_answers(args, problem, config)
    _check_missing_cells(problem, config)
    if fitting_changes(args):
        config, start = with_fitting(args, problem, config), None
    if args.file and not (args.standardize or args.start) and presentation(config.family).covariance_types:
        notes.extend(_spread_hint(problem))
    for note in notes:  # skipped lines, columns left out, text levels, spreads
        print(f"nbviz: note: {note}", file=sys.stderr)
    return problem, config, start


def _spread_hint(problem) -> list[str]:
    """A note when the features' spreads differ more than 100x: the widest alone decides the clusters."""
    from .app.data.standardize import spread_contrast

    contrast = spread_contrast(problem.X) if problem.levels is None else None
    if contrast is None:
        return []
    wide, narrow, ratio = contrast
    columns = problem.columns
    return [
        f"the spread of {columns[wide]} is {ratio:.0f} times that of {columns[narrow]}, so {columns[wide]} alone "
        "decides the clusters; give --standardize z (or robust) to weigh every feature alike"
    ]


# The model settings whose flags change the model choice directly (the convergence and fitting flags
# have their own steps: `with_convergence`, `with_fitting`).
MODEL_SETTINGS = ("n_components", "covariance_type", "seed", "prior.covariance_prior")


def _model_flags(args) -> dict:
    """Setting name -> the value its flag was given (None: not given), for `MODEL_SETTINGS`."""
    from .app.model.settings import SETTINGS

    return {name: getattr(args, dest(SETTINGS[name])) for name in MODEL_SETTINGS}


def _check_sources(args) -> None:
    """ValueError when what to open and the flags that read it do not go together."""
    from .app.data.file_options import reading_flags_given
    from .app.documents.session_file import SUFFIX

    if args.preset and args.file:
        raise ValueError("give either a data FILE or --preset, not both")
    if args.start and not (args.preset or args.file):
        raise ValueError("--start needs data to start on: give a data FILE or --preset")
    given = reading_flags_given(args)
    if given and not (args.file and not args.file.endswith(SUFFIX)):
        raise ValueError(f"{given[0]} applies to a data file; a preset or a session keeps its own data")
    run_outputs.check_classify(args)


def _opened(args, notes: list[str]):
    """(problem, config, start) of the preset or data file the arguments name."""
    from .app.data.file_options import problem_from_args
    from .app.data.standardize import standardize_problem
    from .app.model.config import ModelConfig, for_file
    from .app.presentation.presets import load_preset

    if args.preset:
        try:
            return load_preset(args.preset)
        except KeyError as error:
            raise ValueError(error.args[0]) from None
    problem = problem_from_args(args, notes)
    if args.start:  # the model's own units: the centre and scale it was fitted with
        problem = _in_start_units(args.start, problem, args.standardize)
    elif args.standardize:
        problem = standardize_problem(problem, args.standardize)
    return problem, for_file(ModelConfig(family=problem.family_guess.family), problem.X), None


def _model_changes(args, problem, config) -> dict:
    """The model choice's changes that --model and the model settings' flags ask for, each checked by its setting."""
    from dataclasses import replace

    from .app.families import model_choice
    from .app.model.settings import SETTINGS

    changes = {}
    if args.model:
        choice = model_choice(args.model)
        if choice.supervised and problem.labels is None:
            raise ValueError(f"--model {args.model} needs class labels: give --label-column")
        changes.update(choice.config_changes(problem.family_guess.family))
    for name, value in _model_flags(args).items():
        if value is None:
            continue
        setting = SETTINGS[name]
        if name == "n_components":  # K is checked with the model choice, whose words say why K is bounded
            changes[name] = value
        elif setting.name.startswith("prior."):
            changes["prior"] = replace(changes.get("prior", config.prior), **{setting.field: checked(name, value)})
        else:
            changes[name] = checked(name, value)
    return changes


def _check_covariance_options(args, problem, config) -> None:
    """ValueError when --covariance-type or --covariance-prior is given for a model without covariances
    (they would change nothing); numbers can be given the Gaussian instead, text answers cannot."""
    from .app.families import presentation

    if presentation(config.family).covariance_types:
        return
    given = [
        flag
        for flag, value in (("--covariance-type", args.covariance_type), ("--covariance-prior", args.covariance_prior))
        if value is not None
    ]
    if given:
        raise ValueError(
            f"{given[0]} applies to Gaussian mixtures, not to the {config.title}: leave it out"
            + (", or give --model gaussian" if problem.levels is None else "")
        )


def _check_answers(args, problem, config) -> None:
    """ValueError when --model asks a model of numbers for text answers (it would fit their level numbers),
    or the Bernoulli mixture for values other than 0 and 1 (the categorical mixture takes any codes)."""
    import numpy as np

    from .app.data.fit_messages import row_place

    if config.family == "bernoulli" and problem.levels is None:
        bad = ~(np.isnan(problem.X) | (problem.X == 0) | (problem.X == 1))
        codes = np.isnan(problem.X) | (problem.X == np.round(problem.X))
        if bad.any() and codes.all():  # whole numbers: codes the categorical mixture reads as they are
            i, j = np.argwhere(bad)[0]
            raise ValueError(
                f"--model bernoulli: {problem.columns[j]} {row_place(problem, int(i))} is {problem.X[i, j]:.10g}, "
                "not binary (0 or 1); give --model categorical (its levels are the values that occur)"
            )
    if problem.levels is None or config.family in ("categorical", "mixed"):
        return
    answers = [(name, levels) for name, levels in zip(problem.columns, problem.levels, strict=True) if levels]
    names = ", ".join(f"{name}: {' / '.join(levels)}" for name, levels in answers[:3])
    beside = len(answers) < len(problem.levels)  # numbers beside the answers: the mixed mixture takes both
    raise ValueError(
        f"--model {args.model}: {'some' if beside else 'the'} features are text answers ({names}"
        f"{', ...' * (len(answers) > 3)}), not numbers; give --model {'mixed' if beside else 'categorical'}, "
        "or leave --model out"
    )


def _check_missing_cells(problem, config) -> None:
    """ValueError when the data keeps missing cells (``--missing em``) for a family whose EM cannot account for them."""
    import numpy as np

    from .app.families import presentation

    if np.isnan(problem.X).any() and not presentation(config.family).accepts_missing:
        raise ValueError(
            f"--missing em: the {presentation(config.family).title} does not account for missing cells; "
            "give --missing drop, or another --model"
        )


# ----------------------------------------------------------------------------- fitting from the command line
def fitting_changes(args) -> bool:
    """Whether --init or --n-init change the start."""
    return args.init is not None or (args.n_init is not None and not args.choose_k)


def check_fitting(args) -> None:
    """ValueError when the fitting options are given without what they need, or are out of range."""
    from .app.documents.session_file import SUFFIX
    from .app.explore.scripted_choice import parse_k_range, parse_types

    if args.n_init is not None:
        checked("n_init", args.n_init)
    if args.file and args.file.endswith(SUFFIX) and fitting_changes(args):
        raise ValueError("a session keeps its own start: give no --init or --n-init with a .nbviz file")
    needs = [name for name in ("covariance_types", "criterion", "export_choose_k") if getattr(args, name) is not None]
    if needs and not args.choose_k:
        raise ValueError(f"--{needs[0].replace('_', '-')} needs --choose-k K1-K2")
    if args.choose_k:
        parse_k_range(args.choose_k)
        if args.components is not None:
            raise ValueError("give either -k/--components or --choose-k, not both")
        if args.start:
            raise ValueError("give either --start or --choose-k, not both")
        if args.fit:  # --fit would take another iteration past the fit the table reports
            raise ValueError("--choose-k runs the chosen fit to convergence: leave out --fit")
    if args.start:  # the start itself: nothing to draw or choose
        for flag, value in (("--init", args.init), ("--n-init", args.n_init), ("--seed", args.seed)):
            if value is not None:
                raise ValueError(f"give either --start or {flag}, not both: --start gives the start itself")
    if args.covariance_types:
        parse_types(args.covariance_types)


def with_fitting(args, problem, config):
    """`config` with --init and --n-init: the best of R starts, seeds S..S+R-1 (`best_of_seeds`)."""
    from .app.model.model_fit import best_of_seeds

    if config.supervised:
        raise ValueError("--init and --n-init apply to mixtures; naive Bayes is fitted from the labels")
    if args.init is not None:
        config = config.with_(init_method=args.init)
    if args.n_init is not None and not args.choose_k:
        try:
            config = best_of_seeds(problem, config, args.n_init)
        except ValueError as error:
            raise ValueError(f"--n-init {args.n_init}: {error}") from None
    return config


def choose_k(host, args) -> str | None:
    """--choose-k: fit the range of K (and covariance types) and go on with the chosen fit; None, or why not."""
    from .app.explore.choose_k import starts_per_k
    from .app.explore.scripted_choice import choose_in_session, parse_k_range, parse_types, steadiness_warning

    session = host.session
    n_init = starts_per_k(args.n_init, session.config.n_init)
    types = parse_types(args.covariance_types) if args.covariance_types else None
    try:
        choice, outcome, chosen = choose_in_session(
            session, parse_k_range(args.choose_k), n_init, args.criterion or "bic", types
        )
    except ValueError as error:
        return str(error)
    if not outcome:
        return outcome.reason
    print(f"nbviz: {chosen}", file=sys.stderr)
    warning = steadiness_warning(choice, n_init)
    if warning is not None:
        print(f"nbviz: warning: {warning}", file=sys.stderr)
    host.repaint_now()
    return None


def with_convergence(target, args):
    """`target` (a ModelConfig or a SavedSession) with the --tol and --max-iter given; ValueError if invalid."""
    from dataclasses import replace

    from .app.model.config import ModelConfig

    changes = {}
    if args.tol is not None:
        changes["tolerance"] = checked("tolerance", args.tol)
    if args.max_iter is not None:
        changes["max_iter"] = checked("max_iter", args.max_iter)
    if not changes:
        return target
    if isinstance(target, ModelConfig):
        return target.with_(**changes)
    return replace(target, config=target.config.with_(**changes))  # a saved session


def _in_start_units(path: str, problem, asked: str | None):
    """`problem` standardised as the parameters file `path` says its model was fitted (``--start``);
    ValueError in one line when that cannot be or when ``--standardize`` contradicts it."""
    from .app.data.export import read_parameters_document
    from .app.data.standardize import as_fitted, stored_standardization

    try:
        stored = stored_standardization(read_parameters_document(path).get("run"), problem.columns)
        return as_fitted(problem, stored, asked)
    except ValueError as error:
        raise ValueError(f"--start {path}: {error}") from None


def _given_start(path: str, problem, config, asked: dict):
    """(config, start) for the parameters file `path` (--start); ValueError saying why it cannot start.

    `asked` are the model options given on the command line; the start must agree with them.
    """
    from .app.data.export import read_parameters_json
    from .app.run.start_table import start_config, start_problem

    start = read_parameters_json(path)
    reason = start_problem(start, problem)
    if reason is not None:
        raise ValueError(f"--start {path}: {reason}")
    config = start_config(config, start)
    for name, value in asked.items():
        if name in ("family", "n_components", "covariance_type") and getattr(config, name) != value:
            raise ValueError(
                f"--start {path} gives {name} = {getattr(config, name)}, but the options ask for {value}; "
                "leave those options out (the start sets them)"
            )
    return config, start


def is_batch(args) -> bool:
    """Whether these arguments ask for a scripted run: write the outputs asked for, then exit."""
    return any(getattr(args, dest) for dest, _, _ in OUTPUTS)


def window_size(args) -> tuple[int, int] | None:
    """The window's size (width, height) for these arguments: ``--size``, or the fixed size of a
    scripted run (``--screenshot``, ``--save-session``), or None (an interactive window's own size).

    Raises ValueError with the reason when ``--size`` is not WIDTHxHEIGHT.
    """
    from .app.presentation.window_size import BATCH_SIZE, parse_size

    if args.size is not None:
        return parse_size(args.size)
    return BATCH_SIZE if is_batch(args) else None


def desktop_integration(install: bool) -> int:
    """--install-desktop / --uninstall-desktop on this system (`desktop`); the exit status."""
    from .desktop import install_desktop, uninstall_desktop

    try:
        lines = install_desktop() if install else uninstall_desktop()
    except OSError as error:
        return fail(f"desktop integration failed: {error}")
    for line in lines:
        print(line)
    return 0


def save_screenshot(window, path: str, args) -> str | None:
    """Save a picture of `window` to `path` whole or not at all; None, or why it could not be written."""
    from .app.data.files import WriteError
    from .gui.figures.image_file import save_image

    window.repaint_now()
    try:
        save_image(window.grab(), path)
    except WriteError as error:
        return f"--screenshot: {error}"
    return None


def export_figure(window, path: str, args) -> str | None:
    """Save the figure ``--figure`` to `path`; None, or why it could not be written."""
    from .gui.figures.command_line import write_figure_output

    return write_figure_output(window, path, args)


def save_animation(window, path: str, args) -> str | None:
    """Write the run's half-steps as an animation to `path`; None, or why it could not be written."""
    from .gui.figures.animation import export_for_command_line

    return export_for_command_line(window, path, args.frame_ms, args.size)


def save_handout(window, path: str, args) -> str | None:
    """Write a handout of the run to `path`; None, or why it could not be written."""
    from .gui.figures.handout import export_for_command_line

    return export_for_command_line(window, path)


# The outputs of a scripted run, in the order they are written: (argument's dest, writer, whether it
# draws the window). A writer takes (the window if it draws it, else the session; path; args) and
# returns None, or the one-line reason it failed; any output asked for makes the run scripted (a
# fixed window size, no questions, exit after the outputs), and one that draws the window opens it.
OUTPUTS: tuple[Output, ...] = (
    ("export_choose_k", run_outputs.export_choose_k, False),
    ("save_session", run_outputs.save_session, False),
    ("screenshot", save_screenshot, True),
    ("export_responsibilities", run_outputs.export_responsibilities, False),
    ("export_parameters", run_outputs.export_parameters, False),
    ("export_trace", run_outputs.export_trace, False),
    ("export_animation", save_animation, True),
    ("export_handout", save_handout, True),
    ("export_figure", export_figure, True),
)


def main(argv=None) -> int:
    """The ``nbviz`` command; a reader that closes stdout early (``nbviz --list-presets | head -1``)
    ends it quietly with status 141, as it would a Unix tool killed by SIGPIPE; a stdout that cannot be
    written (a full disk, closed) ends it with one line and status 1; Ctrl+C and SIGTERM end it with one
    line and status 130 or 143 (`process_end`). With no stderr to say anything on (``sys.stderr`` None:
    ``pythonw`` and a windowed bundle, where stdout is None too) it runs as `gui_main`."""
    if sys.stderr is None:
        return gui_main(argv)
    return console_main(argv)


def console_main(argv=None) -> int:
    """`main` with a console to print on."""
    signals_done = end_at_once_on_signals()
    stdout = sys.stdout
    sys.stdout = CheckedOutput(stdout)
    try:
        try:
            return run(argv)
        finally:
            sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout(stdout)
        return EXIT_BROKEN_PIPE
    except OutputError as error:
        silence_stdout(stdout)
        print(f"nbviz: error: {error}", file=sys.stderr)
        return EXIT_OUTPUT_FAILED
    finally:
        sys.stdout = stdout
        signals_done(argv is None)  # None: the process's own command line, which ends now


def gui_main(argv=None) -> int:
    """The ``nbviz-gui`` command: the menu entry, the Start-menu shortcut, a double-clicked session.

    Every message goes to the message log (Help → Message log; also to the console, if there is one);
    the window shows those written before it opened, and a run that ends without a window, or with an
    error at start-up, shows them in a dialog (`startup.windowed`). ``--help`` and ``--version`` too.
    """
    import traceback

    from .app.presentation.state_folder import log_path
    from .startup.windowed import WindowedOutput

    with WindowedOutput(log_path()) as output:
        try:
            status = console_main(argv)
        except SystemExit as end:  # argparse: --help, --version, a misspelt option
            status = end.code if isinstance(end.code, int) else (0 if end.code is None else 1)
        except Exception:  # unexpected, before the window's own error reporter was installed
            traceback.print_exc()
            status = 1
        unseen = output.take_unseen()
    if unseen.strip():
        show_messages(unseen, failed=status != 0, log=output.log)
    return status


def show_messages(text: str, failed: bool, log) -> None:
    """Show the messages of a run with no console in a dialog (Qt's, else the desktop's own tool)."""
    from .startup.fallback_dialog import show_without_qt
    from .startup.qt_libraries import window_problem

    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal")):
        return  # nobody could see a dialog: the log has the messages
    if window_problem() is not None:
        show_without_qt(text.strip())
        return
    from .gui.window.startup_message import show_startup_message

    show_startup_message(text, failed, log)


def run(argv=None) -> int:
    args = build_parser().parse_args(argv)
    clash = option_clash(args, [dest for dest, _, _ in OUTPUTS])
    if clash is not None:  # refused before anything is read or written
        return fail(clash)
    if args.list_presets:
        from .app.presentation.presets import PRESETS

        for preset in PRESETS.values():
            print(f"{preset.name}\t{preset.description}")
        return 0
    if args.install_desktop or args.uninstall_desktop:
        return desktop_integration(args.install_desktop)
    if args.steps is not None and args.steps < 0:
        return fail("--steps must be 0 or more")
    if args.fit and args.steps is not None:
        return fail("give either --steps N or --fit, not both")
    if args.animate_ms is not None:
        from .app.analysis.in_between import check_duration

        try:
            check_duration(args.animate_ms, "--animate-ms")
        except ValueError as error:
            return fail(str(error))
    try:
        size = window_size(args)
    except ValueError as error:
        return fail(str(error))
    try:
        check_fitting(args)
        inputs = prepare(args)
    except (ValueError, OSError) as error:  # DataError is a ValueError
        return fail(str(error))
    if not needs_window(args, OUTPUTS) or (args.fit and not is_batch(args) and offscreen_needed(os.environ)):
        return run_without_window(args, inputs, OUTPUTS, choose_k)  # --fit alone, no display: its summary
    return run_in_window(args, inputs, size)


def show_unseen_messages(window) -> None:
    """A run with no console (`gui_main`): what it wrote before the window opened (notes about the file
    read) is shown in the window's banner; later messages go to the message log only."""
    from .startup.windowed import active

    output = active()
    if output is None:
        return
    unseen = output.take_unseen().strip()
    output.window_opened()
    if unseen:  # a window's message needs no "nbviz: note:" before it
        lines = (line.removeprefix("nbviz: ").removeprefix("note: ") for line in unseen.splitlines())
        window.banner.show_notice("\n".join(lines))


def _close_without_asking(window) -> None:
    window.ask_to_save = False
    window.close()


def run_in_window(args, inputs: tuple, size: tuple[int, int] | None) -> int:
    """Open the window, carry out the run in it, and exit after its outputs or when it is closed."""
    from .startup.qt_libraries import import_problem, window_problem

    batch = is_batch(args)
    if batch:
        choose_platform()  # no display: the pictures are drawn off-screen
    try:
        from PySide6.QtWidgets import QApplication

        from .app.jobs.background import GuiThreadCollection
        from .gui.window.errors import ExceptionReporter
        from .gui.window.file_open import FileOpenHandler
        from .gui.window.main_window import MainWindow
        from .gui.window.qt_messages import QtMessageFilter
    except ImportError as error:  # Qt's GUI library needs system libraries a minimal system lacks
        problem = import_problem(error)
        if problem is None:
            raise
        return fail(problem)
    problem = window_problem() if QApplication.instance() is None else None
    if problem is not None:  # Qt would abort with a message naming the wrong library
        return fail(problem)

    QtMessageFilter().install()  # Qt's known harmless console messages are dropped; the rest pass
    app = QApplication.instance() or QApplication(sys.argv[:1])
    GuiThreadCollection.keep()  # garbage collected between events, never inside a paint
    app.setApplicationName("nbviz")
    app.setOrganizationName("nbviz")
    window = MainWindow(remember_layout=not batch)  # a scripted run neither reads nor saves the user's layout
    if batch:  # the same window size every time
        window.presentation_layout.set_full_screen(False)  # --presentation keeps the size too
    else:
        window.ask_to_save = True
    if size is not None:
        window.resize(*size)
    if args.dark or args.light:
        window.set_dark(args.dark)
    if args.presentation or batch:  # a scripted run looks the same whatever was chosen last time
        window.appearance.set_presentation(args.presentation)
    if args.animate_ms is not None:
        window.motion.configure(args.animate_ms)
    if batch:  # its pictures show real half-steps, never a moment of an animation
        window.motion.set_when("off")
    reporter = ExceptionReporter(window).install()
    if not batch:  # macOS hands a double-clicked session to the app as an event, as soon as it starts
        FileOpenHandler(window.open_dropped, window).install(app)
    try:
        status = carry_out(window, args, inputs, OUTPUTS, batch, choose_k)
        if status is None:  # an interactive window: it closes on Ctrl+C and SIGTERM, asking nothing
            show_unseen_messages(window)
            wakeup = quit_on_signals(app, lambda: _close_without_asking(window))
            status = app.exec()
            del wakeup
            return status
        if status == 0:
            window.close()
        return status
    finally:
        reporter.uninstall()


if __name__ == "__main__":
    raise SystemExit(main())
