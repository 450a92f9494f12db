"""What a seat's choice is worth: the heuristic's best commands, each played on to the end.

    python research/command_values.py [--games 200 60 70 30 25] [--players 2 3 4 5 6]
                                              [--every 12] [--repeats 4] [--seed 37]
                                              [--workers 2]

Heuristic bots play ``--games`` games at each number of players. At about one decision in
``--every`` (of those with a choice), the heuristic's best four commands
(:meth:`~chicago_poker.HeuristicBot.ranked`) are each played from the true state and the game
is played on to its end by heuristic bots, ``--repeats`` times, on common random numbers: the
``r``-th continuation of every command has the same dealer's seed and the same bots' seeds.
A command's *worth* is how often its continuations are won by the seat that chose it. A
fifth of the games (every fifth) is held out of the fit below. For each number of players,
the script prints:

- ``rms``: how much the commands differ in worth, as the root mean square of the difference
  between the heuristic's favourite and each of the other three. The differences of two
  independent halves of the continuations are multiplied, so that their noise cancels out:
  ``E[(a_c - a_0)(b_c - b_0)]`` estimates the square of the true difference;
- the mean negative log-likelihood of the continuations' winners, seen from the state just
  after each command, under :data:`~chicago_poker.players.evaluation.WEIGHTS` and under weights
  refitted to these states (``fit_evaluation.fit``), held out;
- ``gain``: the worth of the command the evaluation prefers at one ply less that of the
  heuristic's favourite, with the search bot's margin (0.03) and with none, held out, under
  both sets of weights. ``halves``: the same gain for a command chosen by the worth of half
  of the continuations and measured on the other half.

Issue 36 proposed this refit to make the search bot's evaluation judge commands rather than
positions; the figures are in ``benchmarks/README.md``. It needs NumPy (the ``ai`` extra).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from fit_evaluation import fit, heuristic_play, loss

from chicago_poker import HeuristicBot, view
from chicago_poker.cli.turns import next_chooser
from chicago_poker.core.commands import Command
from chicago_poker.core.decide import step
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.state import GameState
from chicago_poker.players.evaluation import WEIGHTS, features
from chicago_poker.players.game import Dealer
from chicago_poker.players.search import DEFAULT_MARGIN

WIDTH = 4
"""The heuristic's best commands compared at a decision, as the search bot's tree does."""

Continuation = tuple[list[list[float]], int | None]
"""The features of the state just after a command, and the winner of one continuation."""
Decision = tuple[int, list[list[Continuation]]]
"""The seat that chose, and each command's continuations, the heuristic's favourite first."""


def settle(state: GameState, dealer: Dealer) -> GameState:
    """``state`` after every chance it waits for, dealt by ``dealer``."""
    while (chance := dealer.outcome(state)) is not None:
        state = step(state, chance)[0]
    return state


def play_on(state: GameState, dealer: Dealer, bots: Sequence[HeuristicBot]) -> int | None:
    """The winner of the game from ``state``, every seat played by its heuristic bot."""
    while not state.is_over:
        chooser = next_chooser(state)
        if chooser is None:
            break
        legal = legal_commands(state, chooser)
        state = settle(step(state, bots[chooser].choose(view(state, chooser), legal))[0], dealer)
    return state.winner


def worth(
    state: GameState, seat: int, legal: Sequence[Command], repeats: int, seed: str
) -> Decision:
    """The continuations of the heuristic's best commands for ``seat`` in ``state``."""
    ranked = HeuristicBot(random.Random(seed).getrandbits(32)).ranked(
        view(state, seat), legal, WIDTH
    )
    commands = []
    for command in ranked:
        continuations = []
        for repeat in range(repeats):
            seeds = random.Random(f"{seed}:{repeat}")
            dealer = Dealer(seeds.getrandbits(48))
            bots = [HeuristicBot(seeds.getrandbits(32)) for _ in state.players]
            after = settle(step(state, command)[0], dealer)
            continuations.append((features(after), play_on(after, dealer, bots)))
        commands.append(continuations)
    return seat, commands


def decisions(job: tuple[int, int, int, int]) -> list[Decision]:
    """The decisions looked at in one heuristic game of ``players`` and deal ``deal``."""
    players, deal, every, repeats = job
    pick = random.Random(deal)
    kept = []
    for number, (game, chooser, legal) in enumerate(heuristic_play(players, deal)):
        if len(legal) > 1 and pick.randrange(every) == 0:
            kept.append(worth(game.state, chooser, legal, repeats, f"{deal}:{number}"))
    return kept


