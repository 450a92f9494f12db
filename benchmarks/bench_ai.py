"""The ai layer: PettingZoo's performance_benchmark, and OpenSpiel's ISMCTS in full games.

    python benchmarks/bench_ai.py pettingzoo [--rounds 5]   # needs rlcard (the bench extra)
    python benchmarks/bench_ai.py ismcts [--games 20]

``pettingzoo`` runs PettingZoo's performance_benchmark (5 s each) on chicago_poker at 4
players and on texas_holdem_v4 at 4 players, interleaved round by round, and prints the median
and range of turns per second of each. ``ismcts`` plays 4-player games of
``python_chicago_poker``: OpenSpiel's ISMCTS bot at seat 0, with the library's resampler and a
cheap evaluator (no rollouts: a game is too long to roll out), against random bots.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import statistics
import time
from typing import Any

import numpy as np


def turns_per_second(env: Any) -> float:
    from pettingzoo.test import performance_benchmark

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(env)
    return float(re.findall(r"([0-9.]+) turns per second", out.getvalue())[0])


def pettingzoo(rounds: int) -> None:
    from pettingzoo.classic import texas_holdem_v4

    from chicago_poker.ai.pettingzoo_env import env

    figures: dict[str, list[float]] = {"chicago_poker (4)": [], "texas_holdem_v4 (4)": []}
    for _ in range(rounds):
        figures["chicago_poker (4)"].append(turns_per_second(env(players=4)))
        figures["texas_holdem_v4 (4)"].append(turns_per_second(texas_holdem_v4.env(num_players=4)))
    for name, values in figures.items():
        print(
            f"{name}: median {statistics.median(values):,.0f} turns/s, "
            f"range {min(values):,.0f} to {max(values):,.0f}"
        )


class Evaluator:
    """No rollouts: 0 for everyone, and uniform priors."""

    def evaluate(self, state: Any) -> np.ndarray[Any, Any]:
        return np.zeros(state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


def ismcts(games: int, simulations: int) -> None:
    import pyspiel
    from open_spiel.python.algorithms import ismcts as ismcts_module

    from chicago_poker.ai.openspiel_game import resampler

    game = pyspiel.load_game("python_chicago_poker", {"players": 4, "seed": 1})
    rng = random.Random(1)
    started = time.perf_counter()
    wins = 0
    for number in range(games):
        bot = ismcts_module.ISMCTSBot(
            game,
            Evaluator(),
            uct_c=2.0,
            max_simulations=simulations,
            random_state=np.random.RandomState(number),
        )
        bot.set_resampler(resampler)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        wins += state.returns()[0] == 1.0
        print(f"game {number}: returns {state.returns()}, {state.move_number()} moves")
    print(f"{games} games, ISMCTS won {wins}, {time.perf_counter() - started:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["pettingzoo", "ismcts"])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=8)
    arguments = parser.parse_args()
    if arguments.what == "pettingzoo":
        pettingzoo(arguments.rounds)
    else:
        ismcts(arguments.games, arguments.simulations)


if __name__ == "__main__":
    main()
