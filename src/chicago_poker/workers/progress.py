"""How far a long command has got, on stderr, so that its stdout stays exactly its report."""

from __future__ import annotations

import contextlib
import io
import os
import time
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Final, TextIO, cast

if TYPE_CHECKING:
    import rich.progress

__all__ = ["PROGRESS_INTERVAL", "Progress"]

PROGRESS_INTERVAL: Final = 5.0
"""Seconds between two progress lines when stderr is not a terminal."""

_REDRAW: Final = 0.1
"""Seconds between two drawings of the live bar."""


class Progress:
    """How far a command has got through ``total`` items, shown on ``stream`` (stderr).

    On a terminal, a live bar (from rich) with the count, the rate and the time left, cleared
    when the work ends. Anywhere else (a pipe, a file, a CI log), a plain line at most every
    ``interval`` seconds, written as an item is done, the first one ``interval`` seconds
    after the first item: a long run piped elsewhere is never silent, while a run that ends
    sooner writes nothing. Use it as a context manager, and call :meth:`advance` as each
    item is done. Progress never stops the work: a stream that cannot be written is left
    alone.

    >>> import io
    >>> with Progress("simulating", 2, io.StringIO(), unit="games", interval=0) as progress:
    ...     progress.advance()
    ...     progress.line()
    'simulating: 1/2 games (50%), ...'
    """

    def __init__(
        self,
        label: str,
        total: int,
        stream: TextIO,
        *,
        unit: str,
        interval: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Count ``total`` items of ``unit`` (a plural such as ``"games"``), none done yet.

        ``interval`` is in seconds; None means :data:`PROGRESS_INTERVAL`.
        """
        self.label, self.total, self.unit = label, total, unit
        self.interval = PROGRESS_INTERVAL if interval is None else interval
        self.done = 0
        self._stream, self._clock = stream, clock
        self._started = clock()
        self._shown: float | None = None  # when the bar or the last line was drawn
        self._drawn = False  # whether the bar is on the screen
        self._screen = _Screen(stream)
        self._bar = _live_bar(label, unit, self._screen) if _is_terminal(stream) else None
        self._task = None if self._bar is None else self._bar.add_task(label, total=total)

    def __enter__(self) -> Progress:
        """Start the live bar, if there is one."""
        if self._bar is not None:
            self._bar.start()
            self._shown, self._drawn = self._clock(), True
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Stop the live bar and clear it from the terminal."""
        if self._bar is not None:
            self._bar.stop()

    def advance(self) -> None:
        """Count one more item done; show it when the bar or a line is due."""
        self.done += 1
        if self._bar is not None and self._task is not None:
            self._bar.advance(self._task)
            self._draw_when_due()
            return
        now = self._clock()
        if self._shown is None:  # the first item starts the interval
            self._shown = now
        elif now - self._shown >= self.interval:
            self._shown = now
            self._write(self.line() + "\n")

    def line(self) -> str:
        """The plain progress line: the count, the share done, the rate and the time left."""
        elapsed = max(self._clock() - self._started, 1e-9)
        rate = self.done / elapsed
        share = 100 * self.done // max(self.total, 1)
        left = _duration((self.total - self.done) / rate) if rate else "?"
        return (
            f"{self.label}: {self.done}/{self.total} {self.unit} ({share}%), "
            f"{rate:.1f} {self.unit}/s, {left} left"
        )

    @contextlib.contextmanager
    def paused(self, output: TextIO) -> Iterator[None]:
        """Clear the live bar while the caller writes lines to ``output``, then redraw it.

        Only when ``output`` is a terminal too, which may be the screen the bar is drawn on:
        the bar then stays below what is written, instead of writing over it.
        """
        if self._bar is None or not _is_terminal(output):
            yield
            return
        if self._drawn:
            self._write("\r\x1b[2K")  # erase the bar: what the caller writes takes its line
            self._drawn = False
        try:
            yield
        finally:
            self._draw_when_due()  # on the line below what was written

    def _draw_when_due(self) -> None:
        """Draw the live bar, at most every :data:`_REDRAW` seconds: drawing takes a while.

        A bar erased for output in between is put back at once as it was last drawn.
        """
        now = self._clock()
        if self._bar is not None and (self._shown is None or now - self._shown >= _REDRAW):
            self._shown = now
            self._bar.refresh()
        elif not self._drawn:
            self._write(self._screen.last)
        self._drawn = True

    def _write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):  # a closed stderr: the work goes on
            self._stream.write(text)
            self._stream.flush()


class _Screen(io.TextIOBase):
    """The terminal the live bar is drawn on, which keeps the last drawing to put it back."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self.last = ""

    def write(self, text: str) -> int:
        """Write ``text`` to the terminal, and keep it."""
        self.last = text
        with contextlib.suppress(OSError, ValueError):  # a closed terminal: the work goes on
            self.stream.write(text)
        return len(text)

    def flush(self) -> None:
        """Flush the terminal."""
        with contextlib.suppress(OSError, ValueError):
            self.stream.flush()

    def isatty(self) -> bool:
        """A terminal, as :class:`Progress` found."""
        return True


def _live_bar(label: str, unit: str, stream: _Screen) -> rich.progress.Progress:
    """A rich progress display on ``stream`` that leaves stdout and stderr alone."""
    # Imported here, on a terminal only: worker processes import this module, and rich
    # would add a tenth of a second to the start of each.
    import rich.console
    import rich.progress

    # rich only writes to its file, flushes it and asks isatty, which a _Screen does.
    screen = cast("TextIO", stream)
    console = rich.console.Console(file=screen, force_terminal=True, highlight=False)
    return rich.progress.Progress(
        *_columns(unit),
        console=console,
        auto_refresh=False,  # drawn as items are done: no thread draws while stdout writes
        transient=True,
        redirect_stdout=False,  # stdout is the report: nothing else may pass through it
        redirect_stderr=False,
    )


def _columns(unit: str) -> list[rich.progress.ProgressColumn]:
    """The bar's columns: the label, the bar, done of all, the rate and the time left."""
    import rich.progress

    return [
        rich.progress.TextColumn("{task.description}"),
        rich.progress.BarColumn(),
        rich.progress.MofNCompleteColumn(),
        rich.progress.TextColumn(unit),
        _rate_column(unit),
        rich.progress.TimeRemainingColumn(),
        rich.progress.TextColumn("left"),
    ]


def _rate_column(unit: str) -> rich.progress.ProgressColumn:
    """A column of the items done per second, as rich estimates it over the last 30 s."""
    import rich.progress
    import rich.text

    class RateColumn(rich.progress.ProgressColumn):
        def render(self, task: rich.progress.Task) -> rich.text.Text:
            shown = "?" if task.speed is None else f"{task.speed:.1f}"
            return rich.text.Text(f"{shown} {unit}/s", style="progress.data.speed")

    return RateColumn()


def _is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal that can redraw a line in place."""
    try:
        return stream.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, ValueError):  # no isatty, or a closed file
        return False


def _duration(seconds: float) -> str:
    """``seconds`` as ``H:MM:SS``, as rich shows the time left."""
    whole = round(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


# ---------------------------------------------------------------------- spreading the work
