"""The shared random player (tests/random_games.py) stops exactly when a game is over."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from chicago_poker.core.commands import Command, EndTurn
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState, Victory
from random_games import ALL_OPTIONS, Policy, by_kind, random_game, uniform


def idle(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """End the turn at once whenever the options allow it."""
    ends = [command for command in legal if isinstance(command, EndTurn)]
    return ends[0] if ends else uniform(state, legal, rng)


def recorded(policy: Policy, asked: list[GameState]) -> Policy:
    """``policy``, noting in ``asked`` every state it is asked to choose in."""

    def choose(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
        asked.append(state)
        return policy(state, legal, rng)

    return choose


@pytest.mark.parametrize("seed", range(4))
def test_a_random_game_is_played_to_its_end_and_no_further(seed: int) -> None:
    asked: list[GameState] = []
    policy = recorded(by_kind if seed % 2 else uniform, asked)
    game = random_game(2 + seed, ALL_OPTIONS[seed * 7], seed=seed, policy=policy)
    assert game.state.is_over
    assert asked
    assert not any(state.is_over for state in asked)


@pytest.mark.rule("R-8.7")
def test_a_game_that_ends_without_a_winner_stops_too() -> None:
    """A stalled game is over with no winner: the player stops on ``is_over``, not the winner."""
    game = random_game(2, RuleOptions(optional_actions=True), seed=1, policy=idle)
    assert game.state.victory is Victory.STALLED
    assert game.state.winner is None


def test_a_random_game_stops_after_the_commands_asked_for() -> None:
    asked: list[GameState] = []
    game = random_game(3, seed=2, commands=25, policy=recorded(uniform, asked))
    assert not game.state.is_over
    assert len(asked) == 25


def test_one_seed_gives_one_game() -> None:
    assert random_game(3, seed=9).history == random_game(3, seed=9).history
