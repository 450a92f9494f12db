"""Readable game states for scenario tests.

``build`` makes a state from text: cards as ``"9R 10B Revolver"``, businesses as
``{"Speakeasy#1": {"Al": "1R 2R 3R"}}``. It writes the position notation
(:mod:`chicago_poker.formats.notation`) and reads it with the public parser, so that every state a
test builds passes the parser's invariants. Every card not placed anywhere is in the draw deck
unless ``draw`` is given, and every tile not in play or controlled is in the tile pile unless
``tiles`` is given, so that a built state holds each card and tile exactly once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import pytest

from chicago_poker.core.cards import (
    BusinessTile,
    Card,
    GangsterCard,
    parse_card,
    parse_tile,
)
from chicago_poker.core.commands import Command
from chicago_poker.core.decide import decide, follow_up, step
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.events import Event
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import Business, GameState, TurnPhase
from chicago_poker.formats.notation import parse_position

NAMES = ("Al", "Bugs", "Capone", "Dutch", "Eddie", "Frank")
"""The names of the seats of test games, in seat order: a game of n players seats the first n."""

# The seats, by the names of the players who sit there.
AL, BUGS, CAPONE, DUTCH, EDDIE, FRANK = range(len(NAMES))


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
    players: Sequence[str] = NAMES[:2],
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
    reachable: bool = True,
) -> GameState:
    """A state in the middle of a game, described in text and read by the public notation.

    ``markers`` maps (business, player) to a marker number. ``turn`` names whose turn it is
    (the first player by default); by default the turn is past the first round, in its
    action phase, with no action taken. The state is :func:`position` read by
    :func:`chicago_poker.formats.notation.parse_position`, which refuses a position no game reaches.
    A test that needs such a position (a draw deck of two cards and no card anywhere else, a
    full column without its marker) says so with ``reachable=False``: the invariants are then
    not checked.
    """
    return parse_position(
        position(
            players,
            hands=hands,
            businesses=businesses,
            markers=markers,
            controlled=controlled,
            draw=draw,
            discard=discard,
            tile_pile=tile_pile,
            turn=turn,
            actions_taken=actions_taken,
            base_actions=base_actions,
            bonus_actions=bonus_actions,
            number=number,
            phase=phase,
            options=options,
        ),
        check=reachable,
    )


def position(
    players: Sequence[str] = NAMES[:2],
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
) -> str:
    """The text in the position notation of the state :func:`build` makes from these words."""
    options = options or RuleOptions()
    seat = {name: index for index, name in enumerate(players)}
    hands = hands or {}
    businesses = businesses or {}
    markers = markers or {}
    controlled = controlled or {}
    lines = ["chicago-poker position 1"]
    flags = _flags(options)
    if flags:
        lines.append("options " + " ".join(flags))
    for name in players:
        words = ["player", name, "hand=" + _listed(hands.get(name, ""))]
        words.append("controls=" + _listed(controlled.get(name, "")))
        lines.append(" ".join(words))
    current = seat[turn] if turn is not None else 0
    lines.append(
        f"turn seat={current} number={number} phase={phase.value} base={base_actions} "
        f"bonus={bonus_actions} taken={actions_taken}"
    )
    for tile, columns in businesses.items():
        written = []
        for name in players:
            column = _listed(columns.get(name, ""))
            marker = markers.get((tile, name))
            written.append(column if marker is None else f"{column}@{marker}")
        lines.append(f"business {tile} {' '.join(written)}")
    lines.append("discard " + _listed(discard))
    if draw is not None:
        lines.append("draw " + _listed(draw))
    if tile_pile is not None:
        lines.append("tiles " + _listed(tile_pile))
    return "\n".join(lines) + "\n"


def _flags(options: RuleOptions) -> list[str]:
    """The words of the notation for the options that are on."""
    words = (
        ("tactical", options.tactical),
        ("short-game", options.short_game),
        ("optional-actions", options.optional_actions),
        ("limousine-any-cards", options.limousine_any_cards),
        ("optional-reinforcement", options.optional_reinforcement),
    )
    return [word for word, on in words if on]


def _listed(text: str) -> str:
    """Words separated by spaces as a list of the notation: commas, or '-' for none."""
    return ",".join(text.split()) or "-"


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


def states_after(history: Sequence[Any]) -> list[GameState]:
    """The state after each entry of a game's ``history`` (entries with a ``command``)."""
    states = []
    state = None
    for entry in history:
        state, _ = step(state, entry.command)
        states.append(state)
    return states
