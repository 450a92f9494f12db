"""Ctrl-C while workers work is never lost, even when it comes inside a finalizer.

Python prints and drops an exception raised in a ``__del__`` method, KeyboardInterrupt
included: a command that was interrupted while the collector ran one (a Dask future's, as a
cluster client drops its futures) would go on as if nothing had happened. Each check runs in
a process of its own, which interrupts itself: SIGINT sent to pytest's process would stop
the whole run if it were not caught.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import chicago_poker

SCRIPT = """
import os, signal, sys, time
from chicago_poker.workers.processes import interrupts_outside_finalizers

# Python's own handler, even where this process was started with SIGINT ignored (a job run
# in the background of a shell), which Python then leaves ignored.
signal.signal(signal.SIGINT, signal.default_int_handler)

class Finalized:
    def __del__(self):  # Ctrl-C comes while the finalizer runs
        os.kill(os.getpid(), signal.SIGINT)
        until = time.monotonic() + 0.2
        while time.monotonic() < until:
            pass

def work():
    Finalized()  # dropped at once: its finalizer runs here
    for _ in range(50):
        time.sleep(0.01)  # the work goes on

try:
    if sys.argv[1] == "held":
        with interrupts_outside_finalizers():
            work()
    else:
        work()
except KeyboardInterrupt:
    print("interrupted")
else:
    print("went on")
"""

posix_only = pytest.mark.skipif(not hasattr(os, "kill"), reason="signals to oneself are POSIX")


def run(mode: str) -> subprocess.CompletedProcess[str]:
    source = os.path.dirname(os.path.dirname(chicago_poker.__file__))
    env = {**os.environ, "PYTHONPATH": source}
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, env=env, timeout=60
    )


@posix_only
def test_ctrl_c_in_a_finalizer_is_raised_when_the_block_goes_on() -> None:
    done = run("held")
    assert (done.stdout, done.stderr) == ("interrupted\n", "")


@posix_only
def test_without_the_block_python_drops_ctrl_c_in_a_finalizer() -> None:
    """What the block is for: the default handler's interrupt is printed and lost."""
    done = run("default")
    assert done.stdout == "went on\n"
    assert "Exception ignored" in done.stderr
    assert "KeyboardInterrupt" in done.stderr
