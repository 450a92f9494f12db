"""view(), legal_commands() and encode() per call, against another tree's, in one process.

Run from the repository, with a copy of another tree's ``src/`` (say, the main branch's)::

    python benchmarks/bench_calls.py --base COPY/src [--players 4] [--games 4] [--rounds 5]
    python benchmarks/bench_calls.py --base COPY/src --callgrind   # instructions (valgrind, cc)

The other tree's ``core/views.py``, ``core/legal.py`` and ``ai/observation.py`` are loaded
beside this tree's, as modules of their own (with memos of their own), so both see the same
states of the same process. The inputs: every state where a seat decides in ``--games``
random games (random legal commands), with that seat; each call is timed on all of them,
the two trees in turn, which goes first alternating from round to round. CPU time
(``time.process_time``): the median and range of the rounds' ratios. Before it is timed,
each tree has viewed every input and listed its legal commands once (this tree's memos are
filled by playing the games and making the encoder's inputs, the other's alike), so that
both are measured warm, as in a loop's later games.

With ``--callgrind`` the script runs itself once under valgrind's callgrind, which counts only
the timed loops (a client request of ``valgrind/callgrind.h``, built with ``cc``), and prints
instructions per call of each tree: these hold still where the clock does not.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import importlib.util
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from bench_instructions import decisions, under_callgrind

from chicago_poker import GameState, legal_commands, view
from chicago_poker.ai.observation import encode

TOGGLE = """#include <valgrind/callgrind.h>
void start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_TOGGLE_COLLECT; }
void stop(const char *name) { CALLGRIND_TOGGLE_COLLECT; CALLGRIND_DUMP_STATS_AT(name); }
"""


def load(base: Path, path: str) -> ModuleType:
    """The module at ``path`` of the other tree, loaded under a name of its own."""
    name = "base_" + path.replace("/", "_").removesuffix(".py")
    spec = importlib.util.spec_from_file_location(name, base / "chicago_poker" / path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--base: no {path} under {base}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def loops(
    modules: list[ModuleType], found: list[tuple[GameState, int]]
) -> dict[str, Callable[[], object]]:
    """The timed loops, by name: each call over every decision, for each tree."""
    views, legal, observation = modules
    seen = [view(state, seat) for state, seat in found]
    for state, seat in found:  # making the encoder's inputs filled this tree's view memos
        views.view(state, seat)
    return {
        "view base": lambda: [views.view(state, seat) for state, seat in found],
        "view this": lambda: [view(state, seat) for state, seat in found],
        "legal base": lambda: [legal.legal_commands(state, seat) for state, seat in found],
        "legal this": lambda: [legal_commands(state, seat) for state, seat in found],
        "encode base": lambda: [observation.encode(each) for each in seen],
        "encode this": lambda: [encode(each) for each in seen],
    }


def clock(modules: list[ModuleType], args: argparse.Namespace) -> None:
    """Time every loop, the trees in turn, on new games each round; print µs per call."""
    times: dict[str, list[float]] = {}
    for number in range(args.rounds):
        found = inputs(args, number + 1)
        for state, seat in found:  # as playing the games filled this tree's legal memo
            modules[1].legal_commands(state, seat)
        runs = loops(modules, found)
        for what in ("view", "legal", "encode"):
            for tree in ("base", "this") if number % 2 else ("this", "base"):
                gc.collect()
                started = time.process_time()
                runs[f"{what} {tree}"]()
                spent = (time.process_time() - started) / len(found) * 1e6
                times.setdefault(f"{what} {tree}", []).append(spent)
    for what in ("view", "legal", "encode"):
        base, this = times[f"{what} base"], times[f"{what} this"]
        ratios = [b / t for b, t in zip(base, this, strict=True)]
        print(
            f"{what:7} base {statistics.median(base):6.2f} µs, this {statistics.median(this):6.2f}"
            f" µs a call; base / this {statistics.median(ratios):.2f}x"
            f" ({min(ratios):.2f}x to {max(ratios):.2f}x)"
        )


def inputs(args: argparse.Namespace, number: int) -> list[tuple[GameState, int]]:
    """The decisions of the ``number``-th set of ``--games`` random games (0: the warm-up)."""
    first = 1017 + number * args.games
    return [
        each for seed in range(first, first + args.games) for each in decisions(seed, args.players)
    ]


def counted(runs: dict[str, Callable[[], object]], library: str) -> None:
    """Run each loop once between callgrind's client requests (in the child under valgrind)."""
    toggle: Any = ctypes.CDLL(library)
    gc.collect()
    gc.disable()  # a collection would be counted in whichever call it fell in
    for name, run in runs.items():
        toggle.start()
        run()
        toggle.stop(name.encode())


def callgrind(arguments: list[str], calls: int) -> None:
    """Run this script under callgrind and print the instructions per call of each loop."""
    if shutil.which("valgrind") is None or shutil.which("cc") is None:
        raise SystemExit("--callgrind needs valgrind and a C compiler (cc)")
    with tempfile.TemporaryDirectory() as scratch:
        source, library = Path(scratch, "toggle.c"), Path(scratch, "toggle.so")
        source.write_text(TOGGLE)
        subprocess.run(["cc", "-shared", "-fPIC", "-o", library, source], check=True)
        output = Path(scratch, "cg.out")
        under_callgrind(
            [__file__, *arguments, "--child", str(library)], output=str(output), toggled=True
        )
        counts = {}
        for dump in Path(scratch).glob("cg.out.*"):
            text = dump.read_text()
            name = re.search(r"Client Request: (.+)", text)
            total = re.search(r"^summary: (\d+)", text, re.MULTILINE)
            if name and total:
                counts[name.group(1)] = int(total.group(1)) / calls
    for what in ("view", "legal", "encode"):
        base, this = counts[f"{what} base"], counts[f"{what} this"]
        print(
            f"{what:7} base {base:9,.0f}, this {this:9,.0f} instructions a call;"
            f" base / this {base / this:.2f}x"
        )


def main() -> None:
    """Read the options, make the inputs, and time or count the loops."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the other tree's src/")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--games", type=int, default=4, help="random games of inputs (4)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (5)")
    parser.add_argument("--callgrind", action="store_true", help="count instructions instead")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.callgrind:
        calls = len(inputs(args, 1))
        callgrind([each for each in sys.argv[1:] if each != "--callgrind"], calls)
        return
    paths = ("core/views.py", "core/legal.py", "ai/observation.py")
    modules = [load(args.base, path) for path in paths]
    for run in loops(modules, inputs(args, 0)).values():
        run()  # both trees' memos filled alike by other games, as in a loop's later games
    if args.child:
        found = inputs(args, 1)
        for state, seat in found:  # playing the games filled this tree's legal memo for them
            modules[1].legal_commands(state, seat)
        counted(loops(modules, found), args.child)
    else:
        clock(modules, args)


if __name__ == "__main__":
    main()
