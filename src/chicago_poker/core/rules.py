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
    "STALL_ROUNDS",
    "RuleOptions",
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


def stall_limit(players: int) -> int:
    """How many turns in a row without a business won end a game of ``players`` (R-8.7).

    >>> stall_limit(4)
    200
    """
    return STALL_ROUNDS * players


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
