"""The session formats and what a file of each may hold, so a missing checksum cannot switch checks off.

Format 1 embeds the data, format 2 may refer to a data file instead, format 3 (written since) is
either, always carries its ``checksum`` and records the referenced file's size. Files written
before checksums existed are formats 1 and 2 and hold none of the entries added since (or hold
them as null); a file
without a checksum that claims a newer format or holds a newer entry was edited, and is refused.

What the checksum protects against: damage (a flipped bit, a file cut short or merged by a sync
tool) and careless edits. What it cannot: a deliberate forger, who can recompute it; every file,
signed or not, therefore also passes the same content checks (types, shapes, ranges, and the
history's numbers recomputed on the data).
"""

from __future__ import annotations

from .session_schema import SchemaError

CHECKSUM_SINCE = 3  # the first format whose files always carry their checksum
WRITTEN = 3  # the format this nbviz writes

# Entries first written after checksums were: a file without a checksum cannot hold them.
NEWER_ENTRIES: tuple[tuple[tuple[str, ...], str], ...] = (
    ((), "explored"),
    ((), "view"),
    (("problem",), "context"),
    (("problem",), "standardization"),
    (("problem",), "X_file"),
    (("problem", "data_file"), "file_size"),
)


def check_unsigned(data: dict, version: int) -> None:
    """SchemaError unless `data`, a session without its checksum, is a genuine file of an older format.

    Parameters
    ----------
    data : dict
        The parsed session document (its format and version already checked).
    version : int
        Its format version.
    """
    if version >= CHECKSUM_SINCE:
        raise SchemaError(
            "",
            f"has no checksum, which every file of session format {version} carries: it was removed or the file "
            "was damaged; open a copy saved by nbviz",
        )
    for parents, key in NEWER_ENTRIES:
        holder: object = data
        for parent in parents:
            holder = holder.get(parent) if isinstance(holder, dict) else None
        if isinstance(holder, dict) and holder.get(key) is not None:  # null means what absence means
            where = ".".join((*parents, key))
            raise SchemaError(
                "",
                f"has no checksum but holds {where}, which only checksummed files have: it was edited; "
                "open a copy saved by nbviz",
            )
