"""Measure how often the heuristic bot beats the random bot in seeded two-player games.

Run from the repository::

    python benchmarks/bench_bots.py [--games N] [--seed S] [--check]

The bots alternate seats: the heuristic bot sits at seat 0 in even games and at seat 1 in odd
ones. Game ``i`` is dealt by ``chicago_poker.players.simulate.game_seed(S, i)``, so a run is exactly
reproducible. The win rate is printed with a 95% Wilson score interval. Target: at least 90%;
``--check`` exits with status 1 when the rate is below it.
"""

from __future__ import annotations

import argparse
import math
import sys

from chicago_poker.core.rules import RuleOptions
from chicago_poker.players.bots import Bot, HeuristicBot, RandomBot
from chicago_poker.players.simulate import game_seed, play_bots

TARGET = 0.90
"""The heuristic bot must win at least this share of the games."""

Z_95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion of ``wins`` out of ``games``."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def main() -> int:
    """Play the games and print the win rate."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games to play (default 500)")
    parser.add_argument("--seed", type=int, default=2004, help="seed of the run (default 2004)")
    parser.add_argument("--check", action="store_true", help="exit 1 if the target is missed")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    wins = unfinished = 0
    for index in range(args.games):
        seed = game_seed(args.seed, index)
        heuristic_seat = index % 2
        bots: list[Bot] = [RandomBot(seed * 10), RandomBot(seed * 10 + 1)]
        bots[heuristic_seat] = HeuristicBot(seed * 10 + heuristic_seat)
        game = play_bots(RuleOptions(), bots, seed)
        wins += game.state.winner == heuristic_seat
        unfinished += game.state.winner is None
    rate = wins / args.games
    low, high = wilson(wins, args.games)
    print(f"heuristic vs random, {args.games} two-player games (seats alternate, seed {args.seed})")
    print(f"heuristic wins {wins}/{args.games} = {rate:.1%}  (95% CI {low:.1%} to {high:.1%})")
    print(f"games without a winner: {unfinished}")
    print(f"target: at least {TARGET:.0%} -> {'met' if rate >= TARGET else 'MISSED'}")
    return 1 if args.check and rate < TARGET else 0


if __name__ == "__main__":
    sys.exit(main())
