"""Rule tests for turns and actions (R-3): turn order, the three actions, the first round, the end
of a turn, drawing, the reshuffle, the hand limit, playing a card and the public discard pile."""

from __future__ import annotations

import pytest

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import BUSINESS_TILES, BusinessTile, full_deck
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DrawCard,
    EndTurn,
    PlayGangster,
    PlayLiquidation,
    PlayRevolver,
    RevealTile,
    StartGame,
)
from chicago_poker.core.decide import step
from chicago_poker.core.events import (
    ActionPhaseStarted,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    Event,
    GangsterPlayed,
    LiquidationPlayed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutWon,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands, within_hand_limit
from chicago_poker.core.rules import HAND_LIMIT, RuleOptions
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.game import Game
from random_games import random_game
from scenarios import (
    AL,
    BUGS,
    CAPONE,
    NAMES,
    begin_turn,
    build,
    card,
    cards,
    gangster,
    gangsters,
    rejected,
    run,
    tiles,
)

JAZZ_CLUB, BREWERY = tiles("JazzClub#1 Brewery#1")
OPTIONAL = RuleOptions(optional_actions=True)


def play(seat: int, text: str, tile: BusinessTile = BREWERY) -> PlayGangster:
    return PlayGangster(seat, gangster(text), tile)


def draw(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """The draw action followed by chance dealing the named card."""
    state, events = run(state, DrawCard(seat), DealCard(card(text)))
    return state, list(events)


def commands_of(state: GameState, kind: type) -> list[Command]:
    return [command for command in legal_commands(state) if isinstance(command, kind)]


def start(count: int, first: int = 0, options: RuleOptions | None = None) -> StartGame:
    deck = full_deck()
    hands = tuple(tuple(deck[seat * 5 : seat * 5 + 5]) for seat in range(count))
    face_up = {2: 2, 3: 2, 4: 3, 5: 4, 6: 4}[count]
    return StartGame(
        NAMES[:count],
        hands,
        BUSINESS_TILES[:face_up],
        first,
        options or RuleOptions(),
    )


# --- turn order --------------------------------------------------------------------


@pytest.mark.rule("R-3.1")
def test_the_next_player_clockwise_takes_the_next_turn() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs hand=9R
        player Capone
        turn seat=0 number=10 phase=ended
        """
    )
    _, events = begin_turn(state)
    assert events[0] == TurnStarted(BUGS, 11, 3)


@pytest.mark.rule("R-3.1")
def test_after_the_last_seat_play_returns_to_seat_zero() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R
        player Bugs
        player Capone
        turn seat=2 number=10 phase=ended
        """
    )
    state, events = begin_turn(state)
    assert events[0] == TurnStarted(AL, 11, 3)
    assert state.turn.player == AL


@pytest.mark.rule("R-3.1")
def test_a_whole_turn_is_taken_before_the_next_player_acts() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R,3R
        player Bugs hand=1G
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    state, events = run(state, play(AL, "1R"), play(AL, "2R"))
    assert state.turn.player == AL
    assert not any(isinstance(event, TurnStarted) for event in events)
    state, events = run(state, play(AL, "3R"))
    assert events[1:3] == [TurnEnded(AL, forced=False), TurnStarted(BUGS, 11, 3)]


@pytest.mark.rule("R-3.1")
def test_another_player_may_not_act_during_a_turn() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R
        player Bugs hand=1G
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    assert rejected(state, DrawCard(BUGS)).rule == "R-3.1"
    assert rejected(state, play(BUGS, "1G")).rule == "R-3.1"
    assert rejected(state, EndTurn(BUGS)).rule == "R-3.1"
    assert legal_commands(state, BUGS) == ()


@pytest.mark.rule("R-3.1", "R-6.1")
def test_a_turn_begins_with_the_players_due_shootouts_then_the_actions() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs hand=9G
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 1R,2R,3R,4R,5R@0 1G,2G
        """
    )
    state, events = begin_turn(state)
    kinds = [type(event) for event in events]
    assert kinds[:3] == [TurnStarted, ShootoutStarted, ShootoutWon]
    assert ActionPhaseStarted not in kinds
    assert awaiting(state) is Awaiting.TILE
    state, events = run(state, RevealTile(tiles("Brewery#5")[0]))
    assert ActionPhaseStarted(AL) in events
    assert awaiting(state) is Awaiting.ACTION


# --- three actions -----------------------------------------------------------------


@pytest.mark.rule("R-3.2")
@pytest.mark.parametrize("taken", [0, 1, 2])
def test_the_turn_may_not_be_ended_before_three_actions(taken: int) -> None:
    state = build(hands={"Al": "1R 2R"}, businesses={"Brewery#1": {}}, actions_taken=taken)
    assert rejected(state, EndTurn(AL)).rule == "R-3.2"
    assert commands_of(state, EndTurn) == []


@pytest.mark.rule("R-3.2", "R-3.5")
def test_the_turn_ends_by_itself_after_the_third_action() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R
        player Bugs
        turn seat=0 number=10 taken=2
        business Brewery#1 - -
        """
    )
    state, events = run(state, play(AL, "1R"))
    assert events == [
        GangsterPlayed(AL, gangster("1R"), BREWERY),
        TurnEnded(AL, forced=False),
        TurnStarted(BUGS, 11, 3),
        ActionPhaseStarted(BUGS),
    ]
    assert state.players[AL].hand == frozenset(cards("2R"))


