"""A time budget for a caller that waits: :class:`TimeLimit`.

The referee's work on a redacted log (:class:`~chicago_poker.referee.information.InformationSet`)
is bounded by a :class:`~chicago_poker.referee.replay.Budget`: an object whose ``expired()`` says
when to stop. :class:`TimeLimit` is the one the validator uses: a number of seconds from its
creation, read on a monotonic clock. The knowledge model itself reads no clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["TimeLimit"]


class TimeLimit:
    """Expires ``seconds`` after it is made, by ``clock`` (``time.monotonic`` by default).

    >>> limit = TimeLimit(0.0)
    >>> limit.expired()
    True
    >>> TimeLimit(60).expired()
    False
    """

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        """A limit of ``seconds`` from now.

        Raises:
            ValueError: ``seconds`` is negative or not a number.
        """
        if not seconds >= 0:  # refuses NaN too
            raise ValueError(f"a time limit is a number of seconds, 0 or more, not {seconds!r}")
        self.seconds = seconds
        self._clock = clock
        self._deadline = clock() + seconds

    def expired(self) -> bool:
        """Whether the time is up."""
        return self._clock() >= self._deadline
