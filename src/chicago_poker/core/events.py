"""Events: what happened. Past participles; :func:`chicago_poker.core.apply` folds them into state.

Events are facts: :func:`~chicago_poker.core.apply` trusts them and never checks a rule
again. Stored logs carry a format version in their header (see :mod:`chicago_poker.formats.log`),
which is what lets them be read after an event class changes.
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import frozen

from chicago_poker.core.cards import BusinessTile, Card, GangsterCard
from chicago_poker.core.hands import HandCategory
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import Victory

__all__ = [
    "ActionPhaseStarted",
    "BriberyPlayed",
    "CardDrawn",
    "DiscardPileReshuffled",
    "DrawRequested",
    "Event",
    "GameBlocked",
    "GameStalled",
    "GameStarted",
    "GameWon",
    "GangsterPlayed",
    "LimousinePlayed",
    "LiquidationPlayed",
    "MarkerPlaced",
    "PoliceRaidPlayed",
    "ReinforcementChosen",
    "ReinforcementDeclined",
    "ReinforcementRequested",
    "ReinforcementsRevealed",
    "RevolverPlayed",
    "ShootoutStarted",
    "ShootoutVoided",
    "ShootoutWon",
    "TileRevealed",
    "TurnEnded",
    "TurnStarted",
]


@frozen
class GameStarted:
    """A game was set up (R-2)."""

    players: tuple[str, ...]
    """The players' names by seat."""

    hands: tuple[tuple[Card, ...], ...]
    """The cards dealt to each seat (R-2.3)."""

    businesses: tuple[BusinessTile, ...]
    """The tiles revealed face up (R-2.5)."""

    first_player: int
    """The first player's seat (R-2.7)."""

    options: RuleOptions
    """The rule options."""


@frozen
class TurnStarted:
    """A player's turn began (R-3.1)."""

    player: int
    """Whose turn it is."""

    number: int
    """How many turns came before it."""

    actions: int
    """The ordinary actions of the turn: 3, or 1 or 2 in the first round (R-3.4)."""


@frozen
class ActionPhaseStarted:
    """The due shootouts are over; the player now takes their actions (R-3.1, R-6.1)."""

    player: int
    """Whose turn it is."""


@frozen
class ShootoutStarted:
    """A shootout began and every card at the business was revealed (R-6.1, R-6.3)."""

    business: BusinessTile
    """The business fought over."""

    owner: int
    """The seat whose marker made it due."""

    hands: tuple[tuple[int, tuple[GangsterCard, ...]], ...]
    """Each taking part seat with its revealed cards, in seat order (R-6.4)."""


@frozen
class ReinforcementRequested:
    """The best hands were tied; the tied players must reinforce (R-6.7.1, R-6.7.4)."""

    business: BusinessTile
    """The business fought over."""

    contenders: tuple[int, ...]
    """The tied seats."""


@frozen
class ReinforcementChosen:
    """A tied player chose a reinforcement, face down (R-6.7.2)."""

    player: int
    """The seat that chose."""

    card: GangsterCard
    """The card chosen; secret until every choice is made."""


@frozen
class ReinforcementDeclined:
    """A tied player sent no reinforcement (R-6.7.2, R-6.7.6)."""

    player: int
    """The seat that sent nothing."""


@frozen
class ReinforcementsRevealed:
    """The reinforcements were revealed and discarded (R-6.7.3, R-6.7.5)."""

    business: BusinessTile
    """The business fought over."""

    cards: tuple[tuple[int, GangsterCard], ...]
    """Each seat that sent a card, with it, in turn order from the shootout's owner."""

    contenders: tuple[int, ...]
    """The seats that sent the highest value and stay in the tie-break."""


@frozen
class ShootoutWon:
    """A player won a shootout: they take the tile, and every card there is discarded (R-6.5)."""

    business: BusinessTile
    """The business won."""

    player: int
    """The winner."""

    category: HandCategory
    """The category of the winning hand (R-7.2)."""

    reinforced: bool
    """Whether reinforcement decided it (R-6.7)."""


@frozen
class ShootoutVoided:
    """Nobody won a shootout; every card there is discarded and the tile stays (R-6.7.6)."""

    business: BusinessTile
    """The business fought over."""


