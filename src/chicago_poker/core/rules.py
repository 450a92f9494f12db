"""The rule constants, and the rule options that choose between readings of the rulebooks.

The constants (hand size, hand limit, column limit, Limousine maximum, face-up businesses
by player count, the rounds without a business won that end a game) are the numbers the
rules fix. The options are the variants of the
rulebooks and one switch per open discrepancy. Every option defaults to the reading the
specification takes (see ``spec/discrepancies.toml``); switching one on gives the other
reading that players may reasonably want.
"""

from __future__ import annotations

from typing import Any, Final

from attrs import Attribute, field, frozen

from chicago_poker.core.errors import ArgumentTypeError, short_repr

__all__ = [
    "FACE_UP_BUSINESSES",
    "HAND_LIMIT",
    "HAND_SIZE",
    "MAX_COLUMN",
    "MAX_LIMOUSINE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOST_ACTIONS",
    "STALL_ROUNDS",
    "TIE_BREAK_REVEALS",
    "RuleOptions",
    "command_bound",
    "stall_limit",
]

MIN_PLAYERS: Final = 2
"""The fewest players of a game (R-2.1)."""

MAX_PLAYERS: Final = 6
"""The most players of a game (R-2.1)."""

HAND_SIZE: Final = 5
"""Cards dealt to each player (R-2.3)."""

HAND_LIMIT: Final = 7
"""The most cards a player may hold at the end of their turn (R-3.9)."""

MAX_COLUMN: Final = 5
"""The most cards a player may have at one business (R-4.5)."""

MAX_LIMOUSINE: Final = 4
"""The most cards one Limousine moves (R-5.4.1)."""

FACE_UP_BUSINESSES: Final = {2: 2, 3: 2, 4: 3, 5: 4, 6: 4}
"""Face-up businesses at set-up, by number of players (R-2.5)."""

STALL_ROUNDS: Final = 50
"""Rounds of turns without a business won after which the game ends without a winner (R-8.7)."""

TIE_BREAK_REVEALS: Final = 10
"""Reveals of one tie-break after which, still tied, nobody wins the shootout (R-6.7.7)."""


def stall_limit(players: int) -> int:
    """How many turns in a row without a business won end a game of ``players`` (R-8.7).

    >>> stall_limit(4)
    200
    """
    return STALL_ROUNDS * players


MOST_ACTIONS: Final = 11
"""The most actions of one turn: a Revolver adds two extra actions, or as many as bring the
turn to eleven (R-5.5.1)."""

BUSINESSES_WON: Final = 20
"""The most businesses won in a game: every tile (R-1.4)."""


def command_bound(players: int) -> int:
    """The most commands, a player's or chance's, of a game of ``players`` (R-8.8).

    A game has at most 21 stretches of :func:`stall_limit` turns (R-8.7). A turn begins with at
    most one shootout per business in play (R-6.1); a shootout has at most
    :data:`TIE_BREAK_REVEALS` reveals, each after a choice of every tied player and followed by
    a replacement card for each (R-6.7.5, R-6.7.7), and then at most one new tile (R-6.6). Then
    come at most :data:`MOST_ACTIONS` actions, a draw being two commands (the player's and the
    card dealt), and the end of the turn. Then the game's one :class:`StartGame`.

    >>> command_bound(2), command_bound(6)
    (220501, 3194101)
    """
    shootout = TIE_BREAK_REVEALS * 2 * players + 1
    turn = FACE_UP_BUSINESSES[players] * shootout + 2 * MOST_ACTIONS + 1
    return 1 + (BUSINESSES_WON + 1) * stall_limit(players) * turn


def _flag(_: object, attribute: Attribute[Any], value: object) -> None:
    """Refuse an option that is not a bool: ``"no"`` would be taken as True."""
    if type(value) is not bool:
        raise ArgumentTypeError(
            f"RuleOptions: {attribute.name} must be True or False, not {short_repr(value)}"
        )


@frozen
class RuleOptions:
    """The rule options of one game, fixed before it starts.

    >>> RuleOptions()
    RuleOptions(tactical=False, short_game=False, optional_actions=False, \
limousine_any_cards=False, optional_reinforcement=False)
    >>> RuleOptions(tactical=True).deck_size
    75
    >>> RuleOptions(tactical=1)
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.ArgumentTypeError: RuleOptions: tactical must be True or False, not 1
    """

    tactical: bool = field(default=False, validator=_flag)
    """Play without the six special cards (R-9.1)."""

    short_game: bool = field(default=False, validator=_flag)
    """Win with two businesses of one kind or any three businesses (R-8.3, D-38)."""

    optional_actions: bool = field(default=False, validator=_flag)
    """A player may end their turn after fewer than three actions (R-3.2, D-8)."""

    limousine_any_cards: bool = field(default=False, validator=_flag)
    """A Limousine may move any of the player's cards, not only the last ones (R-5.4.1, D-18)."""

    optional_reinforcement: bool = field(default=False, validator=_flag)
    """A tied player may decline to send a reinforcement (R-6.7.2, D-28)."""

    @property
    def deck_size(self) -> int:
        """The number of cards in the deck: 81, or 75 in the tactical variant (R-1.3, R-9.1)."""
        return 75 if self.tactical else 81
