"""Rule tests for the special cards (R-5): Liquidation, Police Raid, Limousine, Revolver, Bribery.

Every test plays commands through ``step`` (``scenarios.run``) or ``legal_commands`` on a state
described with the readable builder, and checks what the rule statement says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import permutations
from typing import Any, TypeVar

import pytest

from chicago_poker.core.cards import BusinessTile, GangsterCard, SpecialCard, SpecialKind
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
)
from chicago_poker.core.decide import step
from chicago_poker.core.errors import IllegalCommand, PositionInvariantError
from chicago_poker.core.events import (
    BriberyPlayed,
    CardDrawn,
    DrawRequested,
    Event,
    LimousinePlayed,
    LiquidationPlayed,
    MarkerPlaced,
    PoliceRaidPlayed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutWon,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.redacted_events import RedactedLimousinePlayed, redact
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.core.views import view
from chicago_poker.formats.notation import parse_position, write_position
from scenarios import (
    AL,
    BUGS,
    CAPONE,
    NAMES,
    build,
    business_of,
    card,
    cards,
    gangster,
    gangsters,
    of_type,
    rejected,
    run,
    tiles,
)

SPEAKEASY, JAZZ_CLUB, BREWERY, GAMBLING_HOUSE = tiles(
    "Speakeasy#1 JazzClub#1 Brewery#1 GamblingHouse#1"
)
NOT_IN_PLAY = tiles("Speakeasy#5")[0]

LIQUIDATION = SpecialCard(SpecialKind.LIQUIDATION, 1)
POLICE_RAID_1 = SpecialCard(SpecialKind.POLICE_RAID, 1)
POLICE_RAID_2 = SpecialCard(SpecialKind.POLICE_RAID, 2)
LIMOUSINE = SpecialCard(SpecialKind.LIMOUSINE, 1)
REVOLVER = SpecialCard(SpecialKind.REVOLVER, 1)
BRIBERY = SpecialCard(SpecialKind.BRIBERY, 1)

ANY_CARDS = RuleOptions(limousine_any_cards=True)

C = TypeVar("C", bound=Command)


# --- helpers -----------------------------------------------------------------------------


def limousine(
    player: int, source: BusinessTile, destination: BusinessTile, moved: str
) -> PlayLimousine:
    """A Limousine command moving the cards written in ``moved``, in that order."""
    # attrs' ``converter=tuple`` on PlayLimousine.cards leaves mypy an unsolved type
    # variable for the parameter; an Any argument type-checks whether or not that is fixed.
    chosen: Any = gangsters(moved)
    return PlayLimousine(player, source, destination, chosen)


def column(state: GameState, tile: BusinessTile, seat: int) -> tuple[GangsterCard, ...]:
    """The cards of ``seat`` at ``tile``, first placed first."""
    return business_of(state, tile).columns[seat].cards


def face_down(state: GameState, tile: BusinessTile, seat: int) -> tuple[GangsterCard, ...]:
    """The cards of ``seat`` at ``tile`` that lie face down."""
    return business_of(state, tile).face_down_cards(seat)


def listed(state: GameState, kind: type[C]) -> set[C]:
    """The listed legal commands of one type."""
    return {command for command in legal_commands(state) if isinstance(command, kind)}


def seen(state: GameState, seat: int) -> set[tuple[BusinessTile, int, GangsterCard]]:
    """What ``seat`` saw with Police Raids: (business, owner, card)."""
    return set(state.players[seat].seen)


# --- playing a special card ----------------------------------------------------------


def _all_specials_state() -> GameState:
    return parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation,PoliceRaid1,Limousine,Revolver,Bribery
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R 3B,4B
        business JazzClub#1 - -
        discard 9G
        """
    )


SPECIAL_PLAYS = [
    pytest.param(
        LIQUIDATION, PlayLiquidation(AL, SPEAKEASY, BUGS), LiquidationPlayed, id="liquidation"
    ),
    pytest.param(
        POLICE_RAID_1, PlayPoliceRaid(AL, SPEAKEASY, BUGS), PoliceRaidPlayed, id="police-raid"
    ),
    pytest.param(
        LIMOUSINE,
        limousine(AL, SPEAKEASY, JAZZ_CLUB, "2R"),
        LimousinePlayed,
        id="limousine",
    ),
    pytest.param(REVOLVER, PlayRevolver(AL), RevolverPlayed, id="revolver"),
    pytest.param(BRIBERY, PlayBribery(AL, card("9G")), BriberyPlayed, id="bribery"),
]


@pytest.mark.rule("R-5.1", "R-3.10")
@pytest.mark.parametrize(("special", "command", "event_type"), SPECIAL_PLAYS)
def test_a_special_card_is_one_action_and_ends_on_the_discard_pile(
    special: SpecialCard, command: Command, event_type: type[Event]
) -> None:
    state = _all_specials_state()
    assert command in legal_commands(state)

    after, events = run(state, command)

    assert isinstance(events[0], event_type)
    assert after.turn.actions_taken == 1
    assert special not in after.players[AL].hand
    assert special in after.discard_pile
    assert special not in after.draw_pile


@pytest.mark.rule("R-5.1")
def test_the_effect_is_carried_out_at_once_within_the_same_command() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B,4B,5B
        business JazzClub#1 - -
        """
    )
    after, events = run(state, PlayLiquidation(AL, SPEAKEASY, BUGS))
    assert events == [LiquidationPlayed(AL, SPEAKEASY, BUGS, gangster("5B"))]
    assert column(after, SPEAKEASY, BUGS) == gangsters("3B 4B")


@pytest.mark.rule("R-5.1", "R-5.2.1")
def test_liquidation_with_no_other_players_card_in_play_is_not_listed_and_rejected() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Liquidation
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R -
        business JazzClub#1 - -
        """
    )
    assert listed(state, PlayLiquidation) == set()
    assert rejected(state, PlayLiquidation(AL, SPEAKEASY, BUGS)).rule == "R-5.2.1"


@pytest.mark.rule("R-5.1", "R-5.2.3")
def test_liquidation_with_only_immune_columns_is_not_listed_and_rejected() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Liquidation
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B,4B,5B,6B,7B@0
        business JazzClub#1 - -
        """
    )
    assert listed(state, PlayLiquidation) == set()
    assert rejected(state, PlayLiquidation(AL, SPEAKEASY, BUGS)).rule == "R-5.2.3"


@pytest.mark.rule("R-5.1", "R-5.3")
def test_police_raid_with_no_other_player_at_any_business_is_not_listed_and_rejected() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,PoliceRaid1,PoliceRaid2
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R -
        business JazzClub#1 - -
        """
    )
    assert listed(state, PlayPoliceRaid) == set()
    assert rejected(state, PlayPoliceRaid(AL, SPEAKEASY, BUGS)).rule == "R-5.3"


@pytest.mark.rule("R-5.1", "R-5.4.1")
def test_limousine_without_any_own_card_in_play_is_not_listed_and_rejected() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B
        business JazzClub#1 - -
        """
    )
    assert listed(state, PlayLimousine) == set()
    assert rejected(state, limousine(AL, SPEAKEASY, JAZZ_CLUB, "3B")).rule == "R-5.4.1"


@pytest.mark.rule("R-5.1", "R-5.4.2", "R-5.4.3")
def test_limousine_with_no_card_that_can_move_is_not_listed_and_rejected() -> None:
    # Al's five cards at the speakeasy are marked; the jazz-club card has nowhere to go.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R,5R@0 -
        business JazzClub#1 6R -
        """
    )
    assert listed(state, PlayLimousine) == set()
    assert rejected(state, limousine(AL, SPEAKEASY, JAZZ_CLUB, "5R")).rule == "R-5.4.2"
    assert rejected(state, limousine(AL, JAZZ_CLUB, SPEAKEASY, "6R")).rule == "R-4.5"


