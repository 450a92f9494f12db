"""Hidden information: what each seat may know of a state (view) and of an event (redact)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.cli.turns import next_chooser
from chicago_poker.core import views as views_module
from chicago_poker.core.apply import apply
from chicago_poker.core.cards import (
    BusinessTile,
    Card,
    Color,
    Face,
    GangsterCard,
    SpecialCard,
    SpecialKind,
    full_deck,
    lands_face_down,
    parse_card,
    parse_tile,
)
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    DrawCard,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    SendReinforcement,
)
from chicago_poker.core.decide import follow_up, step
from chicago_poker.core.errors import ArgumentTypeError, InvalidSeatError
from chicago_poker.core.events import (
    BriberyPlayed,
    CardDrawn,
    Event,
    GameStarted,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementsRevealed,
)
from chicago_poker.core.fold import fold_events
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.redacted_commands import PUBLIC_COMMANDS, redact_command
from chicago_poker.core.redacted_events import (
    PUBLIC_EVENTS,
    RedactedBriberyPlayed,
    RedactedCardDrawn,
    RedactedGameStarted,
    RedactedGangsterPlayed,
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    RedactedReinforcementChosen,
    SeenEvent,
    redact,
)
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import (
    Business,
    Column,
    GameState,
    PlayerState,
    Shootout,
    TurnPhase,
)
from chicago_poker.core.views import PlayerView, knows_card, view
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.game import Game
from random_games import ALL_OPTIONS, by_kind, play_random
from scenarios import AL, BUGS, CAPONE, NAMES, begin_turn, build, gangsters, run

SPEAKEASY = parse_tile("Speakeasy#1")  # face down, face down, up, up, up
JAZZ_CLUB = parse_tile("JazzClub#1")  # up, up, up, down, down
GAMBLING_HOUSE = parse_tile("GamblingHouse#1")  # up, down, up, down, up
BREWERY = parse_tile("Brewery#1")  # all face up
RAID = SpecialCard(SpecialKind.POLICE_RAID, 1)


def gangster(text: str) -> GangsterCard:
    """One gangster card from its text form."""
    card = parse_card(text)
    assert isinstance(card, GangsterCard)
    return card


def cards_in(value: object) -> Iterator[Card]:
    """Every card object anywhere inside ``value`` (attrs classes, tuples, frozensets)."""
    if isinstance(value, (GangsterCard, SpecialCard)):
        yield value
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from cards_in(item)
    else:
        for field in getattr(type(value), "__attrs_attrs__", ()):
            yield from cards_in(getattr(value, field.name))


def column_card_known(
    state: GameState, seat: int | None, business: Business, owner: int, position: int
) -> bool:
    """What the spec lets ``seat`` know at a column position, written independently of views."""
    card = business.columns[owner].cards[position]
    shootout = state.shootout
    return (
        business.tile.kind.pattern[position] is Face.UP
        or seat == owner
        or (shootout is not None and shootout.business == business.tile)
        or (seat is not None and (business.tile, owner, card) in state.players[seat].seen)
    )


def known_cards(state: GameState, seat: int | None) -> frozenset[Card]:
    """Every card ``seat`` may know of in ``state``."""
    known: set[Card] = set(state.discard_pile)
    if seat is not None:
        known |= state.players[seat].hand
    for business in state.businesses:
        for owner, column in enumerate(business.columns):
            for position, card in enumerate(column.cards):
                if column_card_known(state, seat, business, owner, position):
                    known.add(card)
    if state.shootout is not None:
        known |= {card for chooser, card in state.shootout.choices if chooser == seat and card}
    return frozenset(known)


def all_cards(state: GameState) -> frozenset[Card]:
    """Every card of the game, wherever it is."""
    placed = {c for b in state.businesses for column in b.columns for c in column.cards}
    held = {c for p in state.players for c in p.hand}
    chosen = {c for _, c in state.shootout.choices if c} if state.shootout else set()
    return frozenset(placed | held | chosen | state.draw_pile | state.discard_pile)


# --------------------------------------------------------------------------- random games


def random_steps(seed: int, commands: int) -> list[tuple[GameState | None, Event]]:
    """Every event of a seeded random game with the state it applied to.

    The game has 2 to 5 players and random options, and is played for at most ``commands``
    commands, each of a random kind.
    """
    rng = random.Random(seed)
    game = Game.new(NAMES[: 2 + seed % 4], ALL_OPTIONS[rng.randrange(32)], seed=seed)
    play_random(game, rng, commands=commands, policy=by_kind)
    steps: list[tuple[GameState | None, Event]] = []
    state: GameState | None = None
    for event in game.events:
        steps.append((state, event))
        state = apply(state, event)
    return steps


Slot = tuple[str, int, int, int]
"""Where a hidden card is: (kind, a, b, c): ("hand", seat, 0, 0), ("draw", 0, 0, 0),
("column", business index, owner, position), ("choice", index, 0, 0)."""


def hidden_slots(state: GameState, seat: int | None) -> list[tuple[Slot, Card]]:
    """Every place whose card ``seat`` may not know, with the card there."""
    slots: list[tuple[Slot, Card]] = []
    for other, player in enumerate(state.players):
        if other != seat:
            slots += [(("hand", other, 0, 0), card) for card in sorted(player.hand, key=str)]
    slots += [(("draw", 0, 0, 0), card) for card in sorted(state.draw_pile, key=str)]
    for index, business in enumerate(state.businesses):
        for owner, column in enumerate(business.columns):
            for position, card in enumerate(column.cards):
                if not column_card_known(state, seat, business, owner, position):
                    slots.append((("column", index, owner, position), card))
    if state.shootout is not None:
        for index, (chooser, chosen) in enumerate(state.shootout.choices):
            if chooser != seat and chosen is not None:
                slots.append((("choice", index, 0, 0), chosen))
    return slots


def rebuild(state: GameState, placed: list[tuple[Slot, Card]]) -> GameState:
    """``state`` with the cards of the given hidden slots replaced."""
    hands = [set(p.hand) for p in state.players]
    draw = set(state.draw_pile)
    columns = [[list(column.cards) for column in b.columns] for b in state.businesses]
    choices = list(state.shootout.choices) if state.shootout else []
    renamed: dict[tuple[BusinessTile, int, GangsterCard], GangsterCard] = {}
    for (kind, a, _b, _c), _ in placed:  # take the old cards out
        if kind == "hand":
            hands[a].clear()
        elif kind == "draw":
            draw.clear()
    for (kind, a, b, c), card in placed:
        if kind == "hand":
            hands[a].add(card)
        elif kind == "draw":
            draw.add(card)
        elif kind == "column":
            assert isinstance(card, GangsterCard)
            old = columns[a][b][c]
            renamed[(state.businesses[a].tile, b, old)] = card
            columns[a][b][c] = card
        else:
            assert isinstance(card, GangsterCard)
            choices[a] = (choices[a][0], card)
    players = tuple(
        PlayerState(
            p.name,
            frozenset(hands[seat]),
            p.controlled,
            frozenset((t, o, renamed.get((t, o, k), k)) for t, o, k in p.seen),
        )
        for seat, p in enumerate(state.players)
    )
    businesses = tuple(
        Business(
            b.tile,
            tuple(
                Column(tuple(cs), col.marker) for cs, col in zip(columns[i], b.columns, strict=True)
            ),
        )
        for i, b in enumerate(state.businesses)
    )
    shootout = state.shootout
    if shootout is not None:
        shootout = attrs.evolve(shootout, choices=tuple(choices))
    return attrs.evolve(
        state, players=players, draw_pile=frozenset(draw), businesses=businesses, shootout=shootout
    )


def permute_hidden(state: GameState, seat: int | None, swaps: list[tuple[int, int]]) -> GameState:
    """Swap the cards of pairs of hidden slots; a column or choice slot only takes a gangster."""
    slots = hidden_slots(state, seat)
    if len(slots) < 2:
        return state
    cards = [card for _, card in slots]
    for i, j in swaps:
        i, j = i % len(slots), j % len(slots)
        needs_gangster = {slots[i][0][0], slots[j][0][0]} & {"column", "choice"}
        if needs_gangster and not (
            isinstance(cards[i], GangsterCard) and isinstance(cards[j], GangsterCard)
        ):
            continue
        cards[i], cards[j] = cards[j], cards[i]
    return rebuild(state, [(slot, card) for (slot, _), card in zip(slots, cards, strict=True)])


games = st.tuples(st.integers(0, 10**6), st.integers(0, 120))


def final_state(game: tuple[int, int]) -> GameState:
    """The state after the random game ``game``: its seed and how many commands it plays."""
    steps = random_steps(*game)
    return apply(steps[-1][0], steps[-1][1])


def draw_twin(data: st.DataObject, state: GameState) -> tuple[int | None, GameState]:
    """A seat (or the spectator) and a state it cannot tell from ``state``.

    The twin has the hidden cards of ``state`` swapped among their slots.
    """
    seat = data.draw(st.sampled_from([None, *range(len(state.players))]), label="seat")
    swaps = data.draw(st.lists(st.tuples(st.integers(0, 500), st.integers(0, 500)), max_size=30))
    return seat, permute_hidden(state, seat, swaps)


def tied_pair(data: st.DataObject) -> tuple[GameState, GameState, int]:
    """Two states where seat 0's turn begins with a tie at the speakeasy, and the tied seat.

    They differ in one tied player's hand only (the seat returned): in the first it holds a
    gangster card and some special cards, in the second the same special cards and one more
    in the gangster card's place, which lies in the draw deck instead (R-6.7.6). The tied
    players hold equal rainbow straights in different colours (R-7.5.3).
    """
    count = data.draw(st.integers(2, 5), label="players")
    names = NAMES[:count]
    others = data.draw(st.sets(st.integers(1, count - 1), min_size=1), label="also tied")
    tied = [0, *sorted(others)]
    target = data.draw(st.sampled_from(tied), label="target")
    low = data.draw(st.integers(1, 11), label="lowest value")
    straights = {
        seat: [GangsterCard(low + i, list(Color)[(i + shift) % 5]) for i in range(5)]
        for shift, seat in enumerate(tied)
    }
    placed = {card for straight in straights.values() for card in straight}
    shuffler = data.draw(st.randoms(use_true_random=False), label="shuffle")
    free = [card for card in full_deck() if isinstance(card, GangsterCard) and card not in placed]
    specials: list[Card] = [card for card in full_deck() if isinstance(card, SpecialCard)]
    shuffler.shuffle(free)
    shuffler.shuffle(specials)
    gangster_card, special_card = free.pop(), specials.pop()
    kept = data.draw(st.integers(0, len(specials)), label="special cards held")
    own, spare = specials[:kept], [*specials[kept:], *free]
    shuffler.shuffle(spare)
    hands = {
        names[seat]: " ".join(str(spare.pop()) for _ in range(data.draw(st.integers(0, 6))))
        for seat in range(count)
        if seat != target
    }
    optional = data.draw(st.booleans(), label="optional_reinforcement")

    def state(last: Card) -> GameState:
        return build(
            names,
            turn=names[-1],
            phase=TurnPhase.ENDED,
            hands={**hands, names[target]: " ".join(str(card) for card in [*own, last])},
            businesses={
                "Speakeasy#1": {
                    names[seat]: " ".join(map(str, straight))
                    for seat, straight in straights.items()
                }
            },
            markers={("Speakeasy#1", names[seat]): number for number, seat in enumerate(tied)},
            options=RuleOptions(optional_reinforcement=optional),
        )

    return state(gangster_card), state(special_card), target


def seen_by(state: GameState, events: Sequence[Event], seat: int | None) -> list[SeenEvent]:
    """``events`` as ``seat`` sees them, up to the reveal of the reinforcements."""
    seen: list[SeenEvent] = []
    for event in events:
        if isinstance(event, ReinforcementsRevealed):
            break
        seen.append(redact(state, event, seat))
        state = apply(state, event)
    return seen


# --------------------------------------------------------------------------- properties


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-6.7.2")
@settings(max_examples=100, deadline=None)
@given(game=games, data=st.data())
def test_states_differing_only_in_hidden_cards_give_equal_views(
    game: tuple[int, int], data: st.DataObject
) -> None:
    state = final_state(game)
    seat, altered = draw_twin(data, state)
    assert all_cards(altered) == all_cards(state)
    assert view(altered, seat) == view(state, seat)


@pytest.mark.rule("R-6.7.2", "R-6.7.6")
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_whether_a_tied_player_holds_a_gangster_card_stays_hidden_until_the_reveal(
    data: st.DataObject,
) -> None:
    """Until the reveal, whether a tied player holds a gangster card changes nothing that any
    other seat or a spectator sees: views, redacted events and commands, its legal commands."""
    holding, lacking, target = tied_pair(data)
    observers = [None, *(seat for seat in range(len(holding.players)) if seat != target)]
    a, a_events = follow_up(holding)
    b, b_events = follow_up(lacking)
    for seat in observers:
        assert seen_by(holding, a_events, seat) == seen_by(lacking, b_events, seat)
    assert a.shootout is not None
    for chooser in data.draw(st.permutations(a.shootout.contenders), label="order of choices"):
        assert awaiting(a) is awaiting(b) is Awaiting.REINFORCEMENT
        # The target's own views come first: what they may know (their true hand size) must
        # not reach the others' views through anything views share or keep.
        view(a, target), view(b, target)
        for seat in observers:
            assert view(a, seat) == view(b, seat)
            if seat is not None:
                assert legal_commands(a, seat) == legal_commands(b, seat)
        command_a: Command = data.draw(st.sampled_from(legal_commands(a, chooser)), label="choice")
        command_b = command_a
        if chooser == target:
            assert legal_commands(b, target) == (DeclineReinforcement(target),)
            command_b = DeclineReinforcement(target)
        for seat in observers:
            assert redact_command(a, command_a, seat) == redact_command(b, command_b, seat)
        (after_a, a_events), (after_b, b_events) = step(a, command_a), step(b, command_b)
        for seat in observers:
            assert seen_by(a, a_events, seat) == seen_by(b, b_events, seat)
        a, b = after_a, after_b
    assert any(isinstance(event, ReinforcementsRevealed) for event in a_events)
    assert any(isinstance(event, ReinforcementsRevealed) for event in b_events)


@pytest.mark.rule("R-2.4", "R-4.4")
@settings(max_examples=40, deadline=None)
@given(game=games, data=st.data())
def test_a_change_to_a_known_card_changes_the_view(
    game: tuple[int, int], data: st.DataObject
) -> None:
    steps = random_steps(*game)
    state = apply(steps[-1][0], steps[-1][1])
    seat = data.draw(st.sampled_from([None, *range(len(state.players))]), label="seat")
    spare = sorted((c for c in state.draw_pile if isinstance(c, GangsterCard)), key=str)
    if not spare:
        return
    if seat is not None and state.players[seat].hand:
        # Another card in the viewer's own hand.
        mine = min(state.players[seat].hand, key=str)
        hand = (state.players[seat].hand - {mine}) | {spare[0]}
        players = list(state.players)
        players[seat] = attrs.evolve(players[seat], hand=hand)
        changed = attrs.evolve(
            state, players=tuple(players), draw_pile=(state.draw_pile - {spare[0]}) | {mine}
        )
        assert view(changed, seat) != view(state, seat)
    for index, business in enumerate(state.businesses):
        for owner, column in enumerate(business.columns):
            for position, card in enumerate(column.cards):
                if business.face(position) is Face.UP:
                    # Another face-up card.
                    altered = [list(c.cards) for c in business.columns]
                    altered[owner][position] = spare[0]
                    new = Business(
                        business.tile,
                        tuple(
                            Column(tuple(cs), c.marker)
                            for cs, c in zip(altered, business.columns, strict=True)
                        ),
                    )
                    businesses = list(state.businesses)
                    businesses[index] = new
                    changed = attrs.evolve(
                        state,
                        businesses=tuple(businesses),
                        draw_pile=(state.draw_pile - {spare[0]}) | {card},
                    )
                    assert view(changed, seat) != view(state, seat)
                    return


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-6.7.2", "R-3.11")
@settings(max_examples=100, deadline=None)
@given(game=games)
def test_no_view_holds_a_card_hidden_from_its_seat(game: tuple[int, int]) -> None:
    steps = random_steps(*game)
    for before, event in steps[-40:]:
        state = apply(before, event)
        for seat in [None, *range(len(state.players))]:
            shown = set(cards_in(view(state, seat)))
            assert shown <= known_cards(state, seat)
            hidden = all_cards(state) - known_cards(state, seat)
            assert not shown & hidden
            assert not shown & state.draw_pile


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-5.6.1", "R-6.7.2")
@settings(max_examples=100, deadline=None)
@given(game=games)
def test_a_redacted_event_only_shows_cards_the_seat_knows(game: tuple[int, int]) -> None:
    steps = random_steps(*game)
    for before, event in steps:
        after = apply(before, event)
        for seat in [None, *range(len(after.players))]:
            redacted = redact(before, event, seat)
            known = known_cards(after, seat)
            if before is not None:
                known |= known_cards(before, seat)
            assert set(cards_in(redacted)) <= known, (event, seat)
            if seat is not None and getattr(event, "player", None) == seat:
                assert redacted == event


@settings(max_examples=50, deadline=None)
@given(game=games)
def test_what_the_referee_compares_unredacted_every_seat_sees_whole(game: tuple[int, int]) -> None:
    """PUBLIC_COMMANDS and PUBLIC_EVENTS are what redaction gives back unchanged to every seat.

    The referee compares commands and events of those classes as they are, without redacting
    them (chicago_poker.referee.replay); a class listed there that some seat sees redacted would
    let a log show that seat more than it may know.
    """
    seed, commands = game
    rng = random.Random(seed)
    played = Game.new(NAMES[: 2 + seed % 4], ALL_OPTIONS[rng.randrange(32)], seed=seed)
    play_random(played, rng, commands=commands, policy=by_kind)
    state: GameState | None = None
    for entry in played.history:
        seats = [None, *range(len(played.state.players))]
        if type(entry.command) in PUBLIC_COMMANDS:
            for seat in seats:
                assert redact_command(state, entry.command, seat) == entry.command, seat
        for event in entry.events:
            if type(event) in PUBLIC_EVENTS:
                for seat in seats:
                    assert redact(state, event, seat) == event, (event, seat)
            state = apply(state, event)


# --------------------------------------------------------------------------- scenarios


@pytest.mark.rule("R-2.4")
def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,10B,Revolver
        player Bugs hand=3G,4G
        turn seat=0 number=10
        """
    )
    mine = view(state, AL)
    assert mine.hand == frozenset({parse_card("9R"), parse_card("10B"), parse_card("Revolver")})
    assert [p.hand_size for p in mine.players] == [3, 2]
    assert not set(cards_in(mine)) & {parse_card("3G"), parse_card("4G")}
    assert mine.draw_pile_size == len(state.draw_pile)
    assert not set(cards_in(mine)) & state.draw_pile


