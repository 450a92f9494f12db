"""Poker hands at a business and how they rank (rules R-7.1 to R-7.8).

A player's hand at a business is all of their cards there: one to five gangster cards
(R-7.1). :func:`evaluate_hand` gives it a :class:`HandRank`; a higher rank wins the
shootout, and equal ranks tie (R-7.8).

>>> from chicago_poker.core.cards import parse_card
>>> def hand(text):
...     return [parse_card(card) for card in text.split()]
>>> evaluate_hand(hand("8R 8Y 8G 1B 1P")).description
'Full house, three 8s and two 1s'
>>> evaluate_hand(hand("9R 9Y 9G 9B 9P")) > evaluate_hand(hand("4R 5R 6R 7R 8R"))
True

How evaluation is fast: every gangster card carries a prime for its value and a bit for
its colour. The product of five cards' primes names their multiset of values, and one dict
lookup turns it into a ready-made rank. If the values all differ, ANDing the colour bits
rules out a flush; if a value repeats, identity checks rule out a repeated card (cards are
interned). Anything else (flushes and straights, whose category depends on colour,
partial hands, bad input) takes a slower path that validates the hand in full.

The tables keep each rank packed into an int (:func:`rank_key`): category, then the
tie-breaking values, four bits each. Code that ranks many hands and keeps the results (the
bots) keeps these keys, which order as the ranks do; ints are not objects the garbage
collector tracks, where a :class:`HandRank` is, and a bot's search meets thousands of hands.
:func:`evaluate_hand` makes one :class:`HandRank` for each rank it returns, kept for the
next time.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from functools import total_ordering
from typing import Final

from attrs import field, frozen
from attrs.validators import instance_of

from chicago_poker.core.cards import (
    GANGSTER_CARDS,
    MAX_VALUE,
    MIN_VALUE,
    Card,
    Color,
    GangsterCard,
    SpecialCard,
)
from chicago_poker.core.errors import InvalidHandError, InvalidRankError

__all__ = ["MAX_HAND_SIZE", "RANK_SCALE", "HandCategory", "HandRank", "evaluate_hand", "rank_key"]

MAX_HAND_SIZE: Final = 5
"""Most gangster cards a player can have at one business (R-7.1)."""

_STRAIGHT_LENGTH: Final = 5
_TIE_BITS: Final = 4 * MAX_HAND_SIZE  # a rank's key: the category, then five values of 4 bits

RANK_SCALE: Final = 1 << _TIE_BITS
"""What a rank's key (:func:`rank_key`) is divided by to give its category, plus its
tie-breaking values as hexadecimal fractions: ``rank_key(cards) // RANK_SCALE`` is the
category's strength."""


@total_ordering
class HandCategory(Enum):
    """Category of a poker hand (R-7.2), listed from highest to lowest (R-7.3).

    A higher category compares greater, and beats any hand of a lower one.

    >>> HandCategory.FULL_HOUSE > HandCategory.FLUSH
    True
    >>> HandCategory.RAINBOW_STRAIGHT.label
    'Rainbow straight'
    """

    CHICAGO_POKER = 11
    STRAIGHT_FLUSH = 10
    RAINBOW_STRAIGHT = 9
    FOUR_OF_A_KIND = 8
    FULL_HOUSE = 7
    FLUSH = 6
    STRAIGHT = 5
    THREE_OF_A_KIND = 4
    TWO_PAIR = 3
    PAIR = 2
    HIGH_CARD = 1

    @property
    def strength(self) -> int:
        """Position from the bottom: 1 for high card up to 11 for Chicago Poker.

        >>> HandCategory.PAIR.strength
        2
        """
        return self.value

    @property
    def label(self) -> str:
        """Name for players, such as ``"Full house"``.

        >>> HandCategory.CHICAGO_POKER.label
        'Chicago Poker'
        """
        return _LABELS[self]

    @property
    def rule(self) -> str:
        """ID of the rule that defines the category.

        >>> HandCategory.FULL_HOUSE.rule
        'R-7.2.5'
        """
        return f"R-7.2.{HandCategory.CHICAGO_POKER.value + 1 - self.value}"

    def __lt__(self, other: object) -> bool:
        """Tell whether this category ranks below the other (R-7.3)."""
        if isinstance(other, HandCategory):
            return self.value < other.value
        return NotImplemented