@pytest.mark.rule("R-5.1", "R-5.6.1")
def test_bribery_with_an_empty_discard_pile_is_not_listed_and_rejected() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Bribery
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    assert listed(state, PlayBribery) == set()
    assert rejected(state, PlayBribery(AL, card("10R"))).rule == "R-5.6.1"


@pytest.mark.rule("R-5.1")
def test_the_revolver_can_always_be_played() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Revolver
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    assert listed(state, PlayRevolver) == {PlayRevolver(AL)}


@pytest.mark.rule("R-5.2", "R-5.3", "R-5.4", "R-5.5", "R-5.6")
@pytest.mark.parametrize(
    ("command", "rule"),
    [
        pytest.param(PlayLiquidation(AL, SPEAKEASY, BUGS), "R-5.2", id="liquidation"),
        pytest.param(PlayPoliceRaid(AL, SPEAKEASY, BUGS), "R-5.3", id="police-raid"),
        pytest.param(limousine(AL, SPEAKEASY, JAZZ_CLUB, "2R"), "R-5.4", id="limousine"),
        pytest.param(PlayRevolver(AL), "R-5.5", id="revolver"),
        pytest.param(PlayBribery(AL, card("9G")), "R-5.6", id="bribery"),
    ],
)
def test_a_special_card_not_in_hand_cannot_be_played(command: Command, rule: str) -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=8R
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R 3B,4B
        business JazzClub#1 - -
        discard 9G
        """
    )
    assert command not in legal_commands(state)
    assert rejected(state, command).rule == rule


def _candidate_specials(state: GameState) -> Iterator[Command]:
    """Every special-card command worth trying for Al: listed or not."""
    seats = range(len(state.players))
    tiles_tried = [b.tile for b in state.businesses] + [NOT_IN_PLAY]
    for tile in tiles_tried:
        for seat in seats:
            yield PlayLiquidation(AL, tile, seat)
            yield PlayPoliceRaid(AL, tile, seat)
    for source in tiles_tried:
        own = column(state, source, AL) if state.business(source) else ()
        pool = (*own, gangster("6B"))
        for destination in tiles_tried:
            for count in range(len(pool) + 1):
                for order in permutations(pool, count):
                    chosen: Any = order
                    yield PlayLimousine(AL, source, destination, chosen)
    yield PlayRevolver(AL)
    for taken in (*state.discard_pile, card("15P"), card("PoliceRaid2")):
        yield PlayBribery(AL, taken)


def _accepted(state: GameState, command: Command) -> bool:
    try:
        step(state, command)
    except IllegalCommand:
        return False
    return True


@pytest.mark.rule("R-5.1", "R-5.2.1", "R-5.2.3", "R-5.3", "R-5.4.1", "R-5.4.2", "R-5.4.3")
@pytest.mark.parametrize("options", [RuleOptions(), ANY_CARDS], ids=["default", "any-cards"])
def test_a_special_play_is_listed_exactly_when_it_is_accepted(options: RuleOptions) -> None:
    state = build(
        NAMES[:3],
        hands={"Al": "Liquidation PoliceRaid1 Limousine Revolver Bribery 9R"},
        businesses={
            "Speakeasy#1": {"Al": "1R 2R 3R", "Bugs": "1B 2B 3B 4B 5B", "Capone": "1G"},
            "JazzClub#1": {"Al": "4R 5R 6R 7R", "Capone": "2G 3G"},
            "Brewery#1": {"Bugs": "6B"},
        },
        markers={("Speakeasy#1", "Bugs"): 0},
        discard="9Y 10Y",
        options=options,
        reachable=False,
    )
    special_types = (PlayLiquidation, PlayPoliceRaid, PlayLimousine, PlayRevolver, PlayBribery)
    listed_specials = {c for c in legal_commands(state) if isinstance(c, special_types)}
    accepted = {c for c in _candidate_specials(state) if _accepted(state, c)}
    assert {type(c) for c in accepted} == set(special_types)
    assert accepted == listed_specials


# --- Liquidation -------------------------------------------------------------------


@pytest.mark.rule("R-5.2", "R-5.2.1")
def test_liquidation_lists_every_other_player_with_a_card_at_each_business() -> None:
    state = build(
        NAMES[:3],
        hands={"Al": "Liquidation"},
        businesses={
            "Speakeasy#1": {"Al": "1R", "Bugs": "3B"},
            "JazzClub#1": {"Bugs": "4B", "Capone": "5G 6G"},
            "Brewery#1": {"Al": "2R"},
        },
        reachable=False,
    )
    assert listed(state, PlayLiquidation) == {
        PlayLiquidation(AL, SPEAKEASY, BUGS),
        PlayLiquidation(AL, JAZZ_CLUB, BUGS),
        PlayLiquidation(AL, JAZZ_CLUB, CAPONE),
    }


@pytest.mark.rule("R-5.2", "R-5.2.2", "R-3.11")
def test_liquidation_discards_a_face_up_last_card_and_keeps_the_others() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B,4B,5B,6B
        business JazzClub#1 - -
        """
    )
    after, events = run(state, PlayLiquidation(AL, SPEAKEASY, BUGS))
    assert events[0] == LiquidationPlayed(AL, SPEAKEASY, BUGS, gangster("6B"))
    assert column(after, SPEAKEASY, BUGS) == gangsters("3B 4B 5B")
    assert face_down(after, SPEAKEASY, BUGS) == gangsters("3B 4B")
    assert after.discard_pile == {gangster("6B"), LIQUIDATION}
    assert gangster("6B") not in after.players[BUGS].hand


@pytest.mark.rule("R-5.2.2", "R-3.11")
def test_liquidation_discards_a_face_down_last_card_revealed() -> None:
    # At a jazz club the fourth position lies face down.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        turn seat=0 number=10
        business JazzClub#1 - 3B,4B,5B,6B
        business Speakeasy#1 - -
        """
    )
    assert face_down(state, JAZZ_CLUB, BUGS) == gangsters("6B")
    after, events = run(state, PlayLiquidation(AL, JAZZ_CLUB, BUGS))
    assert events[0] == LiquidationPlayed(AL, JAZZ_CLUB, BUGS, gangster("6B"))
    assert column(after, JAZZ_CLUB, BUGS) == gangsters("3B 4B 5B")
    assert face_down(after, JAZZ_CLUB, BUGS) == ()
    assert gangster("6B") in after.discard_pile


@pytest.mark.rule("R-5.2.2")
def test_liquidation_leaves_the_other_cards_at_their_positions_and_faces() -> None:
    # Gambling house: up, down, up, down, up.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        turn seat=0 number=10
        business GamblingHouse#1 - 3B,4B,5B,6B
        business Speakeasy#1 - -
        """
    )
    after, _ = run(state, PlayLiquidation(AL, GAMBLING_HOUSE, BUGS))
    assert column(after, GAMBLING_HOUSE, BUGS) == gangsters("3B 4B 5B")
    assert face_down(after, GAMBLING_HOUSE, BUGS) == gangsters("4B")


