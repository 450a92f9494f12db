"""Exact frequencies of the five-card hand categories (R-7.2) in a deck.

The counts are computed, not looked up: every five-card hand has a shape, the numbers of
cards it holds of each value (a full house is 3 + 2), and for each shape we count the ways
to choose the values and then the colours. Cards of one value must differ in colour, so a
value held m times can take C(colors, m) colour sets. Only hands of five different values
need more care: whether the values are consecutive (R-7.4) and whether the colours are
all one (a flush), all different (a rainbow) or neither decides their category.

Everything is written for a deck of ``values`` x ``colors`` gangster cards, so that the
tests can check it against brute force on small decks; the game's deck is 15 x 5 (R-1.1).

>>> counts = category_counts()
>>> counts[HandCategory.FLUSH] < counts[HandCategory.FULL_HOUSE]
True
>>> sum(counts.values()) == math.comb(75, 5)
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final

from attrs import frozen

from chicago_poker.core.cards import MAX_VALUE, Color
from chicago_poker.core.hands import MAX_HAND_SIZE, HandCategory

__all__ = [
    "CategoryFrequency",
    "category_counts",
    "format_frequency_table",
    "hand_frequencies",
    "rarity_inversions",
]

_HAND: Final = MAX_HAND_SIZE

_SHAPES: Final = {  # how many cards of each value, largest first
    (5,): HandCategory.CHICAGO_POKER,
    (4, 1): HandCategory.FOUR_OF_A_KIND,
    (3, 2): HandCategory.FULL_HOUSE,
    (3, 1, 1): HandCategory.THREE_OF_A_KIND,
    (2, 2, 1): HandCategory.TWO_PAIR,
    (2, 1, 1, 1): HandCategory.PAIR,
}


@frozen
class CategoryFrequency:
    """How many five-card hands of a deck fall in one category.

    >>> row = hand_frequencies()[0]
    >>> row.category.label, row.count, row.one_in, row.rarity
    ('Chicago Poker', 15, 1150626.0, 1)
    """

    category: HandCategory
    """The hand category (R-7.2)."""

    count: int
    """Number of distinct five-card hands of the deck in the category."""

    total: int
    """Number of distinct five-card hands of the deck, C(cards, 5)."""

    rarity: int
    """Place from the rarest, 1 being the rarest; equal counts share a place."""

    @property
    def probability(self) -> Fraction:
        """Exact chance that five cards dealt from the deck fall in the category.

        >>> hand_frequencies()[0].probability
        Fraction(1, 1150626)
        """
        return Fraction(self.count, self.total)

    @property
    def chance(self) -> float:
        """The probability as a float.

        >>> round(hand_frequencies()[-1].chance, 4)
        0.5409
        """
        return self.count / self.total

    @property
    def one_in(self) -> float:
        """How many hands are dealt, on average, for one of this category; inf if never.

        >>> hand_frequencies()[1].one_in
        313807.0909090909
        """
        return self.total / self.count if self.count else math.inf


def category_counts(values: int = MAX_VALUE, colors: int = len(Color)) -> dict[HandCategory, int]:
    """Count the five-card hands of each category in a deck of values x colors cards.

    Args:
        values: How many values the deck has, numbered from 1 (15 in the game, R-1.1).
        colors: How many colours each value comes in (5 in the game, R-1.6).

    Returns:
        The number of hands of each category, in ranking order (R-7.3); they add up to
        C(values x colors, 5).

    Raises:
        ValueError: If values or colors is less than 1.

    >>> category_counts()[HandCategory.CHICAGO_POKER]
    15
    >>> category_counts(values=7, colors=3)[HandCategory.RAINBOW_STRAIGHT]
    0
    """
    if values < 1 or colors < 1:
        raise ValueError(f"a deck needs at least one value and one colour, not {values}x{colors}")
    counts = dict.fromkeys(HandCategory, 0)
    for shape, category in _SHAPES.items():
        counts[category] = _value_choices(shape, values) * _color_choices(shape, colors)
    counts.update(_distinct_value_counts(values, colors))
    return counts


def _value_choices(shape: tuple[int, ...], values: int) -> int:
    """Count the ways to give a shape's groups distinct values."""
    ways, left = 1, values
    for groups in Counter(shape).values():  # groups of equal size are interchangeable
        ways *= math.comb(max(left, 0), groups)  # no values left: no way
        left -= groups
    return ways


