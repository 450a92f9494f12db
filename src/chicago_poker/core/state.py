"""The state of a game of Chicago Poker: frozen, hashable, built from tuples and frozensets.

The state is never changed in place: :func:`chicago_poker.core.apply` returns a new one. Piles whose
order nobody can know (the draw deck, the discard pile, the tile draw pile) are frozensets:
which card comes next is a chance outcome given to the engine as data (ARCHITECTURE: chance is
data), not a property of the state.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final, cast

from attrs import frozen

from chicago_poker.core.cards import BusinessTile, Card, Face, GangsterCard, lands_face_down
from chicago_poker.core.drawing import Tables
from chicago_poker.core.rules import MAX_COLUMN, MOST_ACTIONS, RuleOptions

__all__ = [
    "EMPTY_COLUMN",
    "Business",
    "Column",
    "GameState",
    "PlayerState",
    "Shootout",
    "ShootoutStage",
    "Turn",
    "TurnPhase",
    "Victory",
    "actions_left",
    "column_is_full",
]


@frozen
class Column:
    """One player's cards at one business, in the order they were placed (R-4.1)."""

    cards: tuple[GangsterCard, ...] = ()
    """The cards, first placed first; the last card is ``cards[-1]``."""

    marker: int | None = None
    """The sequence number of the shootout marker on the column, if any (R-4.6, R-6.2)."""

    @property
    def is_full(self) -> bool:
        """Whether the column holds five cards (R-4.5)."""
        return len(self.cards) >= MAX_COLUMN


column_is_full: Final[Callable[[Column], bool]] = cast("Any", Column.is_full).fget
""":attr:`Column.is_full` as a plain function: the property's own getter, so the rule is
written once. The engine's loops call this: in Python 3.11 reading a property is a call from C
back into Python, which costs several times a plain call.

>>> column_is_full(EMPTY_COLUMN)
False
"""


EMPTY_COLUMN = Column()
"""A column with no cards and no marker."""


@frozen
class Business:
    """A face-up business in play, with every player's column at it."""

    tile: BusinessTile
    """The business tile."""

    columns: tuple[Column, ...]
    """One column per seat, indexed by seat."""

    def face(self, position: int) -> Face:
        """The face of a card at ``position`` (0-based) in any column here (R-4.2)."""
        return self.tile.kind.pattern[position]

    def face_down_cards(self, seat: int) -> tuple[GangsterCard, ...]:
        """The cards of ``seat`` here that lie face down (R-4.2, R-4.4)."""
        cards = self.columns[seat].cards
        return tuple(card for index, card in enumerate(cards) if lands_face_down(self.tile, index))


@frozen
class PlayerState:
    """What belongs to one player."""

    name: str
    """The player's name (their gangster boss, R-2.2)."""

    hand: frozenset[Card] = frozenset()
    """The cards in the player's hand (R-2.4)."""

    controlled: tuple[BusinessTile, ...] = ()
    """The businesses the player controls, in the order won (R-6.5)."""

    seen: frozenset[tuple[BusinessTile, int, GangsterCard]] = frozenset()
    """Face-down cards this player saw with a Police Raid: (business, owner, card) (R-5.3).

    An entry is dropped as soon as the card leaves the column where it was seen.
    """


class TurnPhase(enum.Enum):
    """The parts of a turn (R-3.1)."""

    SHOOTOUTS = "shootouts"
    """The shootouts due to the player are being resolved (R-6.1)."""

    ACTIONS = "actions"
    """The player takes their actions (R-3.2)."""

    ENDED = "ended"
    """The turn is over; the next one has not started (R-3.5)."""


# No slots, here and on GameState: ``apply`` copies these once per event by merging their
# ``__dict__`` with the changed fields, which is much cheaper than the frozen ``__init__``.
@frozen(slots=False)
class Turn:
    """The turn in progress."""

    player: int
    """The seat whose turn it is."""

    number: int
    """How many turns were started before this one; the first round is numbers 0 to n-1."""

    phase: TurnPhase = TurnPhase.SHOOTOUTS
    """Whether the turn is resolving shootouts or taking actions."""

    base_actions: int = 3
    """The ordinary actions of the turn: 3, or 1 and 2 in the first round (R-3.2, R-3.4)."""

    bonus_actions: int = 0
    """Extra, optional actions from Revolvers (R-5.5), never more than bring the turn to
    eleven actions (R-5.5.1)."""

    actions_taken: int = 0
    """The actions taken so far."""

    shootouts: int = 0
    """The shootouts resolved at the start of this turn."""

    @property
    def actions_left(self) -> int:
        """The actions the player may still take."""
        return self.base_actions + self.bonus_actions - self.actions_taken

    @property
    def revolver_actions(self) -> int:
        """The extra actions a Revolver played now adds (R-5.5.1).

        Two, or as many as bring the turn to eleven actions, none once it has them.

        >>> [Turn(0, 10, bonus_actions=bonus).revolver_actions for bonus in (6, 8)]
        [2, 0]
        >>> Turn(1, 1, base_actions=2, bonus_actions=8).revolver_actions
        1
        """
        return max(0, min(2, MOST_ACTIONS - self.base_actions - self.bonus_actions))


