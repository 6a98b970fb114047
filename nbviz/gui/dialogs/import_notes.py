"""What the import preview says about its columns beside the summary: row numbers and text answers
left out, the lines skipped under the header, and each categorical column's levels in its heading."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication

import nbviz.core as nc

from ...app.data.import_spec import ImportSpec
from ...core.tables.columns import is_row_number, text_features_left_out

translate = QCoreApplication.translate

SHOWN_LEVELS = 4  # level names written in a column's heading; more are counted
ROW_NUMBER = "a row number (its values rise with the line)"
USE_ANSWERS = "use-answers"  # the link that takes the text answers in as the features


def column_notes(preview: nc.Preview, roles: list[str], identifiers=()) -> list[str]:
    """A note for each column left out as naming the rows (`identifiers`: (column, what and why), as
    `nbviz.core.tables.whole_file.checked_roles` found them; its role menu takes it back), and the
    lines skipped under the header."""
    found = dict(identifiers)
    rising = [(j, ROW_NUMBER) for j, role in enumerate(roles) if role == "ignore" and is_row_number(preview, j)]
    notes = [
        translate("nbviz", "{0} is left out as {1}: make it a feature to use it").format(_column_name(preview, j), why)
        for j, why in sorted({**dict(rising), **found}.items())
        if j < len(roles) and roles[j] == "ignore"
    ]
    if preview.skipped.lines:
        notes.append(
            preview.skipped.message()
            + translate("nbviz", " (set Skip to 0 to read it)") * (preview.skipped.units is not None)
        )
    return notes


def summary(dataset: nc.Dataset, spec: ImportSpec, preview: nc.Preview | None, roles: list[str], identifiers=()) -> str:
    """The preview's sentence on what Load will read: rows and features, labels, rows dropped, cells kept,
    binarising, and the columns left out (`column_notes`)."""
    n, d = dataset.X.shape
    ready = (
        translate("nbviz", "Ready to load {0} rows and {1} feature")
        if d == 1
        else translate("nbviz", "Ready to load {0} rows and {1} features")
    )
    parts = [ready.format(n, d)]
    if dataset.label_name is not None:
        assert dataset.classes is not None  # load_data sets both or neither
        parts.append(
            translate("nbviz", "labels from '{0}' ({1} classes)").format(dataset.label_name, len(dataset.classes))
        )
    if dataset.dropped_lines:
        parts.append(
            translate("nbviz", "{0} row(s) with missing values will be dropped ({1})").format(
                len(dataset.dropped_lines), lines_text(dataset.dropped_lines, preview)
            )
        )
    gaps = np.isnan(dataset.X)
    if gaps.any():
        parts.append(
            translate("nbviz", "{0} missing cell(s) in {1} row(s) are kept: EM accounts for them").format(
                int(gaps.sum()), int(gaps.any(axis=1).sum())
            )
        )
    if spec.binarise_at is not None:
        parts.append(translate("nbviz", "features become 1 where x ≥ {0:g}, else 0").format(spec.binarise_at))
    if preview is not None:
        parts.extend(column_notes(preview, roles, identifiers))
    return "; ".join(parts) + "."


def lines_text(lines, preview: nc.Preview | None) -> str:
    """ "lines 3, 7" (``.npy``: "rows 3, 7"): the first eight of `lines`, then "..."."""
    unit = "row" if preview is not None and preview.is_npy else "line"
    shown = ", ".join(map(str, lines[:8])) + (", ..." if len(lines) > 8 else "")
    one = len(lines) == 1
    if unit == "row":
        return (translate("nbviz", "row {0}") if one else translate("nbviz", "rows {0}")).format(shown)
    return (translate("nbviz", "line {0}") if one else translate("nbviz", "lines {0}")).format(shown)


def _column_name(preview: nc.Preview, j: int) -> str:
    """Column `j` as a message names it: its name quoted, or its place when it has none (R's row names)."""
    name = preview.columns[j]
    return f"'{name}'" if name.strip() else translate("nbviz", "column {0} (no name)").format(j + 1)


def answers_note(preview: nc.Preview, roles: list[str]) -> str:
    """Rich text on the text answers left out beside numeric features, with the one link that takes
    them in as categorical features instead of the numbers; "" when there are none."""
    left_out = text_features_left_out(preview, roles)
    if not left_out:
        return ""
    names = ", ".join(f"'{preview.columns[j]}'" for j in left_out)
    held = (
        translate("nbviz", "<br>{0} holds text answers, left out: ")
        if len(left_out) == 1
        else translate("nbviz", "<br>{0} hold text answers, left out: ")
    )
    return held.format(names) + translate(
        "nbviz",
        "a mixture takes numbers or levels, not both. <a href='{0}'>Cluster the answers instead</a> (they become "
        "categorical features, the numeric ones are ignored).",
    ).format(USE_ANSWERS)


def answers_roles(preview: nc.Preview, roles: list[str]) -> list[str]:
    """The roles after the link of `answers_note`: the answers left out categorical, the features ignored."""
    left_out = set(text_features_left_out(preview, roles))
    return ["categorical" if j in left_out else "ignore" if role == "feature" else role for j, role in enumerate(roles)]


def heading(name: str, levels: tuple[str, ...] | None) -> str:
    """A column's heading: its name, and under it a categorical column's levels."""
    if levels is None:
        return name
    shown = " | ".join(levels[:SHOWN_LEVELS])
    more = f" +{len(levels) - SHOWN_LEVELS}" if len(levels) > SHOWN_LEVELS else ""
    return f"{name}\n{shown}{more}"