@frozen
class TileRevealed:
    """A new business tile was revealed face up (R-6.6)."""

    tile: BusinessTile
    """The tile."""


@frozen
class DrawRequested:
    """A player took the draw action (R-3.6)."""

    player: int
    """The seat that draws."""


@frozen
class CardDrawn:
    """A card came off the draw deck into a player's hand (R-3.6, R-6.7.5)."""

    player: int
    """The seat that received it."""

    card: Card
    """The card; only that player sees it."""


@frozen
class DiscardPileReshuffled:
    """The discard pile became the new draw deck (R-3.7)."""

    cards: int
    """How many cards it held."""


@frozen
class GangsterPlayed:
    """A gangster card was placed at a business (R-4.1, R-4.2)."""

    player: int
    """The seat that played it."""

    card: GangsterCard
    """The card; secret to others if it lies face down."""

    business: BusinessTile
    """The business."""


@frozen
class MarkerPlaced:
    """A column reached five cards and got a shootout marker (R-4.6, R-5.4.4)."""

    player: int
    """The column's owner."""

    business: BusinessTile
    """The business."""

    number: int
    """The marker's sequence number (R-6.2)."""


@frozen
class LiquidationPlayed:
    """Liquidation discarded the last card of a column (R-5.2)."""

    player: int
    """The seat that played it."""

    business: BusinessTile
    """The business chosen."""

    victim: int
    """The seat that lost its last card there."""

    card: GangsterCard
    """The card discarded, revealed (R-3.11)."""


@frozen
class PoliceRaidPlayed:
    """A Police Raid showed a player's face-down cards at a business (R-5.3)."""

    player: int
    """The seat that played it."""

    copy: int
    """Which of the two Police Raid cards was played (R-1.2)."""

    business: BusinessTile
    """The business chosen."""

    target: int
    """The seat raided."""

    seen: tuple[GangsterCard, ...]
    """The face-down cards seen; only the raiding player learns them."""


@frozen
class LimousinePlayed:
    """The Limousine moved cards from one business to another (R-5.4)."""

    player: int
    """The seat that played it."""

    source: BusinessTile
    """The business the cards left."""

    destination: BusinessTile
    """The business the cards went to."""

    cards: tuple[GangsterCard, ...]
    """The cards moved, in their new order."""


@frozen
class RevolverPlayed:
    """The Revolver gave two extra actions (R-5.5)."""

    player: int
    """The seat that played it."""


@frozen
class BriberyPlayed:
    """Bribery took a card from the discard pile and rebuilt the draw deck (R-5.6)."""

    player: int
    """The seat that played it."""

    card: Card
    """The card taken; only that player sees it (R-5.6.1)."""


@frozen
class TurnEnded:
    """A turn ended (R-3.5)."""

    player: int
    """Whose turn it was."""

    forced: bool
    """Whether it ended because no action was allowed (D-9)."""


@frozen
class GameWon:
    """A player won the game (R-8)."""

    player: int
    """The winner."""

    victory: Victory
    """The condition met."""


@frozen
class GameBlocked:
    """Nobody could act any more; the game ended without a winner (R-8.6)."""


@frozen
class GameStalled:
    """No business was won in too many turns; the game ended without a winner (R-8.7)."""

    turns: int
    """The turns in a row that ended without a business won: the limit of the game."""


Event: TypeAlias = (
    GameStarted
    | TurnStarted
    | ActionPhaseStarted
    | ShootoutStarted
    | ReinforcementRequested
    | ReinforcementChosen
    | ReinforcementDeclined
    | ReinforcementsRevealed
    | ShootoutWon
    | ShootoutVoided
    | TileRevealed
    | DrawRequested
    | CardDrawn
    | DiscardPileReshuffled
    | GangsterPlayed
    | MarkerPlaced
    | LiquidationPlayed
    | PoliceRaidPlayed
    | LimousinePlayed
    | RevolverPlayed
    | BriberyPlayed
    | TurnEnded
    | GameWon
    | GameBlocked
    | GameStalled
)
"""Every event."""
