"""Count the machine instructions of the timed workloads, which hold still where times do not.

Run from the repository (needs valgrind)::

    python benchmarks/bench_instructions.py [--games N] [--warm-up W] [--seed S] [--jobs J]
    python benchmarks/bench_instructions.py --check  # status 1 when a target is missed

On a shared machine a timed ratio moves by several percent from one run to the next; the
number of instructions a workload runs moves by a few tenths of a percent. Each workload runs
in a child process under callgrind twice: with one repetition of its games and with three.
The difference is two repetitions, without what both runs share (start-up, imports, the
warm-up, preparing the inputs); divided by the commands, moves or events of those two
repetitions, it gives instructions per unit. The workloads:

* ``chess``: python-chess random self-play, as in ``bench_play.py``: per ply.
* ``random bots``, ``heuristic bots``, ``Game facade``: the games of ``bench_play.py``, per
  player command. Each repetition plays new games, after ``--warm-up`` games on other seeds
  that fill the tables the game itself bounds, as ``bench_play.py`` does: a repetition of
  the same games would find the memos filled by the one before.
* ``replay``: ``replay`` of the events of ``--games`` stored random games (bench_engine.py),
  per event; ``Board.push``: as many moves, unchecked, per move. Replay keeps no memo, so
  every repetition replays the same events.

Each line gives instructions per unit and the ratio to its peer (instructions per ply over
instructions per command, or per move over per event): the same ratios as ``bench_play.py``
and ``bench_engine.py`` time, in instructions. The machine's clock gives 0.7 to 0.8 of these
ratios for the bots and the facade (see ``benchmarks/README.md``). ``--check`` exits with
status 1 when a ratio misses its target.

``--machine`` runs the children under cachegrind instead, which simulates the processor's
first-level data cache and its branch predictor, and prints beside the instructions the
simulated data-cache misses and mispredicted branches per unit and per thousand
instructions: what the clock pays and an instruction count does not show, the reason the
clock's ratios fall short of the counts'. The simulation is valgrind's model, not this
processor: its rates compare workloads with each other, not with a measured cycle count.

``--kinds`` counts instead where the instructions go, by the kind of CPython's C function
that ran them (``callgrind_annotate``'s count of each function's own instructions, grouped by
name, the first kind that matches): the interpreter's loop, frames and calls; making and
freeing objects; dicts, sets and attributes; the collector's collections; the rest (ints,
comparisons, the C code of modules). What a cheaper representation of the state could save
is the second and part of the third and fourth.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gc
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable

from chicago_poker import GameState, RuleOptions, legal_commands, view
from chicago_poker.players.game import Game

WORKLOADS = (
    "chess",
    "random bots",
    "heuristic bots",
    "Game facade",
    "replay",
    "Board.push",
    "view",
    "legal commands",
    "encode",
    "PettingZoo",
    "search",
)
"""Every workload, by name."""

PEERS = {
    "random bots": "chess",
    "heuristic bots": "chess",
    "Game facade": "chess",
    "replay": "Board.push",
}
"""The peer each workload's ratio is taken against."""

TARGETS = {"random bots": 2.0, "heuristic bots": 0.5, "Game facade": 2.0, "replay": 2.0}
"""The targets of issue 17, here read in instructions."""

_COLLECTED = re.compile(r"Collected : (\d+)")
_SIMULATED = {
    "instructions": re.compile(r"I\s+refs:\s+([\d,]+)"),
    "D1 misses": re.compile(r"D1\s+misses:\s+([\d,]+)"),
    "mispredicts": re.compile(r"Mispredicts:\s+([\d,]+)"),
}
"""What ``--machine`` reads from cachegrind's summary, by the name it prints."""

KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "the collector's collections",
        re.compile(
            r"gc_collect|visit_|subtract_refs|update_refs|move_unreachable|_traverse"
            r"|deduce_unreachable|move_legacy|gc_list|untrack_dicts|untrack_tuples"
            r"|validate_list|handle_legacy|finalize_garbage|delete_garbage|clear_freelists"
        ),
    ),
    (
        "the interpreter: its loop, frames and calls",
        re.compile(
            r"EvalFrame|_PyFrame_Push|_PyFrame_Clear|initialize_locals|PopFrame|PushAndInit"
            r"|[cC]all|_Py_CheckFunction|cfunction|PyArg_Unpack|ThreadState_Get"
        ),
    ),
    (
        "making and freeing objects",
        re.compile(
            r"(?i)alloc|malloc|_free|NewReference|GC_Link|UnTrack|Trash|memset|memcpy|freelist"
            r"|GC_New|GC_Del|new_dict|new_keys|clone_combined|dict_copy|PyDict_Copy|make_new_set"
            r"|frozenset_new|set_new|FromArray|PyTuple_New|PyList_New|make_dict_from"
            r"|_PyObject_Init|dictresize|free_keys|tp_new|GetSlice|FromSsize"
        ),
    ),
    (
        "dicts, sets and attributes",
        re.compile(
            r"dict|set_|lookkey|GetAttr|_PyType_Lookup|unicodekeys|Getattr|Setattr|SetAttr"
            r"|SetOne|slot_tp|member_get|descr|getset|Hash"
        ),
    ),
)
"""The kinds ``--kinds`` groups CPython's C functions by, matched on the function's name in
this order; a function that matches none counts as "the rest"."""

