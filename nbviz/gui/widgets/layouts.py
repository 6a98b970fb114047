"""Small layouts the panels and dialogs build again and again: a row of widgets, OK and Cancel, a
dialog's first size within the screen."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QPushButton, QWidget

from ...app.presentation.window_size import FRAME_ALLOWANCE, fit_size


def left_row(*items, host: QWidget | None = None, margins: tuple[int, int, int, int] | None = None) -> QHBoxLayout:
    """A row of `items` from the left, the free room after them.

    Parameters
    ----------
    *items : QWidget, str or int
        A widget; a str becomes a QLabel; an int is a gap of that many pixels.
    host : QWidget, optional
        The widget the row lays out (none: a layout to add to another).
    margins : (left, top, right, bottom), optional
        In pixels; the style's margins by default.
    """
    row = QHBoxLayout() if host is None else QHBoxLayout(host)
    if margins is not None:
        row.setContentsMargins(*margins)
    for item in items:
        if isinstance(item, int):
            row.addSpacing(item)
        else:
            row.addWidget(QLabel(item) if isinstance(item, str) else item)
    row.addStretch(1)
    return row


class OkCancelBox(QDialogButtonBox):
    """A button box with OK and Cancel that names its OK button.

    Attributes
    ----------
    ok_button : QPushButton
    """

    ok_button: QPushButton


def ok_cancel(dialog: QDialog, ok_text: str, on_ok) -> OkCancelBox:
    """OK (labelled `ok_text`, calling `on_ok`) and Cancel (rejecting `dialog`); OK is ``ok_button``."""
    buttons = OkCancelBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
    buttons.ok_button.setText(ok_text)
    buttons.accepted.connect(on_ok)
    buttons.rejected.connect(dialog.reject)
    return buttons


def resize_within_screen(dialog: QWidget, width: int, height: int) -> None:
    """Give `dialog` the size `width` x `height`, shrunk so that it and its frame fit the available
    part of the screen it opens on (a 1024x768 projector), never below its least size."""
    parent = dialog.parentWidget()
    screen = (parent or dialog).screen()
    layout = dialog.layout()
    if layout is not None and layout.hasHeightForWidth():  # wrapped labels at this width: no row over another
        height = max(height, layout.totalHeightForWidth(width) + 2 * max(layout.spacing(), 0))
    if screen is not None:
        available = screen.availableSize()
        width, height = fit_size(
            (width, height), (available.width() - FRAME_ALLOWANCE[0], available.height() - FRAME_ALLOWANCE[1])
        )
    least = dialog.minimumSizeHint()
    dialog.resize(max(width, least.width()), max(height, least.height()))
