"""How the command line reads a data file: its reading options, and messages that name its flags.

The command line and the import dialog read a file with the same detection
(`ImportSpec.guessed`); this module turns the command line's flags into those choices, and the
reader's generic advice ("drop those rows") into the flags that do it (``--missing drop``).
"""

from __future__ import annotations

from collections.abc import Sequence

import nbviz.core as nc
from nbviz.core.tables.columns import text_features_left_out
from nbviz.core.tables.whole_file import CheckedRoles

from .import_spec import ImportSpec

DELIMITER_WORDS = {"comma": ",", "tab": "\t", "semicolon": ";", "whitespace": " ", "space": " "}
DECIMAL_WORDS = {"point": ".", "comma": ",", ".": ".", ",": ","}


# The flags that say how a data file is read (argument's dest, flag): they act only on a data file.
READING_FLAGS = (
    ("delimiter", "--delimiter"),
    ("decimal", "--decimal"),
    ("skip_rows", "--skip-rows"),
    ("columns", "--columns"),
    ("ignore", "--ignore"),
    ("missing", "--missing"),
    ("drop_missing", "--drop-missing"),
    ("standardize", "--standardize"),
)


def reading_flags_given(args) -> list[str]:
    """The reading flags given (`READING_FLAGS`), as the user typed them."""
    return [flag for dest, flag in READING_FLAGS if getattr(args, dest, None) not in (None, False)]


def column_keys(text: str | None) -> list[str | int] | None:
    """Column names or 0-based numbers from a comma-separated flag value (None: not given)."""
    if text is None:
        return None
    return [column_key(part) for part in text.split(",") if part.strip()]


def column_key(text: str) -> str | int:
    """A 0-based column number when `text` is an integer, else a column name."""
    text = text.strip()
    return int(text) if text.lstrip("-").isdigit() else text


def delimiter_of(text: str | None) -> str | None:
    """The delimiter a ``--delimiter`` value names (a word or one character); ValueError otherwise."""
    if text is None:
        return None
    if text.lower() in DELIMITER_WORDS:
        return DELIMITER_WORDS[text.lower()]
    if text == "\\t":
        return "\t"
    if len(text) != 1 or text in '"\r\n':
        raise ValueError(f"--delimiter {text!r}: give comma, tab, semicolon, whitespace or one character")
    return text


def decimal_of(text: str | None) -> str | None:
    """The decimal mark a ``--decimal`` value names; ValueError otherwise."""
    if text is None:
        return None
    if text.lower() not in DECIMAL_WORDS:
        raise ValueError(f"--decimal {text!r}: give '.' (point) or ',' (comma)")
    return DECIMAL_WORDS[text.lower()]


def missing_rule_of(args) -> str | None:
    """ "em", "drop" or None (refused) from ``--missing`` and ``--drop-missing``; ValueError if they disagree."""
    missing = getattr(args, "missing", None)
    if args.drop_missing and missing not in (None, "drop"):
        raise ValueError(f"--drop-missing contradicts --missing {missing}: give one of them")
    return "drop" if args.drop_missing else missing


def skip_rows_of(count: int | None) -> int | None:
    """The lines ``--skip-rows`` skips (None: not given); ValueError for a negative count."""
    if count is not None and count < 0:
        raise ValueError(f"--skip-rows {count}: give a number of lines, 0 or more")
    return count


def codes_wanted(model: str | None) -> bool | None:
    """Whether numeric answer codes are read as levels for ``--model`` `model`: always for the
    categorical mixture, never for a model of numbers, else (no model, naive Bayes) as the file shows."""
    if model is None or model == "naive-bayes":
        return None
    return model == "categorical"


def spec_from_args(args) -> ImportSpec:
    """The `ImportSpec` for ``args.file`` and the reading flags; DataError or ValueError saying why not."""
    return guess_from_args(args)[0]


def guess_from_args(args) -> tuple[ImportSpec, CheckedRoles]:
    """`ImportSpec.guess` for ``args.file`` and the reading flags; DataError or ValueError saying why not."""
    return ImportSpec.guess(
        args.file,
        None if args.label_column is None else column_key(args.label_column),
        delimiter=delimiter_of(args.delimiter),
        decimal=decimal_of(args.decimal),
        columns=column_keys(args.columns),
        ignore=column_keys(args.ignore),
        drop_missing=missing_rule_of(args) == "drop",
        keep_missing=missing_rule_of(args) == "em",
        skip_rows=skip_rows_of(getattr(args, "skip_rows", None)),
        codes=codes_wanted(getattr(args, "model", None)),
    )