KIND_NAMES = (*(kind for kind, _ in KINDS), "the rest")
"""The kinds ``--kinds`` prints, in order: :data:`KINDS`, then what matches none of them."""

_ANNOTATED = re.compile(r"^\s*([\d,]+)\s+(?:\(\s*[\d.]+%\)\s+)?(\S+)")
"""A line of ``callgrind_annotate``: a function's own instructions, then its file:function."""
_UNITS = re.compile(r"^UNITS (\d+)$", re.MULTILINE)


CALLS = ("view", "legal commands", "encode")
"""The workloads that time one call of the core at every decision of random games."""


NAMES = ("Al", "Bugs", "Dutch", "Frank", "Gus", "Hymie")


def decisions(seed: int, players: int = 4) -> list[tuple[GameState, int]]:
    """Every state of a random game of ``players`` where a seat decides, with that seat.

    The commands are chosen at random among the legal ones; ``bench_calls.py`` uses these too.
    """
    from chicago_poker.cli.turns import next_chooser

    game = Game.new(NAMES[:players], RuleOptions(), seed=seed)
    choices = random.Random(seed)
    found = []
    while not game.state.is_over:
        seat = next_chooser(game.state)
        if seat is None:
            break
        found.append((game.state, seat))
        game.execute(choices.choice(game.legal_commands(seat)))
    return found


def calls(name: str, repetitions: int, games: int, seed: int) -> int:
    """Call ``name`` at every decision of new games in each repetition; the calls made.

    The inputs of three repetitions are made first whatever ``repetitions`` is, so that the
    runs with one and with three repetitions share them.
    """
    from chicago_poker.ai.observation import encode
    from chicago_poker.players.simulate import game_seed

    rounds = [
        [each for index in range(games) for each in decisions(game_seed(seed, r * games + index))]
        for r in range(3)
    ]
    views = [[view(state, seat) for state, seat in found] for found in rounds]
    gc.collect()
    gc.freeze()
    made = 0
    for repetition in range(repetitions):
        if name == "view":
            for state, seat in rounds[repetition]:
                view(state, seat)
        elif name == "legal commands":
            for state, seat in rounds[repetition]:
                legal_commands(state, seat)
        else:
            for seen in views[repetition]:
                encode(seen)
        made += len(rounds[repetition])
    return made


def pettingzoo_steps(repetitions: int, games: int, seed: int) -> int:
    """Play ``games`` games of the 4-player PettingZoo environment per repetition; its steps.

    Each agent picks a random id of its mask, as PettingZoo's ``performance_benchmark`` does.
    """
    import numpy

    from chicago_poker.ai.pettingzoo_env import env

    table = env(players=4)
    choices = numpy.random.default_rng(seed)
    steps = 0
    for number in range(repetitions * games):
        table.reset(seed=seed + number)
        for _agent in table.agent_iter():
            observed, _, terminated, truncated, _ = table.last()
            done = terminated or truncated
            mask = observed["action_mask"]
            table.step(None if done else int(choices.choice(numpy.flatnonzero(mask))))
            steps += 1
    return steps


def search_iterations(repetitions: int) -> int:
    """Moves of 300 iterations of the search bot at the 4-player mid-game of bench_search.py.

    The position and the bot are made, and one move searched, before the repetitions; the
    units are the iterations played.
    """
    import bench_search

    middle = next(
        each for each in bench_search.positions(31) if (each.players, each.stage) == (4, "middle")
    )
    bot, _ = middle.bot()
    middle.rate(bot, 300)
    played = bot.played
    for _ in range(repetitions):
        middle.rate(bot, 300)
    return bot.played - played


