"""Rule tests for playing gangster cards (R-4): where a card goes, which way up, what the state
shows of it, the five-card limit, and the shootout marker that a fifth card brings."""

from __future__ import annotations

import pytest

from chicago_poker.core.cards import BusinessKind, BusinessTile, Face
from chicago_poker.core.commands import (
    DealCard,
    DrawCard,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    RevealTile,
)
from chicago_poker.core.events import (
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    MarkerPlaced,
    PoliceRaidPlayed,
    ShootoutStarted,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.legal import legal_commands
from chicago_poker.formats.notation import parse_position
from scenarios import (
    AL,
    BUGS,
    CAPONE,
    begin_turn,
    build,
    business_of,
    cards,
    gangster,
    gangsters,
    rejected,
    run,
    tiles,
)

SPEAKEASY, JAZZ_CLUB, BREWERY, GAMBLING_HOUSE = tiles(
    "Speakeasy#1 JazzClub#1 Brewery#1 GamblingHouse#1"
)
UP, DOWN = Face.UP, Face.DOWN
FIRST_FOUR = ("", "1R", "1R 2R", "1R 2R 3R", "1R 2R 3R 4R")
"""Al's cards already at the business before he plays his card at position 1 to 5."""


def play(seat: int, text: str, tile: BusinessTile) -> PlayGangster:
    return PlayGangster(seat, gangster(text), tile)


# --- where a gangster card goes ----------------------------------------------------


@pytest.mark.rule("R-4.1")
def test_a_gangster_card_goes_to_the_end_of_the_players_column() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs
        turn seat=0 number=10
        business Brewery#1 3R,7G 1P
        """
    )
    state, events = run(state, play(AL, "9B", BREWERY))
    assert events[0] == GangsterPlayed(AL, gangster("9B"), BREWERY)
    business = business_of(state, BREWERY)
    assert business.columns[AL].cards == gangsters("3R 7G 9B")
    assert business.columns[AL].cards[-1] == gangster("9B")
    assert business.columns[BUGS].cards == gangsters("1P")
    assert gangster("9B") not in state.players[AL].hand


@pytest.mark.rule("R-4.1")
def test_a_column_keeps_the_order_in_which_cards_were_played() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=2G,5R,9B
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        business JazzClub#1 - -
        """
    )
    state, _ = run(
        state, play(AL, "9B", BREWERY), play(AL, "2G", JAZZ_CLUB), play(AL, "5R", BREWERY)
    )
    assert business_of(state, BREWERY).columns[AL].cards == gangsters("9B 5R")
    assert business_of(state, JAZZ_CLUB).columns[AL].cards == gangsters("2G")


@pytest.mark.rule("R-4.1", "R-5.2.2")
def test_the_last_card_of_a_column_is_the_one_placed_most_recently() -> None:
    # Al plays 9B after 3R and 7G as his last action; Bugs's Liquidation then takes 9B.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs hand=4G,Liquidation
        turn seat=0 number=10 taken=2
        business Brewery#1 3R,7G -
        """
    )
    state, _ = run(state, play(AL, "9B", BREWERY))
    assert state.turn.player == BUGS
    state, events = run(state, PlayLiquidation(BUGS, BREWERY, AL))
    assert LiquidationPlayed(BUGS, BREWERY, AL, gangster("9B")) in events
    assert business_of(state, BREWERY).columns[AL].cards == gangsters("3R 7G")


@pytest.mark.rule("R-4.1")
def test_a_card_cannot_be_played_at_a_tile_still_in_the_tile_pile() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    error = rejected(state, play(AL, "9B", SPEAKEASY))
    assert error.rule == "R-4.1"


@pytest.mark.rule("R-4.1")
def test_a_card_cannot_be_played_at_a_business_already_won() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs controls=Speakeasy#1
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    error = rejected(state, play(AL, "9B", SPEAKEASY))
    assert error.rule == "R-4.1"


@pytest.mark.rule("R-4.1")
def test_legal_plays_are_at_the_face_up_businesses_only() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs controls=Speakeasy#1
        turn seat=0 number=10
        business Brewery#1 - -
        business JazzClub#1 - -
        """
    )
    places = {c.business for c in legal_commands(state) if isinstance(c, PlayGangster)}
    assert places == {BREWERY, JAZZ_CLUB}


