"""Rule tests for the end of the game (R-8), the tactical variant (R-9.1) and components (R-1).

Every test drives the engine through ``begin_turn`` (the automatic start of a turn), ``step``
(``scenarios.run``), ``legal_commands`` or ``Game`` from a state described with the readable
builder, and checks what the rule statement says. A business is won by building the state at
the end of the previous player's turn with a shootout marker on the winner's cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

import attrs
import pytest

from chicago_poker.core.cards import GangsterCard, SpecialCard, full_deck, tactical_deck
from chicago_poker.core.commands import (
    DealCard,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayGangster,
    RevealTile,
    SendReinforcement,
    StartGame,
)
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.events import (
    ActionPhaseStarted,
    Event,
    GameBlocked,
    GameStalled,
    GameWon,
    GangsterPlayed,
    MarkerPlaced,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.hands import HandCategory
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import STALL_ROUNDS, RuleOptions, stall_limit
from chicago_poker.core.state import GameState, TurnPhase, Victory
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.game import Game
from chicago_poker.specification import Specification
from scenarios import (
    AL,
    BUGS,
    CAPONE,
    DUTCH,
    EDDIE,
    NAMES,
    begin_turn,
    build,
    cards,
    gangsters,
    of_type,
    rejected,
    run,
    tiles,
)

SIX = NAMES
SHORT = RuleOptions(short_game=True)
TACTICAL = RuleOptions(tactical=True)

# At the business being won: Al's full house beats Bugs's pair.
WINNING = "8R 8Y 8G 2B 2P"
LOSING = "10R 10Y"

E = TypeVar("E")


def al_wins(
    business: str,
    *,
    controlled: Mapping[str, str] | None = None,
    players: Sequence[str] = NAMES[:2],
    options: RuleOptions | None = None,
    tile_pile: str | None = None,
    others: Mapping[str, Mapping[str, str]] | None = None,
) -> tuple[GameState, list[Event]]:
    """Start Al's turn with a due shootout at ``business`` that Al wins against Bugs."""
    state = build(
        players,
        turn=players[-1],
        phase=TurnPhase.ENDED,
        controlled=controlled,
        businesses={business: {"Al": WINNING, "Bugs": LOSING}, **(others or {})},
        markers={(business, "Al"): 0},
        options=options,
        tile_pile=tile_pile,
        reachable=False,
    )
    return begin_turn(state)


def assert_over(state: GameState) -> None:
    """The game has ended: nothing more is awaited, and every command is refused (R-8.2)."""
    assert state.is_over
    assert awaiting(state) is Awaiting.NOTHING
    assert legal_commands(state) == ()
    for command in (DrawCard(state.turn.player), RevealTile(tiles("Speakeasy#5")[0])):
        assert rejected(state, command).rule == "R-8.2"


# ------------------------------------------------------------------ victory conditions


@pytest.mark.rule("R-8.1")
@pytest.mark.parametrize(
    ("controlled", "business", "victory"),
    [
        ("Speakeasy#2 Speakeasy#3", "Speakeasy#1", Victory.THREE_OF_A_KIND),
        ("Brewery#2 Brewery#3", "Brewery#1", Victory.THREE_OF_A_KIND),
        ("Speakeasy#2 JazzClub#2 Brewery#2", "GamblingHouse#1", Victory.FOUR_KINDS),
        ("Speakeasy#2 Speakeasy#3 JazzClub#2 JazzClub#3", "Brewery#1", Victory.FIVE_BUSINESSES),
    ],
    ids=["three-speakeasies", "three-breweries", "four-kinds", "five-businesses"],
)
def test_a_player_meeting_a_victory_condition_wins(
    controlled: str, business: str, victory: Victory
) -> None:
    state, events = al_wins(business, controlled={"Al": controlled})
    assert events[-1] == GameWon(AL, victory)
    assert state.winner == AL
    assert state.victory is victory
    assert_over(state)


