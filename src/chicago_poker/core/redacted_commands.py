"""What a seat may know of a command: :func:`redact_command` and the redacted commands.

A command shows what its events show (:func:`~chicago_poker.core.redacted_events.redact`): a
card dealt to another seat, another seat's face-down gangster, Bribery or reinforcement choice
(sent or declined) are hidden, in a ``Redacted`` counterpart with the same fields. Like
``redact``, ``redact_command`` denies by default: a value of an unknown type is refused.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from attrs import frozen

from chicago_poker.core.cards import (
    BusinessTile,
    Card,
    GangsterCard,
    lands_face_down,
)
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    RevealTile,
    SendReinforcement,
    StartGame,
)
from chicago_poker.core.errors import unknown_type
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import (
    GameState,
)
from chicago_poker.core.views import check_viewer

__all__ = [
    "PUBLIC_COMMANDS",
    "RedactedCommand",
    "RedactedDealCard",
    "RedactedPlayBribery",
    "RedactedPlayGangster",
    "RedactedPlayLimousine",
    "RedactedSendReinforcement",
    "RedactedStartGame",
    "SeenCommand",
    "redact_command",
]


@frozen
class RedactedStartGame:
    """:class:`~.commands.StartGame` with the other seats' hands hidden (R-2.4)."""

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
    """:class:`~chicago_poker.core.commands.DealCard` of a card dealt to another seat."""

    card: Card | None
    """Always None: only the drawing player sees the card (R-2.4)."""


@frozen
class RedactedPlayGangster:
    """:class:`~chicago_poker.core.commands.PlayGangster` of a card landing face down elsewhere."""

    player: int
    """The seat that plays it."""

    card: GangsterCard | None
    """Always None: the card lands face down (R-4.2, R-4.4)."""

    business: BusinessTile
    """The business."""


@frozen
class RedactedPlayLimousine:
    """:class:`~chicago_poker.core.commands.PlayLimousine` of another seat."""

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
    """:class:`~chicago_poker.core.commands.PlayBribery` of another seat."""

    player: int
    """The seat that plays it."""

    card: Card | None
    """Always None: the others learn that a card is taken, not which (R-5.6.1, D-22)."""


@frozen
class RedactedSendReinforcement:
    """A reinforcement choice of another seat: that a choice was made, not which (R-6.7.2).

    Both :class:`~chicago_poker.core.commands.SendReinforcement` and
    :class:`~chicago_poker.core.commands.DeclineReinforcement` of another seat redact to this, as
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


PUBLIC_COMMANDS: Final[frozenset[type]] = frozenset(
    {DrawCard, EndTurn, PlayLiquidation, PlayPoliceRaid, PlayRevolver, RevealTile}
)
"""The classes of the commands that :func:`redact_command` gives back unchanged to every seat."""


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
    check_viewer(seat, _table_size(state_before, command))
    if isinstance(command, StartGame):
        return _redact_start(command, seat)
    if state_before is None:
        raise ValueError(f"redacting {type(command).__name__} needs the state before it")
    return _redact_in_play(state_before, command, seat)


def _table_size(state_before: GameState | None, command: Command) -> int | None:
    """The number of seats, known from the state, or from StartGame before there is one."""
    if state_before is not None:
        return len(state_before.players)
    return len(command.players) if isinstance(command, StartGame) else None


def _redact_in_play(state_before: GameState, command: Command, seat: int | None) -> SeenCommand:
    """A command given after StartGame, as ``seat`` may see it."""
    match command:
        case StartGame():  # reached only from redact_command's own check; here for mypy
            return _redact_start(command, seat)
        case DealCard():
            return _redact_deal(state_before, command, seat)
        case PlayGangster():
            return _redact_gangster(state_before, command, seat)
        case PlayLimousine():
            return _redact_limousine(state_before, command, seat)
        case PlayBribery():
            return command if seat == command.player else RedactedPlayBribery(command.player, None)
        case SendReinforcement() | DeclineReinforcement():
            if seat == command.player:
                return command
            return RedactedSendReinforcement(command.player, None)
        case (
            DrawCard()
            | EndTurn()
            | PlayLiquidation()
            | PlayPoliceRaid()
            | PlayRevolver()
            | RevealTile()
        ):
            return command  # public (PUBLIC_COMMANDS): every seat may know all they say
        case _:
            raise unknown_type("a command", command)


def _redact_start(command: StartGame, seat: int | None) -> StartGame | RedactedStartGame:
    """The deal with every hand but ``seat``'s hidden."""
    if seat is not None and all(
        not hand for other, hand in enumerate(command.hands) if other != seat
    ):
        return command
    hands = tuple(
        hand if other == seat else (None,) * len(hand) for other, hand in enumerate(command.hands)
    )
    return RedactedStartGame(
        command.players, hands, command.businesses, command.first_player, command.options
    )


def _redact_deal(
    state_before: GameState, command: DealCard, seat: int | None
) -> DealCard | RedactedDealCard:
    """A dealt card, seen only by the seat that drew it (the first pending draw)."""
    pending = state_before.pending_draws
    if seat is not None and pending and pending[0] == seat:
        return command
    return RedactedDealCard(None)


def _redact_gangster(
    state_before: GameState, command: PlayGangster, seat: int | None
) -> PlayGangster | RedactedPlayGangster:
    """A played gangster, hidden from the others when it lands face down."""
    if seat == command.player:
        return command
    business = state_before.business(command.business)
    if business is not None:
        position = len(business.columns[command.player].cards)
        if not lands_face_down(business.tile, position):
            return command
    return RedactedPlayGangster(command.player, None, command.business)


def _redact_limousine(
    state_before: GameState, command: PlayLimousine, seat: int | None
) -> PlayLimousine | RedactedPlayLimousine:
    """Moved cards, each hidden from the others when it lands face down."""
    if seat == command.player:
        return command
    destination = state_before.business(command.destination)
    start = 0 if destination is None else len(destination.columns[command.player].cards)
    cards = tuple(
        None if lands_face_down(command.destination, start + index) else card
        for index, card in enumerate(command.cards)
    )
    if None not in cards:
        return command
    return RedactedPlayLimousine(command.player, command.source, command.destination, cards)
