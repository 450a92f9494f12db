"""The statistics of a match: how sure a score is, and when to stop playing.

The unit is the deal, not the game: the rotations of one deal share its cards, so their
results are correlated, and a bot's **deal score** (its points over the deal's games, divided
by their number) is one observation. Intervals and the test are computed over deal scores,
as fastchess computes its pentanomial statistics over pairs of games with colours swapped.

>>> low, high = wilson(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> Sprt(0.25, 0.35).verdict(llr=3.0)
'H1'
>>> [round(bound, 3) for bound in deal_interval([1.0, 0.5, 0.5, 0.0])]
[0.1, 0.9]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

from attrs import frozen

from chicago_poker.core.errors import InvalidArgumentError

__all__ = ["Z95", "Sprt", "deal_interval", "variance", "wilson"]

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

_EMPTY: Final = 1e-3
"""The count given to an end of the score range no deal reached, as fastchess regularizes."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: 95% by default; (0, 1) with no trials.

    >>> [round(bound, 4) for bound in wilson(8, 10)]
    [0.4902, 0.9433]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def variance(values: Sequence[float]) -> float:
    """The sample variance (divisor ``n - 1``) of ``values``; 0 for fewer than two.

    >>> variance([0.0, 1.0, 0.0, 1.0])
    0.3333333333333333
    """
    count = len(values)
    if count < 2:
        return 0.0
    mean = sum(values) / count
    return sum((value - mean) ** 2 for value in values) / (count - 1)


def deal_interval(scores: Sequence[float], games: int = 1, z: float = Z95) -> tuple[float, float]:
    """The normal interval of the mean of ``scores`` (one a deal of ``games`` games), in [0, 1].

    Each deal is one observation, so the interval is as wide as the deals' own spread
    says: narrower than one over games where the rotations cancel luck out. When every deal
    scored the same the spread is unknown, and the interval is Wilson's over the games, as
    if each had been played alone. (0, 1) with no deals.

    >>> deal_interval([])
    (0.0, 1.0)
    >>> [round(bound, 3) for bound in deal_interval([0.0, 0.0], games=2)]
    [0.0, 0.49]
    """
    count = len(scores)
    if count == 0:
        return 0.0, 1.0
    mean = sum(scores) / count
    spread = variance(scores)
    if spread == 0:
        return wilson(round(mean * count * games), count * games, z)
    half = z * math.sqrt(spread / count)
    return max(0.0, mean - half), min(1.0, mean + half)


def _distribution(scores: Sequence[float]) -> tuple[list[float], list[float], float]:
    """The scores seen, in order, each one's share, and their total weight.

    0 and 1 are always among the scores, with a tiny weight if never seen, so that both
    hypotheses' means lie inside the range.
    """
    counts: dict[float, float] = dict(Counter(scores))
    for end in (0.0, 1.0):
        counts.setdefault(end, _EMPTY)
    values = sorted(counts)
    total = sum(counts.values())
    return values, [counts[value] / total for value in values], total


@frozen
class Sprt:
    """Wald's sequential probability ratio test of a score, over deals, as fastchess does it.

    H0 says the tested bot's expected score per game is ``p0``, H1 that it is ``p1``
    (greater); a win scores 1 and a loss 0 (faults are scored as
    :func:`~chicago_poker.match.scoring.points` says). Each deal is one observation, its
    deal score. The log-likelihood ratio is the generalized one of fastchess's pentanomial
    test (Van den Bergh's maximum-likelihood distributions): of the distributions over the
    deal scores seen with mean ``p0``, and with mean ``p1``, the likeliest of each given the
    deals played, compared. The bounds are ``log(beta / (1 - alpha))`` and
    ``log((1 - beta) / alpha)``: below the first, H0 is accepted; above the second, H1.
    With more than two players, a bot no better than the others scores ``1 / players``: a
    natural ``p0``.
    """

    p0: float
    """The expected score per game under H0."""

    p1: float
    """The expected score per game under H1, greater than ``p0``."""

    alpha: float = 0.05
    """The chance of accepting H1 when H0 holds."""

    beta: float = 0.05
    """The chance of accepting H0 when H1 holds."""

    def __attrs_post_init__(self) -> None:
        """Refuse hypotheses the test cannot tell apart.

        Raises:
            InvalidArgumentError: Not ``0 < p0 < p1 < 1``, or alpha or beta not in (0, 0.5).
        """
        if not 0 < self.p0 < self.p1 < 1:
            raise InvalidArgumentError(f"SPRT: need 0 < p0 < p1 < 1, not {self.p0}, {self.p1}")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise InvalidArgumentError("SPRT: alpha and beta must be between 0 and 0.5")

    @property
    def bounds(self) -> tuple[float, float]:
        """The lower and upper bounds of the log-likelihood ratio."""
        return (
            math.log(self.beta / (1 - self.alpha)),
            math.log((1 - self.beta) / self.alpha),
        )

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 to H0 after deals that scored ``scores`` (in [0, 1]).

        >>> round(Sprt(0.5, 0.6).llr([1.0] * 10), 2)  # ten deals won outright
        1.82
        >>> Sprt(0.5, 0.6).llr([])
        0.0
        """
        if not scores:
            return 0.0
        values, shares, total = _distribution(scores)
        under0 = _likeliest(values, shares, self.p0)
        under1 = _likeliest(values, shares, self.p1)
        return total * sum(
            share * math.log(one / zero)
            for share, one, zero in zip(shares, under1, under0, strict=True)
        )

    def verdict(self, llr: float) -> str | None:
        """``"H0"`` or ``"H1"`` once the ratio crosses a bound; None while it lies between."""
        lower, upper = self.bounds
        if llr <= lower:
            return "H0"
        if llr >= upper:
            return "H1"
        return None


def _likeliest(values: Sequence[float], shares: Sequence[float], mean: float) -> list[float]:
    """The distribution over ``values`` with mean ``mean`` likeliest to give ``shares``.

    It is ``share / (1 + theta * (value - mean))`` for the ``theta`` that makes the shares
    sum to 1 (Van den Bergh, *Comments on Normalized Elo*, proposition 1.1), found by
    bisection; ``mean`` lies strictly between the least and the greatest value.
    """
    offsets = [value - mean for value in values]

    def excess(theta: float) -> float:  # decreasing in theta; 0 at the solution
        pairs = zip(shares, offsets, strict=True)
        return sum(share * off / (1 + theta * off) for share, off in pairs)

    low, high = -1 / offsets[-1], -1 / offsets[0]
    theta = _root(excess, low, high)
    return [share / (1 + theta * off) for share, off in zip(shares, offsets, strict=True)]


def _root(decreasing: Callable[[float], float], low: float, high: float) -> float:
    """The point in the open interval (low, high) where ``decreasing`` crosses 0."""
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if decreasing(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2
