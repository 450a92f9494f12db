"""Where the other seats' hidden cards probably lie, when they play as the heuristic bot does.

A seat's knowledge model (:class:`~chicago_poker.referee.information.InformationSet`) draws
the states consistent with what the seat saw uniformly, as if the other seats played at
random. They do not: a :class:`~chicago_poker.players.heuristic.HeuristicBot` plays its high
cards to build hands and keeps its low ones, and it keeps special cards for their moment. Its
hands are therefore lower, and its face-down cards higher, than uniform draws make them.

:func:`belief` leans the draws that way with a
:class:`~chicago_poker.referee.sampling.Tilt`: each gangster card weighs
``exp(a * value / 15)`` for a hand and ``exp(c * value / 15)`` for a face-down play, and each
special card ``exp(b)`` for a hand (it is never a face-down play). ``a``, ``b`` and ``c`` are
fitted, for each number of players, to the hidden cards of heuristic games: the tilt's mean of
the sum of the rivals' hand values, of their special cards and of the face-down values matches
the true mean, as a maximum-likelihood fit of an exponential tilt would make it
(``research/fit_belief.py``).

>>> tilt = belief(4)
>>> from chicago_poker.core.cards import parse_card
>>> tilt.hand[parse_card("2R")] > tilt.hand[parse_card("14R")]
True
>>> tilt.played[parse_card("14R")] > tilt.played[parse_card("2R")]
True
"""

from __future__ import annotations

import functools
import math
from typing import Final

from chicago_poker.core.cards import GANGSTER_CARDS, MAX_VALUE, SPECIAL_CARDS, Card
from chicago_poker.core.rules import MAX_PLAYERS, MIN_PLAYERS
from chicago_poker.referee.sampling import Tilt

__all__ = ["TILTS", "belief", "tilt"]

TILTS: Final[dict[int, tuple[float, float, float]]] = {
    2: (-2.64, -0.15, 1.79),
    3: (-2.52, -0.51, 1.76),
    4: (-2.5, -0.46, 2.52),
    5: (-2.13, -0.57, 3.41),
    6: (-2.05, -0.84, 4.61),
}
"""For each number of players: the weights ``a``, ``b`` and ``c`` of the module's notes.

Those of 3, 5 and 6 players are the ones ``research/fit_belief.py`` prints (since the
sampler may deal special cards to every hand that can hold them); those of 2 and 4 players
come from earlier fits by the same method on other deals, which centre the held-out statistics
as closely (``benchmarks/README.md``, "The belief")."""


@functools.cache
def belief(players: int) -> Tilt:
    """The tilt of the draws of a seat whose ``players - 1`` rivals play as the heuristic."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"belief: {players} players, where the game takes 2 to 6")
    return tilt(*TILTS[players])


def tilt(value: float, special: float, played: float) -> Tilt:
    """The tilt of weights ``a``, ``b`` and ``c`` (the module's notes), whatever they are.

    :func:`belief` gives the fitted ones; ``research/fit_belief.py`` tries others.
    """
    hand: dict[Card, float] = {
        card: math.exp(value * card.value / MAX_VALUE) for card in GANGSTER_CARDS
    }
    hand.update((card, math.exp(special)) for card in SPECIAL_CARDS)
    face_down: dict[Card, float] = {
        card: math.exp(played * card.value / MAX_VALUE) for card in GANGSTER_CARDS
    }
    face_down.update((card, 0.0) for card in SPECIAL_CARDS)
    return Tilt(hand, face_down)
