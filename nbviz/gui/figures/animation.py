"""Exporting a run as an animation: one frame per half-step of a range, drawn off screen.

`export_animation` draws and writes every frame in one go (the command line, tests).
`AnimationExport` does the same for the window: the frames are drawn on the GUI thread a few at a
time between events (Qt draws widgets only there), a progress dialog counts them and can cancel,
and the GIF or APNG is encoded in a worker thread; a cancelled export writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image
from PySide6.QtCore import QCoreApplication, QObject, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QProgressDialog, QWidget

from ...app.data.animation_files import AnimationWriter, FrameInfo, PillowWriter, animation_writer
from ...app.data.files import write_atomically
from ...app.data.half_steps import check_range
from ...app.jobs.background import BackgroundJob
from ...app.presentation.appearance import Appearance
from ...app.presentation.view_options import ViewOptions
from ...app.run.session import Session
from ..plots.data.data_view import DataView
from .frames import FrameViews
from .source import FigureSource

translate = QCoreApplication.translate

DEFAULT_SIZE = (960, 600)
DEFAULT_FRAME_MS = 500
FRAMES_PER_TICK = 1  # frames drawn between two turns of the event loop (0.1 to 0.3 s each)


@dataclass(frozen=True)
class AnimationChoices:
    """What an animation shows and how: half-steps `first` to `last`, each `frame_ms` long, `width` x `height`."""

    first: int
    last: int
    frame_ms: int = DEFAULT_FRAME_MS
    width: int = DEFAULT_SIZE[0]
    height: int = DEFAULT_SIZE[1]
    with_objective: bool = True

    @property
    def size(self) -> QSize:
        return QSize(self.width, self.height)


def read_choices(settings: QSettings, length: int) -> AnimationChoices:
    """The choices remembered in `settings`, for the whole of a history of `length` half-steps."""

    def number(key: str, default: int) -> int:
        try:
            return int(str(settings.value(f"animation/{key}", default)))
        except (TypeError, ValueError):  # a settings file edited by hand
            return default

    objective = str(settings.value("animation/with_objective", "true")).lower() in ("true", "1")
    return AnimationChoices(
        0,
        max(length - 1, 0),
        number("frame_ms", DEFAULT_FRAME_MS),
        number("width", DEFAULT_SIZE[0]),
        number("height", DEFAULT_SIZE[1]),
        objective,
    )


def write_choices(settings: QSettings, choices: AnimationChoices) -> None:
    """Remember the frame length, size and objective choice (not the range: it belongs to one run)."""
    settings.setValue("animation/frame_ms", choices.frame_ms)
    settings.setValue("animation/width", choices.width)
    settings.setValue("animation/height", choices.height)
    settings.setValue("animation/with_objective", choices.with_objective)


def window_services(source: FigureSource) -> dict:
    """What frames take from the window (a `FigureSource`): its appearance, view options and data view."""
    return {"appearance": source.appearance, "view_options": source.view_options, "like": source.data_view}


def to_pillow(image: QImage) -> Image.Image:
    """`image` as an RGB Pillow image (a copy)."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    data = bytes(rgb.constBits())
    return Image.frombuffer("RGB", (rgb.width(), rgb.height()), data, "raw", "RGB", rgb.bytesPerLine(), 1)


class FrameSource:
    """The frames of `choices` for `session`: off-screen views and the writer they go to.

    ValueError for a range outside the history; WriteError when the target cannot be made.
    """

    def __init__(
        self,
        session: Session,
        path: str,
        choices: AnimationChoices,
        *,
        appearance: Appearance | None = None,
        view_options: ViewOptions | None = None,
        like: DataView | None = None,
    ):
        self.indices = check_range(choices.first, choices.last, len(session.history))
        self.choices = choices
        self.writer: AnimationWriter = animation_writer(path, choices.frame_ms)
        self.views: FrameViews | None = FrameViews(
            session, with_objective=choices.with_objective, appearance=appearance, view_options=view_options, like=like
        )
        self.done = 0

    def add_next(self) -> None:
        """Draw the next frame and give it to the writer."""
        views = self.views
        assert views is not None, "the frames were all drawn, or the export was closed"
        index = self.indices[self.done]
        image = views.render(index, self.choices.size)
        objective = float(views.session.history[index].objective)
        self.writer.add(to_pillow(image), FrameInfo(index, views.caption(index), objective))
        self.done += 1

    @property
    def remaining(self) -> int:
        return len(self.indices) - self.done

    def close(self) -> None:
        """Delete the off-screen views (again: nothing)."""
        if self.views is not None:
            self.views.close()
            self.views = None


