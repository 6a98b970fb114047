"""Colours and fonts: the window's theme, the component palette (mixed in OKLab), toolbar icons and
the uncertainty colour scale.

May import: the app's presentation state (`appearance`, `resources`), `app.analysis`. No other gui package."""
