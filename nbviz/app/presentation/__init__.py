"""Presentation state: how the window looks (`appearance`: presentation mode, colour scheme), what
the data views draw (`view_options`), the presets and the lectures' worked examples, bundled
resources, remembered preferences, the window's size, typed messages, the figure kinds (`figure_kinds`,
read by the command line and the menus) and figures' default titles.

May import: the core and every other app package. No other app package imports it (the
command line and the GUI do).
"""
