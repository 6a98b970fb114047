"""Writing an animation's frames: an animated GIF, an animated PNG (APNG), or a folder of numbered PNGs.

The format follows the path (`animation_format`). A writer takes the frames one by one (`add`) and
writes the file only in `finish`, whole or not at all: an aborted or failed export leaves no
partial file (a folder of PNGs is filled in a hidden folder beside it, moved in place at the end).
Each file says which half-step each frame shows: a JSON list (``METADATA_KEY``) in the GIF's
comment or the APNG's text chunk, and each PNG of a series has its own caption and entry.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from PIL import Image, PngImagePlugin

from .files import WriteError, write_atomically

METADATA_KEY = "nbviz-frames"  # the PNG text chunk (and the JSON key in a GIF comment) listing the frames
SERIES_NAME = "frame-{:04d}.png"
SERIES_PATTERN = re.compile(r"frame-\d{4,}\.png")
FORMATS = {".gif": "gif", ".png": "apng", ".apng": "apng"}
FORMAT_TEXT = "an animated GIF (.gif), an animated PNG (.png or .apng), or a folder of PNGs (a path ending in /)"


@dataclass(frozen=True)
class FrameInfo:
    """What one frame shows: its half-step of the history, the caption drawn on it and the objective."""

    half_step: int
    caption: str
    objective: float


def animation_format(path: str) -> str:
    """ "gif", "apng" or "series" (a folder: a path ending in a separator, or an existing folder).

    Raises ValueError naming the formats for another path.
    """
    text = str(path)
    if text.endswith(("/", os.sep)) or Path(text).is_dir():
        return "series"
    suffix = Path(text).suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"{path}: an animation is {FORMAT_TEXT}; got {suffix or 'no suffix'}")
    return FORMATS[suffix]


def _metadata(frames: list[FrameInfo], frame_ms: int) -> str:
    return json.dumps({"frame_ms": frame_ms, "frames": [asdict(frame) for frame in frames]})


class AnimationWriter:
    """Collects frames and writes them to `path` in `finish` (base of the formats' writers).

    Parameters
    ----------
    path : str
    frame_ms : int
        How long each frame is shown, in milliseconds (GIF rounds it to hundredths of a second).
    """

    def __init__(self, path: str, frame_ms: int):
        if frame_ms < 10:
            raise ValueError(f"a frame shown for {frame_ms} ms is too short; use at least 10 ms")
        self.path = str(path)
        self.frame_ms = int(frame_ms)
        self.frames: list[FrameInfo] = []

    def add(self, image: Image.Image, info: FrameInfo) -> None:
        """Take the next frame (an RGB image; every frame the same size)."""
        self.frames.append(info)
        self._add(image)

    def _add(self, image: Image.Image) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        """Write the file (or folder); WriteError (nothing written) if it cannot be."""
        raise NotImplementedError

    def abort(self) -> None:
        """Drop the frames taken; nothing is written (and nothing left behind)."""
        self.frames = []


class PillowWriter(AnimationWriter):
    """An animated GIF or APNG, encoded by Pillow in `finish` (the slow part: it may run off the GUI thread)."""

    def __init__(self, path: str, frame_ms: int, kind: str):
        super().__init__(path, frame_ms)
        self.kind = kind
        self._images: list[Image.Image] = []

    def _add(self, image: Image.Image) -> None:
        if self.kind == "gif":  # a palette per frame, made now: smooth shading, no dithering noise
            image = image.quantize(255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        self._images.append(image)

    def encoder(self) -> Callable[[], bytes]:
        """A function that returns the file's bytes from the frames taken so far.

        It holds its own list of them, so it may run in another thread while this writer is aborted.
        """
        if not self._images:
            raise ValueError("an animation needs at least one frame")
        first, rest = self._images[0], self._images[1:]
        metadata = _metadata(self.frames, self.frame_ms)
        common = {"save_all": True, "append_images": rest, "duration": self.frame_ms, "loop": 0}
        kind = self.kind

        def encode() -> bytes:
            buffer = io.BytesIO()
            if kind == "gif":
                first.save(buffer, "GIF", comment=metadata.encode(), **common)
            else:
                info = PngImagePlugin.PngInfo()
                info.add_text(METADATA_KEY, metadata)
                first.save(buffer, "PNG", pnginfo=info, **common)
            return buffer.getvalue()

        return encode

    def encoded(self) -> bytes:
        """The file's bytes."""
        return self.encoder()()

    def finish(self) -> None:
        write_atomically(self.path, self.encoded())

    def abort(self) -> None:
        super().abort()
        self._images = []


class SeriesWriter(AnimationWriter):
    """A folder of numbered PNGs (frame-0000.png, ...), each with its caption and FrameInfo as text.

    The frames go to a hidden folder beside the target as they come; `finish` moves them in (an
    existing folder keeps its other files, but loses the numbered frames of an earlier export).
    """

    def __init__(self, path: str, frame_ms: int):
        super().__init__(path, frame_ms)
        target = Path(self.path)
        if target.exists() and not target.is_dir():
            raise WriteError(f"{target}: is a file, not a folder; choose a folder for the PNG frames")
        try:
            self._temporary = Path(tempfile.mkdtemp(prefix=f".{target.name}.partial-", dir=target.parent))
        except OSError as error:
            raise WriteError(f"{target}: the folder cannot be made ({error.strerror or error})") from None

    def _add(self, image: Image.Image) -> None:
        info = self.frames[-1]
        text = PngImagePlugin.PngInfo()
        text.add_text("Description", info.caption)
        text.add_text(METADATA_KEY, json.dumps(asdict(info)))
        name = self._temporary / SERIES_NAME.format(len(self.frames) - 1)
        try:
            image.save(name, "PNG", pnginfo=text)
        except OSError as error:
            self.abort()
            raise WriteError(f"{name}: could not be saved ({error.strerror or error}); is the disk full?") from None

    def finish(self) -> None:
        target = Path(self.path)
        try:
            if not target.exists():
                self._temporary.chmod(0o755)  # made private while it was being filled
                self._temporary.rename(target)
                return
            for old in target.iterdir():
                if SERIES_PATTERN.fullmatch(old.name):
                    old.unlink()
            for new in sorted(self._temporary.iterdir()):
                os.replace(new, target / new.name)
        except OSError as error:
            raise WriteError(f"{target}: the frames could not be moved in ({error.strerror or error})") from None
        finally:
            shutil.rmtree(self._temporary, ignore_errors=True)

    def abort(self) -> None:
        super().abort()
        shutil.rmtree(self._temporary, ignore_errors=True)


def animation_writer(path: str, frame_ms: int) -> AnimationWriter:
    """The writer for `path`'s format (`animation_format`); ValueError or WriteError if there is none."""
    kind = animation_format(path)
    if kind == "series":
        return SeriesWriter(path, frame_ms)
    return PillowWriter(path, frame_ms, kind)
