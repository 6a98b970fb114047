"""What the import preview says about its columns beside the summary: row numbers and text answers
left out, the lines skipped under the header, and each categorical column's levels in its heading."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

import nbviz.core as nc

from ...core.tables.columns import is_row_number, text_features_left_out

translate = QCoreApplication.translate

SHOWN_LEVELS = 4  # level names written in a column's heading; more are counted
USE_ANSWERS = "use-answers"  # the link that takes the text answers in as the features


def column_notes(preview: nc.Preview, roles: list[str]) -> list[str]:
    """A note for each column left out as a row number (its role menu takes it back), and the lines
    skipped under the header."""
    notes = [
        translate(
            "nbviz", "{0} is left out as a row number (its values rise with the line; make it a feature to use it)"
        ).format(_column_name(preview, j))
        for j, role in enumerate(roles)
        if role == "ignore" and is_row_number(preview, j)
    ]
    if preview.skipped.lines:
        notes.append(
            preview.skipped.message()
            + translate("nbviz", " (set Skip to 0 to read it)") * (preview.skipped.units is not None)
        )
    return notes


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