actions_left: Final[Callable[[Turn], int]] = cast("Any", Turn.actions_left).fget
""":attr:`Turn.actions_left` as a plain function, the property's own getter: see
:data:`column_is_full`.

>>> actions_left(Turn(0, 5, actions_taken=1))
2
"""


class ShootoutStage(enum.Enum):
    """Where a shootout stands (R-6)."""

    OPEN = "open"
    """The cards are revealed; the hands are yet to be compared (R-6.3, R-6.4)."""

    CHOOSING = "choosing"
    """The tied players are choosing reinforcements (R-6.7.2)."""

    REVEALED = "revealed"
    """Reinforcements were revealed; replacement draws may be pending (R-6.7.3, R-6.7.5)."""


@frozen
class Shootout:
    """A shootout in progress."""

    business: BusinessTile
    """The business being fought over."""

    owner: int
    """The seat whose marker made the shootout due (R-6.1)."""

    stage: ShootoutStage = ShootoutStage.OPEN
    """Where the shootout stands."""

    contenders: tuple[int, ...] = ()
    """The seats still in the tie-break (R-6.7.1, R-6.7.4)."""

    choices: tuple[tuple[int, GangsterCard | None], ...] = ()
    """Reinforcements chosen this round: (seat, card), or (seat, None) for none (R-6.7.6)."""

    round: int = 0
    """How many rounds of reinforcement were revealed."""


class Victory(enum.Enum):
    """How a game was won (R-8)."""

    THREE_OF_A_KIND = "three businesses of one kind"
    """Three businesses of the same kind (R-8.1)."""

    FOUR_KINDS = "four different businesses"
    """One business of each of the four kinds (R-8.1)."""

    FIVE_BUSINESSES = "five businesses"
    """Any five businesses (R-8.1)."""

    TWO_OF_A_KIND = "two businesses of one kind"
    """Two businesses of the same kind, in the short game (R-8.3)."""

    THREE_BUSINESSES = "three businesses"
    """Any three businesses, in the short game (R-8.3)."""

    LAST_BUSINESS = "the last business"
    """The last business in play, when nobody met a condition (R-8.5)."""

    BLOCKED = "blocked"
    """Nobody could act any more; the game ended without a winner (R-8.6)."""

    STALLED = "stalled"
    """No business was won in too many turns; the game ended without a winner (R-8.7)."""


# No slots: see Turn.
@frozen(slots=False)
class GameState:
    """The whole state of a game."""

    options: RuleOptions
    """The rule options of the game."""

    players: tuple[PlayerState, ...]
    """The players, indexed by seat, in clockwise order."""

    first_player: int
    """The seat of the first player (R-2.7)."""

    turn: Turn
    """The turn in progress."""

    draw_pile: frozenset[Card] = frozenset()
    """The draw deck; its order is unknown (R-2.3, R-3.6)."""

    discard_pile: frozenset[Card] = frozenset()
    """The discard pile, face up and public (R-3.11)."""

    tile_pile: frozenset[BusinessTile] = frozenset()
    """The face-down business tiles (R-2.5)."""

    businesses: tuple[Business, ...] = ()
    """The face-up businesses in play, in the order they were revealed."""

    vacancies: int = 0
    """Businesses won whose replacement tile is still to be revealed (R-6.6)."""

    pending_draws: tuple[int, ...] = ()
    """Seats waiting for a card from the draw deck, first first."""

    shootout: Shootout | None = None
    """The shootout in progress, if any."""

    markers_placed: int = 0
    """How many shootout markers were ever placed; numbers them in order (R-6.2)."""

    last_winner: int | None = None
    """The seat that won the latest shootout (R-8.5)."""

    idle_turns: int = 0
    """Consecutive turns in which nothing could happen (R-8.6)."""

    stalled_turns: int = 0
    """Turns that ended since a business was last won, or since the game began (R-8.7)."""

    winner: int | None = None
    """The winning seat, once the game is over."""

    victory: Victory | None = None
    """How the game ended, once it is over."""

    previous_turn: Turn | None = None
    """The turn before :attr:`turn`, as it ended; None during the first turn.

    It tells a player who gives a fourth action apart from one who plays out of turn (R-3.2).
    """

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R-8.2, R-8.6, R-8.7)."""
        return self.victory is not None

    def business(self, tile: BusinessTile) -> Business | None:
        """The face-up business with this tile, or None if it is not in play."""
        for business in self.businesses:
            if business.tile is tile:  # tiles are interned
                return business
        return None

    def __str__(self) -> str:
        """A readable table of the whole state, every secret shown (see ``core.tables``)."""
        return Tables.state(self)

    def free_places(self, seat: int) -> int:
        """How many more cards ``seat`` could place at the face-up businesses (R-3.9)."""
        return sum(MAX_COLUMN - len(b.columns[seat].cards) for b in self.businesses)
