"""Worker processes, and progress, for the shell's commands that do much work at once.

``simulate`` plays games and ``validate`` checks logs in worker processes. On Linux, a
process that runs no thread but its main one forks them (:func:`start_method`): a forked
worker starts at once, with the engine already imported, where a worker started with
``spawn``, a fresh interpreter, imports it again, which costs as much as checking a few
dozen logs. Forking a process that runs other threads is not safe (a lock one of them holds
stays held in the child), so such a process, and any other system, uses ``spawn``.

Ctrl-C in a terminal interrupts every process of the foreground group, workers included; a
worker interrupted while it imports the engine would print a traceback. Workers are
therefore started with SIGINT ignored, which they keep (a forked process inherits it, and an
interpreter leaves an inherited ignored SIGINT as it is), and the parent alone answers
Ctrl-C by stopping them.

:class:`Progress` shows how far such a command has got, on stderr, so that its stdout stays
exactly its report.

:func:`in_order` is the one way work is spread: in worker processes of this machine
(``workers=N``), or on the workers of a Dask cluster (``scheduler=ADDRESS``, with the
``distributed`` package of the ``cluster`` extra). Either way the results come back in the
order of the items, each as soon as it and every one before it are known, with a bounded
number of items in hand, and the work not yet begun is dropped when the caller stops early
or is interrupted.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import itertools
import logging
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext, SpawnContext
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, Generic, TextIO, TypeVar, cast

from chicago_poker.core.errors import ChicagoPokerError, InvalidArgumentError, short_repr

if TYPE_CHECKING:
    import rich.progress

__all__ = [
    "CONNECT_TIMEOUT",
    "IN_HAND",
    "PROGRESS_INTERVAL",
    "SPAWN",
    "ClusterError",
    "Progress",
    "WorkerLostError",
    "check_spread",
    "in_order",
    "interrupts_ignored",
    "scheduler_address",
    "scheduler_argument",
    "start_method",
]

_Item = TypeVar("_Item")
_Result = TypeVar("_Result")

SPAWN: SpawnContext = multiprocessing.get_context("spawn")
"""The start method of workers where forking is not safe (see :func:`start_method`)."""


def start_method() -> BaseContext:
    """How to start worker processes now: ``fork`` where it is safe, else :data:`SPAWN`.

    Safe on Linux, in a process running its main thread alone, as ``forkserver`` forks
    from a process of one thread. macOS's system libraries are not safe to use after a
    fork, and Windows has no fork.
    """
    if sys.platform == "linux" and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return SPAWN


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

CONNECT_TIMEOUT: Final = 10.0
"""Seconds to wait for a cluster's scheduler to answer, and again for it to have a worker."""

IN_HAND: Final = 4
"""Chunks in hand for each worker (each thread of a cluster's workers): enough to keep every
worker busy while the results are taken in order, few enough to bound memory."""

_PATIENCE: Final = 1.0
"""Seconds between two checks that a cluster can still give the result waited for."""

CLUSTER_EXTRA: Final = 'pip install "chicago-poker[cluster]"'
"""How to install what ``scheduler=`` needs."""

_ADDRESS: Final = re.compile(
    r"(?:(?P<protocol>tcp|tls)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]*)"
    r":(?P<port>[0-9]{1,5})"
)


class ClusterError(ChicagoPokerError):
    """The cluster named cannot do the work.

    ``distributed`` is not installed, the scheduler does not answer or has no worker, or its
    workers cannot run chicago_poker.
    """


class WorkerLostError(ChicagoPokerError):
    """A worker stopped (killed, or out of memory) while it had an item in hand."""


def scheduler_address(text: str) -> str:
    """``text`` as the address of a Dask scheduler, ``PROTOCOL://HOST:PORT``.

    The protocol, ``tcp`` or ``tls``, defaults to ``tcp``.

    Raises:
        InvalidArgumentError: ``text`` is not such an address.

    >>> scheduler_address("10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    """
    match = _ADDRESS.fullmatch(text) if isinstance(text, str) else None
    if match is None or not 0 < int(match["port"]) < 65536:
        raise InvalidArgumentError(
            f"{short_repr(text)} is not a scheduler address: give tcp://HOST:PORT, "
            "such as tcp://10.0.0.5:8786"
        )
    return f"{match['protocol'] or 'tcp'}://{match['host']}:{int(match['port'])}"