@pytest.mark.rule("R-2.4", "R-4.4")
def test_an_observer_has_no_hand_and_sees_only_public_cards() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R
        player Bugs hand=3G
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R -
        discard 5Y
        """
    )
    seen = view(state, None)
    assert seen.hand is None
    assert set(cards_in(seen)) == {parse_card("3R"), parse_card("5Y")}


@pytest.mark.rule("R-2.4")
def test_another_players_drawn_card_and_dealt_hand_are_hidden() -> None:
    # Only two cards in the draw deck and none elsewhere: no game reaches this, hence check=False.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R
        player Bugs
        turn seat=0 number=10
        draw 7G,8G
        """,
        check=False,
    )
    after, events = run(state, DrawCard(AL), DealCard(parse_card("7G")))
    drawn = next(e for e in events if isinstance(e, CardDrawn))
    assert redact(after, drawn, AL) == drawn
    assert redact(after, drawn, BUGS) == RedactedCardDrawn(AL, None)
    assert redact(after, drawn, None) == RedactedCardDrawn(AL, None)

    start = Game.new(NAMES[:3], seed=3).events[0]
    assert isinstance(start, GameStarted)
    hidden = redact(None, start, BUGS)
    assert isinstance(hidden, RedactedGameStarted)
    assert hidden.hands[BUGS] == start.hands[BUGS]
    assert hidden.hands[AL] == (None,) * len(start.hands[AL])
    assert hidden.hands[CAPONE] == (None,) * len(start.hands[CAPONE])
    assert hidden.businesses == start.businesses
    assert all(hand == (None,) * len(hand) for hand in redact(None, start, None).hands)  # type: ignore[union-attr]