@pytest.mark.rule("R-5.2.2")
def test_liquidation_only_touches_the_victims_column_at_that_business() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        player Capone
        turn seat=0 number=10
        business Speakeasy#1 1R,2R 3B,4B 5G,6G
        business JazzClub#1 - 7B,8B -
        """
    )
    after, _ = run(state, PlayLiquidation(AL, SPEAKEASY, BUGS))
    assert column(after, SPEAKEASY, BUGS) == gangsters("3B")
    assert column(after, SPEAKEASY, AL) == gangsters("1R 2R")
    assert column(after, SPEAKEASY, CAPONE) == gangsters("5G 6G")
    assert column(after, JAZZ_CLUB, BUGS) == gangsters("7B 8B")


@pytest.mark.rule("R-5.2.2")
def test_liquidation_can_empty_a_one_card_column() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B
        business JazzClub#1 - -
        """
    )
    after, _ = run(state, PlayLiquidation(AL, SPEAKEASY, BUGS))
    assert column(after, SPEAKEASY, BUGS) == ()
    assert gangster("3B") in after.discard_pile


@pytest.mark.rule("R-5.2.2", "R-5.4.3")
def test_liquidation_discards_a_card_a_limousine_moved_there_last() -> None:
    # Bugs played 3B and 4B at the speakeasy, then a Limousine brings 6B after them: the last
    # card of the column is 6B, which Bugs never played there, and Al's Liquidation takes it
    # (D-49), not 4B, the last card Bugs played there.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs hand=Limousine
        turn seat=1 number=11 taken=2
        business Speakeasy#1 - 3B,4B
        business JazzClub#1 - 5B,6B
        """
    )
    moved, _ = run(state, limousine(BUGS, JAZZ_CLUB, SPEAKEASY, "6B"))
    assert (moved.turn.player, moved.turn.phase) == (AL, TurnPhase.ACTIONS)
    assert column(moved, SPEAKEASY, BUGS) == gangsters("3B 4B 6B")
    after, events = run(moved, PlayLiquidation(AL, SPEAKEASY, BUGS))
    assert events[0] == LiquidationPlayed(AL, SPEAKEASY, BUGS, gangster("6B"))
    assert column(after, SPEAKEASY, BUGS) == gangsters("3B 4B")
    assert face_down(after, SPEAKEASY, BUGS) == gangsters("3B 4B")


@pytest.mark.rule("R-5.4.1", "R-5.6.1")
def test_a_limousine_moves_on_the_cards_an_earlier_limousine_brought() -> None:
    # The Limousine, taken back by Bribery, moves the card it has just brought (D-49).
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine,Bribery
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R -
        business Brewery#1 9R -
        """
    )
    after, _ = run(
        state,
        limousine(AL, SPEAKEASY, BREWERY, "3R"),
        PlayBribery(AL, LIMOUSINE),
        limousine(AL, BREWERY, SPEAKEASY, "3R"),
    )
    assert column(after, BREWERY, AL) == gangsters("9R")
    assert column(after, SPEAKEASY, AL) == gangsters("1R 2R 3R")


@pytest.mark.rule("R-5.2.3")
def test_a_marked_five_card_column_is_immune_but_others_there_are_not() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        player Capone
        turn seat=0 number=10
        business Speakeasy#1 - 3B,4B,5B,6B,7B@0 5G,6G
        business JazzClub#1 - - -
        """
    )
    assert listed(state, PlayLiquidation) == {PlayLiquidation(AL, SPEAKEASY, CAPONE)}
    assert rejected(state, PlayLiquidation(AL, SPEAKEASY, BUGS)).rule == "R-5.2.3"

    after, events = run(state, PlayLiquidation(AL, SPEAKEASY, CAPONE))
    assert events[0] == LiquidationPlayed(AL, SPEAKEASY, CAPONE, gangster("6G"))
    assert column(after, SPEAKEASY, CAPONE) == gangsters("5G")
    assert column(after, SPEAKEASY, BUGS) == gangsters("3B 4B 5B 6B 7B")
    assert business_of(after, SPEAKEASY).columns[BUGS].marker == 0


@pytest.mark.rule("R-5.2.3")
def test_the_marked_players_columns_at_other_businesses_stay_liquidatable() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B,4B,5B,6B,7B@0
        business JazzClub#1 - 8B
        """
    )
    assert listed(state, PlayLiquidation) == {PlayLiquidation(AL, JAZZ_CLUB, BUGS)}


# --- Police Raid -------------------------------------------------------------------


@pytest.mark.rule("R-5.3")
@pytest.mark.parametrize("raid", [POLICE_RAID_1, POLICE_RAID_2], ids=["copy-1", "copy-2"])
def test_police_raid_sees_exactly_the_face_down_cards(raid: SpecialCard) -> None:
    # Gambling house: positions 2 and 4 lie face down.
    state = build(
        hands={"Al": f"{raid} 9R"},
        businesses={"GamblingHouse#1": {"Bugs": "3B 4B 5B 6B"}, "Speakeasy#1": {}},
    )
    after, events = run(state, PlayPoliceRaid(AL, GAMBLING_HOUSE, BUGS))
    assert events[0] == PoliceRaidPlayed(AL, raid.copy, GAMBLING_HOUSE, BUGS, gangsters("4B 6B"))
    assert seen(after, AL) == {
        (GAMBLING_HOUSE, BUGS, gangster("4B")),
        (GAMBLING_HOUSE, BUGS, gangster("6B")),
    }
    assert raid in after.discard_pile
    assert raid not in after.players[AL].hand
    assert after.turn.actions_taken == 1
    assert column(after, GAMBLING_HOUSE, BUGS) == gangsters("3B 4B 5B 6B")


@pytest.mark.rule("R-5.3")
def test_police_raid_lists_every_other_player_with_a_card_at_each_business() -> None:
    state = build(
        NAMES[:3],
        hands={"Al": "PoliceRaid1 PoliceRaid2"},
        businesses={
            "Speakeasy#1": {"Al": "1R", "Bugs": "3B"},
            "JazzClub#1": {"Capone": "5G"},
            "Brewery#1": {"Al": "2R"},
        },
        reachable=False,
    )
    assert listed(state, PlayPoliceRaid) == {
        PlayPoliceRaid(AL, SPEAKEASY, BUGS),
        PlayPoliceRaid(AL, JAZZ_CLUB, CAPONE),
    }


@pytest.mark.rule("R-5.3")
def test_police_raid_on_a_player_with_only_face_up_cards_sees_nothing() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=PoliceRaid1
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - 3B,4B
        business Speakeasy#1 - -
        """
    )
    assert PlayPoliceRaid(AL, BREWERY, BUGS) in legal_commands(state)
    after, events = run(state, PlayPoliceRaid(AL, BREWERY, BUGS))
    assert events[0] == PoliceRaidPlayed(AL, 1, BREWERY, BUGS, ())
    assert seen(after, AL) == set()
    assert POLICE_RAID_1 in after.discard_pile


@pytest.mark.rule("R-5.3")
def test_police_raid_may_examine_a_marked_column() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=PoliceRaid1
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B,4B,5B,6B,7B@0
        business JazzClub#1 - -
        """
    )
    after, events = run(state, PlayPoliceRaid(AL, SPEAKEASY, BUGS))
    assert events[0] == PoliceRaidPlayed(AL, 1, SPEAKEASY, BUGS, gangsters("3B 4B"))
    assert seen(after, AL) == {(SPEAKEASY, BUGS, gangster("3B")), (SPEAKEASY, BUGS, gangster("4B"))}


TARGETED = [
    pytest.param("Liquidation", PlayLiquidation, "R-5.2.1", id="liquidation"),
    pytest.param("PoliceRaid1", PlayPoliceRaid, "R-5.3", id="police-raid"),
]
"""The special cards played on another player's column at a face-up business: the card, its
command, and the rule that says whose column and where."""

Targeted = Callable[[int, BusinessTile, int], Command]


