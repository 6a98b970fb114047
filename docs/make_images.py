"""Make the user guide's pictures with nbviz itself: its own ``--screenshot`` and ``--export-figure``.

Run from the repository after a change to what the window draws, then look at every picture::

    QT_QPA_PLATFORM=offscreen python docs/make_images.py            # all of them
    QT_QPA_PLATFORM=offscreen python docs/make_images.py bound.png  # some

Each picture is reduced to 256 colours (screenshots are flat colour, so they stay sharp) and written to
``docs/images/``. `tests/test_docs.py` checks that every picture the guide references is one of `IMAGES`,
that each exists, and that each command line below is still accepted.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
IMAGES_DIR = DOCS / "images"
DATASETS = DOCS.parent / "resources" / "datasets"

# file name -> (the flag that writes it, the rest of the command line); "{datasets}" is the bundled datasets'
# folder. Screenshots are of the whole window; figures are one plot as File → Export draws it.
IMAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "overview.png": ("--screenshot", ("--preset", "faithful", "--fit", "--size", "1280x800")),
    "stepping.png": ("--screenshot", ("--preset", "gmm-2d", "--steps", "6", "--size", "1280x800")),
    "presentation.png": (
        "--screenshot",
        ("--preset", "lecture-two-documents", "--steps", "1", "--size", "1024x768", "--presentation"),
    ),
    "digits.png": ("--screenshot", ("--preset", "digits", "--steps", "10", "--size", "1280x800")),
    "missing-cells.png": ("--screenshot", ("--preset", "missing-cells", "--steps", "8", "--size", "1280x800")),
    "survey.png": ("--screenshot", ("--preset", "survey", "--steps", "10", "--size", "1280x800")),
    "bound.png": ("--export-figure", ("--preset", "faithful", "--steps", "4", "--figure", "bound")),
    "objective.png": ("--export-figure", ("--preset", "gmm-2d", "--steps", "10", "--figure", "objective")),
    "choose-k.png": (
        "--export-figure",
        ("{datasets}/iris.csv", "--choose-k", "1-5", "--seed", "0", "--figure", "choose-k"),
    ),
}


def command_line(name: str, output: str) -> list[str]:
    """The arguments of ``nbviz`` that write picture `name` to `output`."""
    flag, arguments = IMAGES[name]
    return [argument.replace("{datasets}", str(DATASETS)) for argument in arguments] + [flag, output]


def reduce_colours(source: Path, target: Path) -> None:
    """Write `source` to `target` as a 256-colour PNG, without dithering (flat screenshot colours stay flat)."""
    from PIL import Image

    with Image.open(source) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        small.save(target, optimize=True)


def make(names: list[str]) -> int:
    from PySide6.QtWidgets import QApplication

    from nbviz.cli import main

    QApplication.instance() or QApplication(sys.argv[:1])  # a window's QApplication, not the data-only core
    IMAGES_DIR.mkdir(exist_ok=True)
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            raw = Path(folder) / name
            status = main(command_line(name, str(raw)))
            if status != 0:
                print(f"{name}: nbviz exited with status {status}", file=sys.stderr)
                failed += 1
                continue
            reduce_colours(raw, IMAGES_DIR / name)
            print(f"{IMAGES_DIR / name}: {(IMAGES_DIR / name).stat().st_size // 1024} kB")
    return 1 if failed else 0


if __name__ == "__main__":
    asked = sys.argv[1:] or list(IMAGES)
    unknown = [name for name in asked if name not in IMAGES]
    if unknown:
        raise SystemExit(f"make_images.py: unknown picture(s) {', '.join(unknown)}; choose from {', '.join(IMAGES)}")
    raise SystemExit(make(asked))