@pytest.mark.rule("R-8.1")
@pytest.mark.parametrize(
    ("controlled", "business"),
    [
        ("Speakeasy#2", "Speakeasy#1"),
        ("Speakeasy#2 JazzClub#2", "Brewery#1"),
        ("Speakeasy#2 Speakeasy#3 JazzClub#2", "JazzClub#1"),
        ("Speakeasy#2 JazzClub#2 JazzClub#3", "Brewery#1"),
    ],
    ids=["two-of-a-kind", "three-kinds", "four-of-two-kinds", "four-of-three-kinds"],
)
def test_a_player_short_of_every_victory_condition_does_not_win(
    controlled: str, business: str
) -> None:
    state, events = al_wins(business, controlled={"Al": controlled})
    assert not of_type(events, GameWon)
    assert not state.is_over
    assert state.winner is None
    assert awaiting(state) is Awaiting.TILE


@pytest.mark.rule("R-8.1")
def test_businesses_controlled_by_another_player_do_not_count() -> None:
    state, events = al_wins(
        "Speakeasy#1", controlled={"Al": "JazzClub#2", "Bugs": "Speakeasy#2 Speakeasy#3"}
    )
    assert not of_type(events, GameWon)
    assert state.winner is None


# ------------------------------------------------------------------ the game ends at once


@pytest.mark.rule("R-8.2")
def test_victory_is_checked_before_a_new_tile_is_revealed() -> None:
    state, events = al_wins("Speakeasy#1", controlled={"Al": "Speakeasy#2 Speakeasy#3"})
    assert [type(e) for e in events[-2:]] == [ShootoutWon, GameWon]
    assert not of_type(events, TileRevealed)
    assert state.tile_pile  # tiles are left, but none is revealed
    assert not of_type(events, ActionPhaseStarted)
    assert len(of_type(events, GameWon)) == 1
    assert_over(state)


