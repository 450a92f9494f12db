"""Rule tests for shootouts (R-6): when they are due, how they are resolved, reinforcement.

Every test drives the engine through ``begin_turn`` (the automatic start of a turn), ``step``
(``scenarios.run``) and ``legal_commands`` from a state described with the readable builder,
and checks what the rule statement says. A shootout is set up by building the state at the end
of the previous player's turn (``phase=TurnPhase.ENDED``) with the marker already in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

from chicago_poker.core.commands import (
    DealCard,
    DeclineReinforcement,
    DrawCard,
    PlayGangster,
    RevealTile,
    SendReinforcement,
)
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.events import (
    ActionPhaseStarted,
    CardDrawn,
    DiscardPileReshuffled,
    Event,
    GameWon,
    GangsterPlayed,
    MarkerPlaced,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
    TurnStarted,
)
from chicago_poker.core.hands import HandCategory
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import EMPTY_COLUMN, GameState, TurnPhase, Victory
from chicago_poker.formats.notation import parse_position
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
    of_type,
    rejected,
    run,
    tiles,
)

SPEAKEASY, JAZZ_CLUB, BREWERY, GAMBLING_HOUSE = tiles(
    "Speakeasy#1 JazzClub#1 Brewery#1 GamblingHouse#1"
)
NEW_TILE = tiles("GamblingHouse#5")[0]

# Two hands that tie after every tie-breaker: a pair of 9s, then 5, 4, 3 (colours never count).
TIED_AL = "9R 9Y 3G 4B 5P"
TIED_BUGS = "9G 9B 3R 4Y 5B"

E = TypeVar("E")


def finish_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """Let the player whose turn it is take their remaining actions as draws.

    Returns the state once the next player's turn has begun (with its automatic steps) and
    every event on the way.
    """
    seat = state.turn.player
    events: list[Event] = []
    while state.turn.player == seat and awaiting(state) is Awaiting.ACTION:
        state, new = run(state, DrawCard(seat), DealCard(min(state.draw_pile)))
        events.extend(new)
    return state, events


def shootout_due(
    columns: dict[str, str],
    *,
    hands: dict[str, str] | None = None,
    players: Sequence[str] = NAMES[:2],
    owner: str = "Al",
    previous: str = "Bugs",
    options: RuleOptions | None = None,
    tile_pile: str | None = None,
    discard: str = "",
    draw: str | None = None,
) -> GameState:
    """The end of ``previous``'s turn; ``owner``'s marker is on their cards at Speakeasy#1."""
    return build(
        players,
        turn=previous,
        phase=TurnPhase.ENDED,
        hands=hands,
        businesses={"Speakeasy#1": columns},
        markers={("Speakeasy#1", owner): 0},
        options=options,
        tile_pile=tile_pile,
        discard=discard,
        draw=draw,
        reachable=False,
    )


# ------------------------------------------------------------------ when a shootout is due


@pytest.mark.rule("R-6.1", "R-1.5")
def test_shootout_is_resolved_at_the_start_of_the_marker_owners_turn_before_any_action() -> None:
    state = shootout_due({"Al": "8R 8Y 8G 2B 2P", "Bugs": "10R 10Y"}, hands={"Al": "1R"})
    state, events = begin_turn(state)
    assert events[0] == TurnStarted(AL, 11, 3)
    assert isinstance(events[1], ShootoutStarted)
    assert events[1].business == SPEAKEASY
    assert events[1].owner == AL
    assert events[2] == ShootoutWon(SPEAKEASY, AL, HandCategory.FULL_HOUSE, reinforced=False)
    assert not of_type(events, ActionPhaseStarted)
    assert state.turn.actions_taken == 0

    state, events = run(state, RevealTile(NEW_TILE))
    assert events == [TileRevealed(NEW_TILE), ActionPhaseStarted(AL)]
    assert awaiting(state) is Awaiting.ACTION


@pytest.mark.rule("R-6.1")
def test_the_player_cannot_act_until_their_due_shootouts_are_resolved() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R
        player Bugs
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 8R,8Y,8G,2B,2P@0 10R
        business JazzClub#1 12R,12Y,12G,3B,3P@1 11R
        """
    )
    state, _ = begin_turn(state)
    # Between the two shootouts: the first business waits for its new tile.
    assert state.turn.phase is TurnPhase.SHOOTOUTS
    assert legal_commands(state, AL) == ()
    rejected(state, DrawCard(AL))
    rejected(state, PlayGangster(AL, gangster("1R"), JAZZ_CLUB))


@pytest.mark.rule("R-6.1", "R-1.5")
def test_a_marker_placed_this_turn_is_not_resolved_in_the_same_turn() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=5P
        player Bugs hand=1B
        turn seat=0 number=10
        business Speakeasy#1 9R,9Y,3G,4B 10R,10Y
        """
    )
    state, events = run(state, PlayGangster(AL, gangster("5P"), SPEAKEASY))
    assert events == [
        GangsterPlayed(AL, gangster("5P"), SPEAKEASY),
        MarkerPlaced(AL, SPEAKEASY, 0),
    ]
    assert awaiting(state) is Awaiting.ACTION
    assert state.turn.player == AL

    # Al's turn ends; Bugs's turn begins: the marker is Al's, so nothing happens.
    state, events = finish_turn(state)
    assert not of_type(events, ShootoutStarted)
    assert of_type(events, TurnStarted) == [TurnStarted(BUGS, 11, 3)]
    assert state.businesses[0].columns[AL].marker == 0

    # Al's next turn: now the shootout is resolved, before Al acts.
    state, events = finish_turn(state)
    started = of_type(events, ShootoutStarted)
    assert [(s.business, s.owner) for s in started] == [(SPEAKEASY, AL)]
    assert events.index(started[0]) == events.index(TurnStarted(AL, 12, 3)) + 1


