"""The PettingZoo AEC environment passes PettingZoo's own tests, unmodified."""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason='the ai layer needs its extra: pip install ".[ai]"')

from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils import wrappers

from ai_states import TIES, decision_states, tied_start
from chicago_poker import (
    Awaiting,
    Command,
    GameState,
    awaiting,
    legal_commands,
    step,
    view,
)
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


READ_THROUGH = (
    "agent_selection",
    "agents",
    "num_agents",
    "terminations",
    "truncations",
    "rewards",
    "infos",
    "_cumulative_rewards",
)
"""The attributes ``env()``'s wrappers read from the environment by properties."""


def wrapped_by_pettingzoo(players: int) -> Any:
    """The environment in PettingZoo's own three wrappers, as ``env()`` wrapped it in 0.2.0."""
    wrapped = wrappers.TerminateIllegalWrapper(raw_env(players=players), ILLEGAL_REWARD)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


def read(table: Any, name: str) -> object:
    """``table``'s attribute ``name``, or the error that reading it raises."""
    try:
        return getattr(table, name)
    except AttributeError as error:
        return f"AttributeError: {error}"


def layers(table: Any) -> list[Any]:
    """``table`` and each wrapper or environment inside it."""
    found = [table]
    while hasattr(found[-1], "env"):
        found.append(found[-1].env)
    return found


@pytest.mark.parametrize("players", [2, 5])
def test_env_reads_what_pettingzoos_own_wrappers_read(players: int) -> None:
    """Every read of the loop's attributes gives what PettingZoo's wrappers give (the same
    object, at every layer), and the same errors before ``reset``, through a game that ends
    on an action outside the mask and the dead steps after it."""
    ours, theirs = env(players=players), wrapped_by_pettingzoo(players)
    assert [read(ours, name) for name in READ_THROUGH] == [
        read(theirs, name) for name in READ_THROUGH
    ]
    assert str(ours) == str(theirs) == "chicago_poker_v0"
    for table in (ours, theirs):
        table.reset(seed=players)
    choices = random.Random(players)
    for made, agent in enumerate(ours.agent_iter()):
        assert agent == theirs.agent_selection
        for name in READ_THROUGH:
            assert read(ours, name) == read(theirs, name)
            assert len({id(read(layer, name)) for layer in layers(ours)}) == 1, name
        observed, *_ = ours.last()
        assert (observed["action_mask"] == theirs.last()[0]["action_mask"]).all()
        if not ours.agents or ours.terminations[agent] or ours.truncations[agent]:
            action = None
        elif made < 60:
            action = choices.choice(observed["action_mask"].nonzero()[0].tolist())
        else:  # outside the mask: the game ends with a loss
            action = int((observed["action_mask"] == 0).nonzero()[0][0])
        for table in (ours, theirs):
            table.step(action)
    assert [read(ours, name) for name in READ_THROUGH] == [
        read(theirs, name) for name in READ_THROUGH
    ]


def test_the_loops_attributes_are_set_on_unwrapped_not_on_the_wrapped_environment() -> None:
    """Set on the wrapper, an attribute the environment reads would be lost; it is refused."""
    table = env(players=2)
    table.reset(seed=1)
    with pytest.raises(AttributeError):
        table.agent_selection = "player_1"
    table.unwrapped.agent_selection = "player_1"
    assert table.agent_selection == "player_1"


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


def test_the_agent_selected_is_the_turns_player_or_the_first_seat_with_a_command() -> None:
    """Over decision states of random games of 2 to 6 players and random options, tie-breaks
    included: the seat ``_select`` picks (through the kept listing of the turn's player) is
    the one the rule names, and its mask is its legal commands' ids."""
    tables = {players: raw_env(players=players) for players in range(2, 7)}
    for number, state in enumerate(decision_states(300, seed=11)):
        if awaiting(state) is Awaiting.ACTION:
            expected = state.turn.player
        else:
            expected = deciders_of(state)[0]
        table = tables[len(state.players)]
        table.reset(seed=number)
        table._game = Held(state)  # type: ignore[assignment]  # a stand-in for a Game
        table._select()
        assert table.agent_selection == f"player_{expected}"
        mask = table.observe(table.agent_selection)["action_mask"]
        assert mask.nonzero()[0].tolist() == legal_ids(state, expected)
