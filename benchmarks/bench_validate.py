"""Benchmark log validation against python-chess reading PGN, in one run on one machine.

Writes random complete 4-player games as JSON Lines logs, then measures events per second
validated by ``chicago_poker.referee.validate.validate_file`` (read, parse, replay through the
engine, compare every recorded event). Next to it: python-chess reading random games from
PGN with ``chess.pgn.read_game``, which parses and checks every move: as many moves as there
are events. Within a round the two alternate log by log: each log validated is followed by
reading the chess games that bring the moves read level with the events validated, so that a
busy spell of the machine slows both alike.
Target (issue 17, item 5): validated events per second at least twice chess's moves per
second in every round, with the validator's caches empty at the start of each round, as in
a new process. ``--check`` exits with status 1 when the lowest round misses it.

Redacted logs: for the first ``--redacted-games`` of those games, it also writes the redacted
log of seat 0 and of the spectator, and measures events per second validating them (a search
for a complete legal game that redacts to each, through the engine) next to validating the
full logs of the same games (``validate_file(path, witness=True)``). Aim: redacted logs validated
at least half as fast as full logs, in events per second. A redacted log whose report is not
"ok" (illegal, or undecided when the search reached its limit) is counted and named.

With ``--workers N``, it also measures ``validate_files(paths, workers=N)``: the same logs checked
in N worker processes, start-up of the workers included. That figure uses N cores where
python-chess uses one, so it is reported beside the target, never counted for it.

Run: ``pip install ".[bench]"`` then ``python benchmarks/bench_validate.py``.
"""

from __future__ import annotations

import argparse
import collections
import gc
import io
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from operator import attrgetter
from pathlib import Path
from typing import NamedTuple

import chess
import chess.pgn

from chicago_poker import Game
from chicago_poker.formats.log import LogKind, RedactedLogEntry, read_log, write_log
from chicago_poker.formats.reader import _canonical_command, clear_structure_cache
from chicago_poker.referee.validate import Report, Status, validate_file, validate_files

PLAYERS = ("Al", "Bugs", "Dutch", "Frank")
VIEWERS = {"seat 0": 0, "spectator": None}
"""The redacted logs written of each game: one seat's, and the spectator's."""


def write_games(folder: Path, games: int, seed: int, redacted: int) -> tuple[list[Path], list[int]]:
    """Write ``games`` random games as full logs, and the redacted logs of the first ``redacted``.

    Returns the full logs' paths, in the order of the games, and each game's events.
    """
    paths, events = [], []
    for index in range(games):
        policy = random.Random(seed + index)
        game = Game.new(PLAYERS, seed=seed + index)
        while not game.state.is_over:
            game.execute(policy.choice(game.legal_commands()))
        events.append(len(game.events))
        paths.append(folder / f"game-{index}.jsonl")
        with paths[-1].open("w", encoding="utf-8") as file:
            write_log(game, file, provenance={"seed": seed + index})
        if index < redacted:
            # No provenance: a redacted log may not hold the seed, which would reveal the cards.
            for label, viewer in VIEWERS.items():
                with redacted_path(folder, label, index).open("w", encoding="utf-8") as file:
                    write_log(game, file, kind=LogKind.REDACTED, viewer=viewer)
    return paths, events


def redacted_path(folder: Path, label: str, index: int) -> Path:
    return folder / f"game-{index}-{label.replace(' ', '')}.jsonl"


def redacted_events(path: Path) -> int:
    """The events of a redacted log, counted as for a full log: the events of each entry."""
    with path.open("rb") as file:
        return sum(
            len(item.events) for item in read_log(file) if isinstance(item, RedactedLogEntry)
        )


def pgn_chunks(events: list[int], seed: int) -> tuple[list[str], int]:
    """Random chess games as PGN texts, one per log; and their moves in all.

    The games are whole, and each text holds those that bring the moves so far level with
    (or just past) the events of the logs so far, so that the runs alternate evenly.
    """
    policy = random.Random(seed)
    chunks = []
    moves = wanted = 0
    for count in events:
        wanted += count
        out = io.StringIO()
        while moves < wanted:
            board = chess.Board()
            while not board.is_game_over():
                board.push(policy.choice(list(board.legal_moves)))
                moves += 1
            print(chess.pgn.Game.from_board(board), file=out, end="\n\n")
        chunks.append(out.getvalue())
    return chunks, moves


class Spent(NamedTuple):
    """Seconds measured on both clocks: the wall clock, and this process's CPU time."""

    wall: float
    cpu: float

    def __add__(self, other: object) -> Spent:
        assert isinstance(other, Spent)
        return Spent(self.wall + other.wall, self.cpu + other.cpu)


def now() -> Spent:
    return Spent(time.perf_counter(), time.process_time())


def since(start: Spent) -> Spent:
    end = now()
    return Spent(end.wall - start.wall, end.cpu - start.cpu)