def _color_choices(shape: tuple[int, ...], colors: int) -> int:
    """Count the colourings of a shape: cards of one value have different colours."""
    return math.prod(math.comb(colors, size) for size in shape)


def _distinct_value_counts(values: int, colors: int) -> dict[HandCategory, int]:
    """Count hands of five different values by runs (R-7.4) and colour pattern."""
    runs = max(values - _HAND + 1, 0)
    others = math.comb(values, _HAND) - runs
    one_color = colors
    five_colors = math.perm(colors, _HAND)  # 0 when there are fewer than five colours
    mixed = colors**_HAND - one_color - five_colors
    return {
        HandCategory.STRAIGHT_FLUSH: runs * one_color,
        HandCategory.RAINBOW_STRAIGHT: runs * five_colors,
        HandCategory.STRAIGHT: runs * mixed,
        HandCategory.FLUSH: others * one_color,
        # Five colours without a run is no category of its own.
        HandCategory.HIGH_CARD: others * (five_colors + mixed),
    }


def hand_frequencies(
    values: int = MAX_VALUE, colors: int = len(Color)
) -> tuple[CategoryFrequency, ...]:
    """Return the frequency of every category, in ranking order (R-7.3).

    Args:
        values: How many values the deck has (15 in the game).
        colors: How many colours each value comes in (5 in the game).

    >>> [row.category.label for row in hand_frequencies() if row.rarity == 5]
    ['Flush']
    """
    counts = category_counts(values, colors)
    total = math.comb(values * colors, _HAND)
    ordered = sorted(counts.values())
    return tuple(
        CategoryFrequency(category, count, total, rarity=ordered.index(count) + 1)
        for category, count in counts.items()
    )


def rarity_inversions(
    frequencies: Sequence[CategoryFrequency],
) -> tuple[tuple[HandCategory, HandCategory], ...]:
    """Find where the ranking disagrees with rarity: a category above a rarer one.

    Categories that never occur in the deck are left out: they are not rare, just absent.

    Returns:
        Pairs (higher, lower) where the higher-ranked category has more hands.

    >>> rarity_inversions(hand_frequencies())
    ((<HandCategory.FULL_HOUSE: 7>, <HandCategory.FLUSH: 6>),)
    """
    return tuple(
        (high.category, low.category)
        for high in frequencies
        for low in frequencies
        if high.category > low.category and high.count > low.count > 0
    )


def format_frequency_table(values: int = MAX_VALUE, colors: int = len(Color)) -> str:
    """Lay out the ranking with exact frequencies, as ``chicago-poker hands`` prints it.

    Categories whose place in the ranking disagrees with their rarity are starred, and a
    note under the table explains each disagreement.

    >>> print(format_frequency_table().splitlines()[1])
       1  Chicago Poker               15    0.000087%    1,150,626       1
    """
    rows = hand_frequencies(values, colors)
    inversions = rarity_inversions(rows)
    starred = {category for pair in inversions for category in pair}
    lines = [f"{'Rank':>4}  {'Hand':<18}{'Hands':>12}{'Probability':>13}{'One in':>13}  Rarity"]
    lines += [_format_row(place, row, row.category in starred) for place, row in enumerate(rows, 1)]
    lines.append(f"{'':>4}  {'All hands':<18}{rows[0].total:>12,}{1:>13.6%}")
    counts: Mapping[HandCategory, int] = {row.category: row.count for row in rows}
    if inversions:
        lines.append("")
    lines.extend(_inversion_note(high, low, counts) for high, low in inversions)
    return "\n".join(lines)


def _format_row(place: int, row: CategoryFrequency, starred: bool) -> str:
    one_in = _format_one_in(row)
    star = " *" if starred else ""
    return (
        f"{place:>4}  {row.category.label:<18}{row.count:>12,}{row.chance:>13.6%}"
        f"{one_in:>13}{row.rarity:>8}{star}"
    )


def _format_one_in(row: CategoryFrequency) -> str:
    if not row.count:
        return "never"
    # Common hands keep a decimal: "1 in 2" would hide the difference between 1.8 and 2.5.
    return f"{row.one_in:,.1f}" if row.one_in < 100 else f"{round(row.one_in):,}"


def _inversion_note(
    high: HandCategory, low: HandCategory, counts: Mapping[HandCategory, int]
) -> str:
    return (
        f"* {low.label} ({counts[low]:,} hands) is rarer than {high.label.lower()} "
        f"({counts[high]:,} hands), yet {high.label.lower()} ranks higher (R-7.3)."
    )
