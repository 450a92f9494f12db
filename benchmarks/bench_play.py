"""Benchmark play where users wait: bots' games and the Game facade, against python-chess.

Run from the repository::

    python benchmarks/bench_play.py [--games N] [--rounds R] [--players P] [--seed S] [--check]

In each round, every game of every workload is timed right after a python-chess game of the
same seed, so that a slow spell of a shared machine hits both alike; each workload's rate over
the round is divided by the rate of the chess games timed next to it, and the ratios' median
and range over the rounds are printed. Workloads:

* ``random bots``: ``play_bots`` with a ``RandomBot`` at every seat, player commands per
  second (chance's ``DealCard`` and ``RevealTile`` not counted). Target: 2x chess.
* ``heuristic bots``: the same with ``HeuristicBot``\\ s. Target: 0.5x chess.
* ``Game facade``: ``Game.new``, then ``legal_commands()`` and ``execute`` of a uniformly
  chosen command until the game is over, player commands per second. Target: 2x chess.
* ``chess``: python-chess random self-play, ``random.choice(list(board.legal_moves))``,
  ``push`` and ``is_game_over``, plies per second.

A last line gives the memory a finished ``Game`` keeps (tracemalloc, after one game to warm
the caches). Target: at most 400 KiB for 4 players. ``--check`` exits with status 1 when a
target is missed.

``--breakdown`` measures instead where a heuristic bot's command goes: the time of each part
of ``play_bots`` per player command (the seat's view, ``legal_commands``, the bot's
``choose``, ``Game.execute`` with the chance that follows, and the rest of the loop), in
microseconds and in chess plies timed in the same rounds; and what the bot's ``choose``
may cost for the 0.5x target once the engine's parts are paid.

``--collector`` measures instead what Python's cyclic garbage collector costs each side: in
every round, the random bots' and the facade's games, each timed beside chess as above, are
played once with the collector on and once with it off (``gc.disable()``; the collection
before each game still runs), in alternating order, on seeds of their own; it prints each
side's microseconds a unit with the collector on and off (median and range over the
rounds), and the share of its time the collector took.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

import chess

from chicago_poker.core.commands import DealCard, RevealTile
from chicago_poker.core.rules import RuleOptions
from chicago_poker.players import bots as bots_module
from chicago_poker.players import simulate as simulate_module
from chicago_poker.players.bots import Bot, HeuristicBot, RandomBot
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import game_seed, play_bots

TARGETS = {"random bots": 2.0, "heuristic bots": 0.5, "Game facade": 2.0}
"""The least ratio to python-chess each workload must reach, in the median."""

MEMORY_TARGET = 400 * 1024
"""The most bytes a finished 4-player Game may keep."""

NAMES = ("Al", "Bugs", "Dutch", "Frank", "Lucky", "Nails")


def player_commands(game: Game) -> int:
    """The commands of a game that players gave: not the set-up, not chance's."""
    history = game.history[1:]
    return sum(not isinstance(entry.command, DealCard | RevealTile) for entry in history)


def bot_game(make: Callable[[int], Bot], seed: int, players: int) -> int:
    """One game between bots built by ``make``; the players' commands."""
    bots = [make(seed * 10 + seat) for seat in range(players)]
    return player_commands(play_bots(RuleOptions(), bots, seed))


def facade_game(seed: int, players: int) -> Game:
    """One game through the facade, each command chosen uniformly from legal_commands()."""
    policy = random.Random(seed)
    game = Game.new(NAMES[:players], seed=seed)
    while not game.state.is_over:
        legal = game.legal_commands()
        game.execute(legal[policy.randrange(len(legal))])
    return game


def chess_game(seed: int) -> int:
    """One game of python-chess random self-play; the plies."""
    policy = random.Random(seed)
    board = chess.Board()
    plies = 0
    while not board.is_game_over():
        board.push(policy.choice(list(board.legal_moves)))
        plies += 1
    return plies


def timed(run: Callable[[int], int], seed: int) -> tuple[int, float]:
    """The count ``run(seed)`` returns, and the CPU seconds it took, from a collected heap.

    CPU time (``time.process_time``), which the other processes of a shared machine do not
    add to, as ``bench_engine.py`` times replay.
    """
    gc.collect()
    start = time.process_time()
    count = run(seed)
    return count, time.process_time() - start


def game_memory(players: int, seed: int) -> int:
    """The bytes a finished facade game keeps, the caches warmed by one game first."""
    facade_game(seed + 1, players)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    game = facade_game(seed, players)
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del game
    return kept