_LABELS: Final = {
    HandCategory.CHICAGO_POKER: "Chicago Poker",
    HandCategory.STRAIGHT_FLUSH: "Straight flush",
    HandCategory.RAINBOW_STRAIGHT: "Rainbow straight",
    HandCategory.FOUR_OF_A_KIND: "Four of a kind",
    HandCategory.FULL_HOUSE: "Full house",
    HandCategory.FLUSH: "Flush",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.THREE_OF_A_KIND: "Three of a kind",
    HandCategory.TWO_PAIR: "Two pair",
    HandCategory.PAIR: "Pair",
    HandCategory.HIGH_CARD: "High card",
}

_CATEGORY_OF: Final = {category.value: category for category in HandCategory}

_STRAIGHTS: Final = frozenset(
    {HandCategory.STRAIGHT_FLUSH, HandCategory.RAINBOW_STRAIGHT, HandCategory.STRAIGHT}
)
_SETS: Final = {  # category -> (sizes of its sets, how many kickers it may have)
    HandCategory.CHICAGO_POKER: ((5,), 0),
    HandCategory.FOUR_OF_A_KIND: ((4,), 1),
    HandCategory.FULL_HOUSE: ((3, 2), 0),
    HandCategory.THREE_OF_A_KIND: ((3,), 2),
    HandCategory.TWO_PAIR: ((2, 2), 1),
    HandCategory.PAIR: ((2,), 3),
    HandCategory.FLUSH: ((), 5),
    HandCategory.HIGH_CARD: ((), 5),
}


@frozen(order=True, repr=False)
class HandRank:
    """Strength of a hand: its category, then tie-breaking values (R-7.3, R-7.5).

    Ranks are totally ordered; a greater rank wins. Equal ranks are a tie (R-7.8) and hash
    alike. Tie-breaking values compare left to right and a missing value ranks below every
    value (R-7.7), which is how Python compares tuples: ``(9, 5) > (9,)``.

    >>> HandRank(HandCategory.PAIR, (9, 7, 5))
    HandRank(HandCategory.PAIR, (9, 7, 5))
    >>> str(HandRank(HandCategory.PAIR, (9, 7, 5)))
    'Pair of 9s, then 7, 5'
    """

    category: HandCategory = field(eq=False, validator=instance_of(HandCategory))
    """Category of the hand (R-7.2)."""

    tiebreak: tuple[int, ...] = field(eq=False)
    """Values that break ties within the category, most significant first (R-7.5).

    Sets come first by value (the four, the three, then the pair of a full house, the
    higher then the lower pair), then the other cards highest first; straights give only
    their highest card. Colours never appear (R-7.6).
    """

    _key: int = field(init=False)
    """Category and tiebreak packed into one int; equality, order and hash use it alone."""

    @tiebreak.validator
    def _check(self, attribute: object, tiebreak: tuple[int, ...]) -> None:
        problem = _rank_problem(self.category, tiebreak)
        if problem:
            raise InvalidRankError(
                f"no hand has the rank {self.category.label} {tiebreak}: {problem}"
            )

    def __attrs_post_init__(self) -> None:
        """Pack the rank into its comparison key."""
        object.__setattr__(self, "_key", _pack(self.category, self.tiebreak))

    @classmethod
    def _of_key(cls, key: int) -> HandRank:
        """Build the rank packed in ``key`` (a key of the tables) without validation."""
        values = (key >> 16 & 0xF, key >> 12 & 0xF, key >> 8 & 0xF, key >> 4 & 0xF, key & 0xF)
        # A missing value packs as 0 (MIN_VALUE is 1), and only the last ones can be missing.
        tiebreak = values[: values.index(0)] if 0 in values else values
        rank = object.__new__(cls)
        object.__setattr__(rank, "category", _CATEGORY_OF[key >> _TIE_BITS])
        object.__setattr__(rank, "tiebreak", tiebreak)
        object.__setattr__(rank, "_key", key)
        return rank

    @property
    def description(self) -> str:
        """The hand in words a player understands, such as ``"Straight to 12"``.

        >>> HandRank(HandCategory.FULL_HOUSE, (8, 1)).description
        'Full house, three 8s and two 1s'
        >>> HandRank(HandCategory.HIGH_CARD, (15, 2)).description
        'High card 15, then 2'
        """
        return _DESCRIBE[self.category](self.tiebreak)

    def __repr__(self) -> str:
        """Return the constructor call that gives this rank."""
        return f"HandRank(HandCategory.{self.category.name}, {self.tiebreak!r})"

    def __str__(self) -> str:
        """Return the description."""
        return self.description