@pytest.mark.rule("R-6.1")
def test_another_players_marker_is_not_resolved_at_the_start_of_my_turn() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 10R,10Y 9R,9Y,3G,4B,5P@0
        """
    )
    state, events = begin_turn(state)
    assert events == [TurnStarted(AL, 11, 3), ActionPhaseStarted(AL)]
    assert state.businesses[0].columns[BUGS].marker == 0
    assert awaiting(state) is Awaiting.ACTION


# ------------------------------------------------------------- several shootouts at once


@pytest.mark.rule("R-6.2")
def test_several_due_shootouts_are_resolved_in_the_order_their_markers_were_placed() -> None:
    state = build(
        turn="Bugs",
        phase=TurnPhase.ENDED,
        businesses={
            "Speakeasy#1": {"Al": "11R 11Y 12G 13B 14P", "Bugs": "15G"},
            "JazzClub#1": {"Al": "1R 1Y 2G 3B 4P", "Bugs": "15R"},
            "Brewery#1": {"Al": "6R 6Y 7G 8B 10P", "Bugs": "15Y"},
        },
        markers={("Speakeasy#1", "Al"): 2, ("JazzClub#1", "Al"): 0, ("Brewery#1", "Al"): 1},
        reachable=False,
    )
    state, events = begin_turn(state)
    for tile in tiles("GamblingHouse#1 GamblingHouse#2 GamblingHouse#3"):
        assert awaiting(state) is Awaiting.TILE
        state, new = run(state, RevealTile(tile))
        events.extend(new)
    assert [s.business for s in of_type(events, ShootoutStarted)] == [
        JAZZ_CLUB,
        BREWERY,
        SPEAKEASY,
    ]
    assert [w.business for w in of_type(events, ShootoutWon)] == [JAZZ_CLUB, BREWERY, SPEAKEASY]
    # Each shootout is over (and its tile replaced) before the next one starts.
    kinds = [type(e) for e in events if isinstance(e, ShootoutStarted | ShootoutWon | TileRevealed)]
    assert kinds == [ShootoutStarted, ShootoutWon, TileRevealed] * 3
    assert events[-1] == ActionPhaseStarted(AL)


@pytest.mark.rule("R-6.2", "R-8.2")
def test_the_game_ends_at_the_first_victory_and_later_shootouts_are_not_resolved() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al controls=Speakeasy#2,Speakeasy#3
        player Bugs
        turn seat=1 number=10 phase=ended
        business JazzClub#1 1R,1Y,2G,3B,4P@1 15R
        business Speakeasy#1 11R,11Y,12G,13B,14P@0 15G
        """
    )
    state, events = begin_turn(state)
    assert [s.business for s in of_type(events, ShootoutStarted)] == [SPEAKEASY]
    assert events[-1] == GameWon(AL, Victory.THREE_OF_A_KIND)
    assert state.is_over
    jazz_club = state.business(JAZZ_CLUB)
    assert jazz_club is not None
    assert jazz_club.columns[AL].marker == 1
    assert jazz_club.columns[AL].cards == gangsters("1R 1Y 2G 3B 4P")
    assert awaiting(state) is Awaiting.NOTHING
    assert legal_commands(state) == ()


# ------------------------------------------------------------------ all cards revealed


