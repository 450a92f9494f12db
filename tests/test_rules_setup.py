"""Rule tests for the set-up (R-2): players, bosses, the deal, the face-up businesses, markers, and
the first player, through StartGame, decide/step and Game."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessTile,
    Card,
    GangsterCard,
    SpecialCard,
    full_deck,
    tactical_deck,
)
from chicago_poker.core.commands import DealCard, DrawCard, PlayGangster, StartGame
from chicago_poker.core.decide import decide, step
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.events import (
    ActionPhaseStarted,
    CardDrawn,
    DrawRequested,
    GameStarted,
    GangsterPlayed,
    MarkerPlaced,
    TurnStarted,
)
from chicago_poker.core.legal import Awaiting, awaiting
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.game import Game
from scenarios import NAMES, build, cards, gangsters, run, tiles

SEATED = (*NAMES, "Gus")
"""The seat names, and a seventh for a table with one player too many (R-2.1)."""
FACE_UP = {2: 2, 3: 2, 4: 3, 5: 4, 6: 4}


def deal(count: int, deck: Sequence[Card] | None = None) -> tuple[tuple[Card, ...], ...]:
    """Five distinct cards for each of ``count`` seats, from the top of ``deck``."""
    deck = full_deck() if deck is None else deck
    return tuple(tuple(deck[seat * 5 : seat * 5 + 5]) for seat in range(count))


def start(
    count: int,
    *,
    hands: Sequence[Sequence[Card]] | None = None,
    businesses: Sequence[BusinessTile] | None = None,
    first_player: int = 0,
    options: RuleOptions | None = None,
) -> StartGame:
    """A StartGame for the first ``count`` names, valid unless a part is given."""
    return StartGame(
        players=SEATED[:count],
        hands=deal(count) if hands is None else tuple(tuple(hand) for hand in hands),
        businesses=BUSINESS_TILES[: FACE_UP.get(count, 2)]
        if businesses is None
        else tuple(businesses),
        first_player=first_player,
        options=options or RuleOptions(),
    )


def gangsters_in(hand: frozenset[Card]) -> list[GangsterCard]:
    return [card for card in hand if isinstance(card, GangsterCard)]


def started(command: StartGame) -> GameState:
    state, _ = step(None, command)
    return state


# --- number of players -------------------------------------------------------------


@pytest.mark.rule("R-2.1")
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_a_game_of_2_to_6_players_can_be_set_up(count: int) -> None:
    events = decide(None, start(count))
    assert isinstance(events[0], GameStarted)
    assert events[0].players == SEATED[:count]


@pytest.mark.rule("R-2.1")
@pytest.mark.parametrize("count", [0, 1, 7])
def test_fewer_than_2_or_more_than_6_players_are_rejected(count: int) -> None:
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(count))
    assert error.value.rule == "R-2.1"


@pytest.mark.rule("R-2.1")
@pytest.mark.parametrize("count", [1, 7])
def test_the_game_facade_rejects_a_wrong_number_of_players(count: int) -> None:
    with pytest.raises(IllegalCommand) as error:
        Game.new(SEATED[:count], seed=3)
    assert error.value.rule == "R-2.1"


@pytest.mark.rule("R-2.1")
def test_a_game_cannot_be_set_up_twice() -> None:
    state = started(start(2))
    with pytest.raises(IllegalCommand) as error:
        decide(state, start(2))
    assert error.value.rule == "R-2.1"


# --- bosses ------------------------------------------------------------------------


@pytest.mark.rule("R-2.2")
def test_players_are_named_freely() -> None:
    names = ("Alphonse Capone", "Dion O'Banion", "Łucja")
    command = StartGame(names, deal(3), BUSINESS_TILES[:2], 0, RuleOptions())
    state = started(command)
    assert tuple(player.name for player in state.players) == names


@pytest.mark.rule("R-2.2")
@pytest.mark.parametrize("names", [("Al", "Bugs", "Al"), ("Al", "Bugs", " Bugs ")])
def test_two_players_may_not_share_a_name(names: tuple[str, ...]) -> None:
    # One boss per player, and the name is how findings and views tell the bosses apart.
    with pytest.raises(IllegalCommand, match="Two players are named") as error:
        decide(None, StartGame(names, deal(3), BUSINESS_TILES[:2], 0, RuleOptions()))
    assert error.value.rule == "R-2.2"


@pytest.mark.rule("R-2.2")
@pytest.mark.parametrize("count", [2, 4, 6])
def test_every_business_has_one_side_per_player(count: int) -> None:
    state = started(start(count))
    assert all(len(business.columns) == count for business in state.businesses)
    assert all(not column.cards for b in state.businesses for column in b.columns)


@pytest.mark.rule("R-2.2")
def test_a_players_cards_go_to_their_own_side_of_a_business() -> None:
    tile = tiles("Speakeasy#1")[0]
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs hand=3G,9R
        player Capone
        turn seat=1 number=10
        business Speakeasy#1 - - -
        """
    )
    state, events = run(state, PlayGangster(1, gangsters("9R")[0], tile))
    assert GangsterPlayed(1, gangsters("9R")[0], tile) in events
    business = state.business(tile)
    assert business is not None
    assert business.columns[1].cards == gangsters("9R")
    assert business.columns[0].cards == () == business.columns[2].cards


