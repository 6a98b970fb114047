"""What is wrong with the fits of one K: degenerate fits (mclust reports them as NA) and fits that hit the cap.

The Choose K panel marks a K's row and points with these; the words are made here, once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import nbviz.core as nc


@dataclass(frozen=True)
class FitFlags:
    """The flags of the restarts of one K.

    Attributes
    ----------
    finished : int
        Restarts that finished.
    degenerate : int
        Finished restarts whose fit is degenerate (never chosen as best).
    capped : int
        Finished restarts that stopped at the iteration cap without converging.
    known : bool
        Whether degeneracy and convergence are known (False for a result read from a file written
        before they were saved: every finished fit then counts as usable).
    reasons : tuple of str
        "restart 2: component 4 holds 2.5 effective rows; ..." for each degenerate component.
    """

    finished: int
    degenerate: int
    capped: int
    known: bool
    reasons: tuple[str, ...] = ()

    @property
    def all_degenerate(self) -> bool:
        """Every finished restart is degenerate: this K has no usable fit (mclust's NA)."""
        return self.finished > 0 and self.degenerate == self.finished

    def text(self) -> str:
        """The table's short note: "2 degenerate, 1 at cap", "NA: degenerate", "not known" or ""."""
        if not self.known:
            return "not known" if self.finished else ""
        if self.all_degenerate:
            parts = ["NA: degenerate"]
        else:
            parts = [f"{self.degenerate} degenerate"] if self.degenerate else []
        if self.capped:
            parts.append(f"{self.capped} at cap")
        return ", ".join(parts)

    def tooltip(self, max_iter: int | None = None) -> str:
        """Why, in sentences (one per line)."""
        if not self.known:
            return (
                "Read from a session saved before nbviz marked degenerate and unconverged fits: "
                "every finished fit counts as usable."
            )
        lines = []
        if self.degenerate:
            lines.append(
                f"{self.degenerate} of {self.finished} finished restart(s) degenerate, never chosen as best "
                "(mclust reports such fits as NA):"
            )
            lines += [f"  {reason}" for reason in self.reasons]
        if self.capped:
            cap = f" ({max_iter:,} iterations)" if max_iter else ""
            lines.append(
                f"{self.capped} restart(s) stopped at the iteration cap{cap} without converging: "
                "raise the cap or the tolerance"
            )
        return "\n".join(lines)


def fit_flags(selection: nc.Selection, k_index: int) -> FitFlags:
    """The `FitFlags` of ``selection.ks[k_index]``."""
    finished = ~np.isnan(selection.objective[k_index])
    known = selection.degenerate.shape == selection.objective.shape
    if not known:
        return FitFlags(int(finished.sum()), 0, 0, False)
    degenerate = selection.degenerate[k_index] & finished
    converged_known = selection.converged.shape == selection.objective.shape
    capped = finished & ~selection.converged[k_index] if converged_known else np.zeros_like(finished)
    reasons = tuple(
        f"restart {restart + 1}: {reason}"
        for restart in np.flatnonzero(degenerate)
        for reason in _reasons(selection, k_index, int(restart))
    )
    return FitFlags(int(finished.sum()), int(degenerate.sum()), int(capped.sum()), True, reasons)


def _reasons(selection: nc.Selection, k_index: int, restart: int) -> tuple[str, ...]:
    degeneracy = selection.degeneracies.get((k_index, restart))
    return degeneracy.reasons if degeneracy is not None else ("degenerate (the reason was not saved)",)