# --- face up or face down by position ----------------------------------------------

SPEAKEASY_PATTERN = (DOWN, DOWN, UP, UP, UP)
JAZZ_CLUB_PATTERN = (UP, UP, UP, DOWN, DOWN)
BREWERY_PATTERN = (UP, UP, UP, UP, UP)
GAMBLING_HOUSE_PATTERN = (UP, DOWN, UP, DOWN, UP)
PATTERNS = [
    pytest.param("Speakeasy#1", SPEAKEASY_PATTERN, marks=pytest.mark.rule("R-4.2", "R-4.2.1")),
    pytest.param("JazzClub#1", JAZZ_CLUB_PATTERN, marks=pytest.mark.rule("R-4.2", "R-4.2.2")),
    pytest.param("Brewery#1", BREWERY_PATTERN, marks=pytest.mark.rule("R-4.2", "R-4.2.3")),
    pytest.param(
        "GamblingHouse#1", GAMBLING_HOUSE_PATTERN, marks=pytest.mark.rule("R-4.2", "R-4.2.4")
    ),
]


@pytest.mark.parametrize(("tile", "pattern"), PATTERNS)
def test_a_card_played_at_each_position_lies_as_the_business_requires(
    tile: str, pattern: tuple[Face, ...]
) -> None:
    # For each position 1 to 5: Al has the cards before it there and plays one more.
    business_tile = tiles(tile)[0]
    for position, face in enumerate(pattern, start=1):
        before = FIRST_FOUR[position - 1]
        state = build(hands={"Al": "15P 14P"}, businesses={tile: {"Al": before}})
        state, _ = run(state, play(AL, "15P", business_tile))
        business = business_of(state, business_tile)
        assert business.columns[AL].cards[position - 1] == gangster("15P")
        assert business.face(position - 1) is face, position
        assert (gangster("15P") in business.face_down_cards(AL)) is (face is DOWN), position


@pytest.mark.parametrize(("tile", "pattern"), PATTERNS)
def test_five_cards_played_one_by_one_lie_in_the_pattern_of_the_business(
    tile: str, pattern: tuple[Face, ...]
) -> None:
    # Al plays 1R..3R in one turn, Bugs draws three cards, then Al plays 4R and 5R.
    business_tile = tiles(tile)[0]
    state = build(
        hands={"Al": "1R 2R 3R 4R 5R"},
        businesses={tile: {}},
        draw="1G 2G 3G 6R 7R",
        reachable=False,
    )
    for text in ("1R", "2R", "3R"):
        state, _ = run(state, play(AL, text, business_tile))
    assert state.turn.player == BUGS
    for text in ("1G", "2G", "3G"):
        state, _ = run(state, DrawCard(BUGS), DealCard(cards(text)[0]))
    assert state.turn.player == AL
    for text in ("4R", "5R"):
        state, _ = run(state, play(AL, text, business_tile))
    business = business_of(state, business_tile)
    played = gangsters("1R 2R 3R 4R 5R")
    assert business.columns[AL].cards == played
    assert tuple(business.face(index) for index in range(5)) == pattern
    assert business.face_down_cards(AL) == tuple(
        card for card, face in zip(played, pattern, strict=True) if face is DOWN
    )


@pytest.mark.rule("R-4.2")
def test_the_face_is_not_a_choice_of_the_player() -> None:
    # A play names only the card and the business; each is offered exactly once.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=3R,9B
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    plays = [c for c in legal_commands(state) if isinstance(c, PlayGangster)]
    assert len(plays) == len(set(plays)) == 4
    assert {(c.card, c.business) for c in plays} == {
        (card, tile) for card in gangsters("9B 3R") for tile in (SPEAKEASY, JAZZ_CLUB)
    }


