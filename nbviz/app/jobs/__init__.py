"""Work off the GUI thread: one background job at a time with progress and cancel
(`background`), and answers computed once per key and announced for the latest question
(`latest_answer`); how the process ends on Ctrl+C, SIGTERM or a failing stdout (`process_end`).

May import: the core, QtCore. Nothing else of the app: every other app package may use it."""
