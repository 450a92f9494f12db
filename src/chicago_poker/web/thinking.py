"""Bots that think in worker processes: the search bots of the web tables.

A search bot (:mod:`chicago_poker.players.search`) looks ahead for tens of milliseconds to
a second or more a move: on the server's event loop, that would hold up every other table.
So a table sends each such move to a worker process as a :class:`Job`, which holds nothing
but JSON and names: the bot's spec from the server's roster, a seed for the move
(:func:`move_seed`), the seat, the seat's redacted history as the lines of its redacted log,
its view and its legal commands. The worker (:func:`think`) makes the bot anew, tells it the
history entry by entry, and answers with the JSON of the command the bot chose. A bot made
anew reads the history of a late 4-player game in about 15 ms, so a worker keeps nothing from
one move to the next: any worker takes any move, and a worker lost loses nothing.

:class:`Thinkers` holds the workers, a :class:`~concurrent.futures.ProcessPoolExecutor`
started with the first job and stopped with the server; each worker imports the search bot
when it starts (:func:`warm_up`), not at its first move. Every wait is bounded: a job waits
at most :attr:`Thinkers.timeout` in all, for a free worker and then for its answer. The
bot itself stops searching after :attr:`Thinkers.seconds`, counted from the moment the table
asked (:attr:`Job.asked`), so that a job that waited for its worker searches less, with the
search bot's safety margin and its clock read inside every iteration (or after the bot's own
seconds, if its spec sets fewer: ``search:seconds=0.5``). When a wait runs out,
the worker fails or is lost, :meth:`Thinkers.choose` raises :class:`ThinkingError`, saying
why, and the table plays the heuristic bot's choice for that move.

A worker whose answer comes late is not killed: its bot is about to stop by its own clock,
so it finishes the move (its answer dropped) and stays warm for the next, which it takes as
soon as it is free. Only a worker still busy :data:`STOP_AFTER` times the timeout after its
job was sent is stopped with the others (a bot that ignores its clock), and new ones start
with the next move. A worker that crashed is replaced at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import random
import time
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from typing import Final, Protocol, cast

import orjson
from attrs import frozen

from chicago_poker.core.commands import Command
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.views import PlayerView
from chicago_poker.formats.entries import load_redacted_entry
from chicago_poker.formats.jsonio import (
    command_from_json,
    commands_from_json,
    to_json,
    view_from_json,
)
from chicago_poker.formats.log import RedactedLogEntry
from chicago_poker.protocol.spec import parse_bot
from chicago_poker.web.limits import BOT_GRACE_SECONDS, BOT_SECONDS, BOT_WORKERS
from chicago_poker.workers.processes import SPAWN, interrupts_ignored, settle

__all__ = ["STOP_AFTER", "Job", "Thinkers", "ThinkingError", "move_seed", "think", "warm_up"]

STOP_AFTER: Final = 10.0
"""A worker still busy this many times :attr:`Thinkers.timeout` after its job was sent is
stopped: its bot does not keep to its clock. Not sooner: on a loaded machine a worker that
starts (a new process that imports the search) can take several timeouts before its first
move, and stopping it then only starts another as slow (3 timeouts stopped 4 workers in one
run of ``benchmarks/bench_web_load.py``)."""


def move_seed(seed: int, seat: int, move: int) -> int:
    """The seed of the bot of ``seat`` for its move after ``move`` entries of the history.

    Drawn from the table's ``seed``, the seat and the move, so that the same table plays
    the same game, whichever worker thinks each move.

    >>> move_seed(7, 1, 40) == move_seed(7, 1, 40) != move_seed(7, 1, 41)
    True
    """
    return random.Random(f"{seed}/{seat}/{move}").getrandbits(31)


@frozen
class Job:
    """One move for a worker to think: all it needs, as names, numbers and JSON."""

    bot: str
    """The bot, as :func:`~chicago_poker.protocol.spec.parse_bot` reads it: a built-in name,
    with its settings if any (``search:iterations=500``), or a class of the operator's. The
    server's roster gives it (:class:`~chicago_poker.web.bots.Roster`), never a browser."""

    seed: int
    """The seed of the bot made for this move (:func:`move_seed`)."""

    seat: int
    """The seat the bot plays."""

    history: tuple[str, ...]
    """The seat's redacted history: the entry lines of its redacted log."""

    view: str
    """The JSON of the seat's view now."""

    legal: str
    """The JSON of the seat's legal commands now."""

    seconds: float | None
    """The most the bot may think, or None for its iterations alone."""

    asked: float | None = None
    """When the table asked (``time.time()``): the bot's seconds count from then, or from
    the moment it is asked in the worker if None."""