@pytest.mark.rule("R-4.2")
def test_each_player_s_column_follows_the_pattern_from_its_own_first_card() -> None:
    # Bugs already has three cards at the speakeasy; Al's first card there still lies face
    # down, and Bugs's fourth lies face up.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs hand=8G
        turn seat=0 number=10
        business Speakeasy#1 - 1G,2G,3G
        """
    )
    state, _ = run(state, play(AL, "9B", SPEAKEASY))
    business = business_of(state, SPEAKEASY)
    assert business.face_down_cards(AL) == gangsters("9B")
    assert business.face_down_cards(BUGS) == gangsters("1G 2G")


@pytest.mark.rule("R-4.2")
def test_every_kind_has_a_five_position_pattern() -> None:
    assert {kind: kind.pattern for kind in BusinessKind} == {
        BusinessKind.SPEAKEASY: SPEAKEASY_PATTERN,
        BusinessKind.JAZZ_CLUB: JAZZ_CLUB_PATTERN,
        BusinessKind.BREWERY: BREWERY_PATTERN,
        BusinessKind.GAMBLING_HOUSE: GAMBLING_HOUSE_PATTERN,
    }


# --- what is known of the cards at a business ----------------------------
# Player views come in a later issue. These tests check what the engine's state and events
# expose, from which views will be built; they do not check what a player is shown.


@pytest.mark.rule("R-4.3")
def test_the_state_keeps_which_face_down_cards_are_the_owners() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=3R,9B
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - -
        """
    )
    state, events = run(state, play(AL, "9B", SPEAKEASY), play(AL, "3R", SPEAKEASY))
    assert GangsterPlayed(AL, gangster("9B"), SPEAKEASY) in events
    assert business_of(state, SPEAKEASY).face_down_cards(AL) == gangsters("9B 3R")


@pytest.mark.rule("R-4.3")
def test_the_owners_face_down_cards_stay_known_through_later_turns() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs hand=1G,2G,3G
        turn seat=0 number=10 taken=2
        business GamblingHouse#1 4R -
        business Brewery#1 - -
        """
    )
    state, _ = run(state, play(AL, "9B", GAMBLING_HOUSE))
    state, _ = run(
        state, play(BUGS, "1G", BREWERY), play(BUGS, "2G", BREWERY), play(BUGS, "3G", BREWERY)
    )
    assert state.turn.player == AL
    assert business_of(state, GAMBLING_HOUSE).face_down_cards(AL) == gangsters("9B")


@pytest.mark.rule("R-4.4")
def test_the_number_of_cards_of_each_player_at_a_business_is_in_the_state() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        player Capone
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R - 4P
        """
    )
    business = business_of(state, SPEAKEASY)
    assert [len(column.cards) for column in business.columns] == [3, 0, 1]


@pytest.mark.rule("R-4.4")
def test_the_face_up_cards_at_a_business_are_those_outside_face_down_cards() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        turn seat=0 number=10
        business JazzClub#1 1R,2R,3R,4R -
        business Speakeasy#1 5G,6G,7G -
        """
    )
    jazz = business_of(state, JAZZ_CLUB)
    speakeasy = business_of(state, SPEAKEASY)
    face_up_jazz = [c for c in jazz.columns[AL].cards if c not in jazz.face_down_cards(AL)]
    face_up_speakeasy = [
        c for c in speakeasy.columns[AL].cards if c not in speakeasy.face_down_cards(AL)
    ]
    assert face_up_jazz == list(gangsters("1R 2R 3R"))
    assert face_up_speakeasy == list(gangsters("7G"))


@pytest.mark.rule("R-4.4", "R-5.3")
def test_a_police_raid_lets_only_the_raider_know_the_face_down_cards() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,PoliceRaid1
        player Bugs
        player Capone
        turn seat=0 number=10
        business Speakeasy#1 - 4G,5G,6G -
        """
    )
    state, events = run(state, PlayPoliceRaid(AL, SPEAKEASY, BUGS))
    assert PoliceRaidPlayed(AL, 1, SPEAKEASY, BUGS, gangsters("4G 5G")) in events
    assert state.players[AL].seen == {(SPEAKEASY, BUGS, c) for c in gangsters("4G 5G")}
    assert state.players[BUGS].seen == frozenset()
    assert state.players[CAPONE].seen == frozenset()


