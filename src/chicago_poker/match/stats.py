"""The statistics of a match: how sure a win rate is, and when to stop playing.

>>> low, high = wilson(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> Sprt(0.25, 0.35).verdict(llr=3.0)
'H1'
"""

from __future__ import annotations

import math
from typing import Final

from attrs import frozen

from chicago_poker.core.errors import InvalidArgumentError

__all__ = ["Z95", "Sprt", "wilson"]

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: 95% by default; (0, 1) with no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@frozen
class Sprt:
    """Wald's sequential probability ratio test of a win rate, as fastchess bounds it.

    Each game is a trial: the tested bot won it or not. H0 says its win rate is ``p0``, H1
    that it is ``p1`` (greater). After each game the log-likelihood ratio
    ``wins * log(p1 / p0) + others * log((1 - p1) / (1 - p0))`` is compared with the bounds
    ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``: below the first, H0 is
    accepted; above the second, H1; between them, play on. With more than two players, a
    bot no better than the others wins ``1 / players`` of the games: a natural ``p0``.
    """

    p0: float
    """The win rate under H0."""

    p1: float
    """The win rate under H1, greater than ``p0``."""

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

    def llr(self, wins: int, games: int) -> float:
        """The log-likelihood ratio of H1 to H0 after ``wins`` wins in ``games`` games."""
        return wins * math.log(self.p1 / self.p0) + (games - wins) * math.log(
            (1 - self.p1) / (1 - self.p0)
        )

    def verdict(self, llr: float) -> str | None:
        """``"H0"`` or ``"H1"`` once the ratio crosses a bound; None while it lies between."""
        lower, upper = self.bounds
        if llr <= lower:
            return "H0"
        if llr >= upper:
            return "H1"
        return None
