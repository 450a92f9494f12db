"""Tests for chicago_poker.specification.frequencies: exact counts of the hand categories."""

from __future__ import annotations

import math
import time
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_poker import GANGSTER_CARDS, Color, HandCategory, evaluate_hand
from chicago_poker.specification.frequencies import (
    category_counts,
    format_frequency_table,
    hand_frequencies,
    rarity_inversions,
)

CATEGORY = HandCategory

# Worked out by hand for the 15 x 5 deck: C(values, 5) - 11 non-runs, 5**5 colourings.
EXPECTED = {
    CATEGORY.CHICAGO_POKER: 15,  # one per value
    CATEGORY.STRAIGHT_FLUSH: 11 * 5,  # eleven runs in five colours
    CATEGORY.RAINBOW_STRAIGHT: 11 * 120,  # 5! ways to give a run five colours
    CATEGORY.FOUR_OF_A_KIND: 15 * 5 * 70,  # which four colours, any of the 70 other cards
    CATEGORY.FULL_HOUSE: 15 * 10 * 14 * 10,
    CATEGORY.FLUSH: (3003 - 11) * 5,
    CATEGORY.STRAIGHT: 11 * (3125 - 5 - 120),
    CATEGORY.THREE_OF_A_KIND: 15 * 10 * math.comb(14, 2) * 5 * 5,
    CATEGORY.TWO_PAIR: math.comb(15, 2) * 10 * 10 * 13 * 5,
    CATEGORY.PAIR: 15 * 10 * math.comb(14, 3) * 5**3,
    CATEGORY.HIGH_CARD: (3003 - 11) * (3125 - 5),
}


@pytest.mark.rule("R-7.2", "R-1.1")
def test_counts_in_the_game_deck() -> None:
    assert category_counts() == EXPECTED
    assert sum(EXPECTED.values()) == math.comb(75, 5) == 17_259_390


@pytest.mark.rule("R-7.2")
@given(st.integers(1, 30), st.integers(1, 10))
def test_counts_add_up_to_every_five_card_hand(values: int, colors: int) -> None:
    """Invariant: in any deck, the categories split the C(cards, 5) hands between them."""
    counts = category_counts(values, colors)
    assert list(counts) == list(HandCategory)
    assert all(count >= 0 for count in counts.values())
    assert sum(counts.values()) == math.comb(values * colors, 5)


def brute_force(values: int, colors: int) -> Counter[HandCategory]:
    """Rank every five-card hand of a small deck with the evaluator, and count."""
    deck = [c for c in GANGSTER_CARDS if c.value <= values and c.color in list(Color)[:colors]]
    return Counter(evaluate_hand(hand).category for hand in combinations(deck, 5))


@pytest.mark.rule("R-7.2", "R-7.4")
@pytest.mark.parametrize(
    ("values", "colors"), [(7, 3), (7, 5), (5, 5), (4, 5), (15, 1), (6, 2), (9, 4)]
)
def test_counts_match_brute_force_on_small_decks(values: int, colors: int) -> None:
    counted = brute_force(values, colors)
    assert category_counts(values, colors) == {
        category: counted[category] for category in HandCategory
    }


def test_a_deck_needs_values_and_colours() -> None:
    with pytest.raises(ValueError, match="at least one value and one colour, not 0x5"):
        category_counts(0, 5)


def test_rows_give_counts_probabilities_and_rarity() -> None:
    rows = hand_frequencies()
    assert [row.category for row in rows] == list(HandCategory)
    assert sum(row.probability for row in rows) == 1
    assert rows[0].probability == Fraction(15, 17_259_390)
    assert rows[0].chance == pytest.approx(15 / 17_259_390)
    assert rows[0].one_in == 1_150_626
    assert sorted(row.rarity for row in rows) == list(range(1, 12))
    assert {row.category: row.rarity for row in rows}[CATEGORY.FLUSH] == 5


def test_equal_counts_share_a_rarity_and_zero_counts_never_happen() -> None:
    rows = {row.category: row for row in hand_frequencies(values=4, colors=5)}
    assert rows[CATEGORY.STRAIGHT].count == rows[CATEGORY.FLUSH].count == 0
    assert rows[CATEGORY.STRAIGHT].rarity == rows[CATEGORY.FLUSH].rarity == 1
    assert rows[CATEGORY.STRAIGHT].one_in == math.inf


@pytest.mark.rule("R-7.3")
def test_the_ranking_disagrees_with_rarity_only_for_flush_and_full_house() -> None:
    assert rarity_inversions(hand_frequencies()) == ((CATEGORY.FULL_HOUSE, CATEGORY.FLUSH),)


@pytest.mark.rule("R-7.3")
def test_table_lists_the_categories_in_ranking_order_and_notes_the_inversion() -> None:
    lines = format_frequency_table().splitlines()
    assert lines[0].split() == ["Rank", "Hand", "Hands", "Probability", "One", "in", "Rarity"]
    assert [line[6:24].strip() for line in lines[1:12]] == [c.label for c in HandCategory]
    assert lines[5].endswith("21,000    0.121673%          822       6 *")
    assert lines[6].endswith("14,960    0.086677%        1,154       5 *")
    assert lines[11].endswith("9,335,040   54.086732%          1.8      11")
    assert "17,259,390" in lines[12]
    assert lines[-1] == (
        "* Flush (14,960 hands) is rarer than full house (21,000 hands), "
        "yet full house ranks higher (R-7.3)."
    )


def test_table_of_a_deck_where_nothing_disagrees() -> None:
    table = format_frequency_table(values=15, colors=1)
    assert "*" not in table
    assert "never" in table


def test_the_table_takes_well_under_a_second() -> None:
    start = time.perf_counter()
    format_frequency_table()
    assert time.perf_counter() - start < 1.0
