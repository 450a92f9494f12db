"""How a position stands for each seat: the search bot's evaluation, fitted to who won.

:func:`evaluate` gives each seat its share of a win from a complete state: 1 to the winner
of a game won; in a game not yet won, a *conditional logit* of the seats' features: seat
``i`` scores ``z_i = sum(WEIGHTS[f] * x_i[f])`` over the :data:`FEATURES`, and its share is
``exp(z_i) / sum(exp(z_j))``. The features (:func:`features`) count what a seat holds and
what it is about to win: its businesses and how near they bring it to a victory, and at each
open business whose strongest column is its own, how full that column is, by how much it
leads, whether winning there would win the game and whether the shootout there is due.

**The weights are fitted, not guessed.** ``research/fit_evaluation.py`` plays heuristic
bots against each other at 2 to 6 players, keeps positions from each game with the game's
winner, and finds the weights that make the winners most likely (maximum likelihood, by
Newton's method). It prints :data:`WEIGHTS` and how well they predict the winners of games
held out of the fit. The rollouts of :class:`~chicago_poker.players.search.SearchBot` are
the heuristic's play, so this is the evaluation of the games that the search plays forward.
The hand-set score it replaced predicted held-out winners less well (``benchmarks/README.md``).

>>> from chicago_poker.players.game import Game
>>> shares = evaluate(Game.new(["Al", "Bugs", "Capone"], seed=1).state)
>>> len(shares), round(sum(shares), 9)
(3, 1.0)
"""

from __future__ import annotations

import functools
import math
from typing import Final

from chicago_poker.core.cards import BUSINESS_TILES, BusinessKind, BusinessTile, GangsterCard
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import Business, GameState, PlayerState
from chicago_poker.core.victory import victory_of
from chicago_poker.players.heuristic import power

__all__ = ["FEATURES", "WEIGHTS", "evaluate", "features"]

FEATURES: Final = (
    "businesses",
    "most_of_a_kind",
    "kinds",
    "one_short",
    "leads",
    "lead_fill",
    "lead_margin",
    "decisive_leads",
    "decisive_fill",
    "due_leads",
    "due_decisive",
    "cards_placed",
    "column_power",
    "hand",
    "hand_values",
    "to_move",
)
"""The names of a seat's features, in the order :func:`features` gives them:

- ``businesses``: the businesses it controls;
- ``most_of_a_kind``: the most of them of one kind;
- ``kinds``: how many kinds they are;
- ``one_short``: 1 if one more business of the right kind would win it the game;
- ``leads``: the open businesses where its column is the strongest;
- ``lead_fill``: the sum, over those, of how full its column is (cards over five);
- ``lead_margin``: the sum of its lead over the next column, in hand categories, at most 4;
- ``decisive_leads``: its leads where winning the business would win it the game;
- ``decisive_fill``: the sum of how full its column is at those;
- ``due_leads``: its leads where a shootout is due (a column there holds a marker);
- ``due_decisive``: its decisive leads where a shootout is due;
- ``cards_placed``: the sum of how full its columns are, every business;
- ``column_power``: the sum of its columns' powers, in tens of hand categories;
- ``hand``: the cards in its hand;
- ``hand_values``: the sum of its gangster cards' values, in fourteens;
- ``to_move``: 1 if the turn is its own.
"""

WEIGHTS: Final = (
    0.746,  # businesses
    0.223,  # most_of_a_kind
    0.127,  # kinds
    0.445,  # one_short
    -0.207,  # leads
    0.745,  # lead_fill
    0.059,  # lead_margin
    0.085,  # decisive_leads
    2.674,  # decisive_fill
    -0.043,  # due_leads
    1.434,  # due_decisive
    0.580,  # cards_placed
    -0.443,  # column_power
    -0.024,  # hand
    0.158,  # hand_values
    0.048,  # to_move
)
"""The weight of each feature of :data:`FEATURES`, fitted by ``research/fit_evaluation.py``."""

_COUNT: Final = len(FEATURES)
(
    _BUSINESSES,
    _MOST,
    _KINDS,
    _ONE_SHORT,
    _LEADS,
    _LEAD_FILL,
    _LEAD_MARGIN,
    _DECISIVE,
    _DECISIVE_FILL,
    _DUE,
    _DUE_DECISIVE,
    _PLACED,
    _POWER,
    _HAND,
    _HAND_VALUES,
    _TO_MOVE,
) = range(_COUNT)
"""Where each feature sits in a seat's row."""