def _pack(category: HandCategory, tiebreak: tuple[int, ...]) -> int:
    """Pack a rank into an int that orders like (category, tiebreak padded with zeros)."""
    key = category.value
    for value in tiebreak:  # values fit in four bits
        key = key << 4 | value
    # A missing value packs as 0, below every value.
    return key << 4 * (MAX_HAND_SIZE - len(tiebreak))


def _rank_problem(category: HandCategory, tiebreak: tuple[int, ...]) -> str | None:
    """Say why no hand can have this rank, or return None if one can."""
    if type(tiebreak) is not tuple or not all(type(value) is int for value in tiebreak):
        return "the tiebreak must be a tuple of ints"
    if not all(MIN_VALUE <= value <= MAX_VALUE for value in tiebreak):
        return f"values run from {MIN_VALUE} to {MAX_VALUE}"
    if category in _STRAIGHTS:
        ok = len(tiebreak) == 1 and tiebreak[0] >= MIN_VALUE + _STRAIGHT_LENGTH - 1
        return None if ok else f"a straight gives its highest card, {_STRAIGHT_LENGTH} or more"
    return _shape_problem(category, tiebreak)


def _shape_problem(category: HandCategory, tiebreak: tuple[int, ...]) -> str | None:
    """Say why no hand that is not a straight can have this rank, or return None if one can."""
    sets, kickers = _SETS[category]
    values = tiebreak[len(sets) :]
    if len(tiebreak) < max(len(sets), 1) or len(values) > kickers:
        return f"expected {len(sets) or 1} to {len(sets) + kickers} values"
    if len(set(tiebreak)) != len(tiebreak) or list(values) != sorted(values, reverse=True):
        return "values must differ and the cards after the sets go highest first"
    if sets == (2, 2) and tiebreak[0] < tiebreak[1]:
        return "the higher pair comes first"
    if not sets and len(tiebreak) == MAX_HAND_SIZE and _is_run(tiebreak):
        return "five consecutive values make a straight"
    if category is HandCategory.FLUSH and len(tiebreak) != MAX_HAND_SIZE:
        return "a flush has five cards"
    return None


def _is_run(values: tuple[int, ...]) -> bool:
    """Tell whether distinct values are consecutive (R-7.4)."""
    return max(values) - min(values) == len(values) - 1


def _then(values: tuple[int, ...]) -> str:
    return ", then " + ", ".join(map(str, values)) if values else ""


_DESCRIBE: Final[dict[HandCategory, Callable[[tuple[int, ...]], str]]] = {
    HandCategory.CHICAGO_POKER: lambda t: f"Chicago Poker, five {t[0]}s",
    HandCategory.STRAIGHT_FLUSH: lambda t: f"Straight flush to {t[0]}",
    HandCategory.RAINBOW_STRAIGHT: lambda t: f"Rainbow straight to {t[0]}",
    HandCategory.FOUR_OF_A_KIND: lambda t: f"Four {t[0]}s{_then(t[1:])}",
    HandCategory.FULL_HOUSE: lambda t: f"Full house, three {t[0]}s and two {t[1]}s",
    HandCategory.FLUSH: lambda t: f"Flush, {t[0]} high{_then(t[1:])}",
    HandCategory.STRAIGHT: lambda t: f"Straight to {t[0]}",
    HandCategory.THREE_OF_A_KIND: lambda t: f"Three {t[0]}s{_then(t[1:])}",
    HandCategory.TWO_PAIR: lambda t: f"Two pair, {t[0]}s and {t[1]}s{_then(t[2:])}",
    HandCategory.PAIR: lambda t: f"Pair of {t[0]}s{_then(t[1:])}",
    HandCategory.HIGH_CARD: lambda t: f"High card {t[0]}{_then(t[1:])}",
}

