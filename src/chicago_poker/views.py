"""Hidden information: what a seat may know of states (:func:`view`) and events (:func:`redact`).

A :class:`~chicago_poker.state.GameState` holds everything, secrets included: every hand, the
draw deck, the face-down cards. A front end, a bot or a log shown to a player must only use
what that player may know:

- their own hand, and the size of every other hand (R-2.4);
- the number of cards in every column and every face-up card (R-4.4);
- their own face-down cards (R-4.3), and the face-down cards they saw with a Police Raid for
  as long as those cards stay in the column where they were seen (R-5.3);
- every card at a business where a shootout is in progress, since all are turned face up
  (R-6.3);
- the discard pile (R-3.11), but not the card a Bribery took from it (R-5.6.1);
- who has chosen a reinforcement, but not what, until every choice is revealed (R-6.7.2).

``seat=None`` is an observer (a spectator), who has no hand and has seen no raid.

Redacted events: an event that shows a seat everything it holds is returned unchanged by
:func:`redact`. An event with a card hidden from the seat is returned as its ``Redacted``
counterpart defined here: same name with a ``Redacted`` prefix, same fields in the same order,
each hidden card replaced by None (the event classes themselves keep their exact types, so
that :func:`chicago_poker.apply` can trust them). A consumer can therefore match both forms
with the same field names, e.g. ``case CardDrawn(player=p) | RedactedCardDrawn(player=p)``.
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import frozen

from chicago_poker.cards import BusinessTile, Card, Face, GangsterCard
from chicago_poker.events import (
    BriberyPlayed,
    CardDrawn,
    Event,
    GameStarted,
    GangsterPlayed,
    LimousinePlayed,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementDeclined,
)
from chicago_poker.rules import RuleOptions
from chicago_poker.state import (
    Business,
    GameState,
    ShootoutStage,
    Turn,
    Victory,
)

__all__ = [
    "BusinessView",
    "ColumnView",
    "OpponentView",
    "PlayerView",
    "RedactedBriberyPlayed",
    "RedactedCardDrawn",
    "RedactedEvent",
    "RedactedGameStarted",
    "RedactedGangsterPlayed",
    "RedactedLimousinePlayed",
    "RedactedPoliceRaidPlayed",
    "RedactedReinforcementChosen",
    "SeenEvent",
    "ShootoutView",
    "SlotView",
    "knows_card",
    "redact",
    "view",
]


# --------------------------------------------------------------------------- views


@frozen
class SlotView:
    """One position of a column, as the viewer sees it."""

    face: Face
    """Whether the position lies face up or face down, from the tile's pattern (R-4.2)."""

    card: GangsterCard | None
    """The card, where the viewer may know it (R-4.3, R-4.4, R-5.3, R-6.3); otherwise None."""


@frozen
class ColumnView:
    """One player's column at one business, as the viewer sees it (R-4.4)."""

    slots: tuple[SlotView, ...]
    """The positions, first placed first; their number is public (R-4.4)."""

    marker: int | None
    """The number of the shootout marker on the column, if any (R-4.6, R-6.2)."""

    def __len__(self) -> int:
        """The number of cards in the column."""
        return len(self.slots)


@frozen
class BusinessView:
    """A face-up business, as the viewer sees it."""

    tile: BusinessTile
    """The business tile."""

    columns: tuple[ColumnView, ...]
    """One column per seat, indexed by seat."""

    revealed: bool
    """Whether a shootout is in progress here, so every card is face up for all (R-6.3)."""


@frozen
class OpponentView:
    """The public part of one player's situation (any seat, the viewer's own included)."""

    name: str
    """The player's name."""

    hand_size: int
    """How many cards the player holds; never which (R-2.4)."""

    controlled: tuple[BusinessTile, ...]
    """The businesses the player controls, in the order won (R-6.5)."""


@frozen
class ShootoutView:
    """The shootout in progress, as the viewer sees it."""

    business: BusinessTile
    """The business fought over."""

    owner: int
    """The seat whose marker made the shootout due (R-6.1)."""

    stage: ShootoutStage
    """Where the shootout stands."""

    contenders: tuple[int, ...]
    """The seats still in the tie-break (R-6.7.1, R-6.7.4)."""

    chosen: tuple[int, ...]
    """The seats that made their reinforcement choice this round, sent or declined (R-6.7.2)."""

    own_choice: GangsterCard | None
    """The viewer's own reinforcement this round, if they sent one; others' stay secret."""

    round: int
    """How many rounds of reinforcement were revealed."""


