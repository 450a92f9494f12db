"""Fit the search bot's evaluation to who wins heuristic games, and say how well it predicts.

    python research/fit_evaluation.py [--games 2000] [--players 2 3 4 5 6] [--seed 36]
                                        [--workers 2]

Heuristic bots play ``--games`` games at each number of players. Each game gives about one
position in six of its decisions (picked at random), each labelled with the game's winner;
games without a winner give none. A fifth of the games (every fifth) is held out. The
weights of :data:`chicago_poker.players.evaluation.WEIGHTS` are those of a conditional logit
(seat ``i`` wins with probability ``exp(w . x_i) / sum_j exp(w . x_j)``, ``x`` the seats'
:func:`~chicago_poker.players.evaluation.features`) that maximise the likelihood of the
winners of the other games, found by Newton's method. The script prints the weights, to be
written into ``evaluation.py``, and, on the held-out games, for each number of players:

- the mean negative log-likelihood of the winner (nats; lower is better) of the fitted
  weights, of the weights in ``evaluation.py`` now, and of even shares (``log(players)``);
- how often the seat given the largest share is the winner.

It needs NumPy (the ``ai`` extra).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from chicago_poker import Game, HeuristicBot, RuleOptions, view
from chicago_poker.cli.turns import next_chooser
from chicago_poker.core.commands import Command
from chicago_poker.players.evaluation import FEATURES, WEIGHTS, features

Positions = tuple[list[list[list[float]]], int]
"""The features of the positions of one game, and its winner."""


def heuristic_play(players: int, deal: int) -> Iterator[tuple[Game, int, tuple[Command, ...]]]:
    """Each decision of a game of heuristic bots: the game, who decides, and their commands.

    The game is dealt from ``deal``. The bot's choice is played when the next decision is
    asked for, so the caller sees the game before it; once the iteration ends, the same
    game is over (or no one has a decision left).
    """
    bots = [HeuristicBot(deal * 10 + seat) for seat in range(players)]
    game = Game.new([f"P{seat}" for seat in range(players)], RuleOptions(), seed=deal)
    while not game.state.is_over:
        chooser = next_chooser(game.state)
        if chooser is None:
            break
        legal = game.legal_commands(chooser)
        yield game, chooser, legal
        game.execute(bots[chooser].choose(view(game.state, chooser), legal))


def positions(players: int, deal: int) -> Positions | None:
    """The features of about one in six positions of a heuristic game, and its winner."""
    pick = random.Random(deal)
    kept = []
    played = None
    for played, _, _ in heuristic_play(players, deal):
        if pick.randrange(6) == 0:
            kept.append(features(played.state))
    winner = None if played is None else played.state.winner
    return None if winner is None else (kept, winner)


def _job(job: tuple[int, int]) -> Positions | None:
    return positions(*job)


def arrays(games: list[Positions | None]) -> tuple[np.ndarray, np.ndarray]:
    """The features (positions x seats x features) and the winners of ``games``."""
    kept = [game for game in games if game is not None]
    rows = [position for game_positions, _ in kept for position in game_positions]
    winners = [winner for game_positions, winner in kept for _ in game_positions]
    return np.array(rows), np.array(winners)


def loss(weights: np.ndarray, x: np.ndarray, won: np.ndarray) -> float:
    """The mean negative log-likelihood of the winners ``won`` under ``weights``."""
    scores = x @ weights
    scores -= scores.max(axis=1, keepdims=True)
    logs = scores[np.arange(len(won)), won] - np.log(np.exp(scores).sum(axis=1))
    return float(-logs.mean())


def fit(xs: list[np.ndarray], wons: list[np.ndarray], ridge: float = 1e-4) -> np.ndarray:
    """The weights of the largest likelihood over every sample, by Newton's method."""
    weights = np.zeros(len(FEATURES))
    for _ in range(30):
        gradient = ridge * weights
        hessian = ridge * np.eye(len(FEATURES))
        total = sum(len(won) for won in wons)
        for x, won in zip(xs, wons, strict=True):
            scores = x @ weights
            scores -= scores.max(axis=1, keepdims=True)
            shares = np.exp(scores)
            shares /= shares.sum(axis=1, keepdims=True)
            mean = np.einsum("ns,nsf->nf", shares, x)
            gradient -= (x[np.arange(len(won)), won] - mean).sum(axis=0) / total
            centred = x - mean[:, None, :]
            hessian += np.einsum("ns,nsf,nsg->fg", shares, centred, centred) / total
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-9:
            break
    return weights


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    train: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    test: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for players in args.players:
            deals = [
                random.Random(f"{args.seed}:{players}:{n}").getrandbits(48)
                for n in range(args.games)
            ]
            games = list(pool.map(_job, [(players, deal) for deal in deals], chunksize=20))
            train[players] = arrays([game for n, game in enumerate(games) if n % 5])
            test[players] = arrays([game for n, game in enumerate(games) if n % 5 == 0])
    weights = fit([x for x, _ in train.values()], [won for _, won in train.values()])
    now = np.array(WEIGHTS)
    fitted = sum(len(won) for _, won in train.values())
    print(f"{fitted} positions fitted in {time.perf_counter() - started:.0f} s")
    print("players  held out  fitted  now     even    winner picked")
    for players, (x, won) in test.items():
        picked = float((np.argmax(x @ weights, axis=1) == won).mean())
        print(
            f"{players:7}  {len(won):8}  {loss(weights, x, won):.4f}  {loss(now, x, won):.4f}  "
            f"{math.log(players):.4f}  {picked:.3f}"
        )
    print("WEIGHTS: Final = (")
    for name, weight in zip(FEATURES, weights, strict=True):
        print(f"    {weight:.3f},  # {name}")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
