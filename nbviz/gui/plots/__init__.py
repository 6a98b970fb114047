"""Plots of the data, the densities, the parameters and the objective.

This package holds the base every plot shares (`plot_view`: a `SessionView` that sleeps while hidden
and styles its plot; grid lines, held ranges, device pixels, sparse scatter items); the views are in
`data` (what the data look like under the model) and `run` (the objective and the bound over the run).

May import: `gui.style`, `gui.widgets` and the app.
"""