@pytest.mark.rule("R-4.3", "R-4.4")
def test_face_down_cards_are_known_to_their_owner_only() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R,2R,3R -
        business JazzClub#1 - 4G
        """
    )
    for seat, expected in ((AL, ["1R", "2R", "3R"]), (BUGS, [None, None, "3R"])):
        column = view(state, seat).businesses[0].columns[AL]
        assert len(column) == 3
        assert [s.face for s in column.slots] == [Face.DOWN, Face.DOWN, Face.UP]
        assert [None if s.card is None else str(s.card) for s in column.slots] == expected
    assert view(state, BUGS).businesses[1].columns[BUGS].slots[0].card == parse_card("4G")


@pytest.mark.rule("R-4.3", "R-4.4")
def test_a_gangster_played_face_down_is_hidden_from_the_others() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,10B
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 1R -
        business Brewery#1 - -
        """
    )
    before = state
    after, events = run(state, PlayGangster(AL, gangster("9R"), SPEAKEASY))
    played = events[0]
    assert played == GangsterPlayed(AL, gangster("9R"), SPEAKEASY)
    assert redact(before, played, AL) == played
    assert redact(before, played, BUGS) == RedactedGangsterPlayed(AL, None, SPEAKEASY)
    assert redact(before, played, None) == RedactedGangsterPlayed(AL, None, SPEAKEASY)
    # The third card at a speakeasy lies face up: everyone sees it.
    _, more = run(after, PlayGangster(AL, gangster("10B"), SPEAKEASY))
    assert redact(after, more[0], BUGS) == more[0]


