"""The search bot's evaluation: its features of a position, and the shares of a win."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import BUSINESS_TILES
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.victory import victory_of
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.bots import HeuristicBot, RandomBot
from chicago_poker.players.evaluation import FEATURES, WEIGHTS, evaluate, features
from chicago_poker.players.heuristic import power
from chicago_poker.players.simulate import play_bots
from scenarios import states_after

SHORT = RuleOptions(short_game=True)


def _row(state: GameState, seat: int) -> dict[str, float]:
    return dict(zip(FEATURES, features(state)[seat], strict=True))


def test_a_lead_that_would_win_the_game_at_a_shootout_due_is_counted_as_such() -> None:
    """Al holds two Speakeasies and leads the third's full column: a shootout is due there."""
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=3B,5Y controls=Speakeasy#2,Speakeasy#3
        player Bugs hand=1R,14G controls=Brewery#2
        turn seat=1 number=10
        business Speakeasy#1 8R,8Y,8G,2B,2P@0 10R,10Y
        business Brewery#1 4G 12R,12B
        """
    )
    al, bugs = _row(state, 0), _row(state, 1)
    assert (al["businesses"], al["most_of_a_kind"], al["kinds"], al["one_short"]) == (2, 2, 1, 1)
    assert (al["leads"], al["decisive_leads"], al["due_leads"], al["due_decisive"]) == (1, 1, 1, 1)
    assert al["lead_fill"] == al["decisive_fill"] == 1.0
    assert al["lead_margin"] == 4.0  # a full house over a pair, capped at four categories
    assert (al["hand"], al["hand_values"], al["to_move"]) == (2, 8 / 14, 0)
    # Bugs leads at the Brewery with a pair, one short of nothing: one business of one kind.
    assert (bugs["leads"], bugs["decisive_leads"], bugs["one_short"], bugs["to_move"]) == (
        1,
        0,
        0,
        1,
    )
    assert bugs["cards_placed"] == pytest.approx(0.8)
    assert al["cards_placed"] == pytest.approx(1.2)
    shares = evaluate(state)
    assert shares[0] > 0.9  # Al is all but sure to win: the fitted weights say so too


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), short=st.booleans())
def test_what_would_win_the_game_is_what_the_rules_say(
    seed: int, players: int, short: bool
) -> None:
    """``one_short`` and ``decisive_leads`` agree with the victory conditions (R-8)."""
    options = RuleOptions(short_game=short)
    game = play_bots(options, [RandomBot(seed + seat) for seat in range(players)], seed)
    for state in states_after(game.history)[:: max(1, len(game.history) // 12)]:
        rows = features(state)
        decisive = 0
        for business in state.businesses:
            powers = [power(column.cards) if column.cards else 0.0 for column in business.columns]
            if max(powers) > 0.0:
                leader = state.players[powers.index(max(powers))]
                won = victory_of((*leader.controlled, business.tile), options)
                decisive += won is not None
        assert sum(row[FEATURES.index("decisive_leads")] for row in rows) == decisive
        for player, row in zip(state.players, rows, strict=True):
            wins = [victory_of((*player.controlled, tile), options) for tile in BUSINESS_TILES]
            assert row[FEATURES.index("one_short")] == float(any(wins))


def test_the_shares_of_a_win_sum_to_one_and_the_winner_takes_all() -> None:
    game = play_bots(SHORT, [HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], 5)
    for state in states_after(game.history)[:: max(1, len(game.history) // 20)]:
        shares = evaluate(state)
        assert len(shares) == 3
        assert sum(shares) == pytest.approx(1.0)
        assert all(0.0 <= share <= 1.0 for share in shares)
    winner = game.state.winner
    assert winner is not None
    assert evaluate(game.state) == [1.0 if seat == winner else 0.0 for seat in range(3)]


def test_every_feature_has_its_weight() -> None:
    assert len(WEIGHTS) == len(FEATURES) == len(set(FEATURES))
