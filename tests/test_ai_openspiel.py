"""The OpenSpiel game passes OpenSpiel's random simulation test, and Shimmy's wrapper seeds."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason='the ai layer needs its extra: pip install ".[ai]"')

from pettingzoo.test import seed_test  # noqa: E402
from shimmy import OpenSpielCompatibilityV0  # noqa: E402

from chicago_poker import command_bound, view  # noqa: E402
from chicago_poker.ai.observation import encode  # noqa: E402
from chicago_poker.ai.openspiel_game import ChicagoPokerState, resampler  # noqa: E402
from invariants import check_invariants  # noqa: E402

checked: list[int] = []


def check_state(state: Any) -> None:
    """The engine's invariants, and observations that are the player's view."""
    assert isinstance(state, ChicagoPokerState)
    if state.state is None:
        return
    check_invariants(state.state)
    checked.append(1)
    if not state.is_chance_node() and not state.is_terminal():
        player = state.current_player()
        assert state.observation_tensor(player) == encode(view(state.state, player)).tolist()
        assert state.observation_string(player) == str(view(state.state, player))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_sim_test_with_serialization_and_the_engines_invariants(players: int) -> None:
    checked.clear()
    game = pyspiel.load_game("python_chicago_poker", {"players": players})
    assert game.max_game_length() == 5 * players + len(view_tiles(game)) + 1 + command_bound(
        players
    )
    pyspiel.random_sim_test(
        game, num_sims=1, serialize=True, verbose=False, state_checker_fn=check_state
    )
    assert len(checked) > 50


def view_tiles(game: Any) -> list[int]:
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return list(range(len(state.state.businesses)))


class KeptSpaces(OpenSpielCompatibilityV0):  # type: ignore[misc]  # Shimmy has no types
    """Shimmy's wrapper, keeping its action spaces from step to step.

    Shimmy 2.0.1 makes new, unseeded action spaces at every step, so that PettingZoo 1.27's
    seed_test, which seeds them once after reset, fails for every OpenSpiel game with more
    than one move (OpenSpiel's own leduc_poker included). Keeping them is the only change.
    """

    def _update_action_spaces(self) -> None:
        if not self.action_spaces:
            super()._update_action_spaces()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.action_spaces: dict[str, Any] = {}
        super().reset(seed, options)


def test_shimmys_pettingzoo_wrapper_passes_seed_test() -> None:
    def make(**_: Any) -> Any:
        # by name: Shimmy loads the game again, with this config, at every reset
        return KeptSpaces(game_name="python_chicago_poker", config={"players": 3})

    seed_test(make, num_cycles=30)


def test_a_sampled_state_is_one_the_player_cannot_tell_apart() -> None:
    game = pyspiel.load_game("python_chicago_poker", {"players": 4, "seed": 1})
    rng = random.Random(4)
    state = game.new_initial_state()
    samples = 0
    while not state.is_terminal() and samples < 10:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
            continue
        player = state.current_player()
        if rng.random() < 0.1:
            sampled = resampler(state, player)
            assert sampled.information_state_string(player) == state.information_state_string(
                player
            )
            assert sampled.legal_actions() == state.legal_actions()
            samples += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert samples == 10
