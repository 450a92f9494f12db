"""The web table's search workers: a late answer stalls no table, and kills no worker."""

from __future__ import annotations

import asyncio
import contextlib
import time

import attrs
import pytest

import thinking_late
from chicago_poker.players.game import Game
from chicago_poker.web.bots import TableBots
from chicago_poker.web.thinking import STOP_AFTER, Job, Thinkers, ThinkingError, think


def jobs(seconds: float) -> tuple[Job, Job]:
    """Two jobs of the search seat: the first marked to answer late (thinking_late), the
    other not."""
    game = Game.new(["Al", "Bugs"], seed=3)
    seats = TableBots(["search-easy", "heuristic"], 3)
    first = None
    while (turn := seats.turn(game)) is not None:
        job = seats.job(game, turn, seconds)
        if job is not None and first is None:
            first = job
        elif job is not None:
            assert first is not None
            assert job.seed != thinking_late.MARK
            return attrs.evolve(first, seed=thinking_late.MARK), job
        game.execute(seats.fallback(game, turn))
    raise AssertionError("no second search move")


def test_a_late_answer_keeps_its_worker_warm_for_the_next_move() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(workers=1, seconds=0.5, grace=1.5, task=thinking_late.late)
        first, second = jobs(thinkers.seconds)
        try:
            await warm(thinkers, second)
            pool = thinkers._pool
            assert pool is not None
            workers = set(pool._processes)
            counts = (thinkers.answered, thinkers.late, thinkers.stopped)
            began = time.monotonic()
            with pytest.raises(ThinkingError, match="the worker finishes the move and takes"):
                await thinkers.choose(first)
            assert time.monotonic() - began < thinking_late.LATE_SECONDS  # the table waited 2 s
            await warm(thinkers, second)  # waits for the late worker to finish, then asks it
            assert thinkers._pool is pool
            assert set(pool._processes) == workers  # the same worker: not killed, not cold
            assert thinkers.late >= counts[1] + 1
            assert thinkers.stopped == counts[2] == 0
        finally:
            await thinkers.close()

    asyncio.run(scenario())


async def warm(thinkers: Thinkers, job: Job) -> None:
    """Ask until a worker answers in time: started, and its imports done, on a busy machine."""
    errors = []
    for _ in range(10):
        try:
            await thinkers.choose(attrs.evolve(job, asked=time.time()))
        except ThinkingError as error:
            errors.append(str(error))
        else:
            return
    raise AssertionError(f"no worker answered in time: {errors}")


def test_a_worker_that_ignores_its_clock_is_stopped_some_timeouts_on() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(workers=1, seconds=0.2, grace=0.2, task=thinking_late.hang)
        first, _ = jobs(thinkers.seconds)
        try:
            with contextlib.suppress(ThinkingError):
                await thinkers.choose(first)
            assert thinkers._pool is not None
            await asyncio.sleep(0.4 * (STOP_AFTER - 1) + 0.5)  # its watchdog has fired
            assert thinkers.stopped == 1
            assert thinkers._pool is None  # the next move starts new workers
        finally:
            await thinkers.close()

    asyncio.run(scenario())


def test_a_job_that_waited_searches_only_what_is_left_of_its_seconds() -> None:
    """Asked 10 s ago with 5 s to think: the bot has no time left and plays at once."""
    _, second = jobs(5.0)
    unbounded = "search:iterations=1000000"  # only the clock stops it
    stale = attrs.evolve(second, bot=unbounded, seconds=5.0, asked=time.time() - 10)
    began = time.perf_counter()
    think(stale)
    assert time.perf_counter() - began < 1.0  # not the 5 s it would search from now


class _BrokenPool:
    """A pool whose shutdown raises as Python 3.13.0's does once a killed worker broke it."""

    def shutdown(self, wait: bool, cancel_futures: bool) -> None:
        raise OSError(9, "Bad file descriptor")


def test_closing_a_pool_that_a_killed_worker_broke_ends_without_an_error() -> None:
    """The server's shutdown (and a stopped move) go on where the pool's shutdown raises."""

    async def scenario() -> None:
        thinkers = Thinkers(workers=1, seconds=0.2)
        thinkers._pool = _BrokenPool()  # type: ignore[assignment]  # a stand-in for the pool
        await thinkers.close()
        assert thinkers._pool is None

    asyncio.run(scenario())
