"""The slot tables of ``core.column_views``: a column's view read position by position.

:func:`~chicago_poker.core.views.view` reads the view of each position of a column from a
plain dict that lists every gangster card (R-1.1), one for each position of each tile and
for what the viewer knows there; the lazily filled tables (``_Slots``) serve any other card.
Both must give exactly what the rule gives: the face from the tile's pattern (R-4.2), the
card where the viewer knows it (R-4.3, R-4.4, R-6.3).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core import column_views
from chicago_poker.core.cards import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    SPECIAL_CARDS,
    BusinessTile,
    Face,
    GangsterCard,
    lands_face_down,
)
from chicago_poker.core.column_views import ColumnView, SlotView
from chicago_poker.core.rules import MAX_COLUMN
from chicago_poker.core.state import Column


def _expected(column: Column, tile: BusinessTile, everything: bool) -> ColumnView:
    """The view of ``column`` at ``tile`` by the rule alone: each card known where it lies
    face up, or everywhere to a viewer who knows ``everything`` there."""
    slots = []
    for position, card in enumerate(column.cards):
        down = lands_face_down(tile, position)
        slots.append(
            SlotView(Face.DOWN if down else Face.UP, card if everything or not down else None)
        )
    return ColumnView(tuple(slots), column.marker)


def test_the_slot_tables_list_every_gangster_card_as_the_rule_shows_it() -> None:
    """Every position's plain table lists the 75 gangster cards, each with the slot view the
    lazily filled table holds for it (the same object), as the rule shows it there."""
    for tile in BUSINESS_TILES:
        for everything, tables in enumerate(column_views.SLOT_TABLES[tile]):
            assert len(tables) == MAX_COLUMN
            for position, table in enumerate(tables):
                assert type(table) is dict
                assert list(table) == list(GANGSTER_CARDS)
                lazy = column_views._LAZY[id(table)]
                down = lands_face_down(tile, position)
                for card in GANGSTER_CARDS:
                    slot = table[card]
                    assert slot is lazy[card]
                    assert slot.face is (Face.DOWN if down else Face.UP)
                    assert slot.card is (card if everything or not down else None)


_CARDS = st.sampled_from(GANGSTER_CARDS)


@settings(max_examples=300, deadline=None)
@given(
    tile=st.sampled_from(BUSINESS_TILES),
    cards=st.lists(_CARDS, max_size=MAX_COLUMN),
    odd=st.one_of(st.none(), st.sampled_from(SPECIAL_CARDS)),
    at=st.integers(0, MAX_COLUMN - 1),
    marker=st.one_of(st.none(), st.integers(1, 9)),
    everything=st.booleans(),
)
def test_a_column_view_read_position_by_position_is_the_rule_s(
    tile: BusinessTile,
    cards: list[GangsterCard],
    odd: GangsterCard | None,
    at: int,
    marker: int | None,
    everything: bool,
) -> None:
    """Columns of 0 to 5 cards, each length read by its own branch; a card no plain table
    lists (a special card, as a state made by hand may hold) is read from the lazy tables."""
    if odd is not None and cards:
        cards[at % len(cards)] = odd
    column = Column(tuple(cards), marker)
    made = column_views.column_view(column, column_views.SLOT_TABLES[tile][everything])
    assert made == _expected(column, tile, everything)
    if not cards and marker is None:
        assert made is column_views.EMPTY_COLUMN_VIEW


def test_a_column_of_more_cards_than_a_column_holds_is_refused() -> None:
    """Six cards: the view names the limit (R-4.5) rather than dropping a card."""
    column = Column(GANGSTER_CARDS[: MAX_COLUMN + 1])
    with pytest.raises(IndexError, match=r"more than 5 \(R-4\.5\)"):
        column_views.column_view(column, column_views.SLOT_TABLES[BUSINESS_TILES[0]][0])
