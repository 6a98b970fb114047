"""The figures nbviz exports, declared once: the command line's ``--figure`` choices, the File → Export
menu's figure entries, the figure's title and which exploration result it draws all come from here.

Qt-free, so that the command line can list the choices without loading the window. Each kind's
builder (in `nbviz.gui.figures.kinds`) is registered under the kind's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from nbviz.translation_marks import QT_TRANSLATE_NOOP


@dataclass(frozen=True)
class FigureKind:
    """One exportable figure.

    Attributes
    ----------
    name : str
        Its ``--figure`` choice ("data", "choose-k", ...).
    title : str
        What it shows, the first part of its default title ("Choose K").
    menu_kind : str
        Its File → Export entry's key ("choose-k-figure").
    menu_text : str
        Its File → Export entry ("Choose K figure…"), marked for translation.
    file_suffix : str
        Appended to the data's name for the file name the export dialog suggests ("-choose-k.png").
    needs : tuple of (str, str) or None
        The exploration whose result it draws: the window's panel and the panel's result attribute
        (("choose_k", "result")); a scripted run runs it first. None for a figure of the run.
    title_names_it : bool
        Whether its default title starts with `title` (the data view's does not: it is the figure).
    """

    name: str
    title: str
    menu_kind: str
    menu_text: str
    file_suffix: str
    needs: tuple[str, str] | None = None
    title_names_it: bool = True


FIGURE_KINDS: dict[str, FigureKind] = {
    kind.name: kind
    for kind in (
        FigureKind(
            "data",
            "Data view",
            "data-figure",
            QT_TRANSLATE_NOOP("nbviz", "Data view figure…"),
            "-data.png",
            title_names_it=False,
        ),
        FigureKind(
            "objective",
            "Objective curve",
            "objective-figure",
            QT_TRANSLATE_NOOP("nbviz", "Objective figure…"),
            "-objective.png",
        ),
        FigureKind(
            "responsibilities",
            "Responsibility map",
            "responsibilities-figure",
            QT_TRANSLATE_NOOP("nbviz", "Responsibility map figure…"),
            "-responsibilities.png",
        ),
        FigureKind(
            "bound", "Bound view", "bound-figure", QT_TRANSLATE_NOOP("nbviz", "Bound view figure…"), "-bound.png"
        ),
        FigureKind(
            "choose-k",
            "Choose K",
            "choose-k-figure",
            QT_TRANSLATE_NOOP("nbviz", "Choose K figure…"),
            "-choose-k.png",
            ("choose_k", "result"),
        ),
        FigureKind(
            "gallery",
            "Restart gallery",
            "restarts-figure",
            QT_TRANSLATE_NOOP("nbviz", "Restart gallery figure…"),
            "-restarts.png",
            ("restarts", "gallery"),
        ),
    )
}
DEFAULT_FIGURE = "data"