def for_command_line(error: nc.DataError) -> str:
    """The message of `error` with its advice in the command line's words (flags, not controls)."""
    text, column = str(error), error.column
    name = repr(column) if column is not None else "COLUMN"
    if column is not None and column.isdigit():  # a file without a header: its 1-based column number
        name = str(int(column) - 1)  # the flags count columns from 0
    replacements = {
        "drop_missing": [
            ("drop those rows", "drop those rows with --drop-missing, or keep them for EM with --missing em")
        ],
        "column": [
            ("choose it as the label column, or ignore it", f"give --label-column {name}, or --ignore {name}"),
            ("leave it out of the feature columns", f"leave it out with --ignore {name}"),
        ],
        "decimal": [
            ("choose the decimal comma", "give --decimal ,"),
            ("choose the decimal point", "give --decimal ."),
        ],
        "header": [("read it as a header row", "add a header row naming the columns")],
    }
    if ": missing label;" in text:  # --missing em keeps feature cells only: a row needs its class
        replacements["drop_missing"] = [
            ("drop those rows", f"drop those rows with --drop-missing, or leave the label out with --ignore {name}")
        ]
    for generic, flags in replacements.get(error.remedy or "", []):
        text = text.replace(generic, flags)
    return text


def _guess_notes(spec: ImportSpec, checked: CheckedRoles, args) -> list[str]:
    """Notes on the columns the guess left out (none when the user chose the columns): identifiers and
    row numbers with neutral names, and text answers beside numeric features; the import preview says the same."""
    if args.columns is not None or spec.is_npy:
        return []
    preview = nc.preview_table(spec.path, spec.delimiter, spec.header, decimal=spec.decimal, skip_rows=spec.skip_rows)
    ignored = set(column_keys(args.ignore) or ())
    return _identifiers_left_out(preview, spec.roles(preview.n_columns), checked) + _answers_left_out(
        preview, spec, ignored
    )


def _identifiers_left_out(preview: nc.Preview, roles: Sequence[str], checked: CheckedRoles) -> list[str]:
    """A note on each numeric column with a neutral name ('sample', 'serial', not 'id': `is_id_name`) left
    out as naming the rows (`nbviz.core.tables.whole_file.checked_roles`), saying how to keep it."""
    if not checked.identifiers:
        return []
    left_out = [j for j, _ in checked.identifiers]
    keys = [
        preview.columns[j] if preview.header else str(j)  # a file without a header: 0-based numbers
        for j, role in enumerate(roles)
        if j in left_out or role in ("feature", "categorical")
    ]
    said = "; ".join(f"{_named(preview, j)} is left out as {why}" for j, why in checked.identifiers)
    plural = len(left_out) != 1
    return [f"{said}; give --columns {','.join(keys)} to use {'them' if plural else 'it'}"]


def _named(preview: nc.Preview, j: int) -> str:
    """Column `j` as a message names it: its name quoted, or its place without a header."""
    return f"'{preview.columns[j]}'" if preview.header else f"column {j + 1}"


def _answers_left_out(preview: nc.Preview, spec: ImportSpec, ignored: set) -> list[str]:
    """A note on the text answers that the guess left out beside numeric features."""
    left_out = [
        preview.columns[j]
        for j in text_features_left_out(preview, spec.roles(preview.n_columns))
        if preview.columns[j] not in ignored and j not in ignored
    ]
    if not left_out:
        return []
    names = ",".join(left_out)
    return [
        f"text answers left out beside the numbers ({', '.join(left_out)}): a mixture takes one kind of feature; "
        f"give --columns {names} to cluster the answers"
    ]


def problem_from_args(args, notes: list[str] | None = None):
    """The `Problem` of ``args.file`` read with the reading flags; ValueError with the command line's message.

    `notes`, when given, receives one line for what reading did beside the numbers (lines skipped
    under the header; features read as text levels, with the model that chose), to say on stderr.
    """
    import os

    from .import_spec import reading_notes
    from .problem import Problem

    try:
        spec, checked = guess_from_args(args)
        dataset = spec.load()
    except nc.DataError as error:
        raise ValueError(for_command_line(error)) from None
    problem = Problem.from_dataset(dataset, load_options=spec.options())
    said = reading_notes(dataset) + _guess_notes(spec, checked, args)
    if notes is not None and said:
        if dataset.levels is not None and not getattr(args, "model", None):
            said.append(problem.family_guess.reason.rstrip("."))
        notes.append(f"{os.path.basename(args.file)}: " + "; ".join(said) + ".")
    return problem
