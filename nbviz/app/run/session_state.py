"""A session's plain state, as saved and restored: data, model choice, history, cursor, kept results.

The session hands a `SessionState` to whatever writes it (a `SessionWriter`, e.g.
`nbviz.app.documents.session_file.write_session`) and shows one read back (`Session.restore`), so
the run package knows nothing of session files and the documents nothing of the session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..data.problem import Problem
from ..model.config import ModelConfig


@dataclass(frozen=True)
class SessionState:
    """What a session file holds.

    Attributes
    ----------
    problem : Problem
    config : ModelConfig
    history : sequence of Snapshot
        Every half-step of the run.
    cursor : int
        The half-step shown.
    selected : int
        The inspected data row (-1: none).
    explored : tuple
        The kept Choose K result and restart gallery made on `problem` (each None when there is none).
    view : dict
        How the data views show `problem` when that was chosen for these data (``{"equal_aspect":
        bool}``); empty: the data's defaults (`nbviz.app.presentation.view_options`).
    """

    problem: Problem
    config: ModelConfig
    history: list
    cursor: int
    selected: int
    explored: tuple = (None, None)
    view: dict = field(default_factory=dict)


class SessionWriter(Protocol):
    """Writes a session's state to `path`; raises ValueError with the message to show when it cannot."""

    def __call__(self, path, state: SessionState) -> None: ...
