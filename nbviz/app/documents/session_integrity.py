"""Whether a saved history belongs to its data: its numbers recomputed on load.

Every snapshot stores its log-likelihood, log-prior, objective and ELBO. A file changed by
accident (a flipped bit) or by hand (a model edited, a Bernoulli history under a Gaussian config)
gives numbers that the data do not: `check_history` recomputes them for every snapshot, or for
`budgeted_positions` of them when the history is long or the data large (the first, the last,
evenly spaced ones and a few chosen by the file's own content), and names the first that differs.
"""

from __future__ import annotations

import hashlib

import numpy as np

import nbviz.core as nc

from ..data.problem import Problem
from ..model.config import ModelConfig
from ..run.run_making import run_from_history
from .session_schema import SchemaError

WORK_BUDGET = 50_000_000  # data values x components evaluated on load; about a second
MIN_CHECKED = 4
RTOL = 1e-9


def budgeted_positions(n_snapshots: int, work_per_snapshot: int, salt: bytes = b"") -> list[int]:
    """Positions of the snapshots to recompute: all of them when the budget allows.

    Parameters
    ----------
    n_snapshots : int
    work_per_snapshot : int
        Cost of recomputing one snapshot (data values x components).
    salt : bytes
        Picks the pseudo-random part of the sample (e.g. the file's checksum).

    Returns
    -------
    list of int
        Sorted, without repeats; always the first and the last.
    """
    allowed = max(MIN_CHECKED, WORK_BUDGET // max(work_per_snapshot, 1))
    if n_snapshots <= allowed:
        return list(range(n_snapshots))
    even = np.linspace(0, n_snapshots - 1, num=max(allowed // 2, 2)).round().astype(int)
    seed = int.from_bytes(hashlib.sha256(salt).digest()[:8], "little")
    chosen = np.random.default_rng(seed).choice(n_snapshots, size=allowed - even.size, replace=False)
    return sorted({0, n_snapshots - 1, *even.tolist(), *chosen.tolist()})


def _differs(stored: float | None, recomputed: float | None, scale: float) -> bool:
    if stored is None or recomputed is None:
        return stored is not recomputed
    return not abs(stored - recomputed) <= RTOL * max(abs(stored), abs(recomputed), scale)


def check_history(problem: Problem, config: ModelConfig, history: list[nc.Snapshot], salt: bytes = b"") -> None:
    """SchemaError naming the first snapshot whose stored numbers the data do not give.

    Parameters
    ----------
    problem, config
        The session's data and model choice (they give the labels and the prior).
    history : list of Snapshot
        As read from the file; checked to be the same family and shape already.
    salt : bytes
        Picks which snapshots a long history has recomputed.
    """
    try:
        run = run_from_history(problem, config, history)
    except (ValueError, ArithmeticError) as error:
        raise SchemaError("history", f"does not belong to this data ({error})") from None
    K = history[0].model.n_components
    scale = 1e-6 * problem.n_samples  # objectives near 0 are compared to the data's size
    for position in budgeted_positions(len(history), problem.X.size * K, salt):
        stored = history[position]
        try:
            again = run.recomputed(position)
        except (ValueError, ArithmeticError) as error:
            raise SchemaError(f"history[{position}]", f"does not fit the data: {error}") from None
        for name in ("log_likelihood", "log_prior", "objective", "elbo"):
            if _differs(getattr(stored, name), getattr(again, name), scale):
                raise SchemaError(
                    f"history[{position}].{name}",
                    f"is {getattr(stored, name)!r}, but the data give {getattr(again, name)!r}: "
                    "the history does not belong to this data (the file was changed or damaged)",
                )
