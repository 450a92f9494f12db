"""Where the search bot's slowest moves come from: the garbage collector's pauses.

    python benchmarks/bench_gc.py [BOT] [--games 6] [--seed 401]
                                  [--gc on|off|freeze|warm|worker|threshold]

One process plays ``--games`` four-player games of BOT (as ``bench_strength.py`` names it;
``search:300,believing=1`` by default) in seat 0 against heuristic bots, on the deals of
``bench_strength.py --seed``, one after another, as a worker of a strength run does. For each
game it prints the game's CPU seconds, the bot's slowest move and its moves over a quarter of
a second, and, so far, each generation's collections, their CPU seconds and the longest one.

``--gc`` sets the collector: ``on`` (Python's defaults), ``off`` (``gc.disable()``; memory
then grows by the cycles the games leave), ``freeze`` (``gc.freeze()`` before each game, so
that what earlier games left is never scanned again), ``warm`` (``gc.freeze()`` once, after
the first game: the modules and the tables the first game filled are never scanned again,
what later games make is collected as usual), ``worker`` (as a worker process of
``chicago_poker.workers.spread`` does: :func:`chicago_poker.workers.processes.settle`, a
collection then ``gc.freeze()``, before the first game and again after it) or ``threshold``
(``gc.set_threshold(20_000, 10, 10)``: the youngest generation collected after 20,000
allocations, not 700).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections import Counter
from typing import Any

from bench_strength import LIMIT, deal_of, play

from chicago_poker.workers.processes import settle


class Pauses:
    """The collector's collections by generation: how many, their CPU seconds, the longest."""

    def __init__(self) -> None:
        self.count: Counter[int] = Counter()
        self.seconds: dict[int, float] = {}
        self.longest: dict[int, float] = {}
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.process_time()
            return
        took = time.process_time() - self._started
        generation = info["generation"]
        self.count[generation] += 1
        self.seconds[generation] = self.seconds.get(generation, 0.0) + took
        self.longest[generation] = max(self.longest.get(generation, 0.0), took)

    def __str__(self) -> str:
        return "; ".join(
            f"gen {each}: {self.count[each]} in {self.seconds[each]:.2f} s, "
            f"longest {self.longest[each] * 1000:.0f} ms"
            for each in sorted(self.count)
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", nargs="?", default="search:300,believing=1")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=401)
    parser.add_argument(
        "--gc", choices=("on", "off", "freeze", "warm", "worker", "threshold"), default="on"
    )
    args = parser.parse_args()
    pauses = Pauses()
    gc.callbacks.append(pauses)
    if args.gc == "off":
        gc.disable()
    elif args.gc == "threshold":
        gc.set_threshold(20_000, 10, 10)
    total = slowest = 0.0
    tracked = len(gc.get_objects())
    over = moves = 0
    for number in range(args.games):
        if args.gc == "freeze" or (args.gc == "warm" and number == 1):
            gc.freeze()
        elif args.gc == "worker" and number < 2:
            settle()  # as the worker starts, and after its first chunk
        started = time.process_time()
        outcome = play(args.bot, 0, 4, deal_of(args.seed, number))
        took = time.process_time() - started
        total += took
        over += outcome.over
        slowest = max(slowest, outcome.slowest)
        moves += outcome.moves
        print(
            f"game {number}: {took:.1f} s; slowest move {outcome.slowest:.3f} s, "
            f"{outcome.over} of {outcome.moves} over {LIMIT} s; {pauses}; "
            f"tracked {len(gc.get_objects()):,} (at the start {tracked:,})",
            flush=True,
        )
    collected = sum(pauses.seconds.values())
    print(
        f"{args.bot}, gc {args.gc}: {args.games} games in {total:.1f} s of CPU, "
        f"{collected:.2f} s ({collected / total:.0%}) collecting; slowest move {slowest:.3f} s, "
        f"{over} of {moves} moves over {LIMIT} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
