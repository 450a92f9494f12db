"""Train a linear policy at four players against the heuristic bot (NumPy alone).

A starting point for learning agents, with NumPy alone. The learner knows only what the
environments give it: the observation tensor and the action mask (read into the features of
:mod:`chicago_poker.ai.linear_policy`), and the reward at the end of a game.

1. **Imitation.** ``--imitation`` games of four heuristic bots are played; at each of their
   decisions the learner sees the seat's observation and mask, and learns to give the
   heuristic bot's action: the softmax policy's log-likelihood of those actions is
   maximised (Adam, ``--epochs`` passes in batches of 128 decisions). The heuristic bot is
   the teacher, never called once training is over.
2. **Reinforcement.** The learner then plays ``--games`` games of the Gymnasium environment
   against three heuristic bots, its seat turning round the table, and follows REINFORCE
   with a running mean of the rewards as baseline (1 won, ``-1/3`` lost).

The weights are written to ``--out`` (JSON, each by its feature's name), which
:class:`~chicago_poker.ai.linear_policy.LinearPolicyBot` plays; the package ships the
result of the defaults as ``TrainedBot``::

    python examples/train_four.py --out src/chicago_poker/ai/linear_policy_4p.json
    python examples/evaluate_policy.py --games 200
    chicago-poker match chicago_poker.ai.linear_policy:TrainedBot heuristic heuristic heuristic

The CPU time of each phase is printed (``time.process_time``). The same arguments give the
same file, byte for byte.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import gymnasium
import numpy as np

from chicago_poker import HeuristicBot, RuleOptions, view
from chicago_poker.ai.actions import ids_of, legal_ids
from chicago_poker.ai.gymnasium_env import ENV_ID
from chicago_poker.ai.linear_policy import (
    FEATURES,
    Adam,
    Choice,
    Vector,
    features,
    play_episode,
    probabilities,
    read,
    save_weights,
)
from chicago_poker.ai.observation import encode
from chicago_poker.players.game import Game

SEED: Final = 1
IMITATION: Final = 60
"""Games of four heuristic bots to imitate."""
EPOCHS: Final = 15
"""Passes over the imitated decisions."""
BATCH: Final = 128
"""Imitated decisions of one step of Adam."""
GAMES: Final = 200
"""Games of reinforcement against three heuristic bots."""
PLAYERS: Final = 4
NAMES: Final = ("Al", "Bugs", "Capone", "Dion")

Example = tuple[Vector, int]
"""One imitated decision: the features of the legal actions, and the row the teacher chose."""


# ------------------------------------------------------------------------------ imitation


def teacher_examples(games: int, seed: int) -> list[Example]:
    """The decisions of ``games`` games of four heuristic bots, as the learner sees them."""
    examples: list[Example] = []
    for number in range(games):
        game = Game.new(NAMES, RuleOptions(), seed=seed * 100_000 + number)
        bots = [HeuristicBot(seed * 100_000 + number * 10 + seat) for seat in range(PLAYERS)]
        while not game.state.is_over:
            state = game.state
            seat = next(s for s in range(PLAYERS) if game.legal_commands(s))
            legal = game.legal_commands(seat)
            seen = view(state, seat)
            command = bots[seat].choose(seen, legal)
            ids = legal_ids(state, seat)
            if len(ids) > 1:
                rows = features(read(encode(seen)), ids)
                examples.append((rows, ids.index(ids_of(state, [command])[0])))
            game.execute(command)
    return examples


def imitate(examples: Sequence[Example], epochs: int, rate: float, seed: int) -> Vector:
    """Weights that make the teacher's choices likely: ``epochs`` passes of Adam, in batches."""
    weights = np.zeros(len(FEATURES))
    adam = Adam(len(FEATURES), rate)
    order = np.random.default_rng(seed)
    for epoch in range(epochs):
        likelihood = 0.0
        shuffled = order.permutation(len(examples))
        for first in range(0, len(shuffled), BATCH):
            total = np.zeros(len(FEATURES))
            batch = shuffled[first : first + BATCH]
            for index in batch:
                rows, chosen = examples[index]
                chances = probabilities(weights, rows)
                total += rows[chosen] - chances @ rows
                likelihood += float(np.log(chances[chosen] + 1e-12))
            adam.step(weights, total / len(batch))
        if epoch % 5 == 4 or epoch == epochs - 1:
            print(f"  pass {epoch + 1}: mean log-likelihood {likelihood / len(examples):.3f}")
    return weights


# --------------------------------------------------------------------------- reinforcement


def reinforce(weights: Vector, games: int, rate: float, seed: int) -> Vector:
    """REINFORCE against three heuristic bots, the learner's seat turning round the table."""
    envs = [
        gymnasium.make(ENV_ID, players=PLAYERS, opponents="heuristic", seat=seat)
        for seat in range(PLAYERS)
    ]
    adam = Adam(len(FEATURES), rate)
    generator = np.random.default_rng(seed)
    baseline, won = -0.2, 0
    for game in range(games):
        choices: list[Choice] = []
        deal = seed * 1_000_000 + game
        reward = play_episode(envs[game % PLAYERS], weights, deal, generator, choices)
        won += reward > 0
        gradient = sum(
            (rows[row] - chances @ rows for rows, chances, row in choices), np.zeros(len(FEATURES))
        )
        adam.step(weights, (reward - baseline) * gradient)
        baseline += 0.05 * (reward - baseline)
        if game % 50 == 49:
            print(f"  game {game + 1}: won {won} of the last 50 while exploring")
            won = 0
    return weights


def main(argv: Sequence[str] | None = None) -> int:
    """Imitate, reinforce, and write the weights."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--imitation", type=int, default=IMITATION, help="teacher's games")
    parser.add_argument("--epochs", type=int, default=EPOCHS, help="passes of imitation")
    parser.add_argument("--games", type=int, default=GAMES, help="games of reinforcement")
    parser.add_argument("--rate", type=float, default=0.02, help="Adam's step, imitation")
    parser.add_argument("--rl-rate", type=float, default=0.005, help="Adam's step, REINFORCE")
    parser.add_argument("--out", type=Path, default=Path("linear_policy_4p.json"))
    args = parser.parse_args(argv)
    start = time.process_time()
    examples = teacher_examples(args.imitation, args.seed)
    print(f"imitation: {len(examples)} decisions of {args.imitation} games")
    weights = imitate(examples, args.epochs, args.rate, args.seed)
    imitated = time.process_time()
    print(f"imitation: {imitated - start:.0f} s of CPU")
    weights = reinforce(weights, args.games, args.rl_rate, args.seed)
    cpu = time.process_time() - start
    print(f"reinforcement: {cpu - (imitated - start):.0f} s of CPU; {cpu:.0f} s in all")
    about = {
        "trained_by": "examples/train_four.py",
        "arguments": {k: str(v) for k, v in vars(args).items() if k != "out"},
    }
    save_weights(args.out, weights, **about)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