ZERO = Spent(0.0, 0.0)
CLOCKS = {"CPU": attrgetter("cpu"), "wall": attrgetter("wall")}
"""Each figure is printed in CPU time (``time.process_time``), then in wall time."""


def time_reports(
    paths: list[Path], workers: int = 1, *, witness: bool = False
) -> tuple[Spent, list[Report]]:
    """The seconds validating ``paths`` took, and every report that is not ok.

    With ``witness``, each log is validated with its witness search (one process).
    """
    # Each run starts with the validator's caches empty, as in a new process: the runs
    # validate the same logs, so a cache kept from the run before would flatter the figures.
    # (Workers are new processes, whose caches start empty anyway.)
    _canonical_command.cache_clear()
    clear_structure_cache()
    start = now()
    reports = (
        [validate_file(path, witness=True) for path in paths]
        if witness
        else list(validate_files(paths, workers=workers))
    )
    failed = [report for report in reports if report.status is not Status.OK]
    return since(start), failed


def time_validation(paths: list[Path], workers: int = 1) -> Spent:
    """The seconds validating ``paths`` took; every log must be ok."""
    seconds, failed = time_reports(paths, workers)
    if failed:
        raise AssertionError(f"{failed[0].source} did not validate")
    return seconds


def time_pgn(text: str) -> Spent:
    start = now()
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        if game.errors:
            raise AssertionError(game.errors)
    return since(start)


def time_one_log(path: Path) -> Spent:
    """The seconds validating one log took; it must be ok."""
    start = now()
    report = validate_file(path)
    seconds = since(start)
    if report.status is not Status.OK:
        raise AssertionError(f"{path} did not validate")
    return seconds


def alternate(paths: list[Path], chunks: list[str]) -> tuple[Spent, Spent]:
    """One round: each log validated, then its PGN text read; the seconds of each side.

    The round starts with the validator's cache of command texts empty, as a new process
    would: the rounds validate the same logs, so a cache kept from the round before would
    flatter the figures.
    """
    _canonical_command.cache_clear()
    clear_structure_cache()
    validating = reading = ZERO
    for path, text in zip(paths, chunks, strict=True):
        validating += time_one_log(path)
        reading += time_pgn(text)
    return validating, reading


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="Chicago Poker games (50)")
    parser.add_argument(
        "--redacted-games",
        type=int,
        default=4,
        help="of those, the first games whose redacted logs are validated too (4)",
    )
    parser.add_argument("--repeats", type=int, default=5, help="rounds of each measure (5)")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if a round is under 2x read_game"
    )
    parser.add_argument("--seed", type=int, default=2004)
    parser.add_argument(
        "--workers", type=int, default=1, help="also time validate_files with this many workers"
    )
    args = parser.parse_args()
    redacted_games = min(args.redacted_games, args.games)
    parallel: list[Spent] = []
    # Per run: the full logs of the redacted games, and the redacted logs of each viewer.
    same_full: list[Spent] = []
    by_viewer: dict[str, list[Spent]] = {label: [] for label in VIEWERS}
    statuses: dict[str, dict[str, Status]] = {label: {} for label in VIEWERS}
    with tempfile.TemporaryDirectory() as folder:
        paths, per_game = write_games(Path(folder), args.games, args.seed, redacted_games)
        events = sum(per_game)
        chunks, moves = pgn_chunks(per_game, args.seed)  # as many moves as there are events
        full_paths = paths[:redacted_games]
        full_events = sum(per_game[:redacted_games])
        viewer_paths = {
            label: [redacted_path(Path(folder), label, index) for index in range(redacted_games)]
            for label in VIEWERS
        }
        viewer_events = {
            label: sum(map(redacted_events, found)) for label, found in viewer_paths.items()
        }
        gc.collect()
        gc.freeze()  # the set-up's objects: the collector need not scan them in the runs
        # All of them alternate, so that a busy spell of the machine slows each alike.
        validations, readings = [], []
        for _ in range(args.repeats):
            validating, reading = alternate(paths, chunks)
            validations.append(validating)
            readings.append(reading)
            if args.workers > 1:
                parallel.append(time_validation(paths, args.workers))
            if redacted_games:
                same_full.append(time_validation(full_paths))
                for label, found in viewer_paths.items():
                    seconds, failed = time_reports(found, witness=True)
                    by_viewer[label].append(seconds)
                    for report in failed:
                        statuses[label][Path(report.source).name] = report.status
        # Each redacted log alone, its rounds: how far the slowest is from the rest.
        per_log = {
            path: [time_one_redacted(path) for _ in range(args.repeats)]
            for found in viewer_paths.values()
            for path in found
        }
    print(f"{args.games} games, as many chess moves, {args.repeats} rounds, seed {args.seed}")
    print(f"load average after: {os.getloadavg()[0]:.2f} (2 cores here: above 2 is busy)")
    lowest = 0.0
    for clock, pick in CLOCKS.items():
        print(f"--- {clock} time")
        ratio = report_full(args, events, moves, validations, readings, pick)
        lowest = ratio if clock == "CPU" else lowest
        if parallel and clock == "wall":
            print(
                f"validate_files with {args.workers} worker processes, start-up included: "
                f"{events / min(map(pick, parallel)):,.0f} events/s (on {args.workers} cores: "
                "not counted against the target)"
            )
        if redacted_games:
            report_redacted(
                redacted_games,
                args.repeats,
                full_events,
                [pick(each) for each in same_full],
                viewer_events,
                {label: [pick(each) for each in found] for label, found in by_viewer.items()},
                statuses,
            )
            report_each_log({path: min(map(pick, found)) for path, found in per_log.items()})
    return 1 if args.check and lowest < 2 else 0