def targeting_position(card: str, bugs: str, speakeasy: str, jazz_club: str) -> GameState:
    """Al to play ``card``; Bugs with ``bugs`` said of them; the columns at two businesses."""
    return parse_position(
        f"""
        chicago-poker position 1
        player Al hand={card}
        player Bugs{bugs}
        turn seat=0 number=10
        business Speakeasy#1 {speakeasy}
        business JazzClub#1 {jazz_club}
        """
    )


@pytest.mark.rule("R-5.2.1", "R-5.3")
@pytest.mark.parametrize(("card", "play", "rule"), TARGETED)
def test_a_liquidation_or_police_raid_may_not_choose_the_player_themselves(
    card: str, play: Targeted, rule: str
) -> None:
    state = targeting_position(card, "", "1R,2R 3B", "- -")
    assert play(AL, SPEAKEASY, AL) not in legal_commands(state)
    assert rejected(state, play(AL, SPEAKEASY, AL)).rule == rule


@pytest.mark.rule("R-5.2.1", "R-5.3")
@pytest.mark.parametrize(("card", "play", "rule"), TARGETED)
def test_a_liquidation_or_police_raid_needs_a_target_with_a_card_at_that_business(
    card: str, play: Targeted, rule: str
) -> None:
    state = targeting_position(card, "", "- 3B", "1R -")
    assert play(AL, JAZZ_CLUB, BUGS) not in legal_commands(state)
    assert rejected(state, play(AL, JAZZ_CLUB, BUGS)).rule == rule


@pytest.mark.rule("R-5.2.1", "R-5.3")
@pytest.mark.parametrize(("card", "play", "rule"), TARGETED)
def test_a_liquidation_or_police_raid_needs_a_face_up_business_in_play(
    card: str, play: Targeted, rule: str
) -> None:
    state = targeting_position(card, " controls=Brewery#1", "- 3B", "- -")
    for tile in (NOT_IN_PLAY, BREWERY):
        assert rejected(state, play(AL, tile, BUGS)).rule == rule


@pytest.mark.rule("R-5.3")
def test_only_the_raiding_player_learns_the_cards() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=PoliceRaid1
        player Bugs
        player Capone
        turn seat=0 number=10
        business Speakeasy#1 - 3B,4B,5B -
        business JazzClub#1 - - 5G
        """
    )
    after, _ = run(state, PlayPoliceRaid(AL, SPEAKEASY, BUGS))
    assert seen(after, AL) == {(SPEAKEASY, BUGS, gangster("3B")), (SPEAKEASY, BUGS, gangster("4B"))}
    assert seen(after, BUGS) == set()
    assert seen(after, CAPONE) == set()


@pytest.mark.rule("R-5.3", "R-5.2.2")
def test_raid_knowledge_is_dropped_for_a_liquidated_card_only() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation,PoliceRaid1
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B,4B
        business JazzClub#1 - -
        """
    )
    raided, _ = run(state, PlayPoliceRaid(AL, SPEAKEASY, BUGS))
    assert seen(raided, AL) == {
        (SPEAKEASY, BUGS, gangster("3B")),
        (SPEAKEASY, BUGS, gangster("4B")),
    }
    after, _ = run(raided, PlayLiquidation(AL, SPEAKEASY, BUGS))
    assert seen(after, AL) == {(SPEAKEASY, BUGS, gangster("3B"))}


@pytest.mark.rule("R-5.3", "R-5.4.1")
def test_raid_knowledge_is_dropped_for_cards_moved_by_a_limousine() -> None:
    # Al's raid is his last action; then Bugs moves the last of the raided cards away.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=PoliceRaid1
        player Bugs hand=Limousine
        turn seat=0 number=10 taken=2
        business Speakeasy#1 - 3B,4B
        business JazzClub#1 - -
        """
    )
    raided, events = run(state, PlayPoliceRaid(AL, SPEAKEASY, BUGS))
    assert TurnStarted(BUGS, 11, 3) in events
    assert seen(raided, AL) == {
        (SPEAKEASY, BUGS, gangster("3B")),
        (SPEAKEASY, BUGS, gangster("4B")),
    }
    after, _ = run(raided, limousine(BUGS, SPEAKEASY, JAZZ_CLUB, "4B"))
    assert column(after, JAZZ_CLUB, BUGS) == gangsters("4B")
    assert seen(after, AL) == {(SPEAKEASY, BUGS, gangster("3B"))}


@pytest.mark.rule("R-5.3")
def test_raid_knowledge_is_dropped_when_the_business_is_won() -> None:
    # Al's raid ends his turn; Bugs's marked column is then resolved and wins the business.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=PoliceRaid1
        player Bugs
        turn seat=0 number=10 taken=2
        business Speakeasy#1 - 3B,4B,5B,6B,7B@0
        business JazzClub#1 1R -
        """
    )
    after, events = run(state, PlayPoliceRaid(AL, SPEAKEASY, BUGS))
    assert any(isinstance(event, ShootoutWon) for event in events)
    assert seen(after, AL) == set()


# --- Limousine ---------------------------------------------------------------------


@pytest.mark.rule("R-5.4", "R-5.4.1", "R-5.4.3")
def test_limousine_moves_the_last_cards_to_the_end_of_the_destination_column() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R -
        business Brewery#1 9R -
        """
    )
    command = limousine(AL, SPEAKEASY, BREWERY, "3R 4R")
    after, events = run(state, command)
    assert events[0] == LimousinePlayed(AL, SPEAKEASY, BREWERY, gangsters("3R 4R"))
    assert column(after, SPEAKEASY, AL) == gangsters("1R 2R")
    assert column(after, BREWERY, AL) == gangsters("9R 3R 4R")
    assert LIMOUSINE in after.discard_pile
    assert after.turn.actions_taken == 1


@pytest.mark.rule("R-5.4.3")
def test_limousine_places_the_cards_in_the_order_the_player_chooses() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R -
        business Brewery#1 - -
        """
    )
    after, _ = run(state, limousine(AL, SPEAKEASY, BREWERY, "4R 2R 3R"))
    assert column(after, BREWERY, AL) == gangsters("4R 2R 3R")
    assert column(after, SPEAKEASY, AL) == gangsters("1R")


@pytest.mark.rule("R-5.4.1")
def test_a_limousine_moves_at_least_one_card() -> None:
    # "Up to 4" does not include none (D-53).
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R -
        business Brewery#1 - -
        """
    )
    error = rejected(state, limousine(AL, SPEAKEASY, BREWERY, ""))
    assert (error.rule, error.message) == (
        "R-5.4.1",
        "The Limousine moves one to four different cards.",
    )
    assert all(command.cards for command in listed(state, PlayLimousine))


@pytest.mark.rule("R-4.4", "R-5.4.3")
def test_a_face_up_card_a_limousine_turns_face_down_is_hidden_from_the_others() -> None:
    # 5B and 6B lie face up at the brewery; moved to a speakeasy, where the first two places lie
    # face down, only Al still sees them, although Bugs saw them before the move (D-51).
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Brewery#1 5B,6B -
        business Speakeasy#1 - -
        """
    )
    assert view(state, BUGS).businesses[0].columns[AL].slots[1].card == gangster("6B")
    after, events = run(state, limousine(AL, BREWERY, SPEAKEASY, "6B 5B"))
    assert redact(state, events[0], BUGS) == RedactedLimousinePlayed(
        AL, BREWERY, SPEAKEASY, (None, None)
    )
    speakeasy = view(after, BUGS).businesses[1]
    assert speakeasy.tile == SPEAKEASY
    assert [slot.card for slot in speakeasy.columns[AL].slots] == [None, None]
    assert [slot.card for slot in view(after, AL).businesses[1].columns[AL].slots] == list(
        gangsters("6B 5B")
    )


