"""Commands: what a player, or chance, asks the engine to do. Imperative names.

A command is checked by :func:`chicago_poker.decide`, which either rejects it with an
:class:`~chicago_poker.errors.IllegalCommand` naming the rule it breaks, or returns the events it
causes. Player commands carry the acting seat in ``player``. Chance commands (:class:`StartGame`,
:class:`DealCard`, :class:`RevealTile`) carry the outcome of a shuffle or a draw as data, so a
game played with a seeded dealer and a game recorded at a real table are checked alike.
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import field, frozen

from chicago_poker.cards import BusinessTile, Card, GangsterCard
from chicago_poker.rules import RuleOptions

__all__ = [
    "ChanceCommand",
    "Command",
    "DealCard",
    "DeclineReinforcement",
    "DrawCard",
    "EndTurn",
    "PlayBribery",
    "PlayGangster",
    "PlayLimousine",
    "PlayLiquidation",
    "PlayPoliceRaid",
    "PlayRevolver",
    "PlayerCommand",
    "RevealTile",
    "SendReinforcement",
    "StartGame",
]


@frozen
class StartGame:
    """Set up a game: the players, the options and every chance outcome of the set-up (R-2)."""

    players: tuple[str, ...]
    """The players' names, by seat in clockwise order (R-2.1, R-2.2)."""

    hands: tuple[tuple[Card, ...], ...]
    """The five cards dealt to each seat (R-2.3)."""

    businesses: tuple[BusinessTile, ...]
    """The business tiles revealed face up (R-2.5)."""

    first_player: int = 0
    """The seat chosen to play first (R-2.7)."""

    options: RuleOptions = field(factory=RuleOptions)
    """The rule options of the game."""


@frozen
class DealCard:
    """Chance: the card that comes off the draw deck for the player waiting for one (R-3.6)."""

    card: Card
    """The card drawn."""


@frozen
class RevealTile:
    """Chance: the tile that comes off the tile draw pile to replace a won business (R-6.6)."""

    tile: BusinessTile
    """The tile revealed."""


@frozen
class DrawCard:
    """Take the draw action (R-3.6); the card itself comes from chance (:class:`DealCard`)."""

    player: int
    """The acting seat."""


@frozen
class PlayGangster:
    """Play a gangster card from the hand at a face-up business (R-4.1)."""

    player: int
    """The acting seat."""

    card: GangsterCard
    """The card played."""

    business: BusinessTile
    """The business where it goes."""


@frozen
class PlayLiquidation:
    """Play Liquidation: discard the last card of another player's column (R-5.2)."""

    player: int
    """The acting seat."""

    business: BusinessTile
    """The business chosen."""

    victim: int
    """The seat whose last card there is discarded."""


@frozen
class PlayPoliceRaid:
    """Play a Police Raid: see another player's face-down cards at a business (R-5.3)."""

    player: int
    """The acting seat."""

    business: BusinessTile
    """The business chosen."""

    target: int
    """The seat whose face-down cards are examined."""


@frozen
class PlayLimousine:
    """Play the Limousine: move one to four of one's cards to another business (R-5.4)."""

    player: int
    """The acting seat."""

    source: BusinessTile
    """The business the cards leave."""

    destination: BusinessTile
    """The business the cards go to."""

    cards: tuple[GangsterCard, ...]
    """The cards moved, in the order they are placed at the destination."""


@frozen
class PlayRevolver:
    """Play the Revolver: two extra actions this turn (R-5.5)."""

    player: int
    """The acting seat."""


@frozen
class PlayBribery:
    """Play Bribery: take a card from the discard pile, then rebuild the draw deck (R-5.6)."""

    player: int
    """The acting seat."""

    card: Card
    """The card taken from the discard pile."""


@frozen
class EndTurn:
    """End the turn while only optional actions are left (R-3.5)."""

    player: int
    """The acting seat."""


@frozen
class SendReinforcement:
    """Choose, face down, the gangster card to send in a tie-break (R-6.7.2)."""

    player: int
    """The acting seat."""

    card: GangsterCard
    """The card sent."""


@frozen
class DeclineReinforcement:
    """Send no reinforcement, under the option ``optional_reinforcement`` (R-6.7.2)."""

    player: int
    """The acting seat."""


PlayerCommand: TypeAlias = (
    DrawCard
    | PlayGangster
    | PlayLiquidation
    | PlayPoliceRaid
    | PlayLimousine
    | PlayRevolver
    | PlayBribery
    | EndTurn
    | SendReinforcement
    | DeclineReinforcement
)
"""A command taken by a player."""

ChanceCommand: TypeAlias = StartGame | DealCard | RevealTile
"""A command that gives the engine a chance outcome."""

Command: TypeAlias = PlayerCommand | ChanceCommand
"""Every command."""