def report_full(
    args: argparse.Namespace,
    events: int,
    moves: int,
    validations: list[Spent],
    readings: list[Spent],
    pick: Callable[[Spent], float],
) -> float:
    """Print the full logs' figures on one clock; the lowest round's ratio."""
    validation, reading = min(map(pick, validations)), min(map(pick, readings))
    ours, theirs = events / validation, moves / reading
    print(f"chicago_poker validate: {events:,} events, {ours:,.0f} events/s (best round)")
    print(f"python-chess read_game: {moves:,} moves, {theirs:,.0f} moves/s (best round)")
    # Each round's ratio: the two sides alternated log by log, through the same spells.
    rounds = sorted(
        (events / pick(validation)) / (moves / pick(reading))
        for validation, reading in zip(validations, readings, strict=True)
    )
    print(
        f"ratio of each round: min {rounds[0]:.2f}x, median {statistics.median(rounds):.2f}x, "
        f"max {rounds[-1]:.2f}x"
    )
    verdict = "met" if rounds[0] >= 2 else "NOT met"
    print(f"validation: {rounds[0]:.2f}x read_game in every round (target 2x): {verdict}")
    return rounds[0]


def report_each_log(per_log: dict[Path, float]) -> None:
    """Print how far the slowest redacted log, alone, is from the median one."""
    times = sorted(per_log.values())
    median = statistics.median(times)
    slowest = max(per_log, key=per_log.__getitem__)
    verdict = "met" if times[-1] <= 5 * median else "NOT met"
    print(
        f"each redacted log alone: median {median * 1000:.1f} ms, slowest "
        f"{times[-1] * 1000:.1f} ms ({slowest.name}), {times[-1] / median:.1f}x the median "
        f"(aim at most 5x): {verdict}"
    )


def time_one_redacted(path: Path) -> Spent:
    """The seconds validating one redacted log took, its caches emptied first."""
    _canonical_command.cache_clear()
    clear_structure_cache()
    start = now()
    validate_file(path, witness=True)
    return since(start)


def report_redacted(
    games: int,
    repeats: int,
    full_events: int,
    same_full: list[float],
    viewer_events: dict[str, int],
    by_viewer: dict[str, list[float]],
    statuses: dict[str, dict[str, Status]],
) -> None:
    """Print events per second of the redacted logs next to the full logs of the same games."""
    print()
    print(f"redacted logs of the first {games} games (seat 0 and spectator), best of {repeats}")
    full = full_events / min(same_full)
    column = 27  # the figures start in one column
    print(f"{'full logs of those games:':<{column}}{full_events:,} events, {full:,.0f} events/s")
    for label, seconds in by_viewer.items():
        rate = viewer_events[label] / min(seconds)
        print(
            f"{'redacted, ' + label + ':':<{column}}{viewer_events[label]:,} events, {rate:,.0f} "
            f"events/s ({rate / full:.3f}x full, {min(seconds) / games:.2f} s a log)"
        )
    total_events = sum(viewer_events.values())
    runs = [sum(each) for each in zip(*by_viewer.values(), strict=True)]
    redacted = total_events / min(runs)
    verdict = "met" if redacted >= full / 2 else "NOT met"
    print(f"{'redacted, both:':<{column}}{total_events:,} events, {redacted:,.0f} events/s")
    print(f"ratio redacted/full {redacted / full:.3f}x (aim 0.5x): {verdict}")
    pairs = sorted(
        (total_events / run) / (full_events / each)
        for run, each in zip(runs, same_full, strict=True)
    )
    print(
        f"ratio of each pair of runs: median {statistics.median(pairs):.3f}x, "
        f"from {pairs[0]:.3f}x to {pairs[-1]:.3f}x"
    )
    logs = games * len(by_viewer)
    bad = {
        (label, name): status for label, found in statuses.items() for name, status in found.items()
    }
    if not bad:
        print(f"all {logs} redacted logs validated ok")
        return
    counts = collections.Counter(status.value for status in bad.values())
    summary = ", ".join(f"{count} {status}" for status, count in sorted(counts.items()))
    print(f"WARNING: {len(bad)} of {logs} redacted logs did NOT validate ok: {summary}")
    for (label, name), status in sorted(bad.items()):
        print(f"  {name} ({label}): {status.value}")


if __name__ == "__main__":
    sys.exit(main())
