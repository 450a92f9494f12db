"""The augmenting path of a bipartite matching (Kuhn's algorithm), written once for the referee.

The referee matches things of one side (the *takers*: slots, items, demands) to things of the
other (the *places*: cards, slots) in three problems: the free cards of a deck to its slots
(:func:`.assignment.fill`), every slot to a card and every mandatory card to a slot
(:class:`.exact._Matching`), and each unrevealed play and bound card to a slot of its own
(:func:`.exact._room`). Each grows its matching one taker at a time with
:func:`augmenting_path`, and says by callbacks what differs: which places a taker may try and
in what order, who holds a place and must move for it to be taken (a card's slot; a
mandatory item, where an optional one is simply dropped), and which pairs are not allowed
(a slot restricted to free gangster cards).

The path is found depth first with a stack of its own, not by recursion: a path can be as
long as there are takers, and a forged log may make many of them.

The module is pure.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TypeVar

__all__ = ["augmenting_path"]

Taker = TypeVar("Taker")
Place = TypeVar("Place", bound=Hashable)


def augmenting_path(
    first: Taker,
    options: Iterable[Place],
    options_of: Callable[[Taker], Iterable[Place]],
    holder: Callable[[Place], Taker | None],
    allowed: Callable[[Taker, Place], bool] | None = None,
) -> list[tuple[Taker, Place]] | None:
    """A path that gives ``first`` a place, each holder on it moving on; None if there is none.

    ``first`` tries ``options`` in order; a taker met on the way tries ``options_of(taker)``.
    ``holder(place)`` is the taker that must move for ``place`` to be taken, or None if the
    place can be taken as it is (free, or held by a taker the caller may drop). A place is
    tried at most once a path (Kuhn's algorithm: O(edges) a path), and only if
    ``allowed(taker, place)``, when given. The answer lists ``(taker, place)`` from ``first``
    on: the caller gives each taker its place, and drops the last place's holder, if any.
    Nothing is changed here.

    >>> held = {"x": "b"}  # place "x" is taken by "b", which could take "y" instead
    >>> choices = {"a": ["x"], "b": ["x", "y"]}
    >>> augmenting_path("a", choices["a"], choices.__getitem__, held.get)
    [('a', 'x'), ('b', 'y')]
    >>> augmenting_path("a", ["x"], choices.__getitem__, held.get, lambda t, p: p != "y") is None
    True
    """
    visited: set[Place] = set()
    path: list[tuple[Taker, Place]] = []
    stack: list[tuple[Taker, Iterator[Place]]] = [(first, iter(options))]
    while stack:
        taker, choices = stack[-1]
        for place in choices:
            if place in visited or (allowed is not None and not allowed(taker, place)):
                continue
            visited.add(place)
            path.append((taker, place))
            moved = holder(place)
            if moved is None:
                return path
            stack.append((moved, iter(options_of(moved))))
            break
        else:
            stack.pop()
            if stack:
                path.pop()  # the place that led to this taker: the path goes on without it
    return None