@pytest.mark.rule("R-8.2")
def test_victory_of_a_player_who_wins_another_players_shootout() -> None:
    # Al's shootout, won by Bugs, who then controls three speakeasies: Al never acts.
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs controls=Speakeasy#2,Speakeasy#3
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 9R,9Y,3G,4B,5P@0 10R,10Y,10G
        """
    )
    state, events = begin_turn(state)
    assert events[-1] == GameWon(BUGS, Victory.THREE_OF_A_KIND)
    assert state.winner == BUGS
    assert state.turn.actions_taken == 0
    assert_over(state)


@pytest.mark.rule("R-8.2")
def test_victory_after_a_reinforcement_ends_the_game_at_once() -> None:
    state = build(
        turn="Bugs",
        phase=TurnPhase.ENDED,
        hands={"Al": "14R", "Bugs": "12Y"},
        controlled={"Al": "Speakeasy#2 Speakeasy#3"},
        businesses={
            "Speakeasy#1": {"Al": "9R 9Y 3G 4B 5P", "Bugs": "9G 9B 3R 4Y 5B"},
            "JazzClub#1": {"Al": "11R 11Y 11G 1B 1P"},
        },
        markers={("Speakeasy#1", "Al"): 0, ("JazzClub#1", "Al"): 1},
        reachable=False,
    )
    state, _ = begin_turn(state)
    state, events = run(
        state,
        SendReinforcement(AL, gangsters("14R")[0]),
        SendReinforcement(BUGS, gangsters("12Y")[0]),
        DealCard(cards("1R")[0]),
        DealCard(cards("1Y")[0]),
    )
    assert events[-2:] == [
        ShootoutWon(tiles("Speakeasy#1")[0], AL, HandCategory.PAIR, reinforced=True),
        GameWon(AL, Victory.THREE_OF_A_KIND),
    ]
    assert not of_type(events, ShootoutStarted)  # the Jazz Club shootout never happens
    assert_over(state)


# ------------------------------------------------------------------ the short game


@pytest.mark.rule("R-8.3")
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_short_game_two_businesses_of_one_kind_win_for_any_number_of_players(count: int) -> None:
    players = SIX[:count]
    state, events = al_wins(
        "JazzClub#1", controlled={"Al": "JazzClub#2"}, players=players, options=SHORT
    )
    assert events[-1] == GameWon(AL, Victory.TWO_OF_A_KIND)
    assert_over(state)


@pytest.mark.rule("R-8.3")
@pytest.mark.parametrize("count", [2, 6])
def test_short_game_any_three_businesses_win(count: int) -> None:
    state, events = al_wins(
        "Brewery#1",
        controlled={"Al": "Speakeasy#2 JazzClub#2"},
        players=SIX[:count],
        options=SHORT,
    )
    assert events[-1] == GameWon(AL, Victory.THREE_BUSINESSES)
    assert_over(state)


@pytest.mark.rule("R-8.3")
def test_short_game_two_businesses_of_different_kinds_do_not_win() -> None:
    state, events = al_wins("Brewery#1", controlled={"Al": "Speakeasy#2"}, options=SHORT)
    assert not of_type(events, GameWon)
    assert awaiting(state) is Awaiting.TILE


@pytest.mark.rule("R-8.3")
def test_two_businesses_of_one_kind_do_not_win_without_the_short_game() -> None:
    state, events = al_wins("JazzClub#1", controlled={"Al": "JazzClub#2"})
    assert not of_type(events, GameWon)
    assert awaiting(state) is Awaiting.TILE


@pytest.mark.rule("R-8.3")
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_the_short_game_is_chosen_when_the_game_is_set_up(count: int) -> None:
    game = Game.new(SIX[:count], SHORT, seed=count)
    assert game.state.options.short_game
    assert awaiting(game.state) is Awaiting.ACTION


# ------------------------------------------------------------------ tiles run out


@pytest.mark.rule("R-8.4")
def test_when_the_tile_pile_is_empty_play_goes_on_with_the_remaining_businesses() -> None:
    state, events = al_wins(
        "Speakeasy#1",
        tile_pile="",
        others={"JazzClub#1": {"Bugs": "13R"}, "Brewery#1": {"Al": "1R"}},
    )
    assert of_type(events, ShootoutWon)
    assert not of_type(events, TileRevealed)
    assert not of_type(events, GameWon)
    assert events[-1] == ActionPhaseStarted(AL)
    assert [b.tile for b in state.businesses] == list(tiles("JazzClub#1 Brewery#1"))
    assert awaiting(state) is Awaiting.ACTION
    assert not any(isinstance(c, RevealTile) for c in legal_commands(state))


@pytest.mark.rule("R-8.4")
def test_after_the_tiles_run_out_gangsters_go_only_to_the_remaining_businesses() -> None:
    state = build(
        turn="Bugs",
        phase=TurnPhase.ENDED,
        tile_pile="",
        hands={"Al": "1Y"},
        businesses={
            "Speakeasy#1": {"Al": WINNING, "Bugs": LOSING},
            "JazzClub#1": {"Bugs": "13R"},
        },
        markers={("Speakeasy#1", "Al"): 0},
        reachable=False,
    )
    state, _ = begin_turn(state)
    plays = [c for c in legal_commands(state) if isinstance(c, PlayGangster)]
    assert {c.business for c in plays} == set(tiles("JazzClub#1"))
    assert (
        rejected(state, PlayGangster(AL, gangsters("1Y")[0], tiles("Speakeasy#1")[0])).rule
        == "R-4.1"
    )


# ------------------------------------------------------------------ the last business

# Nineteen tiles are controlled by six players, none of whom meets a condition; the twentieth,
# Gambling House #5, is the last business in play, and the tile pile is empty.
LAST_ROUND = {
    "Bugs": "Speakeasy#2 Speakeasy#3 JazzClub#1 JazzClub#2",
    "Capone": "Speakeasy#4 Speakeasy#5 JazzClub#3 JazzClub#4",
    "Dutch": "Brewery#1 Brewery#2 GamblingHouse#1 GamblingHouse#2",
    "Eddie": "Brewery#3 Brewery#4 GamblingHouse#3 GamblingHouse#4",
}


@pytest.mark.rule("R-8.5")
def test_the_winner_of_the_last_business_wins_even_with_fewer_businesses() -> None:
    controlled = {**LAST_ROUND, "Al": "Speakeasy#1", "Frank": "JazzClub#5 Brewery#5"}
    state, events = al_wins("GamblingHouse#5", controlled=controlled, players=SIX)
    assert state.tile_pile == frozenset()
    assert state.businesses == ()
    assert events[-1] == GameWon(AL, Victory.LAST_BUSINESS)
    assert state.winner == AL
    assert len(state.players[AL].controlled) < len(state.players[BUGS].controlled)
    assert_over(state)


@pytest.mark.rule("R-8.5")
def test_the_winner_of_the_last_business_meeting_a_condition_wins_by_that_condition() -> None:
    controlled = {**LAST_ROUND, "Al": "Speakeasy#1 JazzClub#5 Brewery#5"}
    state, events = al_wins("GamblingHouse#5", controlled=controlled, players=SIX)
    assert events[-1] == GameWon(AL, Victory.FOUR_KINDS)
    assert_over(state)


@pytest.mark.rule("R-8.5", "R-8.4")
def test_winning_a_business_that_is_not_the_last_one_does_not_end_the_game() -> None:
    state, events = al_wins(
        "Speakeasy#1",
        controlled={"Bugs": "JazzClub#2 JazzClub#3 Brewery#2 Brewery#3"},
        tile_pile="",
        others={"JazzClub#1": {"Bugs": "13R"}},
    )
    assert not of_type(events, GameWon)
    assert not state.is_over
    assert [b.tile for b in state.businesses] == list(tiles("JazzClub#1"))


# ------------------------------------------------------------------ a blocked game

FIVE = NAMES[:5]
FACE_UP = ("Speakeasy#1", "JazzClub#1", "Brewery#1", "GamblingHouse#1")


def stuck_columns(held: str = "", room: tuple[str, str] | None = None) -> dict[str, dict[str, str]]:
    """Every tactical card not in ``held`` laid out in columns of four (three at ``room``)."""
    keep = set(cards(held))
    left = [str(card) for card in tactical_deck() if card not in keep]
    businesses: dict[str, dict[str, str]] = {}
    for tile in FACE_UP:
        businesses[tile] = {}
        for player in FIVE:
            size = 3 if (tile, player) == room else 4
            column, left = left[:size], left[size:]
            if column:
                businesses[tile][player] = " ".join(column)
    assert not left
    return businesses


@pytest.mark.rule("R-8.6", "R-9.1")
def test_a_game_where_nobody_can_act_for_a_whole_round_ends_without_a_winner() -> None:
    state = build(
        FIVE, turn="Eddie", phase=TurnPhase.ENDED, options=TACTICAL, businesses=stuck_columns()
    )
    assert not state.draw_pile
    assert not state.discard_pile
    assert all(not p.hand for p in state.players)
    assert all(len(c.cards) <= 4 for b in state.businesses for c in b.columns)

    state, events = begin_turn(state)
    ends = of_type(events, TurnEnded)
    seats = [AL, BUGS, CAPONE, DUTCH, EDDIE]
    assert ends == [TurnEnded(seat, forced=True) for seat in seats]
    assert [e.player for e in of_type(events, TurnStarted)] == seats
    assert events[-1] == GameBlocked()
    assert events.index(GameBlocked()) > events.index(ends[-1])
    assert state.winner is None
    assert state.victory is Victory.BLOCKED
    assert not of_type(events, GameWon)
    assert_over(state)


@pytest.mark.rule("R-8.6")
def test_a_turn_with_an_action_starts_the_count_of_blocked_turns_again() -> None:
    # Bugs holds the last card and has room for it at the Gambling House.
    state = build(
        FIVE,
        turn="Eddie",
        phase=TurnPhase.ENDED,
        options=TACTICAL,
        hands={"Bugs": "15P"},
        businesses=stuck_columns("15P", room=("GamblingHouse#1", "Bugs")),
    )
    state, events = begin_turn(state)
    assert of_type(events, TurnEnded) == [TurnEnded(AL, forced=True)]
    assert awaiting(state) is Awaiting.ACTION
    assert state.turn.player == BUGS

    state, events = run(state, PlayGangster(BUGS, gangsters("15P")[0], tiles("GamblingHouse#1")[0]))
    assert [type(e) for e in events[:2]] == [GangsterPlayed, TurnEnded]
    ends = of_type(events, TurnEnded)
    # Bugs acted; the next four turns are not yet a whole round without action.
    assert [e.player for e in ends] == [BUGS, CAPONE, DUTCH, EDDIE, AL, BUGS]
    assert all(e.forced for e in ends)
    assert events[-1] == GameBlocked()
    assert events.index(GameBlocked()) > events.index(ends[-1])
    assert state.victory is Victory.BLOCKED
    assert state.winner is None


# ------------------------------------------------------------------ no progress


@pytest.mark.rule("R-8.7")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_limit_is_the_number_of_rounds_the_specification_states(
    players: int, spec: Specification
) -> None:
    statement = " ".join(spec.rule("R-8.7").statement.split())
    assert stall_limit(players) == STALL_ROUNDS * players
    assert f"If {STALL_ROUNDS} rounds of turns" in statement
    assert f"({stall_limit(2)} with two players, {stall_limit(6)} with six)" in statement


@pytest.mark.rule("R-8.7")
def test_a_game_without_a_business_won_for_fifty_rounds_ends_without_a_winner() -> None:
    limit = stall_limit(2)
    state = build(turn="Bugs", phase=TurnPhase.ENDED, hands={"Al": "9G"})
    state = attrs.evolve(state, stalled_turns=limit)
    state, events = begin_turn(state)
    assert events == [GameStalled(limit)]
    assert state.winner is None
    assert state.victory is Victory.STALLED
    assert state.turn.player == BUGS  # no turn started
    assert_over(state)


@pytest.mark.rule("R-8.7")
def test_the_game_goes_on_one_turn_before_the_limit() -> None:
    limit = stall_limit(2)
    state = build(turn="Bugs", phase=TurnPhase.ENDED, hands={"Al": "9G"})
    state = attrs.evolve(state, stalled_turns=limit - 1)
    state, events = begin_turn(state)
    assert not of_type(events, GameStalled)
    assert events[0] == TurnStarted(AL, state.turn.number, 3)
    assert not state.is_over
    assert state.stalled_turns == limit - 1


@pytest.mark.rule("R-8.7")
def test_every_turn_that_ends_counts_and_the_limit_ends_the_game() -> None:
    limit = stall_limit(2)
    options = RuleOptions(optional_actions=True)
    state = build(turn="Bugs", phase=TurnPhase.ENDED, hands={"Al": "9G"}, options=options)
    state = attrs.evolve(state, stalled_turns=limit - 2)
    state, events = begin_turn(state)
    state, events = run(state, EndTurn(AL))
    assert of_type(events, TurnEnded) == [TurnEnded(AL, forced=False)]
    assert state.stalled_turns == limit - 1
    assert of_type(events, TurnStarted) == [TurnStarted(BUGS, state.turn.number, 3)]
    state, events = run(state, EndTurn(BUGS))
    assert events[-1] == GameStalled(limit)
    assert state.stalled_turns == limit
    assert state.victory is Victory.STALLED
    assert_over(state)


@pytest.mark.rule("R-8.7")
def test_winning_a_business_starts_the_count_again() -> None:
    state = attrs.evolve(
        build(
            turn="Bugs",
            phase=TurnPhase.ENDED,
            businesses={"Speakeasy#1": {"Al": WINNING, "Bugs": LOSING}},
            markers={("Speakeasy#1", "Al"): 0},
            options=RuleOptions(optional_actions=True),
        ),
        stalled_turns=stall_limit(2) - 1,
    )
    state, events = begin_turn(state)
    assert of_type(events, ShootoutWon)
    assert state.stalled_turns == 0
    assert not state.is_over
    # The turn in which the business was won is the first of the new count.
    tile = sorted(state.tile_pile, key=str)[0]
    state, events = run(state, RevealTile(tile), EndTurn(AL))
    assert of_type(events, TurnEnded) == [TurnEnded(AL, forced=False)]
    assert state.stalled_turns == 1


@pytest.mark.rule("R-8.7", "R-6.7.6")
def test_a_voided_shootout_does_not_start_the_count_again() -> None:
    options = RuleOptions(optional_reinforcement=True)
    state = build(
        turn="Bugs",
        phase=TurnPhase.ENDED,
        businesses={"Speakeasy#1": {"Al": "2R 3Y 4G 5B 6P", "Bugs": "2Y 3G 4B 5P 6R"}},
        markers={("Speakeasy#1", "Al"): 0},
        options=options,
        reachable=False,
    )
    state = attrs.evolve(state, stalled_turns=7)
    state, _ = begin_turn(state)
    state, events = run(state, DeclineReinforcement(AL), DeclineReinforcement(BUGS))
    assert of_type(events, ShootoutVoided)
    assert state.stalled_turns == 7
    assert not state.is_over


@pytest.mark.rule("R-8.7", "R-8.6")
def test_a_game_blocked_when_the_limit_is_reached_ends_as_blocked() -> None:
    state = build(turn="Bugs", phase=TurnPhase.ENDED)
    state = attrs.evolve(state, stalled_turns=stall_limit(2), idle_turns=2)
    state, events = begin_turn(state)
    assert events == [GameBlocked()]
    assert state.victory is Victory.BLOCKED


# ------------------------------------------------------------------ tactical variant


@pytest.mark.rule("R-9.1")
def test_a_tactical_game_is_dealt_from_the_75_gangster_cards_only() -> None:
    state = Game.new(NAMES[:3], TACTICAL, seed=5).state
    in_game = set(state.draw_pile).union(*(p.hand for p in state.players))
    assert len(in_game) == 75
    assert all(isinstance(card, GangsterCard) for card in in_game)
    assert in_game == set(tactical_deck())


@pytest.mark.rule("R-9.1")
def test_a_standard_game_is_dealt_from_81_cards_with_the_special_cards() -> None:
    state = Game.new(NAMES[:3], seed=5).state
    in_game = set(state.draw_pile).union(*(p.hand for p in state.players))
    assert in_game == set(full_deck())
    assert sum(isinstance(card, SpecialCard) for card in in_game) == 6


def deal(options: RuleOptions, al: str) -> StartGame:
    """A two-player set-up in which Al is dealt ``al``."""
    return StartGame(
        NAMES[:2],
        (cards(al), cards("1Y 2Y 3Y 4Y 5Y")),
        tiles("Speakeasy#1 JazzClub#1"),
        0,
        options,
    )


def run_start(command: StartGame) -> GameState:
    """Start a game from ``command``."""
    return Game(command).state


@pytest.mark.rule("R-9.1")
def test_a_tactical_game_rejects_a_special_card_in_a_dealt_hand() -> None:
    with pytest.raises(IllegalCommand) as error:
        run_start(deal(TACTICAL, "1R 2R 3R 4R Revolver"))
    assert error.value.rule == "R-9.1"
    run_start(deal(RuleOptions(), "1R 2R 3R 4R Revolver"))


@pytest.mark.rule("R-9.1")
def test_a_tactical_game_draws_only_gangster_cards() -> None:
    game = Game.new(NAMES[:2], TACTICAL, seed=11)
    for _ in range(30):
        draw = DrawCard(game.state.turn.player)
        game.execute(draw if draw in game.legal_commands() else game.legal_commands()[0])
    for player in game.state.players:
        assert all(isinstance(card, GangsterCard) for card in player.hand)


# ------------------------------------------------------------------


@pytest.mark.rule("R-1.5")
def test_there_is_always_a_marker_for_a_fifth_card_even_with_four_on_the_table() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=11G
        player Bugs
        player Capone
        turn seat=0 number=10
        business Speakeasy#1 - 1R,2R,3R,4R,6R@0 1Y,2Y,3Y,4Y,6Y@2
        business JazzClub#1 7R,8R,9R,10R 1G,2G,3G,4G,6G@1 1B,2B,3B,4B,6B@3
        """
    )
    jazz_club = tiles("JazzClub#1")[0]
    state, events = run(state, PlayGangster(AL, gangsters("11G")[0], jazz_club))
    assert events[-1] == MarkerPlaced(AL, jazz_club, 4)
    business = state.business(jazz_club)
    assert business is not None
    assert [c.marker for c in business.columns] == [4, 1, 3]


@pytest.mark.rule("R-1.7")
def test_players_are_seats_0_to_n_minus_1_and_turns_go_clockwise() -> None:
    state = build(SIX, turn="Frank", phase=TurnPhase.ENDED)
    state, events = begin_turn(state)
    assert events[0] == TurnStarted(0, 11, 3)
    assert [p.name for p in state.players] == list(SIX)


@pytest.mark.rule("R-1.7")
@pytest.mark.parametrize("count", [2, 4, 6])
def test_every_business_has_one_side_per_player(count: int) -> None:
    state = Game.new(SIX[:count], seed=count).state
    assert state.businesses
    assert all(len(b.columns) == count for b in state.businesses)


@pytest.mark.rule("R-1.7")
def test_there_are_at_most_six_players() -> None:
    with pytest.raises(IllegalCommand) as error:
        Game.new([*SIX, "Gyp"], seed=1)
    assert error.value.rule == "R-2.1"