@pytest.mark.rule("R-4.4", "R-6.3")
def test_face_down_cards_are_revealed_at_the_shootout() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs hand=9G
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 1R,2R,3R,4R,5R@0 1G,2G
        """
    )
    _, events = begin_turn(state)
    assert (
        ShootoutStarted(
            SPEAKEASY, AL, ((AL, gangsters("1R 2R 3R 4R 5R")), (BUGS, gangsters("1G 2G")))
        )
        in events
    )


# --- five-card limit ---------------------------------------------------------------


@pytest.mark.rule("R-4.5")
def test_a_sixth_card_at_a_business_is_rejected_naming_player_and_business() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs
        turn seat=0 number=10 taken=1
        business Brewery#1 1R,2R,3R,4R,5R@0 -
        business JazzClub#1 - -
        """
    )
    error = rejected(state, play(AL, "9B", BREWERY))
    assert error.rule == "R-4.5"
    assert "Al" in error.message
    assert "Brewery #1" in error.message
    places = {c.business for c in legal_commands(state) if isinstance(c, PlayGangster)}
    assert places == {JAZZ_CLUB}


@pytest.mark.rule("R-4.5")
def test_a_fifth_card_is_allowed() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs
        turn seat=0 number=10
        business Brewery#1 1R,2R,3R,4R -
        """
    )
    state, _ = run(state, play(AL, "9B", BREWERY))
    assert len(business_of(state, BREWERY).columns[AL].cards) == 5


@pytest.mark.rule("R-4.5", "R-5.4.1")
def test_no_card_may_be_moved_where_it_would_make_a_sixth() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B,Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R -
        business JazzClub#1 5G,6G -
        """
    )
    error = rejected(state, PlayLimousine(AL, JAZZ_CLUB, SPEAKEASY, gangsters("5G 6G")))
    assert error.rule == "R-4.5"
    moves = [c for c in legal_commands(state) if isinstance(c, PlayLimousine)]
    assert all(len(c.cards) == 1 for c in moves if c.destination == SPEAKEASY)
    state, events = run(state, PlayLimousine(AL, JAZZ_CLUB, SPEAKEASY, gangsters("6G")))
    assert LimousinePlayed(AL, JAZZ_CLUB, SPEAKEASY, gangsters("6G")) in events
    assert len(business_of(state, SPEAKEASY).columns[AL].cards) == 5


# --- a fifth card brings a shootout marker -----------------------------------------


@pytest.mark.rule("R-4.6")
def test_a_fifth_card_places_a_marker_on_the_column_at_once() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=8B,9B
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R -
        """
    )
    state, events = run(state, play(AL, "9B", SPEAKEASY))
    assert events == [GangsterPlayed(AL, gangster("9B"), SPEAKEASY), MarkerPlaced(AL, SPEAKEASY, 0)]
    assert business_of(state, SPEAKEASY).columns[AL].marker == 0


@pytest.mark.rule("R-4.6")
def test_a_fourth_card_places_no_marker() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=8B,9B
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R -
        """
    )
    state, events = run(state, play(AL, "9B", SPEAKEASY))
    assert not any(isinstance(event, MarkerPlaced) for event in events)
    assert business_of(state, SPEAKEASY).columns[AL].marker is None


@pytest.mark.rule("R-4.6")
def test_placing_the_marker_is_not_an_action() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=7B,8B,9B
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R -
        business Brewery#1 - -
        """
    )
    state, _ = run(state, play(AL, "9B", SPEAKEASY))
    assert state.turn.actions_taken == 1
    assert state.turn.actions_left == 2
    state, events = run(state, play(AL, "8B", BREWERY))
    assert state.turn.player == AL
    assert not any(isinstance(event, TurnEnded) for event in events)


@pytest.mark.rule("R-4.6")
def test_the_marker_stays_and_the_shootout_is_due_at_the_players_next_turn() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9B
        player Bugs hand=1G,2G,3G
        turn seat=0 number=10 taken=2
        business Speakeasy#1 1R,2R,3R,4R -
        business Brewery#1 - -
        """
    )
    state, events = run(state, play(AL, "9B", SPEAKEASY))
    assert MarkerPlaced(AL, SPEAKEASY, 0) in events
    assert TurnStarted(BUGS, 11, 3) in events
    assert not any(isinstance(event, ShootoutStarted) for event in events)
    state, _ = run(state, play(BUGS, "1G", BREWERY), play(BUGS, "2G", BREWERY))
    assert business_of(state, SPEAKEASY).columns[AL].marker == 0
    state, events = run(state, play(BUGS, "3G", BREWERY))
    kinds = [type(event) for event in events]
    assert kinds[1:4] == [TurnEnded, TurnStarted, ShootoutStarted]
    started = events[3]
    assert isinstance(started, ShootoutStarted)
    assert (started.business, started.owner) == (SPEAKEASY, AL)


