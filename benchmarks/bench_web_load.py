"""The web table's search seats with every core busy: how many moves they answer themselves.

Starts one busy loop per core (``--busy``, default the number of cores), then plays
``--games`` games at a table of a search seat (``--bot``, ``search-easy`` by default) and
the heuristic bot, as a web table does: each of the search seat's moves goes to the worker
processes (:class:`~chicago_poker.web.thinking.Thinkers`, the server's defaults: one worker,
5 s of thought and 2 s of grace), and when no answer comes in time the heuristic's choice is
played. It reports the share of moves the workers answered, the late ones, the workers
stopped, and how long the table waited for each move: median, p99 and the longest, which
must stay within the thinking time and its grace. The load average is printed before and
after.

    python benchmarks/bench_web_load.py --games 4
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time

from chicago_poker import Game, RuleOptions
from chicago_poker.web.bots import TableBots
from chicago_poker.web.thinking import Thinkers, ThinkingError


async def play(bot: str, games: int, thinkers: Thinkers) -> tuple[list[float], int]:
    """Play the games; each move's wait for the workers, and the moves they did not answer."""
    waits: list[float] = []
    missed = 0
    for seed in range(1, games + 1):
        game = Game.new(["Al", "Bugs"], RuleOptions(), seed=seed)
        seats = TableBots([bot, "heuristic"], seed)
        while (turn := seats.turn(game)) is not None:
            job = seats.job(game, turn, thinkers.seconds)
            if job is None:
                game.execute(seats.choose_here(game, turn))
                continue
            began = time.monotonic()
            try:
                command = await thinkers.choose(job)
            except ThinkingError:
                command = seats.fallback(game, turn)
                missed += 1
            waits.append(time.monotonic() - began)
            game.execute(command)
    await thinkers.close()
    return waits, missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--bot", default="search-easy")
    parser.add_argument("--busy", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}", flush=True)
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    thinkers = Thinkers()
    try:
        waits, missed = asyncio.run(play(args.bot, args.games, thinkers))
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    print(f"load after: {os.getloadavg()}; {args.busy} busy loops")
    moves = len(waits)
    ordered = sorted(waits)
    print(
        f"{args.bot}: {moves} moves, {moves - missed} answered by the workers "
        f"({(moves - missed) / max(moves, 1):.1%}), {missed} fell back; "
        f"late {getattr(thinkers, 'late', '-')}, stopped {getattr(thinkers, 'stopped', '-')}; "
        f"wait median {statistics.median(waits):.3f} s, "
        f"p99 {ordered[min(moves - 1, int(0.99 * moves))]:.3f} s, longest {ordered[-1]:.3f} s "
        f"(bound {thinkers.timeout:g} s)"
    )


if __name__ == "__main__":
    main()
