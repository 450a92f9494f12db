"""Where the search bot's slowest moves come from: the garbage collector's pauses.

    python benchmarks/bench_gc.py [BOT] [--games 6] [--seed 401]
                                  [--gc on|off|freeze|warm|worker|threshold]
    python benchmarks/bench_gc.py [BOT] --census [--seed 7]
    python benchmarks/bench_gc.py --tables N [--seed 7]

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

``--census`` counts instead where the tracked objects are: after importing the engine, the
bots and the referee and a collection, it plays one four-player game, of BOT in seat 0
against heuristic bots, or of four random bots if BOT is ``random`` (seed ``--seed``), and
after a collection prints how many tracked objects the game added, by type, and which of
the package's module-level names hold them.

``--tables N`` times ``view()`` instead, over N three-player tables played in turn as the web
server streams them (a random command at each table, then the view of each seat and of the
spectator): the CPU microseconds a call, median of five rounds. The views' memos are the
process's here, as in the server; a search bot's move owns them (``core.memos``).
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import statistics
import sys
import time
import types
from collections import Counter
from typing import Any

from bench_strength import LIMIT, deal_of, play

import chicago_poker.referee.validate  # noqa: F401  # imported by a worker that validates
from chicago_poker import Game, RandomBot, RuleOptions, view
from chicago_poker.players.simulate import play_bots


class Pauses:
    """The collector's collections by generation: how many, their CPU seconds, the longest.

    Also the part of those seconds the kernel spent for the process (page faults, memory
    reclaimed under pressure): none when the pauses are the collector's own walk.
    """

    def __init__(self) -> None:
        self.count: Counter[int] = Counter()
        self.seconds: dict[int, float] = {}
        self.longest: dict[int, float] = {}
        self.system = 0.0
        self._started = (0.0, 0.0)

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        if phase == "start":
            self._started = (usage.ru_utime, usage.ru_stime)
            return
        system = usage.ru_stime - self._started[1]
        took = usage.ru_utime - self._started[0] + system
        self.system += system
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


def _tables_holding(added: dict[int, object]) -> Counter[str]:
    """Which module-level names of the package reach the objects ``added``, and how many.

    Each object counts once, for the first name (in module order) that reaches it.
    """
    held: Counter[str] = Counter()
    claimed: set[int] = set()
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("chicago_poker") or module_name == "chicago_poker.core.memos":
            continue  # the memos' registry: each table is counted by the name of its module
        for name, value in list(vars(module).items()):
            if isinstance(value, (types.ModuleType, type, types.FunctionType)):
                continue  # another module, a class, a function: counted where they live
            stack, seen = [value], set()
            while stack:
                thing = stack.pop()
                if id(thing) in seen or id(thing) in claimed:
                    continue
                seen.add(id(thing))
                if id(thing) in added:
                    claimed.add(id(thing))
                    held[f"{module_name}.{name}"] += 1
                if not isinstance(thing, (types.ModuleType, type, types.FunctionType)):
                    stack.extend(gc.get_referents(thing))
    return held


def census(bot: str, seed: int) -> None:
    """Print the tracked objects one game of ``bot`` adds (see the module's doc)."""
    gc.collect()
    known = {id(thing) for thing in gc.get_objects()}
    print(f"tracked after the imports: {len(known):,}")
    if bot == "random":
        play_bots(RuleOptions(), [RandomBot(seat) for seat in range(4)], seed)
    else:
        play(bot, 0, 4, seed)
    gc.collect()
    added = {id(thing): thing for thing in gc.get_objects() if id(thing) not in known}
    kinds = Counter(type(thing).__name__ for thing in added.values())
    print(f"a game of {bot} (seed {seed}) adds {len(added):,}:")
    print("  " + ", ".join(f"{count:,} {kind}" for kind, count in kinds.most_common(10)))
    held = _tables_holding(added).most_common(10)
    print("  held by " + ", ".join(f"{where} {count:,}" for where, count in held))


def views_over_tables(tables: int, rounds: int, seed: int) -> None:
    """Print the CPU microseconds a ``view()`` call takes over ``tables`` 3-player tables played
    in turn, as the web server streams them: each table advanced by a random legal command in
    turn, then viewed by each seat and the spectator; the median of ``rounds`` rounds."""
    rng = random.Random(seed)
    times = []
    for _ in range(rounds):
        games = [
            Game.new(["Al", "Bugs", "Capone"], seed=rng.randrange(1 << 30)) for _ in range(tables)
        ]
        calls, spent = 0, 0.0
        for _ in range(60):
            for game in games:
                seats = game.to_act().seats
                if not seats:
                    continue
                game.execute(rng.choice(game.legal_commands(seats[0])))
                state = game.state
                started = time.process_time()
                for seat in (0, 1, 2, None):
                    view(state, seat)
                spent += time.process_time() - started
                calls += 4
        times.append(spent / calls * 1e6)
    print(
        f"view() over {tables} tables: median {statistics.median(times):.1f} us a call "
        f"({min(times):.1f} to {max(times):.1f}, {rounds} rounds)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", nargs="?", default="search:300,believing=1")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=None, help="401, or 7 with --census")
    parser.add_argument("--census", action="store_true", help="count the tracked objects")
    parser.add_argument("--tables", type=int, help="time view() over this many tables instead")
    parser.add_argument(
        "--gc", choices=("on", "off", "freeze", "warm", "worker", "threshold"), default="on"
    )
    args = parser.parse_args()
    if args.tables:
        views_over_tables(args.tables, 5, 7 if args.seed is None else args.seed)
        return 0
    if args.census:
        census(args.bot, 7 if args.seed is None else args.seed)
        return 0
    seed = 401 if args.seed is None else args.seed
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
            from chicago_poker.workers.processes import settle  # not in 0.2.0

            settle()  # as the worker starts, and after its first chunk
        started = time.process_time()
        outcome = play(args.bot, 0, 4, deal_of(seed, number))
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
        f"{collected:.2f} s ({collected / total:.1%}) collecting, {pauses.system:.2f} s of it"
        f" system time; slowest move {slowest:.3f} s, "
        f"{over} of {moves} moves over {LIMIT} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
