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

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeAlias

import attrs
from attrs import frozen

from chicago_poker.apply import apply
from chicago_poker.cards import (
    BUSINESS_TILES,
    BusinessTile,
    Card,
    Face,
    GangsterCard,
    SpecialCard,
    SpecialKind,
    full_deck,
    tactical_deck,
)
from chicago_poker.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    SendReinforcement,
    StartGame,
)
from chicago_poker.errors import InvalidSeatError, short_repr
from chicago_poker.events import (
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
from chicago_poker.rules import RuleOptions
from chicago_poker.state import (
    Business,
    GameState,
    ShootoutStage,
    Turn,
    TurnPhase,
    Victory,
)

if TYPE_CHECKING:
    from chicago_poker.log import LogEntry, LogHeader, RedactedLogEntry

__all__ = [
    "BusinessView",
    "ColumnView",
    "OpponentView",
    "PlayerView",
    "RedactedBriberyPlayed",
    "RedactedCardDrawn",
    "RedactedCommand",
    "RedactedDealCard",
    "RedactedEvent",
    "RedactedGameStarted",
    "RedactedGangsterPlayed",
    "RedactedLimousinePlayed",
    "RedactedPlayBribery",
    "RedactedPlayGangster",
    "RedactedPlayLimousine",
    "RedactedPoliceRaidPlayed",
    "RedactedReinforcementChosen",
    "RedactedSendReinforcement",
    "RedactedStartGame",
    "SeenCommand",
    "SeenEvent",
    "ShootoutView",
    "SlotView",
    "ViewFolder",
    "fold_events",
    "fold_view",
    "knows_card",
    "redact",
    "redact_command",
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

    stalled_turns: int
    """Turns that ended since a business was last won, or since the game began (R-8.7)."""

    winner: int | None
    """The winning seat, once the game is over."""

    victory: Victory | None
    """How the game ended, once it is over."""


def _check_viewer(seat: object, players: int | None) -> None:
    """``seat`` must be None (an observer) or a seat of the table of ``players`` (R-2.1).

    Views are the engine's security boundary: a seat of -1 would show the last seat's hand
    (Python counts from the end), and True would pass for seat 1. Where the number of
    players is not known (an event redacted without the state before it), any seat from 0
    up may ask.
    """
    if seat is None:
        return
    if type(seat) is int and seat >= 0 and (players is None or seat < players):
        return
    seats = "from 0 up" if players is None else f"from 0 to {players - 1}"
    raise InvalidSeatError(
        f"There is no seat {short_repr(seat)} at this table: a view is for a seat {seats}, "
        "or None for an observer.",
        rule="R-2.1",
    )


def knows_card(
    state: GameState, seat: int | None, business: Business, owner: int, position: int
) -> bool:
    """Whether ``seat`` may know the card at ``position`` of ``owner``'s column at ``business``.

    A face-up card is public (R-4.4); a face-down card is known to its owner (R-4.3) and to a
    player who saw it with a Police Raid while it stays in that column (R-5.3); every card at a
    business where a shootout is in progress is face up (R-6.3).

    Raises:
        InvalidSeatError: ``seat`` is neither None nor a seat of the table.
    """
    _check_viewer(seat, len(state.players))
    return _knows_card(state, seat, business, owner, position)


def _knows_card(
    state: GameState, seat: int | None, business: Business, owner: int, position: int
) -> bool:
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
                    card if _knows_card(state, seat, business, owner, position) else None,
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


def _hand_size(state: GameState, viewer: int | None, seat: int) -> int:
    """The hand size ``viewer`` may know for ``seat``.

    A reinforcement chosen by another player still counts in their hand until the reveal:
    whether they sent a card or declined is part of their secret choice (R-6.7.2).
    """
    size = len(state.players[seat].hand)
    shootout = state.shootout
    if seat == viewer or shootout is None:
        return size
    sent = any(chooser == seat and card is not None for chooser, card in shootout.choices)
    return size + 1 if sent else size


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

    Raises:
        InvalidSeatError: ``seat`` is neither None nor a seat of the table.
    """
    _check_viewer(seat, len(state.players))
    return PlayerView(
        seat=seat,
        options=state.options,
        hand=None if seat is None else state.players[seat].hand,
        players=tuple(
            OpponentView(player.name, _hand_size(state, seat, other), player.controlled)
            for other, player in enumerate(state.players)
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
        stalled_turns=state.stalled_turns,
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

    left: tuple[GangsterCard | None, ...] | None = None
    """With ``limousine_any_cards``: the player's column at the source after the move, as the
    viewer sees it (None for each card hidden from them). The cards left behind close up and
    turn to the face of their new position (R-5.4.1), so a card may turn face up; this says
    which. None without the option: the last cards moved, the others did not budge."""


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

    Raises:
        InvalidSeatError: ``seat`` is neither None nor a seat of the table.
    """
    if state_before is not None:
        _check_viewer(seat, len(state_before.players))
    else:
        _check_viewer(seat, len(event.players) if isinstance(event, GameStarted) else None)
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
            if state_before.options.limousine_any_cards:
                return RedactedLimousinePlayed(
                    event.player,
                    event.source,
                    event.destination,
                    cards,
                    _left_behind(state_before, event, seat),
                )
            if None not in cards:
                return event
            return RedactedLimousinePlayed(event.player, event.source, event.destination, cards)
        case _:
            return event


def _left_behind(
    state_before: GameState, event: LimousinePlayed, seat: int | None
) -> tuple[GangsterCard | None, ...]:
    """The mover's column at the source after a Limousine, as ``seat`` sees it (R-5.4.1)."""
    after = apply(state_before, event)
    business = _business(after, event.source)
    return tuple(
        card if _knows_card(after, seat, business, event.player, position) else None
        for position, card in enumerate(business.columns[event.player].cards)
    )


# --------------------------------------------------------------------------- redacted commands


@frozen
class RedactedStartGame:
    """:class:`~chicago_poker.commands.StartGame` with the other seats' hands hidden (R-2.4)."""

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
class RedactedDealCard:
    """:class:`~chicago_poker.commands.DealCard` of a card dealt to another seat."""

    card: Card | None
    """Always None: only the drawing player sees the card (R-2.4)."""


@frozen
class RedactedPlayGangster:
    """:class:`~chicago_poker.commands.PlayGangster` of a card landing face down elsewhere."""

    player: int
    """The seat that plays it."""

    card: GangsterCard | None
    """Always None: the card lands face down (R-4.2, R-4.4)."""

    business: BusinessTile
    """The business."""


@frozen
class RedactedPlayLimousine:
    """:class:`~chicago_poker.commands.PlayLimousine` of another seat."""

    player: int
    """The seat that plays it."""

    source: BusinessTile
    """The business the cards leave."""

    destination: BusinessTile
    """The business the cards go to."""

    cards: tuple[GangsterCard | None, ...]
    """The cards moved, in their new order; None for each that lands face down (R-5.4.3)."""


@frozen
class RedactedPlayBribery:
    """:class:`~chicago_poker.commands.PlayBribery` of another seat."""

    player: int
    """The seat that plays it."""

    card: Card | None
    """Always None: the others learn that a card is taken, not which (R-5.6.1, D-22)."""


@frozen
class RedactedSendReinforcement:
    """A reinforcement choice of another seat: that a choice was made, not which (R-6.7.2).

    Both :class:`~chicago_poker.commands.SendReinforcement` and
    :class:`~chicago_poker.commands.DeclineReinforcement` of another seat redact to this, as
    their events redact to :class:`RedactedReinforcementChosen`.
    """

    player: int
    """The seat that chooses."""

    card: GangsterCard | None
    """Always None: no choice is revealed until every tied player has chosen."""


RedactedCommand: TypeAlias = (
    RedactedStartGame
    | RedactedDealCard
    | RedactedPlayGangster
    | RedactedPlayLimousine
    | RedactedPlayBribery
    | RedactedSendReinforcement
)
"""A command with a card hidden from the seat it was redacted for."""

SeenCommand: TypeAlias = Command | RedactedCommand
"""A command as one seat sees it: unchanged, or redacted."""


def redact_command(
    state_before: GameState | None, command: Command, seat: int | None
) -> SeenCommand:
    """``command`` as ``seat`` may see it; ``None`` is an observer.

    ``state_before`` is the state the command is given in (None only for StartGame): who gets
    a dealt card and whether a played card lands face down depend on it. A command shows what
    its events show (:func:`redact`): a card dealt to another seat, another seat's face-down
    gangster, Bribery or reinforcement choice (sent or declined) are hidden.

    Raises:
        InvalidSeatError: ``seat`` is neither None nor a seat of the table.
    """
    if state_before is not None:
        _check_viewer(seat, len(state_before.players))
    else:
        _check_viewer(seat, len(command.players) if isinstance(command, StartGame) else None)
    if isinstance(command, StartGame):
        if seat is not None and all(
            not hand for other, hand in enumerate(command.hands) if other != seat
        ):
            return command
        hands = tuple(
            hand if other == seat else (None,) * len(hand)
            for other, hand in enumerate(command.hands)
        )
        return RedactedStartGame(
            command.players, hands, command.businesses, command.first_player, command.options
        )
    if state_before is None:
        raise ValueError(f"redacting {type(command).__name__} needs the state before it")
    match command:
        case DealCard():
            pending = state_before.pending_draws
            if seat is not None and pending and pending[0] == seat:
                return command
            return RedactedDealCard(None)
        case PlayGangster():
            if seat == command.player:
                return command
            business = state_before.business(command.business)
            if business is not None:
                position = len(business.columns[command.player].cards)
                if position < len(business.tile.kind.pattern) and (
                    business.face(position) is Face.UP
                ):
                    return command
            return RedactedPlayGangster(command.player, None, command.business)
        case PlayLimousine():
            if seat == command.player:
                return command
            destination = state_before.business(command.destination)
            start = 0 if destination is None else len(destination.columns[command.player].cards)
            pattern = command.destination.kind.pattern
            cards = tuple(
                card if start + index < len(pattern) and pattern[start + index] is Face.UP else None
                for index, card in enumerate(command.cards)
            )
            if None not in cards:
                return command
            return RedactedPlayLimousine(command.player, command.source, command.destination, cards)
        case PlayBribery():
            return command if seat == command.player else RedactedPlayBribery(command.player, None)
        case SendReinforcement() | DeclineReinforcement():
            if seat == command.player:
                return command
            return RedactedSendReinforcement(command.player, None)
        case _:
            return command


# --------------------------------------------------------------------------- folding


class ViewFolder:
    """Rebuild a seat's :class:`PlayerView` from the events as that seat sees them.

    Feed it, in order, the events of a game redacted for ``seat`` (:func:`redact`): it uses
    nothing the seat may not know, and :meth:`view` equals ``view(state, seat)`` of the real
    state after the same events (with one exception, see :func:`fold_view`).
    """

    def __init__(self, seat: int | None) -> None:
        """Start before GameStarted; ``seat=None`` is an observer."""
        self.seat = seat
        self.started = False
        self.options = RuleOptions()
        self.names: tuple[str, ...] = ()
        self.first_player = 0
        self.hand: set[Card] = set()
        self.hand_sizes: list[int] = []
        self.controlled: list[list[BusinessTile]] = []
        self.turn = Turn(0, -1, TurnPhase.ENDED, 0)
        self.previous_turn: Turn | None = None
        """The turn before :attr:`turn`, as it ended (see ``GameState.previous_turn``)."""
        self.tiles: list[BusinessTile] = []
        self.columns: dict[BusinessTile, list[list[GangsterCard | None]]] = {}
        self.markers: dict[BusinessTile, list[int | None]] = {}
        self.draw_pile_size = 0
        self.discard_pile: set[Card] = set()
        self.tile_pile_size = 0
        self.vacancies = 0
        self.pending_draws: tuple[int, ...] = ()
        self.shootout: ShootoutView | None = None
        self.undisclosed: set[int] = set()
        self.markers_placed = 0
        self.last_winner: int | None = None
        self.stalled_turns = 0
        self.winner: int | None = None
        self.victory: Victory | None = None

    @classmethod
    def resume(cls, seen: PlayerView) -> ViewFolder:
        """A folder that goes on from ``seen``, a view of its seat (say, of a saved game)."""
        folder = cls(seen.seat)
        folder.started = True
        folder.options = seen.options
        folder.names = tuple(player.name for player in seen.players)
        folder.first_player = seen.first_player
        folder.hand = set(seen.hand or ())
        folder.hand_sizes = [player.hand_size for player in seen.players]
        folder.controlled = [list(player.controlled) for player in seen.players]
        folder.turn = seen.turn
        for business in seen.businesses:
            folder.tiles.append(business.tile)
            folder.columns[business.tile] = [
                [slot.card for slot in column.slots] for column in business.columns
            ]
            folder.markers[business.tile] = [column.marker for column in business.columns]
        folder.draw_pile_size = seen.draw_pile_size
        folder.discard_pile = set(seen.discard_pile)
        folder.tile_pile_size = seen.tile_pile_size
        folder.vacancies = seen.vacancies
        folder.pending_draws = seen.pending_draws
        folder.shootout = seen.shootout
        folder.markers_placed = seen.markers_placed
        folder.last_winner = seen.last_winner
        folder.stalled_turns = seen.stalled_turns
        folder.winner = seen.winner
        folder.victory = seen.victory
        return folder

    # --- helpers

    def _new_business(self, tile: BusinessTile) -> None:
        self.tiles.append(tile)
        self.columns[tile] = [[] for _ in self.names]
        self.markers[tile] = [None for _ in self.names]

    def _count_action(self) -> None:
        turn = self.turn
        self.turn = attrs.evolve(turn, actions_taken=turn.actions_taken + 1)

    def _play_special(self, seat: int, card: Card) -> None:
        self._count_action()
        self.hand_sizes[seat] -= 1
        if seat == self.seat:
            self.hand.discard(card)
        self.discard_pile.add(card)

    def _clear(self, tile: BusinessTile) -> None:
        for column in self.columns[tile]:
            self.discard_pile.update(card for card in column if card is not None)
        self.shootout = None

    # --- folding

    def apply(self, event: SeenEvent) -> None:
        """Fold one event, as the seat sees it."""
        seat = self.seat
        match event:
            case GameStarted() | RedactedGameStarted():
                _check_viewer(seat, len(event.players))
                self.__dict__.update(ViewFolder(seat).__dict__)
                self.started = True
                self.options = event.options
                self.names = event.players
                self.first_player = event.first_player
                self.hand = set() if seat is None else {c for c in event.hands[seat] if c}
                self.hand_sizes = [len(hand) for hand in event.hands]
                self.controlled = [[] for _ in event.players]
                count = len(event.players)
                self.turn = Turn((event.first_player - 1) % count, -1, TurnPhase.ENDED, 0)
                deck = tactical_deck() if event.options.tactical else full_deck()
                self.draw_pile_size = len(deck) - sum(self.hand_sizes)
                self.tile_pile_size = len(BUSINESS_TILES) - len(event.businesses)
                for tile in event.businesses:
                    self._new_business(tile)
                return
            case _:
                if not self.started:
                    raise ValueError(
                        f"a game must begin with GameStarted, not {type(event).__name__}"
                    )
        match event:
            case GangsterPlayed() | RedactedGangsterPlayed():
                self._count_action()
                self.hand_sizes[event.player] -= 1
                if event.player == seat and event.card is not None:
                    self.hand.discard(event.card)
                self.columns[event.business][event.player].append(event.card)
            case DrawRequested():
                self._count_action()
                self.pending_draws = (*self.pending_draws, event.player)
            case CardDrawn() | RedactedCardDrawn():
                self.hand_sizes[event.player] += 1
                if event.player == seat and event.card is not None:
                    self.hand.add(event.card)
                self.draw_pile_size -= 1
                self.pending_draws = self.pending_draws[1:]
            case TurnStarted():
                self.previous_turn = self.turn if self.turn.number >= 0 else None
                self.turn = Turn(event.player, event.number, TurnPhase.SHOOTOUTS, event.actions)
            case ActionPhaseStarted():
                self.turn = attrs.evolve(self.turn, phase=TurnPhase.ACTIONS)
            case TurnEnded():
                self.turn = attrs.evolve(self.turn, phase=TurnPhase.ENDED)
                self.stalled_turns += 1
            case MarkerPlaced():
                self.markers[event.business][event.player] = event.number
                self.markers_placed = event.number + 1
            case ShootoutStarted():
                self.turn = attrs.evolve(self.turn, shootouts=self.turn.shootouts + 1)
                self.shootout = ShootoutView(
                    event.business, event.owner, ShootoutStage.OPEN, (), (), None, 0
                )
                for owner, cards in event.hands:
                    self.columns[event.business][owner] = list(cards)
            case ShootoutWon():
                self._clear(event.business)
                self.controlled[event.player].append(event.business)
                self.tiles.remove(event.business)
                del self.columns[event.business], self.markers[event.business]
                self.vacancies += 1
                self.last_winner = event.player
                self.stalled_turns = 0
            case ShootoutVoided():
                self._clear(event.business)
                self.columns[event.business] = [[] for _ in self.names]
                self.markers[event.business] = [None for _ in self.names]
            case TileRevealed():
                self._new_business(event.tile)
                self.tile_pile_size -= 1
                self.vacancies -= 1
            case ReinforcementRequested():
                assert self.shootout is not None
                self.shootout = attrs.evolve(
                    self.shootout,
                    stage=ShootoutStage.CHOOSING,
                    contenders=event.contenders,
                    chosen=(),
                    own_choice=None,
                )
            case ReinforcementChosen() | ReinforcementDeclined() | RedactedReinforcementChosen():
                assert self.shootout is not None
                own = self.shootout.own_choice
                if isinstance(event, ReinforcementChosen):
                    self.hand_sizes[event.player] -= 1
                    if event.player == seat:
                        self.hand.discard(event.card)
                        own = event.card
                elif isinstance(event, RedactedReinforcementChosen):
                    # Sent or declined: the hand size tells only at the reveal.
                    self.undisclosed.add(event.player)
                self.shootout = attrs.evolve(
                    self.shootout, chosen=(*self.shootout.chosen, event.player), own_choice=own
                )
            case ReinforcementsRevealed():
                assert self.shootout is not None
                for chooser, card in event.cards:
                    self.discard_pile.add(card)
                    if chooser in self.undisclosed:
                        self.hand_sizes[chooser] -= 1
                self.undisclosed.clear()
                self.pending_draws = (
                    *self.pending_draws,
                    *(chooser for chooser, _ in event.cards),
                )
                self.shootout = attrs.evolve(
                    self.shootout,
                    stage=ShootoutStage.REVEALED,
                    contenders=event.contenders,
                    chosen=(),
                    own_choice=None,
                    round=self.shootout.round + 1,
                )
            case DiscardPileReshuffled():
                self.draw_pile_size += len(self.discard_pile)
                self.discard_pile.clear()
            case LiquidationPlayed():
                self._play_special(event.player, _LIQUIDATION)
                self.columns[event.business][event.victim].pop()
                self.discard_pile.add(event.card)
            case PoliceRaidPlayed() | RedactedPoliceRaidPlayed():
                self._play_special(event.player, SpecialCard(SpecialKind.POLICE_RAID, event.copy))
                column = self.columns[event.business][event.target]
                pattern = event.business.kind.pattern
                hidden = [p for p in range(len(column)) if pattern[p] is Face.DOWN]
                for position, seen in zip(hidden, event.seen, strict=False):
                    if seen is not None:
                        column[position] = seen
            case LimousinePlayed() | RedactedLimousinePlayed():
                self._play_special(event.player, _LIMOUSINE)
                columns = self.columns[event.source]
                if isinstance(event, RedactedLimousinePlayed) and event.left is not None:
                    columns[event.player] = list(event.left)
                elif event.player == seat:
                    moved = set(event.cards)
                    columns[event.player] = [c for c in columns[event.player] if c not in moved]
                else:
                    del columns[event.player][len(columns[event.player]) - len(event.cards) :]
                self.columns[event.destination][event.player].extend(event.cards)
            case RevolverPlayed():
                self._play_special(event.player, _REVOLVER)
                self.turn = attrs.evolve(self.turn, bonus_actions=self.turn.bonus_actions + 2)
            case BriberyPlayed() | RedactedBriberyPlayed():
                self._count_action()
                if event.player == seat and event.card is not None:
                    self.hand.discard(_BRIBERY)
                    self.hand.add(event.card)
                self.draw_pile_size += len(self.discard_pile) - 1
                self.discard_pile = {_BRIBERY}
            case GameWon():
                self.winner = event.player
                self.victory = event.victory
            case GameBlocked():
                self.victory = Victory.BLOCKED
            case GameStalled():
                self.victory = Victory.STALLED
            case _:  # pragma: no cover - every event has a case
                raise TypeError(f"not an event: {event!r}")

    def view(self) -> PlayerView:
        """The view folded so far."""
        if not self.started:
            raise ValueError("no GameStarted event was folded")
        shootout = self.shootout
        businesses = tuple(
            BusinessView(
                tile,
                tuple(
                    ColumnView(
                        tuple(
                            SlotView(tile.kind.pattern[position], card)
                            for position, card in enumerate(column)
                        ),
                        marker,
                    )
                    for column, marker in zip(self.columns[tile], self.markers[tile], strict=True)
                ),
                shootout is not None and shootout.business == tile,
            )
            for tile in self.tiles
        )
        return PlayerView(
            seat=self.seat,
            options=self.options,
            hand=None if self.seat is None else frozenset(self.hand),
            players=tuple(
                OpponentView(name, size, tuple(controlled))
                for name, size, controlled in zip(
                    self.names, self.hand_sizes, self.controlled, strict=True
                )
            ),
            first_player=self.first_player,
            turn=self.turn,
            businesses=businesses,
            draw_pile_size=self.draw_pile_size,
            discard_pile=frozenset(self.discard_pile),
            tile_pile_size=self.tile_pile_size,
            vacancies=self.vacancies,
            pending_draws=self.pending_draws,
            shootout=shootout,
            markers_placed=self.markers_placed,
            last_winner=self.last_winner,
            stalled_turns=self.stalled_turns,
            winner=self.winner,
            victory=self.victory,
        )


_LIQUIDATION = SpecialCard(SpecialKind.LIQUIDATION, 1)
_LIMOUSINE = SpecialCard(SpecialKind.LIMOUSINE, 1)
_REVOLVER = SpecialCard(SpecialKind.REVOLVER, 1)
_BRIBERY = SpecialCard(SpecialKind.BRIBERY, 1)


def fold_events(events: Iterable[SeenEvent], seat: int | None) -> PlayerView:
    """The view of ``seat`` rebuilt from its redacted events alone (see :func:`fold_view`)."""
    folder = ViewFolder(seat)
    for event in events:
        folder.apply(event)
    return folder.view()


def fold_view(header: LogHeader, entries: Iterable[LogEntry | RedactedLogEntry]) -> PlayerView:
    """The view of the header's ``viewer`` rebuilt from the events of a redacted log alone.

    For the entries of a redacted log (:func:`chicago_poker.log.read_log`), this equals
    ``view(state, header.viewer)`` of the real state after the same entries (a property test
    checks it after every entry, for every seat and the spectator).

    Raises:
        ValueError: An entry has no events (a ``commands`` log), or the first is no start.
    """
    folder = ViewFolder(header.viewer)
    for entry in entries:
        if entry.events is None:
            raise ValueError("folding a view needs the events of every entry")
        for event in entry.events:
            folder.apply(event)
    return folder.view()
