"""What a seat may know of an event: :func:`redact` and the redacted events.

An event that shows a seat everything it holds is returned unchanged by :func:`redact`. An
event with a card hidden from the seat is returned as its ``Redacted`` counterpart defined
here: same name with a ``Redacted`` prefix, same fields in the same order, each hidden card
replaced by None (the event classes themselves keep their exact types, so that
:func:`chicago_poker.core.apply` can trust them). A consumer can therefore match both forms
with the same field names, e.g. ``case CardDrawn(player=p) | RedactedCardDrawn(player=p)``.

Redaction denies by default: every event class is named in :func:`redact`, either with the
way it is redacted or among the events that hide nothing, and a value of any other type is
refused. What a seat may know is listed in :mod:`~chicago_poker.core.views`.
"""

from __future__ import annotations

from typing import Final, TypeAlias, get_args

from attrs import frozen

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import (
    BusinessTile,
    Card,
    GangsterCard,
    lands_face_down,
)
from chicago_poker.core.errors import unknown_type
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    Event,
    GameBlocked,
    GameStalled,
    GameStarted,
    GameWon,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    MarkerPlaced,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import (
    Business,
    GameState,
)
from chicago_poker.core.views import check_viewer, knows_card

__all__ = [
    "PUBLIC_EVENTS",
    "RedactedBriberyPlayed",
    "RedactedCardDrawn",
    "RedactedEvent",
    "RedactedGameStarted",
    "RedactedGangsterPlayed",
    "RedactedLimousinePlayed",
    "RedactedPoliceRaidPlayed",
    "RedactedReinforcementChosen",
    "SeenEvent",
    "redact",
]


@frozen
class RedactedGameStarted:
    """:class:`~.events.GameStarted` with the other seats' hands hidden (R-2.4)."""

    players: tuple[str, ...]
    """The players' names by seat."""

    hands: tuple[tuple[Card | None, ...], ...]
    """The cards dealt to each seat; None for every card of another seat's hand."""

    businesses: tuple[BusinessTile, ...]
    """The tiles revealed face up (R-2.5)."""

    first_player: int
    """The first player's seat (R-2.7)."""

    options: RuleOptions
    """The rule options."""


@frozen
class RedactedCardDrawn:
    """:class:`~chicago_poker.core.events.CardDrawn` seen by another seat: which card is hidden."""

    player: int
    """The seat that received the card."""

    card: Card | None
    """Always None: only the drawing player sees the card (R-2.4)."""


@frozen
class RedactedGangsterPlayed:
    """:class:`~.events.GangsterPlayed` landing face down, seen by another seat."""

    player: int
    """The seat that played it."""

    card: GangsterCard | None
    """Always None: the card lies face down (R-4.2, R-4.4)."""

    business: BusinessTile
    """The business."""


@frozen
class RedactedReinforcementChosen:
    """A reinforcement choice seen by another seat: that a choice was made, not which (R-6.7.2).

    Both :class:`~chicago_poker.core.events.ReinforcementChosen` and
    :class:`~chicago_poker.core.events.ReinforcementDeclined` of another seat redact to this: a
    decline is a choice too, revealed with the others by ReinforcementsRevealed.
    """

    player: int
    """The seat that chose."""

    card: GangsterCard | None
    """Always None: no choice is revealed until every tied player has chosen."""


@frozen
class RedactedPoliceRaidPlayed:
    """:class:`~.events.PoliceRaidPlayed` seen by a seat other than the raider's."""

    player: int
    """The seat that played it."""

    copy: int
    """Which of the two Police Raid cards was played (R-1.2)."""

    business: BusinessTile
    """The business chosen."""

    target: int
    """The seat raided."""

    seen: tuple[GangsterCard | None, ...]
    """The face-down cards seen, None for each one the viewer does not know (R-5.3)."""