def export_animation(session: Session, path: str, choices: AnimationChoices, **services) -> None:
    """Write the animation of `choices` to `path` now (format from the path).

    `services` are the window's appearance, view_options and data view (``like``), all optional.
    ValueError for a bad range, size or path; WriteError when it cannot be written (nothing is).
    """
    source = FrameSource(session, path, choices, **services)
    try:
        while source.remaining:
            source.add_next()
    except BaseException:
        source.writer.abort()
        raise
    finally:
        source.close()
    source.writer.finish()


class AnimationExport(QObject):
    """The window's export of an animation, with a progress dialog and Cancel.

    Signals
    -------
    finished(str) : "" once written, else why not ("Cancelled." when the user cancelled)
    """

    finished = Signal(str)

    def __init__(self, source: FrameSource, parent: QWidget):
        super().__init__(parent)
        self.source = source
        total = len(source.indices)
        self.progress = QProgressDialog(
            translate("nbviz", "Drawing {0} frames…").format(total), translate("nbviz", "Cancel"), 0, total + 1, parent
        )
        self.progress.setWindowTitle(translate("nbviz", "Exporting the animation"))
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(0)
        self.progress.canceled.connect(self.cancel)
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._tick)
        self._job = BackgroundJob(self, on_finished=self._encoded)
        self._ended = False
        self._drawing = False

    def start(self) -> None:
        self.progress.setValue(0)
        self._timer.start()

    def _tick(self) -> None:
        if self._drawing or self._ended:  # a modal progress dialog turns the event loop inside setValue
            return
        self._drawing = True
        try:
            for _ in range(min(FRAMES_PER_TICK, self.source.remaining)):
                self.source.add_next()
            self.progress.setValue(self.source.done)
        except (ValueError, OSError) as error:
            self._end(str(error))
            return
        finally:
            self._drawing = False
        if self.source.remaining or self._ended:  # more to draw, or cancelled meanwhile
            return
        self._timer.stop()
        self.source.close()
        writer = self.source.writer
        if isinstance(writer, PillowWriter):
            self.progress.setLabelText(translate("nbviz", "Encoding the frames…"))
            encode = writer.encoder()  # its own list of the frames: Cancel may drop the writer's meanwhile
            self._job.start(lambda job: encode())
        else:
            self._write(lambda: writer.finish())

    def _encoded(self, data, error: str) -> None:
        if self._ended:
            return
        if data is None:
            self._end(error or translate("nbviz", "The frames could not be encoded."))
            return
        path = self.source.writer.path
        self._write(lambda: write_atomically(path, data))

    def _write(self, write) -> None:
        try:
            write()
        except (OSError, ValueError) as error:
            self._end(str(error))
            return
        self._end("")

    def cancel(self) -> None:
        """Stop: nothing is written (an encoding under way finishes in its thread and is dropped)."""
        if not self._ended:
            self._end("Cancelled.")

    def _end(self, reason: str) -> None:
        self._ended = True
        self._timer.stop()
        if reason:
            self.source.writer.abort()
        self.source.close()
        self.progress.canceled.disconnect(self.cancel)
        self.progress.reset()
        self.progress.deleteLater()
        self.finished.emit(reason)
        self.deleteLater()  # an encoding still under way ends in its thread and is dropped (see BackgroundJob)


def export_for_command_line(window: FigureSource, path: str, frame_ms: int | None, size: str | None) -> str | None:
    """``--export-animation PATH``: every half-step of `window`'s run, `frame_ms` each, frames of
    `size` ("WxH", default `DEFAULT_SIZE`); None, or the one-line reason nothing was written."""
    from ...app.presentation.window_size import parse_size
    from ...core.params import check_integer

    try:
        ms = DEFAULT_FRAME_MS if frame_ms is None else check_integer(frame_ms, "--frame-ms", low=10)
        width, height = parse_size(size) if size is not None else DEFAULT_SIZE
    except ValueError as error:
        return str(error)
    try:
        length = len(window.session.history)
        choices = AnimationChoices(0, max(length - 1, 0), ms, width, height)
        export_animation(window.session, path, choices, **window_services(window))
    except (ValueError, OSError) as error:
        return f"--export-animation: {error}"  # the reason names the path
    return None
