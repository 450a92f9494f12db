"""Worker processes for the shell's commands that spread work over several processes.

``simulate`` plays games and ``validate`` checks logs in processes started with ``spawn``:
a fresh interpreter, safe whatever threads the parent runs. Ctrl-C in a terminal interrupts
every process of the foreground group, workers included; a worker interrupted while it
imports the engine would print a traceback. Workers are therefore started with SIGINT
ignored, which they keep (an interpreter leaves an inherited ignored SIGINT as it is), and
the parent alone answers Ctrl-C by stopping them.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
from collections.abc import Iterator
from multiprocessing.context import SpawnContext

__all__ = ["SPAWN", "interrupts_ignored"]

SPAWN: SpawnContext = multiprocessing.get_context("spawn")
"""The start method of every worker."""


@contextlib.contextmanager
def interrupts_ignored() -> Iterator[None]:
    """Ignore SIGINT while processes are started in this block, so that they ignore it too.

    Only the main thread may set signal handlers: called from any other thread, this does
    nothing, and the workers keep the default, as the host program's own processes would.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