@frozen
class RedactedLimousinePlayed:
    """:class:`~chicago_poker.core.events.LimousinePlayed` seen by another seat."""

    player: int
    """The seat that played it."""

    source: BusinessTile
    """The business the cards left."""

    destination: BusinessTile
    """The business the cards went to."""

    cards: tuple[GangsterCard | None, ...]
    """The cards moved, in their new order; None for each that landed face down (R-5.4.3)."""

    left: tuple[GangsterCard | None, ...] | None = None
    """With ``limousine_any_cards``: the player's column at the source after the move, as the
    viewer sees it (None for each card hidden from them). The cards left behind close up and
    turn to the face of their new position (R-5.4.1), so a card may turn face up; this says
    which. None without the option: the last cards moved, the others did not budge."""


@frozen
class RedactedBriberyPlayed:
    """:class:`~chicago_poker.core.events.BriberyPlayed` seen by another seat."""

    player: int
    """The seat that played it."""

    card: Card | None
    """Always None: the others learn that a card was taken, not which (R-5.6.1, D-22)."""


RedactedEvent: TypeAlias = (
    RedactedGameStarted
    | RedactedCardDrawn
    | RedactedGangsterPlayed
    | RedactedReinforcementChosen
    | RedactedPoliceRaidPlayed
    | RedactedLimousinePlayed
    | RedactedBriberyPlayed
)
"""An event with a card hidden from the seat it was redacted for."""

SeenEvent: TypeAlias = Event | RedactedEvent
"""An event as one seat sees it: unchanged, or redacted."""

_PublicEvent: TypeAlias = (
    TurnStarted
    | ActionPhaseStarted
    | ShootoutStarted
    | ReinforcementRequested
    | ReinforcementsRevealed
    | ShootoutWon
    | ShootoutVoided
    | TileRevealed
    | DrawRequested
    | DiscardPileReshuffled
    | MarkerPlaced
    | LiquidationPlayed
    | RevolverPlayed
    | TurnEnded
    | GameWon
    | GameBlocked
    | GameStalled
)
"""An event that no seat sees redacted: every seat may know all it says."""

PUBLIC_EVENTS: Final[frozenset[type]] = frozenset(get_args(_PublicEvent))
"""The classes of the events that :func:`redact` gives back unchanged to every seat."""


def _business(state: GameState, tile: BusinessTile) -> Business:
    business = state.business(tile)
    if business is None:
        raise ValueError(f"{tile} is not in play")
    return business


def redact(state_before: GameState | None, event: Event, seat: int | None) -> SeenEvent:
    """``event`` as ``seat`` may see it; ``None`` is an observer.

    ``state_before`` is the state the event applies to (None only for GameStarted): whether a
    played card lands face down depends on the length of the column before it (R-4.2), and
    whether a raid shows the viewer something new depends on what they already saw (R-5.3).

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=7)
    >>> start = game.events[0]
    >>> redact(None, start, 0) == start
    False
    >>> redact(None, start, 0).hands[1]
    (None, None, None, None, None)

    Raises:
        InvalidSeatError: ``seat`` is neither None nor a seat of the table.
    """
    check_viewer(seat, _table_size(state_before, event))
    return _redact_checked(state_before, event, seat)


def _table_size(state_before: GameState | None, event: Event) -> int | None:
    """The number of seats, known from the state, or from GameStarted before there is one."""
    if state_before is not None:
        return len(state_before.players)
    return len(event.players) if isinstance(event, GameStarted) else None


def _redact_checked(state_before: GameState | None, event: Event, seat: int | None) -> SeenEvent:
    """:func:`redact` once ``seat`` is known to be a viewer of the table."""
    match event:
        case GameStarted():
            return _redact_start(event, seat)
        case CardDrawn() | ReinforcementChosen() | ReinforcementDeclined() | BriberyPlayed():
            return event if seat == event.player else _hide_card(event)
        case GangsterPlayed():
            return _redact_gangster(_state_before(state_before, event), event, seat)
        case PoliceRaidPlayed():
            return _redact_raid(_state_before(state_before, event), event, seat)
        case LimousinePlayed():
            return _redact_limousine(_state_before(state_before, event), event, seat)
        case _:
            public = _public(event)
            _state_before(state_before, event)
            return public


