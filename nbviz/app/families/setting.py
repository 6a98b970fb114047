"""A user setting, declared once: what every layer that shows, reads or checks it takes from it.

`Setting` holds a setting's name, type, range or choices, default, help text, command-line flags and
the families it belongs to. The model choice (`nbviz.app.model.config.ModelConfig`) checks its
fields with it, the command line builds its flags and checks what was typed with it, the session
reader checks a saved entry with it, and the Controls take their ranges and tool tips from it. The
registry of every setting is `nbviz.app.model.settings`; a family declares its own settings in its
presentation (`FamilyPresentation.settings`), so a new family's option touches only its modules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nbviz.core.params import check_choice, check_integer, check_real


@dataclass(frozen=True)
class Setting:
    """One setting's declaration.

    Attributes
    ----------
    name : str
        Where the value lives: a field of `ModelConfig` (``"n_components"``) or a knob of its prior
        (``"prior.covariance_prior"``).
    words : str
        How a message names it: "the number of components".
    kind : type
        ``int``, ``float``, ``str`` (one of `choices`) or ``bool``.
    default : object
        The value when nothing is said.
    help : str
        One line for tool tips and ``--help``, marked for translation where it is declared; ``{0}`` in
        it stands for `high` (`described`).
    low, high : float or None
        Inclusive bounds of a number (`low` exclusive with `strict_low`).
    strict_low : bool
    choices : tuple of str, or a callable giving them, or None
        The allowed values of a ``str`` setting; a callable is read when asked (registries that
        grow after import).
    optional : bool
        None is allowed (and means "not used").
    flags : tuple of str
        Its command-line flags, e.g. ``("-k", "--components")``; () when it has none.
    metavar : str or None
        The flag's value as ``--help`` names it.
    group : str
        The ``--help`` group of its flag (`nbviz.flags`).
    flag_note : str
        What ``--help`` adds for the command line alone (e.g. a data file's own default).
    families : tuple of str
        The families it applies to; () for every family.
    """

    name: str
    words: str
    kind: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    strict_low: bool = False
    choices: tuple[str, ...] | Callable[[], Sequence[str]] | None = None
    optional: bool = False
    flags: tuple[str, ...] = ()
    metavar: str | None = None
    group: str = "model"
    flag_note: str = ""
    families: tuple[str, ...] = ()

    @property
    def allowed(self) -> tuple[str, ...]:
        """The choices of a ``str`` setting (() for others)."""
        if self.choices is None:
            return ()
        return tuple(self.choices() if callable(self.choices) else self.choices)

    @property
    def flag(self) -> str | None:
        """Its long flag (``--components``), the one messages name; None without a flag."""
        return next((flag for flag in self.flags if flag.startswith("--")), None)

    @property
    def field(self) -> str:
        """The last part of `name`: the field of the object that holds it (``covariance_prior``)."""
        return self.name.rpartition(".")[2]

    def described(self, help_text: str | None = None) -> str:
        """`help_text` (default: `help`; the window passes it translated) with its ``{0}`` filled in by `high`."""
        text = self.help if help_text is None else help_text
        return text.format(self.high if self.high is None else f"{self.high:g}") if "{0}" in text else text

    def applies_to(self, family: str) -> bool:
        return not self.families or family in self.families

    def check(self, value: Any, name: str | None = None) -> Any:
        """`value` as the setting holds it, or ValueError naming `name` (default: `words`) and what is allowed.

        Parameters
        ----------
        value : object
        name : str, optional
            How the message names the setting: a flag (``--tol``), an entry, or its words.

        Returns
        -------
        object
            An int, float, str or bool (or None, for an optional setting given None).
        """
        name = name or self.words
        if value is None and self.optional:
            return None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be true or false; got {value!r}")
            return value
        if self.kind is int:
            low = None if self.low is None else int(self.low)
            high = None if self.high is None else int(self.high)
            return check_integer(value, name, low=low, high=high)
        if self.kind is float:
            return check_real(value, name, low=self.low, high=self.high, strict_low=self.strict_low)
        return check_choice(value, name, self.allowed)

    def range_text(self) -> str:
        """The allowed values in words, for help texts: "1 to 100", ">= 0", "full, diag, ..."."""
        if self.kind is str:
            return ", ".join(self.allowed)
        if self.low is not None and self.high is not None:
            return f"{self.low:g} to {self.high:g}"
        if self.low is not None:
            return f"{'>' if self.strict_low else '>='} {self.low:g}"
        return ""