@pytest.mark.rule("R-3.2")
def test_a_fourth_action_breaks_the_three_action_rule_not_the_turn_order() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R
        player Bugs hand=1G
        turn seat=0 number=10 taken=2
        business Brewery#1 - -
        """
    )
    state, _ = run(state, play(AL, "1R"))
    assert state.turn.player == BUGS
    assert state.previous_turn is not None
    assert state.previous_turn.actions_left == 0
    error = rejected(state, play(AL, "2R"))
    assert (error.rule, error.message) == (
        "R-3.2",
        "Al has already taken every action of their turn.",
    )
    # Once the next player has acted, it is plainly not Al's turn.
    state, _ = run(state, play(BUGS, "1G"))
    assert rejected(state, DrawCard(AL)).rule == "R-3.1"


@pytest.mark.rule("R-3.1", "R-3.5")
def test_acting_after_ending_the_turn_early_is_out_of_turn() -> None:
    state = build(
        hands={"Al": "1R 2R"}, businesses={"Brewery#1": {}}, actions_taken=1, options=OPTIONAL
    )
    state, _ = run(state, EndTurn(AL))
    assert rejected(state, play(AL, "1R")).rule == "R-3.1"


@pytest.mark.rule("R-3.2")
def test_each_draw_and_each_play_is_one_action() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    state, _ = draw(state, AL, "5G")
    assert state.turn.actions_taken == 1
    state, _ = run(state, play(AL, "1R"))
    assert state.turn.actions_taken == 2
    assert state.turn.actions_left == 1


@pytest.mark.rule("R-3.2", "R-3.5")
@pytest.mark.parametrize("taken", [0, 1, 2])
def test_optional_actions_lets_the_player_end_the_turn_early(taken: int) -> None:
    state = build(
        hands={"Al": "1R 2R"}, businesses={"Brewery#1": {}}, actions_taken=taken, options=OPTIONAL
    )
    assert EndTurn(AL) in legal_commands(state)
    state, events = run(state, EndTurn(AL))
    assert events[:2] == [TurnEnded(AL, forced=False), TurnStarted(BUGS, 11, 3)]
    assert state.turn.player == BUGS


@pytest.mark.rule("R-3.2")
def test_with_optional_actions_the_player_may_still_take_all_three() -> None:
    state = build(hands={"Al": "1R 2R 3R"}, businesses={"Brewery#1": {}}, options=OPTIONAL)
    state, events = run(state, play(AL, "1R"), play(AL, "2R"), play(AL, "3R"))
    assert TurnEnded(AL, forced=False) in events
    assert state.turn.player == BUGS


# --- actions in any order ----------------------------------------------------------


@pytest.mark.rule("R-3.3")
def test_draws_and_plays_may_alternate() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    state, _ = draw(state, AL, "5G")
    state, _ = run(state, play(AL, "5G"))
    state, events = draw(state, AL, "6G")
    assert state.players[AL].hand == frozenset(cards("1R 6G"))
    business = state.business(BREWERY)
    assert business is not None
    assert business.columns[AL].cards == gangsters("5G")
    assert TurnEnded(AL, forced=False) in events


@pytest.mark.rule("R-3.3")
def test_plays_may_come_before_draws() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    state, _ = run(state, play(AL, "1R"), play(AL, "2R"))
    state, events = draw(state, AL, "5G")
    assert state.players[AL].hand == frozenset(cards("5G"))
    assert TurnEnded(AL, forced=False) in events


# --- first-round exception ---------------------------------------------------------


def any_action(state: GameState) -> Command:
    """A draw if the hand limit allows it, else the first gangster card play listed."""
    legal = legal_commands(state)
    draws: list[Command] = [command for command in legal if isinstance(command, DrawCard)]
    return (draws or [c for c in legal if isinstance(c, PlayGangster)])[0]


def first_turns(command: StartGame, turns: int) -> list[TurnStarted]:
    """The TurnStarted events of the first ``turns`` turns, drawing or playing each action."""
    state, opening = step(None, command)
    started = [event for event in opening if isinstance(event, TurnStarted)]
    while len(started) < turns:
        state, events = run(state, any_action(state))
        if awaiting(state) is Awaiting.CARD:
            state, more = run(state, DealCard(min(state.draw_pile)))
            events += more
        started += [event for event in events if isinstance(event, TurnStarted)]
    return started[:turns]


@pytest.mark.rule("R-3.4")
def test_in_the_first_round_the_first_player_has_one_action_and_the_second_two() -> None:
    started = first_turns(start(4), 6)
    assert [(event.player, event.actions) for event in started] == [
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 3),
        (0, 3),
        (1, 3),
    ]


@pytest.mark.rule("R-3.4")
def test_the_first_round_counts_from_the_chosen_first_player() -> None:
    started = first_turns(start(3, first=2), 5)
    assert [(event.player, event.actions) for event in started] == [
        (2, 1),
        (0, 2),
        (1, 3),
        (2, 3),
        (0, 3),
    ]


@pytest.mark.rule("R-3.4")
def test_in_a_two_player_game_the_first_player_has_three_actions_from_round_two() -> None:
    started = first_turns(start(2, first=1), 4)
    assert [(event.player, event.actions) for event in started] == [
        (1, 1),
        (0, 2),
        (1, 3),
        (0, 3),
    ]


@pytest.mark.rule("R-3.4", "R-3.2")
def test_the_first_player_turn_ends_after_one_action() -> None:
    state, _ = step(None, start(3))
    assert state.turn.actions_left == 1
    assert rejected(state, EndTurn(0)).rule == "R-3.2"
    state, events = run(state, DrawCard(0), DealCard(min(state.draw_pile)))
    assert TurnEnded(0, forced=False) in events
    assert state.turn.player == 1
    assert state.turn.actions_left == 2


@pytest.mark.rule("R-3.4")
def test_the_game_facade_gives_one_then_two_then_three_actions() -> None:
    game = Game.new(NAMES[:3], seed=5)
    first = game.state.turn.player
    counts = []
    for _ in range(3):
        seat = game.state.turn.player
        counts.append(game.state.turn.actions_left)
        while game.state.turn.player == seat:
            game.execute(any_action(game.state))
    assert counts == [1, 2, 3]
    assert game.state.turn.player == first


# --- end of a turn -----------------------------------------------------------------


@pytest.mark.rule("R-3.5", "R-5.5")
def test_after_three_actions_the_revolvers_extra_actions_are_optional() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R,3R,4R,Revolver
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    state, _ = run(state, PlayRevolver(AL), play(AL, "1R"))
    assert state.turn.actions_left == 3
    assert rejected(state, EndTurn(AL)).rule == "R-3.2"
    state, _ = run(state, play(AL, "2R"))
    assert state.turn.actions_left == 2
    assert EndTurn(AL) in legal_commands(state)
    state, events = run(state, EndTurn(AL))
    assert events[:2] == [TurnEnded(AL, forced=False), TurnStarted(BUGS, 11, 3)]


@pytest.mark.rule("R-3.5", "R-5.5")
def test_a_turn_with_a_revolver_ends_by_itself_after_five_actions() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R,3R,4R,5R,Revolver
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    state, events = run(
        state, PlayRevolver(AL), play(AL, "1R"), play(AL, "2R"), play(AL, "3R"), play(AL, "4R")
    )
    assert TurnEnded(AL, forced=False) in events
    assert state.turn.player == BUGS


@pytest.mark.rule("R-3.5")
def test_a_player_with_actions_left_and_no_allowed_action_loses_them() -> None:
    # Al plays his only card; nothing is left to draw and nothing to play (D-9).
    state = build(
        hands={"Al": "9R", "Bugs": "1G"},
        businesses={"Brewery#1": {}},
        draw="",
        discard="",
        reachable=False,
    )
    state, events = run(state, play(AL, "9R"))
    assert events[1:3] == [TurnEnded(AL, forced=True), TurnStarted(BUGS, 11, 3)]
    assert state.turn.player == BUGS


@pytest.mark.rule("R-3.5")
def test_a_turn_without_any_allowed_action_ends_at_once() -> None:
    state = build(
        hands={"Bugs": "1G"},
        businesses={"Brewery#1": {}},
        draw="",
        discard="",
        turn="Bugs",
        phase=TurnPhase.ENDED,
        reachable=False,
    )
    state, events = begin_turn(state)
    assert events[:4] == [
        TurnStarted(AL, 11, 3),
        ActionPhaseStarted(AL),
        TurnEnded(AL, forced=True),
        TurnStarted(BUGS, 12, 3),
    ]
    assert state.turn.player == BUGS


@pytest.mark.rule("R-3.5", "R-3.9")
def test_a_full_hand_with_nowhere_to_play_ends_the_turn() -> None:
    # Late in the game only the brewery is in play. Al plays his fifth card there (no free
    # place left) and draws back to seven cards. With one action left, a draw could not be
    # played away and no gangster card fits anywhere: the turn ends, the action is lost
    # (D-9, D-10).
    state = build(
        hands={"Al": SEVEN, "Bugs": "1P"},
        businesses={"Brewery#1": {"Al": "1G 2G 3G 4G"}},
        tile_pile="",
        reachable=False,
    )
    state, _ = run(state, play(AL, "7R"))
    assert state.turn.player == AL
    state, events = draw(state, AL, "9G")
    assert events[-3:-1] == [TurnEnded(AL, forced=True), TurnStarted(BUGS, 11, 3)]
    assert len(state.players[AL].hand) == 7
    assert state.turn.player == BUGS


@pytest.mark.rule("R-3.5", "R-3.9")
def test_a_turn_never_ends_with_more_than_seven_cards() -> None:
    state = build(
        hands={"Al": "1R 2R 3R 4R 5R 6R 7R"}, businesses={"Brewery#1": {}}, options=OPTIONAL
    )
    state, _ = draw(state, AL, "9G")
    assert len(state.players[AL].hand) == 8
    error = rejected(state, EndTurn(AL))
    assert error.rule == "R-3.9"
    assert commands_of(state, EndTurn) == []
    state, _ = run(state, play(AL, "9G"))
    assert EndTurn(AL) in legal_commands(state)


# --- drawing -----------------------------------------------------------------------


@pytest.mark.rule("R-3.6")
def test_a_draw_waits_for_chance_then_puts_the_card_in_the_hand() -> None:
    state = build(
        hands={"Al": "1R"}, businesses={"Brewery#1": {}}, draw="3G 4G 5G", reachable=False
    )
    state, events = run(state, DrawCard(AL))
    assert events == [DrawRequested(AL)]
    assert awaiting(state) is Awaiting.CARD
    assert state.pending_draws == (AL,)
    assert set(legal_commands(state)) == {DealCard(c) for c in cards("3G 4G 5G")}
    assert legal_commands(state, AL) == ()
    state, events = run(state, DealCard(card("4G")))
    assert events == [CardDrawn(AL, card("4G"))]
    assert state.players[AL].hand == frozenset(cards("1R 4G"))
    assert state.draw_pile == frozenset(cards("3G 5G"))
    assert awaiting(state) is Awaiting.ACTION


@pytest.mark.rule("R-3.6")
def test_the_drawn_card_must_come_from_the_draw_deck() -> None:
    state = build(
        hands={"Al": "1R", "Bugs": "2R"},
        businesses={"Brewery#1": {}},
        draw="3G",
        discard="4G",
        reachable=False,
    )
    state, _ = run(state, DrawCard(AL))
    assert rejected(state, DealCard(card("2R"))).rule == "R-3.6"
    assert rejected(state, DealCard(card("4G"))).rule == "R-3.6"


@pytest.mark.rule("R-3.6")
def test_no_card_is_dealt_when_no_draw_is_waiting() -> None:
    state = build(hands={"Al": "1R"}, businesses={"Brewery#1": {}}, draw="3G", reachable=False)
    assert rejected(state, DealCard(card("3G"))).rule == "R-3.6"


@pytest.mark.rule("R-3.6")
def test_the_player_waits_for_the_drawn_card_before_acting_again() -> None:
    state = build(hands={"Al": "1R"}, businesses={"Brewery#1": {}}, draw="3G", reachable=False)
    state, _ = run(state, DrawCard(AL))
    assert rejected(state, play(AL, "1R")).rule == "R-3.6"


# --- reshuffle ---------------------------------------------------------------------


@pytest.mark.rule("R-3.7")
def test_the_discard_pile_is_not_reshuffled_when_the_draw_deck_runs_out() -> None:
    state = build(
        hands={"Al": "1R"},
        businesses={"Brewery#1": {}},
        draw="3G",
        discard="5B 6B",
        reachable=False,
    )
    state, events = draw(state, AL, "3G")
    assert not any(isinstance(event, DiscardPileReshuffled) for event in events)
    assert state.draw_pile == frozenset()
    assert state.discard_pile == frozenset(cards("5B 6B"))


@pytest.mark.rule("R-3.7")
def test_the_discard_pile_becomes_the_draw_deck_when_a_card_must_be_drawn() -> None:
    state = build(
        hands={"Al": "1R"},
        businesses={"Brewery#1": {}},
        draw="",
        discard="5B 6B Revolver",
        reachable=False,
    )
    state, events = run(state, DrawCard(AL))
    assert events == [DrawRequested(AL), DiscardPileReshuffled(3)]
    assert state.draw_pile == frozenset(cards("5B 6B Revolver"))
    assert state.discard_pile == frozenset()
    assert awaiting(state) is Awaiting.CARD
    state, events = run(state, DealCard(card("6B")))
    assert events == [CardDrawn(AL, card("6B"))]
    assert state.draw_pile == frozenset(cards("5B Revolver"))


@pytest.mark.rule("R-3.7")
def test_cards_discarded_before_the_draw_join_the_new_draw_deck() -> None:
    # The draw deck is empty; a Liquidation discards two more cards; the reshuffle at the
    # next draw takes them too (D-11).
    state = build(
        hands={"Al": "Liquidation 1R"},
        businesses={"Brewery#1": {"Bugs": "7P"}},
        draw="",
        discard="5B",
        reachable=False,
    )
    state, events = run(state, PlayLiquidation(AL, BREWERY, BUGS))
    assert not any(isinstance(event, DiscardPileReshuffled) for event in events)
    assert state.draw_pile == frozenset()
    state, events = run(state, DrawCard(AL))
    assert DiscardPileReshuffled(3) in events
    assert state.draw_pile == frozenset(cards("5B Liquidation 7P"))
    state, _ = run(state, DealCard(card("7P")))
    assert card("7P") in state.players[AL].hand


@pytest.mark.rule("R-3.7")
def test_the_order_of_the_new_draw_deck_is_given_as_data() -> None:
    state = build(
        hands={"Al": "1R"}, businesses={"Brewery#1": {}}, draw="", discard="5B 6B", reachable=False
    )
    state, _ = run(state, DrawCard(AL))
    assert set(legal_commands(state)) == {DealCard(card("5B")), DealCard(card("6B"))}
    assert rejected(state, DealCard(card("7B"))).rule == "R-3.6"


# --- nothing to draw ---------------------------------------------------------------


@pytest.mark.rule("R-3.8")
def test_no_draw_when_the_draw_deck_and_the_discard_pile_are_empty() -> None:
    state = build(
        hands={"Al": "1R"}, businesses={"Brewery#1": {}}, draw="", discard="", reachable=False
    )
    assert rejected(state, DrawCard(AL)).rule == "R-3.8"
    assert commands_of(state, DrawCard) == []
    assert commands_of(state, PlayGangster) != []


@pytest.mark.rule("R-3.8", "R-3.7")
def test_a_draw_is_allowed_while_the_discard_pile_holds_cards() -> None:
    state = build(
        hands={"Al": "1R"}, businesses={"Brewery#1": {}}, draw="", discard="5B", reachable=False
    )
    assert DrawCard(AL) in legal_commands(state)


# --- hand limit --------------------------------------------------------------------

SEVEN = "1R 2R 3R 4R 5R 6R 7R"


@pytest.mark.rule("R-3.9")
def test_a_draw_to_eight_cards_is_allowed_when_it_can_be_played_away() -> None:
    # h=8, a=1, g=7, s=10 after the draw: 8 - 7 <= each of them.
    state = build(
        hands={"Al": SEVEN}, businesses={"Brewery#1": {}, "JazzClub#1": {}}, actions_taken=1
    )
    assert DrawCard(AL) in legal_commands(state)
    state, _ = draw(state, AL, "9G")
    assert len(state.players[AL].hand) == 8
    assert state.turn.player == AL
    assert state.turn.actions_left == 1


@pytest.mark.rule("R-3.9")
def test_with_eight_cards_the_last_action_must_bring_the_hand_back_to_seven() -> None:
    state = build(hands={"Al": SEVEN}, businesses={"Brewery#1": {}}, actions_taken=1)
    state, _ = draw(state, AL, "9G")
    assert rejected(state, DrawCard(AL)).rule == "R-3.9"
    assert commands_of(state, DrawCard) == []
    assert commands_of(state, EndTurn) == []
    state, events = run(state, play(AL, "9G"))
    assert TurnEnded(AL, forced=False) in events
    assert len(state.players[AL].hand) == 7


@pytest.mark.rule("R-3.9")
def test_a_draw_to_eight_with_no_action_left_is_rejected() -> None:
    # h=8, a=0 after the draw: the eighth card could not be played away.
    state = build(hands={"Al": SEVEN}, businesses={"Brewery#1": {}}, actions_taken=2)
    error = rejected(state, DrawCard(AL))
    assert error.rule == "R-3.9"
    assert "Al" in error.message
    assert commands_of(state, DrawCard) == []


@pytest.mark.rule("R-3.9")
def test_a_draw_to_nine_with_one_action_left_is_rejected() -> None:
    # h=9, a=1 after the draw: 9 - 7 > a.
    state = build(hands={"Al": SEVEN}, businesses={"Brewery#1": {}}, actions_taken=0)
    state, _ = draw(state, AL, "9G")
    assert state.turn.actions_left == 2
    assert rejected(state, DrawCard(AL)).rule == "R-3.9"


@pytest.mark.rule("R-3.9")
def test_a_draw_to_seven_is_allowed_even_as_the_last_action() -> None:
    # h=7 after the draw: within the limit, although a=0 and s=0 afterwards.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R,3R,4R,5R,6R
        player Bugs
        turn seat=0 number=10 taken=2
        business Brewery#1 1G,2G,3G,4G,5G@0 -
        """
    )
    state, events = draw(state, AL, "9G")
    assert len(state.players[AL].hand) == 7
    assert TurnEnded(AL, forced=False) in events


