"""Session files (`.nbviz`): the schema, each part of a document checked and built, the history's
numbers recomputed on load (`session_integrity`), a file's row context, and saved Choose K and
gallery results. Persistence reads and writes plain documents.

May import: the core, `app.jobs`, `app.families`, `app.data`, `app.model`, `app.run`, `app.explore`."""
