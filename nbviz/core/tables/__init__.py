"""Reading data tables: CSV, TSV, semicolon or whitespace separated text and ``.npy`` files.

`data.load_data` reads a file into a `Dataset` (numbers, labels, what was dropped and why); the
other modules are its parts: the text's encoding and lines (`text_source`), its delimiter, decimal
mark and header (`dialect`, `cells`), the columns' roles (`columns`), what lies beside the features
(`row_context`), ``.npy`` bytes (`npy_file`), the paths a user gives (`paths`) and the errors that
name the file, line and column (`data_errors`). `preview` reads the start of a file for the import
preview. `nbviz.core` re-exports what a user of the core needs.

May import: the rest of the core's utilities (`params`, `validation`). Nothing about mixtures.
"""
