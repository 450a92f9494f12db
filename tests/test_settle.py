"""Worker processes take what lives as long as they do out of the collector's sight; the
library never does so on import."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import chicago_poker
from chicago_poker.workers.spread import in_order

_KEPT: list[list[int]] = []
"""What the tasks keep in a worker: one tracked object per item."""


def _frozen_count(item: int) -> int:
    """Keep a new tracked object, then say how many objects the collector has frozen."""
    _KEPT.append([item])
    return gc.get_freeze_count()


def test_a_worker_settles_as_it_starts_and_after_its_first_chunk() -> None:
    first, second, third = in_order(_frozen_count, [0, 1, 2], workers=1)
    assert first > 0  # the modules, frozen as the worker started
    assert second > first  # then what its first chunk left, the object it kept among them
    assert third == second  # and no more: later collections walk what later work makes


def test_importing_the_library_freezes_nothing() -> None:
    # Counted from the interpreter's own start: Python 3.12 starts with objects frozen (375
    # in 3.12.1), where 3.11 and 3.13 start with none.
    code = (
        "import gc; frozen = gc.get_freeze_count()\n"
        "import chicago_poker, chicago_poker.players.search, chicago_poker.workers.spread,"
        " chicago_poker.web.thinking; print(gc.get_freeze_count() - frozen)"
    )
    source = str(Path(chicago_poker.__file__).parent.parent)
    environment = {**os.environ, "PYTHONPATH": source}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment
    )
    assert done.stdout.strip() == "0"
