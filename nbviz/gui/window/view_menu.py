"""The View menu's switches for what the data views draw (one checkable action per view option)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from ...app.data.original_units import TIP_OFF, applies
from ...app.presentation.view_options import OPTIONS, ViewOptions

translate = QCoreApplication.translate


def add_view_option_actions(menu: QMenu, view_options: ViewOptions, parent) -> dict[str, QAction]:
    """Add a "Show" section of checkable actions to `menu`, one per option of `view_options`.

    The actions switch the options and follow them (an option changed elsewhere, e.g. restored from
    the settings, checks or unchecks its action). Returns the actions by option name.
    """
    menu.addSection(translate("nbviz", "Show in the data view"))
    menu.setToolTipsVisible(True)  # a disabled option's tooltip says why
    actions = {}
    for option in OPTIONS:
        action = QAction(translate("nbviz", option.text), parent)
        action.setCheckable(True)
        action.setToolTip(translate("nbviz", option.tip))
        action.setStatusTip(translate("nbviz", option.tip))
        action.toggled.connect(lambda on, name=option.name: view_options.set(name, on))
        menu.addAction(action)
        actions[option.name] = action

    def follow() -> None:
        for name, action in actions.items():
            if action.isChecked() != getattr(view_options, name):
                action.setChecked(getattr(view_options, name))

    view_options.changed.connect(follow)
    follow()
    return actions


def follow_standardization(action: QAction, session) -> None:
    """Enable `action` (the original-units option) only while the session's data are standardised.

    Disabled, its tooltip says why and what to do.
    """

    def follow(*_) -> None:
        on = applies(session.problem)
        action.setEnabled(on)
        tip = next(option.tip for option in OPTIONS if option.name == "original_units") if on else TIP_OFF
        tip = translate("nbviz", tip)
        action.setToolTip(tip)
        action.setStatusTip(tip)

    session.problem_changed.connect(follow)
    follow()