@pytest.mark.rule("R-5.3")
def test_a_police_raid_shows_the_cards_to_the_raider_only_while_they_stay() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=PoliceRaid1
        player Bugs hand=Limousine
        player Capone
        turn seat=0 number=10
        business GamblingHouse#1 - 3B,4B,5B -
        business Speakeasy#1 - - -
        """
    )
    after, events = run(state, PlayPoliceRaid(AL, GAMBLING_HOUSE, BUGS))
    raid = events[0]
    assert isinstance(raid, PoliceRaidPlayed)
    assert raid.seen == gangsters("4B")
    assert redact(state, raid, AL) == raid
    assert redact(state, raid, BUGS) == raid
    assert redact(state, raid, CAPONE) == RedactedPoliceRaidPlayed(
        AL, 1, GAMBLING_HOUSE, BUGS, (None,)
    )
    assert view(after, AL).businesses[0].columns[BUGS].slots[1].card == gangster("4B")
    assert view(after, CAPONE).businesses[0].columns[BUGS].slots[1].card is None
    assert view(after, None).businesses[0].columns[BUGS].slots[1].card is None

    # Bugs drives the raided card away: Al no longer knows where it is (face down there).
    moved = attrs.evolve(after, turn=attrs.evolve(after.turn, player=BUGS, actions_taken=0))
    later, events = run(moved, PlayLimousine(BUGS, GAMBLING_HOUSE, SPEAKEASY, gangsters("4B 5B")))
    drive = events[0]
    assert isinstance(drive, LimousinePlayed)
    assert redact(moved, drive, AL) == RedactedLimousinePlayed(
        BUGS, GAMBLING_HOUSE, SPEAKEASY, (None, None)
    )
    assert redact(moved, drive, BUGS) == drive
    assert gangster("4B") not in set(cards_in(view(later, AL)))


@pytest.mark.rule("R-5.3", "R-4.2")
def test_a_business_shared_by_two_states_is_viewed_by_what_each_viewer_knows_in_each() -> None:
    # States share the businesses a command leaves alone, and views of them are remembered:
    # what the viewer knows there, not the business alone, must decide what is shown.
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=PoliceRaid1
        player Bugs
        turn seat=0 number=10
        business GamblingHouse#1 - 3B,4B,5B
        business Speakeasy#1 - -
        """
    )
    after, _ = run(state, PlayPoliceRaid(AL, GAMBLING_HOUSE, BUGS))
    assert after.businesses[0] is state.businesses[0]
    face_down = (0, BUGS, 1)  # business, owner, place of 4B
    for first, then in ((state, after), (after, state)):
        for seat in (None, AL, BUGS, AL, None):
            for seen in (first, then):
                business, owner, place = face_down
                shown = view(seen, seat).businesses[business].columns[owner].slots[place].card
                knows = seat == BUGS or (seat == AL and seen is after)
                assert shown == (gangster("4B") if knows else None), (seat, seen is after)


