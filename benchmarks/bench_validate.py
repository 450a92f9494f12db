"""Benchmark log validation against python-chess reading PGN, in one run on one machine.

Writes random complete 4-player games as JSON Lines logs, then measures events per second
validated by ``chicago_poker.validate.validate_files`` (read, parse, replay through the
engine, compare every recorded event). Next to it: python-chess reading random games from
PGN with ``chess.pgn.read_game``, which parses and checks every move: as many moves as there
are events.
Target: validated events per second at least three times chess's moves per second.

With ``--workers N``, it also measures ``validate_files(paths, workers=N)``: the same logs checked
in N worker processes, start-up of the workers included. That figure uses N cores where
python-chess uses one, so it is reported beside the target, never counted for it.

Run: ``pip install ".[bench]"`` then ``python benchmarks/bench_validate.py``.
"""

from __future__ import annotations

import argparse
import gc
import io
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import chess
import chess.pgn

from chicago_poker import Game
from chicago_poker.log import _canonical_command, write_log
from chicago_poker.validate import Status, validate_files

PLAYERS = ("Al", "Bugs", "Dutch", "Frank")


def write_games(folder: Path, games: int, seed: int) -> int:
    """Write ``games`` random games as logs; return the number of events written."""
    events = 0
    for index in range(games):
        policy = random.Random(seed + index)
        game = Game.new(PLAYERS, seed=seed + index)
        while not game.state.is_over:
            game.execute(policy.choice(game.legal_commands()))
        events += len(game.events)
        with (folder / f"game-{index}.jsonl").open("w", encoding="utf-8") as file:
            write_log(game, file, provenance={"seed": seed + index})
    return events


def pgn_text(moves_wanted: int, seed: int) -> tuple[str, int]:
    """Random chess games as one PGN text, at least ``moves_wanted`` moves; and their moves."""
    policy = random.Random(seed)
    out = io.StringIO()
    moves = 0
    while moves < moves_wanted:
        board = chess.Board()
        while not board.is_game_over():
            board.push(policy.choice(list(board.legal_moves)))
            moves += 1
        print(chess.pgn.Game.from_board(board), file=out, end="\n\n")
    return out.getvalue(), moves


def time_validation(paths: list[Path], workers: int = 1) -> float:
    # Each run starts with the validator's caches empty, as in a new process: the runs
    # validate the same logs, so a cache kept from the run before would flatter the figures.
    # (Workers are new processes, whose caches start empty anyway.)
    _canonical_command.cache_clear()
    start = time.perf_counter()
    for report in validate_files(paths, workers=workers):
        if report.status is not Status.OK:
            raise AssertionError(f"{report.source} did not validate")
    return time.perf_counter() - start


def time_pgn(text: str) -> float:
    start = time.perf_counter()
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        if game.errors:
            raise AssertionError(game.errors)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="Chicago Poker games (50)")
    parser.add_argument("--repeats", type=int, default=5, help="best of this many runs (5)")
    parser.add_argument("--seed", type=int, default=2004)
    parser.add_argument(
        "--workers", type=int, default=1, help="also time validate_files with this many workers"
    )
    args = parser.parse_args()
    parallel: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        events = write_games(Path(folder), args.games, args.seed)
        text, moves = pgn_text(events, args.seed)  # as many moves as there are events
        paths = sorted(Path(folder).glob("*.jsonl"))
        gc.collect()
        gc.freeze()  # the set-up's objects: the collector need not scan them in the runs
        # The two alternate, so that a busy spell of the machine slows both alike.
        validations, readings = [], []
        for _ in range(args.repeats):
            validations.append(time_validation(paths))
            readings.append(time_pgn(text))
            if args.workers > 1:
                parallel.append(time_validation(paths, args.workers))
        validation, reading = min(validations), min(readings)
    ours, theirs = events / validation, moves / reading
    print(f"{args.games} games, as many chess moves, best of {args.repeats}, seed {args.seed}")
    print(f"chicago_poker validate: {events:,} events, {ours:,.0f} events/s")
    print(f"python-chess read_game: {moves:,} moves, {theirs:,.0f} moves/s")
    verdict = "met" if ours >= 3 * theirs else "NOT met"
    print(f"ratio {ours / theirs:.2f}x (target 3x): {verdict}")
    # Each run of one next to the run of the other, which saw the same state of the machine.
    pairs = sorted(
        (events / validation) / (moves / reading)
        for validation, reading in zip(validations, readings, strict=True)
    )
    print(
        f"ratio of each pair of runs: median {statistics.median(pairs):.2f}x, "
        f"from {pairs[0]:.2f}x to {pairs[-1]:.2f}x"
    )
    if parallel:
        print(
            f"validate_files with {args.workers} worker processes, start-up included: "
            f"{events / min(parallel):,.0f} events/s (on {args.workers} cores: not counted "
            "against the target)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
