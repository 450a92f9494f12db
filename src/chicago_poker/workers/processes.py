"""How worker processes start, for the commands that do much work at once.

``simulate`` plays games and ``validate`` checks logs in worker processes. On Linux, a
process that runs no thread but its main one forks them (:func:`start_method`): a forked
worker starts at once, with the engine already imported, where a worker started with
``spawn``, a fresh interpreter, imports it again, which costs as much as checking a few
dozen logs. Forking a process that runs other threads is not safe (a lock one of them holds
stays held in the child), so such a process, and any other system, uses ``spawn``.

A worker process is a host the package owns, so it takes what it holds for its whole life out
of the collector's sight (:func:`settle`): the modules it imported as it starts, and the
engine's tables once its first piece of work has filled them. The library itself never does
so on import: that is the choice of whoever owns the process.

Ctrl-C in a terminal interrupts every process of the foreground group, workers included; a
worker interrupted while it imports the engine would print a traceback. Workers are
therefore started with SIGINT ignored, which they keep (a forked process inherits it, and an
interpreter leaves an inherited ignored SIGINT as it is), and the parent alone answers
Ctrl-C by stopping them.

Python runs a finalizer (``__del__``) wherever the collector frees its object, and prints
and drops an exception the finalizer raises: a Ctrl-C that came while one ran would be
lost, and the command would go on. While workers work, Ctrl-C is therefore held when it
comes inside a finalizer (:func:`interrupts_outside_finalizers`), and raised at the next
:func:`raise_held_interrupt`.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import signal
import sys
import threading
from collections.abc import Iterator
from multiprocessing.context import BaseContext, SpawnContext
from types import FrameType
from typing import Final

__all__ = [
    "SPAWN",
    "YOUNG_THRESHOLD",
    "interrupts_ignored",
    "interrupts_outside_finalizers",
    "raise_held_interrupt",
    "settle",
    "start_method",
]

SPAWN: SpawnContext = multiprocessing.get_context("spawn")
"""The start method of workers where forking is not safe (see :func:`start_method`)."""


def start_method() -> BaseContext:
    """How to start worker processes now: ``fork`` where it is safe, else :data:`SPAWN`.

    Safe on Linux, in a process running its main thread alone, as ``forkserver`` forks
    from a process of one thread. macOS's system libraries are not safe to use after a
    fork, and Windows has no fork.
    """
    if sys.platform == "linux" and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return SPAWN


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


YOUNG_THRESHOLD: Final = 2_000
"""Allocations between two collections of the youngest generation in a process of ours:
Python 3.13's default (3.11 and 3.12 collect after 700). See :func:`settle`."""


def settle() -> None:
    """Collect, then freeze what is left: the collector never walks it again.

    A full collection walks every object the collector tracks, and most of them, in a
    worker, live as long as the process: the modules' functions and classes, and the
    engine's tables of hand ranks, commands and events, which fill as games meet them. A
    worker calls this as it starts and after its first piece of work, so that its later
    collections walk only what its work makes (``benchmarks/README.md``, "The collector").
    Objects frozen and later dropped are still freed when nothing refers to them; only a
    cycle among them would stay, and the collection first clears the cycles there are.

    The collector stays on. It collects the youngest generation after
    :data:`YOUNG_THRESHOLD` allocations, as Python 3.13 does by default, where 3.11 and 3.12
    collect after 700: a search keeps about two thousand new objects through a move, and a
    collection every 700 walks the same ones again and again (``benchmarks/README.md``). A
    threshold set higher (by the process's owner, or a later Python), or 0, is kept.

    >>> import gc
    >>> before = gc.get_threshold()
    >>> settle()
    >>> gc.get_freeze_count() > 0
    True
    >>> gc.get_threshold()[0] >= YOUNG_THRESHOLD
    True
    >>> gc.unfreeze()  # this example's process is not a worker
    >>> gc.set_threshold(*before)
    """
    gc.collect()
    gc.freeze()
    young, *older = gc.get_threshold()
    if 0 < young < YOUNG_THRESHOLD:  # 0: the owner turned collections off
        gc.set_threshold(YOUNG_THRESHOLD, *older)


_held = threading.Event()
"""Set when a Ctrl-C came inside a finalizer, until :func:`raise_held_interrupt` raises it."""


@contextlib.contextmanager
def interrupts_outside_finalizers() -> Iterator[None]:
    """Let Ctrl-C raise KeyboardInterrupt in this block where it comes, but in a finalizer.

    In a finalizer (a ``__del__`` method, or a function it calls), where Python would print
    the interrupt and drop it, Ctrl-C is held: :func:`raise_held_interrupt` raises it, and
    so does the end of the block. Only the main thread may set signal handlers, and a host
    program may have its own: then this does nothing.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    previous = signal.signal(signal.SIGINT, _interrupt_outside_finalizers)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    raise_held_interrupt()


def raise_held_interrupt() -> None:
    """Raise KeyboardInterrupt if a Ctrl-C came in a finalizer and was held."""
    if _held.is_set():
        _held.clear()
        raise KeyboardInterrupt


def _interrupt_outside_finalizers(signum: int, frame: FrameType | None) -> None:
    """The SIGINT handler of :func:`interrupts_outside_finalizers`."""
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            _held.set()
            return
        frame = frame.f_back
    raise KeyboardInterrupt