@pytest.mark.rule("R-6.3", "R-4.2")
def test_a_business_shared_by_two_states_is_revealed_only_in_the_one_with_its_shootout() -> None:
    during = parse_position(
        """
        chicago-poker position 1
        player Al hand=10R
        player Bugs hand=11R,12R
        turn seat=0 number=10 phase=shootouts
        previous seat=1 number=9 phase=ended
        business Speakeasy#1 1R,2Y,3G,4B,6P@0 1Y,2G,3B,4P,6R@1
        business JazzClub#2 - 7G
        shootout business=Speakeasy#1 owner=0 stage=choosing contenders=0,1 round=1
        game markers=2 pending=1
        """
    )
    before = attrs.evolve(during, shootout=None)
    assert before.businesses[0] is during.businesses[0]
    for seat in (None, AL, BUGS):
        for seen in (before, during, before, during):
            speakeasy = view(seen, seat).businesses[0]
            assert speakeasy.revealed is (seen is during)
            hidden = speakeasy.columns[BUGS].slots[0].card is None  # 1Y lies face down
            assert hidden is (seat != BUGS and seen is before), (seat, seen is during)


@pytest.mark.rule("R-5.3", "R-3.11")
def test_a_liquidated_face_down_card_is_revealed_to_all() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 3B
        business Brewery#1 - -
        """
    )
    after, events = run(state, PlayLiquidation(AL, SPEAKEASY, BUGS))
    liquidated = events[0]
    assert liquidated == LiquidationPlayed(AL, SPEAKEASY, BUGS, gangster("3B"))
    assert redact(state, liquidated, None) == liquidated
    assert gangster("3B") in view(after, None).discard_pile


@pytest.mark.rule("R-5.6.1", "R-3.11")
def test_the_card_taken_by_bribery_is_hidden_from_the_others() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Bribery
        player Bugs
        turn seat=0 number=10
        discard 7G,8G,Revolver
        """
    )
    assert view(state, BUGS).discard_pile == frozenset(
        {parse_card("7G"), parse_card("8G"), parse_card("Revolver")}
    )
    after, events = run(state, PlayBribery(AL, parse_card("8G")))
    bribe = events[0]
    assert bribe == BriberyPlayed(AL, parse_card("8G"))
    assert redact(state, bribe, AL) == bribe
    assert redact(state, bribe, BUGS) == RedactedBriberyPlayed(AL, None)
    assert redact(state, bribe, None) == RedactedBriberyPlayed(AL, None)
    assert parse_card("8G") not in set(cards_in(view(after, BUGS)))
    assert parse_card("8G") in view(after, AL).hand  # type: ignore[operator]


