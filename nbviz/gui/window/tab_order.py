"""The main window's Tab order: region by region, in the order a lesson reads.

Controls (or the exploring dock tabbed with them) -> the centre (the messages, the data view, the
History slider; or the start page) -> the objective curve and the bound -> the parameters -> the
point inspector (its probe field first) -> the other docks -> whatever else can take focus (the
tab bars of docks tabbed together). Within a region the widgets keep Qt's own order (the order
they were made in, or a panel's own `setTabOrder`). Shift+Tab walks the same ring backwards.

Qt's default order is the order the widgets were made in, window-wide: the data view came before
the controls, and a page or dock built on first use (the 1-D view, Choose K) went to the end.
The ring is computed when Tab is pressed, so pages made later and docks moved by the user take
their region's place. Only widgets on screen count: Qt keeps spare tab bars outside the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QWidget

from nbviz.translation_marks import QT_TRANSLATE_NOOP

# Help → Keyboard shortcuts' line for Tab
TAB_HELP = (
    QT_TRANSLATE_NOOP("nbviz", "Tab / Shift+Tab"),
    QT_TRANSLATE_NOOP(
        "nbviz",
        "Next / previous control: the controls, the data view, History, the objective, the parameters, the inspector",
    ),
)


def is_tab_stop(widget: QWidget, window: QWidget) -> bool:
    """Whether Tab can move the focus to `widget`: it takes focus by Tab, is enabled and on screen in
    `window`, and does not hand its focus to another widget (a spin box's text field does)."""
    if not (widget.focusPolicy() & Qt.FocusPolicy.TabFocus) or widget.focusProxy() is not None:
        return False
    if widget.window() is not window or not widget.isVisible() or not widget.isEnabled():
        return False
    part: QWidget | None = widget  # the window's own child that holds it: a dock, the centre, a tab bar
    while part is not None and part.parentWidget() is not window:
        part = part.parentWidget()
    return part is not None and part.geometry().intersects(window.rect())  # Qt parks spare tab bars outside the window


def qt_order(window: QWidget) -> list[QWidget]:
    """Every widget of `window` in Qt's focus chain order, starting after the window itself."""
    chain: list[QWidget] = []
    seen: set[int] = set()
    widget = window.nextInFocusChain()
    while widget is not None and widget is not window and id(widget) not in seen:
        chain.append(widget)
        seen.add(id(widget))
        widget = widget.nextInFocusChain()
    return chain


def tab_ring(window: QWidget, regions: Sequence[QWidget]) -> list[QWidget]:
    """`window`'s tab stops, those in `regions` first (region by region, in Qt's order within each), then the rest.

    A region holding earlier ones (the centre holds the data view) gets only the stops they left.
    """
    stops = [widget for widget in qt_order(window) if is_tab_stop(widget, window)]
    placed: list[QWidget] = []
    for region in regions:
        placed.extend(
            widget for widget in stops if (region is widget or region.isAncestorOf(widget)) and widget not in placed
        )
    return placed + [widget for widget in stops if widget not in placed]


class TabOrder:
    """The Tab ring of `window` (see the module docstring).

    Parameters
    ----------
    window : QWidget
    regions : callable
        ``regions()`` -> the region widgets, in the order Tab visits them.
    """

    def __init__(self, window: QWidget, regions: Callable[[], Sequence[QWidget]]):
        self.window, self.regions = window, regions

    def ring(self) -> list[QWidget]:
        """The tab stops in the order Tab visits them."""
        return tab_ring(self.window, self.regions())

    def step(self, focus: QWidget | None, forward: bool) -> QWidget | None:
        """The widget Tab (`forward`) or Shift+Tab moves the focus to from `focus`; None when there is none."""
        ring = self.ring()
        if not ring:
            return None
        places = {id(widget): i for i, widget in enumerate(ring)}
        here = None
        widget = focus  # the stop that holds the focus: the focused widget, or its nearest parent in the ring
        while widget is not None and here is None:
            here = places.get(id(widget))
            widget = widget.parentWidget()
        if here is None:
            return ring[0] if forward else ring[-1]
        return ring[(here + (1 if forward else -1)) % len(ring)]

    def move(self, focus: QWidget | None, forward: bool) -> bool:
        """Move the focus one stop on (scrolled into view in a scrolling panel); False when there is no stop."""
        target = self.step(focus, forward)
        if target is None:
            return False
        parent = target.parentWidget()
        while parent is not None and parent is not self.window:
            if isinstance(parent, QScrollArea):
                parent.ensureWidgetVisible(target)
            parent = parent.parentWidget()
        target.setFocus(Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason)
        return True