@frozen
class PlayerView:
    """Exactly what one seat (or an observer) may know of a game."""

    seat: int | None
    """The viewer's seat, or None for an observer."""

    options: RuleOptions
    """The rule options of the game."""

    hand: frozenset[Card] | None
    """The viewer's own hand (R-2.4); None for an observer."""

    players: tuple[OpponentView, ...]
    """Every player's public situation, indexed by seat."""

    first_player: int
    """The seat of the first player (R-2.7)."""

    turn: Turn
    """The turn in progress: whose, its phase, its base, bonus and remaining actions."""

    businesses: tuple[BusinessView, ...]
    """The face-up businesses, in the order they were revealed."""

    draw_pile_size: int
    """How many cards the draw deck holds; never which (R-3.6)."""

    discard_pile: frozenset[Card]
    """The discard pile, which is public (R-3.11)."""

    tile_pile_size: int
    """How many business tiles are face down; never which (R-2.5)."""

    vacancies: int
    """Businesses won whose replacement tile is still to be revealed (R-6.6)."""

    pending_draws: tuple[int, ...]
    """The seats waiting for a card from the draw deck, first first."""

    shootout: ShootoutView | None
    """The shootout in progress, if any."""

    markers_placed: int
    """How many shootout markers were ever placed (R-6.2)."""

    last_winner: int | None
    """The seat that won the latest shootout (R-8.5)."""

    winner: int | None
    """The winning seat, once the game is over."""

    victory: Victory | None
    """How the game ended, once it is over."""


def knows_card(
    state: GameState, seat: int | None, business: Business, owner: int, position: int
) -> bool:
    """Whether ``seat`` may know the card at ``position`` of ``owner``'s column at ``business``.

    A face-up card is public (R-4.4); a face-down card is known to its owner (R-4.3) and to a
    player who saw it with a Police Raid while it stays in that column (R-5.3); every card at a
    business where a shootout is in progress is face up (R-6.3).
    """
    if business.face(position) is Face.UP or seat == owner:
        return True
    if state.shootout is not None and state.shootout.business == business.tile:
        return True
    if seat is None:
        return False
    card = business.columns[owner].cards[position]
    return (business.tile, owner, card) in state.players[seat].seen


def _business_view(state: GameState, seat: int | None, business: Business) -> BusinessView:
    columns = tuple(
        ColumnView(
            tuple(
                SlotView(
                    business.face(position),
                    card if knows_card(state, seat, business, owner, position) else None,
                )
                for position, card in enumerate(column.cards)
            ),
            column.marker,
        )
        for owner, column in enumerate(business.columns)
    )
    revealed = state.shootout is not None and state.shootout.business == business.tile
    return BusinessView(business.tile, columns, revealed)


def _shootout_view(state: GameState, seat: int | None) -> ShootoutView | None:
    shootout = state.shootout
    if shootout is None:
        return None
    own = next((card for chooser, card in shootout.choices if chooser == seat), None)
    return ShootoutView(
        business=shootout.business,
        owner=shootout.owner,
        stage=shootout.stage,
        contenders=shootout.contenders,
        chosen=tuple(chooser for chooser, _ in shootout.choices),
        own_choice=own,
        round=shootout.round,
    )