def child(name: str, repetitions: int, games: int, warm_up: int, seed: int) -> int:
    """Run ``repetitions`` of workload ``name`` (after its warm-up); the units they count."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    if name == "search":
        return search_iterations(repetitions)
    if name in CALLS:
        return calls(name, repetitions, games, seed)
    if name == "PettingZoo":
        pettingzoo_steps(1, 1, seed + 1000)  # warm-up: imports and first tables
        return pettingzoo_steps(repetitions, games, seed)
    import bench_engine
    import bench_play

    from chicago_poker import replay
    from chicago_poker.players.simulate import game_seed

    if name in ("replay", "Board.push"):
        stored = [bench_engine.play_game(each)[2] for each in range(seed, seed + games)]
        sizes = [len(events) for events in stored]
        plan = bench_engine.push_plan(bench_engine.chess_games(games, seed), sizes)
        gc.collect()
        gc.freeze()  # the stored inputs out of the collector's sight, as bench_engine does
        for _ in range(repetitions):
            if name == "replay":
                for events in stored:
                    replay(events)
            else:
                for chunk in plan:
                    bench_engine.push(chunk)
        return repetitions * sum(sizes)
    run: Callable[[int], int] = (
        bench_play.chess_game if name == "chess" else bench_play.workloads(4)[name]
    )
    if name != "chess":
        for index in range(warm_up):
            run(game_seed(seed, index))
    units = 0
    for repetition in range(repetitions):
        first = warm_up + repetition * games
        for index in range(first, first + games):
            units += run(game_seed(seed, index))
    return units


def under_callgrind(
    arguments: list[str], *, output: str = "/dev/null", toggled: bool = False
) -> subprocess.CompletedProcess[str]:
    """Run this Python with ``arguments`` under valgrind's callgrind, and wait for it.

    Every run has ``PYTHONHASHSEED=0``, so that sets and dicts of strings are laid out alike
    from run to run. ``toggled``: count only between the program's client requests
    (``--collect-atstart=no``), as ``bench_calls.py`` does. Exits with callgrind's error if
    the run fails. ``bench_calls.py`` runs its child through this too.
    """
    command = ["--tool=callgrind", f"--callgrind-out-file={output}"]
    if toggled:
        command.append("--collect-atstart=no")
    return under_valgrind(command, arguments)


def under_cachegrind(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    """As :func:`under_callgrind`, under cachegrind simulating the data cache and branches."""
    command = ["--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes"]
    return under_valgrind([*command, "--cachegrind-out-file=/dev/null"], arguments)


def under_valgrind(tool: list[str], arguments: list[str]) -> subprocess.CompletedProcess[str]:
    """Run this Python with ``arguments`` under valgrind with the ``tool`` options."""
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", *tool, sys.executable, *arguments],
        capture_output=True,
        text=True,
        check=False,
        env=environment,
    )
    if done.returncode != 0:
        raise SystemExit(f"the run under valgrind failed:\n{done.stderr[-2000:]}")
    return done


def count(name: str, repetitions: int, args: argparse.Namespace) -> tuple[dict[str, int], int]:
    """The counts of one child (instructions; cachegrind's with ``--machine``; by kind with
    ``--kinds``) and the units it played."""
    arguments = [os.path.abspath(__file__), "--child", name, str(repetitions)]
    arguments += [f"--games={args.games}", f"--warm-up={args.warm_up}", f"--seed={args.seed}"]
    counts: dict[str, int] | None
    if args.kinds:
        with tempfile.TemporaryDirectory() as folder:
            output = os.path.join(folder, "callgrind.out")
            done = under_callgrind(arguments, output=output)
            counts = by_kind(output)
    else:
        done = under_cachegrind(arguments) if args.machine else under_callgrind(arguments)
        counts = summary(done.stderr, _SIMULATED if args.machine else {"instructions": _COLLECTED})
    units = _UNITS.search(done.stdout)
    if units is None or counts is None:
        raise SystemExit(f"{name}: the run under valgrind failed:\n{done.stderr[-2000:]}")
    return counts, int(units.group(1))


def summary(text: str, patterns: dict[str, re.Pattern[str]]) -> dict[str, int] | None:
    """The count of each of ``patterns`` in valgrind's summary ``text``; None if one is missing."""
    counts = {}
    for event, pattern in patterns.items():
        match = pattern.search(text)
        if match is None:
            return None
        counts[event] = int(match.group(1).replace(",", ""))
    return counts


def by_kind(output: str) -> dict[str, int]:
    """The instructions of a callgrind output file, in all and by :data:`KINDS`."""
    annotated = subprocess.run(
        ["callgrind_annotate", "--threshold=100", "--auto=no", output],
        capture_output=True,
        text=True,
        check=False,
    )
    if annotated.returncode != 0:
        raise SystemExit(f"callgrind_annotate failed:\n{annotated.stderr[-2000:]}")
    counts = dict.fromkeys(["instructions", *KIND_NAMES], 0)
    for line in annotated.stdout.splitlines():
        match = _ANNOTATED.match(line)
        if match is None or "PROGRAM TOTALS" in line:
            continue
        instructions = int(match.group(1).replace(",", ""))
        function = match.group(2).rsplit(":", 1)[-1]
        kind = next((kind for kind, pattern in KINDS if pattern.search(function)), "the rest")
        counts[kind] += instructions
        counts["instructions"] += instructions
    return counts


