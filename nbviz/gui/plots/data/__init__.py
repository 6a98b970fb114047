"""The data views: the central `DataView` picks the picture for the data's kind and dimension (a
1-D density, a scatter or pairs view under a Gaussian mixture, prototypes of a Bernoulli or
multinomial mixture, the responsibility map), with what they share: the point layer, ellipses,
the axis choice (the projections themselves are `app.analysis.projection`), labelled marks,
mouse interaction, the legend and animated half-steps.

May import: `gui.plots` (the base), `gui.style`, `gui.widgets` and the app."""
