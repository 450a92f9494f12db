"""Who must act: a seat, the tied players of a shootout, chance, or nobody (to_act)."""

from __future__ import annotations

import random

from chicago_poker.core.apply import apply
from chicago_poker.core.commands import DealCard, RevealTile
from chicago_poker.core.decide import follow_up, step
from chicago_poker.core.legal import ToAct, legal_commands, to_act
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.players.game import Game
from random_games import ALL_OPTIONS, random_game
from test_games import midgame_state


def check_to_act(state: GameState) -> ToAct:
    """to_act names exactly the seats with commands, and chance when chance has some."""
    acting = to_act(state)
    seats = tuple(seat for seat in range(len(state.players)) if legal_commands(state, seat))
    assert acting.seats == seats
    chance = any(isinstance(command, DealCard | RevealTile) for command in legal_commands(state))
    assert acting.chance is chance
    assert acting.nobody is (not seats and not chance)
    return acting


def test_to_act_names_the_seats_with_legal_commands_in_random_games() -> None:
    kinds = set()
    for seed in range(6):
        game = random_game(2 + seed % 5, ALL_OPTIONS[seed * 5], seed=seed, commands=300)
        state: GameState | None = None
        for entry in game.history:
            if state is not None:
                acting = check_to_act(state)
                kinds.add("chance" if acting.chance else len(acting.seats))
            for event in entry.events:
                state = apply(state, event)
    assert kinds == {"chance", 1}


def test_to_act_names_every_tied_player_still_to_choose() -> None:
    several = 0
    for seed in range(20):
        state, _ = follow_up(midgame_state(seed))
        rng = random.Random(seed)
        while state.turn.phase is TurnPhase.SHOOTOUTS and not state.is_over:
            several += len(check_to_act(state).seats) > 1
            state = step(state, rng.choice(legal_commands(state)))[0]
    assert several > 10


def test_a_game_over_waits_for_nobody_and_a_game_for_its_player() -> None:
    game = Game.new(["Al", "Bugs"], seed=1)
    assert game.to_act() == ToAct(seats=(game.state.turn.player,))
    over = random_game(2, seed=3)
    assert over.state.is_over
    assert over.to_act().nobody
