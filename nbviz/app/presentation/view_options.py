"""What the data views draw: the lecturer's View-menu switches (truth, shading, ellipses, ...).

`ViewOptions` is plain state with one signal, like `Appearance`: the main window creates one, passes
it to the data views and remembers it between sessions (`read_view_options`, `write_view_options`);
the View menu switches it; the views only draw what it says.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, QSettings, Signal


@dataclass(frozen=True)
class ViewOption:
    """One switch: its attribute `name`, the menu `text`, a `tip`, and its default."""

    name: str
    text: str
    tip: str
    default: bool = True


OPTIONS = (
    ViewOption("truth", "True components", "The true components of synthesised data, dashed"),
    ViewOption("shading", "Density shading", "The mixture density p(x) shaded under the points (2-D)"),
    ViewOption("ellipses", "Ellipses", "Each component's 1σ and 2σ ellipses (2-D)"),
    ViewOption("mixture_curve", "Mixture curve", "The mixture density p(x), the thick curve (1-D)"),
    ViewOption("labels", "Labelled points", "The diamonds on points given a class in label mode"),
    ViewOption("legend", "Legend", "What the lines, ellipses, shading and colours mean"),
    ViewOption(
        "shapes",
        "Marker shapes by component",
        "Each point drawn in the shape of its most responsible component (for colour-blind viewers)",
        default=False,
    ),
    ViewOption(
        "uncertainty",
        "Colour by uncertainty",
        "Points from grey (certain) to red (most uncertain: 1 − max_k r_nk, mclust's uncertainty plot)",
        default=False,
    ),
    ViewOption(
        "original_units",
        "Parameters in original units",
        "Means, covariances and feature axes in the file's units (for standardised data)",
        default=False,
    ),
)
NAMES = tuple(option.name for option in OPTIONS)


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
    shapes: bool
    uncertainty: bool
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


def _key(name: str) -> str:
    return f"view/{name}"


def read_view_options(settings: QSettings, options: ViewOptions) -> list[str]:
    """Set `options` from `settings`; returns the keys whose stored value was garbage (kept at default)."""
    unreadable = []
    for name in NAMES:
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
    for name, on in options.values().items():
        settings.setValue(_key(name), bool(on))