@pytest.mark.rule("R-3.9")
def test_a_draw_is_rejected_when_there_is_no_free_place_to_play_the_excess() -> None:
    # h=8, a=2 after the draw, but s=0: every place of Al at the face-up businesses is taken.
    # (A state built for the rule's counts: in play, full columns of Al's would have been
    # filled earlier in this turn.)
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R,3R,4R,5R,6R,Revolver
        player Bugs
        turn seat=0 number=10
        business Brewery#1 1G,2G,3G,4G,5G@0 -
        business JazzClub#1 1B,2B,3B,4B,5B@1 -
        """
    )
    assert rejected(state, DrawCard(AL)).rule == "R-3.9"
    assert commands_of(state, DrawCard) == []


@pytest.mark.rule("R-3.9")
def test_a_draw_is_allowed_when_one_free_place_takes_the_one_extra_card() -> None:
    # h=8, a=2, g=6, s=1 after the draw.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R,3R,4R,5R,6R,Revolver
        player Bugs
        turn seat=0 number=10
        business Brewery#1 1G,2G,3G,4G,5G@0 -
        business JazzClub#1 1B,2B,3B,4B -
        """
    )
    assert DrawCard(AL) in legal_commands(state)
    state, _ = draw(state, AL, "9G")
    assert len(state.players[AL].hand) == 8


