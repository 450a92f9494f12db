"""Tasks for the web server's bot workers that go wrong, or slowly, on purpose.

A worker process imports its task by name, so these live in a module of their own, which the
workers import as the tests do (the tests' folder is on the path they inherit). A task that
goes wrong does so on the first move of a game only (a history of one entry, the deal), and
thinks as the bot does on every later move: the tests see the workers mend.
"""

from __future__ import annotations

import os
import time

from chicago_poker.web.thinking import Job, think

SLOW_SECONDS = 1.0
"""How long :func:`slow` waits before it thinks."""


def _first_move(job: Job) -> bool:
    return len(job.history) == 1


def slow(job: Job) -> str:
    """The bot's command, after :data:`SLOW_SECONDS`."""
    time.sleep(SLOW_SECONDS)
    return think(job)


def hang(job: Job) -> str:
    """No answer for a minute: longer than any test waits."""
    time.sleep(60)
    return think(job)


def crash(job: Job) -> str:
    """The worker dies in the middle of the game's first move."""
    if _first_move(job):
        os._exit(3)
    return think(job)


def fail(job: Job) -> str:
    """The bot raises on the game's first move."""
    if _first_move(job):
        raise RuntimeError("the bot broke down")
    return think(job)


def babble(job: Job) -> str:
    """An answer that is no command, to the game's first move."""
    return '{"type": "Nonsense"}' if _first_move(job) else think(job)
