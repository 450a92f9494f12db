"""Benchmark the position and move notations: reading and writing the positions of random games.

Run from the repository::

    PYTHONPATH=src python benchmarks/bench_notation.py        # --games N (200), --rounds R (7)
    PYTHONPATH=src python benchmarks/bench_notation.py --before ../main/src

The code measured is the ``chicago_poker`` that the script imports (``src`` above), and with
``--before`` also the one in that folder.

The workload is the states of ``--games`` random games (2 to 6 players, each of the 32 sets of
rule options in turn, uniformly chosen legal commands, seeded), one in every 25 commands: the
position of each, one seat's view of it (or the observer's), and up to six of its legal
commands. Each workload is timed over all of them, in microseconds per item:

* ``parse_position``, ``write_position``, ``parse_view``, ``write_view``;
* ``parse_command``: the full text of each command (``0: 9R Speakeasy#1``), then its shortest
  text in the state (``9R Speakeasy``), read in the state;
* ``write_command``: the shortest text of each command in its state, which reads candidate
  texts back.

Every round builds the workload in a fresh process, reads and writes it once untimed (which
also pays the first use of the grammar), then times each workload three times; the fastest
counts, so that a burst of another process's work weighs less. With ``--before SRC``
(a ``src`` folder of another checkout, such as the main branch's), each round runs that code
too, in a process of its own, the two in turn (the order swapped every round), so that a slow
spell of a shared machine hits both alike; the script prints each workload's median and range
over the rounds, and the ratio of the medians. A last line gives the time of the first reading
of a position and of a command in a fresh process, which builds what the notation needs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import chicago_poker
from chicago_poker import Game, GameState, RuleOptions, legal_commands, view
from chicago_poker.core.commands import Command
from chicago_poker.core.views import PlayerView
from chicago_poker.formats.moves import parse_command, write_command
from chicago_poker.formats.notation import parse_position, parse_view, write_position, write_view

NAMES = ("Al", "Bugs", "Carmine", "Dutch", "Frank", "Nails")
EVERY = 25
"""One state in this many commands is in the workload."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the rounds, each in fresh processes, and print the table."""
    args = _parse(argv)
    if args.child:
        print(json.dumps(_child(args.games)))
        return 0
    codes = {"now": None} if args.before is None else {"before": args.before, "now": None}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in codes}
    for round_number in range(args.rounds):
        order = list(codes) if round_number % 2 == 0 else list(reversed(codes))
        for name in order:
            results[name].append(_round(args.games, codes[name]))
    _report(results)
    return 0


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games (200)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (7)")
    parser.add_argument("--before", type=Path, help="src folder of the code to compare with")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def _round(games: int, source: Path | None) -> dict[str, float]:
    """One round in a fresh process, of the code in ``source`` or else of the code imported here."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str((source or Path(chicago_poker.__file__).parent.parent).resolve())
    command = [sys.executable, __file__, "--child", "--games", str(games)]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def _child(games: int) -> dict[str, float]:
    """Build the workload, pay the first use untimed, time each workload: its fastest of three."""
    workloads, sizes, first = _workloads(games)
    for run in workloads.values():
        run()
    timed = {name: min(_time(run) for _ in range(3)) for name, run in workloads.items()}
    return {**{name: timed[name] / sizes[name] * 1e6 for name in timed}, **first}


def _time(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def _workloads(
    games: int,
) -> tuple[dict[str, Callable[[], object]], dict[str, int], dict[str, float]]:
    """Each workload, how many items it times, and the first reading of each notation."""
    states, views, commands = _states(games)
    positions = [write_position(state) for state in states]
    full = [[write_command(command) for command in legal] for _, legal in commands]
    first = {
        "first parse_position": _time(lambda: parse_position(positions[0])) * 1e3,
        "first parse_command": _time(lambda: parse_command(full[0][0], commands[0][0])) * 1e3,
    }
    seen = [write_view(one) for one in views]
    short = [[write_command(command, state) for command in legal] for state, legal in commands]
    pairs = [*_pairs(commands, full), *_pairs(commands, short)]
    workloads: dict[str, Callable[[], object]] = {
        "parse_position": lambda: [parse_position(text) for text in positions],
        "write_position": lambda: [write_position(state) for state in states],
        "parse_view": lambda: [parse_view(text) for text in seen],
        "write_view": lambda: [write_view(one) for one in views],
        "parse_command": lambda: [parse_command(text, state) for state, text in pairs],
        "write_command": lambda: [write_command(c, s) for s, legal in commands for c in legal],
    }
    sizes = {name: len(positions) for name in workloads}
    sizes["parse_command"] = len(pairs)
    sizes["write_command"] = sum(len(legal) for _, legal in commands)
    return workloads, sizes, first


def _pairs(
    commands: list[tuple[GameState, list[Command]]], texts: list[list[str]]
) -> list[tuple[GameState, str]]:
    pairs = zip(commands, texts, strict=True)
    return [(state, text) for (state, _), group in pairs for text in group]


def _states(
    games: int,
) -> tuple[list[GameState], list[PlayerView], list[tuple[GameState, list[Command]]]]:
    """The states of the random games, one in every few commands, with a view and commands."""
    every_options = [RuleOptions(*flags) for flags in itertools.product((False, True), repeat=5)]
    states: list[GameState] = []
    views: list[PlayerView] = []
    commands: list[tuple[GameState, list[Command]]] = []
    for seed in range(games):
        rng = random.Random(seed)
        players = 2 + seed % 5
        game = Game.new(NAMES[:players], every_options[seed % 32], seed=seed)
        for number in range(3000):
            if game.state.is_over:
                break
            if number % EVERY == 0:
                state = game.state
                states.append(state)
                views.append(view(state, rng.choice([None, *range(players)])))
                legal = legal_commands(state)
                commands.append((state, list(legal[:: max(1, len(legal) // 6)])))
            game.execute(rng.choice(game.legal_commands()))
    return states, views, commands


def _report(results: dict[str, list[dict[str, float]]]) -> None:
    rounds = len(next(iter(results.values())))
    names = list(next(iter(results.values()))[0])
    print(f"Notation, {rounds} rounds, microseconds per item: median (min to max)")
    for name in names:
        unit = "ms" if name.startswith("first") else "us"
        cells = [
            f"{code}: {_spread([r[name] for r in runs])} {unit}" for code, runs in results.items()
        ]
        ratio = ""
        if len(results) == 2:
            before, now = (statistics.median(r[name] for r in runs) for runs in results.values())
            ratio = f"  now / before {now / before:.2f}"
        print(f"  {name:<22} " + "   ".join(cells) + ratio)


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} ({min(values):.1f} to {max(values):.1f})"


if __name__ == "__main__":
    sys.exit(main())
