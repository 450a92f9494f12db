"""The dealer: chance, seeded, so that one seed gives exactly one game.

A :class:`Dealer` shuffles and deals the set-up (:meth:`Dealer.start`) and answers every
chance decision of a game (:meth:`Dealer.outcome`): a card from the draw pile, a business
tile from the face-down ones. It lives outside the functional core and only proposes chance
commands, which the engine checks like any other. :class:`~chicago_poker.players.game.Game`
deals with one, and is where it is imported from as ever.

>>> from chicago_poker.core.rules import RuleOptions
>>> start = Dealer(7).start(["Al", "Bugs"], RuleOptions())
>>> start == Dealer(7).start(["Al", "Bugs"], RuleOptions()), len(start.hands[0])
(True, 5)
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from typing import Final

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    CARD_ORDER_KEY,
    BusinessTile,
    Card,
    full_deck,
    tactical_deck,
)
from chicago_poker.core.commands import ChanceCommand, DealCard, RevealTile, StartGame
from chicago_poker.core.errors import (
    ArgumentTypeError,
    IllegalCommand,
    InvalidArgumentError,
    short_repr,
)
from chicago_poker.core.legal import Awaiting, awaiting
from chicago_poker.core.rules import FACE_UP_BUSINESSES, HAND_SIZE, RuleOptions
from chicago_poker.core.state import GameState

__all__ = ["Dealer"]

_SEED_LIMIT: Final = 2**63
"""A dealer made without a seed draws one below this, so that it can be saved and replayed."""


class Dealer:
    """Chance, seeded: shuffles, deals and draws so that one seed gives exactly one game.

    The dealer lives outside the functional core. It only proposes chance commands; the
    engine checks them like any other.
    """

    def __init__(self, seed: int | None = None, *, fixed_order: bool = False) -> None:
        """Create a dealer; the same seed gives the same outcomes, and different seeds differ.

        With ``fixed_order`` (duplicate deals), the seed fixes the whole order of the deck
        and of the tiles at the start: every card is then dealt as the next of that order
        still in the draw pile, after the last one dealt (a card back in the pile waits for
        its turn to come round again), and every tile as the next of its order still hidden.
        Games with the same seed and players then see the same cards in the same order
        wherever their play allows, whoever sits where: what a match with duplicate deals
        needs. Such a dealer's games are not saved by :meth:`Game.to_json`.

        Raises:
            ArgumentTypeError: ``seed`` is neither an int nor None (True included).
            InvalidArgumentError: ``seed`` is negative: Python's generator would give seed
                ``-n`` the game of seed ``n``.
        """
        self._seed = _checked_seed(seed)
        self._random = random.Random(self._seed)
        # The draw pile last dealt from, its cards in display order, and the card dealt.
        self._pile: frozenset[Card] = frozenset()
        self._ordered: list[Card] = []
        self._dealt: Card | None = None
        # Duplicate deals: the deck's and the tiles' order, fixed at the start, and where
        # the last card dealt stood in it; None for a dealer that draws at random.
        self._fixed_order = fixed_order
        self._deck: tuple[Card, ...] = ()
        self._tiles: tuple[BusinessTile, ...] = ()
        self._next_card = 0

    @property
    def fixed_order(self) -> bool:
        """Whether the seed fixes the order of every card and tile (duplicate deals)."""
        return self._fixed_order

    @property
    def seed(self) -> int:
        """The seed: the one given, or one drawn at random when none was."""
        return self._seed

    def is_fresh(self) -> bool:
        """Whether the dealer has dealt nothing yet since it was seeded."""
        return self._random.getstate() == random.Random(self._seed).getstate()

    def start(self, players: Sequence[str], options: RuleOptions) -> StartGame:
        """Shuffle and deal a new game (R-2.3, R-2.5, R-2.7).

        Raises:
            IllegalCommand: ``players`` is not a sequence of names; a single string, which
                would seat one player per letter, is refused too (R-2.2).
            ArgumentTypeError: ``options`` is not a :class:`RuleOptions`.
        """
        _check_seating(players, options)
        deck = list(tactical_deck() if options.tactical else full_deck())
        self._random.shuffle(deck)
        tiles = list(BUSINESS_TILES)
        self._random.shuffle(tiles)
        count = len(players)
        hands = [deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(count)]
        face_up = FACE_UP_BUSINESSES.get(count, 0)
        first = self._random.randrange(count) if count else 0
        if self._fixed_order:
            self._deck, self._tiles = tuple(deck), tuple(tiles)
            self._next_card = count * HAND_SIZE
        return StartGame(
            tuple(players), tuple(map(tuple, hands)), tuple(tiles[:face_up]), first, options
        )

    def outcome(self, state: GameState) -> ChanceCommand | None:
        """The chance command ``state`` waits for, or None if it waits for no chance."""
        chance = awaiting(state, check_actions=False)
        if self._fixed_order and self._deck:
            return self._fixed_outcome(state, chance)
        if chance is _CARD:
            card = self._random.choice(self._ordered_pile(state.draw_pile))
            self._dealt = card
            return _deal_card(card)
        if chance is _TILE:
            return RevealTile(self._random.choice(sorted(state.tile_pile)))
        return None

    def _fixed_outcome(self, state: GameState, chance: Awaiting | None) -> ChanceCommand | None:
        """The chance command of a dealer with a fixed order: the next card or tile of it."""
        if chance is _CARD:
            size = len(self._deck)
            for step_ in range(size):
                index = (self._next_card + step_) % size
                if self._deck[index] in state.draw_pile:
                    self._next_card = index + 1
                    return _deal_card(self._deck[index])
        if chance is _TILE:
            return RevealTile(next(tile for tile in self._tiles if tile in state.tile_pile))
        return None

    def _ordered_pile(self, pile: frozenset[Card]) -> list[Card]:
        """The cards of ``pile`` in display order.

        Each deal takes one card from the draw pile, so the order is kept from one deal to
        the next instead of sorting the pile again.
        """
        if pile != self._pile:
            dealt, last = self._dealt, self._pile
            if dealt in last and dealt not in pile and len(pile) == len(last) - 1 and pile <= last:
                # The pile of the last deal, less the card dealt: found by its place in the
                # order, as list.remove would compare cards with ==, which is slow for them.
                at = bisect.bisect_left(self._ordered, dealt.order, key=CARD_ORDER_KEY)
                del self._ordered[at]
            elif pile <= self._pile:
                self._ordered = [card for card in self._ordered if card in pile]
            else:
                self._ordered = sorted(pile, key=CARD_ORDER_KEY)
            self._pile = pile
        return self._ordered

    def get_state(self) -> object:
        """The random generator's state, to rewind on undo (with the place in a fixed order)."""
        if self._fixed_order:
            return (self._random.getstate(), self._next_card)
        return self._random.getstate()

    def set_state(self, value: object) -> None:
        """Rewind to a state from :meth:`get_state`."""
        if self._fixed_order:
            value, self._next_card = value  # type: ignore[misc]  # the pair of get_state
        self._random.setstate(value)  # type: ignore[arg-type]  # an opaque value from getstate