_SHAPES: Final = {  # how many cards of each value, largest first -> category
    (5,): HandCategory.CHICAGO_POKER,
    (4,): HandCategory.FOUR_OF_A_KIND,
    (4, 1): HandCategory.FOUR_OF_A_KIND,
    (3, 2): HandCategory.FULL_HOUSE,
    (3,): HandCategory.THREE_OF_A_KIND,
    (3, 1): HandCategory.THREE_OF_A_KIND,
    (3, 1, 1): HandCategory.THREE_OF_A_KIND,
    (2, 2): HandCategory.TWO_PAIR,
    (2, 2, 1): HandCategory.TWO_PAIR,
    (2,): HandCategory.PAIR,
    (2, 1): HandCategory.PAIR,
    (2, 1, 1): HandCategory.PAIR,
    (2, 1, 1, 1): HandCategory.PAIR,
    # All values differ: a high card unless five cards make a straight or flush.
    (1,): HandCategory.HIGH_CARD,
    (1, 1): HandCategory.HIGH_CARD,
    (1, 1, 1): HandCategory.HIGH_CARD,
    (1, 1, 1, 1): HandCategory.HIGH_CARD,
    (1, 1, 1, 1, 1): HandCategory.HIGH_CARD,
}
_VALUES_DOWN: Final = tuple(range(MAX_VALUE, MIN_VALUE - 1, -1))
_PRIMES: Final = {card.value: card._prime for card in GANGSTER_CARDS}


def _values_of(key: int) -> tuple[int, ...]:
    """The values whose primes multiply to ``key``, highest first (KeyError if none do)."""
    values = []
    for value in _VALUES_DOWN:
        prime = _PRIMES[value]
        while key % prime == 0:
            key //= prime
            values.append(value)
    if key != 1 or not 1 <= len(values) <= MAX_HAND_SIZE:
        raise KeyError(key)
    return tuple(values)


def _enter_ranks(key: int) -> None:
    """Enter the ranks of the multiset of values that ``key`` names in each table they go in.

    The groups of equal values are listed in tiebreak order (R-7.5): larger groups first,
    and groups of one size highest value first, such as a pair, then its kickers.
    """
    counts = Counter(_values_of(key))
    order = tuple(sorted(counts, key=lambda value: (counts[value], value), reverse=True))
    shape = tuple(counts[value] for value in order)
    five = sum(shape) == MAX_HAND_SIZE
    _add_ranks(key, _SHAPES[shape], order, five=five)


def _add_ranks(key: int, category: HandCategory, order: tuple[int, ...], *, five: bool) -> None:
    """Enter the ranks of one multiset of values in each table where colour may matter.

    :data:`_PLAIN` last: a key in it is in every table it belongs to, in any thread.
    """
    if five and category is HandCategory.HIGH_CARD:
        if _is_run(order):  # five consecutive values
            _FLUSH[key] = _pack(HandCategory.STRAIGHT_FLUSH, order[:1])
            _RAINBOW[key] = _pack(HandCategory.RAINBOW_STRAIGHT, order[:1])
            category, order = HandCategory.STRAIGHT, order[:1]
        else:
            _FLUSH[key] = _pack(HandCategory.FLUSH, order)
    _PLAIN[key] = _pack(category, order)


