"""The victory conditions (R-8.1, R-8.3, R-8.5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from chicago_poker.core.cards import BusinessTile
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import Victory

__all__ = ["victory_of"]


def victory_of(
    controlled: Sequence[BusinessTile], options: RuleOptions, *, last: bool = False
) -> Victory | None:
    """The victory condition met by a player controlling ``controlled``, if any.

    ``last`` says that the player has just won the last business in play (R-8.5).

    >>> from chicago_poker.core.cards import parse_tile
    >>> tiles = [parse_tile(text) for text in ("Speakeasy#1", "Speakeasy#2", "Speakeasy#3")]
    >>> victory_of(tiles, RuleOptions())
    <Victory.THREE_OF_A_KIND: 'three businesses of one kind'>
    >>> victory_of(tiles[:2], RuleOptions()) is None
    True
    >>> victory_of(tiles[:2], RuleOptions(short_game=True))
    <Victory.TWO_OF_A_KIND: 'two businesses of one kind'>
    """
    kinds = Counter(tile.kind for tile in controlled)
    most = max(kinds.values(), default=0)
    if options.short_game:
        if most >= 2:
            return Victory.TWO_OF_A_KIND
        if len(controlled) >= 3:
            return Victory.THREE_BUSINESSES
    else:
        if most >= 3:
            return Victory.THREE_OF_A_KIND
        if len(kinds) == 4:
            return Victory.FOUR_KINDS
        if len(controlled) >= 5:
            return Victory.FIVE_BUSINESSES
    return Victory.LAST_BUSINESS if last else None
