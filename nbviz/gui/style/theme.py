"""The window's colour scheme and fonts, following the system's light or dark scheme.

`system_prefers_dark` asks Qt (6.5+: the style hints' colour scheme; otherwise the lightness of
the application palette). When the appearance asks for a scheme the application palette does not
have (a forced `--dark`, or a platform theme that reports dark but draws light), `palette_for`
builds one, so widgets and plots always agree.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QHeaderView

from ...app.presentation.appearance import Appearance

_DARK = {
    QPalette.ColorRole.Window: "#2b2d30",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1e1f22",
    QPalette.ColorRole.AlternateBase: "#2b2d30",
    QPalette.ColorRole.ToolTipBase: "#3c3f41",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.PlaceholderText: "#9a9a9a",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#3a3d41",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Light: "#4a4d52",
    QPalette.ColorRole.Midlight: "#404348",
    QPalette.ColorRole.Mid: "#2f3134",
    QPalette.ColorRole.Dark: "#1a1b1d",
    QPalette.ColorRole.Shadow: "#0d0d0e",
    QPalette.ColorRole.Highlight: "#3d7bd9",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#7ab0ff",
    QPalette.ColorRole.LinkVisited: "#c39bff",
}
_DARK_DISABLED = {
    QPalette.ColorRole.WindowText: "#7d7d7d",
    QPalette.ColorRole.Text: "#7d7d7d",
    QPalette.ColorRole.ButtonText: "#7d7d7d",
}


def palette_is_dark(palette: QPalette) -> bool:
    """True when the palette draws light text on a dark window."""
    return (
        palette.color(QPalette.ColorRole.Window).lightness() < palette.color(QPalette.ColorRole.WindowText).lightness()
    )


def system_prefers_dark() -> bool:
    """The system's colour scheme (Qt 6.5+), else what the application palette looks like."""
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", lambda: Qt.ColorScheme.Unknown)()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return palette_is_dark(QGuiApplication.palette())


def dark_palette() -> QPalette:
    """A dark palette for the widgets (used when the system's own palette is light)."""
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role, colour in _DARK_DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return palette


def palette_for(appearance: Appearance) -> QPalette:
    """The application's palette if it matches the appearance's scheme, else one that does."""
    palette = QGuiApplication.palette()
    if palette_is_dark(palette) == appearance.dark:
        return palette
    if appearance.dark:
        return dark_palette()
    return QApplication.style().standardPalette()


def window_font(appearance: Appearance) -> QFont:
    """The application font, larger in presentation mode."""
    font = QFont(QGuiApplication.font())
    size = font.pointSizeF()
    if size > 0:
        font.setPointSizeF(appearance.font_size(size))
    else:  # a pixel-sized font
        font.setPixelSize(round(appearance.font_size(font.pixelSize())))
    return font


def style_window(window, appearance: Appearance) -> None:
    """Palette and font of a separate window (a dialog) for the appearance.

    A dialog is its own window, so it does not take the main window's palette and font; it calls
    this when it is built and whenever the appearance changes.
    """
    window.setPalette(palette_for(appearance))
    font = window_font(appearance)
    window.setFont(font)
    set_header_fonts(window, font)


def set_header_fonts(widget, font: QFont) -> None:
    """Give the table headers inside `widget` `font`: they keep the style's header font otherwise."""
    for header in widget.findChildren(QHeaderView):
        header.setFont(font)
