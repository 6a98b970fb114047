"""The run over its half-steps: the objective curve (with the ELBO and the KL gap) and the bound
EM climbs along a slice, with the curve drawing they need.

May import: `gui.plots` (the base), `gui.plots.data` (the legend), `gui.style`, `gui.widgets` and the app."""
