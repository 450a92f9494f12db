"""The OpenSpiel game's steps per second against the PettingZoo environment's, in one run.

    python benchmarks/bench_openspiel.py [--players 4] [--rounds 5] [--steps 3000]

Each round plays random games until ``--steps`` player actions are taken, in each of three
loops, one after another, and measures CPU time (``time.process_time``):

- ``pettingzoo``: the PettingZoo AEC environment, as ``performance_benchmark`` plays it:
  ``env.last()`` (observation and mask), then ``env.step`` of a random legal id;
- ``openspiel``: ``python_chicago_poker``, ``legal_actions()`` then ``apply_action`` of a random
  one, chance outcomes drawn from ``chance_outcomes()`` (their time counts, they do not);
- ``openspiel+observation``: the same, also asking ``observation_tensor()`` at each player
  node, as ``rl_environment`` does.

It prints each loop's median and range of player steps per CPU second, and the median of the
per-round ratio of each OpenSpiel loop to the PettingZoo loop of the same round.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import chicago_poker.ai.openspiel_game  # noqa: F401  registers the game
from chicago_poker.ai.pettingzoo_env import raw_env


def pettingzoo(players: int, steps: int, seed: int) -> float:
    """Player steps per CPU second of the PettingZoo environment."""
    env = raw_env(players=players)
    rng = np.random.default_rng(seed)
    taken, start = 0, time.process_time()
    env.reset(seed=seed)
    while taken < steps:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset(seed=int(rng.integers(1 << 30)))
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        taken += 1
    return taken / (time.process_time() - start)


def openspiel(players: int, steps: int, seed: int, observe: bool) -> float:
    """Player steps per CPU second of the OpenSpiel game (``observe``: with the tensor)."""
    game = pyspiel.load_game("python_chicago_poker", {"players": players})
    rng = random.Random(seed)
    taken, start = 0, time.process_time()
    state = game.new_initial_state()
    while taken < steps:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            if observe:
                state.observation_tensor()
            state.apply_action(rng.choice(state.legal_actions()))
            taken += 1
    return taken / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=3000)
    args = parser.parse_args()
    loops: dict[str, Callable[[int], float]] = {
        "pettingzoo": lambda seed: pettingzoo(args.players, args.steps, seed),
        "openspiel": lambda seed: openspiel(args.players, args.steps, seed, False),
        "openspiel+observation": lambda seed: openspiel(args.players, args.steps, seed, True),
    }
    figures: dict[str, list[float]] = {name: [] for name in loops}
    for round_ in range(args.rounds):
        for name, loop in loops.items():
            figures[name].append(loop(round_))
    base = figures["pettingzoo"]
    for name, values in figures.items():
        line = f"{name}: median {statistics.median(values):,.0f} steps/s"
        line += f" (range {min(values):,.0f} to {max(values):,.0f})"
        if name != "pettingzoo":
            ratios = [value / peer for value, peer in zip(values, base, strict=True)]
            line += f"; {statistics.median(ratios):.2f}x pettingzoo"
            line += f" (range {min(ratios):.2f} to {max(ratios):.2f})"
        print(line)


if __name__ == "__main__":
    main()
