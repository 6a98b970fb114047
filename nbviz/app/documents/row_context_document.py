"""A data file's row context (ignored columns, dropped rows) in a session document, and back.

An embedded session keeps ``problem.context`` so that an export after reopening joins back to the
file as it did before; a session that refers to its data file reads the context from the file.
"""

from __future__ import annotations

import numpy as np

from nbviz.core.tables.row_context import DroppedRow, RowContext

from .session_schema import SchemaError, a_dict, a_list, a_string, an_int, entry, shown

CONTEXT_KEYS = ("ignored_columns", "ignored_cells", "dropped_rows")
DROPPED_KEYS = ("line", "features", "label", "ignored", "reason")


def context_to_dict(context: RowContext | None) -> dict | None:
    """JSON-ready `context` (None stays None)."""
    if context is None:
        return None
    return {
        "ignored_columns": list(context.ignored_columns),
        "ignored_cells": None if context.ignored_cells is None else context.ignored_cells.tolist(),
        "dropped_rows": [
            {
                "line": row.line,
                "features": list(row.features),
                "label": row.label,
                "ignored": list(row.ignored),
                "reason": row.reason,
            }
            for row in context.dropped_rows
        ],
    }


def _texts(value, where: str, length: int) -> tuple[str, ...]:
    """A list of exactly `length` strings."""
    items = a_list(value, where)
    if len(items) != length:
        raise SchemaError(where, f"must have {length} entries; got {len(items)}")
    return tuple(a_string(item, f"{where}[{i}]") or "" for i, item in enumerate(items))


def context_from_dict(value, where: str, n_samples: int, n_features: int) -> RowContext | None:
    """The `RowContext` of a session's ``problem.context``, every entry checked; SchemaError naming it."""
    if value is None:
        return None
    data = a_dict(value, where)
    unknown = sorted(set(data) - set(CONTEXT_KEYS))
    if unknown:
        raise SchemaError(where, f"has an unknown entry {shown(unknown[0])}")
    names = a_list(entry(data, "ignored_columns", where), f"{where}.ignored_columns")
    columns = _texts(names, f"{where}.ignored_columns", len(names))
    cells = data.get("ignored_cells")
    if cells is not None or columns:
        rows = a_list(cells, f"{where}.ignored_cells")
        if len(rows) != n_samples:
            raise SchemaError(
                f"{where}.ignored_cells", f"must have one entry per data row ({n_samples}); got {len(rows)}"
            )
        cells = [_texts(row, f"{where}.ignored_cells[{n}]", len(columns)) for n, row in enumerate(rows)]
    dropped = []
    for i, item in enumerate(a_list(data.get("dropped_rows", []), f"{where}.dropped_rows")):
        at = f"{where}.dropped_rows[{i}]"
        row = a_dict(item, at)
        unknown = sorted(set(row) - set(DROPPED_KEYS))
        if unknown:
            raise SchemaError(at, f"has an unknown entry {shown(unknown[0])}")
        dropped.append(
            DroppedRow(
                an_int(entry(row, "line", at), f"{at}.line", low=1),
                _texts(entry(row, "features", at), f"{at}.features", n_features),
                a_string(row.get("label"), f"{at}.label", optional=True),
                _texts(entry(row, "ignored", at), f"{at}.ignored", len(columns)),
                a_string(entry(row, "reason", at), f"{at}.reason") or "",
            )
        )
    return RowContext(columns, None if cells is None else np.array(cells, dtype=np.str_), tuple(dropped))
