"""Benchmark the game engine against python-chess, in one run on one machine.

Measures, for random self-play of complete 4-player games:

* games per second, commands per second (players' and chance's) and events per second;
* events per second when replaying the stored events with ``replay``;

next to python-chess: random self-play plies per second (``legal_moves``, ``push``,
``is_game_over``), checked replay moves per second (``move in board.legal_moves``, then
``push``), and unchecked ``Board.push`` of as many moves as there are events. Targets:
self-play commands at least twice chess's self-play plies, and replayed events at least twice
chess's ``Board.push`` (issue 17, item 3). Replay and ``Board.push`` alternate, round after
round, and within a round game by game; each round gives one ratio, and the target is
checked on the lowest.

Run: ``pip install ".[bench]"`` then ``python benchmarks/bench_engine.py``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import itertools
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable

import chess

from chicago_poker import Dealer, Event, RuleOptions, legal_commands, replay, step
from chicago_poker.core.state import GameState

PLAYERS = ("Al", "Bugs", "Dutch", "Frank")


def play_game(seed: int) -> tuple[int, int, tuple[Event, ...]]:
    """One random 4-player game: the commands, the players' commands, and every event."""
    policy = random.Random(seed)
    dealer = Dealer(seed)
    state: GameState | None = None
    state, events = step(None, dealer.start(PLAYERS, RuleOptions()))
    history = list(events)
    commands = 1
    players = 0
    while not state.is_over:
        chance = dealer.outcome(state)
        if chance is None:
            command = policy.choice(legal_commands(state))
            players += 1
        else:
            command = chance
        state, events = step(state, command)
        history.extend(events)
        commands += 1
    return commands, players, tuple(history)


def best_of(repeats: int, run: Callable[[], int]) -> tuple[float, int]:
    """The best rate of ``run`` (which returns a count) over several repeats.

    Before each run, every object alive is moved out of the garbage collector's sight
    (``gc.freeze``), so that the stored inputs of one workload do not slow the collections
    of the next: each workload pays only for the objects it makes.
    """
    best = 0.0
    count = 0
    for _ in range(repeats):
        gc.collect()
        gc.freeze()
        start = time.perf_counter()
        count = run()
        best = max(best, count / (time.perf_counter() - start))
    return best, count


def chess_games(games: int, seed: int) -> list[list[chess.Move]]:
    """Random chess games, as move lists."""
    policy = random.Random(seed)
    played = []
    for _ in range(games):
        board = chess.Board()
        moves = []
        while not board.is_game_over():
            move = policy.choice(list(board.legal_moves))
            board.push(move)
            moves.append(move)
        played.append(moves)
    return played


def chess_self_play(games: int, seed: int) -> int:
    policy = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            board.push(policy.choice(list(board.legal_moves)))
            plies += 1
    return plies


def chess_checked_replay(games: list[list[chess.Move]]) -> int:
    count = 0
    for moves in games:
        board = chess.Board()
        for move in moves:
            if move not in board.legal_moves:
                raise AssertionError(move)
            board.push(move)
            count += 1
    return count


def push_plan(games: list[list[chess.Move]], sizes: list[int]) -> list[list[list[chess.Move]]]:
    """For each size, chess games to push (each from a new board) of that many moves in all.

    The games are taken in turn, round and round; the last of each is cut to fit.
    """
    turns = itertools.cycle(games)
    plan = []
    for size in sizes:
        chunk = []
        while size > 0:
            moves = next(turns)[:size]
            chunk.append(moves)
            size -= len(moves)
        plan.append(chunk)
    return plan


def push(chunk: list[list[chess.Move]]) -> None:
    """Push every move of each game of ``chunk`` on a new board, unchecked."""
    for moves in chunk:
        board = chess.Board()
        for move in moves:
            board.push(move)


def replay_against_push(
    stored: list[tuple[Event, ...]], games: list[list[chess.Move]], rounds: int
) -> tuple[list[float], float, float]:
    """Replay ``stored`` and push as many chess moves; the ratio of each round.

    Within a round the two alternate game by game: each game replayed is followed by pushing
    as many chess moves, so that a busy spell of the machine slows both alike; both are timed
    in CPU time (``time.process_time``), which other processes on the machine do not add to.
    Returns the ratios (events per second over moves per second) and the best rate of each.
    """
    plan = push_plan(games, [len(game) for game in stored])
    events = sum(len(game) for game in stored)
    ratios, replays, pushes = [], [], []
    for _ in range(rounds):
        gc.collect()
        gc.freeze()
        replaying = pushing = 0.0
        for game, chunk in zip(stored, plan, strict=True):
            start = time.process_time()
            replay(game)
            middle = time.process_time()
            push(chunk)
            replaying += middle - start
            pushing += time.process_time() - middle
        replays.append(replaying)
        pushes.append(pushing)
        ratios.append(pushing / replaying)
    return ratios, events / min(replays), events / min(pushes)


