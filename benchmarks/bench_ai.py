"""The ai layer: PettingZoo's performance_benchmark, and OpenSpiel's ISMCTS in full games.

    python benchmarks/bench_ai.py pettingzoo [--rounds 5] [--steps 5000] [--plain-wrappers]
    python benchmarks/bench_ai.py ismcts [--games 20]

``pettingzoo`` steps chicago_poker's AEC environment at 4 players next to texas_holdem_v4 at 4,
and heads-up next to leduc_holdem_v4, ``--steps`` steps each round (random ids of the mask, as
PettingZoo's performance_benchmark picks them), interleaved round by round, and prints the
median and range of steps per second of CPU of each, and of the ratio of each round.
``--plain-wrappers`` times, beside them, the 4-player environment in PettingZoo's own three
wrappers (as ``env()`` wrapped it up to 0.2.0), whose ``__getattr__`` ``env()``'s subclasses
no longer go through: the environment's share of the ratio, without the wrappers' share.
``ismcts`` plays 4-player games of
``python_chicago_poker``: OpenSpiel's ISMCTS bot at seat 0, with the library's resampler and a
cheap evaluator (no rollouts: a game is too long to roll out), against random bots.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np


def steps_per_second(table: Any, steps: int, seed: int) -> float:
    """CPU steps per second of ``steps`` steps, each agent picking a random id of its mask.

    Games follow one another (``reset`` with the next seed) until ``steps`` steps are made,
    as in PettingZoo's ``performance_benchmark``; the CPU time of the process counts.
    """
    choices = np.random.default_rng(seed)
    made = 0
    started = time.process_time()
    while made < steps:
        table.reset(seed=seed + made)
        for _agent in table.agent_iter():
            observed, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                action = None
            else:
                action = int(choices.choice(np.flatnonzero(observed["action_mask"])))
            table.step(action)
            made += 1
            if made >= steps:
                break
    return made / (time.process_time() - started)


PAIRS = (("chicago_poker (4)", "texas_holdem_v4 (4)"), ("chicago_poker (2)", "leduc_holdem_v4 (2)"))
"""Each environment timed, with the peer of its ratio."""
TARGETS = {"chicago_poker (4)": 1.0, "chicago_poker (2)": 0.9}
"""Issue 50: at least texas's steps at 4 players, and 0.9 of leduc's heads-up."""


PLAIN = "chicago_poker (4), PettingZoo's wrappers"
"""The 4-player environment in PettingZoo's own wrappers (``--plain-wrappers``)."""


def in_plain_wrappers(players: int) -> Any:
    """The environment in PettingZoo's own three wrappers, as ``env()`` wrapped it in 0.2.0."""
    from pettingzoo.utils import wrappers

    from chicago_poker.ai.pettingzoo_env import ILLEGAL_REWARD, raw_env

    wrapped = wrappers.TerminateIllegalWrapper(raw_env(players=players), ILLEGAL_REWARD)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


def pettingzoo(rounds: int, steps: int, plain: bool = False) -> None:
    """Time each environment ``steps`` steps a round, interleaved; print rates and ratios."""
    from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

    from chicago_poker.ai.pettingzoo_env import env

    tables = {
        "chicago_poker (4)": env(players=4),
        "texas_holdem_v4 (4)": texas_holdem_v4.env(num_players=4),
        "chicago_poker (2)": env(players=2),
        "leduc_holdem_v4 (2)": leduc_holdem_v4.env(),
    }
    pairs: tuple[tuple[str, str], ...] = PAIRS
    if plain:
        tables[PLAIN] = in_plain_wrappers(4)
        pairs += ((PLAIN, "texas_holdem_v4 (4)"),)
    figures: dict[str, list[float]] = {name: [] for name in tables}
    for table in tables.values():
        steps_per_second(table, steps // 10, 0)  # warm-up: imports and first tables
    for number in range(rounds):
        for name, table in tables.items():
            figures[name].append(steps_per_second(table, steps, number))
    for name, values in figures.items():
        print(
            f"{name}: median {statistics.median(values):,.0f} steps/s of CPU, "
            f"range {min(values):,.0f} to {max(values):,.0f}"
        )
    for ours, peer in pairs:
        ratios = [mine / theirs for mine, theirs in zip(figures[ours], figures[peer], strict=True)]
        print(
            f"{ours} / {peer}: median {statistics.median(ratios):.2f}x, range "
            f"{min(ratios):.2f}x to {max(ratios):.2f}x (target {TARGETS.get(ours, 1.0)}x)"
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
    parser.add_argument("--steps", type=int, default=5000, help="steps per round (5000)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=8)
    parser.add_argument(
        "--plain-wrappers",
        action="store_true",
        help="pettingzoo: also the 4-player environment in PettingZoo's own wrappers",
    )
    arguments = parser.parse_args()
    if arguments.what == "pettingzoo":
        pettingzoo(arguments.rounds, arguments.steps, arguments.plain_wrappers)
    else:
        ismcts(arguments.games, arguments.simulations)


if __name__ == "__main__":
    main()
