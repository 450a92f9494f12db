"""Player commands per second: four random bots in process, and the same over pipes.

    PYTHONPATH=src python benchmarks/bench_protocol.py --rounds 5 --games 10

Rounds alternate between the two, so that the machine's load falls on both alike; each
prints the median and the range of its rounds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from chicago_poker.core.commands import DealCard, RevealTile, StartGame
from chicago_poker.core.rules import RuleOptions
from chicago_poker.players.bots import RandomBot
from chicago_poker.protocol.table import Clock, Player, RemoteBot, bot_seed, play_table


def commands(result: object) -> int:
    history = result.game.history  # type: ignore[attr-defined]  # a TableResult
    return sum(not isinstance(e.command, StartGame | DealCard | RevealTile) for e in history)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    argv = [sys.executable, "-m", "chicago_poker.protocol.speak", "random"]
    remote = [RemoteBot(argv, clock=Clock(move=5.0)) for _ in range(4)]
    rates: dict[str, list[float]] = {"in process": [], "over pipes": []}
    try:
        for _ in range(args.rounds):
            for kind in rates:
                start, count = time.perf_counter(), 0
                for seed in range(args.games):
                    if kind == "in process":
                        players: list[Player] = [RandomBot(bot_seed(seed, s)) for s in range(4)]
                    else:
                        players = list(remote)
                    count += commands(play_table(RuleOptions(), players, seed))
                rates[kind].append(count / (time.perf_counter() - start))
    finally:
        for bot in remote:
            bot.close()
    for kind, values in rates.items():
        print(
            f"{kind:<11} median {statistics.median(values):>8.0f} commands/s "
            f"(range {min(values):.0f} to {max(values):.0f})"
        )
    ratio = statistics.median(rates["over pipes"]) / statistics.median(rates["in process"])
    print(f"over pipes / in process: {ratio:.2f}")


if __name__ == "__main__":
    main()
