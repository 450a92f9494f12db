"""Tasks for the web server's bot workers that answer late, on purpose (see test_thinking.py).

A worker imports its task by name, so these live in a module of their own, which the
workers import as the tests do (the tests' folder is on the path they inherit).
"""

from __future__ import annotations

import time

from chicago_poker.web.thinking import Job, think

LATE_SECONDS = 4.0
"""How long :func:`late` waits on a marked job."""

MARK = 1
"""The seed that marks a job to answer late (no move's seed is so small but by chance)."""


def late(job: Job) -> str:
    """The bot's command; for a job seeded :data:`MARK`, only after :data:`LATE_SECONDS`."""
    if job.seed == MARK:
        time.sleep(LATE_SECONDS)
    return think(job)


def hang(job: Job) -> str:
    """No answer for a minute to a job seeded :data:`MARK`, as a bot that ignores its clock."""
    if job.seed == MARK:
        time.sleep(60)
    return think(job)
