"""Where the bundled datasets, presets and icons are, in a source checkout and in an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[2]  # nbviz/
_CANDIDATES = (_PACKAGE / "_data", _PACKAGE.parent)  # installed wheel, then the repository root


def resource_path(*parts: str) -> Path:
    """Path of a file under the top-level `resources/` or `icons/` folder (first part names which)."""
    for root in _CANDIDATES:
        path = root.joinpath(*parts)
        if path.exists():
            return path
    raise FileNotFoundError(f"bundled file {'/'.join(parts)} is missing from this installation")


def dataset_path(name: str) -> Path:
    """A bundled dataset, e.g. ``dataset_path("faithful.csv")``."""
    return resource_path("resources", "datasets", name)
