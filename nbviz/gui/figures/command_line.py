"""``--export-figure PATH --figure KIND --scale S [--figure-title TEXT | --no-figure-title]``: a figure
written by a scripted run.

Choose K and the restart gallery are run first when the figure needs them (in the background, as
from the Explore menu; the run waits for the result).
"""

from __future__ import annotations

from PySide6.QtCore import QEventLoop

from ...app.presentation.figure_kinds import FIGURE_KINDS
from . import FigureOptions, FigureSource, export_figure, figure_suffix


def run_and_wait(panel, result: str) -> str | None:
    """Start `panel`'s background job and wait until it is done; None, or why it gave no result."""
    if not panel.run():
        return "the job could not start (load data and a model first)"
    loop = QEventLoop()
    failures: list[str] = []

    def failed(message: str) -> None:
        failures.append(message)
        loop.quit()

    panel.explorer.finished.connect(loop.quit)
    panel.explorer.failed.connect(failed)
    if panel.explorer.running:
        loop.exec()
    if getattr(panel, result) is None:
        return failures[0] if failures else "it ended without a result"
    return None


def write_figure_output(source: FigureSource, path: str, args) -> str | None:
    """Write the figure ``args.figure`` of `source` (the window) to `path`; None, or the one-line reason it
    failed."""
    kind = FIGURE_KINDS[args.figure]
    try:
        figure_suffix(path)
        options = FigureOptions(
            scale=1.0 if args.scale is None else args.scale,
            presentation=args.presentation,
            show_title=not args.no_figure_title,
            title=args.figure_title,
        )
    except ValueError as error:
        return f"--export-figure {path}: {error}"
    if kind.needs is not None:
        name, result = kind.needs
        panel = getattr(source, name)
        if getattr(panel, result) is None:
            reason = run_and_wait(panel, result)
            if reason is not None:
                return f"--figure {kind.name}: {kind.title} failed: {reason}"
    try:
        export_figure(source, kind.name, path, options)
    except (ValueError, OSError) as error:
        return f"--export-figure {path}: {error}"
    return None
