"""The referee's augmenting path (``referee.matching``) against brute force on small graphs.

Its three uses are checked here as their callers make them: growing a matching taker by taker
(``assignment.fill``, ``exact._room``, the sampler's slots) gives a maximum matching; and
``exact._Matching``'s two steps, every slot filled and then every mandatory item placed (an
optional item dropped where one must make room), succeed exactly when some matching covers
every slot and every mandatory item, checked on ``exact._Matching`` itself too (its
restricted slots take gangster cards only). ``allowed`` restricts pairs in both. The graphs
are small enough to try every matching.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import GangsterCard, full_deck
from chicago_poker.referee import exact
from chicago_poker.referee.ledger import NEVER, Release, Slot
from chicago_poker.referee.matching import augmenting_path

Graph = list[list[int]]
"""For each taker (0, 1, ...), the places (0, 1, ...) it may take, in the order it tries them."""


@st.composite
def graphs(draw: st.DrawFn) -> tuple[Graph, int, set[tuple[int, int]]]:
    """Takers' options over ``places`` places, and the pairs that are not allowed."""
    takers = draw(st.integers(0, 5))
    places = draw(st.integers(0, 5))
    pairs = [(t, p) for t in range(takers) for p in range(places)]
    edges = draw(st.permutations(pairs))[: draw(st.integers(0, len(pairs)))]
    graph: Graph = [[] for _ in range(takers)]
    for t, p in edges:  # in a random order: each taker tries its places in a random order
        graph[t].append(p)
    banned = {edge for edge in edges if draw(st.integers(0, 4)) == 0}
    return graph, places, banned


def matchings(graph: Graph, places: int, banned: set[tuple[int, int]]) -> list[dict[int, int]]:
    """Every matching (taker -> place) of the allowed edges."""
    choices = [
        [None, *(p for p in options if (t, p) not in banned)] for t, options in enumerate(graph)
    ]
    found = []
    for picked in itertools.product(*choices):
        taken = [p for p in picked if p is not None]
        if len(taken) == len(set(taken)):
            found.append({t: p for t, p in enumerate(picked) if p is not None})
    assert all(p < places for m in found for p in m.values())
    return found


def grow(graph: Graph, banned: set[tuple[int, int]]) -> dict[int, int]:
    """Each taker in turn given a place by an augmenting path, as ``assignment.fill`` does."""
    holder: dict[int, int] = {}  # place -> taker
    for t, options in enumerate(graph):
        path = augmenting_path(
            t, options, graph.__getitem__, holder.get, lambda t, p: (t, p) not in banned
        )
        if path is not None:
            assert path[0][0] == t
            assert path[-1][1] not in holder
            for taker, place in path:
                holder[place] = taker
    return {t: p for p, t in holder.items()}


@settings(max_examples=400)
@given(graphs())
def test_growing_taker_by_taker_gives_a_maximum_matching(
    drawn: tuple[Graph, int, set[tuple[int, int]]],
) -> None:
    graph, places, banned = drawn
    grown = grow(graph, banned)
    assert len(set(grown.values())) == len(grown)
    assert all(p in graph[t] and (t, p) not in banned for t, p in grown.items())
    assert len(grown) == max(len(m) for m in matchings(graph, places, banned))


def cover(
    graph: Graph, places: int, banned: set[tuple[int, int]], mandatory: set[int]
) -> dict[int, int] | None:
    """Every place filled, then every mandatory taker placed, as ``exact._Matching`` does.

    Takers are ``exact``'s items, places its slots. A slot is filled by a path from the slot
    (items move to other slots); a mandatory item is placed by a path from the item, where
    a slot held by an optional item is taken and that item dropped.
    """
    slot_options: Graph = [[t for t in range(len(graph)) if p in graph[t]] for p in range(places)]
    item_at: dict[int, int] = {}
    slot_of: dict[int, int] = {}
    allowed: Callable[[int, int], bool] = lambda p, t: (t, p) not in banned  # noqa: E731
    for s in range(places):
        path = augmenting_path(s, slot_options[s], slot_options.__getitem__, slot_of.get, allowed)
        if path is None:
            return None
        for slot, item in path:
            item_at[slot], slot_of[item] = item, slot
    for i in sorted(mandatory - set(slot_of)):
        path = augmenting_path(
            i,
            graph[i],
            graph.__getitem__,
            lambda s: item_at[s] if item_at.get(s) in mandatory else None,
            lambda t, p: (t, p) not in banned,
        )
        if path is None:
            return None
        dropped = item_at.get(path[-1][1])
        if dropped is not None:
            del slot_of[dropped]
        for item, slot in path:
            item_at[slot], slot_of[item] = item, slot
    return slot_of