@pytest.mark.rule("R-5.4", "R-5.4.1")
def test_limousine_moves_up_to_four_cards() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R -
        business Brewery#1 - -
        """
    )
    after, _ = run(state, limousine(AL, SPEAKEASY, BREWERY, "1R 2R 3R 4R"))
    assert column(after, SPEAKEASY, AL) == ()
    assert column(after, BREWERY, AL) == gangsters("1R 2R 3R 4R")


@pytest.mark.rule("R-5.4.1")
def test_limousine_lists_only_the_last_cards_in_every_order() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R -
        business Brewery#1 - -
        """
    )
    assert listed(state, PlayLimousine) == {
        limousine(AL, SPEAKEASY, BREWERY, "2R"),
        limousine(AL, SPEAKEASY, BREWERY, "1R 2R"),
        limousine(AL, SPEAKEASY, BREWERY, "2R 1R"),
    }


@pytest.mark.rule("R-5.4.1")
@pytest.mark.parametrize("moved", ["1R", "2R", "1R 3R", "3R 1R", "1R 2R"])
def test_limousine_rejects_cards_that_are_not_the_last_ones(moved: str) -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R -
        business Brewery#1 - -
        """
    )
    command = limousine(AL, SPEAKEASY, BREWERY, moved)
    assert command not in legal_commands(state)
    error = rejected(state, command)
    assert error.rule == "R-5.4.1"
    last = "the last card" if len(moved.split()) == 1 else f"the last {len(moved.split())} cards"
    assert str(error) == f"The Limousine takes {last} of the column. [R-5.4.1]"


@pytest.mark.rule("R-5.4.1")
@pytest.mark.parametrize("moved", ["3R", "2R 3R", "3R 2R", "2R 3R 1R"])
def test_limousine_accepts_the_last_cards_in_any_order(moved: str) -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R -
        business Brewery#1 - -
        """
    )
    command = limousine(AL, SPEAKEASY, BREWERY, moved)
    assert command in legal_commands(state)
    after, _ = run(state, command)
    assert column(after, BREWERY, AL) == gangsters(moved)


@pytest.mark.rule("R-5.4.1")
@pytest.mark.parametrize(
    "moved", ["", "3R 3R", "3B", "5R"], ids=["none", "twice", "others-card", "elsewhere"]
)
def test_limousine_moves_one_to_four_different_cards_of_the_own_column(moved: str) -> None:
    state = build(
        hands={"Al": "Limousine"},
        businesses={
            "Speakeasy#1": {"Al": "1R 2R 3R", "Bugs": "3B"},
            "Brewery#1": {"Al": "5R"},
            "JazzClub#1": {},
        },
        reachable=False,
    )
    assert rejected(state, limousine(AL, SPEAKEASY, JAZZ_CLUB, moved)).rule == "R-5.4.1"


@pytest.mark.rule("R-5.4.1")
def test_limousine_source_must_be_a_face_up_business() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R -
        business JazzClub#1 - -
        """
    )
    assert rejected(state, limousine(AL, NOT_IN_PLAY, JAZZ_CLUB, "1R")).rule == "R-5.4.1"


@pytest.mark.rule("R-5.4.3")
def test_limousine_destination_must_be_another_face_up_business() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R -
        business JazzClub#1 - -
        """
    )
    for destination in (SPEAKEASY, NOT_IN_PLAY):
        command = limousine(AL, SPEAKEASY, destination, "2R")
        assert command not in legal_commands(state)
        assert rejected(state, command).rule == "R-5.4.3"


@pytest.mark.rule("R-5.4.3", "R-4.2")
def test_a_face_up_card_turns_face_down_at_a_face_down_position() -> None:
    # Speakeasy position 3 is face up; jazz club position 4 is face down.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R -
        business JazzClub#1 6R,7R,8R -
        """
    )
    assert face_down(state, SPEAKEASY, AL) == gangsters("1R 2R")
    after, _ = run(state, limousine(AL, SPEAKEASY, JAZZ_CLUB, "3R"))
    assert column(after, JAZZ_CLUB, AL) == gangsters("6R 7R 8R 3R")
    assert face_down(after, JAZZ_CLUB, AL) == gangsters("3R")
    assert face_down(after, SPEAKEASY, AL) == gangsters("1R 2R")


@pytest.mark.rule("R-5.4.3", "R-4.2")
def test_face_down_cards_turn_face_up_at_face_up_positions() -> None:
    # Jazz club positions 4 and 5 lie face down; speakeasy positions 3 and 4 face up.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business JazzClub#1 6R,7R,8R,9R -
        business Speakeasy#1 1R,2R -
        """
    )
    assert face_down(state, JAZZ_CLUB, AL) == gangsters("9R")
    after, _ = run(state, limousine(AL, JAZZ_CLUB, SPEAKEASY, "9R 8R"))
    assert column(after, SPEAKEASY, AL) == gangsters("1R 2R 9R 8R")
    assert face_down(after, SPEAKEASY, AL) == gangsters("1R 2R")
    assert column(after, JAZZ_CLUB, AL) == gangsters("6R 7R")
    assert face_down(after, JAZZ_CLUB, AL) == ()


@pytest.mark.rule("R-5.4.3", "R-4.2")
def test_faces_follow_the_destination_pattern_by_position() -> None:
    # Gambling house: up, down, up, down, up. Al already has one card there.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Brewery#1 1R,2R,3R,4R -
        business GamblingHouse#1 9R -
        """
    )
    after, _ = run(state, limousine(AL, BREWERY, GAMBLING_HOUSE, "2R 4R 3R"))
    assert column(after, GAMBLING_HOUSE, AL) == gangsters("9R 2R 4R 3R")
    assert face_down(after, GAMBLING_HOUSE, AL) == gangsters("2R 3R")


@pytest.mark.rule("R-5.4.3", "R-4.5")
def test_limousine_may_not_bring_the_destination_over_five_cards() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R -
        business Brewery#1 5R,6R,7R,8R -
        """
    )
    too_many = limousine(AL, SPEAKEASY, BREWERY, "1R 2R")
    assert too_many not in legal_commands(state)
    assert listed(state, PlayLimousine) >= {limousine(AL, SPEAKEASY, BREWERY, "2R")}
    assert rejected(state, too_many).rule == "R-4.5"


@pytest.mark.rule("R-5.4.4", "R-4.6")
def test_a_fifth_card_brought_by_limousine_places_a_marker() -> None:
    state = build(
        hands={"Al": "Limousine"},
        businesses={
            "Speakeasy#1": {"Al": "1R 2R"},
            "Brewery#1": {"Al": "5R 6R 7R"},
            "JazzClub#1": {"Bugs": "1B 2B 3B 4B 5B"},
        },
        markers={("JazzClub#1", "Bugs"): 0},
        reachable=False,
    )
    after, events = run(state, limousine(AL, SPEAKEASY, BREWERY, "2R 1R"))
    assert events[:2] == [
        LimousinePlayed(AL, SPEAKEASY, BREWERY, gangsters("2R 1R")),
        MarkerPlaced(AL, BREWERY, 1),
    ]
    assert business_of(after, BREWERY).columns[AL].marker == 1
    assert after.markers_placed == 2
    assert after.turn.actions_taken == 1