# --- the deal ----------------------------------------------------------------------


@pytest.mark.rule("R-2.3")
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_each_player_starts_with_the_five_cards_dealt(count: int) -> None:
    hands = deal(count)
    state = started(start(count, hands=hands))
    for seat, hand in enumerate(hands):
        assert state.players[seat].hand == frozenset(hand)
        assert len(state.players[seat].hand) == 5


@pytest.mark.rule("R-2.3")
@pytest.mark.parametrize("count", [2, 6])
def test_the_undealt_cards_form_the_draw_deck(count: int) -> None:
    hands = deal(count)
    state = started(start(count, hands=hands))
    dealt = {card for hand in hands for card in hand}
    assert state.draw_pile == frozenset(full_deck()) - dealt
    assert len(state.draw_pile) == 81 - 5 * count
    assert state.discard_pile == frozenset()


@pytest.mark.rule("R-2.3", "R-9.1")
def test_the_tactical_deck_has_75_cards_to_deal_from() -> None:
    options = RuleOptions(tactical=True)
    hands = deal(2, tactical_deck())
    state = started(start(2, hands=hands, options=options))
    assert len(state.draw_pile) == 75 - 10
    assert not any(isinstance(card, SpecialCard) for card in state.draw_pile)


@pytest.mark.rule("R-2.3")
@pytest.mark.parametrize("size", [0, 4, 6])
def test_a_hand_of_other_than_five_cards_is_rejected(size: int) -> None:
    deck = full_deck()
    hands = (tuple(deck[:size]), tuple(deck[10:15]))
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(2, hands=hands))
    assert error.value.rule == "R-2.3"


@pytest.mark.rule("R-2.3")
def test_a_card_dealt_twice_is_rejected() -> None:
    hands = (cards("1R 2R 3R 4R 5R"), cards("5R 6R 7R 8R 9R"))
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(2, hands=hands))
    assert error.value.rule == "R-2.3"


@pytest.mark.rule("R-2.3")
def test_a_card_repeated_within_one_hand_is_rejected() -> None:
    hands = (cards("1R 2R 3R 4R 4R"), cards("5R 6R 7R 8R 9R"))
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(2, hands=hands))
    assert error.value.rule == "R-2.3"


@pytest.mark.rule("R-2.3")
def test_a_deal_for_a_different_number_of_players_is_rejected() -> None:
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(3, hands=deal(2)))
    assert error.value.rule == "R-2.3"


@pytest.mark.rule("R-2.3", "R-9.1")
def test_a_special_card_cannot_be_dealt_in_the_tactical_variant() -> None:
    hands = (cards("1R 2R 3R 4R Revolver"), cards("5R 6R 7R 8R 9R"))
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(2, hands=hands, options=RuleOptions(tactical=True)))
    assert error.value.rule == "R-9.1"


@pytest.mark.rule("R-2.3")
def test_special_cards_can_be_dealt_in_the_standard_game() -> None:
    hands = (cards("1R 2R 3R 4R Revolver"), cards("5R 6R 7R 8R PoliceRaid2"))
    state = started(start(2, hands=hands))
    assert set(cards("Revolver")) <= state.players[0].hand
    assert set(cards("PoliceRaid2")) <= state.players[1].hand


@pytest.mark.rule("R-2.3")
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_the_seeded_dealer_deals_five_distinct_cards_each(count: int) -> None:
    game = Game.new(NAMES[:count], seed=count)
    hands = [player.hand for player in game.state.players]
    assert all(len(hand) == 5 for hand in hands)
    dealt = frozenset().union(*hands)
    assert len(dealt) == 5 * count
    assert dealt.isdisjoint(game.state.draw_pile)
    assert len(dealt) + len(game.state.draw_pile) == 81


# --- hands are secret --------------------------------------------------------------


@pytest.mark.rule("R-2.4", "R-3.6")
def test_the_public_draw_request_does_not_name_the_card() -> None:
    # Player views come later; this checks only that the event every player sees when a
    # draw is taken (DrawRequested) carries no card, while the card itself comes in
    # CardDrawn, addressed to the drawing player.
    state = build(hands={"Al": "9R"}, draw="3G 4G", reachable=False)
    state, events = run(state, DrawCard(0))
    assert events == [DrawRequested(0)]
    assert [field.name for field in attrs.fields(DrawRequested)] == ["player"]
    state, events = run(state, DealCard(cards("3G")[0]))
    assert events[0] == CardDrawn(0, cards("3G")[0])


