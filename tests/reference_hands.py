"""A plain reference evaluator for Chicago Poker hands, to test chicago_poker.core.hands against.

It is written for obviousness, not speed, and shares no code with the library: it reads
only a card's ``value`` and ``color``, counts values with a Counter, tries the categories
of R-7.3 from the top down, and builds a comparison key the way poker players do, listing
every card's value (repeats included) with the sets first. Two hands compare as their keys.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

# Categories from lowest to highest; a key starts with the category's place here.
CATEGORIES = (
    "HIGH_CARD",
    "PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "RAINBOW_STRAIGHT",
    "STRAIGHT_FLUSH",
    "CHICAGO_POKER",
)


class CardLike(Protocol):
    """Anything with a value and a colour, such as a gangster card."""

    @property
    def value(self) -> int:
        """Value from 1 to 15."""

    @property
    def color(self) -> object:
        """Colour; only compared for equality."""


def reference_category(cards: Sequence[CardLike]) -> str:
    """Name the category of 1 to 5 distinct gangster cards, checking from the top down."""
    values = sorted((card.value for card in cards), reverse=True)
    colors = {card.color for card in cards}
    counts = sorted(Counter(values).values(), reverse=True)
    five = len(cards) == 5
    run = five and len(set(values)) == 5 and values[0] - values[4] == 4
    if counts[0] == 5:
        return "CHICAGO_POKER"
    if run and len(colors) == 1:
        return "STRAIGHT_FLUSH"
    if run and len(colors) == 5:
        return "RAINBOW_STRAIGHT"
    if counts[0] == 4:
        return "FOUR_OF_A_KIND"
    if counts[:2] == [3, 2]:
        return "FULL_HOUSE"
    if five and len(colors) == 1:
        return "FLUSH"
    if run:
        return "STRAIGHT"
    if counts[0] == 3:
        return "THREE_OF_A_KIND"
    if counts[:2] == [2, 2]:
        return "TWO_PAIR"
    if counts[0] == 2:
        return "PAIR"
    return "HIGH_CARD"


def reference_key(cards: Sequence[CardLike]) -> tuple[int, list[int]]:
    """Return a key that orders hands as R-7.3 and R-7.5 say; equal keys are a tie (R-7.8).

    The values are listed with the most numerous first and, among equally numerous, the
    higher first: 8-8-8-1-1 for a full house, 11-11-6-6-4 for two pair. A missing card
    shortens the list, and Python ranks a shorter list below a longer one with the same
    start, as R-7.7 wants: [9, 9, 5] > [9, 9].
    """
    counts = Counter(card.value for card in cards)
    values = sorted(counts.elements(), key=lambda value: (counts[value], value), reverse=True)
    return CATEGORIES.index(reference_category(cards)), values
