"""Benchmark a seat's information set: samples per second, the cost of an entry, a hostile log.

Measures, on games between random and heuristic bots (seats alternate, as on a web table):

* **samples per second** of a prepared ``InformationSet`` (``sample``), at 2, 4 and 6 players
  and at the start (the second round), the middle and the end of a game, for seat 0, in CPU
  time (``time.process_time``: what a busy machine does not change) and in wall time. Each
  position is sampled for ``--seconds`` of CPU time per round, over ``--rounds`` rounds, the
  positions interleaved within each round; the median and range over rounds are printed.
  Target (issue 31): at least 1,000 samples a second for a 4-player mid-game.
* **the cost of one entry**: ``extend`` of each entry of a 4-player game next to replaying
  that entry's command through the engine (``step``) five times, alternating entry by entry.
  Target: ``extend`` costs less. Also printed: the first sample after an entry (which finds a
  new witness), in replays of the whole history.
* **a hostile log**: a legal 5-player spectator's log with its last line repeated
  ``--repeats`` times (about 10 MB), written to a file and validated from it as the command
  line and a server read it (``validate_file``: every line a new object), with a time limit,
  then without: CPU and wall seconds and peak memory (``tracemalloc``). Target: answered
  within its time limit (CPU time, as the limit counts it).

* **the warm-up** (``--warm-up N``, measured alone): the CPU time of the first ``N`` samples of
  a fresh set, where the sampler's checks of the special cards in each hand are first asked
  (and cached), at 2, 4 and 6 players, three games each, at the start, middle and end, for
  seat 0 and the spectator: median, 90th centile and maximum over the positions.

Every figure is CPU time unless marked wall time; the load average is printed beside them.

``--check`` exits with status 1 when a target is missed.

Run: ``python benchmarks/bench_information.py``.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from chicago_poker import (
    Bot,
    Game,
    HeuristicBot,
    InformationSet,
    LogKind,
    RandomBot,
    RuleOptions,
    redact_entries,
    step,
)
from chicago_poker.formats.log import entries_to_lines
from chicago_poker.players.simulate import play_bots
from chicago_poker.referee.validate import validate_file

NAMES = ("Al", "Bugs", "Capone", "Dutch", "Eddie", "Frank")
STAGES = ("start", "middle", "end")


def bot_game(seed: int, players: int) -> Game:
    """A whole seeded game, heuristic and random bots alternating at the seats."""
    bots: list[Bot] = [
        HeuristicBot(seed + seat) if seat % 2 else RandomBot(seed + seat) for seat in range(players)
    ]
    return play_bots(RuleOptions(), bots, seed, names=NAMES[:players], max_commands=3_000)


def position(game: Game, stage: str) -> int:
    """How many entries of ``game`` the position of ``stage`` has seen."""
    history = len(game.history)
    players = len(game.state.players)
    if stage == "start":
        return min(history, 6 * players)  # into the second round
    if stage == "middle":
        return history // 2
    return history - 1


def prepared(game: Game, entries: int, viewer: int) -> InformationSet:
    seen = list(redact_entries(game.history[:entries], viewer))
    known = InformationSet.of(seen, viewer)
    known.sampler()
    return known


def sample_rates(
    args: argparse.Namespace,
) -> dict[tuple[int, str], list[tuple[float, float]]]:
    """Samples per second of CPU time and of wall time of each position, one pair per round."""
    positions = {}
    for players in (2, 4, 6):
        game = bot_game(args.seed + players, players)
        for stage in STAGES:
            positions[players, stage] = prepared(game, position(game, stage), 0)
    rates: dict[tuple[int, str], list[tuple[float, float]]] = {key: [] for key in positions}
    rng = random.Random(args.seed)
    for _ in range(args.rounds):
        for key, known in positions.items():
            count = 0
            start, cpu = time.perf_counter(), time.process_time()
            while (spent := time.process_time() - cpu) < args.seconds:
                known.sample(rng)
                count += 1
            rates[key].append((count / spent, count / (time.perf_counter() - start)))
    return rates


def warm_up(args: argparse.Namespace) -> tuple[list[float], int, int]:
    """CPU seconds of the first ``args.warm_up`` samples of a fresh set, one per position; and
    how many hands' numbers per release the sampler checked, and how many it refused."""
    found = []
    checked = refused = 0
    for players in (2, 4, 6):
        for game_number in range(3):
            game = bot_game(args.seed + 10 * game_number + players, players)
            for stage in STAGES:
                for viewer in (0, None):
                    seen = list(redact_entries(game.history[: position(game, stage)], viewer))
                    known = InformationSet.of(seen, viewer)
                    known.sampler()
                    rng = random.Random(args.seed)
                    start = time.process_time()
                    for _ in range(args.warm_up):
                        known.sample(rng)
                    found.append(time.process_time() - start)
                    answers = getattr(known.sampler(), "counted", {}).values()
                    checked += len(answers)
                    refused += sum(not answer for answer in answers)
    return found, checked, refused


