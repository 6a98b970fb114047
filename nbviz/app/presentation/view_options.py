"""What the data views draw: the lecturer's View-menu switches (truth, shading, ellipses, ...).

`ViewOptions` is plain state with one signal, like `Appearance`: the main window creates one, passes
it to the data views and remembers it between sessions (`read_view_options`, `write_view_options`);
the View menu switches it; the views only draw what it says.

One option belongs to the data, not to the lecturer: equal aspect (both axes of a 2-D view at one
scale, so that a round covariance looks round). It is on by default where the axes share units
(synthesised data, the lecture presets) and off for a file, whose columns may measure different
things (`equal_aspect_default`); a choice is kept with the data and saved in their session
(`ViewOptions.follow`, `Session.view_choices`), not in the settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal

from nbviz.translation_marks import QT_TRANSLATE_NOOP

from ..data.problem import Problem

if TYPE_CHECKING:
    from ..run.session import Session


@dataclass(frozen=True)
class ViewOption:
    """One switch: its attribute `name`, the menu `text`, a `tip`, and its default; `per_data`: chosen
    for the data shown and saved with them (`ViewOptions.follow`) rather than remembered in the settings."""

    name: str
    text: str
    tip: str
    default: bool = True
    per_data: bool = False


OPTIONS = (
    ViewOption(
        "truth",
        QT_TRANSLATE_NOOP("nbviz", "True components"),
        QT_TRANSLATE_NOOP("nbviz", "The true components of synthesised data, dashed"),
    ),
    ViewOption(
        "shading",
        QT_TRANSLATE_NOOP("nbviz", "Density shading"),
        QT_TRANSLATE_NOOP("nbviz", "The mixture density p(x) shaded under the points (2-D)"),
    ),
    ViewOption(
        "ellipses",
        QT_TRANSLATE_NOOP("nbviz", "Ellipses"),
        QT_TRANSLATE_NOOP("nbviz", "Each component's 1σ and 2σ ellipses (2-D)"),
    ),
    ViewOption(
        "mixture_curve",
        QT_TRANSLATE_NOOP("nbviz", "Mixture curve"),
        QT_TRANSLATE_NOOP("nbviz", "The mixture density p(x), the thick curve (1-D)"),
    ),
    ViewOption(
        "labels",
        QT_TRANSLATE_NOOP("nbviz", "Labelled points"),
        QT_TRANSLATE_NOOP("nbviz", "The diamonds on points given a class in label mode"),
    ),
    ViewOption(
        "legend",
        QT_TRANSLATE_NOOP("nbviz", "Legend"),
        QT_TRANSLATE_NOOP("nbviz", "What the lines, ellipses, shading and colours mean"),
    ),
    ViewOption(
        "mean_values",
        QT_TRANSLATE_NOOP("nbviz", "Mean values"),
        QT_TRANSLATE_NOOP(
            "nbviz", "Each mean's value written beside it in the window (1-D and 2-D data, up to four components)"
        ),
    ),
    ViewOption(
        "shapes",
        QT_TRANSLATE_NOOP("nbviz", "Marker shapes by component"),
        QT_TRANSLATE_NOOP(
            "nbviz", "Each point drawn in the shape of its most responsible component (for colour-blind viewers)"
        ),
        default=False,
    ),
    ViewOption(
        "uncertainty",
        QT_TRANSLATE_NOOP("nbviz", "Colour by uncertainty"),
        QT_TRANSLATE_NOOP(
            "nbviz", "Points from grey (certain) to red (most uncertain: 1 − max_k r_nk, mclust's uncertainty plot)"
        ),
        default=False,
    ),
    ViewOption(
        "equal_aspect",
        QT_TRANSLATE_NOOP("nbviz", "Equal aspect (2-D)"),
        QT_TRANSLATE_NOOP(
            "nbviz",
            "Both axes of a 2-D view at the same scale, so that a round covariance looks round "
            "(on by default for synthesised and lecture data, whose axes share units)",
        ),
        per_data=True,
    ),
    ViewOption(
        "original_units",
        QT_TRANSLATE_NOOP("nbviz", "Parameters in original units"),
        QT_TRANSLATE_NOOP("nbviz", "Means, covariances and feature axes in the file's units (for standardised data)"),
        default=False,
    ),
)
NAMES = tuple(option.name for option in OPTIONS)
REMEMBERED = tuple(option.name for option in OPTIONS if not option.per_data)


def equal_aspect_default(problem: Problem) -> bool:
    """Whether `problem`'s features share units, so that its 2-D views are drawn at equal scale by
    default: data synthesised from a known mixture and the lecture presets' data; not a file's."""
    return problem.truth is not None or (problem.preset or "").startswith("lecture-")


class ViewOptions(QObject):
    """Which layers the data views draw; each option of `OPTIONS` is a bool attribute.

    Signals
    -------
    changed : an option was switched; the data views redraw
    """

    changed = Signal()
    truth: bool
    shading: bool
    ellipses: bool
    mixture_curve: bool
    labels: bool
    legend: bool
    mean_values: bool
    shapes: bool
    uncertainty: bool
    equal_aspect: bool
    original_units: bool

    def __init__(self, parent=None, **values: bool):
        super().__init__(parent)
        unknown = set(values) - set(NAMES)
        if unknown:
            raise ValueError(f"no view option {', '.join(sorted(unknown))}; use one of {', '.join(NAMES)}")
        for option in OPTIONS:
            setattr(self, option.name, bool(values.get(option.name, option.default)))

    def set(self, name: str, on: bool) -> None:
        """Switch option `name` on or off (announced only if it changes)."""
        if name not in NAMES:
            raise ValueError(f"no view option {name!r}; use one of {', '.join(NAMES)}")
        if bool(on) != getattr(self, name):
            setattr(self, name, bool(on))
            self.changed.emit()

    def values(self) -> dict[str, bool]:
        return {name: getattr(self, name) for name in NAMES}

    def follow(self, session: Session) -> None:
        """Take the per-data options from `session`'s data (the choice kept for them, else their
        default) whenever the data change, and keep a choice made here with the data shown."""

        def take() -> None:
            problem = session.problem
            if problem is not None:
                chosen = session.view_choices.get(problem, {})
                self.set("equal_aspect", chosen.get("equal_aspect", equal_aspect_default(problem)))

        def keep() -> None:  # only a choice that differs from the data's default is kept (and saved)
            problem = session.problem
            if problem is None:
                return
            chosen = session.view_choices.setdefault(problem, {})
            if self.equal_aspect == equal_aspect_default(problem):
                chosen.pop("equal_aspect", None)
            else:
                chosen["equal_aspect"] = self.equal_aspect

        session.problem_changed.connect(take)
        self.changed.connect(keep)
        take()


def _key(name: str) -> str:
    return f"view/{name}"


def read_view_options(settings: QSettings, options: ViewOptions) -> list[str]:
    """Set `options` from `settings`; returns the keys whose stored value was garbage (kept at default)."""
    unreadable = []
    for name in REMEMBERED:
        key = _key(name)
        if not settings.contains(key):
            continue
        try:
            text = str(settings.value(key, "", type=str)).strip().lower()
        except (TypeError, ValueError, RuntimeError):
            text = ""
        if text in ("true", "false"):
            options.set(name, text == "true")
        else:
            unreadable.append(key)
    return unreadable


def write_view_options(settings: QSettings, options: ViewOptions) -> None:
    """Store every option (the caller syncs)."""
    for name in REMEMBERED:
        settings.setValue(_key(name), bool(getattr(options, name)))
