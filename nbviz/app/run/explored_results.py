"""The exploring results a session keeps to save with it: the last Choose K result and restart gallery.

Plain state: the Choose K and restart panels keep their latest result here, a session file's
results are put back here when it is opened, and saving writes those made on the data shown.
"""

from __future__ import annotations

from typing import Any


class ExploredResults:
    """The last Choose K result (`explore.KChoice`) and restart gallery (`explore.RestartGallery`).

    Attributes
    ----------
    choice, gallery : object or None
        Each carries the `problem` it was made on.
    """

    def __init__(self) -> None:
        self.choice: Any = None
        self.gallery: Any = None

    def keep(self, choice=None, gallery=None) -> None:
        """Keep the latest Choose K result or restart gallery (of the data shown) to save with the session."""
        if choice is not None:
            self.choice = choice
        if gallery is not None:
            self.gallery = gallery

    def of_problem(self, problem) -> tuple:
        """(choice, gallery) made on `problem` (None for one made on other data: it is not saved with it)."""
        choice, gallery = self.choice, self.gallery
        return (
            None if choice is None or choice.problem is not problem else choice,
            None if gallery is None or gallery.problem is not problem else gallery,
        )