_IN_WORKER: Final[list[bool]] = []
"""Whether this process is a thinking worker (a flag: set by :func:`warm_up`)."""


def warm_up() -> None:
    """What a worker does as it starts: import the search bot, so its first move is not late.

    Then it settles (:func:`~chicago_poker.workers.processes.settle`): the modules are out
    of the collector's sight, so its collections walk less. From then on the worker holds
    the collector off while a bot searches (:func:`think`).
    """
    importlib.import_module("chicago_poker.players.search")
    settle()
    _IN_WORKER.append(True)


class _Thinker(Protocol):
    """A bot that is told its seat's history and thinks within a time (a search bot)."""

    seconds: float | None

    def observe(self, entry: RedactedLogEntry) -> None: ...

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command: ...


def think(job: Job) -> str:
    """The JSON of the command the bot of ``job`` chooses, told the seat's history.

    This is what a worker runs; a table runs it in its own process too, where no worker is
    wanted (:meth:`~chicago_poker.web.tables.Table.bot_move`).

    A worker (after :func:`warm_up`) holds the collector off while the bot searches, as the
    protocol's speaker does for a timed bot, so that no collection's pause makes the move
    late; it leaves it off until its next job, which starts by turning it on again: what the
    last move left is collected then, before the bot searches, within the move's time.
    """
    if _IN_WORKER:
        gc.enable()
    bot = cast(_Thinker, parse_bot(job.bot).make(job.seed))
    seconds = job.seconds
    if seconds is not None and job.asked is not None:  # less the time the job waited
        seconds = max(min(seconds, seconds - (time.time() - job.asked)), 0.0)
    own = getattr(bot, "seconds", None)  # the operator's seconds (search:seconds=0.5)
    if own is not None and (seconds is None or own < seconds):
        seconds = own
    bot.seconds = seconds
    for line in job.history:
        bot.observe(load_redacted_entry(line))
    seen = view_from_json(orjson.loads(job.view))
    legal = commands_from_json(orjson.loads(job.legal))
    if _IN_WORKER:
        gc.disable()
    command = bot.choose(seen, legal)
    return orjson.dumps(to_json(command)).decode()


class ThinkingError(Exception):
    """No command came from the workers for a job: the message says why."""


