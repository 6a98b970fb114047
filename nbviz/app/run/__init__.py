"""The run: the workspace `Session` (a facade whose signals the views follow) over the model
choices (`config`), the EM run and its history, undo, labelling, runs to convergence off the GUI
thread (`runner`) and why they stopped, the start editor's exact starts, and the answers computed
for the session's cursor (the bound view's pictures, the k-means limit).

May import: the core, `app.jobs`, `app.families`, `app.data`, `app.analysis`. Never the
documents, exploration or presentation packages: they sit above it."""
