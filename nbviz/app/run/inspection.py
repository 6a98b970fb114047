"""What the user inspects: one data row (the selection) or a point anywhere in the data space (a probe).

`Inspection` is the session's part that owns both (the inspector shows one or the other) and
answers for them: a row's E-step with the actual numbers (`breakdown`), the model a probe's
P(C | x) is computed under (`probe_model`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import nbviz.core as nc

from ..analysis.breakdown import EStepNumbers, e_step_terms, log_sum
from ..analysis.missing_cells import FilledCells, filled_cells
from ..analysis.probe import Plane, Probe, make_probe, probe_model
from ..data.problem import Problem
from .events import SessionEvents
from .outcome import DONE, Outcome
from .run_history import RunHistory


@dataclass(frozen=True)
class PointBreakdown(EStepNumbers):
    """One data row's E-step with the actual numbers (for the point inspector): the `EStepNumbers`
    of its x, where `resp` is the row's responsibilities in force (a clamped label's included).

    Attributes
    ----------
    index : int
        The data row.
    label : int or None
        Its class when it is labelled (its responsibilities are then clamped), else None.
    filled : FilledCells or None
        For a row with missing cells: the features its E-step used and each missing cell's
        conditional expectation per component and weighted by `resp`; None for a complete row.
    """

    index: int
    label: int | None
    filled: FilledCells | None = None


class Inspected(Protocol):
    """What the inspection reads of the session: the data shown."""

    @property
    def problem(self) -> Problem | None: ...


class Inspection:
    """The inspected data row (`selected`, -1: none) or probed point (`probed`, None: none).

    Parameters
    ----------
    session : Inspected
    run : RunHistory
        The session's run, for the numbers at its cursor.
    events : SessionEvents
        Where changes are announced (`selection_changed`, `probe_changed`).
    """

    def __init__(self, session: Inspected, run: RunHistory, events: SessionEvents):
        self._session = session
        self._run = run
        self._events = events
        self.selected = -1
        self.probed: Probe | None = None  # a point anywhere in the data space, inspected

    def forget(self, probe: bool = True) -> None:
        """Clear the selection (and the probe) without announcing it: the data or the run is being replaced."""
        self.selected = -1
        if probe:
            self.probed = None

    def select(self, index: int) -> None:
        """Inspect data row `index` (-1 clears the selection)."""
        problem = self._session.problem
        if problem is None or not -1 <= index < problem.n_samples:
            index = -1
        self.selected = int(index)
        if self.selected >= 0 and self.probed is not None:  # the inspector shows one or the other
            self.probed = None
            self._events.probe_changed.emit()
        self._events.selection_changed.emit(self.selected)

    def probe(self, x, plane: Plane | None = None) -> Outcome:
        """Inspect the point `x` anywhere in the data space (a `Probe`, not a data row).

        `x` holds every feature, or the two coordinates in `plane` (a scatter view's projection:
        P(C | x) is then that of the mixture's marginal there). The selected data row is cleared.
        """
        problem = self._session.problem
        if problem is None:
            return Outcome.refused("Load data or choose a preset first: there is nothing to probe.")
        try:
            probe = make_probe(x, problem.n_features, plane)
        except ValueError as error:
            return self._events.refuse(f"Cannot probe there: {error}.")
        self.probed = probe
        if self.selected >= 0:
            self.selected = -1
            self._events.selection_changed.emit(-1)
        self._events.probe_changed.emit()
        return DONE

    def clear_probe(self) -> None:
        """Stop probing."""
        if self.probed is not None:
            self.probed = None
            self._events.probe_changed.emit()

    def probe_model(self) -> nc.Mixture | None:
        """The model P(C | probe) is computed under: the one shown at the cursor (as the views draw it), in
        the probe's plane if it has one; None without a run or a probe. ValueError if it has none there."""
        snapshot = self._run.snapshot
        if snapshot is None or self.probed is None:
            return None
        return probe_model(snapshot.model, self.probed)

    def breakdown(self, index: int) -> PointBreakdown:
        """The E-step that gave data row `index` the responsibilities in force at the cursor.

        At an M snapshot these are the previous E-step's numbers (the q the M-step used), so the
        breakdown always matches the colours on screen.
        """
        problem, model = self._session.problem, self._run.responsibilities_model()
        assert model is not None and problem is not None, "there is no run: load data first"
        x = problem.X[index]
        log_densities, log_products = e_step_terms(model, x)  # finite p(x | k) even where pi_k = 0
        log_normaliser = log_sum(log_products)
        labels = self._run.labels
        label = None
        if labels is not None and labels[index] >= 0:
            label = int(labels[index])
        all_resp = self._run.resp
        assert all_resp is not None  # there is a run
        resp = all_resp[index]
        filled = filled_cells(model, x, resp, problem.columns)
        return PointBreakdown(x, model.weights, log_densities, log_products, log_normaliser, resp, index, label, filled)
