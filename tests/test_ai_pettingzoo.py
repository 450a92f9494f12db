"""The PettingZoo AEC environment passes PettingZoo's own tests, unmodified."""

from __future__ import annotations

import functools
import itertools
import random

import pytest

pytest.importorskip("pettingzoo", reason='the ai layer needs its extra: pip install ".[ai]"')

from pettingzoo.test import api_test, render_test, seed_test

from ai_states import TIES, tied_start
from chicago_poker import Command, GameState, legal_commands, step, view
from chicago_poker.ai.actions import ACTION_COUNT, legal_ids
from chicago_poker.ai.pettingzoo_env import ILLEGAL_REWARD, env, raw_env


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


def test_env_makes_an_illegal_action_a_loss_as_pettingzoos_classic_games_do(
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = env(players=4)
    table.reset(seed=2)
    actor = table.agent_selection
    mask = table.observe(actor)["action_mask"]
    table.step(int((mask == 0).nonzero()[0][0]))
    assert "Illegal move made" in caplog.text
    assert table.rewards == {
        agent: ILLEGAL_REWARD if agent == actor else 0 for agent in table.agents
    }
    assert ILLEGAL_REWARD == -1.0
    assert all(table.terminations.values())
    ended = 0
    for agent in table.agent_iter():
        _, reward, terminated, _, _ = table.last()
        assert terminated
        assert reward == (ILLEGAL_REWARD if agent == actor else 0)
        table.step(None)
        ended += 1
    assert ended == 4


def test_env_asserts_an_id_out_of_the_action_space() -> None:
    table = env(players=2)
    table.reset(seed=1)
    with pytest.raises(AssertionError):
        table.step(ACTION_COUNT)


class Held:
    """A game held at a given state, for the environment to play on (no chance ahead)."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def execute(self, command: Command) -> object:
        self.state, events = step(self.state, command)
        return events


@pytest.mark.rule("R-6.7.2")
def test_in_a_tie_break_every_tied_seat_still_to_choose_has_its_mask() -> None:
    """The mask docstring's promise: seats not selected have a non-zero mask, unchanged; at
    every table of 2 to 6 players, with 2 to 5 seats tied (``ai_states.TIES``)."""
    for (players, ties), seed in itertools.product(TIES, range(2)):
        state = tied_start(random.Random(seed), players, ties)
        tied = deciders_of(state)
        assert len(state.players) == players
        assert len(tied) == ties
        table = raw_env(players=players)
        table.reset(seed=seed)
        table._game = Held(state)  # type: ignore[assignment]  # a stand-in for a Game
        table._select()
        assert table.agent_selection == f"player_{tied[0]}"
        masks = {seat: table.observe(f"player_{seat}")["action_mask"] for seat in tied}
        for seat in tied:
            assert masks[seat].nonzero()[0].tolist() == legal_ids(state, seat)
        first = table.observe(table.agent_selection)["action_mask"].nonzero()[0][0]
        table.step(int(first))
        for seat in tied[1:]:
            assert (table.observe(f"player_{seat}")["action_mask"] == masks[seat]).all()


def deciders_of(state: GameState) -> list[int]:
    return [seat for seat in range(len(state.players)) if legal_commands(state, seat)]
