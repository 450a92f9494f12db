"""Soak the bot referee: many games of faulty bots, every fault at random; nothing left behind.

    PYTHONPATH=src python benchmarks/soak_bots.py --games 1000

Three seats of ``chicago_poker.protocol.faulty`` (a fault in about 2% of its answers) and
one random bot in process. Reports the games ended by each reason, the longest overrun past
a bot's time limit, and the bot processes alive after the run, read from the process table.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from chicago_poker.match.runner import match
from chicago_poker.protocol.table import Clock


def survivors() -> list[int]:
    """Processes of the faulty bot (or its children) still alive, not zombies."""
    found = []
    for stat in Path("/proc").glob("[0-9]*"):
        try:
            command = (stat / "cmdline").read_bytes()
            state = (stat / "stat").read_text().rpartition(")")[2].split()[0]
        except OSError:
            continue
        if state != "Z" and (b"protocol.faulty" in command or b"time.sleep(3600)" in command):
            found.append(int(stat.name))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=0.02)
    args = parser.parse_args()
    bot = f"cmd:{sys.executable} -m chicago_poker.protocol.faulty --rate {args.rate}"
    clock = Clock(move=0.2, game=None, latency=0.1, startup=5.0)
    reasons: Counter[str] = Counter()
    overrun = 0.0
    start = time.perf_counter()
    for game in match([bot, bot, bot, "random"], args.games, 1, clock=clock):
        reasons[game.reason] += 1
        overrun = max(overrun, game.overrun)
    elapsed = time.perf_counter() - start
    time.sleep(0.5)  # a process killed a moment ago may take a moment to go
    print(f"games: {sum(reasons.values())} in {elapsed:.0f}s")
    for reason, count in reasons.most_common():
        print(f"  {reason:<16} {count:>5}")
    print(f"longest overrun past a time limit: {overrun:.3f}s (allowance {clock.latency}s)")
    print(f"bot processes left behind: {len(survivors())}")


if __name__ == "__main__":
    main()
