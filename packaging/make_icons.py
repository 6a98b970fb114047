"""Write the app's and the session's icons for the bundles: Windows ``.ico`` and macOS ``.icns``.

They are drawn from ``icons/nbviz.svg`` (`nbviz.desktop.icons`) when the bundle is built, so the
repository keeps the SVG only. The PyInstaller spec calls `make_icons`; by hand:
``python packaging/make_icons.py FOLDER``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from nbviz.desktop.icons import write_icns, write_ico
from nbviz.desktop.identity import APP_ID, SESSION_ICON


def make_icons(folder: Path) -> dict[str, Path]:
    """Write ``nbviz.ico``, ``nbviz.icns``, ``nbviz-session.ico`` and ``nbviz-session.icns`` into `folder`.

    Returns
    -------
    dict
        ``{"nbviz.ico": path, ...}``, by file name.
    """
    folder.mkdir(parents=True, exist_ok=True)
    written = {}
    for stem, document in ((APP_ID, False), (SESSION_ICON, True)):
        for suffix, write in ((".ico", write_ico), (".icns", write_icns)):
            path = folder / f"{stem}{suffix}"
            write(path, document=document)
            written[path.name] = path
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python packaging/make_icons.py FOLDER")
    for path in make_icons(Path(sys.argv[1])).values():
        print(path)