def scheduler_argument(text: str) -> str:
    """Read ``--scheduler`` for argparse: :func:`scheduler_address`, its error as argparse's."""
    try:
        return scheduler_address(text)
    except InvalidArgumentError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def check_spread(function: str, workers: int, scheduler: str | None) -> str | None:
    """The scheduler's address as :func:`scheduler_address` writes it, or None.

    Raises:
        InvalidArgumentError: A malformed address, or both a scheduler and ``workers``
            over 1: the work goes to one or the other.
    """
    if scheduler is None:
        return None
    if workers != 1:
        raise InvalidArgumentError(
            f"{function}: give workers or a scheduler, not both (workers={workers})"
        )
    try:
        return scheduler_address(scheduler)
    except InvalidArgumentError as error:
        raise InvalidArgumentError(f"{function}: scheduler: {error}") from None


def in_order(
    task: Callable[[_Item], _Result],
    items: Sequence[_Item],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    chunk: int = 1,
    lost: Callable[[_Item], _Result] | None = None,
) -> Iterator[_Result]:
    """``task`` of each item, in the order of ``items``, done by workers.

    The items go ``chunk`` at a time to ``workers`` processes of this machine, or to the
    cluster whose scheduler is at ``scheduler`` (an address as :func:`check_spread` gives).
    ``task`` must be a module-level function, and the items picklable. Each result comes as
    soon as it and every one before it are known; at most :data:`IN_HAND` chunks per worker
    are in hand. When the caller stops early or is interrupted, the work not yet begun is
    dropped.

    Raises:
        ClusterError: The cluster cannot be used (see :class:`ClusterError`).
        WorkerLostError: A worker stopped with an item in hand, and ``lost`` is None; else
            ``lost(item)`` stands for its result.
    """
    chunks = [tuple(items[start : start + chunk]) for start in range(0, len(items), chunk)]
    opened = _processes(workers, len(chunks)) if scheduler is None else _cluster(scheduler)
    with opened as pool:
        yield from pool.results(task, chunks, lost)


def _run_chunk(task: Callable[[_Item], _Result], chunk: tuple[_Item, ...]) -> list[_Result]:
    """What a worker runs: ``task`` of each item of a chunk."""
    return [task(item) for item in chunk]


class _Pool(Generic[_Item, _Result]):
    """An executor, how many chunks it can work on at once, and how it loses a worker.

    ``connected`` says whether the executor can still give results: a cluster's client that
    gave up on its scheduler cannot, and a result waited for would never come.
    """

    def __init__(
        self,
        executor: Executor,
        slots: int,
        died: tuple[type[BaseException], ...],
        connected: Callable[[], bool] = lambda: True,
    ):
        self.executor, self.slots, self.died = executor, slots, died
        self.connected = connected
        self.in_hand: collections.deque[tuple[tuple[Any, ...], Future[list[Any]]]]
        self.in_hand = collections.deque()

    def results(
        self,
        task: Callable[[_Item], _Result],
        chunks: Sequence[tuple[_Item, ...]],
        lost: Callable[[_Item], _Result] | None,
    ) -> Iterator[_Result]:
        """The results of the chunks, in order, with at most IN_HAND chunks per slot in hand."""
        waiting = iter(chunks)
        with interrupts_ignored():  # the first submissions start the worker processes
            for chunk in itertools.islice(waiting, self.slots):
                self.submit(task, chunk)
        for chunk in waiting:
            if len(self.in_hand) >= IN_HAND * self.slots:
                yield from self.first(lost)
            self.submit(task, chunk)
        while self.in_hand:
            yield from self.first(lost)

    def submit(self, task: Callable[[_Item], _Result], chunk: tuple[_Item, ...]) -> None:
        """Send one chunk to the workers; a pool already broken gives a failed future."""
        try:
            future = self.executor.submit(_run_chunk, task, chunk)
        except self.died as error:
            future = Future()
            future.set_exception(error)
        self.in_hand.append((chunk, future))

    def first(self, lost: Callable[[_Item], _Result] | None) -> list[_Result]:
        """The results of the oldest chunk in hand, waiting for them."""
        chunk, future = self.in_hand.popleft()
        try:
            return self.wait(future)
        except CancelledError:  # only a cluster cancels on its own: it lost its scheduler
            raise ClusterError(
                "the cluster dropped the work (was its scheduler stopped?)"
            ) from None
        except self.died as error:
            if lost is None:
                raise WorkerLostError(
                    f"a worker stopped unexpectedly while working on {short_repr(chunk[0])}"
                ) from error
            return [lost(item) for item in chunk]

    def wait(self, future: Future[list[_Result]]) -> list[_Result]:
        """The result of ``future``, or CancelledError if the executor can give none."""
        while True:
            try:
                return future.result(timeout=_PATIENCE)
            except TimeoutError:
                if not self.connected():
                    raise CancelledError from None


