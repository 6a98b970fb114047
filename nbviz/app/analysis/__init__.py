"""Numbers the views draw, computed from a model and data without widgets: the inspector's worked
E- and M-step (`breakdown`), a probe's posterior, density grids, states between half-steps for
animation, the bound along a slice, uncertainty, correlation matrices, clusters against classes, the
parameters panel's rows with their errors, and the views' projections (PCA, feature pairs).

May import: the core, `app.families`, `app.data`. Never the session: a caller passes what is needed."""
