"""The PettingZoo AEC environment passes PettingZoo's own tests, unmodified."""

from __future__ import annotations

import functools

import pytest

pytest.importorskip("pettingzoo", reason='the ai layer needs its extra: pip install ".[ai]"')

from pettingzoo.test import api_test, render_test, seed_test

from chicago_poker import view
from chicago_poker.ai.pettingzoo_env import env, raw_env


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.filterwarnings("ignore::UserWarning")  # a dict observation, as in classic games
def test_api_test(players: int) -> None:
    api_test(env(players=players), num_cycles=300)


def test_seed_test() -> None:
    seed_test(functools.partial(env, players=4), num_cycles=60)


def test_render_test() -> None:
    render_test(functools.partial(env, players=3))


def test_ansi_is_the_spectators_table() -> None:
    table = raw_env(players=2, render_mode="ansi")
    table.reset(seed=3)
    assert table.render() == str(view(table.game.state, None))


def test_a_game_is_played_to_its_end_with_rewards_that_sum_to_zero() -> None:
    table = raw_env(players=4)
    table.reset(seed=5)
    total = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        total[agent] += reward
        mask = observation["action_mask"]
        table.step(None if terminated or truncated else int(mask.nonzero()[0][0]))
    assert table.game.state.is_over
    assert abs(sum(total.values())) < 1e-9
    if table.game.state.winner is not None:
        assert total[f"player_{table.game.state.winner}"] == 1.0


def test_an_action_outside_the_mask_is_refused() -> None:
    table = raw_env(players=2)
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not in the action mask"):
        table.step(int((mask == 0).nonzero()[0][0]))
