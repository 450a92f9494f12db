"""Evaluate a linear policy against the library's bots: ``python examples/evaluate_policy.py``.

The policy plays its most likely action, from the observation and the mask alone, in the
Gymnasium environment, against ``--opponents`` at every other seat; its seat turns round the
table from game to game, and the deals are held out (seeds training never uses). It prints
the games won with their 95 % Wilson interval, what a seat wins by chance (``1/players``)
and the CPU time. ``--weights`` defaults to the weights shipped with the package
(:class:`~chicago_poker.ai.linear_policy.TrainedBot`); ``--uniform`` plays the untrained
policy (all weights 0: uniform among the legal actions), for comparison.

    python examples/evaluate_policy.py --games 200
    python examples/evaluate_policy.py --games 200 --opponents random
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import gymnasium
import numpy as np

from chicago_poker.ai.gymnasium_env import ENV_ID
from chicago_poker.ai.linear_policy import FEATURES, TrainedBot, load_weights, play_episode

HELD_OUT: Final = 10**9
"""The seed of the first evaluation game; training deals below it."""


def wilson(won: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``won`` out of ``games``."""
    z2, rate = 1.959964**2, won / games
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = math.sqrt(z2 * rate * (1 - rate) / games + z2 * z2 / (4 * games * games))
    return centre - half / (1 + z2 / games), centre + half / (1 + z2 / games)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games and print the result."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--weights", type=Path, default=TrainedBot.weights_file)
    parser.add_argument("--uniform", action="store_true", help="all weights 0 instead")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", default="heuristic", help="random or heuristic")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    weights = np.zeros(len(FEATURES)) if args.uniform else load_weights(args.weights)
    envs = [
        gymnasium.make(ENV_ID, players=args.players, opponents=args.opponents, seat=seat)
        for seat in range(args.players)
    ]
    start = time.process_time()
    won = sum(
        play_episode(envs[game % args.players], weights, HELD_OUT + game) > 0
        for game in range(args.games)
    )
    low, high = wilson(won, args.games)
    who = "uniform policy" if args.uniform else str(args.weights)
    print(
        f"{who}: won {won} of {args.games} games against {args.players - 1} {args.opponents} "
        f"bots, {won / args.games:.3f} (95 %: {low:.3f} to {high:.3f}; by chance "
        f"{1 / args.players:.3f}); {time.process_time() - start:.0f} s of CPU"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
