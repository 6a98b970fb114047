"""A data file's columns as the reader sees them: their names, which are chosen for what, and the
messages that name a column (``<file>, line N, column 'c': ...``)."""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from .data_errors import DataError
from .dialect import DELIMITER_WORDS


@dataclass(frozen=True)
class FileTable:
    """The file's columns, to resolve column choices and write error messages."""

    path: str
    names: tuple[str, ...] | None  # header names of all file columns; None without a header
    n_columns: int
    unit: str = "line"  # "line" for text files, "row" for .npy arrays

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    def column(self, j: int) -> tuple[str, str]:
        """(phrase for messages, ``DataError.column``) of the 0-based file column `j`."""
        if self.names is None:
            return f"column {j + 1}", str(j + 1)
        return f"column '{self.names[j]}'", self.names[j]

    def error(self, what: str, line: int | None = None, j: int | None = None, remedy: str | None = None) -> DataError:
        """DataError reading ``<file>, line N, column 'c': <what>``."""
        phrase, column = self.column(j) if j is not None else (None, None)
        where = ", ".join(p for p in (self.name, line and f"{self.unit} {line}", phrase) if p)
        return DataError(
            f"{where}: {what}",
            path=self.path,
            column=column,
            line=line if self.unit == "line" else None,
            remedy=remedy,
        )

    def available(self) -> str:
        """The columns a user may choose from, with their 0-based numbers."""
        if self.names is None:
            kind = "the file has no header" if self.unit == "line" else "a .npy has no column names"
            return f"{kind}, so give a 0-based column number from 0 to {self.n_columns - 1}"
        return "the columns are " + ", ".join(f"{j}: '{name}'" for j, name in enumerate(self.names))


def choose_columns(table: FileTable, label_column, feature_columns) -> tuple[int | None, list[int]]:
    """0-based file indices of the label column (or None) and of the feature columns."""
    label_j = None if label_column is None else column_index(table, label_column, "label column")
    if feature_columns is None:
        feature_js = [j for j in range(table.n_columns) if j != label_j]
    else:
        if isinstance(feature_columns, (str, int, np.integer)):
            feature_columns = [feature_columns]
        feature_js = [column_index(table, key, "feature column") for key in feature_columns]
        for j in feature_js:
            if feature_js.count(j) > 1 or j == label_j:
                role = "the label column" if j == label_j else "chosen twice as a feature"
                raise DataError(
                    f"{table.name}: {table.column(j)[0]} is {role}", path=table.path, column=table.column(j)[1]
                )
    if not feature_js:
        if feature_columns is not None:
            why = "feature_columns is empty"
        else:
            assert label_j is not None  # every column but the label column is a feature
            why = f"its only column, {table.column(label_j)[0]}, is the label column"
        raise DataError(f"{table.name} has no feature column: {why}", path=table.path)
    return label_j, feature_js


def column_index(table: FileTable, key, role: str) -> int:
    """0-based file index of the column named or numbered by `key`."""
    if isinstance(key, str):
        if table.names is None:
            raise DataError(f"{table.name}: no {role} named '{key}': {table.available()}", path=table.path)
        matches = [j for j, name in enumerate(table.names) if name == key.strip()]
        if len(matches) != 1:
            problem = "names more than one column" if matches else "does not exist"
            raise DataError(f"{table.name}: the {role} '{key}' {problem}; {table.available()}", path=table.path)
        return matches[0]
    if isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
        if -table.n_columns <= key < table.n_columns:
            return int(key) % table.n_columns
        raise DataError(f"{table.name}: there is no {role} {key}; {table.available()}", path=table.path)
    raise DataError(f"a {role} must be a column name or a 0-based column number; got {key!r}", path=table.path)


def check_ragged(table: FileTable, rows: list, delimiter: str, first_line: int) -> None:
    """DataError for the first row whose number of fields differs from the first row's."""
    for line, fields in rows:
        if len(fields) != table.n_columns:
            reference = "the header" if table.names is not None else f"line {first_line}"
            separator = DELIMITER_WORDS.get(delimiter, repr(delimiter))
            raise DataError(
                f"{table.name}, line {line} has {len(fields)} fields but {reference} "
                f"has {table.n_columns} (fields are separated by {separator})",
                path=table.path,
                line=line,
            )


def level_columns(table: FileTable, categorical_columns, feature_js: list[int]) -> set[int]:
    """0-based file indices of the feature columns read as levels; DataError for a column that is
    not a feature. Numeric features may stand beside them (a mixed table)."""
    if not categorical_columns:
        return set()
    if isinstance(categorical_columns, (str, int, np.integer)):
        categorical_columns = [categorical_columns]
    chosen = {column_index(table, key, "categorical column") for key in categorical_columns}
    for j in sorted(chosen - set(feature_js)):
        raise DataError(f"{table.name}: {table.column(j)[0]} is categorical but not a feature column", path=table.path)
    return chosen