@settings(max_examples=400)
@given(graphs(), st.sets(st.integers(0, 4)))
def test_slots_then_mandatory_items_cover_both_when_any_matching_does(
    drawn: tuple[Graph, int, set[tuple[int, int]]], mandatory: set[int]
) -> None:
    graph, places, banned = drawn
    mandatory &= set(range(len(graph)))
    found = cover(graph, places, banned, mandatory)
    exists = any(len(m) == places and mandatory <= set(m) for m in matchings(graph, places, banned))
    assert (found is not None) == exists
    if found is not None:
        assert sorted(found.values()) == list(range(places))
        assert mandatory <= set(found)
        assert all(p in graph[t] and (t, p) not in banned for t, p in found.items())


def test_a_path_longer_than_the_recursion_limit() -> None:
    # A chain: taker k may take place k or k + 1, and holds place k; the new taker's only
    # place is 0, so every taker moves one place on, and the path is as long as the chain.
    n = sys.getrecursionlimit() + 100
    graph: Graph = [[k, k + 1] for k in range(n)]
    holder = {k: k for k in range(n)}
    path = augmenting_path(n, [0], graph.__getitem__, holder.get)
    assert path is not None
    assert len(path) == n + 1
    assert path[0] == (n, 0)
    assert path[-1] == (n - 1, n)


class _Edge(exact._Item):
    """An item whose slots are given by a graph, not by decks and hands."""

    __slots__ = ("slots",)
    slots: set[int]

    def fits(self, slot: Slot) -> bool:
        return slot.number in self.slots


@settings(max_examples=300)
@given(graphs(), st.sets(st.integers(0, 4)), st.sets(st.integers(0, 4)), st.sets(st.integers(0, 4)))
def test_exacts_matching_covers_slots_and_mandatory_items_when_any_matching_does(
    drawn: tuple[Graph, int, set[tuple[int, int]]],
    mandatory: set[int],
    restricted: set[int],
    gangsters: set[int],
) -> None:
    # exact._Matching itself: items are the takers, slots the places; the pairs not allowed are
    # a restricted slot (one a face-down play chose) with an item that is not a gangster card.
    graph, places, _ = drawn
    release = Release(0, 0, 0)
    slots = [Slot(s, 1, 1, 0, 0, release) for s in range(places)]
    card = next(card for card in full_deck() if isinstance(card, GangsterCard))
    items: list[exact._Item] = []
    for t, options in enumerate(graph):
        item = _Edge(card, release, None, 0, NEVER, mandatory=t in mandatory)
        item.slots = set(options)
        item.gangster = t in gangsters
        items.append(item)
    matching = exact._Matching(slots, items)
    for s in restricted & set(range(places)):
        matching.restricted[s] = True
    banned = {
        (t, p)
        for t, options in enumerate(graph)
        for p in options
        if p in restricted and t not in gangsters
    }
    exists = any(
        len(m) == places and mandatory & set(range(len(graph))) <= set(m)
        for m in matchings(graph, places, banned)
    )
    assert matching.complete() == exists
    if exists:
        assert all(matching.slot_of[i] == s for s, i in enumerate(matching.item_at))
        assert all((i, s) not in banned and s in graph[i] for s, i in enumerate(matching.item_at))
        assert all(matching.slot_of[i] != -1 for i in mandatory & set(range(len(graph))))
