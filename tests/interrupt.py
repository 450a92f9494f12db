"""Ctrl-C for a command under test: SIGINT to its whole process group, as a terminal sends it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

posix_only = pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")


def interrupt(
    argv: list[str],
    started: Callable[[subprocess.Popen[bytes]], None],
    *,
    stdin: int | None = None,
) -> tuple[int, bytes, bytes]:
    """Run ``chicago-poker ARGV`` in a new process group; Ctrl-C it once ``started`` returns.

    ``started`` waits until the work is under way (for instance, until the first line of
    output). ``stdin`` is the command's standard input, as for ``subprocess.Popen`` (such as
    ``subprocess.PIPE``, for a command that waits for input). Returns the exit status, the
    rest of standard output, and standard error.
    """
    command = [sys.executable, "-m", "chicago_poker", *argv]
    with subprocess.Popen(
        command,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_as_in_the_foreground,
    ) as running:
        try:
            started(running)
        except BaseException:  # a failed check: stop the command, which would run on
            os.killpg(running.pid, signal.SIGKILL)
            raise
        os.killpg(running.pid, signal.SIGINT)
        try:
            out, err = running.communicate(timeout=60)
        except subprocess.TimeoutExpired:  # pragma: no cover - only if the command hangs
            os.killpg(running.pid, signal.SIGKILL)
            raise
    return running.returncode, out, err


def children_ignore_interrupts(pid: int) -> bool:
    """Whether every child process of ``pid`` ignores SIGINT (Linux; elsewhere True).

    A race decides whether a worker that does not ignore it prints its traceback before
    its parent stops it, so the end-to-end check alone would miss a regression now and
    then; the signal mask of the workers says it every time.
    """
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if not children.exists():
        return True
    for child in children.read_text().split():
        status = Path(f"/proc/{child}/status").read_text()
        ignored = next(line for line in status.splitlines() if line.startswith("SigIgn:"))
        if not int(ignored.split()[1], 16) >> (signal.SIGINT - 1) & 1:
            return False
    return True


def _as_in_the_foreground() -> None:
    """Let Ctrl-C reach the command, as it reaches a command a person runs in a terminal.

    A shell starts a background job (``pytest &``) with SIGINT ignored, and a process keeps
    that for its children: the command would then go on through every Ctrl-C.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