_PLAIN: Final[dict[int, int]] = {}
"""The rank of every multiset of 1 to 5 values, colour aside, keyed by the product of the
values' primes; with :data:`_FLUSH` and :data:`_RAINBOW`, where colour may change it.

The ranks are kept packed (see :func:`rank_key`): ints, which the garbage collector does not
track, where a table of :class:`HandRank` objects would add up to 15,503 objects for it to
walk in every full collection of every process that ranks many hands (the bots).

There are 15,503 multisets: ranking them all would cost every process that imports the
engine a tenth of a second, whether it ranks hands or not. So the tables start with the
eleven straights only, and the checked path enters the ranks of any other multiset the
first time it meets it (:func:`_enter_ranks`), in every table it belongs to. Any other
lookup must take a miss as "take the checked path".
"""
_FLUSH: Final[dict[int, int]] = {}
"""The rank of five cards of one colour: a flush, or a straight flush."""
_RAINBOW: Final[dict[int, int]] = {}
"""The rank of five consecutive values in five colours: complete from the start."""
_RANKS: Final[dict[int, HandRank]] = {}
"""The :class:`HandRank` of each key :func:`evaluate_hand` has returned so far: one object a
rank, made the first time it is returned."""
_FAST: Final[dict[int, HandRank]] = {}
"""Five-card ranks that colour cannot change unless the cards are a flush, by multiset, as
:func:`evaluate_hand` meets them (a flush's multiset too, with its rank in other colours):
not straights, whose category colour decides."""
_PARTIAL: Final[dict[int, HandRank]] = {}
"""The ranks of one to four cards, by multiset, as :func:`evaluate_hand` meets them."""


def _enter_straights() -> None:
    """Enter the ranks of the eleven runs of five values (R-7.4), :data:`_RAINBOW` included."""
    for top in range(MIN_VALUE + _STRAIGHT_LENGTH - 1, MAX_VALUE + 1):
        run = range(top - _STRAIGHT_LENGTH + 1, top + 1)
        _enter_ranks(math.prod(_PRIMES[value] for value in run))


_enter_straights()
_ALL_COLORS: Final = (1 << len(Color)) - 1
_HIGH_CARD: Final = HandCategory.HIGH_CARD


def evaluate_hand(cards: Iterable[Card]) -> HandRank:
    """Rank a player's hand at a business: one to five distinct gangster cards (R-7.1).

    The rank follows R-7.2 to R-7.7: category first, then tie-breakers; colours only make
    flushes and rainbow straights, and never break ties. Hands of fewer than five cards can
    only be four of a kind, three of a kind, two pair, pair or high card.

    Args:
        cards: The hand, in any order.

    Returns:
        The hand's rank; compare ranks to find the winner (R-7.3, R-7.8).

    Raises:
        InvalidHandError: If there are no cards or more than five, if a card is a special
            card or not a card at all, or if a card appears twice (R-7.1).

    >>> from chicago_poker.core.cards import parse_card
    >>> rank = evaluate_hand(parse_card(text) for text in ["9R", "9Y", "7G", "5B"])
    >>> rank.category, rank.tiebreak, rank.description
    (<HandCategory.PAIR: 2>, (9, 7, 5), 'Pair of 9s, then 7, 5')
    """
    # Fast paths for a sequence of five cards, and of one to four. Whatever they cannot settle
    # (flush, straight, repeated card, wrong size or type) goes to the checked path, as do
    # iterators, which a sequence pattern does not match and so does not consume.
    hand: Sequence[GangsterCard] = cards  # type: ignore[assignment]  # checked below
    match hand:
        case [a, b, c, d, e]:
            try:  # a special card or a non-card has no _prime
                rank = _FAST[a._prime * b._prime * c._prime * d._prime * e._prime]
            except (AttributeError, TypeError, KeyError):
                pass
            else:
                if rank.category is _HIGH_CARD:
                    # Five different values: no card repeats, but one colour would be a flush.
                    if not a._color_bit & b._color_bit & c._color_bit & d._color_bit & e._color_bit:
                        return rank
                # A value repeats, so no flush, but a card may repeat; cards are interned,
                # so a repeated card is the same object.
                elif (
                    a is not b and a is not c and a is not d and a is not e
                    and b is not c and b is not d and b is not e
                    and c is not d and c is not e
                    and d is not e
                ):  # fmt: skip
                    return rank
        case [_] | [_, _] | [_, _, _] | [_, _, _, _]:  # see _evaluate_partial
            if (partial := _evaluate_partial(hand)) is not None:
                return partial
    return _evaluate_checked(cards)