@pytest.mark.rule("R-5.4.4", "R-4.6")
def test_limousine_marker_is_the_same_as_for_a_fifth_card_from_the_hand() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=8R,Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R -
        business Brewery#1 5R,6R,7R,9R -
        """
    )
    driven, driven_events = run(state, limousine(AL, SPEAKEASY, BREWERY, "1R"))
    played, played_events = run(state, PlayGangster(AL, gangster("8R"), BREWERY))
    assert of_type(driven_events, MarkerPlaced) == of_type(played_events, MarkerPlaced)
    assert business_of(driven, BREWERY).columns[AL].marker == 0
    assert business_of(played, BREWERY).columns[AL].marker == 0


@pytest.mark.rule("R-5.4.4", "R-4.6")
def test_limousine_marker_brings_a_shootout_at_the_players_next_turn() -> None:
    state = build(
        hands={"Al": "Limousine", "Bugs": ""},
        businesses={"Speakeasy#1": {"Al": "1R"}, "Brewery#1": {"Al": "5R 6R 7R 9R"}},
        draw="1B 2B 3B",
        actions_taken=2,
        reachable=False,
    )
    state, events = run(state, limousine(AL, SPEAKEASY, BREWERY, "1R"))
    assert MarkerPlaced(AL, BREWERY, 0) in events
    assert TurnStarted(BUGS, 11, 3) in events
    assert not of_type(events, ShootoutStarted)
    for drawn in gangsters("1B 2B 3B"):
        state, events = run(state, DrawCard(BUGS), DealCard(drawn))
    assert ShootoutStarted(BREWERY, AL, ((AL, gangsters("5R 6R 7R 9R 1R")),)) in events


@pytest.mark.rule("R-5.4.2")
def test_cards_of_a_marked_column_may_not_move() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R,4R,5R@0 -
        business Brewery#1 - -
        """
    )
    assert listed(state, PlayLimousine) == set()
    assert rejected(state, limousine(AL, SPEAKEASY, BREWERY, "5R")).rule == "R-5.4.2"


@pytest.mark.rule("R-5.4.2")
def test_a_marked_column_may_not_move_with_limousine_any_cards_either() -> None:
    state = build(
        hands={"Al": "Limousine"},
        businesses={"Speakeasy#1": {"Al": "1R 2R 3R 4R 5R"}, "Brewery#1": {}},
        markers={("Speakeasy#1", "Al"): 0},
        options=ANY_CARDS,
    )
    assert listed(state, PlayLimousine) == set()
    assert rejected(state, limousine(AL, SPEAKEASY, BREWERY, "1R")).rule == "R-5.4.2"


@pytest.mark.rule("R-5.4.2")
def test_own_column_at_a_business_where_another_player_has_a_marker_may_move() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R 1B,2B,3B,4B,5B@0
        business Brewery#1 - -
        """
    )
    command = limousine(AL, SPEAKEASY, BREWERY, "2R")
    assert command in legal_commands(state)
    after, _ = run(state, command)
    assert column(after, BREWERY, AL) == gangsters("2R")
    assert column(after, SPEAKEASY, BUGS) == gangsters("1B 2B 3B 4B 5B")
    assert business_of(after, SPEAKEASY).columns[BUGS].marker == 0


@pytest.mark.rule("R-5.4.2", "R-5.4.3")
def test_limousine_may_go_to_a_business_where_another_player_has_a_marker() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Limousine
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 1B,2B,3B,4B,5B@0
        business Brewery#1 1R,2R -
        """
    )
    after, _ = run(state, limousine(AL, BREWERY, SPEAKEASY, "1R 2R"))
    assert column(after, SPEAKEASY, AL) == gangsters("1R 2R")


@pytest.mark.rule("R-5.4.1")
def test_any_cards_option_lists_every_subset_in_every_order() -> None:
    state = build(
        hands={"Al": "Limousine"},
        businesses={"Speakeasy#1": {"Al": "1R 2R"}, "Brewery#1": {}},
        options=ANY_CARDS,
    )
    assert listed(state, PlayLimousine) == {
        limousine(AL, SPEAKEASY, BREWERY, "1R"),
        limousine(AL, SPEAKEASY, BREWERY, "2R"),
        limousine(AL, SPEAKEASY, BREWERY, "1R 2R"),
        limousine(AL, SPEAKEASY, BREWERY, "2R 1R"),
    }


@pytest.mark.rule("R-5.4.1", "R-4.2")
def test_any_cards_option_closes_up_the_rest_and_turns_it_to_its_new_faces() -> None:
    # Speakeasy: down, down, up, up, up. Taking the first card moves 3R into position 2.
    state = build(
        hands={"Al": "Limousine"},
        businesses={"Speakeasy#1": {"Al": "1R 2R 3R 4R"}, "Brewery#1": {}},
        options=ANY_CARDS,
    )
    after, events = run(state, limousine(AL, SPEAKEASY, BREWERY, "1R"))
    assert events[0] == LimousinePlayed(AL, SPEAKEASY, BREWERY, gangsters("1R"))
    assert column(after, SPEAKEASY, AL) == gangsters("2R 3R 4R")
    assert face_down(after, SPEAKEASY, AL) == gangsters("2R 3R")
    assert column(after, BREWERY, AL) == gangsters("1R")
    assert face_down(after, BREWERY, AL) == ()


@pytest.mark.rule("R-5.4.1", "R-5.4.3")
def test_any_cards_option_takes_cards_from_the_middle_in_the_chosen_order() -> None:
    # Gambling house: up, down, up, down, up.
    state = build(
        hands={"Al": "Limousine"},
        businesses={"GamblingHouse#1": {"Al": "1R 2R 3R 4R"}, "Speakeasy#1": {"Al": "9R"}},
        options=ANY_CARDS,
    )
    after, _ = run(state, limousine(AL, GAMBLING_HOUSE, SPEAKEASY, "3R 2R"))
    assert column(after, GAMBLING_HOUSE, AL) == gangsters("1R 4R")
    assert face_down(after, GAMBLING_HOUSE, AL) == gangsters("4R")
    assert column(after, SPEAKEASY, AL) == gangsters("9R 3R 2R")
    assert face_down(after, SPEAKEASY, AL) == gangsters("9R 3R")


@pytest.mark.rule("R-5.4.1", "R-5.3", "R-4.2")
def test_a_raided_card_turned_face_up_by_closing_up_is_no_longer_a_raid_secret() -> None:
    # Gambling house: up, down, up, down, up. Bugs raided Al and saw 2R face down; moving 1R
    # away closes 2R up into the first, face-up place, where every seat sees it (D-18).
    state = parse_position(
        """
        chicago-poker position 1
        options limousine-any-cards
        player Al hand=9R,Limousine
        player Bugs seen=GamblingHouse#1:0:2R
        turn seat=0 number=10
        business GamblingHouse#1 1R,2R -
        business Brewery#1 - -
        """
    )
    after, _ = run(state, limousine(AL, GAMBLING_HOUSE, BREWERY, "1R"))
    assert face_down(after, GAMBLING_HOUSE, AL) == ()
    assert after.players[1].seen == frozenset()
    assert parse_position(write_position(after)) == after


@pytest.mark.rule("R-5.4.1", "R-5.4.3", "R-4.5")
def test_any_cards_option_keeps_the_five_card_limit() -> None:
    state = build(
        hands={"Al": "Limousine"},
        businesses={"Speakeasy#1": {"Al": "1R 2R"}, "Brewery#1": {"Al": "5R 6R 7R 8R"}},
        options=ANY_CARDS,
    )
    assert limousine(AL, SPEAKEASY, BREWERY, "1R") in legal_commands(state)
    assert rejected(state, limousine(AL, SPEAKEASY, BREWERY, "1R 2R")).rule == "R-4.5"


# --- Revolver ----------------------------------------------------------------------


