"""Data in and out: what the user works on (`problem`: data, labels, truth), how a file is read
(`import_spec`, `file_options`, `loader`), standardisation, synthesis from chosen true parameters,
messages that name a row and column (`fit_messages`), and everything written for use outside nbviz:
responsibilities, parameters and trace (`export`), classified new rows, animation files and the
handout page, all written atomically (`files`).

May import: the core, `app.jobs`, `app.families`. Never the run, documents, exploration or presentation."""