@pytest.mark.rule("R-2.4")
def test_the_number_of_cards_in_each_hand_is_known() -> None:
    # What others may know: the size of each hand, which the state gives per player.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,10B,Revolver
        player Bugs hand=1G
        turn seat=0 number=10
        """
    )
    assert [len(player.hand) for player in state.players] == [3, 1]


# --- face-up businesses ------------------------------------------------------------


@pytest.mark.rule("R-2.5")
@pytest.mark.parametrize(("count", "face_up"), sorted(FACE_UP.items()))
def test_the_number_of_face_up_businesses_depends_on_the_players(count: int, face_up: int) -> None:
    shown = BUSINESS_TILES[-face_up:]
    state = started(start(count, businesses=shown))
    assert tuple(business.tile for business in state.businesses) == shown
    assert state.tile_pile == frozenset(BUSINESS_TILES) - frozenset(shown)
    assert len(state.tile_pile) == 20 - face_up


@pytest.mark.rule("R-2.5")
@pytest.mark.parametrize(("count", "face_up"), sorted(FACE_UP.items()))
def test_the_seeded_dealer_reveals_the_right_number_of_businesses(count: int, face_up: int) -> None:
    game = Game.new(NAMES[:count], seed=11 * count)
    assert len(game.state.businesses) == face_up
    assert len(game.state.tile_pile) == 20 - face_up


@pytest.mark.rule("R-2.5")
@pytest.mark.parametrize(
    ("count", "wrong"), [(2, 1), (2, 3), (3, 3), (4, 2), (4, 4), (5, 3), (6, 5), (6, 2)]
)
def test_a_wrong_number_of_face_up_businesses_is_rejected(count: int, wrong: int) -> None:
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(count, businesses=BUSINESS_TILES[:wrong]))
    assert error.value.rule == "R-2.5"


@pytest.mark.rule("R-2.5")
def test_the_same_tile_cannot_be_face_up_twice() -> None:
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(4, businesses=tiles("Speakeasy#1 Speakeasy#1 Brewery#2")))
    assert error.value.rule == "R-2.5"


# --- shootout markers --------------------------------------------------------------


@pytest.mark.rule("R-2.6", "R-4.6")
def test_a_fifth_card_gets_a_marker_even_beyond_the_markers_set_out() -> None:
    # Two players, two face-up businesses: two markers are set out. Bugs already has both;
    # Al's fifth card still gets a third one (D-5).
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,9G
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R 1G,2G,3G,4G,5G@0
        business JazzClub#1 - 1B,2B,3B,4B,5B@1
        """
    )
    speakeasy = tiles("Speakeasy#1")[0]
    state, events = run(state, PlayGangster(0, gangsters("9R")[0], speakeasy))
    assert MarkerPlaced(0, speakeasy, 2) in events
    business = state.business(speakeasy)
    assert business is not None
    assert business.columns[0].marker == 2


# --- first player ------------------------------------------------------------------


@pytest.mark.rule("R-2.7")
@pytest.mark.parametrize(("count", "first"), [(2, 0), (2, 1), (4, 2), (6, 5)])
def test_the_chosen_first_player_takes_the_first_turn(count: int, first: int) -> None:
    state, events = step(None, start(count, first_player=first))
    assert state.first_player == first
    assert events[1] == TurnStarted(first, 0, 1)
    assert events[2] == ActionPhaseStarted(first)
    assert state.turn.player == first
    assert awaiting(state) is Awaiting.ACTION


@pytest.mark.rule("R-2.7")
@pytest.mark.parametrize(("count", "first"), [(2, 2), (2, -1), (4, 4), (6, 6), (3, 99)])
def test_a_first_player_outside_the_seats_is_rejected(count: int, first: int) -> None:
    with pytest.raises(IllegalCommand) as error:
        decide(None, start(count, first_player=first))
    assert error.value.rule == "R-2.7"


@pytest.mark.rule("R-2.7", "R-3.1")
def test_play_goes_clockwise_from_the_first_player_by_increasing_seat() -> None:
    state, events = step(None, start(4, first_player=2))
    order = [event.player for event in events if isinstance(event, TurnStarted)]
    while len(order) < 6:
        seat = state.turn.player
        card = min(gangsters_in(state.players[seat].hand))
        business = next(b for b in state.businesses if len(b.columns[seat].cards) < 4)
        state, new = step(state, PlayGangster(seat, card, business.tile))
        order += [e.player for e in new if isinstance(e, TurnStarted)]
    assert order[:6] == [2, 3, 0, 1, 2, 3]


@pytest.mark.rule("R-2.7")
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_seeded_dealer_picks_a_first_player_in_range(seed: int) -> None:
    game = Game.new(NAMES[:5], seed=seed)
    started_event = game.events[0]
    assert isinstance(started_event, GameStarted)
    assert 0 <= started_event.first_player < 5
    assert game.state.turn.player == started_event.first_player