@pytest.mark.rule("R-3.9")
def test_six_special_cards_and_one_gangster_card_still_allow_a_draw_to_eight() -> None:
    # The unseen card counts as a special card (D-10): after the draw h=8, a=2, g=1, s=1.
    state = build(
        hands={"Al": "Liquidation PoliceRaid1 PoliceRaid2 Limousine Revolver Bribery 1R"},
        businesses={"Brewery#1": {"Al": "1G 2G 3G 4G"}},
        tile_pile="",
        discard="5B",
        reachable=False,
    )
    assert DrawCard(AL) in legal_commands(state)
    state, _ = draw(state, AL, "9G")
    assert len(state.players[AL].hand) == 8
    assert state.turn.player == AL


@pytest.mark.rule("R-3.9")
@pytest.mark.parametrize(
    ("h", "a", "g", "s", "allowed"),
    [
        (7, 0, 0, 0, True),  # within the limit: nothing else matters
        (3, 0, 0, 0, True),
        (8, 1, 1, 1, True),  # one over, and one of each to play it away
        (8, 0, 5, 5, False),  # no action left
        (8, 5, 0, 5, False),  # no gangster card
        (8, 5, 5, 0, False),  # no free place
        (9, 2, 2, 2, True),
        (9, 1, 5, 5, False),
        (9, 5, 1, 5, False),
        (9, 5, 5, 1, False),
    ],
)
def test_the_hand_limit_condition_is_h_at_most_7_or_the_excess_within_a_g_and_s(
    h: int, a: int, g: int, s: int, allowed: bool
) -> None:
    assert HAND_LIMIT == 7
    assert within_hand_limit(h, a, g, s) is allowed


