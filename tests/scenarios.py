"""Readable game states for scenario tests.

``build`` makes a state from text: cards as ``"9R 10B Revolver"``, businesses as
``{"Speakeasy#1": {"Al": "1R 2R 3R"}}``. Every card not placed anywhere is in the draw deck
unless ``draw`` is given, and every tile not in play or controlled is in the tile pile unless
``tiles`` is given, so that a built state holds each card and tile exactly once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

import pytest

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessTile,
    Card,
    GangsterCard,
    full_deck,
    parse_card,
    parse_tile,
    tactical_deck,
)
from chicago_poker.core.commands import Command
from chicago_poker.core.decide import decide, follow_up, step
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.events import Event
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import Business, Column, GameState, PlayerState, Turn, TurnPhase


def cards(text: str) -> tuple[Card, ...]:
    """Cards from their text forms, separated by spaces."""
    return tuple(parse_card(word) for word in text.split())


def gangsters(text: str) -> tuple[GangsterCard, ...]:
    """Gangster cards from their text forms."""
    result = cards(text)
    assert all(isinstance(card, GangsterCard) for card in result)
    return result  # type: ignore[return-value]  # checked by the assert above


def card(text: str) -> Card:
    """One card from its text form."""
    return cards(text)[0]


def gangster(text: str) -> GangsterCard:
    """One gangster card from its text form."""
    return gangsters(text)[0]


def tiles(text: str) -> tuple[BusinessTile, ...]:
    """Business tiles from their text forms."""
    return tuple(parse_tile(word) for word in text.split())


def build(
    players: Sequence[str] = ("Al", "Bugs"),
    *,
    hands: Mapping[str, str] | None = None,
    businesses: Mapping[str, Mapping[str, str]] | None = None,
    markers: Mapping[tuple[str, str], int] | None = None,
    controlled: Mapping[str, str] | None = None,
    draw: str | None = None,
    discard: str = "",
    tile_pile: str | None = None,
    turn: str | None = None,
    actions_taken: int = 0,
    base_actions: int = 3,
    bonus_actions: int = 0,
    number: int = 10,
    phase: TurnPhase = TurnPhase.ACTIONS,
    options: RuleOptions | None = None,
) -> GameState:
    """A state in the middle of a game, described in text.

    ``markers`` maps (business, player) to a marker number. ``turn`` names whose turn it is
    (the first player by default); by default the turn is past the first round, in its
    action phase, with no action taken.
    """
    options = options or RuleOptions()
    seat = {name: index for index, name in enumerate(players)}
    hands = hands or {}
    businesses = businesses or {}
    markers = markers or {}
    controlled = controlled or {}
    in_play = tuple(
        _business(t, cols, seat, markers, len(players)) for t, cols in businesses.items()
    )
    placed = [card for b in in_play for column in b.columns for card in column.cards]
    held = {name: cards(hands.get(name, "")) for name in players}
    discarded = cards(discard)
    used = {*placed, *discarded, *(c for hand in held.values() for c in hand)}
    deck = tactical_deck() if options.tactical else full_deck()
    draw_pile = cards(draw) if draw is not None else tuple(c for c in deck if c not in used)
    owned = {name: tiles(controlled.get(name, "")) for name in players}
    taken = {b.tile for b in in_play} | {t for ts in owned.values() for t in ts}
    pile = (
        tiles(tile_pile)
        if tile_pile is not None
        else tuple(t for t in BUSINESS_TILES if t not in taken)
    )
    current = seat[turn] if turn is not None else 0
    return GameState(
        options=options,
        players=tuple(PlayerState(name, frozenset(held[name]), owned[name]) for name in players),
        first_player=0,
        turn=Turn(current, number, phase, base_actions, bonus_actions, actions_taken),
        draw_pile=frozenset(draw_pile),
        discard_pile=frozenset(discarded),
        tile_pile=frozenset(pile),
        businesses=in_play,
        markers_placed=max(markers.values(), default=-1) + 1,
    )


def _business(
    tile_text: str,
    columns: Mapping[str, str],
    seat: Mapping[str, int],
    markers: Mapping[tuple[str, str], int],
    count: int,
) -> Business:
    tile = parse_tile(tile_text)
    built = [Column()] * count
    for name, text in columns.items():
        built[seat[name]] = Column(gangsters(text), markers.get((tile_text, name)))
    return Business(tile, tuple(built))


def run(state: GameState, *commands: Command) -> tuple[GameState, list[Event]]:
    """Carry out commands one after another; return the final state and every event."""
    events: list[Event] = []
    for command in commands:
        state, new = step(state, command)
        events.extend(new)
    return state, events


def begin_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """From a state built with ``phase=TurnPhase.ENDED``, start the next player's turn.

    Returns the state at the next decision and the automatic events on the way: the next
    turn, its due shootouts, and so on.
    """
    state, events = follow_up(state)
    return state, list(events)


E = TypeVar("E")


def of_type(events: Sequence[object], kind: type[E]) -> list[E]:
    """The events of one kind, in order."""
    return [event for event in events if isinstance(event, kind)]


def business_of(state: GameState, tile: BusinessTile) -> Business:
    """The face-up business with this tile; it must be in play."""
    business = state.business(tile)
    assert business is not None
    return business


def rejected(state: GameState, command: Command) -> IllegalCommand:
    """The error with which ``decide`` rejects ``command``; fails if it is accepted."""
    with pytest.raises(IllegalCommand) as error:
        decide(state, command)
    return error.value