def rows(kept: list[Decision]) -> tuple[np.ndarray, np.ndarray]:
    """The features and winners of every continuation with a winner."""
    pairs = [
        (after, winner)
        for _, commands in kept
        for continuations in commands
        for after, winner in continuations
        if winner is not None
    ]
    return np.array([after for after, _ in pairs]), np.array([winner for _, winner in pairs])


def won(continuations: list[Continuation], seat: int) -> float:
    return sum(winner == seat for _, winner in continuations) / len(continuations)


def rms(kept: list[Decision]) -> tuple[float, float]:
    """The mean square of the true differences in worth (may come out below 0), and its error."""
    products = []
    for seat, commands in kept:
        half = len(commands[0]) // 2
        a = [won(continuations[:half], seat) for continuations in commands]
        b = [won(continuations[half:], seat) for continuations in commands]
        products += [(a[c] - a[0]) * (b[c] - b[0]) for c in range(1, len(commands))]
    return float(np.mean(products)), float(np.std(products) / math.sqrt(len(products)))


def share(weights: np.ndarray, after: list[list[float]], seat: int) -> float:
    scores = np.array(after) @ weights
    scores = np.exp(scores - scores.max())
    return float(scores[seat] / scores.sum())


def mean(values: list[float]) -> str:
    """The mean of ``values`` and its standard error, signed."""
    return f"{np.mean(values):+.4f}±{np.std(values) / math.sqrt(len(values)):.4f}"


def gain(kept: list[Decision], weights: np.ndarray, margin: float) -> str:
    """The mean worth of the evaluation's choice at one ply over the heuristic's favourite."""
    gains = []
    for seat, commands in kept:
        values = [np.mean([share(weights, after, seat) for after, _ in c]) for c in commands]
        best = int(np.argmax(values))
        chosen = best if values[best] - values[0] > margin else 0
        gains.append(won(commands[chosen], seat) - won(commands[0], seat))
    return mean(gains)


def halves(kept: list[Decision]) -> str:
    """The gain of choosing by half of the continuations, measured on the other half."""
    gains = []
    for seat, commands in kept:
        half = len(commands[0]) // 2
        for pick, measure in (
            (slice(None, half), slice(half, None)),
            (slice(half, None), slice(None, half)),
        ):
            chosen = int(np.argmax([won(c[pick], seat) for c in commands]))
            gains.append(won(commands[chosen][measure], seat) - won(commands[0][measure], seat))
    return mean(gains)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[200, 60, 70, 30, 25])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--every", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if len(args.games) != len(args.players) or args.repeats < 2:
        parser.error("give one --games a number of --players, and --repeats of 2 or more")
    started = time.perf_counter()
    train: dict[int, list[Decision]] = {}
    test: dict[int, list[Decision]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for players, games in zip(args.players, args.games, strict=True):
            deals = [
                random.Random(f"{args.seed}:{players}:{n}").getrandbits(48) for n in range(games)
            ]
            jobs = [(players, deal, args.every, args.repeats) for deal in deals]
            played = list(pool.map(decisions, jobs))
            train[players] = [each for n, kept in enumerate(played) if n % 5 for each in kept]
            test[players] = [each for n, kept in enumerate(played) if n % 5 == 0 for each in kept]
    fitted = [rows(kept) for kept in train.values()]
    refit = fit([x for x, _ in fitted], [winners for _, winners in fitted])
    now = np.array(WEIGHTS)
    print(
        f"{sum(len(kept) for kept in train.values())} decisions fitted in "
        f"{time.perf_counter() - started:.0f} s"
    )
    print("rms: how much the heuristic's best four commands differ in worth (every decision)")
    print("nll: the winners of held-out continuations; gain: over the heuristic's favourite")
    for players, kept in test.items():
        x, winners = rows(kept)
        square, error = rms(train[players] + kept)
        print(
            f"{players} players: {len(train[players]) + len(kept)} decisions, "
            f"rms {math.sqrt(max(square, 0.0)):.3f} (square {square:+.4f}±{error:.4f}); "
            f"held out {len(kept)}: "
            f"nll now {loss(now, x, winners):.4f}, refit {loss(refit, x, winners):.4f}, "
            f"even {math.log(players):.4f}"
        )
        for name, weights in (("now", now), ("refit", refit)):
            print(
                f"    gain of the evaluation ({name}): margin 0 {gain(kept, weights, 0.0)}, "
                f"margin {DEFAULT_MARGIN} {gain(kept, weights, DEFAULT_MARGIN)}"
            )
        print(f"    gain of choosing by half the continuations: {halves(kept)}")
    print("refitted weights:", ", ".join(f"{weight:.3f}" for weight in refit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