@pytest.mark.rule("R-6.3")
def test_every_card_of_every_player_at_the_business_is_revealed() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        player Capone
        turn seat=2 number=10 phase=ended
        business Speakeasy#1 9R,9Y,3G,4B,5P@0 10R,10Y -
        business JazzClub#1 - - 7R,7Y
        """
    )
    _, events = begin_turn(state)
    started = of_type(events, ShootoutStarted)
    assert started == [
        ShootoutStarted(
            SPEAKEASY,
            AL,
            ((AL, gangsters("9R 9Y 3G 4B 5P")), (BUGS, gangsters("10R 10Y"))),
        )
    ]


@pytest.mark.rule("R-6.3")
def test_a_player_with_a_single_card_at_the_business_is_revealed_too() -> None:
    state = shootout_due({"Al": "9R 9Y 3G 4B 5P", "Bugs": "2B"})
    _, events = begin_turn(state)
    assert of_type(events, ShootoutStarted)[0].hands == (
        (AL, gangsters("9R 9Y 3G 4B 5P")),
        (BUGS, gangsters("2B")),
    )


# ------------------------------------------------------------------ the best hand wins


@pytest.mark.rule("R-6.4")
@pytest.mark.parametrize(
    ("al", "bugs", "winner", "category"),
    [
        ("8R 8Y 8G 2B 2P", "10R 10Y", AL, HandCategory.FULL_HOUSE),
        ("9R 9Y 3G 4B 5P", "10R 10Y 10G", BUGS, HandCategory.THREE_OF_A_KIND),
        ("8R 8Y 8G 2B 2P", "7R 7Y 7G 7B", BUGS, HandCategory.FOUR_OF_A_KIND),
        ("14R 12Y 10G 8B 6P", "15R", BUGS, HandCategory.HIGH_CARD),
        ("2R 4R 6R 8R 10R", "15Y 15G 15B 15P", BUGS, HandCategory.FOUR_OF_A_KIND),
    ],
    ids=[
        "five-cards-win",
        "three-cards-win",
        "four-cards-win",
        "one-card-wins",
        "short-beats-flush",
    ],
)
def test_the_best_hand_wins_whatever_its_number_of_cards(
    al: str, bugs: str, winner: int, category: HandCategory
) -> None:
    state = shootout_due({"Al": al, "Bugs": bugs})
    _, events = begin_turn(state)
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, winner, category, reinforced=False)
    ]
    assert not of_type(events, ReinforcementRequested)


@pytest.mark.rule("R-6.4")
def test_a_player_with_fewer_cards_may_win_among_three() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        player Capone
        turn seat=2 number=10 phase=ended
        business Speakeasy#1 9R,9Y,3G,4B,5P@0 6R 11G,11B
        """
    )
    state, events = begin_turn(state)
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, CAPONE, HandCategory.PAIR, reinforced=False)
    ]
    assert state.players[CAPONE].controlled == (SPEAKEASY,)


# ------------------------------------------------------------- the winner takes the tile


@pytest.mark.rule("R-6.5")
def test_the_winner_takes_the_tile_and_controls_the_business() -> None:
    state = shootout_due(
        {"Al": "9R 9Y 3G 4B 5P", "Bugs": "10R 10Y"},
    )
    state, _ = begin_turn(state)
    assert state.players[BUGS].controlled == (SPEAKEASY,)
    assert state.players[AL].controlled == ()
    assert state.business(SPEAKEASY) is None
    assert SPEAKEASY not in state.tile_pile


@pytest.mark.rule("R-6.5")
def test_controlled_businesses_are_kept_when_later_shootouts_are_lost() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al controls=Brewery#2
        player Bugs controls=JazzClub#2
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 8R,8Y,8G,2B,2P@0 10R
        business JazzClub#1 9R,9Y,3G,4B,5P@1 11R,11Y,11G
        """
    )
    state, _ = begin_turn(state)
    state, _ = run(state, RevealTile(NEW_TILE))
    assert state.players[AL].controlled == tiles("Brewery#2 Speakeasy#1")
    assert state.players[BUGS].controlled == tiles("JazzClub#2 JazzClub#1")


# ------------------------------------------------------------------ after the shootout


@pytest.mark.rule("R-6.6")
def test_every_card_at_the_business_goes_to_the_discard_pile() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R
        player Bugs hand=1Y
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 9R,9Y,3G,4B,5P@0 10R,10Y
        business JazzClub#1 12R 13R,13Y
        discard 1P
        """
    )
    before = state.business(JAZZ_CLUB)
    state, _ = begin_turn(state)
    assert state.discard_pile == frozenset(cards("1P 9R 9Y 3G 4B 5P 10R 10Y"))
    assert state.business(JAZZ_CLUB) == before
    assert state.players[AL].hand == frozenset(cards("1R"))
    assert state.players[BUGS].hand == frozenset(cards("1Y"))