# Enum members bound to module names once: see the note in chicago_poker.core.legal.
_CARD: Final = Awaiting.CARD
_TILE: Final = Awaiting.TILE

_DEAL_CARDS: Final[dict[Card, DealCard]] = {}
"""The DealCard of each card dealt so far: commands are immutable, so deals share them."""


def _checked_seed(seed: int | None) -> int:
    """A dealer's seed: ``seed`` once checked, or one drawn at random for None."""
    if seed is None:
        return random.SystemRandom().randrange(_SEED_LIMIT)
    if type(seed) is not int:
        raise ArgumentTypeError(f"Dealer: seed must be an int or None, not {short_repr(seed)}")
    if seed < 0:
        raise InvalidArgumentError(f"Dealer: seed must be 0 or more, not {seed}")
    return seed


def _check_seating(players: Sequence[str], options: RuleOptions) -> None:
    """Refuse players that are not a sequence of names, and options that are not RuleOptions."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise IllegalCommand(
            f"The players are a sequence of names, not {short_repr(players)}.", rule="R-2.2"
        )
    if not isinstance(options, RuleOptions):
        raise ArgumentTypeError(
            f"Dealer.start: options must be a RuleOptions, not {short_repr(options)}"
        )


def _deal_card(card: Card) -> DealCard:
    deal = _DEAL_CARDS.get(card)
    if deal is None:
        deal = _DEAL_CARDS[card] = DealCard(card)
    return deal
