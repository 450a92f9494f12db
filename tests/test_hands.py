"""Tests for chicago_poker.core.hands: hand categories, their order and tie-breakers (R-7)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement, pairwise
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_poker import (
    GANGSTER_CARDS,
    SPECIAL_CARDS,
    Card,
    Color,
    GangsterCard,
    HandCategory,
    HandRank,
    InvalidHandError,
    InvalidRankError,
    evaluate_hand,
    parse_card,
)
from chicago_poker.core.hands import RANK_SCALE, rank_key
from fresh import run_fresh
from reference_hands import CATEGORIES, reference_category, reference_key

CATEGORY = HandCategory
PARTIAL_CATEGORIES = {
    CATEGORY.FOUR_OF_A_KIND,
    CATEGORY.THREE_OF_A_KIND,
    CATEGORY.TWO_PAIR,
    CATEGORY.PAIR,
    CATEGORY.HIGH_CARD,
}


def cards(text: str) -> list[Card]:
    """Parse space-separated card texts, such as "9R 9Y 7G"."""
    return [parse_card(word) for word in text.split()]


def rank(text: str) -> HandRank:
    """Rank the hand written as space-separated card texts."""
    return evaluate_hand(cards(text))


# --- strategies --------------------------------------------------------------------------


def _hands_from(pool: Sequence[GangsterCard], low: int, high: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(pool), min_size=low, max_size=high, unique=True).map(list)


def hands(low: int = 1, high: int = 5) -> st.SearchStrategy[list[Card]]:
    """Hands of low to high distinct gangster cards, drawn so that every category shows up.

    Besides cards from the whole deck, cards come from five consecutive values (runs and
    sets), from one colour (flushes), or from both (straight flushes).
    """
    windows = [
        [c for c in GANGSTER_CARDS if first <= c.value < first + 5] for first in range(1, 12)
    ]
    colours = [[c for c in GANGSTER_CARDS if c.color is color] for color in Color]
    both = [[c for c in window if c.color is color] for window in windows for color in Color]
    return st.one_of(
        _hands_from(GANGSTER_CARDS, low, high),
        st.sampled_from(windows).flatmap(lambda pool: _hands_from(pool, low, high)),
        st.sampled_from(colours).flatmap(lambda pool: _hands_from(pool, low, high)),
        st.sampled_from(both).flatmap(lambda pool: _hands_from(pool, low, high)),
    )


def every_value_multiset() -> Iterator[list[Card]]:
    """One hand for every multiset of 1 to 5 values; three for five different values.

    The i-th card of a value gets the i-th colour, which keeps the cards distinct. Five
    different values come in two colours, in one colour and in five colours.
    """
    mixed = [Color.RED, Color.RED, Color.YELLOW, Color.YELLOW, Color.GREEN]
    for size in range(1, 6):
        for values in combinations_with_replacement(range(1, 16), size):
            if size == 5 and len(set(values)) == 5:
                for colors in (mixed, [Color.BLUE] * 5, list(Color)):
                    yield [GangsterCard(v, c) for v, c in zip(values, colors, strict=True)]
                continue
            seen: Counter[int] = Counter()
            hand: list[Card] = []
            for value in values:
                hand.append(GangsterCard(value, list(Color)[seen[value]]))
                seen[value] += 1
            yield hand


EVERY_VALUE_MULTISET = list(every_value_multiset())


# --- what a hand is ---------------------------------------------------------------


@pytest.mark.rule("R-7.1")
@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_a_hand_is_one_to_five_gangster_cards(size: int) -> None:
    hand = cards("9R 9Y 9G 2B 3P")[:size]
    assert evaluate_hand(hand).category in set(HandCategory)


@pytest.mark.rule("R-7.1")
@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ([], "a hand has 1 to 5 gangster cards, not 0"),
        (cards("1R 2R 3R 4R 5R 6R"), "a hand has 1 to 5 gangster cards, not 6"),
        (cards("9R 9Y Revolver"), "a hand holds only gangster cards, but Revolver is a special"),
        (cards("PoliceRaid2"), "but PoliceRaid2 is a special card"),
        (cards("9R 9Y 2G 3B 9R"), "a hand holds each card once, but 9R appears twice"),
        (cards("9R 9R 9R 2G"), "9R appears 3 times"),
        (cards("9R 9R 9R 9R 9R"), "9R appears 5 times"),
        (cards("9R 9R 2R 3R 4R"), "9R appears twice"),
        ([parse_card("9R"), "9Y"], "but '9Y' is not a card"),
        ([None, None, None, None, None], "but None is not a card"),
    ],
)
def test_anything_else_is_not_a_hand(hand: list[object], message: str) -> None:
    with pytest.raises(InvalidHandError, match=message) as error:
        evaluate_hand(hand)  # type: ignore[arg-type]  # some hands hold non-cards on purpose
    assert error.value.rule == "R-7.1"
    assert "(R-7.1)" in str(error.value)
    assert isinstance(error.value, ValueError)


@pytest.mark.rule("R-7.1")
def test_a_hand_must_be_a_collection() -> None:
    with pytest.raises(InvalidHandError, match="a hand is a collection of gangster cards, not int"):
        evaluate_hand(5)  # type: ignore[arg-type]  # the wrong type under test


@pytest.mark.rule("R-7.1")
@given(hands(), st.sampled_from(SPECIAL_CARDS))
def test_a_special_card_never_belongs_to_a_hand(hand: list[Card], special: Card) -> None:
    """Invariant: adding a special card to any hand makes it invalid."""
    with pytest.raises(InvalidHandError, match="special card"):
        evaluate_hand([*hand[:4], special])


@pytest.mark.rule("R-7.1")
@given(hands(low=5, high=5))
def test_any_iterable_of_cards_is_accepted(hand: list[Card]) -> None:
    """Invariant: a list, tuple, set or one-shot iterator of the same cards ranks the same."""
    expected = evaluate_hand(hand)
    assert evaluate_hand(tuple(hand)) == expected
    assert evaluate_hand(set(hand)) == expected
    assert evaluate_hand(iter(hand)) == expected
    assert evaluate_hand(card for card in hand) == expected


@pytest.mark.rule("R-7.1")
@given(hands(low=1, high=4))
def test_partial_hands_rank_alike_on_the_fast_and_the_checked_path(hand: list[Card]) -> None:
    """Invariant: a list or tuple of one to four cards (the fast path) ranks as the same
    cards given one by one (an iterator takes the checked path)."""
    checked = evaluate_hand(iter(hand))
    assert evaluate_hand(hand) == checked
    assert evaluate_hand(tuple(hand)) == checked


@pytest.mark.rule("R-7.1")
@given(hands(low=1, high=3), st.data())
def test_a_partial_hand_with_a_repeated_card_is_refused(
    hand: list[Card], data: st.DataObject
) -> None:
    """Invariant: the fast path for partial hands refuses a repeated card, as the checked one."""
    repeated = [*hand, data.draw(st.sampled_from(hand))]
    with pytest.raises(InvalidHandError, match="appears twice"):
        evaluate_hand(repeated)


# --- the categories ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "category", "tiebreak"),
    [
        pytest.param(
            "9R 9Y 9G 9B 9P", CATEGORY.CHICAGO_POKER, (9,), marks=pytest.mark.rule("R-7.2.1")
        ),
        pytest.param(
            "4R 5R 6R 7R 8R", CATEGORY.STRAIGHT_FLUSH, (8,), marks=pytest.mark.rule("R-7.2.2")
        ),
        pytest.param(
            "11B 12B 13B 14B 15B", CATEGORY.STRAIGHT_FLUSH, (15,), marks=pytest.mark.rule("R-7.2.2")
        ),
        pytest.param(
            "8P 4R 6G 5Y 7B", CATEGORY.RAINBOW_STRAIGHT, (8,), marks=pytest.mark.rule("R-7.2.3")
        ),
        pytest.param(
            "9R 9Y 9G 9B 3P", CATEGORY.FOUR_OF_A_KIND, (9, 3), marks=pytest.mark.rule("R-7.2.4")
        ),
        pytest.param(
            "9R 9Y 9G 9B", CATEGORY.FOUR_OF_A_KIND, (9,), marks=pytest.mark.rule("R-7.2.4")
        ),
        pytest.param(
            "8R 8Y 8G 1B 1P", CATEGORY.FULL_HOUSE, (8, 1), marks=pytest.mark.rule("R-7.2.5")
        ),
        pytest.param(
            "2R 14R 9R 5R 11R", CATEGORY.FLUSH, (14, 11, 9, 5, 2), marks=pytest.mark.rule("R-7.2.6")
        ),
        pytest.param("4R 5R 6G 7B 8P", CATEGORY.STRAIGHT, (8,), marks=pytest.mark.rule("R-7.2.7")),
        pytest.param("4R 5R 6R 7R 8Y", CATEGORY.STRAIGHT, (8,), marks=pytest.mark.rule("R-7.2.7")),
        pytest.param(
            "7R 7Y 7G 12B 3P",
            CATEGORY.THREE_OF_A_KIND,
            (7, 12, 3),
            marks=pytest.mark.rule("R-7.2.8"),
        ),
        pytest.param("7R 7Y 7G", CATEGORY.THREE_OF_A_KIND, (7,), marks=pytest.mark.rule("R-7.2.8")),
        pytest.param(
            "11R 11Y 6G 6B 4P", CATEGORY.TWO_PAIR, (11, 6, 4), marks=pytest.mark.rule("R-7.2.9")
        ),
        pytest.param(
            "6G 11R 6B 11Y", CATEGORY.TWO_PAIR, (11, 6), marks=pytest.mark.rule("R-7.2.9")
        ),
        pytest.param(
            "9R 9Y 7G 5B 2P", CATEGORY.PAIR, (9, 7, 5, 2), marks=pytest.mark.rule("R-7.2.10")
        ),
        pytest.param(
            "15R 2Y 9G 4B 6P",
            CATEGORY.HIGH_CARD,
            (15, 9, 6, 4, 2),
            marks=pytest.mark.rule("R-7.2.11"),
        ),
        pytest.param("15R", CATEGORY.HIGH_CARD, (15,), marks=pytest.mark.rule("R-7.2.11")),
    ],
)
def test_category_and_tiebreak(
    hand: str, category: HandCategory, tiebreak: tuple[int, ...]
) -> None:
    result = rank(hand)
    assert (result.category, result.tiebreak) == (category, tiebreak)


@pytest.mark.rule("R-7.2")
@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("4R 5R 6R 7R 8R", CATEGORY.STRAIGHT_FLUSH),  # also a flush and a straight
        ("4R 5Y 6G 7B 8P", CATEGORY.RAINBOW_STRAIGHT),  # also a straight
        ("9R 9Y 9G 9B 9P", CATEGORY.CHICAGO_POKER),  # also four and three of a kind
        ("8R 8Y 8G 1B 1P", CATEGORY.FULL_HOUSE),  # also three of a kind and a pair
        ("8R 8Y 1G 1B 3P", CATEGORY.TWO_PAIR),  # also a pair
    ],
)
def test_a_hand_takes_the_highest_category_it_meets(hand: str, category: HandCategory) -> None:
    assert rank(hand).category is category


@pytest.mark.rule("R-7.2")
def test_there_are_exactly_the_eleven_categories() -> None:
    assert [category.name for category in HandCategory] == list(reversed(CATEGORIES))
    assert [category.rule for category in HandCategory] == [f"R-7.2.{n}" for n in range(1, 12)]
    assert [category.label for category in HandCategory] == [
        "Chicago Poker",
        "Straight flush",
        "Rainbow straight",
        "Four of a kind",
        "Full house",
        "Flush",
        "Straight",
        "Three of a kind",
        "Two pair",
        "Pair",
        "High card",
    ]


@pytest.mark.rule("R-7.2", "R-7.2.11")
def test_five_colours_without_a_run_is_high_card() -> None:
    assert rank("2R 5Y 9G 11B 14P").category is CATEGORY.HIGH_CARD


@pytest.mark.rule("R-7.2")
@given(hands())
def test_category_matches_the_reference_evaluator(hand: list[Card]) -> None:
    """Invariant: the library and the plain reference evaluator agree on the category."""
    assert evaluate_hand(hand).category.name == reference_category(hand)  # type: ignore[arg-type]


@pytest.mark.rule("R-7.2", "R-7.3", "R-7.5")
def test_every_value_multiset_matches_the_reference_evaluator() -> None:
    ours = [evaluate_hand(hand) for hand in EVERY_VALUE_MULTISET]
    theirs = [reference_key(hand) for hand in EVERY_VALUE_MULTISET]  # type: ignore[arg-type]
    assert [r.category.name for r in ours] == [CATEGORIES[key[0]] for key in theirs]
    # Both orders are total preorders; agreeing on neighbours in the reference order
    # (equal where it ties them, below where it puts one first) means agreeing everywhere.
    order = sorted(range(len(theirs)), key=theirs.__getitem__)
    for before, after in pairwise(order):
        if theirs[before] == theirs[after]:
            assert ours[before] == ours[after]
        else:
            assert ours[before] < ours[after]


# --- the order of the categories --------------------------------------------------


@pytest.mark.rule("R-7.3")
def test_categories_compare_in_the_printed_order() -> None:
    assert list(HandCategory) == sorted(HandCategory, reverse=True)
    assert CATEGORY.FULL_HOUSE > CATEGORY.FLUSH
    assert CATEGORY.CHICAGO_POKER >= CATEGORY.STRAIGHT_FLUSH
    assert CATEGORY.HIGH_CARD <= CATEGORY.PAIR
    assert [category.strength for category in HandCategory] == list(range(11, 0, -1))


@pytest.mark.rule("R-7.3")
def test_any_hand_of_a_higher_category_beats_any_of_a_lower_one() -> None:
    # The weakest hand of each category against the strongest of the next one down.
    ladder = [
        ("1R 1Y 1G 1B 1P", "11R 12R 13R 14R 15R"),
        ("1R 2R 3R 4R 5R", "11R 12Y 13G 14B 15P"),
        ("1R 2Y 3G 4B 5P", "15R 15Y 15G 15B 14P"),
        ("1R 1Y 1G 1B", "15R 15Y 15G 14B 14P"),
        ("1R 1Y 1G 2B 2P", "15R 14R 13R 12R 10R"),
        ("1R 2R 3R 4R 6R", "11R 12Y 13G 14B 15B"),
        ("1R 2R 3Y 4G 5B", "15R 15Y 15G 14B 13P"),
        ("1R 1Y 1G", "15R 15Y 14G 14B 13P"),
        ("1R 1Y 2G 2B", "15R 15Y 14G 13B 12P"),
        ("1R 1Y", "15R 14Y 13G 12B 10P"),
    ]
    for higher, lower in ladder:
        assert rank(higher).category > rank(lower).category
        assert rank(higher) > rank(lower)


@pytest.mark.rule("R-7.3")
@given(hands(), hands())
def test_rank_order_is_total_and_follows_the_categories(a: list[Card], b: list[Card]) -> None:
    """Invariant: two ranks are equal or one is greater, and a higher category is greater."""
    ra, rb = evaluate_hand(a), evaluate_hand(b)
    assert [ra < rb, ra == rb, ra > rb].count(True) == 1
    assert (ra <= rb) == (ra < rb or ra == rb)
    assert ra != rb or hash(ra) == hash(rb)
    if ra.category != rb.category:
        assert (ra > rb) == (ra.category > rb.category)
    else:
        assert (ra > rb) == (ra.tiebreak > rb.tiebreak)


@pytest.mark.rule("R-7.3", "R-7.5")
@given(hands(), hands())
def test_rank_order_matches_the_reference_evaluator(a: list[Card], b: list[Card]) -> None:
    """Invariant: the library orders any two hands as the reference evaluator does."""
    ra, rb = evaluate_hand(a), evaluate_hand(b)
    ka, kb = reference_key(a), reference_key(b)  # type: ignore[arg-type]
    assert (ra < rb, ra == rb) == (ka < kb, ka == kb)


@pytest.mark.rule("R-7.1")
@given(hands(), st.randoms(use_true_random=False))
def test_card_order_does_not_matter(hand: list[Card], random: Random) -> None:
    """Invariant: shuffling a hand does not change its rank."""
    shuffled = list(hand)
    random.shuffle(shuffled)
    assert evaluate_hand(shuffled) == evaluate_hand(hand)


# --- consecutive values -----------------------------------------------------------


@pytest.mark.rule("R-7.4")
def test_there_are_exactly_eleven_runs_without_wrap_around() -> None:
    runs = [
        low
        for low in range(1, 16)
        if rank(" ".join(f"{(low + i - 1) % 15 + 1}{'RYGBB'[i]}" for i in range(5))).category
        is CATEGORY.STRAIGHT
    ]
    assert runs == list(range(1, 12))


@pytest.mark.rule("R-7.4")
@pytest.mark.parametrize("hand", ["12R 13Y 14G 15B 1R", "13R 14Y 15G 1B 2R", "15R 1Y 2G 3B 4B"])
def test_15_is_not_followed_by_1(hand: str) -> None:
    assert rank(hand).category is CATEGORY.HIGH_CARD


@pytest.mark.rule("R-7.4")
def test_every_straight_of_the_library_is_one_of_the_eleven_runs() -> None:
    straights = {
        r.tiebreak
        for r in map(evaluate_hand, EVERY_VALUE_MULTISET)
        if r.category in {CATEGORY.STRAIGHT, CATEGORY.STRAIGHT_FLUSH, CATEGORY.RAINBOW_STRAIGHT}
    }
    assert straights == {(high,) for high in range(5, 16)}


# --- tie-breakers -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # The rulebook examples.
        pytest.param("9R 9Y 9G 9B 9P", "4R 4Y 4G 4B 4P", marks=pytest.mark.rule("R-7.5.1")),
        pytest.param("8R 8Y 8G 1B 1P", "7R 7Y 7G 5B 5P", marks=pytest.mark.rule("R-7.5.2")),
        pytest.param("8R 9Y 10G 11B 12B", "5R 6Y 7G 8B 9B", marks=pytest.mark.rule("R-7.5.3")),
        pytest.param("11G 9G 6G 4G 2G", "8R 6R 4R 3R 1R", marks=pytest.mark.rule("R-7.5.4")),
        pytest.param("11R 11Y 6G 6B 4P", "11G 11B 2R 2Y 14P", marks=pytest.mark.rule("R-7.5.5")),
        pytest.param("9R 9Y 2G 3B 4P", "7R 7Y 13G 14B 15P", marks=pytest.mark.rule("R-7.5.6")),
        # The set, then the kickers (our decision for a total order, D-36).
        pytest.param("9R 9Y 9G 9B 2P", "4R 4Y 4G 4B 15P", marks=pytest.mark.rule("R-7.5.1")),
        pytest.param("9R 9Y 9G 9B 5P", "9R 9Y 9G 9B 3P", marks=pytest.mark.rule("R-7.5.1")),
        pytest.param("7R 7Y 7G 2B 1P", "6R 6Y 6G 15B 14P", marks=pytest.mark.rule("R-7.5.1")),
        pytest.param("7R 7Y 7G 9B 1P", "7R 7Y 7G 8B 6P", marks=pytest.mark.rule("R-7.5.1")),
        pytest.param("7R 7Y 7G 9B 2P", "7R 7Y 7G 9B 1P", marks=pytest.mark.rule("R-7.5.1")),
        pytest.param("8R 8Y 8G 5B 5P", "8R 8Y 8G 1B 1P", marks=pytest.mark.rule("R-7.5.2")),
        pytest.param("8R 8Y 8G 1B 1P", "7R 7Y 7G 15B 15P", marks=pytest.mark.rule("R-7.5.2")),
        pytest.param("7R 8R 9R 10R 11R", "3R 4R 5R 6R 7R", marks=pytest.mark.rule("R-7.5.3")),
        pytest.param("7R 8Y 9G 10B 11P", "6R 7Y 8G 9B 10P", marks=pytest.mark.rule("R-7.5.3")),
        pytest.param("11G 9G 6G 4G 2G", "11R 8R 7R 6R 5R", marks=pytest.mark.rule("R-7.5.4")),
        pytest.param("11G 9G 6G 4G 2G", "11R 9R 6R 3R 2R", marks=pytest.mark.rule("R-7.5.4")),
        pytest.param("11G 9G 6G 4G 3G", "11R 9R 6R 4R 2R", marks=pytest.mark.rule("R-7.5.4")),
        pytest.param("12R 12Y 2G 2B 3P", "11R 11Y 10G 10B 15P", marks=pytest.mark.rule("R-7.5.5")),
        pytest.param("11R 11Y 6G 6B 9P", "11G 11B 6R 6Y 4P", marks=pytest.mark.rule("R-7.5.5")),
        pytest.param("9R 9Y 7G 5B 2P", "9G 9B 7R 4Y 3P", marks=pytest.mark.rule("R-7.5.6")),
        pytest.param("9R 9Y 7G 5B 3P", "9G 9B 7R 5Y 2P", marks=pytest.mark.rule("R-7.5.6")),
        pytest.param("15R 9Y 6G 4B 2P", "14R 13Y 12G 11B 9P", marks=pytest.mark.rule("R-7.5.7")),
        pytest.param("15R 9Y 6G 4B 3P", "15Y 9G 6B 4P 2R", marks=pytest.mark.rule("R-7.5.7")),
    ],
)
def test_tie_breaker(better: str, worse: str) -> None:
    assert rank(better).category == rank(worse).category
    assert rank(better) > rank(worse)
    assert rank(worse) < rank(better)


@pytest.mark.rule("R-7.5")
@given(hands(), hands())
def test_within_a_category_the_tiebreak_decides(a: list[Card], b: list[Card]) -> None:
    """Invariant: two hands of one category compare as their tie-breaking values do."""
    ra, rb = evaluate_hand(a), evaluate_hand(b)
    if ra.category == rb.category:
        assert (ra < rb, ra == rb) == (ra.tiebreak < rb.tiebreak, ra.tiebreak == rb.tiebreak)


@pytest.mark.rule("R-7.5.3")
def test_straights_with_the_same_highest_card_tie() -> None:
    assert rank("4R 5R 6G 7B 8P") == rank("8R 7Y 6Y 5G 4G")


# --- colours ----------------------------------------------------------------------


@pytest.mark.rule("R-7.6")
@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("11G 9G 6G 4G 2G", "11P 9P 6P 4P 2P"),
        ("4R 5R 6R 7R 8R", "4B 5B 6B 7B 8B"),
        ("9R 9Y 7G 5B 2P", "9G 9P 7R 5R 2R"),
        ("15R", "15P"),
    ],
)
def test_colours_never_break_ties(one: str, other: str) -> None:
    assert rank(one) == rank(other)
    assert hash(rank(one)) == hash(rank(other))


@pytest.mark.rule("R-7.6")
@given(hands(), st.permutations(list(Color)))
def test_renaming_colours_does_not_change_a_rank(hand: list[Card], colors: list[Color]) -> None:
    """Invariant: mapping every colour to another, one to one, keeps the rank."""
    rename = dict(zip(Color, colors, strict=True))
    renamed = [GangsterCard(card.value, rename[card.color]) for card in hand]  # type: ignore[union-attr]
    assert evaluate_hand(renamed) == evaluate_hand(hand)


# --- partial hands ----------------------------------------------------------------


@pytest.mark.rule("R-7.7")
@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("9R 9Y 5G", "9B 9P"),
        ("15R 2Y", "15G"),
        ("9R 9Y 9G 9B 2P", "9R 9Y 9G 9B"),
        ("11R 11Y 6G 6B 2P", "11G 11B 6R 6Y"),
        ("9R 9Y 7G 5B 2P", "9G 9B 7R 5Y"),
        ("15R 9Y 6G 4B 3P", "15Y 9G 6B 4P"),
        ("9R 9Y 9G", "15R 15Y 14G 14B"),
    ],
)
def test_a_missing_card_ranks_below_every_value(better: str, worse: str) -> None:
    assert rank(better) > rank(worse)


@pytest.mark.rule("R-7.7")
@pytest.mark.parametrize("hand", ["4R 5R 6R 7R", "4R 5Y 6G 7B", "2R 9R 11R 14R", "9R 9Y 9G 4B"])
def test_four_cards_make_no_straight_flush_or_full_house(hand: str) -> None:
    assert rank(hand).category in PARTIAL_CATEGORIES


@pytest.mark.rule("R-7.7")
@given(hands(high=4))
def test_partial_hands_fall_in_the_five_partial_categories(hand: list[Card]) -> None:
    """Invariant: a hand of 1 to 4 cards is four or three of a kind, two pair, pair or high card."""
    assert evaluate_hand(hand).category in PARTIAL_CATEGORIES


# --- ties -------------------------------------------------------------------------


@pytest.mark.rule("R-7.8")
def test_hands_equal_after_every_tie_breaker_are_tied() -> None:
    one, other = rank("9R 9Y 7G 5B 2P"), rank("9G 9B 7R 5Y 2Y")
    assert one == other
    assert not one < other
    assert not one > other
    assert hash(one) == hash(other)
    assert len({one, other}) == 1


@pytest.mark.rule("R-7.8")
def test_hands_differing_in_any_tie_breaker_are_not_tied() -> None:
    assert rank("9R 9Y 7G 5B 2P") != rank("9G 9B 7R 5Y 3Y")
    assert rank("9R 9Y 7G 5B") != rank("9G 9B 7R 5Y 3Y")


# --- HandRank ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "description"),
    [
        ("9R 9Y 9G 9B 9P", "Chicago Poker, five 9s"),
        ("4R 5R 6R 7R 8R", "Straight flush to 8"),
        ("4R 5Y 6G 7B 8P", "Rainbow straight to 8"),
        ("9R 9Y 9G 9B 3P", "Four 9s, then 3"),
        ("9R 9Y 9G 9B", "Four 9s"),
        ("8R 8Y 8G 1B 1P", "Full house, three 8s and two 1s"),
        ("11G 9G 6G 4G 2G", "Flush, 11 high, then 9, 6, 4, 2"),
        ("8R 9Y 10G 11B 12B", "Straight to 12"),
        ("7R 7Y 7G 12B 3P", "Three 7s, then 12, 3"),
        ("11R 11Y 6G 6B 4P", "Two pair, 11s and 6s, then 4"),
        ("9R 9Y 7G 5B", "Pair of 9s, then 7, 5"),
        ("15R 2Y", "High card 15, then 2"),
        ("15R", "High card 15"),
    ],
)
def test_descriptions(hand: str, description: str) -> None:
    assert rank(hand).description == description
    assert str(rank(hand)) == description


def test_repr_is_the_constructor_call() -> None:
    result = rank("9R 9Y 7G 5B")
    assert repr(result) == "HandRank(HandCategory.PAIR, (9, 7, 5))"
    assert eval(repr(result), {"HandRank": HandRank, "HandCategory": HandCategory}) == result


ALL_RANKS = {evaluate_hand(hand) for hand in EVERY_VALUE_MULTISET}
REAL_RANKS = {(real.category, real.tiebreak) for real in ALL_RANKS}


def test_every_real_rank_can_be_built_directly() -> None:
    for real in ALL_RANKS:
        assert HandRank(real.category, real.tiebreak) == real


@given(st.sampled_from(HandCategory), st.lists(st.integers(0, 16), max_size=6).map(tuple))
def test_only_real_ranks_can_be_built(category: HandCategory, tiebreak: tuple[int, ...]) -> None:
    """Invariant: HandRank accepts exactly the ranks that some hand has."""
    if (category, tiebreak) in REAL_RANKS:
        assert HandRank(category, tiebreak) in ALL_RANKS
    else:
        with pytest.raises(InvalidRankError):
            HandRank(category, tiebreak)


@pytest.mark.parametrize(
    ("category", "tiebreak", "message"),
    [
        (CATEGORY.PAIR, (16,), "values run from 1 to 15"),
        (CATEGORY.PAIR, [9], "tuple of ints"),
        (CATEGORY.STRAIGHT, (4,), "highest card, 5 or more"),
        (CATEGORY.FLUSH, (9, 7, 5), "a flush has five cards"),
        (CATEGORY.HIGH_CARD, (9, 8, 7, 6, 5), "five consecutive values make a straight"),
        (CATEGORY.PAIR, (9, 5, 7), "highest first"),
        (CATEGORY.TWO_PAIR, (6, 11), "the higher pair comes first"),
        (CATEGORY.FULL_HOUSE, (8,), "expected 2 to 2 values"),
    ],
)
def test_impossible_ranks_are_rejected(
    category: HandCategory, tiebreak: tuple[int, ...], message: str
) -> None:
    with pytest.raises(InvalidRankError, match=message):
        HandRank(category, tiebreak)


def test_a_rank_category_is_a_hand_category() -> None:
    with pytest.raises(TypeError):
        HandRank("PAIR", (9,))  # type: ignore[arg-type]  # the wrong type under test


def test_ranks_do_not_compare_with_other_things() -> None:
    with pytest.raises(TypeError):
        assert rank("9R") < (1, 9)  # type: ignore[operator]  # the wrong type under test
    with pytest.raises(TypeError):
        assert CATEGORY.PAIR < 2


# --- rank keys: the packed ranks the bots keep ------------------------------------------


@given(hands(), hands())
def test_rank_keys_order_as_the_ranks_do(first: list[Card], second: list[Card]) -> None:
    """Invariant: comparing two hands' keys gives what comparing their ranks gives, which is
    category first, then the tie-breaking values left to right, a missing one lowest (R-7.7)."""
    a, b = evaluate_hand(first), evaluate_hand(second)
    ka, kb = rank_key(first), rank_key(second)
    plain_a, plain_b = (a.category.strength, a.tiebreak), (b.category.strength, b.tiebreak)
    expected = (plain_a < plain_b, plain_a == plain_b, plain_a > plain_b)
    assert (a < b, a == b, a > b) == expected
    assert (ka < kb, ka == kb, ka > kb) == expected


@given(hands())
def test_a_rank_key_holds_the_whole_rank(hand: list[Card]) -> None:
    """Invariant: the key, divided by its scale, is the category's strength and then the
    tie-breaking values, four bits each; the rank made from a key is the hand's rank."""
    ranked, key = evaluate_hand(hand), rank_key(iter(hand))
    assert key // RANK_SCALE == ranked.category.strength
    nibbles = [key >> shift & 0xF for shift in range(16, -4, -4)]
    assert nibbles == [*ranked.tiebreak, *[0] * (5 - len(ranked.tiebreak))]
    rebuilt = HandRank._of_key(key)
    assert (rebuilt.category, rebuilt.tiebreak, rebuilt) == (
        ranked.category,
        ranked.tiebreak,
        ranked,
    )


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ([], "not 0"),
        (cards("9R 9Y Revolver"), "Revolver is a special"),
        (cards("9R 9R 2G"), "9R appears twice"),
        (5, "not int"),
    ],
)
def test_a_rank_key_refuses_what_evaluate_hand_refuses(hand: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        rank_key(hand)  # type: ignore[arg-type]  # the wrong types under test


def test_ranking_every_hand_adds_no_object_for_the_collector() -> None:
    # In a fresh interpreter, so that the tables start empty: ranking all 15,503 multisets
    # of values by key (as the bots do) leaves ints in the tables, which it does not track.
    code = (
        "import gc, itertools\n"
        "from chicago_poker.core.cards import GANGSTER_CARDS\n"
        "from chicago_poker.core.hands import rank_key\n"
        "by_value = {card.value: [] for card in GANGSTER_CARDS}\n"
        "for card in GANGSTER_CARDS: by_value[card.value].append(card)\n"
        "hands = []\n"
        "for size in range(1, 6):\n"
        "    for values in itertools.combinations_with_replacement(sorted(by_value), size):\n"
        "        seen = {}\n"
        "        hands.append([by_value[v][(seen := seen | {v: seen.get(v, -1) + 1})[v]]"
        " for v in values])\n"
        "gc.collect(); before = len(gc.get_objects())\n"
        "keys = [rank_key(hand) for hand in hands]\n"
        "del keys; gc.collect(); print(len(hands), len(gc.get_objects()) - before)"
    )
    count, added = map(int, run_fresh(code).split())
    assert count == 15_503
    assert added < 100  # a few objects the first calls make; a rank object each would be 15,503
