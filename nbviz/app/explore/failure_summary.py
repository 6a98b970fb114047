"""Failed restarts (Choose K, the restart gallery) summed up in one line per cause, not one per fit."""

from __future__ import annotations

from collections import defaultdict

from nbviz.core.restart import MAX_RETRIES


def failure_lines(attempts: list[tuple[str, tuple]], totals: dict[str, int]) -> list[str]:
    """One sentence per cause of failure.

    Parameters
    ----------
    attempts : list of (str, tuple of (int, str, str))
        For each restart that had a failed attempt: where it ran (e.g. "K = 5" or "K = 5, tied")
        and its failed attempts ``(seed, cause, message)`` (`nbviz.core.restart.RestartFit.failed`).
        A restart with ``MAX_RETRIES + 1`` failed attempts failed for good; fewer: a retry recovered it.
    totals : dict of str to int
        How many restarts ran at each place.

    Returns
    -------
    list of str
        E.g. "3 of 9 restarts hit a singular covariance (...) at K = 5 and K = 6, also from 2 other seeds
        each." and "2 restarts at K = 4 hit ...; another seed fixed them."
    """
    failed: dict[str, list[str]] = defaultdict(list)  # cause of the last attempt -> places, one per restart
    recovered: dict[str, list[str]] = defaultdict(list)
    for where, tries in attempts:
        if not tries:
            continue
        if len(tries) > MAX_RETRIES:
            failed[tries[-1][1]].append(where)
        else:
            recovered[tries[0][1]].append(where)
    lines = []
    for cause, places in failed.items():
        at = _places(places)
        total = sum(totals.get(place, 0) for place in dict.fromkeys(places))
        lines.append(
            f"{len(places)} of {total} restarts {_verb(cause)} at {at}, also from {MAX_RETRIES} other seeds each."
        )
    for cause, places in recovered.items():
        n = len(places)
        lines.append(
            f"{n} restart{'s' if n > 1 else ''} at {_places(places)} {_verb(cause)}; "
            f"{'they were' if n > 1 else 'it was'} run again from another seed, which finished."
        )
    return lines


def _verb(cause: str) -> str:
    """`cause` as a verb phrase: the core's causes start with a verb ("hit ..."); messages get "failed: "."""
    return cause if cause.startswith("hit ") else f"failed ({cause})"


def _places(places: list[str]) -> str:
    unique = list(dict.fromkeys(places))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " and " + unique[-1]
