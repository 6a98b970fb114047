"""A scripted command-line run: open what the command line names, take the steps or fit, write the outputs.

The same sequence drives the window (for ``--screenshot``, figures, animations and handouts, and
an interactive start) and a run without one: fits, the data exports, ``--classify`` and
``--save-session`` read the `Session` only, so they run on a QCoreApplication and need no display.
This module imports no QtWidgets and no pyqtgraph; the window's own outputs are written by writers
the command line hands in with its OUTPUTS table. Its module-level imports are the standard
library's, so that ``nbviz --version`` stays quick.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .app.run.outcome import Outcome
    from .app.run.session import Session

EXIT_BAD_INPUT = 2

# (argument's dest, writer, whether the writer draws the window): a writer takes (the window if it
# draws it, else the session; path; args) and returns None, or the one-line reason it failed.
Output = tuple[str, Callable[[Any, str, Any], "str | None"], bool]
# A step before the fit (``--choose-k``): takes (the window, or `NoWindow`; args), returns None or why it failed.
Step = Callable[[Any, Any], "str | None"]


class Host(Protocol):
    """What a scripted run asks of the window it runs in (`MainWindow`, or `NoWindow` without one)."""

    session: Session

    def restore_session(self, saved, path: str) -> Any: ...

    def preset_opened(self, name: str) -> None: ...

    def show(self) -> None: ...

    def repaint_now(self) -> None: ...


class NoWindow:
    """The part of a window a scripted run uses, for a run with no window: the session, nothing drawn."""

    def __init__(self) -> None:
        from .app.run.session import Session

        self.session = Session()

    def restore_session(self, saved, path: str) -> Outcome:
        """Show the saved session `saved` (read from `path`)."""
        return self.session.restore(saved)

    def preset_opened(self, name: str) -> None:
        """Inspect the row (or probe the point) preset `name` points at, as the window does."""
        from .app.presentation.presets import PRESETS

        PRESETS[name].point_at(self.session)

    def show(self) -> None:
        """Nothing to show."""

    def repaint_now(self) -> None:
        """Nothing to draw."""


def fail(message: str) -> int:
    """Say `message` on stderr as the command line's one-line error; the exit status of bad input."""
    print(f"nbviz: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def needs_window(args, outputs: Sequence[Output]) -> bool:
    """Whether these arguments need the window: an interactive start, or an output that draws it."""
    asked = [drawn for dest, _, drawn in outputs if getattr(args, dest)]
    return not asked or any(asked)


def offscreen_needed(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether a window drawn for a scripted run must use Qt's offscreen platform: on Linux with no
    display (neither DISPLAY nor WAYLAND_DISPLAY set) and no platform chosen (QT_QPA_PLATFORM)."""
    if not platform.startswith("linux") or environ.get("QT_QPA_PLATFORM"):
        return False
    return not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def open_inputs(host: Host, args, problem, config, start) -> str | None:
    """Open `problem` (data, or a `SavedSession` read from ``args.file``) in `host`; None, or why not."""
    from .app.documents.session_file import SavedSession

    if isinstance(problem, SavedSession):
        outcome = host.restore_session(problem, args.file)
    elif problem is not None:
        outcome = host.session.load(problem, config, start)
        if outcome and args.preset:
            host.preset_opened(args.preset)
    else:
        return None
    return None if outcome else outcome.reason


def take_steps(host: Host, count: int) -> str | None:
    """Take `count` half-steps in `host`, drawing each; None, or why half-step i of them failed."""
    for taken in range(count):
        outcome = host.session.next_half_step()
        if not outcome:
            return f"--steps {count}: half-step {taken + 1} failed: {outcome.reason}"
        host.repaint_now()
    return None


def fit(host: Host) -> str | None:
    """Run EM to convergence in `host` without drawing each half-step; None, or why it stopped early."""
    from .app.run.fit_here import fit_to_convergence

    outcome = fit_to_convergence(host.session)
    host.repaint_now()
    return None if outcome else f"--fit: {outcome.reason}"


def fit_warning(session: Session) -> str | None:
    """What to tell the user about a fit that ended without a failure but not as asked (else None)."""
    cap = session.run_history.cap_reached
    if cap:
        return f"--fit stopped at the iteration cap ({cap}) without converging: raise --max-iter or --tol"
    stop = session.run_stop
    if stop is not None and stop.kind == "empty":
        return f"--fit: {stop.message}"
    return None


def write_outputs(host: Host, args, outputs: Sequence[Output]) -> str | None:
    """Write every output asked for, in order; None, or the reason of the first that failed."""
    for dest, writer, drawn in outputs:
        path = getattr(args, dest)
        if path:
            failure = writer(host if drawn else host.session, path, args)
            if failure is not None:
                return failure
    return None


def carry_out(
    host: Host, args, inputs: tuple, outputs: Sequence[Output], batch: bool = True, choose: Step | None = None
) -> int | None:
    """Open `inputs` (problem, config, start) in `host`, choose K (``--choose-k``, by `choose`), take
    the steps or fit, write the outputs.

    Returns the exit status, or None when an interactive window goes on (it shows in its banner why
    a step failed). A scripted run (`batch`) stops at the first failure with status 2 and one line.
    """
    failure = open_inputs(host, args, *inputs)
    if failure is not None:
        return fail(failure)
    host.show()
    if choose is not None and getattr(args, "choose_k", None):
        failure = choose(host, args)
        if failure is not None:
            return fail(failure)
    failure = fit(host) if args.fit else take_steps(host, args.steps or 0)
    if failure is not None and batch:
        return fail(failure)
    failure = write_outputs(host, args, outputs)
    if failure is not None:
        return fail(failure)
    if args.fit:
        say_fit(host.session, args, summary=not any(getattr(args, dest) for dest, _, _ in outputs))
    if not batch:
        return None
    warning = fit_warning(host.session) if args.fit else None
    if warning is not None:
        print(f"nbviz: warning: {warning}", file=sys.stderr)
    return 0


def say_fit(session: Session, args, summary: bool) -> None:
    """After ``--fit``: the fit's summary on stdout when nothing else is written (`fit_summary`), and on
    stderr a warning about a Gaussian's density above 1 on whole numbers."""
    from .app.documents.fit_summary import density_warning, fit_summary

    if summary:
        k_given = args.components is not None or bool(args.start) or not args.file or args.file.endswith(".nbviz")
        sys.stdout.write(fit_summary(session, k_given=k_given))
        sys.stdout.flush()
    warning = density_warning(session)
    if warning is not None:
        print(f"nbviz: warning: {warning}", file=sys.stderr)


def run_without_window(args, inputs: tuple, outputs: Sequence[Output], choose: Step | None = None) -> int:
    """A scripted run whose outputs read the session only: no window, no display, no widgets."""
    from PySide6.QtCore import QCoreApplication

    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    app.setApplicationName("nbviz")
    app.setOrganizationName("nbviz")
    status = carry_out(NoWindow(), args, inputs, outputs, choose=choose)
    assert status is not None  # a scripted run always ends
    return status


def choose_platform() -> None:
    """Before a scripted run's window is made: draw it off-screen when there is no display."""
    if offscreen_needed(os.environ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
