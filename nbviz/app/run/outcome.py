"""What a session operation did: done, or refused with the reason the user is shown.

Operations that can be refused return an `Outcome` instead of a bare bool, so a caller learns why
without listening to a signal for the duration of the call (`Session.error_raised` only announces
the refusal to whoever shows messages). An outcome is truthy when the operation was done.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """The result of an operation that can be refused.

    Attributes
    ----------
    ok : bool
        Whether it was done. ``bool(outcome)`` is the same.
    reason : str
        Why it was refused, as the user is told ("" when it was done).
    """

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok

    @classmethod
    def done(cls) -> Outcome:
        return DONE

    @classmethod
    def refused(cls, reason: str) -> Outcome:
        if not reason:
            raise ValueError("a refusal needs a reason the user can act on")
        return cls(False, reason)


DONE = Outcome(True)