class Thinkers:
    """The worker processes where bots think, started with the first job.

    ``workers`` processes think at once, each move for at most ``seconds``; the server waits
    ``grace`` seconds more for an answer (:attr:`timeout`). ``task`` is what a worker runs
    (:func:`think`; a test may give a slower one): a function of the module level, which
    the workers import.
    """

    def __init__(
        self,
        workers: int = BOT_WORKERS,
        seconds: float = BOT_SECONDS,
        *,
        grace: float = BOT_GRACE_SECONDS,
        task: Callable[[Job], str] = think,
    ) -> None:
        """Hold no worker yet: the first job starts them."""
        self.workers = workers
        self.seconds = seconds
        self.grace = grace
        self.task = task
        self.asked = 0
        """Jobs sent to the workers."""
        self.answered = 0
        """Jobs the workers answered in time."""
        self.late = 0
        """Jobs whose answer came too late: their workers went on, and were not stopped."""
        self.stopped = 0
        """Late jobs whose workers were stopped, still busy :data:`STOP_AFTER` timeouts on."""
        self._pool: ProcessPoolExecutor | None = None
        self._stopping: set[asyncio.Task[None]] = set()  # pools being stopped, kept alive
        self._free = asyncio.Semaphore(workers)
        self._closed = False

    @property
    def timeout(self) -> float:
        """The longest a job waits, for a free worker and then for the worker's answer, in all."""
        return self.seconds + self.grace

    def open(self) -> None:
        """Take jobs again, after :meth:`close` (a server that starts anew)."""
        self._closed = False
        self._free = asyncio.Semaphore(self.workers)

    async def choose(self, job: Job) -> Command:
        """The command a worker chose for ``job``.

        Raises:
            ThinkingError: no free worker, or no answer, in time; the worker failed or was
                lost; its answer was not a command; or the thinkers are closed.
        """
        deadline = time.monotonic() + self.timeout  # for a free worker and its answer
        async with self._free_worker() as slot:
            answer = await self._answer(job, slot, deadline)
        try:
            return command_from_json(orjson.loads(answer))
        except (orjson.JSONDecodeError, ChicagoPokerError) as error:
            raise ThinkingError(f"the worker's answer is not a command: {error}") from None

    @contextlib.asynccontextmanager
    async def _free_worker(self) -> AsyncIterator[list[bool]]:
        """Hold a free worker for a job, waited for within :attr:`timeout`.

        The worker is freed when the job ends, unless the job's answer is late: then when
        the worker finishes (``slot[0]`` set to False hands the release over).
        """
        try:
            async with asyncio.timeout(self.timeout):
                await self._free.acquire()
        except TimeoutError:
            raise ThinkingError(
                f"all {self.workers} of the bots' workers were busy for {self.timeout:g} s"
            ) from None
        slot = [True]
        try:
            yield slot
        finally:
            if slot[0]:
                self._free.release()

    async def _answer(self, job: Job, slot: list[bool], deadline: float) -> str:
        """The worker's answer to ``job``, by ``deadline`` (``time.monotonic``)."""
        pool = self._started()
        self.asked += 1
        try:
            with interrupts_ignored():  # a worker it starts leaves Ctrl-C to the server
                future = asyncio.get_running_loop().run_in_executor(pool, self.task, job)
            left = max(deadline - time.monotonic(), 0.0)
            answer = await asyncio.wait_for(asyncio.shield(future), left)
        except asyncio.CancelledError:  # the table no longer waits: the worker finishes
            slot[0] = False
            self._let_finish(pool, future)
            raise
        except TimeoutError:
            self.late += 1
            slot[0] = False
            self._let_finish(pool, future)
            raise ThinkingError(
                f"no answer within {self.timeout:g} s; the worker finishes the move and "
                "takes the next"
            ) from None
        except BrokenExecutor:
            await self._stop(pool)
            raise ThinkingError(
                "a worker was lost (it crashed or was killed); the workers were stopped; "
                "new ones start with the next move"
            ) from None
        except Exception as error:  # raised by the bot in the worker
            raise ThinkingError(f"the bot failed in its worker: {error!r}") from None
        self.answered += 1
        return answer

    def _let_finish(self, pool: ProcessPoolExecutor, future: asyncio.Future[str]) -> None:
        """Free the worker of a late answer when it finishes; stop the workers if it never does."""
        loop = asyncio.get_running_loop()
        free = self._free

        def finished(done: asyncio.Future[str]) -> None:
            free.release()
            watchdog.cancel()
            if not done.cancelled():
                done.exception()  # retrieved: a late failure is not reported twice

        def stop() -> None:
            if not future.done():
                self.stopped += 1
                self._stopping.add(task := loop.create_task(self._stop(pool)))
                task.add_done_callback(self._stopping.discard)

        watchdog = loop.call_later(self.timeout * (STOP_AFTER - 1), stop)
        future.add_done_callback(finished)

    def _started(self) -> ProcessPoolExecutor:
        """The pool of workers, started now if it is not yet."""
        if self._closed:
            raise ThinkingError("the server is stopping")
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=SPAWN, initializer=warm_up)
        return self._pool

    async def close(self) -> None:
        """Stop the workers, whatever they are thinking, and take no more jobs."""
        self._closed = True
        if self._pool is not None:
            await self._stop(self._pool)

    async def _stop(self, pool: ProcessPoolExecutor) -> None:
        """Kill the workers of ``pool`` and shut it down; the next job starts a new one."""
        if self._pool is pool:
            self._pool = None
        # The executor has no public way to stop a worker in the middle of a job (Python
        # 3.14 adds terminate_workers): its processes are killed by hand.
        processes = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.kill()
        # Python 3.13.0's executor, broken by a worker's death, may close its result queue
        # in its own thread and again in shutdown, which then raises EBADF: the workers are
        # gone either way, and the next job starts a new pool.
        with contextlib.suppress(OSError):
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