@pytest.mark.rule("R-3.9")
def test_a_special_card_may_be_played_from_eight_cards_as_the_last_action() -> None:
    state = build(hands={"Al": "Revolver " + SEVEN}, businesses={"Brewery#1": {}}, actions_taken=2)
    assert len(state.players[AL].hand) == 8
    state, events = run(state, PlayRevolver(AL))
    assert RevolverPlayed(AL) in events
    assert len(state.players[AL].hand) == 7


# --- playing a card ---------------------------------------------------------------


@pytest.mark.rule("R-3.10")
def test_a_gangster_card_is_played_from_the_hand_to_a_business() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2R
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    state, events = run(state, play(AL, "2R"))
    assert events == [GangsterPlayed(AL, gangster("2R"), BREWERY)]
    assert state.players[AL].hand == frozenset(cards("1R"))
    assert state.turn.actions_taken == 1


@pytest.mark.rule("R-3.10")
def test_a_card_not_in_the_hand_cannot_be_played() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R
        player Bugs hand=2R
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    error = rejected(state, play(AL, "2R"))
    assert error.rule == "R-3.10"


@pytest.mark.rule("R-3.10")
def test_a_special_card_is_played_from_the_hand_as_an_action() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,Revolver
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    state, events = run(state, PlayRevolver(AL))
    assert events == [RevolverPlayed(AL)]
    assert card("Revolver") not in state.players[AL].hand
    assert state.turn.actions_taken == 1


