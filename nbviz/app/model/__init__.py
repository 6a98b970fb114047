"""The user's model choice: `ModelConfig` (family, K, covariance type, prior, start, convergence)
checked once as a value, the defaults for a data file (`for_file`), whether a model can start on
a data set and the nearest one that can (`model_fit`), how large a model may be (`fit_size`), and
the data and model choice a result keeps (`made_on.MadeOn`, the base of a saved run, fits over K
and a restart gallery).

May import: the core, `app.families`, `app.data`. Everything above (the run, documents,
exploration, presentation) may use it.
"""