def _hide_card(
    event: CardDrawn | ReinforcementChosen | ReinforcementDeclined | BriberyPlayed,
) -> RedactedCardDrawn | RedactedReinforcementChosen | RedactedBriberyPlayed:
    """An event whose card only its player sees, as any other seat sees it."""
    match event:
        case CardDrawn():
            return RedactedCardDrawn(event.player, None)
        case ReinforcementChosen() | ReinforcementDeclined():
            return RedactedReinforcementChosen(event.player, None)
        case BriberyPlayed():
            return RedactedBriberyPlayed(event.player, None)


def _public(event: _PublicEvent) -> _PublicEvent:
    """An event that every seat may know all of; anything else is refused."""
    match event:
        case (
            TurnStarted()
            | ActionPhaseStarted()
            | ShootoutStarted()
            | ReinforcementRequested()
            | ReinforcementsRevealed()
            | ShootoutWon()
            | ShootoutVoided()
            | TileRevealed()
            | DrawRequested()
            | DiscardPileReshuffled()
            | MarkerPlaced()
            | LiquidationPlayed()
            | RevolverPlayed()
            | TurnEnded()
            | GameWon()
            | GameBlocked()
            | GameStalled()
        ):
            return event
        case _:
            raise unknown_type("an event", event)


def _redact_start(event: GameStarted, seat: int | None) -> SeenEvent:
    """The deal with every hand but ``seat``'s hidden."""
    if seat is not None and all(
        not hand for other, hand in enumerate(event.hands) if other != seat
    ):
        return event
    hands = tuple(
        hand if other == seat else (None,) * len(hand) for other, hand in enumerate(event.hands)
    )
    return RedactedGameStarted(
        event.players, hands, event.businesses, event.first_player, event.options
    )


def _state_before(state_before: GameState | None, event: Event) -> GameState:
    if state_before is None:
        raise ValueError(f"redacting {type(event).__name__} needs the state before it")
    return state_before


def _redact_gangster(state_before: GameState, event: GangsterPlayed, seat: int | None) -> SeenEvent:
    business = _business(state_before, event.business)
    position = len(business.columns[event.player].cards)
    if seat == event.player or not lands_face_down(business.tile, position):
        return event
    return RedactedGangsterPlayed(event.player, None, event.business)


def _redact_raid(state_before: GameState, event: PoliceRaidPlayed, seat: int | None) -> SeenEvent:
    if seat in (event.player, event.target):
        return event
    known = (
        frozenset()
        if seat is None
        else {
            card
            for tile, owner, card in state_before.players[seat].seen
            if tile == event.business and owner == event.target
        }
    )
    seen = tuple(card if card in known else None for card in event.seen)
    if None not in seen:
        return event
    return RedactedPoliceRaidPlayed(event.player, event.copy, event.business, event.target, seen)


def _redact_limousine(
    state_before: GameState, event: LimousinePlayed, seat: int | None
) -> SeenEvent:
    if seat == event.player:
        return event
    destination = _business(state_before, event.destination)
    start = len(destination.columns[event.player].cards)
    cards = tuple(
        None if lands_face_down(destination.tile, start + index) else card
        for index, card in enumerate(event.cards)
    )
    if state_before.options.limousine_any_cards:
        left = _left_behind(state_before, event, seat)
        return RedactedLimousinePlayed(event.player, event.source, event.destination, cards, left)
    if None not in cards:
        return event
    return RedactedLimousinePlayed(event.player, event.source, event.destination, cards)


def _left_behind(
    state_before: GameState, event: LimousinePlayed, seat: int | None
) -> tuple[GangsterCard | None, ...]:
    """The mover's column at the source after a Limousine, as ``seat`` sees it (R-5.4.1)."""
    after = apply(state_before, event)
    business = _business(after, event.source)
    return tuple(
        card if knows_card(after, seat, business, event.player, position) else None
        for position, card in enumerate(business.columns[event.player].cards)
    )
