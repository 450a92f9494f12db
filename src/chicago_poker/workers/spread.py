"""Work spread in order: in worker processes of this machine, or on a Dask cluster.

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
import itertools
import logging
import re
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, Generic, TypeVar

from chicago_poker.core.errors import ChicagoPokerError, InvalidArgumentError, short_repr
from chicago_poker.workers.processes import (
    interrupts_ignored,
    interrupts_outside_finalizers,
    raise_held_interrupt,
    settle,
    start_method,
)

__all__ = [
    "CONNECT_TIMEOUT",
    "IN_HAND",
    "ClusterError",
    "WorkerLostError",
    "check_spread",
    "in_order",
    "scheduler_address",
    "scheduler_argument",
]

_Item = TypeVar("_Item")
_Result = TypeVar("_Result")

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
    with interrupts_outside_finalizers(), opened as pool:
        yield from pool.results(task, chunks, lost)


def _run_chunk(task: Callable[[_Item], _Result], chunk: tuple[_Item, ...]) -> list[_Result]:
    """What a worker runs: ``task`` of each item of a chunk."""
    return [task(item) for item in chunk]


_worked: list[bool] = []
"""Whether this worker process has finished a chunk (a flag; empty until then)."""


def _run_chunk_settling(
    task: Callable[[_Item], _Result], chunk: tuple[_Item, ...]
) -> list[_Result]:
    """What a worker process of :func:`_processes` runs: :func:`_run_chunk`, then a settle.

    The worker settles after its first chunk only
    (:func:`~chicago_poker.workers.processes.settle`).
    """
    results = _run_chunk(task, chunk)
    if not _worked:
        _worked.append(True)
        settle()
    return results


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
        runner: Callable[..., list[Any]] = _run_chunk,
    ):
        self.executor, self.slots, self.died = executor, slots, died
        self.connected = connected
        self.runner = runner
        """What a worker runs on a chunk."""
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
            future = self.executor.submit(self.runner, task, chunk)
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
            raise_held_interrupt()  # a Ctrl-C that came in a finalizer
            try:
                return future.result(timeout=_PATIENCE)
            except TimeoutError:
                if not self.connected():
                    raise CancelledError from None


@contextlib.contextmanager
def _processes(workers: int, chunks: int) -> Iterator[_Pool[Any, Any]]:
    """A pool of ``workers`` processes (no more than chunks), shut down on leaving."""
    slots = max(1, min(workers, chunks))
    executor = ProcessPoolExecutor(slots, mp_context=start_method(), initializer=settle)
    pool: _Pool[Any, Any] = _Pool(executor, slots, (BrokenProcessPool,), runner=_run_chunk_settling)
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
