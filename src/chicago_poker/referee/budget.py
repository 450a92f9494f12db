"""Time budgets for a caller that waits: :class:`CpuLimit` and :class:`TimeLimit`.

The referee's work on a redacted log (:class:`~chicago_poker.referee.information.InformationSet`)
is bounded by a :class:`~chicago_poker.referee.replay.Budget`: an object whose ``expired()`` says
when to stop. :class:`CpuLimit` is the one the validator uses: the CPU time spent by the thread
that judges the log, so that a busy machine (other processes, other threads of a server) does
not turn a cheap log into an undecided one; and a wall-clock ceiling, so that a server knows
how long it waits at most, however the machine is shared. :class:`TimeLimit` counts wall-clock
time alone. The knowledge model itself reads no clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

__all__ = ["WALL_CEILING", "CpuLimit", "TimeLimit"]

WALL_CEILING: Final = 10.0
"""The wall-clock ceiling of a :class:`CpuLimit` by default, in multiples of its CPU time."""


def _seconds(seconds: float) -> float:
    if not seconds >= 0:  # refuses NaN too
        raise ValueError(f"a time limit is a number of seconds, 0 or more, not {seconds!r}")
    return seconds


class CpuLimit:
    """Expires once this thread has spent ``seconds`` of CPU time, or ``wall`` seconds passed.

    CPU time is that of the thread that makes the limit and asks it (``time.thread_time``):
    the work being judged, not the other processes of the machine nor the other threads of a
    server. ``wall`` (by default :data:`WALL_CEILING` times ``seconds``) is a ceiling on the
    wall-clock time (``time.monotonic``), which a server can rely on.

    >>> limit = CpuLimit(0.0)
    >>> limit.expired(), limit.reason
    (True, 'time limit')
    >>> CpuLimit(60).expired()
    False
    """

    def __init__(
        self,
        seconds: float,
        wall: float | None = None,
        *,
        cpu_clock: Callable[[], float] = time.thread_time,
        wall_clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """A limit of ``seconds`` of CPU time from now, and ``wall`` seconds of wall time.

        Raises:
            ValueError: ``seconds`` or ``wall`` is negative or not a number.
        """
        self.seconds = _seconds(seconds)
        self.wall = _seconds(WALL_CEILING * seconds if wall is None else wall)
        self._cpu = TimeLimit(self.seconds, cpu_clock)
        self._wall = TimeLimit(self.wall, wall_clock)

    def expired(self) -> bool:
        """Whether the CPU time, or the wall-clock ceiling, is spent."""
        return self._cpu.expired() or self._wall.expired()

    @property
    def reason(self) -> str:
        """Which limit ran out: ``"time limit"`` (CPU), ``"wall-clock ceiling"``, or ``""``."""
        if self._cpu.expired():
            return "time limit"
        return "wall-clock ceiling" if self._wall.expired() else ""


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
        self.seconds = _seconds(seconds)
        self._clock = clock
        self._deadline = clock() + seconds

    def expired(self) -> bool:
        """Whether the time is up."""
        return self._clock() >= self._deadline