TIED_AL = "9R 9Y 3G 4B 5P"
TIED_BUGS = "9G 9B 3R 4Y 5B"


def tied(options: RuleOptions | None = None) -> GameState:
    """Al's turn begins with a tied shootout at the speakeasy (R-6.7.1)."""
    state = build(
        turn="Bugs",
        phase=TurnPhase.ENDED,
        hands={"Al": "12R", "Bugs": "14Y"},
        businesses={"Speakeasy#1": {"Al": TIED_AL, "Bugs": TIED_BUGS}, "Brewery#1": {}},
        markers={("Speakeasy#1", "Al"): 0},
        options=options,
        reachable=False,
    )
    state, _ = begin_turn(state)
    assert state.shootout is not None
    assert state.shootout.contenders == (AL, BUGS)
    return state


@pytest.mark.rule("R-6.7.2", "R-6.3")
def test_a_reinforcement_choice_shows_who_chose_not_what() -> None:
    state = tied()
    # Every card at the business is face up during the shootout.
    assert all(s.card is not None for c in view(state, None).businesses[0].columns for s in c.slots)
    assert view(state, None).businesses[0].revealed
    after, events = run(state, SendReinforcement(AL, gangster("12R")))
    chosen = events[0]
    assert chosen == ReinforcementChosen(AL, gangster("12R"))
    assert redact(state, chosen, AL) == chosen
    assert redact(state, chosen, BUGS) == RedactedReinforcementChosen(AL, None)
    for seat in (BUGS, None):
        shootout = view(after, seat).shootout
        assert shootout is not None
        assert shootout.chosen == (AL,)
        assert shootout.own_choice is None
        assert gangster("12R") not in set(cards_in(view(after, seat)))
    mine = view(after, AL).shootout
    assert mine is not None
    assert mine.own_choice == gangster("12R")


@pytest.mark.rule("R-6.7.2")
def test_a_declined_reinforcement_is_a_hidden_choice_too() -> None:
    state = tied(RuleOptions(optional_reinforcement=True))
    after, events = run(state, DeclineReinforcement(AL))
    assert events[0] == ReinforcementDeclined(AL)
    assert redact(state, events[0], AL) == events[0]
    assert redact(state, events[0], BUGS) == RedactedReinforcementChosen(AL, None)
    # Sending or declining look the same to Bugs, down to Al's hand size, until the reveal.
    sent, _ = run(state, SendReinforcement(AL, gangster("12R")))
    assert view(after, BUGS) == view(sent, BUGS)


@pytest.mark.rule("R-6.7.2")
def test_views_of_a_tied_shootout_ignore_hidden_choices() -> None:
    state, _ = run(tied(), SendReinforcement(AL, gangster("12R")))
    assert isinstance(state.shootout, Shootout)
    slots = hidden_slots(state, BUGS)
    choice = next(i for i, (slot, _) in enumerate(slots) if slot[0] == "choice")
    spare = next(
        i
        for i, (slot, card) in enumerate(slots)
        if slot[0] == "draw" and isinstance(card, GangsterCard)
    )
    other = permute_hidden(state, BUGS, [(choice, spare)])
    assert other.shootout != state.shootout
    assert view(other, BUGS) == view(state, BUGS)
    assert view(other, AL) != view(state, AL)


# ----------------------------------------------------------------------------- seats


def seat_users(game: Game) -> dict[str, Callable[[Any], object]]:
    """Each public way to ask what a seat may know, for the seat given."""
    state, start = game.state, game.history[0]
    business = state.businesses[0]
    return {
        "view": lambda seat: view(state, seat),
        "redact": lambda seat: redact(None, start.events[0], seat),
        "redact_command": lambda seat: redact_command(None, start.command, seat),
        "fold_events": lambda seat: fold_events(start.events, seat),
        "knows_card": lambda seat: knows_card(state, seat, business, 0, 0),
    }


@pytest.mark.rule("R-2.1")
@pytest.mark.parametrize("seat", [-1, True, "1"], ids=repr)
def test_an_event_redacted_without_its_state_needs_a_seat_number(seat: object) -> None:
    """Without the state before it, the table's size is unknown, but a seat is still an int."""
    drawn = CardDrawn(BUGS, parse_card("9R"))
    assert redact(None, drawn, BUGS) == drawn
    with pytest.raises(InvalidSeatError, match="a view is for a seat from 0 up"):
        redact(None, drawn, seat)  # type: ignore[arg-type] # the wrong type is the point


@pytest.mark.rule("R-2.1")
@pytest.mark.parametrize("user", ["view", "redact", "redact_command", "fold_events", "knows_card"])
@pytest.mark.parametrize("seat", [-1, 3, True, False, 1.0, "0"], ids=repr)
def test_a_seat_that_is_not_at_the_table_sees_nothing(user: str, seat: object) -> None:
    """-1 would be the last seat and True seat 1, were they not refused."""
    game = Game.new(NAMES[:3], seed=4)
    game.execute(game.legal_commands()[0])
    ask = seat_users(game)[user]
    assert [ask(None), ask(2)] != [None, None]  # an observer and the last seat may ask
    with pytest.raises(InvalidSeatError) as refused:
        ask(seat)
    assert refused.value.rule == "R-2.1"
    assert f"There is no seat {seat!r} at this table" in str(refused.value)