def per_unit(name: str, args: argparse.Namespace) -> tuple[dict[str, float], int]:
    """Each count per unit of workload ``name``, and the units of two repetitions."""
    (one, one_units), (three, three_units) = (count(name, reps, args) for reps in (1, 3))
    units = three_units - one_units
    return {event: (three[event] - one[event]) / units for event in three}, units


def machine_line(name: str, counts: dict[str, float], peer: dict[str, float] | None) -> str:
    """One workload's simulated misses per unit and per thousand instructions (``--machine``)."""
    instructions = counts["instructions"]
    line = f"{name:15} {instructions / 1000:8,.1f}k instructions"
    for event in ("D1 misses", "mispredicts"):
        line += f", {counts[event]:8,.0f} {event} ({1000 * counts[event] / instructions:5.2f}/k)"
    if peer is not None:
        line += f"; {peer['instructions'] / instructions:.3f}x the peer's instructions"
    return line


def kinds_lines(name: str, counts: dict[str, float]) -> list[str]:
    """One workload's instructions per unit by kind (``--kinds``), a line each."""
    instructions = counts["instructions"]
    lines = [f"{name}: {instructions / 1000:,.1f}k instructions a unit"]
    for kind in KIND_NAMES:
        lines.append(f"  {kind:45} {counts[kind] / 1000:8,.1f}k {counts[kind] / instructions:6.1%}")
    return lines


def main() -> int:
    """Count every workload and print instructions per unit and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per repetition (4)")
    parser.add_argument("--warm-up", type=int, default=20, help="bot and facade games first (20)")
    parser.add_argument("--seed", type=int, default=2004, help="seed of the run (2004)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="runs at once")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument(
        "--only", help="comma-separated workloads to count (every one), with their peers"
    )
    parser.add_argument(
        "--machine",
        action="store_true",
        help="simulate the data cache and the branch predictor (cachegrind) as well",
    )
    parser.add_argument(
        "--kinds",
        action="store_true",
        help="the instructions by the kind of C function that ran them, instead",
    )
    parser.add_argument("--child", nargs=2, metavar=("WORKLOAD", "REPETITIONS"), help="internal")
    args = parser.parse_args()
    if args.games < 1 or args.warm_up < 0 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1, --warm-up at least 0")
    if (args.machine or args.kinds) and args.check:
        parser.error("--machine and --kinds check no target: neither goes with --check")
    if args.machine and args.kinds:
        parser.error("--machine and --kinds are two different runs: give one")
    if args.child:
        name, repetitions = args.child
        if name not in WORKLOADS or not repetitions.isdigit():
            parser.error(f"--child: one of {', '.join(WORKLOADS)} and a count")
        units = child(name, int(repetitions), args.games, args.warm_up, args.seed)
        print(f"UNITS {units}")
        return 0
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed: it counts the instructions")
    chosen = WORKLOADS if args.only is None else tuple(args.only.split(","))
    if not set(chosen) <= set(WORKLOADS):
        parser.error(f"--only: some of {', '.join(WORKLOADS)}")
    chosen = tuple(
        name for name in WORKLOADS if name in chosen or name in {PEERS.get(each) for each in chosen}
    )
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {name: pool.submit(per_unit, name, args) for name in chosen}
        results = {name: future.result() for name, future in futures.items()}
    print(
        f"{'simulated counts' if args.machine else 'instructions'} per unit, two repetitions"
        f" of {args.games} games (bots and facade after {args.warm_up} warm-up games),"
        f" seed {args.seed}"
    )
    missed = False
    for name, (counts, units) in results.items():
        peer = PEERS.get(name)
        if args.machine:
            print(machine_line(name, counts, results[peer][0] if peer else None))
            continue
        if args.kinds:
            print("\n".join(kinds_lines(name, counts)))
            continue
        instructions = counts["instructions"]
        line = f"{name:15} {instructions / 1000:8,.1f}k per unit over {units:,} units"
        if peer is not None:
            ratio = results[peer][0]["instructions"] / instructions
            verdict = "met" if ratio >= TARGETS[name] else "missed"
            missed |= ratio < TARGETS[name]
            line += f"; {ratio:.3f}x {peer} (target {TARGETS[name]}x: {verdict})"
        print(line)
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