@pytest.mark.rule("R-4.6")
def test_markers_are_numbered_in_the_order_they_are_placed() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=8B,9B
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R -
        business JazzClub#1 1G,2G,3G,4G -
        """
    )
    state, events = run(state, play(AL, "9B", JAZZ_CLUB), play(AL, "8B", SPEAKEASY))
    markers = [event for event in events if isinstance(event, MarkerPlaced)]
    assert markers == [MarkerPlaced(AL, JAZZ_CLUB, 0), MarkerPlaced(AL, SPEAKEASY, 1)]


@pytest.mark.rule("R-4.6", "R-5.2.3")
def test_the_marked_column_keeps_its_cards_until_the_shootout() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs hand=1G,Liquidation
        turn seat=1 number=10
        business Speakeasy#1 1R,2R,3R,4R,5R@0 -
        business Brewery#1 - -
        """
    )
    assert rejected(state, PlayLiquidation(BUGS, SPEAKEASY, AL)).rule == "R-5.2.3"
    assert not any(isinstance(c, PlayLiquidation) for c in legal_commands(state))


# --- play goes on at a marked business ---------------------------------------------


@pytest.mark.rule("R-4.7")
def test_others_may_still_play_at_a_business_with_a_marker() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs hand=8G,9G
        turn seat=1 number=10
        business Speakeasy#1 1R,2R,3R,4R,5R@0 1G
        """
    )
    assert play(BUGS, "9G", SPEAKEASY) in legal_commands(state)
    state, events = run(state, play(BUGS, "9G", SPEAKEASY))
    assert events == [GangsterPlayed(BUGS, gangster("9G"), SPEAKEASY)]
    assert business_of(state, SPEAKEASY).columns[BUGS].cards == gangsters("1G 9G")


@pytest.mark.rule("R-4.7", "R-4.6")
def test_another_player_may_complete_five_cards_and_get_a_second_marker() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs hand=8G,9G
        turn seat=1 number=10
        business Speakeasy#1 1R,2R,3R,4R,5R@0 1G,2G,3G,4G
        """
    )
    state, events = run(state, play(BUGS, "9G", SPEAKEASY))
    assert MarkerPlaced(BUGS, SPEAKEASY, 1) in events
    business = business_of(state, SPEAKEASY)
    assert (business.columns[AL].marker, business.columns[BUGS].marker) == (0, 1)


@pytest.mark.rule("R-4.7")
def test_a_third_player_may_also_play_there_while_two_markers_wait() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        player Capone hand=8P,9P
        turn seat=2 number=10
        business Speakeasy#1 1R,2R,3R,4R,5R@0 1G,2G,3G,4G,5G@1 1P
        """
    )
    state, events = run(state, play(CAPONE, "9P", SPEAKEASY))
    assert GangsterPlayed(CAPONE, gangster("9P"), SPEAKEASY) in events
    assert business_of(state, SPEAKEASY).columns[CAPONE].cards == gangsters("1P 9P")


@pytest.mark.rule("R-4.7", "R-4.6")
def test_the_first_shootout_at_a_business_with_two_markers_settles_it_for_both() -> None:
    # Al's marker came first. His shootout, at the start of his turn, includes Bugs's five
    # cards; it settles the business and removes Bugs's marker too (D-26): Bugs's next turn
    # starts without a shootout.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=7B,8B,9B
        player Bugs hand=7P
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 1R,2R,3R,4R,5R@0 1G,2G,3G,4G,9G@1
        business Brewery#1 - -
        """
    )
    state, events = begin_turn(state)
    assert (
        ShootoutStarted(
            SPEAKEASY, AL, ((AL, gangsters("1R 2R 3R 4R 5R")), (BUGS, gangsters("1G 2G 3G 4G 9G")))
        )
        in events
    )
    assert state.business(SPEAKEASY) is None
    state, _ = run(state, RevealTile(tiles("JazzClub#3")[0]))
    state, events = run(
        state, play(AL, "7B", BREWERY), play(AL, "8B", BREWERY), play(AL, "9B", BREWERY)
    )
    assert TurnStarted(BUGS, 12, 3) in events
    assert not any(isinstance(event, ShootoutStarted) for event in events)
    assert all(column.marker is None for b in state.businesses for column in b.columns)
