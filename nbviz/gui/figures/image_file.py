"""Saving a picture of a widget so that a failure (a full disk, a read-only folder) leaves no file behind."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImageWriter, QPixmap

from ...app.data.files import WriteError, write_atomically


def image_format(path) -> str:
    """The image format for `path`'s suffix ("PNG", "JPG", ...), PNG when the suffix names none Qt writes."""
    suffix = Path(str(path)).suffix.lstrip(".").lower()
    known = {bytes(name.data()).decode().lower() for name in QImageWriter.supportedImageFormats()}
    return suffix.upper() if suffix in known else "PNG"


def encode_image(pixmap: QPixmap, image_format: str = "PNG") -> bytes:
    """The bytes of `pixmap` as an image file of `image_format`; WriteError if Qt cannot encode it."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    ok = pixmap.save(buffer, image_format)
    buffer.close()
    if not ok or data.isEmpty():
        raise WriteError(f"the picture could not be encoded as {image_format} ({pixmap.width()} x {pixmap.height()})")
    return bytes(data.data())


def save_image(pixmap: QPixmap, path) -> None:
    """Save `pixmap` to `path` (format from the suffix, PNG by default) whole or not at all.

    The image is encoded in memory, then written to a temporary file beside `path` that replaces it
    only when complete, so a full disk or a read-only folder leaves no empty or partial file and any
    earlier file unchanged. A target that exists and is not a regular file (a device such as
    /dev/stdout) is written directly. Raises WriteError naming the file and the reason.
    """
    write_atomically(path, encode_image(pixmap, image_format(path)))