@functools.lru_cache(maxsize=1 << 8)  # hits 95.5% of calls in a search game, 1,024 hit 96.1%
def _column_power(cards: tuple[GangsterCard, ...]) -> float:
    return power(cards) if cards else 0.0


def evaluate(state: GameState) -> list[float]:
    """Each seat's share of a win from ``state``: 1 for the winner, else the fitted logit.

    A game over without a winner shares the win evenly.
    """
    count = len(state.players)
    winner = state.winner
    if winner is not None:
        return [1.0 if seat == winner else 0.0 for seat in range(count)]
    if state.is_over:
        return [1.0 / count] * count
    scores = [sum(map(float.__mul__, WEIGHTS, row)) for row in features(state)]
    top = max(scores)
    weights = [math.exp(score - top) for score in scores]
    total = sum(weights)
    return [weight / total for weight in weights]


def features(state: GameState) -> list[list[float]]:
    """Each seat's features (:data:`FEATURES`), in the order of :data:`FEATURES`.

    >>> from chicago_poker.players.game import Game
    >>> rows = features(Game.new(["Al", "Bugs"], seed=1).state)
    >>> len(rows), len(rows[0]) == len(FEATURES)
    (2, True)
    """
    count = len(state.players)
    winning = [_winning(player.controlled, state.options) for player in state.players]
    rows = [_holdings(player, wins) for player, wins in zip(state.players, winning, strict=True)]
    rows[state.turn.player][_TO_MOVE] = 1.0
    for business in state.businesses:
        columns = business.columns
        powers = [_column_power(column.cards) for column in columns]
        for seat in range(count):
            row = rows[seat]
            row[_PLACED] += len(columns[seat].cards) / 5
            row[_POWER] += powers[seat] / 10
        best = max(powers)
        if best <= 0.0:
            continue
        seat = powers.index(best)
        second = max(power for other, power in enumerate(powers) if other != seat)
        _add_lead(rows[seat], business, seat, best - second, business.tile.kind in winning[seat])
    return rows


def _holdings(player: PlayerState, winning: frozenset[BusinessKind]) -> list[float]:
    """A seat's row of features with what it holds filled in, the rest 0."""
    kinds: dict[BusinessKind, int] = {}
    for tile in player.controlled:
        kinds[tile.kind] = kinds.get(tile.kind, 0) + 1
    values = sum(card.value for card in player.hand if isinstance(card, GangsterCard))
    row = [0.0] * _COUNT
    row[_BUSINESSES] = float(len(player.controlled))
    row[_MOST] = float(max(kinds.values(), default=0))
    row[_KINDS] = float(len(kinds))
    row[_ONE_SHORT] = float(bool(winning))
    row[_HAND] = float(len(player.hand))
    row[_HAND_VALUES] = values / 14
    return row


@functools.lru_cache(maxsize=1 << 12)
def _winning(controlled: tuple[BusinessTile, ...], options: RuleOptions) -> frozenset[BusinessKind]:
    """The kinds of business one more of which would win the game for ``controlled`` (R-8)."""
    return frozenset(
        tile.kind for tile in _ONE_OF_EACH if victory_of((*controlled, tile), options) is not None
    )


_ONE_OF_EACH: Final = tuple({tile.kind: tile for tile in BUSINESS_TILES}.values())
"""A business tile of each kind."""


def _add_lead(
    row: list[float], business: Business, seat: int, margin: float, decisive: bool
) -> None:
    """Add to ``row`` the lead of ``seat`` at ``business`` by ``margin``."""
    fill = len(business.columns[seat].cards) / 5
    row[_LEADS] += 1.0
    row[_LEAD_FILL] += fill
    row[_LEAD_MARGIN] += min(margin, 4.0)
    due = any(column.marker is not None for column in business.columns)
    if due:
        row[_DUE] += 1.0
    if decisive:
        row[_DECISIVE] += 1.0
        row[_DECISIVE_FILL] += fill
        if due:
            row[_DUE_DECISIVE] += 1.0
