"""The run: the workspace `Session`, a facade whose signals (`events`) the views follow, over the
model choice (`app.model`) and parts with one job each: the EM run and its cursor (`run_history`),
making runs (`run_making`), play (`player`), undo (`undo_history`), the inspected row or point
(`inspection`), labels given by hand (`hand_labels`), runs stepped off the GUI thread (`background`,
`runner`) and why they stopped, the exploring results kept to save (`explored_results`); the plain
state a session is saved as (`session_state`), the start editor's exact starts, and the answers
computed for the session's cursor (the bound view's pictures, the k-means limit).

May import: the core, `app.jobs`, `app.families`, `app.data`, `app.analysis`, `app.model`. Never the
documents, exploration or presentation packages: they sit above it (a session is saved by handing
its `SessionState` to a writer the caller gives)."""
