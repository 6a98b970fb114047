"""Exploring beyond one run: Choose K over many fits and the gallery of restarts, run in the
background, and failed fits summed up per cause.

May import: the core, `app.jobs`, `app.families`, `app.data`, `app.run`. Never documents or presentation."""