@pytest.mark.parametrize("seat", [None, AL, BUGS])
def test_redaction_refuses_what_it_does_not_know_instead_of_passing_it_through(
    seat: int | None,
) -> None:
    """Deny by default: a value of an unknown type could carry a card across the boundary."""
    game = Game.new(NAMES[:2], seed=3)
    unknown: Any = GangsterCard(9, Color.RED)
    with pytest.raises(ArgumentTypeError, match="not an event"):
        redact(game.state, unknown, seat)
    with pytest.raises(ArgumentTypeError, match="not a command"):
        redact_command(game.state, unknown, seat)


def _memos() -> list[dict[Any, Any]]:
    """Every memo of the views module."""
    return [
        views_module._BUSINESS_VIEWS,
        views_module._RECORDS,
        views_module._LATEST,
        views_module._SHOWN_VIEWS,
        views_module._PUBLIC_VIEWS,
    ]


def _viewed_afresh(state: GameState, seat: int | None) -> PlayerView:
    """``view(state, seat)`` made with every memo emptied, the memos then put back as they were."""
    saved = [dict(memo) for memo in _memos()]
    for memo in _memos():
        memo.clear()
    made = view(state, seat)
    for memo, kept in zip(_memos(), saved, strict=True):
        memo.clear()
        memo.update(kept)
    return made


def test_views_made_from_the_memos_equal_views_made_from_nothing() -> None:
    """The memos of views (keyed by ``id``s packed in ints) never hand out another's view.

    Views are made state after state, for every seat and the spectator, as a loop makes them,
    so that the memos are full of the views of earlier states; each is compared with the view
    made after every memo is emptied. Random games of 2 to 6 players under random options,
    with shootouts and Police Raids among them.
    """
    from ai_states import decision_states

    players: set[int] = set()
    raided = revealed = 0
    loop = []
    order = random.Random(5_000)
    for state in decision_states(1_500, seed=5_000):
        players.add(len(state.players))
        viewers: list[int | None] = [None, *range(len(state.players))]
        order.shuffle(viewers)  # so that any viewer may be the first to view a shared part
        for seat in viewers:
            loop.append((state, seat, view(state, seat)))
    for state, seat, seen in loop[::7]:
        raided += seat is not None and bool(state.players[seat].seen)
        revealed += state.shootout is not None
        assert _viewed_afresh(state, seat) == seen
    assert players == {2, 3, 4, 5, 6}
    assert raided > 20
    assert revealed > 5


def test_views_of_states_each_seen_by_one_viewer_or_two_equal_views_made_from_nothing() -> None:
    """A business's view made from another view kept (:func:`views_module._derived`) is right.

    A loop that follows one seat views each state once: a business changed by a command is
    then first viewed by whoever comes next, and its view is made from a view of the business
    of the same tile met before, or from another viewer's view of it, with the columns that
    differ made again. Each state of random games of 2 to 6 players under random options is
    viewed by one viewer or two, in random order; every view must equal the one made with
    every memo emptied, and show each card exactly where :func:`knows_card` says.
    """
    from ai_states import decision_states

    order = random.Random(13)
    players: set[int] = set()
    compared = 0
    for number, state in enumerate(decision_states(1_500, seed=7_000)):
        players.add(len(state.players))
        viewers: list[int | None] = [None, *range(len(state.players))]
        order.shuffle(viewers)
        for seat in viewers[: order.choice((1, 1, 2))]:
            seen = view(state, seat)
            _check_cards(state, seat, seen)
            if number % 3 == 0:
                assert _viewed_afresh(state, seat) == seen
                compared += 1
    assert players == {2, 3, 4, 5, 6}
    assert compared > 500


def _check_cards(state: GameState, seat: int | None, seen: PlayerView) -> tuple[int, int]:
    """Every card of ``seen`` is shown exactly where :func:`knows_card` says, face as laid.

    Returns how many face-down cards of the viewer's own lie there, and how many face-down
    cards the view shows.
    """
    own_down = shown_down = 0
    for business, shown_business in zip(state.businesses, seen.businesses, strict=True):
        assert shown_business.tile is business.tile
        for owner, (column, shown) in enumerate(
            zip(business.columns, shown_business.columns, strict=True)
        ):
            assert shown.marker == column.marker
            assert len(shown.slots) == len(column.cards)
            for position, (card, slot) in enumerate(zip(column.cards, shown.slots, strict=True)):
                down = lands_face_down(business.tile, position)
                assert slot.face is (Face.DOWN if down else Face.UP)
                known = knows_card(state, seat, business, owner, position)
                assert slot.card is (card if known else None)
                own_down += down and owner == seat
                shown_down += down and slot.card is not None
    return own_down, shown_down


def test_every_card_of_a_view_is_shown_exactly_as_knows_card_says() -> None:
    """The memos share a business's view among the viewers who know as much there (R-4.3).

    The view of every column, made through the memos as a loop makes it (any viewer first),
    shows each card exactly where :func:`knows_card` says the viewer may know it, and each
    position's face from :func:`lands_face_down`: a seat whose own face-down card is there
    must not get the spectator's view, nor the spectator a seat's.
    """
    from ai_states import decision_states

    order = random.Random(7)
    own_down = shown_down = 0
    for state in decision_states(600, seed=9_000):
        viewers: list[int | None] = [None, *range(len(state.players))]
        order.shuffle(viewers)
        for seat in viewers:
            own, shown = _check_cards(state, seat, view(state, seat))
            own_down += own
            shown_down += shown
    assert own_down > 200
    assert shown_down > 200


