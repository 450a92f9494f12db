"""Ending every process a bot started, those that left its process group included.

A bot starts in a session of its own, so that killing its process group ends the children
it started. A child can leave the group, though (``setsid()``, as a daemon does), and then
outlives the group's kill. So, where the system allows (Linux):

- the referee's process becomes a **child subreaper** (``prctl(PR_SET_CHILD_SUBREAPER)``):
  a process orphaned below it is re-parented to it rather than to ``init``, so it stays
  among the referee's descendants, where it can be found;
- every bot is started with a **mark** in its environment (``CHICAGO_POKER_BOT``, a token
  of its own), which its children inherit;
- to end a bot, :meth:`Descendants.kill` kills its process group, then every descendant of
  the bot found in ``/proc`` (by parent, however deep) and every descendant of the referee
  that carries the bot's mark (an orphan re-parented to the referee), and again until no new
  one is found (a child may fork while it is being killed).

Elsewhere (macOS, the BSDs: no ``/proc``, no subreaper) only the process group is killed, as
python-chess, cutechess and fastchess do: a child that calls ``setsid()`` may outlive its bot
there. The referee never kills a process that is neither the bot's descendant nor marked as
the bot's.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import secrets
import signal
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Final

__all__ = ["MARK", "Descendants", "become_subreaper"]

MARK: Final = "CHICAGO_POKER_BOT"
"""The environment variable that marks a bot's processes, with a token of the bot's own."""

_PR_SET_CHILD_SUBREAPER: Final = 36
_PROC: Final = Path("/proc")
_ROUNDS: Final = 5
_subreaper: bool | None = None


def become_subreaper() -> bool:
    """Make this process a child subreaper, once (Linux); whether it is one.

    >>> become_subreaper() == (sys.platform == "linux")
    True
    """
    global _subreaper  # once a process: the setting is the process's own
    if _subreaper is None:
        _subreaper = _prctl_subreaper() if sys.platform == "linux" else False
    return _subreaper


def _prctl_subreaper() -> bool:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return int(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


class Descendants:
    """The processes of one bot: its process group, its descendants and those that bear its mark."""

    def __init__(self) -> None:
        """A new mark; no process yet (:meth:`watch`)."""
        self.token = secrets.token_hex(8)
        self.pid: int | None = None
        self.killed: set[int] = set()
        """The processes killed other than by the group's kill (descendants that left it)."""

    def environment(self, env: Mapping[str, str] | None) -> dict[str, str]:
        """``env`` (this process's environment if None), with the bot's mark."""
        return {**(os.environ if env is None else env), MARK: self.token}

    def watch(self, pid: int) -> None:
        """The bot's process (its group's leader) is ``pid``."""
        self.pid = pid

    def kill(self) -> None:
        """Kill the process group, then every descendant or marked process, until none is left."""
        if self.pid is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        if not _PROC.is_dir():
            return
        for _ in range(_ROUNDS):
            found = set(self._strays()) - {os.getpid()}
            if not found:
                return
            for pid in found:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            self.killed |= found
        self._reap()

    def _reap(self) -> None:
        """Collect the exit of each killed process re-parented here, so no zombie is left.

        Only processes this bot's kill ended are waited for: never another's child.
        """
        waiting = set(self.killed)
        for _ in range(_ROUNDS * 4):
            for pid in list(waiting):
                try:
                    done, _ = os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:  # not (yet) re-parented here, or already collected
                    done = pid if not _PROC.joinpath(str(pid)).exists() else 0
                if done:
                    waiting.discard(pid)
            if not waiting:
                return
            time.sleep(0.005)

    def _strays(self) -> Iterator[int]:
        """The bot's live descendants, and the referee's descendants that bear its mark."""
        parents = _parents()
        mine = _below(parents, os.getpid())
        assert self.pid is not None
        yield from (pid for pid in _below(parents, self.pid) if pid != self.pid)
        for pid in mine:
            if _marked(pid, self.token):
                yield pid


def _parents() -> dict[int, int]:
    """Each live process's parent, read from ``/proc``; zombies left out (nothing to kill)."""
    parents: dict[int, int] = {}
    for entry in os.scandir(_PROC):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_bytes()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        if fields and fields[0] != b"Z":
            parents[int(entry.name)] = int(fields[1])
    return parents


def _below(parents: Mapping[int, int], root: int) -> set[int]:
    """The descendants of ``root`` among ``parents``."""
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    found: set[int] = set()
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def _marked(pid: int, token: str) -> bool:
    """Whether process ``pid`` bears the mark ``token`` in its environment."""
    try:
        environment = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return False
    return f"{MARK}={token}".encode() in environment.split(b"\0")
