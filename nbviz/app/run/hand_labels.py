"""Labels given by hand (clicked rows) and the share of the label column a run uses.

`HandLabels` is the session's part for labelling: each change is a new model choice (the labels
live in `ModelConfig.manual_labels` and `label_fraction`), and the run restarts from the same start,
so the objective curve is that of one labelling from beginning to end.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

import nbviz.core as nc

from ..model.config import ModelConfig
from .events import SessionEvents
from .outcome import DONE, Outcome


class Labelled(Protocol):
    """What hand labelling reads of the session, and how it changes its model choice."""

    @property
    def config(self) -> ModelConfig: ...

    @property
    def busy(self) -> bool: ...

    @property
    def start_model(self) -> nc.Mixture | None: ...

    @property
    def labels(self) -> np.ndarray | None: ...

    def configure(self, config: ModelConfig, start: nc.Mixture | None = None) -> Outcome: ...


class HandLabels:
    """Give rows labels, take them away, or use a share of the label column; each restarts the run.

    Parameters
    ----------
    session : Labelled
    events : SessionEvents
        Where refusals and the note on a fully labelled run are announced.
    """

    def __init__(self, session: Labelled, events: SessionEvents):
        self._session = session
        self._events = events

    def set_label(self, index: int, k: int | None) -> Outcome:
        """Label data row `index` as component `k` (None: take its clicked label away).

        The run restarts from the same start, so the objective curve is that of one labelling
        from beginning to end (labels change what the objective measures).
        """
        if self._session.busy:
            return self._events.refused_while_busy("changing labels")
        labels = dict(self._session.config.manual_labels)
        if k is None:
            if labels.pop(int(index), None) is None:
                return DONE
        else:
            labels[int(index)] = int(k)
        return self._relabel(self._session.config.with_(manual_labels=tuple(labels.items())))

    def clear_labels(self) -> Outcome:
        """Take every clicked label away (the label column's fraction stays); the run restarts."""
        if not self._session.config.manual_labels:
            return DONE
        return self._relabel(self._session.config.with_(manual_labels=()))

    def set_label_fraction(self, fraction: float) -> Outcome:
        """Use this fraction of the label column's labels (0: none); the run restarts."""
        return self._relabel(self._session.config.with_(label_fraction=float(fraction)))

    def _relabel(self, config: ModelConfig) -> Outcome:
        outcome = self._session.configure(config, start=self._session.start_model)
        if outcome and self.fully_labelled:
            self._events.notice_raised.emit(
                "Every point is labelled: this is supervised naive Bayes. One M-step fits it; the next "
                "iteration changes nothing."
            )
        return outcome

    @property
    def fully_labelled(self) -> bool:
        """Whether every data row of the run is labelled (supervised naive Bayes)."""
        labels = self._session.labels
        return labels is not None and bool(np.all(labels >= 0))
