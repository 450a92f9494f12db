"""How a game of a match is scored, faults included: one point a game, shared by a rule.

- A game won by the rules gives its winner 1 point and the other seats 0.
- A game that ends with no winner and no fault (a game cut at the command limit) gives every
  seat an even share, ``1 / seats``, as chess scores a draw half a point each.
- A game ended by a bot's fault gives the faulty seat 0 and shares the point among the other
  seats, ``1 / (seats - 1)`` each. Heads-up, the opponent wins the game, as fastchess and
  cutechess score a crash or a loss on time. A fault never helps the faulty bot (it gets the
  least a game can give) and never counts against the others: each gets more than the even
  share, ``1 / seats``, that a game between equal bots gives on average.

A bot's **score** is its points divided by its games: its win rate when no game ended by a
fault or without a winner. A game counts as a **win** for a seat that got the whole point.

>>> points(2, winner=None, faulty=1)
(1.0, 0.0)
>>> points(3, winner=2, faulty=None)
(0.0, 0.0, 1.0)
>>> points(3, winner=None, faulty=0)
(0.0, 0.5, 0.5)
"""

from __future__ import annotations

__all__ = ["points", "ranks"]


def points(seats: int, winner: int | None, faulty: int | None) -> tuple[float, ...]:
    """Each seat's points of a game of ``seats`` seats (see the module's rule).

    ``winner`` is the seat that won by the rules, ``faulty`` the seat whose fault ended the
    game; a fault decides the game, whatever the state of play.
    """
    if faulty is not None:
        share = 1 / (seats - 1)
        return tuple(0.0 if seat == faulty else share for seat in range(seats))
    if winner is not None:
        return tuple(1.0 if seat == winner else 0.0 for seat in range(seats))
    return tuple(1 / seats for _ in range(seats))


def ranks(seats: int, winner: int | None, faulty: int | None) -> tuple[int, ...]:
    """Each seat's place (1 best) for ratings, by the same rule as :func:`points`.

    >>> ranks(3, winner=None, faulty=0)
    (2, 1, 1)
    >>> ranks(3, winner=1, faulty=None)
    (2, 1, 2)
    """
    scored = points(seats, winner, faulty)
    best = max(scored)
    return tuple(1 if value == best else 2 for value in scored)
