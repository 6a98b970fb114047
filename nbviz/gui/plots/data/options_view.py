"""The base of the data views that draw what the View menu's options say (1-D, scatter and pairs)."""

from __future__ import annotations

from ....app.presentation.appearance import Appearance
from ....app.presentation.view_options import ViewOptions
from ....app.run.session import Session
from ..plot_view import PlotView


class OptionsView(PlotView):
    """A `PlotView` drawn as its `ViewOptions` say (ellipses, truth, legend, units, ...), redrawn when one changes.

    A subclass builds its widgets in `_build` (called once `session`, `appearance` and
    `view_options` are set); the base then follows the session.

    Parameters
    ----------
    session : Session
    parent : QWidget, optional
    appearance : Appearance, optional
        The window's (see `SessionView`).
    view_options : ViewOptions, optional
        The window's, switched in its View menu; without one the view keeps its own.
    """

    view_options: ViewOptions

    def __init__(
        self,
        session: Session,
        parent=None,
        *,
        appearance: Appearance | None = None,
        view_options: ViewOptions | None = None,
    ):
        super().__init__(session, parent, appearance=appearance)
        if view_options is None:  # the view's own options, following the data's choices as the window's do
            view_options = ViewOptions(self)
            view_options.follow(session)
        self.view_options = view_options
        self.view_options.changed.connect(self.redraw)
        self._build()
        self.follow_session()

    def _build(self) -> None:
        """Build the view's widgets and items (override)."""
        raise NotImplementedError(f"{type(self).__name__} must define _build()")
