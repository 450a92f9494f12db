"""The tied shootouts the tests of the ai layer start from (``ai_states.tied_start``)."""

from __future__ import annotations

import random

import pytest

from ai_states import TIES, deciders, decision_states, tied_start
from chicago_poker.core.hands import evaluate_hand
from chicago_poker.core.state import ShootoutStage


@pytest.mark.rule("R-6.7.1")
@pytest.mark.parametrize(("players", "ties"), TIES, ids=lambda n: str(n))
def test_a_tie_of_every_size_is_built_at_every_table_whatever_the_draw(
    players: int, ties: int
) -> None:
    for seed in range(10):
        state = tied_start(random.Random(seed), players, ties)
        shootout = state.shootout
        assert shootout is not None
        assert shootout.stage is ShootoutStage.CHOOSING
        assert len(state.players) == players
        assert len(shootout.contenders) == ties
        assert shootout.contenders[0] == 0
        assert deciders(state) == sorted(shootout.contenders)
        business = state.business(shootout.business)
        assert business is not None
        ranks = {evaluate_hand(business.columns[seat].cards) for seat in shootout.contenders}
        assert len(ranks) == 1


def test_a_random_draw_ties_two_to_five_seats_of_two_to_six() -> None:
    tables = set()
    for seed in range(200):
        state = tied_start(random.Random(seed))
        assert state.shootout is not None
        tables.add((len(state.players), len(state.shootout.contenders)))
    assert tables == set(TIES)


def test_six_seats_cannot_tie_and_the_error_says_why() -> None:
    with pytest.raises(ValueError, match=r"6 tied seats of 6 players.*R-1\.3, R-7\.8"):
        tied_start(random.Random(0), 6, 6)
    with pytest.raises(ValueError, match="3 tied seats of 2 players"):
        tied_start(random.Random(0), 2, 3)


def test_the_decision_states_walk_from_ties_of_six_seats() -> None:
    sizes = {
        (len(state.players), len(state.shootout.contenders))
        for state in decision_states(60, seed=1, commands=16)
        if state.shootout is not None and state.shootout.contenders
    }
    assert (6, 5) in sizes
