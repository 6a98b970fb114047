"""The user's model choice: `ModelConfig` (family, K, covariance type, prior, start, convergence)
checked once as a value, the defaults for a data file (`for_file`), whether a model can start on
a data set and the nearest one that can (`model_fit`), and how large a model may be (`fit_size`).

May import: the core, `app.families`, `app.data`. Everything above (the run, documents,
exploration, presentation) may use it.
"""
