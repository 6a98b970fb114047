"""Exploring beyond one run: Choose K over many fits (`choose_k`) and the gallery of restarts
(`restart_gallery`), run in the background (`explore.Explorer`), fits read from a session made
again from their seeds (`made_again`), and failed fits summed up per cause.

May import: the core, `app.jobs`, `app.families`, `app.data`, `app.model`, `app.run`. Never
documents or presentation.
"""
