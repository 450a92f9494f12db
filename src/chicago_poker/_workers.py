"""Worker processes, and progress, for the shell's commands that do much work at once.

``simulate`` plays games and ``validate`` checks logs in processes started with ``spawn``:
a fresh interpreter, safe whatever threads the parent runs. Ctrl-C in a terminal interrupts
every process of the foreground group, workers included; a worker interrupted while it
imports the engine would print a traceback. Workers are therefore started with SIGINT
ignored, which they keep (an interpreter leaves an inherited ignored SIGINT as it is), and
the parent alone answers Ctrl-C by stopping them.

:class:`Progress` shows how far such a command has got, on stderr, so that its stdout stays
exactly its report.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.context import SpawnContext
from types import TracebackType
from typing import Final, TextIO

import rich.console
import rich.progress
import rich.text

__all__ = ["PROGRESS_INTERVAL", "SPAWN", "Progress", "interrupts_ignored"]

SPAWN: SpawnContext = multiprocessing.get_context("spawn")
"""The start method of every worker."""


@contextlib.contextmanager
def interrupts_ignored() -> Iterator[None]:
    """Ignore SIGINT while processes are started in this block, so that they ignore it too.

    Only the main thread may set signal handlers: called from any other thread, this does
    nothing, and the workers keep the default, as the host program's own processes would.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


PROGRESS_INTERVAL: Final = 5.0
"""Seconds between two progress lines when stderr is not a terminal."""


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
        self._shown: float | None = None  # when the last line was written, or the first item
        self._bar = _live_bar(label, unit, stream) if _is_terminal(stream) else None
        self._task = None if self._bar is None else self._bar.add_task(label, total=total)

    def __enter__(self) -> Progress:
        """Start the live bar, if there is one."""
        if self._bar is not None:
            self._bar.start()
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
        """Count one more item done; show it now or, off a terminal, when a line is due."""
        self.done += 1
        if self._bar is not None and self._task is not None:
            self._bar.advance(self._task)
            return
        now = self._clock()
        if self._shown is None:
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
        """Clear the live bar while the caller writes to ``output``, then redraw it.

        Only when ``output`` is a terminal too, which may be the screen the bar is drawn on:
        the bar then stays below what is written, instead of writing over it.
        """
        if self._bar is None or not _is_terminal(output):
            yield
            return
        self._bar.stop()
        try:
            yield
        finally:
            self._bar.start()

    def _write(self, text: str) -> None:
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):  # a closed or broken stderr: the work goes on
            pass


class _RateColumn(rich.progress.ProgressColumn):
    """The items done per second, as rich estimates it over the last half minute."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: rich.progress.Task) -> rich.text.Text:
        speed = task.speed
        shown = "?" if speed is None else f"{speed:.1f}"
        return rich.text.Text(f"{shown} {self.unit}/s", style="progress.data.speed")


def _live_bar(label: str, unit: str, stream: TextIO) -> rich.progress.Progress:
    """A rich progress display on ``stream`` that leaves stdout and stderr alone."""
    console = rich.console.Console(file=stream, force_terminal=True, highlight=False)
    return rich.progress.Progress(
        rich.progress.TextColumn("{task.description}"),
        rich.progress.BarColumn(),
        rich.progress.MofNCompleteColumn(),
        rich.progress.TextColumn(unit),
        _RateColumn(unit),
        rich.progress.TimeRemainingColumn(),
        rich.progress.TextColumn("left"),
        console=console,
        transient=True,
        redirect_stdout=False,  # stdout is the report: nothing else may pass through it
        redirect_stderr=False,
    )


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