def workloads(players: int) -> dict[str, Callable[[int], int]]:
    """Each workload by name, as a function that plays the game of a seed and counts."""
    return {
        "random bots": lambda seed: bot_game(RandomBot, seed, players),
        "heuristic bots": lambda seed: bot_game(HeuristicBot, seed, players),
        "Game facade": lambda seed: player_commands(facade_game(seed, players)),
    }


class Totals(NamedTuple):
    """A workload's games over some seeds, and the chess games timed next to them."""

    commands: int
    seconds: float
    plies: int
    chess_seconds: float

    def plus(self, other: Totals) -> Totals:
        """Both totals together."""
        return Totals(
            self.commands + other.commands,
            self.seconds + other.seconds,
            self.plies + other.plies,
            self.chess_seconds + other.chess_seconds,
        )

    @property
    def ratio(self) -> float:
        """The workload's rate over chess's."""
        return (self.commands / self.seconds) / (self.plies / self.chess_seconds)


def one_round(runs: dict[str, Callable[[int], int]], seeds: Sequence[int]) -> dict[str, Totals]:
    """Each workload's totals over ``seeds``, each game timed next to a chess game."""
    totals = dict.fromkeys(runs, Totals(0, 0.0, 0, 0.0))
    for seed in seeds:
        for name, run in runs.items():
            plies, chess_time = timed(chess_game, seed)
            commands, our_time = timed(run, seed)
            totals[name] = totals[name].plus(Totals(commands, our_time, plies, chess_time))
    return totals


def round_seeds(seed: int, games: int, round_number: int) -> list[int]:
    """The seeds of one round's games: every round plays games of its own.

    Replaying the same games every round would let the engine's and the bots' memos (hands
    already ranked, views already made) answer from the rounds before, which no run of new
    games gets: the figures would flatter. Round 0 is the warm-up: it fills the tables whose
    size the game itself bounds (hands ranked by their values, commands and events made
    once), as any long run does.
    """
    first = round_number * games
    return [game_seed(seed, index) for index in range(first, first + games)]


def measure(args: argparse.Namespace) -> dict[str, list[float]]:
    """The ratio of each workload to chess, one per round."""
    runs = workloads(args.players)
    one_round(runs, round_seeds(args.seed, args.games, 0))  # warm-up: imports, tables
    ratios: dict[str, list[float]] = {name: [] for name in TARGETS}
    for round_number in range(1, args.rounds + 1):
        gc.collect()
        seeds = round_seeds(args.seed, args.games, round_number)
        for name, totals in one_round(runs, seeds).items():
            ratios[name].append(totals.ratio)
    return ratios


PARTS: tuple[tuple[str, Any, str], ...] = (
    ("view", bots_module, "view"),
    ("legal_commands", simulate_module, "legal_commands"),
    ("choose", HeuristicBot, "choose"),
    ("execute", Game, "execute"),
)
"""The parts of a heuristic game that ``--breakdown`` times, each with the module or class
whose attribute ``play_bots`` reaches it through: the name ``view`` in the bots' module
(which ``ask`` calls), ``legal_commands`` in the module of ``play_bots``, and the methods
``HeuristicBot.choose`` and ``Game.execute``. None of them calls another, so no time is
counted twice."""


@contextlib.contextmanager
def timing_parts(spent: dict[str, float]) -> Iterator[None]:
    """While inside, add the seconds spent in each of :data:`PARTS` to ``spent``.

    A wrapper costs two clock readings and a call, well under a microsecond against the tens
    that each part takes.
    """
    originals = [getattr(owner, name) for _, owner, name in PARTS]

    def wrap(part: str, function: Callable[..., Any]) -> Callable[..., Any]:
        clock = time.perf_counter

        def timed_part(*args: Any) -> Any:
            start = clock()
            try:
                return function(*args)
            finally:
                spent[part] += clock() - start

        return timed_part

    for (part, owner, name), original in zip(PARTS, originals, strict=True):
        setattr(owner, name, wrap(part, original))
    try:
        yield
    finally:
        for (_, owner, name), original in zip(PARTS, originals, strict=True):
            setattr(owner, name, original)


