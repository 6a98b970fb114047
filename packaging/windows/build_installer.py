"""Build the Windows installer from a built bundle: ``python packaging/windows/build_installer.py dist/nbviz``.

Writes the include files (`make_includes`) and the installer's icon into ``build/nsis``, then runs
``makensis`` on ``nbviz.nsi``; the installer is ``dist/nbviz-<version>-setup.exe``. ``--fast`` stores
the files uncompressed (for checking). makensis runs on Windows and on Linux (Debian: ``nsis``).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from make_icons import make_icons  # noqa: E402
from make_includes import write_includes  # noqa: E402

from nbviz import __version__  # noqa: E402
from nbviz.desktop.identity import APP_ID  # noqa: E402


def build_installer(bundle: Path, installer: Path, work: Path, fast: bool = False) -> Path:
    """Compile the installer of `bundle` into `installer`; returns it. Raises RuntimeError when makensis fails."""
    makensis = shutil.which("makensis")
    if makensis is None:
        raise RuntimeError("makensis is not installed (Windows: nsis.sourceforge.io; Debian: apt-get install nsis)")
    icons = make_icons(work / "icons")
    write_includes(bundle, work, installer, icons[f"{APP_ID}.ico"])
    installer.parent.mkdir(parents=True, exist_ok=True)
    command = [makensis, "-V2", f"-DINCLUDES={work.resolve()}"] + (["-DFAST"] if fast else [])
    result = subprocess.run([*command, str(HERE / "nbviz.nsi")], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"makensis failed:\n{result.stdout}{result.stderr}")
    return installer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path, help="PyInstaller's dist/nbviz folder")
    parser.add_argument("--output", type=Path, help="the installer (default: dist/nbviz-VERSION-setup.exe)")
    parser.add_argument("--work", type=Path, default=Path("build/nsis"), help="where the include files go")
    parser.add_argument("--fast", action="store_true", help="store the files uncompressed")
    args = parser.parse_args()
    output = args.output or args.bundle.parent / f"{APP_ID}-{__version__}-setup.exe"
    try:
        print(build_installer(args.bundle, output, args.work, args.fast))
    except (RuntimeError, FileNotFoundError) as error:
        print(f"build_installer: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