def entry_costs(args: argparse.Namespace) -> tuple[float, float, float]:
    """Seconds of ``extend`` per entry, of five ``step`` per entry, and of the first sample after
    an entry in replays of the whole history (4-player game, seat 0)."""
    game = bot_game(args.seed + 4, 4)
    seen = list(redact_entries(game.history, 0))
    extend = replay = 0.0
    for _ in range(args.rounds):
        known = InformationSet(0)
        state = None
        for entry, full in zip(seen, game.history, strict=True):
            start = time.process_time()
            known.extend(entry)
            extend += time.process_time() - start
            start = time.process_time()
            for _ in range(5):
                after, _ = step(state, full.command)
            replay += time.process_time() - start
            state = after
    per_entry = args.rounds * len(seen)
    known = InformationSet.of(seen[: len(seen) // 2], 0)
    rng = random.Random(1)
    start = time.process_time()
    known.sample(rng)
    first = time.process_time() - start
    start = time.process_time()
    state = None
    for full in game.history[: len(seen) // 2]:
        state, _ = step(state, full.command)
    whole = time.process_time() - start
    return extend / per_entry, replay / per_entry, first / whole


def hostile(args: argparse.Namespace) -> list[tuple[str, float, float, float, str]]:
    """The hostile log validated with and without a time limit.

    Each: (label, CPU seconds, wall seconds, MiB, verdict).
    """
    game = bot_game(args.seed + 5, 5)
    lines = list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=None))
    lines.extend([lines[-1]] * args.repeats)
    found = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hostile.jsonl"
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        size = path.stat().st_size / 2**20
        print(f"hostile log: {len(lines):,} lines, {size:.1f} MiB")
        limits = ((f"time limit {args.limit:g} s", args.limit), ("no time limit", None))
        for label, limit in limits:
            gc.collect()
            tracemalloc.start()
            start, cpu = time.perf_counter(), time.process_time()
            report = validate_file(path, "hostile", time_limit=limit)
            seconds, wall = time.process_time() - cpu, time.perf_counter() - start
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
            finding = report.findings[0] if report.findings else None
            verdict = report.status.value + (f" at line {finding.line}" if finding else "")
            found.append((label, seconds, wall, peak, verdict))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (5)")
    parser.add_argument("--seconds", type=float, default=0.5, help="per position per round (0.5)")
    parser.add_argument("--seed", type=int, default=31, help="seed of the games (31)")
    parser.add_argument("--repeats", type=int, default=20_000, help="hostile repeats (20,000)")
    parser.add_argument("--limit", type=float, default=10.0, help="hostile time limit (10 s)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--warm-up", type=int, default=0, help="measure only the first N samples")
    args = parser.parse_args()
    missed = []

    print(f"load average: {os.getloadavg()[0]:.2f} (over the number of cores: a busy machine)")
    if args.warm_up:
        found, checked, refused = warm_up(args)
        spent = sorted(found)
        print(
            f"the first {args.warm_up} samples of a fresh set, {len(spent)} positions, CPU "
            f"time: median {statistics.median(spent):.3f} s, 90th centile "
            f"{spent[len(spent) * 9 // 10]:.3f} s, max {spent[-1]:.3f} s, total "
            f"{sum(spent):.2f} s; {checked} hands' numbers per release checked, {refused} "
            f"refused; load average after: {os.getloadavg()[0]:.2f}"
        )
        return 0
    print(
        f"samples per second of CPU time (of wall time), seat 0, {args.rounds} rounds of "
        f"{args.seconds:g} s of CPU time a position"
    )
    for (players, stage), pairs in sample_rates(args).items():
        rates = [cpu for cpu, _ in pairs]
        walls = [wall for _, wall in pairs]
        print(
            f"  {players} players, {stage:<6}: median {statistics.median(rates):8,.0f}/s "
            f"(from {min(rates):,.0f} to {max(rates):,.0f}); wall time "
            f"{statistics.median(walls):,.0f}/s"
        )
        if (players, stage) == (4, "middle") and statistics.median(rates) < 1_000:
            missed.append("samples")

    extend, replay, first = entry_costs(args)
    print(
        f"one entry, CPU time: extend {extend * 1e6:.1f} us, five steps {replay * 1e6:.1f} us "
        f"({extend / replay:.2f}x); the first sample after an entry: {first:.1f} replays of "
        "the history"
    )
    if extend >= replay:
        missed.append("extend")

    for label, seconds, wall, peak, verdict in hostile(args):
        print(
            f"hostile log, {label}: {seconds:.2f} s of CPU time ({wall:.2f} s of wall time), "
            f"peak {peak:.0f} MiB, {verdict}"
        )
        if label.startswith("time limit") and seconds > args.limit * 1.1:
            missed.append("hostile")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if missed:
        print("NOT met: " + ", ".join(missed))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