def rank_key(cards: Iterable[Card]) -> int:
    """A hand's rank packed into an int, for code that ranks many hands and keeps the results.

    Keys order as the ranks do, and are equal exactly when the ranks are (R-7.3, R-7.8):
    ``rank_key(a) < rank_key(b)`` exactly when ``evaluate_hand(a) < evaluate_hand(b)``.
    An int is not tracked by the garbage collector, where a :class:`HandRank` is. The key
    divided by :data:`RANK_SCALE` is the category's strength plus the tie-breaking values as
    hexadecimal fractions, most significant first.

    Args:
        cards: The hand, in any order.

    Returns:
        The hand's rank as an int.

    Raises:
        InvalidHandError: As :func:`evaluate_hand` does.

    >>> from chicago_poker.core.cards import parse_card
    >>> key = rank_key(parse_card(text) for text in ["9R", "9Y", "7G", "5B"])
    >>> key // RANK_SCALE == HandCategory.PAIR.strength, hex(key % RANK_SCALE)
    (True, '0x97500')
    """
    return _checked_key(cards)[1]


def _evaluate_partial(hand: Sequence[GangsterCard]) -> HandRank | None:
    """The rank of one to four distinct gangster cards; None for anything else.

    Most hands the bots rank are partial: columns being built. Fewer than five cards make
    no flush and no straight, so the product of their primes settles the rank. What this
    cannot settle (a repeated card, a special card, a non-card) the checked path explains.
    """
    key = 1
    try:  # a special card or a non-card has no _prime
        for card in hand:
            key *= card._prime
    except (AttributeError, TypeError):
        return None
    if len(set(hand)) != len(hand):  # cards are interned: a repeated card is one object
        return None
    return _PARTIAL.get(key)


def _evaluate_checked(cards: Iterable[Card]) -> HandRank:
    """Validate any hand fully, then rank it; enter the rank for the fast paths."""
    values, key, five = _checked_key(cards)
    rank = _RANKS.get(key)
    if rank is None:  # the first hand of this rank, which no other multiset of values has
        rank = _rank_of(key)
        if not five:
            _PARTIAL[values] = rank
        elif values not in _RAINBOW:  # not a run: the fast path settles it, unless a flush
            plain = _PLAIN[values]
            _FAST[values] = rank if key == plain else _rank_of(plain)
    return rank


def _rank_of(key: int) -> HandRank:
    """The :class:`HandRank` packed in ``key``: made the first time, then kept in :data:`_RANKS`."""
    rank = _RANKS.get(key)
    return _RANKS.setdefault(key, HandRank._of_key(key)) if rank is None else rank


def _checked_key(cards: Iterable[Card]) -> tuple[int, int, bool]:
    """Validate any hand fully: the key of its multiset of values, its rank's, and if five."""
    hand = cards if type(cards) is tuple else _as_tuple(cards)
    if not 1 <= len(hand) <= MAX_HAND_SIZE:
        raise _invalid(f"a hand has 1 to {MAX_HAND_SIZE} gangster cards, not {len(hand)}")
    key = 1
    same_color = _ALL_COLORS
    any_color = 0
    for card in hand:
        if not isinstance(card, GangsterCard):
            raise _invalid(f"a hand holds only gangster cards, but {_describe(card)}")
        key *= card._prime
        same_color &= card._color_bit
        any_color |= card._color_bit
    if len(set(hand)) != len(hand):
        raise _invalid(f"a hand holds each card once, but {_repeated(hand)}")
    if key not in _PLAIN:  # the first hand of these values
        _enter_ranks(key)
    five = len(hand) == MAX_HAND_SIZE
    if five and same_color:
        return key, _FLUSH[key], five
    if five and any_color == _ALL_COLORS and key in _RAINBOW:
        return key, _RAINBOW[key], five
    return key, _PLAIN[key], five


def _as_tuple(cards: Iterable[Card]) -> tuple[object, ...]:
    try:
        iter(cards)
    except TypeError:
        kind = type(cards).__name__
        raise _invalid(f"a hand is a collection of gangster cards, not {kind}") from None
    return tuple(cards)


def _invalid(problem: str) -> InvalidHandError:
    return InvalidHandError(f"{problem} (R-7.1)", rule="R-7.1")


def _describe(thing: object) -> str:
    if isinstance(thing, SpecialCard):
        return f"{thing} is a special card"
    return f"{thing!r} is not a card"


def _repeated(hand: tuple[object, ...]) -> str:
    card, count = Counter(hand).most_common(1)[0]
    times = "twice" if count == 2 else f"{count} times"
    return f"{card} appears {times}"