# --- the discard pile is public ---------------------------------------------------


@pytest.mark.rule("R-3.11")
def test_a_played_special_card_lies_in_the_discard_pile() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,Revolver
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        discard 4B
        """
    )
    state, _ = run(state, PlayRevolver(AL))
    assert state.discard_pile == frozenset(cards("4B Revolver"))


@pytest.mark.rule("R-3.11", "R-5.2.2")
@pytest.mark.parametrize(
    ("tile", "column", "last"),
    [("Speakeasy#1", "7P", "7P"), ("JazzClub#1", "1P 2P 3P 7P", "7P")],
)
def test_a_liquidated_face_down_card_is_discarded_revealed(
    tile: str, column: str, last: str
) -> None:
    state = build(hands={"Al": "Liquidation 1R"}, businesses={tile: {"Bugs": column}})
    business_tile = tiles(tile)[0]
    before = state.business(business_tile)
    assert before is not None
    assert gangster(last) in before.face_down_cards(BUGS)
    state, events = run(state, PlayLiquidation(AL, business_tile, BUGS))
    assert LiquidationPlayed(AL, business_tile, BUGS, gangster(last)) in events
    assert card(last) in state.discard_pile
    assert card("Liquidation") in state.discard_pile


@pytest.mark.rule("R-3.11")
def test_the_discard_pile_is_one_pile_for_everybody() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,Liquidation
        player Bugs
        player Capone
        turn seat=0 number=10
        business Brewery#1 - - 7P
        discard 4B
        """
    )
    state, _ = run(state, PlayLiquidation(AL, BREWERY, CAPONE))
    assert state.discard_pile == frozenset(cards("4B Liquidation 7P"))


@pytest.mark.rule("R-3.1", "R-3.4", "R-3.5", "R-3.9")
@pytest.mark.parametrize("seed", range(8))
def test_random_legal_play_keeps_turn_order_action_counts_and_the_hand_limit(seed: int) -> None:
    # Seeded random play through the Game facade; the events are then replayed to check, at
    # every turn, the clockwise order, the 1-2-3 first round and at most seven cards at the end.
    count = 2 + seed % 5
    game = random_game(count, seed=seed, commands=400)
    state: GameState | None = None
    for event in game.events:
        if isinstance(event, TurnStarted):
            assert event.actions == min(event.number + 1, 3)
            if state is not None and event.number > 0:
                assert event.player == (state.turn.player + 1) % count
        if isinstance(event, TurnEnded):
            assert state is not None
            assert len(state.players[event.player].hand) <= HAND_LIMIT
        state = apply(state, event)