def breakdown(args: argparse.Namespace) -> None:
    """Print where a heuristic bot's command goes, per player command and in chess plies."""
    runs = {"heuristic bots": workloads(args.players)["heuristic bots"]}
    one_round(runs, round_seeds(args.seed, args.games, 0))  # warm-up, as in measure
    spent = {part: 0.0 for part, _, _ in PARTS}
    total = Totals(0, 0.0, 0, 0.0)
    with timing_parts(spent):
        for round_number in range(1, args.rounds + 1):
            seeds = round_seeds(args.seed, args.games, round_number)
            total = total.plus(one_round(runs, seeds)["heuristic bots"])
    commands = total.commands
    ply = total.chess_seconds / total.plies
    rows = [*spent.items(), ("the rest", total.seconds - sum(spent.values()))]
    print(
        f"heuristic bots, {args.rounds} rounds of {args.games} {args.players}-player games: "
        f"{commands:,} player commands; a chess ply took {ply * 1e6:.1f} us in the same rounds"
    )
    print(f"{'part':15} {'us/command':>10} {'plies':>6}")
    for part, seconds in [*rows, ("all", total.seconds)]:
        each = seconds / commands
        print(f"{part:15} {each * 1e6:10.1f} {each / ply:6.2f}")
    print(f"ratio {total.ratio:.2f}x chess")
    budget = 1 / TARGETS["heuristic bots"]
    others = (total.seconds - spent["choose"]) / commands / ply
    print(
        f"the {TARGETS['heuristic bots']}x target allows {budget:.2f} plies per command; "
        f"all but choose take {others:.2f}, leaving choose {budget - others:.2f} plies "
        f"(it takes {spent['choose'] / commands / ply:.2f})"
    )


COLLECTED_WORKLOADS = ("random bots", "Game facade")
"""The workloads ``--collector`` times with the collector on and off."""


def collector(args: argparse.Namespace) -> None:
    """Print what the collector costs each workload and the chess games timed beside it."""
    every = workloads(args.players)
    runs = {name: every[name] for name in COLLECTED_WORKLOADS}
    one_round(runs, round_seeds(args.seed, args.games, 0))  # warm-up, as in measure
    each: dict[tuple[str, str, bool], list[float]] = {}
    for round_number in range(1, args.rounds + 1):
        modes = (True, False) if round_number % 2 else (False, True)
        for index, enabled in enumerate(modes):
            seeds = round_seeds(args.seed, args.games, 2 * round_number - 1 + index)
            (gc.enable if enabled else gc.disable)()
            try:
                totals = one_round(runs, seeds)
            finally:
                gc.enable()
            for name, total in totals.items():
                mine = total.seconds / total.commands * 1e6
                theirs = total.chess_seconds / total.plies * 1e6
                each.setdefault((name, "ours", enabled), []).append(mine)
                each.setdefault((name, "chess", enabled), []).append(theirs)
    print(f"{args.games} {args.players}-player games a workload and mode, {args.rounds} rounds")
    print("the collector on and off, microseconds a unit: median (range); the collector's share")
    for name in COLLECTED_WORKLOADS:
        for side in ("ours", "chess"):
            on, off = each[name, side, True], each[name, side, False]
            label = f"{name} ({'player command' if side == 'ours' else 'chess ply, beside it'})"
            print(
                f"{label:42} on {statistics.median(on):6.1f} ({min(on):.1f} to {max(on):.1f}),"
                f" off {statistics.median(off):6.1f} ({min(off):.1f} to {max(off):.1f});"
                f" {1 - statistics.median(off) / statistics.median(on):6.1%}"
            )


def main() -> int:
    """Run the workloads and print the ratios; with --check, 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per workload (10)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (5)")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7), help="(4)")
    parser.add_argument("--seed", type=int, default=2004, help="seed of the run (2004)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument(
        "--breakdown", action="store_true", help="where a heuristic bot's command goes, instead"
    )
    parser.add_argument(
        "--collector", action="store_true", help="what the collector costs each side, instead"
    )
    args = parser.parse_args()
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    if args.collector:
        if args.check or args.breakdown:
            parser.error("--collector checks no target and goes alone")
        collector(args)
        return 0
    if args.breakdown:
        if args.check:
            parser.error("--breakdown checks no target: it cannot go with --check")
        breakdown(args)
        return 0
    ratios = measure(args)
    print(f"{args.games} {args.players}-player games per workload, {args.rounds} rounds")
    missed = False
    for name, values in ratios.items():
        median = statistics.median(values)
        verdict = "met" if median >= TARGETS[name] else "MISSED"
        missed |= median < TARGETS[name]
        print(
            f"{name:15} {median:5.2f}x chess (range {min(values):.2f} to {max(values):.2f});"
            f" target {TARGETS[name]}x: {verdict}"
        )
    kept = game_memory(4, args.seed)
    verdict = "met" if kept <= MEMORY_TARGET else "MISSED"
    missed |= kept > MEMORY_TARGET
    print(f"finished 4-player Game keeps {kept / 1024:,.0f} KiB; target 400 KiB: {verdict}")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
