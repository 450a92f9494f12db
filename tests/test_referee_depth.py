"""The referee's depth-first searches go no deeper in Python's stack as a forged log grows.

A forged log can hold more Limousine moves the viewer could not follow (Shuffles) than
Python's recursion limit; the orders of the Shuffles are enumerated with a stack of their
own (``assignment._orders``), so such a log meets no ``RecursionError``. (The augmenting path
of ``referee.matching`` is checked for a path longer than the limit in
``tests/test_matching.py``.)
"""

from __future__ import annotations

import sys

import attrs

from chicago_poker import Game, redact_entries
from chicago_poker.referee import assignment
from chicago_poker.referee.information import InformationSet
from chicago_poker.referee.ledger import Facts, Place, Shuffle


def some_facts() -> Facts:
    """The facts of a short real game, as Bugs saw it."""
    game = Game.new(["Al", "Bugs", "Capone"], seed=7)
    for _ in range(10):
        game.execute(game.legal_commands()[0])
    return InformationSet.of(redact_entries(game.history, 1), 1).ledger.facts()


def test_more_shuffles_than_the_recursion_limit_are_ordered_without_recursion() -> None:
    facts = some_facts()
    count = sys.getrecursionlimit() + 100
    # Each move left one place behind at its source, which keeps its only card (options [[0]]).
    shuffles = [Shuffle(n, 0, [Place(None)], [Place(None)], [[0]], kept=0) for n in range(count)]
    many = attrs.evolve(facts, shuffles=shuffles)
    first = next(assignment._orders(many))
    assert list(first) == shuffles
    assert all(order == [0] for order in first.values())


def test_the_orders_tried_are_every_combination_that_fits() -> None:
    # Two Shuffles of two cards each, into places that keep no order: four combinations.
    facts = some_facts()
    shuffles = [
        Shuffle(n, 0, [Place(None)] * 2, [Place(None)] * 2, [[0, 1], [0, 1]], kept=2)
        for n in range(2)
    ]
    combinations = list(assignment._orders(attrs.evolve(facts, shuffles=shuffles)))
    assert [[c[s] for s in shuffles] for c in combinations] == [
        [[0, 1], [0, 1]],
        [[0, 1], [1, 0]],
        [[1, 0], [0, 1]],
        [[1, 0], [1, 0]],
    ]
    assert list(assignment._orders(facts)) == [{}]