def test_a_view_of_a_business_kept_for_every_viewer_holds_no_face_down_card() -> None:
    """What a business's views keep for the spectator is what the spectator may know.

    After views of random games by every viewer in random order, every business's kept view
    for the spectator (which every seat with no face-down card there is given) shows no
    face-down card; the one kept while a shootout is in progress there shows every card
    (R-6.3); and every view kept for a seat shows that seat's own column whole (R-4.3).
    """
    from ai_states import decision_states

    order = random.Random(11)
    shared = private = 0
    for state in decision_states(300, seed=6_000):
        viewers: list[int | None] = [None, *range(len(state.players))]
        order.shuffle(viewers)
        for seat in viewers:
            view(state, seat)
        for kept in views_module._RECORDS.values():
            business = kept.business
            public, *seats, revealed = kept.made
            for made in [public, *seats, revealed]:
                assert made is None or made.revealed is (made is revealed)
            if public is not None:
                shared += 1
                assert all(
                    slot.card is None
                    for column in public.columns
                    for slot in column.slots
                    if slot.face is Face.DOWN
                )
            for owner, made in enumerate(seats):
                if made is not None and made is not public:
                    private += 1
                    cards = business.columns[owner].cards
                    assert tuple(slot.card for slot in made.columns[owner].slots) == cards
            if revealed is not None:
                assert [[slot.card for slot in column.slots] for column in revealed.columns] == [
                    list(column.cards) for column in business.columns
                ]
    assert shared > 100
    assert private > 100


def test_opponent_views_made_without_init_equal_those_made_with_it() -> None:
    # _opponent_view sets the slots of a bare OpponentView: nothing may be checked, converted
    # or derived in __init__, and each must be the one __init__ makes of the same fields.
    fields = attrs.fields(views_module.OpponentView)
    assert all(field.validator is None and field.converter is None for field in fields)
    assert not hasattr(views_module.OpponentView, "__attrs_post_init__")
    game = Game.new(NAMES[:4], seed=21)
    choices = random.Random(21)
    made = 0
    while not game.state.is_over and made < 2_000:
        if game.state.shootout is None:  # no reinforcement counted in a hand: every card counts
            for fast, player in zip(
                view(game.state, None).players, game.state.players, strict=True
            ):
                plain = views_module.OpponentView(player.name, len(player.hand), player.controlled)
                assert fast == plain
                assert hash(fast) == hash(plain)
                made += 1
        seat = next_chooser(game.state)
        if seat is None:
            break
        game.execute(choices.choice(game.legal_commands(seat)))
    assert made >= 400


_TAKEN_AS_THEY_ARE: tuple[str, ...] = (
    "options",
    "first_player",
    "turn",
    "discard_pile",
    "vacancies",
    "pending_draws",
    "markers_placed",
    "last_winner",
    "stalled_turns",
    "winner",
    "victory",
)
"""The view's fields that are the state's own, the same objects."""


def test_a_view_names_every_field_and_takes_each_from_its_own_place() -> None:
    """``view`` gives PlayerView's fields by position: each must hold what its name says.

    The view's fields are the state's but for what it neither shows nor counts (the piles
    are counted; ``idle_turns`` and ``previous_turn`` are bookkeeping), plus the seat and
    its hand: a field the state gains is not shown until the view names it. Over states
    where the counters differ, a field given in another's place would hold the wrong value.
    """
    state_fields = {field.name for field in attrs.fields(GameState)}
    hidden = {"draw_pile", "tile_pile", "idle_turns", "previous_turn"}
    named = {"seat", "hand", "draw_pile_size", "tile_pile_size", "players", "businesses"}
    assert set(PlayerView._fields) == (state_fields - hidden) | named
    assert set(_TAKEN_AS_THEY_ARE) == state_fields - hidden - named - {"shootout"}
    differing: set[str] = set()
    for players, seed in ((2, 3), (4, 21), (6, 5)):
        game = Game.new(NAMES[:players], seed=seed)
        while not game.state.is_over and len(game.history) < 300:
            state = game.state
            for seat in (None, *range(players)):
                seen = view(state, seat)
                for name in _TAKEN_AS_THEY_ARE:
                    assert getattr(seen, name) is getattr(state, name), name
                assert seen.seat == seat
                assert seen.hand is (None if seat is None else state.players[seat].hand)
                assert seen.draw_pile_size == len(state.draw_pile)
                assert seen.tile_pile_size == len(state.tile_pile)
                assert seen.players == views_module._player_views(state, seat)
                assert seen.businesses == views_module._business_views(state, seat)
                assert seen.shootout == views_module._shootout_view(state, seat)
            values = [getattr(state, name) for name in _TAKEN_AS_THEY_ARE]
            differing.update(
                name
                for name, value in zip(_TAKEN_AS_THEY_ARE, values, strict=True)
                if values.count(value) == 1
            )
            chooser = next_chooser(state)
            assert chooser is not None
            game.execute(legal_commands(state, chooser)[-1])
    # Each int field met a value no other field held at once, so no swap could pass.
    assert {"vacancies", "markers_placed", "stalled_turns", "first_player"} <= differing
