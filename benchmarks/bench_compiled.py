"""The compiled build against the pure-Python one: the same workloads, in turn, CPU time.

Run from the repository, with a copy of ``src/`` whose core mypyc compiled (benchmarks/README.md)::

    python benchmarks/bench_compiled.py --compiled BUILD/src [--pure src] [--rounds 5]

Each round runs every workload once in a fresh process for each build, the builds in turn
(which goes first alternates), so that both see the same machine. The workloads, on the
games of ``bench_engine.py`` and the positions of ``bench_search.py``:

* ``self-play``: random 4-player games through ``step`` and ``legal_commands``, per command;
* ``replay``: ``replay`` of those games' events, per event;
* ``views``: ``view`` and ``legal_commands`` of every seat at every state of those games;
* ``search``: iterations of the search bot at the 4-player mid-game;
* ``pettingzoo``: turns of the AEC environment with random legal actions (the ai extra).

It prints each workload's rate for each build (median of the rounds) and the ratio of the
compiled to the pure (median and range of the rounds' ratios).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chicago_poker import Event

HERE = Path(__file__).resolve().parent


def _timed(run: Callable[[], int]) -> float:
    """Units per CPU second of ``run``, which returns how many units it did."""
    start = time.process_time()
    units = run()
    return units / (time.process_time() - start)


def child(games: int, iterations: int, turns: int) -> dict[str, float]:
    """The rates of every workload, in this process (the build is whatever it imports)."""
    sys.path.insert(0, str(HERE))
    from bench_engine import play_game
    from bench_search import Position, bot_game

    played = [play_game(seed)[2] for seed in range(games)]  # also fills the engine's tables
    rates = {
        "self-play": _timed(lambda: sum(play_game(seed)[0] for seed in range(games))),
        "replay": _timed(lambda: _replay(played)),
        "views": _timed(lambda: _views(played[: max(1, games // 4)])),
    }
    position = Position(bot_game(8, 4), 4, "middle")
    bot, _ = position.bot()

    def search() -> int:
        before = bot.played
        bot.iterations = iterations
        bot.choose(position.view, position.legal)
        return bot.played - before

    rates["search"] = _timed(search)
    rates.update(_pettingzoo(turns))
    return rates


def _replay(games: list[tuple[Event, ...]]) -> int:
    """``replay`` of every game; how many events."""
    from chicago_poker import replay

    for events in games:
        replay(events)
    return sum(len(events) for events in games)


def _views(games: list[tuple[Event, ...]]) -> int:
    """``view`` and ``legal_commands`` of every seat after every event; how many calls."""
    from chicago_poker import apply, view
    from chicago_poker.core.legal import legal_commands

    calls = 0
    for events in games:
        state = None
        for event in events:
            state = apply(state, event)
            for seat in range(len(state.players)):
                view(state, seat)
                legal_commands(state, seat)
                calls += 2
    return calls


def _pettingzoo(turns: int) -> dict[str, float]:
    """Turns per CPU second of the AEC environment at 4 players; nothing without the extra."""
    try:
        from chicago_poker.ai.pettingzoo_env import env
    except ImportError:
        return {}
    import numpy as np

    environment = env(players=4)
    generator = np.random.default_rng(0)

    def run() -> int:
        environment.reset(seed=0)
        for done in range(turns):
            _, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.reset(seed=done)
                continue
            mask = environment.observe(environment.agent_selection)["action_mask"]
            environment.step(int(generator.choice(np.flatnonzero(mask))))
        return turns

    return {"pettingzoo": _timed(run)}


def _run_child(source: Path, arguments: argparse.Namespace) -> dict[str, float]:
    """One fresh process of one build: its rates."""
    environment = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, __file__, "--child", "--games", str(arguments.games)]
    command += ["--iterations", str(arguments.iterations), "--turns", str(arguments.turns)]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    rates: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return rates


def main() -> int:
    """Time both builds in turn, round after round, and print the rates and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", type=Path, help="the src folder of the compiled build")
    parser.add_argument("--pure", type=Path, default=HERE.parent / "src")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--turns", type=int, default=20_000)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(child(arguments.games, arguments.iterations, arguments.turns)))
        return 0
    if arguments.compiled is None:
        parser.error("--compiled is needed")
    builds = {"pure": arguments.pure, "compiled": arguments.compiled}
    rounds: dict[str, list[dict[str, float]]] = {name: [] for name in builds}
    for number in range(arguments.rounds):
        order = list(builds) if number % 2 == 0 else list(builds)[::-1]
        for name in order:
            rounds[name].append(_run_child(builds[name], arguments))
        print(f"round {number + 1}: load {os.getloadavg()[0]:.2f}", file=sys.stderr)
    _report(rounds)
    return 0


def _report(rounds: dict[str, list[dict[str, float]]]) -> None:
    print(f"{'workload':12} {'pure /s':>12} {'compiled /s':>12} {'ratio':>6}  range")
    for workload in rounds["pure"][0]:
        pure = [each[workload] for each in rounds["pure"]]
        compiled = [each[workload] for each in rounds["compiled"]]
        ratios = [after / before for before, after in zip(pure, compiled, strict=True)]
        print(
            f"{workload:12} {statistics.median(pure):12,.0f} {statistics.median(compiled):12,.0f}"
            f" {statistics.median(ratios):6.2f}  {min(ratios):.2f} to {max(ratios):.2f}"
        )


if __name__ == "__main__":
    sys.exit(main())