@pytest.mark.rule("R-5.5")
def test_revolver_gives_two_extra_actions_for_a_net_gain_of_one() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Revolver
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    assert state.turn.actions_left == 3
    after, events = run(state, PlayRevolver(AL))
    assert events == [RevolverPlayed(AL)]
    assert after.turn.actions_taken == 1
    assert after.turn.bonus_actions == 2
    assert after.turn.actions_left == 4
    assert REVOLVER in after.discard_pile


@pytest.mark.rule("R-5.5", "R-3.5", "R-3.2")
def test_revolver_turn_may_end_once_the_ordinary_actions_are_taken_not_before() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,10R,Revolver
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    state, _ = run(state, PlayRevolver(AL), PlayGangster(AL, gangster("9R"), SPEAKEASY))
    assert state.turn.actions_taken == 2
    assert EndTurn(AL) not in legal_commands(state)
    assert rejected(state, EndTurn(AL)).rule == "R-3.2"

    state, _ = run(state, PlayGangster(AL, gangster("10R"), SPEAKEASY))
    assert state.turn.phase is TurnPhase.ACTIONS
    assert state.turn.actions_left == 2
    assert EndTurn(AL) in legal_commands(state)
    ended, events = run(state, EndTurn(AL))
    assert events[0] == TurnEnded(AL, forced=False)
    assert ended.turn.player == BUGS


@pytest.mark.rule("R-5.5", "R-3.5")
def test_revolver_extra_actions_may_all_be_used_then_the_turn_ends() -> None:
    state = build(
        hands={"Al": "Revolver"},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        draw="1B 2B 3B 4B 5B",
        reachable=False,
    )
    state, _ = run(state, PlayRevolver(AL))
    for drawn in gangsters("1B 2B 3B"):
        state, events = run(state, DrawCard(AL), DealCard(drawn))
        assert not of_type(events, TurnEnded)
    state, events = run(state, DrawCard(AL), DealCard(gangster("4B")))
    assert events[:3] == [DrawRequested(AL), CardDrawn(AL, gangster("4B")), TurnEnded(AL, False)]
    assert state.players[AL].hand == set(gangsters("1B 2B 3B 4B"))


@pytest.mark.rule("R-5.5", "R-3.4")
def test_revolver_in_the_first_players_first_turn_adds_two_to_one_action() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,10R,Revolver
        player Bugs
        turn seat=0 number=0
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    state, _ = run(state, PlayRevolver(AL))
    assert state.turn.actions_left == 2
    assert EndTurn(AL) in legal_commands(state)
    state, events = run(
        state,
        PlayGangster(AL, gangster("9R"), SPEAKEASY),
        PlayGangster(AL, gangster("10R"), SPEAKEASY),
    )
    assert TurnEnded(AL, forced=False) in events
    assert column(state, SPEAKEASY, AL) == gangsters("9R 10R")


@pytest.mark.rule("R-5.5", "R-3.4", "R-3.2")
def test_revolver_in_the_second_players_first_turn_adds_two_to_two_actions() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs hand=9B,10B,Revolver
        turn seat=1 number=1
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    state, _ = run(state, PlayRevolver(BUGS))
    assert state.turn.actions_left == 3
    assert rejected(state, EndTurn(BUGS)).rule == "R-3.2"
    state, _ = run(state, PlayGangster(BUGS, gangster("9B"), SPEAKEASY))
    assert EndTurn(BUGS) in legal_commands(state)


@pytest.mark.rule("R-5.5", "R-3.9")
def test_revolver_extra_actions_are_subject_to_the_hand_limit() -> None:
    state = build(
        hands={"Al": "Revolver 1R 2R 3R 4R 5R 6R 7R"},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        draw="1B 2B",
        actions_taken=2,
        reachable=False,
    )
    state, _ = run(state, PlayRevolver(AL))
    assert state.turn.actions_left == 2
    state, _ = run(state, DrawCard(AL), DealCard(gangster("1B")))
    assert len(state.players[AL].hand) == 8
    assert EndTurn(AL) not in legal_commands(state)
    assert rejected(state, EndTurn(AL)).rule == "R-3.9"
    assert DrawCard(AL) not in legal_commands(state)
    assert rejected(state, DrawCard(AL)).rule == "R-3.9"
    state, events = run(state, PlayGangster(AL, gangster("1R"), SPEAKEASY))
    assert TurnEnded(AL, forced=False) in events


