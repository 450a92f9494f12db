"""Benchmark the search bots of the web table: how long each level thinks over a move.

On positions of 4-player games between heuristic bots (for each game, the first decision of
a seat with a choice from the middle of its history and from nine tenths of it), measures
for ``search-easy``, ``search`` and ``search-hard``:

* **think**: what a worker does for a move (:func:`chicago_poker.web.thinking.think`): make
  the bot from its seed, tell it the seat's redacted history from its log lines, and ask
  it; timed in this process, in CPU seconds (``time.process_time``), which other work on a
  shared machine changes far less than the clock on the wall.
* **round trip**: the same job sent from an event loop to a worker process
  (:class:`~chicago_poker.web.thinking.Thinkers`, one worker, started before the clock)
  and its answer back: what a table waits for a move, the bot's time limit (5 s) aside.
* **rebuild** (once, not per level): the bot made anew and told a late 4-player history,
  then asked with one iteration: what making the bot anew for each move costs.

Each position is timed ``--rounds`` times (3 by default), the levels and the two ways
interleaved within a round, and its median counts; over the positions, the median, the 90th
percentile and the most are printed, in milliseconds.

Run: ``python benchmarks/bench_web_bots.py`` (``--games N``, 5 by default).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import orjson

from chicago_poker import BOTS, Game, HeuristicBot, RuleOptions, view
from chicago_poker.formats.entries import dump_entry, load_redacted_entry, redact_entries
from chicago_poker.formats.jsonio import commands_from_json, to_json, view_from_json
from chicago_poker.players.simulate import play_bots
from chicago_poker.web.thinking import Job, Thinkers, think

LEVELS = ("search-easy", "search", "search-hard")
NAMES = ("Al", "Bugs", "Capone", "Dutch")


def position(seed: int, share: float) -> Job:
    """The job of the first decision with a choice after ``share`` of a seeded game."""
    whole = play_bots(RuleOptions(), [HeuristicBot(seed * 10 + seat) for seat in range(4)], seed)
    game = Game.new(NAMES, RuleOptions(), seed=seed)
    for entry in whole.history[1:]:
        seats = [seat for seat in range(4) if len(game.legal_commands(seat)) > 1]
        if seats and len(game.history) >= share * len(whole.history):
            return job_of(game, seats[0], seed)
        if getattr(entry.command, "player", None) is not None:
            game.execute(entry.command)
    raise SystemExit(f"game {seed}: no decision after {share:.0%} of it")


def job_of(game: Game, seat: int, seed: int) -> Job:
    lines = tuple(
        dump_entry(entry, engine_made=True) for entry in redact_entries(game.history, seat)
    )
    return Job(
        bot="search",
        seed=seed,
        seat=seat,
        history=lines,
        view=orjson.dumps(to_json(view(game.state, seat))).decode(),
        legal=orjson.dumps(to_json(list(game.legal_commands(seat)))).decode(),
        seconds=None,
    )


def rebuild(job: Job) -> float:
    """CPU seconds to make a bot, tell it the history of ``job`` and search one iteration."""
    started = time.process_time()
    bot = BOTS["search"](job.seed)
    bot.iterations = 1  # type: ignore[attr-defined]  # a search bot
    for line in job.history:
        bot.observe(load_redacted_entry(line))  # type: ignore[attr-defined]  # a search bot
    legal = commands_from_json(orjson.loads(job.legal))
    bot.choose(view_from_json(orjson.loads(job.view)), legal)
    return time.process_time() - started


def thought(job: Job) -> float:
    """CPU seconds a worker's task takes over ``job``, in this process."""
    started = time.process_time()
    think(job)
    return time.process_time() - started


async def round_trip(thinkers: Thinkers, job: Job) -> float:
    """Seconds from sending ``job`` to a worker to having its command."""
    started = time.perf_counter()
    await thinkers.choose(job)
    return time.perf_counter() - started


async def measure(jobs: dict[str, list[Job]], rounds: int) -> dict[tuple[str, str], list[float]]:
    """Each way's median seconds over the rounds, for each level and position."""
    thinkers = Thinkers()
    times: dict[tuple[str, str, int], list[float]] = {}
    try:
        await thinkers.choose(jobs["search"][0])  # the worker starts before the clock
        for _ in range(rounds):
            for level, level_jobs in jobs.items():
                for index, job in enumerate(level_jobs):
                    times.setdefault((level, "think", index), []).append(thought(job))
                    trip = await round_trip(thinkers, job)
                    times.setdefault((level, "trip", index), []).append(trip)
    finally:
        await thinkers.close()
    medians: dict[tuple[str, str], list[float]] = {}
    for (level, way, _), values in times.items():
        medians.setdefault((level, way), []).append(statistics.median(values))
    return medians


def figures(seconds: list[float]) -> str:
    ms = sorted(1000 * value for value in seconds)
    p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
    return f"{statistics.median(ms):7.0f} {p90:7.0f} {ms[-1]:7.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=5, help="games (2 positions each)")
    parser.add_argument("--rounds", type=int, default=3, help="times each position is timed")
    args = parser.parse_args()
    positions = [position(seed, share) for seed in range(1, args.games + 1) for share in (0.5, 0.9)]
    print(f"{len(positions)} positions of 4-player games; milliseconds: median, p90, most")
    jobs = {
        level: [Job(level, j.seed, j.seat, j.history, j.view, j.legal, None) for j in positions]
        for level in LEVELS
    }
    medians = asyncio.run(measure(jobs, args.rounds))
    print(f"{'level':12} {'think (CPU)':>23}   {'round trip':>23}")
    for level in LEVELS:
        print(f"{level:12} {figures(medians[level, 'think'])}   {figures(medians[level, 'trip'])}")
    late = positions[1::2]
    print(
        f"rebuild, a late history ({min(len(j.history) for j in late)} entries or more): "
        f"{figures([rebuild(job) for job in late])}"
    )


if __name__ == "__main__":
    main()