@pytest.mark.rule("R-6.6")
def test_another_players_marker_at_the_business_is_removed_and_never_resolved() -> None:
    # D-26: Bugs completed five cards at Speakeasy#1 after Al; Al's shootout settles it.
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        turn seat=1 number=10 phase=ended
        business Speakeasy#1 9R,9Y,3G,4B,5P@0 10R,10Y,10G,2B,6P@1
        """
    )
    state, events = begin_turn(state)
    # Bugs took part in Al's shootout with his five cards, and won it.
    assert of_type(events, ShootoutStarted)[0].hands[BUGS] == (
        BUGS,
        gangsters("10R 10Y 10G 2B 6P"),
    )
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, BUGS, HandCategory.THREE_OF_A_KIND, reinforced=False)
    ]
    assert all(
        column.marker is None for business in state.businesses for column in business.columns
    )
    state, _ = run(state, RevealTile(NEW_TILE))
    state, events = finish_turn(state)
    assert TurnStarted(BUGS, 12, 3) in events
    assert not of_type(events, ShootoutStarted)
    assert events[-1] == ActionPhaseStarted(BUGS)


@pytest.mark.rule("R-6.6")
def test_a_new_tile_from_the_tile_pile_replaces_the_won_business() -> None:
    state = shootout_due({"Al": "9R 9Y 3G 4B 5P", "Bugs": "10R 10Y"})
    state, _ = begin_turn(state)
    assert awaiting(state) is Awaiting.TILE
    assert legal_commands(state) == tuple(RevealTile(tile) for tile in sorted(state.tile_pile))
    assert legal_commands(state, AL) == ()
    pile = state.tile_pile

    state, events = run(state, RevealTile(NEW_TILE))
    assert events[0] == TileRevealed(NEW_TILE)
    new = state.business(NEW_TILE)
    assert new is not None
    assert new.columns == (EMPTY_COLUMN, EMPTY_COLUMN)
    assert state.tile_pile == pile - {NEW_TILE}
    assert NEW_TILE not in state.players[BUGS].controlled


@pytest.mark.rule("R-6.6")
def test_revealing_a_tile_that_is_not_in_the_tile_pile_is_rejected() -> None:
    state = shootout_due({"Al": "9R 9Y 3G 4B 5P", "Bugs": "10R 10Y"}, tile_pile="Brewery#4")
    state, _ = begin_turn(state)
    assert rejected(state, RevealTile(NEW_TILE)).rule == "R-6.6"
    assert legal_commands(state) == (RevealTile(tiles("Brewery#4")[0]),)


@pytest.mark.rule("R-6.6", "R-8.4")
def test_no_tile_is_revealed_when_the_tile_pile_is_empty() -> None:
    state = build(
        turn="Bugs",
        phase=TurnPhase.ENDED,
        tile_pile="",
        businesses={
            "Speakeasy#1": {"Al": "9R 9Y 3G 4B 5P", "Bugs": "10R 10Y"},
            "JazzClub#1": {"Al": "12R"},
        },
        markers={("Speakeasy#1", "Al"): 0},
        reachable=False,
    )
    state, events = begin_turn(state)
    assert not of_type(events, TileRevealed)
    assert events[-1] == ActionPhaseStarted(AL)
    assert awaiting(state) is Awaiting.ACTION
    assert [b.tile for b in state.businesses] == [JAZZ_CLUB]
    assert not any(isinstance(c, RevealTile) for c in legal_commands(state))


# ------------------------------------------------------------------ reinforcement


@pytest.mark.rule("R-6.7", "R-6.4")
def test_tied_best_hands_are_decided_by_reinforcement() -> None:
    state = shootout_due({"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R", "Bugs": "14Y"})
    state, events = begin_turn(state)
    assert events[-1] == ReinforcementRequested(SPEAKEASY, (AL, BUGS))
    assert not of_type(events, ShootoutWon)
    assert awaiting(state) is Awaiting.REINFORCEMENT

    state, events = run(
        state,
        SendReinforcement(AL, gangster("12R")),
        SendReinforcement(BUGS, gangster("14Y")),
        DealCard(card("1R")),
        DealCard(card("1Y")),
    )
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, BUGS, HandCategory.PAIR, reinforced=True)
    ]
    # The winner takes the business as after any shootout.
    assert state.players[BUGS].controlled == (SPEAKEASY,)
    assert frozenset(cards(TIED_AL + " " + TIED_BUGS)) <= state.discard_pile
    assert awaiting(state) is Awaiting.TILE


@pytest.mark.rule("R-6.7")
def test_hands_separated_by_a_tie_breaker_need_no_reinforcement() -> None:
    # Both hold a pair of 9s; Al's fifth card, a 6, beats Bugs's 5.
    state = shootout_due({"Al": "9R 9Y 3G 4B 6P", "Bugs": TIED_BUGS}, hands={"Al": "12R"})
    _, events = begin_turn(state)
    assert not of_type(events, ReinforcementRequested)
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, AL, HandCategory.PAIR, reinforced=False)
    ]


@pytest.mark.rule("R-6.7.1")
def test_only_the_players_tied_for_the_best_hand_reinforce() -> None:
    state = build(
        NAMES[:3],
        turn="Capone",
        phase=TurnPhase.ENDED,
        hands={"Al": "12R", "Bugs": "14Y", "Capone": "15G"},
        businesses={"Speakeasy#1": {"Al": TIED_AL, "Bugs": TIED_BUGS, "Capone": "8R 8Y"}},
        markers={("Speakeasy#1", "Al"): 0},
        reachable=False,
    )
    state, events = begin_turn(state)
    assert of_type(events, ReinforcementRequested) == [
        ReinforcementRequested(SPEAKEASY, (AL, BUGS))
    ]
    assert legal_commands(state, CAPONE) == ()
    assert rejected(state, SendReinforcement(CAPONE, gangster("15G"))).rule == "R-6.7.1"


@pytest.mark.rule("R-6.7.1")
def test_a_tie_between_beaten_hands_needs_no_reinforcement() -> None:
    state = build(
        NAMES[:3],
        turn="Capone",
        phase=TurnPhase.ENDED,
        hands={"Al": "12R", "Bugs": "14Y", "Capone": "15G"},
        businesses={
            "Speakeasy#1": {"Al": "10R 10Y 10G 2B 6P", "Bugs": TIED_AL, "Capone": TIED_BUGS}
        },
        markers={("Speakeasy#1", "Al"): 0},
        reachable=False,
    )
    state, events = begin_turn(state)
    assert not of_type(events, ReinforcementRequested)
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, AL, HandCategory.THREE_OF_A_KIND, reinforced=False)
    ]


@pytest.mark.rule("R-6.7.2")
def test_a_reinforcement_stays_hidden_until_every_tied_player_has_chosen() -> None:
    state = shootout_due(
        {"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R 6G", "Bugs": "14Y 6B"}
    )
    state, _ = begin_turn(state)
    bugs_choices = legal_commands(state, BUGS)

    state, events = run(state, SendReinforcement(AL, gangster("12R")))
    assert events == [ReinforcementChosen(AL, gangster("12R"))]
    assert card("12R") not in state.players[AL].hand
    assert card("12R") not in state.discard_pile
    assert awaiting(state) is Awaiting.REINFORCEMENT
    # Bugs's choice does not depend on Al's: he may send any of his gangster cards.
    assert legal_commands(state, BUGS) == bugs_choices
    assert bugs_choices == (
        SendReinforcement(BUGS, gangster("6B")),
        SendReinforcement(BUGS, gangster("14Y")),
    )
    assert legal_commands(state, AL) == ()

    state, events = run(state, SendReinforcement(BUGS, gangster("6B")))
    assert events[0] == ReinforcementChosen(BUGS, gangster("6B"))
    assert events[1] == ReinforcementsRevealed(
        SPEAKEASY, ((AL, gangster("12R")), (BUGS, gangster("6B"))), (AL,)
    )


@pytest.mark.rule("R-6.7.2")
def test_a_tied_player_chooses_only_once_per_round() -> None:
    state = shootout_due({"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R 6G", "Bugs": "14Y"})
    state, _ = begin_turn(state)
    state, _ = run(state, SendReinforcement(AL, gangster("12R")))
    assert rejected(state, SendReinforcement(AL, gangster("6G"))).rule == "R-6.7.2"


@pytest.mark.rule("R-6.7.2")
def test_no_action_is_taken_while_reinforcements_are_awaited() -> None:
    state = shootout_due({"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R", "Bugs": "14Y"})
    state, _ = begin_turn(state)
    assert all(isinstance(c, SendReinforcement) for c in legal_commands(state))
    rejected(state, DrawCard(AL))


@pytest.mark.rule("R-6.7.2")
def test_only_gangster_cards_can_be_sent_as_reinforcements() -> None:
    state = shootout_due(
        {"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R Revolver", "Bugs": "14Y Bribery"}
    )
    state, _ = begin_turn(state)
    assert legal_commands(state, AL) == (SendReinforcement(AL, gangster("12R")),)
    revolver = card("Revolver")
    with pytest.raises(IllegalCommand) as error:
        run(state, SendReinforcement(AL, revolver))  # type: ignore[arg-type]  # the point
    assert error.value.rule == "R-6.7.2"


@pytest.mark.rule("R-6.7.2")
def test_a_reinforcement_must_come_from_the_players_hand() -> None:
    state = shootout_due({"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R", "Bugs": "14Y"})
    state, _ = begin_turn(state)
    assert rejected(state, SendReinforcement(AL, gangster("15R"))).rule == "R-6.7.2"


@pytest.mark.rule("R-6.7.2")
def test_reinforcement_is_compulsory_for_a_player_holding_a_gangster_card() -> None:
    state = shootout_due({"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R", "Bugs": "14Y"})
    state, _ = begin_turn(state)
    assert not any(isinstance(c, DeclineReinforcement) for c in legal_commands(state))
    assert rejected(state, DeclineReinforcement(AL)).rule == "R-6.7.2"


@pytest.mark.rule("R-6.7.2", "R-6.7.6")
def test_with_optional_reinforcement_a_tied_player_may_decline_and_drops_out() -> None:
    state = shootout_due(
        {"Al": TIED_AL, "Bugs": TIED_BUGS},
        hands={"Al": "12R", "Bugs": "2Y"},
        options=RuleOptions(optional_reinforcement=True),
    )
    state, _ = begin_turn(state)
    assert legal_commands(state, AL) == (
        SendReinforcement(AL, gangster("12R")),
        DeclineReinforcement(AL),
    )
    state, events = run(state, DeclineReinforcement(AL))
    assert events == [ReinforcementDeclined(AL)]
    state, events = run(state, SendReinforcement(BUGS, gangster("2Y")))
    # Only Bugs sent a card: he alone draws a replacement, and he wins, with a lower card.
    assert events[-1] == ReinforcementsRevealed(SPEAKEASY, ((BUGS, gangster("2Y")),), (BUGS,))
    assert state.pending_draws == (BUGS,)
    state, events = run(state, DealCard(card("1R")))
    assert events[0] == CardDrawn(BUGS, card("1R"))
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, BUGS, HandCategory.PAIR, reinforced=True)
    ]
    assert state.players[AL].hand == frozenset(cards("12R"))


@pytest.mark.rule("R-6.7.3")
def test_the_highest_reinforcement_wins_the_shootout() -> None:
    state = shootout_due(
        {"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R 15G", "Bugs": "14Y 1B"}
    )
    state, _ = begin_turn(state)
    state, events = run(
        state,
        SendReinforcement(BUGS, gangster("14Y")),
        SendReinforcement(AL, gangster("15G")),
    )
    assert events[-1] == ReinforcementsRevealed(
        SPEAKEASY, ((AL, gangster("15G")), (BUGS, gangster("14Y"))), (AL,)
    )
    state, events = run(state, DealCard(card("1R")), DealCard(card("1Y")))
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, AL, HandCategory.PAIR, reinforced=True)
    ]
    assert state.players[AL].controlled == (SPEAKEASY,)


@pytest.mark.rule("R-6.7.3", "R-6.7.4")
def test_colours_do_not_count_equal_values_reinforce_again() -> None:
    state = shootout_due(
        {"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R 2G", "Bugs": "12P 2B"}
    )
    state, _ = begin_turn(state)
    state, events = run(
        state,
        SendReinforcement(AL, gangster("12R")),
        SendReinforcement(BUGS, gangster("12P")),
    )
    assert events[-1] == ReinforcementsRevealed(
        SPEAKEASY, ((AL, gangster("12R")), (BUGS, gangster("12P"))), (AL, BUGS)
    )
    state, events = run(state, DealCard(card("1R")), DealCard(card("1Y")))
    assert not of_type(events, ShootoutWon)
    assert events[-1] == ReinforcementRequested(SPEAKEASY, (AL, BUGS))
    assert awaiting(state) is Awaiting.REINFORCEMENT


@pytest.mark.rule("R-6.7.4")
def test_only_the_players_sharing_the_highest_value_reinforce_again() -> None:
    # Three hands tie: high card 13, 11, 9, 7, 5, in different colours.
    state = build(
        NAMES[:3],
        turn="Capone",
        phase=TurnPhase.ENDED,
        hands={"Al": "12R 14R", "Bugs": "12Y 1Y", "Capone": "10G 15G"},
        businesses={
            "Speakeasy#1": {
                "Al": "13R 11R 9Y 7G 5B",
                "Bugs": "13Y 11Y 9G 7B 5P",
                "Capone": "13G 11G 9B 7P 5R",
            }
        },
        markers={("Speakeasy#1", "Al"): 0},
        reachable=False,
    )
    state, events = begin_turn(state)
    assert events[-1] == ReinforcementRequested(SPEAKEASY, (AL, BUGS, CAPONE))
    state, events = run(
        state,
        SendReinforcement(AL, gangster("12R")),
        SendReinforcement(BUGS, gangster("12Y")),
        SendReinforcement(CAPONE, gangster("10G")),
        DealCard(card("2R")),
        DealCard(card("2Y")),
        DealCard(card("2G")),
    )
    assert events[-1] == ReinforcementRequested(SPEAKEASY, (AL, BUGS))
    assert legal_commands(state, CAPONE) == ()
    assert rejected(state, SendReinforcement(CAPONE, gangster("15G"))).rule == "R-6.7.1"

    state, events = run(
        state,
        SendReinforcement(AL, gangster("14R")),
        SendReinforcement(BUGS, gangster("1Y")),
        DealCard(card("3R")),
        DealCard(card("3Y")),
    )
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, AL, HandCategory.HIGH_CARD, reinforced=True)
    ]


@pytest.mark.rule("R-6.7.5")
def test_reinforcements_are_discarded_and_replaced_in_turn_order_from_the_owner() -> None:
    # Bugs's shootout: Bugs is beaten, Al and Capone tie; turn order from Bugs is Capone, Al.
    state = build(
        NAMES[:3],
        turn="Al",
        phase=TurnPhase.ENDED,
        hands={"Al": "12R 6G", "Capone": "14Y 6B"},
        businesses={"Speakeasy#1": {"Al": TIED_AL, "Bugs": "2R 3Y 5G 7B 8P", "Capone": TIED_BUGS}},
        markers={("Speakeasy#1", "Bugs"): 0},
        reachable=False,
    )
    state, events = begin_turn(state)
    assert events[-1] == ReinforcementRequested(SPEAKEASY, (CAPONE, AL))
    state, events = run(
        state,
        SendReinforcement(AL, gangster("12R")),
        SendReinforcement(CAPONE, gangster("14Y")),
    )
    assert events[-1] == ReinforcementsRevealed(
        SPEAKEASY, ((CAPONE, gangster("14Y")), (AL, gangster("12R"))), (CAPONE,)
    )
    assert state.discard_pile == frozenset(cards("12R 14Y"))
    assert state.pending_draws == (CAPONE, AL)
    assert awaiting(state) is Awaiting.CARD

    state, events = run(state, DealCard(card("1R")), DealCard(card("1Y")))
    assert events[:2] == [CardDrawn(CAPONE, card("1R")), CardDrawn(AL, card("1Y"))]
    assert state.players[AL].hand == frozenset(cards("6G 1Y"))
    assert state.players[CAPONE].hand == frozenset(cards("6B 1R"))
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, CAPONE, HandCategory.PAIR, reinforced=True)
    ]


@pytest.mark.rule("R-6.7.5")
def test_replacement_draws_reshuffle_the_discard_pile_when_the_deck_is_empty() -> None:
    state = shootout_due(
        {"Al": TIED_AL, "Bugs": TIED_BUGS},
        hands={"Al": "12R", "Bugs": "14Y"},
        draw="",
        discard="1P",
    )
    state, _ = begin_turn(state)
    state, events = run(
        state,
        SendReinforcement(AL, gangster("12R")),
        SendReinforcement(BUGS, gangster("14Y")),
    )
    assert of_type(events, DiscardPileReshuffled) == [DiscardPileReshuffled(3)]
    assert state.draw_pile == frozenset(cards("1P 12R 14Y"))
    assert state.pending_draws == (AL, BUGS)
    assert awaiting(state) is Awaiting.CARD


@pytest.mark.rule("R-6.7.6", "R-6.7.2")
@pytest.mark.parametrize("bugs_hand", ["", "Revolver Bribery"], ids=["empty-hand", "specials"])
def test_a_tied_player_without_a_gangster_card_is_awaited_declines_and_drops_out(
    bugs_hand: str,
) -> None:
    state = shootout_due({"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "2R", "Bugs": bugs_hand})
    state, events = begin_turn(state)
    # Nobody declines for Bugs: that would tell Al that Bugs holds no gangster card.
    assert events[-1] == ReinforcementRequested(SPEAKEASY, (AL, BUGS))
    assert not of_type(events, ReinforcementDeclined)
    assert awaiting(state) is Awaiting.REINFORCEMENT
    assert legal_commands(state) == (
        SendReinforcement(AL, gangster("2R")),
        DeclineReinforcement(BUGS),
    )
    state, events = run(state, SendReinforcement(AL, gangster("2R")))
    assert events == [ReinforcementChosen(AL, gangster("2R"))]
    assert awaiting(state) is Awaiting.REINFORCEMENT
    assert legal_commands(state) == (DeclineReinforcement(BUGS),)
    state, events = run(state, DeclineReinforcement(BUGS))
    assert events[0] == ReinforcementDeclined(BUGS)
    assert events[-1] == ReinforcementsRevealed(SPEAKEASY, ((AL, gangster("2R")),), (AL,))
    state, events = run(state, DealCard(card("1R")))
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, AL, HandCategory.PAIR, reinforced=True)
    ]
    assert state.players[BUGS].hand == frozenset(cards(bugs_hand))


@pytest.mark.rule("R-6.7.6", "R-6.7.2")
def test_a_tied_player_without_a_gangster_card_may_choose_before_the_others() -> None:
    state = shootout_due({"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "", "Bugs": "14Y"})
    state, _ = begin_turn(state)
    assert legal_commands(state, AL) == (DeclineReinforcement(AL),)
    state, events = run(state, DeclineReinforcement(AL))
    assert events == [ReinforcementDeclined(AL)]
    assert legal_commands(state, AL) == ()
    state, events = run(state, SendReinforcement(BUGS, gangster("14Y")))
    assert events[-1] == ReinforcementsRevealed(SPEAKEASY, ((BUGS, gangster("14Y")),), (BUGS,))


@pytest.mark.rule("R-6.7.6", "R-6.7.2")
@pytest.mark.parametrize("optional", [False, True], ids=["standard", "optional-reinforcement"])
def test_a_tied_player_without_a_gangster_card_may_only_decline(optional: bool) -> None:
    state = shootout_due(
        {"Al": TIED_AL, "Bugs": TIED_BUGS},
        hands={"Al": "2R", "Bugs": "Revolver"},
        options=RuleOptions(optional_reinforcement=optional),
    )
    state, _ = begin_turn(state)
    assert legal_commands(state, BUGS) == (DeclineReinforcement(BUGS),)
    for command in (SendReinforcement(BUGS, gangster("14Y")), DrawCard(BUGS), DrawCard(AL)):
        assert rejected(state, command).rule == "R-6.7.2"
    state, _ = run(state, DeclineReinforcement(BUGS))
    error = rejected(state, DeclineReinforcement(BUGS))
    assert error.rule == "R-6.7.2"
    assert "already chosen" in str(error)


@pytest.mark.rule("R-6.7.6")
def test_if_no_tied_player_sends_a_card_the_shootout_is_void() -> None:
    state = build(
        turn="Bugs",
        phase=TurnPhase.ENDED,
        hands={"Al": "", "Bugs": "Revolver"},
        businesses={
            "JazzClub#1": {"Al": "12R"},
            "Speakeasy#1": {"Al": TIED_AL, "Bugs": TIED_BUGS},
        },
        markers={("Speakeasy#1", "Al"): 0, ("Speakeasy#1", "Bugs"): 1},
    )
    pile = state.tile_pile
    state, events = begin_turn(state)
    assert events[-1] == ReinforcementRequested(SPEAKEASY, (AL, BUGS))
    assert legal_commands(state) == (DeclineReinforcement(AL), DeclineReinforcement(BUGS))
    state, events = run(state, DeclineReinforcement(BUGS), DeclineReinforcement(AL))
    assert of_type(events, ReinforcementDeclined) == [
        ReinforcementDeclined(BUGS),
        ReinforcementDeclined(AL),
    ]
    assert ShootoutVoided(SPEAKEASY) in events
    assert not of_type(events, ShootoutWon)
    # The tile stays in play, unowned, with no card and no marker at it.
    assert [b.tile for b in state.businesses] == [JAZZ_CLUB, SPEAKEASY]
    speakeasy = state.business(SPEAKEASY)
    assert speakeasy is not None
    assert speakeasy.columns == (EMPTY_COLUMN, EMPTY_COLUMN)
    assert all(SPEAKEASY not in p.controlled for p in state.players)
    assert state.discard_pile == frozenset(cards(TIED_AL + " " + TIED_BUGS))
    assert state.tile_pile == pile
    assert events[-1] == ActionPhaseStarted(AL)
    assert awaiting(state) is Awaiting.ACTION

    # Bugs's marker went with the cards: his next turn has no shootout.
    state, events = finish_turn(state)
    assert TurnStarted(BUGS, 12, 3) in events
    assert not of_type(events, ShootoutStarted)


@pytest.mark.rule("R-6.7.6")
def test_if_every_tied_player_declines_the_shootout_is_void() -> None:
    state = shootout_due(
        {"Al": TIED_AL, "Bugs": TIED_BUGS},
        hands={"Al": "12R", "Bugs": "14Y"},
        options=RuleOptions(optional_reinforcement=True),
    )
    state, _ = begin_turn(state)
    state, events = run(state, DeclineReinforcement(BUGS), DeclineReinforcement(AL))
    assert ShootoutVoided(SPEAKEASY) in events
    assert not of_type(events, CardDrawn)
    assert state.business(SPEAKEASY) is not None
    assert state.players[AL].hand == frozenset(cards("12R"))
    assert state.players[BUGS].hand == frozenset(cards("14Y"))
    assert all(p.controlled == () for p in state.players)
    assert awaiting(state) is Awaiting.ACTION


@pytest.mark.rule("R-6.7.6", "R-6.7.4")
def test_a_second_round_in_which_only_one_tied_player_can_send_is_won_by_that_player() -> None:
    state = shootout_due({"Al": TIED_AL, "Bugs": TIED_BUGS}, hands={"Al": "12R", "Bugs": "12Y"})
    state, _ = begin_turn(state)
    # Both send their only card; Al draws a gangster card back, Bugs a special card.
    state, events = run(
        state,
        SendReinforcement(AL, gangster("12R")),
        SendReinforcement(BUGS, gangster("12Y")),
        DealCard(card("3P")),
        DealCard(card("Limousine")),
    )
    assert events[-1] == ReinforcementRequested(SPEAKEASY, (AL, BUGS))
    assert legal_commands(state, BUGS) == (DeclineReinforcement(BUGS),)
    state, events = run(
        state,
        DeclineReinforcement(BUGS),
        SendReinforcement(AL, gangster("3P")),
        DealCard(card("1R")),
    )
    assert of_type(events, ShootoutWon) == [
        ShootoutWon(SPEAKEASY, AL, HandCategory.PAIR, reinforced=True)
    ]
