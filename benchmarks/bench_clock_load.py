"""Clocks under load: a search program under ``match --move-time T`` with every core busy.

Starts one busy loop per core (``--busy``, default the number of cores), then plays
``chicago-poker match`` between the search bot as a program (its seconds set by each ``act``'s
clock, less its safety margin) and an opponent, keeping each program's trace
(``--bot-log``). It reports the time forfeits and every other termination, and, from the
traces, how long each of the program's moves took as the referee timed it (from the ``act``
written to the ``move`` read): median, p99 and the slowest, and how many went over ``T``
(the limit) and over ``T`` plus the latency allowance (a forfeit). The load average is
printed before and after.

    python benchmarks/bench_clock_load.py --games 200 --move-time 0.25
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEARCH = "cmd:python -m chicago_poker.protocol.speak search"
_ACT = re.compile(r'^(\d+\.\d+) > \{"type":"act","id":(\d+)')
_MOVE = re.compile(r'^(\d+\.\d+) < \{"type":"move","id":(\d+)')
_INFO = re.compile(r'^\d+\.\d+ < \{"type":"info","id":(\d+),.*"seconds":([\d.]+)')


def busy_loops(count: int) -> list[subprocess.Popen[bytes]]:
    """``count`` processes that spin forever."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def move_times(folder: Path, lags: list[float] | None = None) -> list[float]:
    """Each move's seconds, from act written to move read, over every trace in ``folder``.

    ``lags``, if given, gets each move's time less the bot's own (its ``info``'s
    ``seconds``, from its first line read): the pipes and the scheduling, as fastchess's
    ``-show-latency`` shows them.
    """
    times = []
    for trace in folder.glob("*.trace"):
        asked: dict[str, float] = {}
        own: dict[str, float] = {}
        for line in trace.read_text(encoding="utf-8").splitlines():
            if found := _ACT.match(line):
                asked[found.group(2)] = float(found.group(1))
            elif found := _INFO.match(line):
                own[found.group(1)] = float(found.group(2))
            elif (found := _MOVE.match(line)) and found.group(2) in asked:
                times.append(float(found.group(1)) - asked.pop(found.group(2)))
                if lags is not None and found.group(2) in own:
                    lags.append(times[-1] - own.pop(found.group(2)))
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--move-time", type=float, default=0.25)
    parser.add_argument("--latency", type=float, default=0.25)
    parser.add_argument("--busy", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bot", default=SEARCH)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}", flush=True)
    loops = busy_loops(args.busy)
    began = time.monotonic()
    try:
        with tempfile.TemporaryDirectory() as folder:
            report = run_match(args, Path(folder))
            lags: list[float] = []
            times = move_times(Path(folder), lags)
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    print(f"load after: {os.getloadavg()}; {time.monotonic() - began:.0f} s, {args.busy} busy")
    print(f"games {report['games']}; terminations {report['terminations']}")
    print(summary(times, args.move_time, args.latency))
    if lags:
        print(
            f"latency (the referee's time less the bot's): {len(lags)} moves, median "
            f"{statistics.median(lags):.3f} s, p99 {percentile(lags, 0.99):.3f} s, most "
            f"{max(lags):.3f} s"
        )


def run_match(args: argparse.Namespace, folder: Path) -> dict[str, object]:
    """Play the match, its programs traced into ``folder``: its JSON report."""
    command = [
        sys.executable, "-m", "chicago_poker", "match", args.bot, args.opponent,
        "--games", str(args.games), "--seed", str(args.seed),
        "--move-time", str(args.move_time), "--latency", str(args.latency),
        "--bot-log", str(folder), "--format", "json",
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    report: dict[str, object] = json.loads(done.stdout)
    return report


def summary(times: list[float], limit: float, latency: float) -> str:
    """The moves' timings in one line."""
    if not times:
        return "no moves traced"
    over = sum(each > limit for each in times)
    forfeits = sum(each > limit + latency for each in times)
    return (
        f"moves {len(times)}: median {statistics.median(times):.3f} s, "
        f"p99 {percentile(times, 0.99):.3f} s, slowest {max(times):.3f} s; "
        f"over {limit:g} s: {over}; over {limit + latency:g} s: {forfeits}"
    )


if __name__ == "__main__":
    main()