def view(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know of ``state``; ``None`` is an observer, who has no hand.

    Two states that differ only in what ``seat`` may not know give equal views.

    >>> from chicago_poker.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=7)
    >>> mine = view(game.state, 0)
    >>> mine.hand == game.state.players[0].hand, mine.players[1].hand_size
    (True, 5)
    >>> view(game.state, None).hand is None
    True
    """
    return PlayerView(
        seat=seat,
        options=state.options,
        hand=None if seat is None else state.players[seat].hand,
        players=tuple(
            OpponentView(player.name, len(player.hand), player.controlled)
            for player in state.players
        ),
        first_player=state.first_player,
        turn=state.turn,
        businesses=tuple(_business_view(state, seat, b) for b in state.businesses),
        draw_pile_size=len(state.draw_pile),
        discard_pile=state.discard_pile,
        tile_pile_size=len(state.tile_pile),
        vacancies=state.vacancies,
        pending_draws=state.pending_draws,
        shootout=_shootout_view(state, seat),
        markers_placed=state.markers_placed,
        last_winner=state.last_winner,
        winner=state.winner,
        victory=state.victory,
    )


# --------------------------------------------------------------------------- redacted events


@frozen
class RedactedGameStarted:
    """:class:`~chicago_poker.events.GameStarted` with the other seats' hands hidden (R-2.4)."""

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
    """:class:`~chicago_poker.events.CardDrawn` seen by another seat: which card is hidden."""

    player: int
    """The seat that received the card."""

    card: Card | None
    """Always None: only the drawing player sees the card (R-2.4)."""


@frozen
class RedactedGangsterPlayed:
    """:class:`~chicago_poker.events.GangsterPlayed` landing face down, seen by another seat."""

    player: int
    """The seat that played it."""

    card: GangsterCard | None
    """Always None: the card lies face down (R-4.2, R-4.4)."""

    business: BusinessTile
    """The business."""


@frozen
class RedactedReinforcementChosen:
    """A reinforcement choice seen by another seat: that a choice was made, not which (R-6.7.2).

    Both :class:`~chicago_poker.events.ReinforcementChosen` and
    :class:`~chicago_poker.events.ReinforcementDeclined` of another seat redact to this: a
    decline is a choice too, revealed with the others by ReinforcementsRevealed.
    """

    player: int
    """The seat that chose."""

    card: GangsterCard | None
    """Always None: no choice is revealed until every tied player has chosen."""


@frozen
class RedactedPoliceRaidPlayed:
    """:class:`~chicago_poker.events.PoliceRaidPlayed` seen by a seat other than the raider's."""

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
    """:class:`~chicago_poker.events.LimousinePlayed` seen by another seat."""

    player: int
    """The seat that played it."""

    source: BusinessTile
    """The business the cards left."""

    destination: BusinessTile
    """The business the cards went to."""

    cards: tuple[GangsterCard | None, ...]
    """The cards moved, in their new order; None for each that landed face down (R-5.4.3)."""


@frozen
class RedactedBriberyPlayed:
    """:class:`~chicago_poker.events.BriberyPlayed` seen by another seat."""

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

    >>> from chicago_poker.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=7)
    >>> start = game.events[0]
    >>> redact(None, start, 0) == start
    False
    >>> redact(None, start, 0).hands[1]
    (None, None, None, None, None)
    """
    match event:
        case GameStarted():
            if seat is not None and all(
                not hand for other, hand in enumerate(event.hands) if other != seat
            ):
                return event
            hands = tuple(
                hand if other == seat else (None,) * len(hand)
                for other, hand in enumerate(event.hands)
            )
            return RedactedGameStarted(
                event.players, hands, event.businesses, event.first_player, event.options
            )
        case CardDrawn():
            return event if seat == event.player else RedactedCardDrawn(event.player, None)
        case ReinforcementChosen() | ReinforcementDeclined():
            if seat == event.player:
                return event
            return RedactedReinforcementChosen(event.player, None)
        case BriberyPlayed():
            return event if seat == event.player else RedactedBriberyPlayed(event.player, None)
        case _:
            pass
    if state_before is None:
        raise ValueError(f"redacting {type(event).__name__} needs the state before it")
    match event:
        case GangsterPlayed():
            business = _business(state_before, event.business)
            position = len(business.columns[event.player].cards)
            if seat == event.player or business.face(position) is Face.UP:
                return event
            return RedactedGangsterPlayed(event.player, None, event.business)
        case PoliceRaidPlayed():
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
            return RedactedPoliceRaidPlayed(
                event.player, event.copy, event.business, event.target, seen
            )
        case LimousinePlayed():
            if seat == event.player:
                return event
            destination = _business(state_before, event.destination)
            start = len(destination.columns[event.player].cards)
            cards = tuple(
                card if destination.face(start + index) is Face.UP else None
                for index, card in enumerate(event.cards)
            )
            if None not in cards:
                return event
            return RedactedLimousinePlayed(event.player, event.source, event.destination, cards)
        case _:
            return event