@pytest.mark.rule("R-5.5")
def test_revolver_extra_actions_may_play_special_cards() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation,Revolver
        player Bugs
        turn seat=0 number=10 taken=2
        business Speakeasy#1 - 3B
        business JazzClub#1 - -
        """
    )
    state, _ = run(state, PlayRevolver(AL))
    assert PlayLiquidation(AL, SPEAKEASY, BUGS) in legal_commands(state)
    state, _ = run(state, PlayLiquidation(AL, SPEAKEASY, BUGS))
    assert column(state, SPEAKEASY, BUGS) == ()
    assert state.turn.actions_left == 1


@pytest.mark.rule("R-5.5.1", "R-3.8", "R-3.7")
def test_revolver_drawn_back_in_its_turn_may_be_played_again_up_to_eleven_actions() -> None:
    # Every other card is at a business or in a hand: the Revolver played is the only card
    # left to draw. Played and drawn back again and again, it gives two actions for the two it
    # costs, until the turn has eleven actions; the last Revolver adds none, and the turn ends.
    state = build(
        hands={"Al": "Revolver 9R"},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        draw="",
        actions_taken=2,
        reachable=False,
    )
    state, _ = run(state, PlayRevolver(AL), DrawCard(AL), DealCard(REVOLVER))
    assert state.players[AL].hand == {REVOLVER, gangster("9R")}
    assert state.draw_pile == state.discard_pile == frozenset()
    assert (state.turn.actions_taken, state.turn.actions_left) == (4, 1)
    assert listed(state, PlayRevolver) == {PlayRevolver(AL)}
    lefts = []
    for _ in range(3):
        state, _ = run(state, PlayRevolver(AL))
        lefts.append(state.turn.actions_left)
        state, _ = run(state, DrawCard(AL), DealCard(REVOLVER))
    assert lefts == [2, 2, 2]
    assert (state.turn.player, state.turn.actions_taken, state.turn.bonus_actions) == (AL, 10, 8)
    assert state.turn.revolver_actions == 0
    state, events = run(state, PlayRevolver(AL))
    assert events[:2] == [RevolverPlayed(AL), TurnEnded(AL, forced=False)]
    assert state.previous_turn is not None
    assert (state.previous_turn.actions_taken, state.previous_turn.bonus_actions) == (11, 8)


@pytest.mark.rule("R-5.5.1", "R-5.5", "R-3.4")
@pytest.mark.parametrize(
    ("number", "bonus", "added"),
    [(10, 4, 2), (10, 6, 2), (10, 8, 0), (1, 6, 2), (1, 8, 1), (0, 8, 2), (0, 10, 0)],
)
def test_a_revolver_adds_at_most_what_brings_the_turn_to_eleven_actions(
    number: int, bonus: int, added: int
) -> None:
    # Turn 0 has one ordinary action, turn 1 two, later turns three.
    seat = number % 2
    state = parse_position(
        f"""
        chicago-poker position 1
        player Al hand=9R,Revolver
        player Bugs hand=9B,Revolver
        turn seat={seat} number={number} bonus={bonus} taken={bonus - 1}
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """.replace("hand=9B,Revolver" if seat == 0 else "hand=9R,Revolver", "")
    )
    total = state.turn.base_actions + bonus
    assert state.turn.revolver_actions == added
    assert PlayRevolver(seat) in legal_commands(state)
    after, _ = run(state, PlayRevolver(seat))
    assert after.turn.bonus_actions == bonus + added
    assert after.turn.base_actions + after.turn.bonus_actions == min(total + 2, 11)
    assert parse_position(write_position(after)) == after


@pytest.mark.rule("R-5.5.1")
@pytest.mark.parametrize("turn", ["number=10 bonus=10", "number=10 bonus=7", "number=1 bonus=7"])
def test_a_position_with_a_turn_past_eleven_actions_or_an_odd_bonus_short_of_it_is_refused(
    turn: str,
) -> None:
    seat = int(turn.split()[0].removeprefix("number=")) % 2
    with pytest.raises(PositionInvariantError) as error:
        parse_position(
            f"""
            chicago-poker position 1
            player Al
            player Bugs
            turn seat={seat} {turn}
            business Speakeasy#1 - -
            business JazzClub#1 - -
            """
        )
    assert error.value.rule == ("R-5.5.1" if turn.endswith("bonus=10") else "R-5.5")


# --- Bribery -----------------------------------------------------------------------


@pytest.mark.rule("R-5.6", "R-5.6.1", "R-5.6.2")
@pytest.mark.parametrize("taken", ["12Y", "Liquidation"], ids=["gangster", "special"])
def test_bribery_takes_any_card_and_the_rest_joins_the_draw_deck(taken: str) -> None:
    state = build(
        hands={"Al": "Bribery"},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        draw="1B 2B",
        discard="12Y Liquidation 3G",
        reachable=False,
    )
    assert listed(state, PlayBribery) == {
        PlayBribery(AL, card(text)) for text in ("12Y", "Liquidation", "3G")
    }
    after, events = run(state, PlayBribery(AL, card(taken)))
    assert events == [BriberyPlayed(AL, card(taken))]
    assert after.players[AL].hand == {card(taken)}
    assert after.discard_pile == {BRIBERY}
    rest = set(cards("12Y Liquidation 3G")) - {card(taken)}
    assert after.draw_pile == set(cards("1B 2B")) | rest
    assert after.turn.actions_taken == 1


@pytest.mark.rule("R-5.6.2", "R-5.1")
def test_bribery_alone_starts_the_new_discard_pile() -> None:
    state = build(
        hands={"Al": "Bribery"},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        draw="",
        discard="9G",
        reachable=False,
    )
    after, _ = run(state, PlayBribery(AL, card("9G")))
    assert after.discard_pile == {BRIBERY}
    assert after.draw_pile == set()
    assert after.players[AL].hand == {card("9G")}


@pytest.mark.rule("R-5.6.2")
def test_the_order_of_the_new_draw_deck_is_supplied_as_data() -> None:
    state = build(
        hands={"Al": "Bribery"},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        draw="1B",
        discard="9G 10G",
        reachable=False,
    )
    state, _ = run(state, PlayBribery(AL, card("9G")), DrawCard(AL))
    assert {command for command in legal_commands(state)} == {
        DealCard(gangster("1B")),
        DealCard(gangster("10G")),
    }
    state, events = run(state, DealCard(gangster("10G")))
    assert events[0] == CardDrawn(AL, gangster("10G"))
    assert state.players[AL].hand == set(gangsters("9G 10G"))


@pytest.mark.rule("R-5.6.1")
def test_bribery_must_take_a_card_of_the_discard_pile() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Bribery
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - -
        business JazzClub#1 - -
        discard 9G
        """
    )
    for absent in ("10G", "Revolver"):
        assert rejected(state, PlayBribery(AL, card(absent))).rule == "R-5.6.1"


@pytest.mark.rule("R-5.6.1", "R-3.9")
def test_bribery_is_subject_to_the_hand_limit() -> None:
    # Eight cards and one action left: Bribery keeps eight cards and leaves no action.
    hand = "Bribery 1R 2R 3R 4R 5R 6R 7R"
    blocked = build(
        hands={"Al": hand},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        discard="9G",
        actions_taken=2,
    )
    assert listed(blocked, PlayBribery) == set()
    assert rejected(blocked, PlayBribery(AL, card("9G"))).rule == "R-3.9"

    allowed = build(
        hands={"Al": hand},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        discard="9G",
        actions_taken=1,
    )
    assert listed(allowed, PlayBribery) == {PlayBribery(AL, card("9G"))}
    after, _ = run(allowed, PlayBribery(AL, card("9G")))
    assert len(after.players[AL].hand) == 8


@pytest.mark.rule("R-5.6.1", "R-5.5", "R-5.5.1")
def test_bribery_can_take_back_the_revolver_to_play_it_again_in_the_same_turn() -> None:
    # Every edition allows Revolver, Bribery taking it back, Revolver (D-41).
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Revolver,Bribery
        player Bugs hand=9B,10B,11B
        turn seat=0 number=10
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    state, _ = run(state, PlayRevolver(AL))
    assert state.turn.actions_left == 4
    assert PlayBribery(AL, REVOLVER) in legal_commands(state)

    state, events = run(state, PlayBribery(AL, REVOLVER))
    assert events == [BriberyPlayed(AL, REVOLVER)]
    assert state.players[AL].hand == {REVOLVER, gangster("9R")}
    assert state.discard_pile == {BRIBERY}
    assert REVOLVER not in state.draw_pile
    assert state.turn.actions_left == 3

    assert listed(state, PlayRevolver) == {PlayRevolver(AL)}
    state, events = run(state, PlayRevolver(AL))
    assert events == [RevolverPlayed(AL)]
    assert state.turn.actions_left == 4
    assert state.turn.bonus_actions == 4
    assert state.discard_pile == {BRIBERY, REVOLVER}


@pytest.mark.rule("R-5.5.1", "R-5.6.2")
def test_a_revolver_drawn_back_after_a_bribery_may_be_played_again() -> None:
    # Bribery takes another card and shuffles the Revolver into the draw deck; drawn back,
    # it may be played again.
    state = build(
        hands={"Al": "Revolver Bribery 9R"},
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        draw="",
        discard="3G",
        reachable=False,
    )
    state, _ = run(
        state, PlayRevolver(AL), PlayBribery(AL, gangster("3G")), DrawCard(AL), DealCard(REVOLVER)
    )
    assert state.players[AL].hand == {REVOLVER, gangster("9R"), gangster("3G")}
    assert state.turn.actions_left == 2
    assert listed(state, PlayRevolver) == {PlayRevolver(AL)}
    state, _ = run(state, PlayRevolver(AL))
    assert state.turn.actions_left == 3
    assert rejected(state, PlayBribery(AL, REVOLVER)).rule == "R-5.6"  # Bribery is gone


@pytest.mark.rule("R-5.6.1", "R-5.5", "R-5.5.1")
def test_a_revolver_taken_back_at_the_end_of_a_turn_is_played_in_the_next() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Revolver,Bribery
        player Bugs hand=9B,10B,11B
        turn seat=0 number=10
        business Speakeasy#1 - -
        business JazzClub#1 - -
        """
    )
    state, _ = run(
        state,
        PlayRevolver(AL),
        PlayBribery(AL, REVOLVER),
        PlayGangster(AL, gangster("9R"), JAZZ_CLUB),
        EndTurn(AL),
        *(PlayGangster(BUGS, gangster(text), SPEAKEASY) for text in ("9B", "10B", "11B")),
    )
    assert state.turn.player == AL
    assert state.turn.bonus_actions == 0
    assert listed(state, PlayRevolver) == {PlayRevolver(AL)}
    state, events = run(state, PlayRevolver(AL))
    assert events == [RevolverPlayed(AL)]
