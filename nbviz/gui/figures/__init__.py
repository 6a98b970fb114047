"""Figures for slides, papers and handouts: PNG at any resolution, portable SVG, and PDF.

`export_figure(source, kind, path, options)` draws one of the figure kinds declared in
`app.presentation.figure_kinds` from a `FigureSource` (the window provides one; built off screen
from fresh views: the plot with its axes, title, legend and key, no controls) and writes it
atomically in the format of the path's suffix. `save_figure(widget, path)` writes one widget
as it is laid out. Other exports (animations, handouts) draw through `build_figure` and
`figure_bytes` too.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from ...app.data.files import write_atomically
from .render import FIGURE_SUFFIXES, Figure, FigureOptions, figure_bytes, print_scale
from .source import FigureSource

# the builders (`kinds`) are imported when a figure is first drawn: they import the views of the
# explorations, which the window builds only when first shown

__all__ = [
    "FIGURE_SUFFIXES",
    "FigureSource",
    "Figure",
    "FigureOptions",
    "build_figure",
    "default_figure_title",
    "export_figure",
    "figure_bytes",
    "figure_suffix",
    "print_scale",
    "save_figure",
]


def figure_suffix(path) -> str:
    """The format of `path` (".png", ".svg" or ".pdf"); ValueError naming the formats for another."""
    suffix = Path(path).suffix.lower()
    if suffix not in FIGURE_SUFFIXES:
        raise ValueError(f"figures are saved as {', '.join(FIGURE_SUFFIXES)}; got {suffix or 'no suffix'}")
    return suffix


def write_figure(figure: Figure, path, options: FigureOptions | None = None) -> None:
    """Encode `figure` for `path`'s suffix and write it whole or not at all; the figure is closed."""
    try:
        data = figure_bytes(figure, figure_suffix(path), options)
    finally:
        figure.close()
    write_atomically(path, data)


def build_figure(source: FigureSource, kind: str, options: FigureOptions | None = None) -> Figure:
    """Figure `kind` (a key of `FIGURE_KINDS`) drawn off screen from `source`; close() it when done.

    Raises ValueError saying why when there is nothing to draw yet.
    """
    from .kinds import build

    return build(source, kind, options if options is not None else FigureOptions())


def default_figure_title(source: FigureSource, kind: str) -> str:
    """The title figure `kind` of `source` gets when none is given: what it shows (its data, model and half-step).

    ValueError when there is no run.
    """
    from .kinds import default_title

    return default_title(source, kind)


def export_figure(source: FigureSource, kind: str, path, options: FigureOptions | None = None) -> None:
    """Write figure `kind` (a key of `FIGURE_KINDS`) of `source` to `path` (.png, .svg or .pdf).

    Raises ValueError (nothing to draw, unknown kind or format) or OSError (not written); a file
    that could not be written whole is not left behind.
    """
    options = options if options is not None else FigureOptions()
    figure_suffix(path)  # a bad suffix is refused before anything is drawn
    write_figure(build_figure(source, kind, options), path, options)


def save_figure(widget: QWidget, path, options: FigureOptions | None = None) -> None:
    """Write `widget` as it is laid out to `path` (.png, .svg or .pdf); ValueError for another suffix."""
    figure_suffix(path)
    data = figure_bytes(Figure([widget]), figure_suffix(path), options)
    write_atomically(path, data)