def spread(ratios: list[float]) -> str:
    """The lowest, median and highest of ``ratios``."""
    return (
        f"min {min(ratios):.2f}x, median {statistics.median(ratios):.2f}x, max {max(ratios):.2f}x"
    )


def _verdict(ratio: float) -> str:
    return "met" if ratio >= 2 else "NOT met"


def report_push(
    stored: list[tuple[Event, ...]], games: list[list[chess.Move]], rounds: int
) -> bool:
    """Print replay against unchecked ``Board.push``, round by round; whether 2x is met in all."""
    ratios, replay_rate, push_rate = replay_against_push(stored, games, rounds)
    events = sum(len(game) for game in stored)
    print(f"replay against Board.push, {events:,} events and as many moves, {rounds} rounds:")
    print(f"  chicago_poker replay: {replay_rate:,.0f} events/s (best round)")
    print(f"  python-chess Board.push, unchecked: {push_rate:,.0f} moves/s (best round)")
    print(f"  ratio of each round: {spread(ratios)}")
    print(
        f"replay: {min(ratios):.2f}x Board.push in every round (target 2x): {_verdict(min(ratios))}"
    )
    return min(ratios) >= 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games of each kind (100)")
    parser.add_argument("--repeats", type=int, default=3, help="best of this many runs (3)")
    parser.add_argument("--seed", type=int, default=2004)
    parser.add_argument("--profile", action="store_true", help="profile self-play and replay")
    parser.add_argument(
        "--rounds", type=int, default=7, help="rounds of replay against Board.push (7)"
    )
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if replay is under 2x Board.push in a round"
    )
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)

    stored: list[tuple[Event, ...]] = []
    players_commands = [0]

    def self_play() -> int:
        stored.clear()
        total = players_commands[0] = 0
        for seed in seeds:
            commands, players, events = play_game(seed)
            stored.append(events)
            total += commands
            players_commands[0] += players
        return total

    start = time.perf_counter()
    commands_rate, commands = best_of(args.repeats, self_play)
    elapsed = commands / commands_rate
    events = sum(len(game) for game in stored)
    games_rate = args.games / elapsed
    events_rate = events / elapsed

    def replay_all() -> int:
        for game in stored:
            replay(game)
        return events

    replay_rate, _ = best_of(args.repeats, replay_all)
    chess_play_rate, plies = best_of(args.repeats, lambda: chess_self_play(args.games, args.seed))
    recorded = chess_games(args.games, args.seed)
    chess_replay_rate, moves = best_of(args.repeats, lambda: chess_checked_replay(recorded))
    del start
    player_ratio = players_commands[0] / elapsed / chess_play_rate

    print(f"{args.games} games of each, best of {args.repeats}, seed {args.seed}")
    print(f"{'workload':52} {'per second':>14}")
    rows = [
        ("chicago_poker: complete 4-player games (self-play)", games_rate),
        (f"chicago_poker: commands in self-play ({commands:,})", commands_rate),
        (f"  of which players' commands ({players_commands[0]:,})", players_commands[0] / elapsed),
        (f"chicago_poker: events applied in self-play ({events:,})", events_rate),
        ("chicago_poker: events replayed (replay)", replay_rate),
        (f"python-chess: self-play plies ({plies:,})", chess_play_rate),
        (f"python-chess: checked replay moves ({moves:,})", chess_replay_rate),
    ]
    for name, rate in rows:
        print(f"{name:52} {rate:>14,.0f}")
    play_ratio = commands_rate / chess_play_rate
    replay_ratio = replay_rate / chess_replay_rate
    print(f"self-play: {play_ratio:.2f}x chess (target 2x): {_verdict(play_ratio)}")
    print(f"  players' commands alone: {player_ratio:.2f}x chess")
    print(f"  replay against checked replay: {replay_ratio:.2f}x chess (not the target)")
    replay_met = report_push(stored, recorded, args.rounds)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(self_play)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
        profile = cProfile.Profile()
        profile.runcall(replay_all)
        pstats.Stats(profile).sort_stats("tottime").print_stats(8)
    return 1 if args.check and not replay_met else 0


if __name__ == "__main__":
    sys.exit(main())