@contextlib.contextmanager
def _processes(workers: int, chunks: int) -> Iterator[_Pool[Any, Any]]:
    """A pool of ``workers`` processes (no more than chunks), shut down on leaving."""
    slots = max(1, min(workers, chunks))
    executor = ProcessPoolExecutor(slots, mp_context=start_method())
    pool: _Pool[Any, Any] = _Pool(executor, slots, (BrokenProcessPool,))
    try:
        yield pool
    finally:
        # Those under way (one per worker) are waited for. Not waiting races, in Python
        # 3.11, with the executor's own clean-up at exit, which can then print a traceback.
        executor.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _cluster(address: str) -> Iterator[_Pool[Any, Any]]:
    """The workers of the Dask cluster at ``address``; the client is closed on leaving."""
    distributed = _import_distributed()
    with _quiet(("distributed", "tornado")):
        client = _connect(distributed.Client, address)
        try:
            slots = _check_workers(client, address)
            # pure=False: a file may have changed since another run asked for the same path.
            executor = client.get_executor(pure=False)
            try:
                yield _Pool(executor, slots, (distributed.KilledWorker,), _running(client))
            finally:
                if client.status == "running":  # drop what is not done; what runs ends alone
                    executor.shutdown(wait=False)
        finally:
            client.close(timeout=CONNECT_TIMEOUT)


def _running(client: Any) -> Callable[[], bool]:
    """Whether ``client`` (distributed.Client) is still connected, or trying to reconnect."""
    return lambda: client.status in ("running", "connecting")


def _import_distributed() -> Any:  # the distributed module, which is not typed
    """The ``distributed`` package, of the cluster extra, imported only when it is used."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"a scheduler needs the distributed package: {CLUSTER_EXTRA}") from None
    return distributed


@contextlib.contextmanager
def _quiet(packages: tuple[str, ...]) -> Iterator[None]:
    """Silence the loggers of these packages but for critical messages, in this block.

    Dask's client logs, with tracebacks, what it tries and fails in its own thread (such as
    reconnecting to a lost scheduler); the command says what went wrong in one line.
    """
    names = [*packages, *logging.root.manager.loggerDict]
    loggers = [logging.getLogger(name) for name in names if name.startswith(packages)]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _connect(client: Any, address: str) -> Any:
    """A ``client`` (distributed.Client) of the scheduler at ``address``, within the timeout."""
    try:
        return client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach the scheduler at {address}: {error}") from None


def _check_workers(client: Any, address: str) -> int:
    """How many tasks the cluster's workers run at once: their threads, all at this version.

    Raises:
        ClusterError: No worker joined within :data:`CONNECT_TIMEOUT` seconds, or a worker
            cannot import chicago_poker, or has another version of it.
    """
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except TimeoutError:
        raise ClusterError(f"the scheduler at {address} has no worker") from None
    _check_versions(client, address)
    threads: dict[str, int] = client.nthreads()
    return max(1, sum(threads.values()))


def _check_versions(client: Any, address: str) -> None:
    """Refuse a cluster with a worker that cannot import chicago_poker, or has another version."""
    try:
        versions: dict[str, str] = client.run(_version)
    except Exception as error:  # raised by a worker of another machine: anything at all
        raise ClusterError(
            f"a worker at {address} cannot run chicago_poker: install it on every worker "
            f"({type(error).__name__}: {error})"
        ) from None
    mine = _version()
    for worker, version in sorted(versions.items()):
        if version != mine:
            raise ClusterError(f"the worker {worker} has chicago-poker {version}, not {mine}")


def _version() -> str:
    """The version of chicago_poker installed here (run on each worker of a cluster)."""
    from chicago_poker import __version__

    return __version__
