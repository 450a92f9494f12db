"""A bot in a process of its own, spoken to over pipes, with every wait bounded.

:class:`BotProcess` starts a bot's command in a new session (its own process group, as
python-chess starts engines), writes to it without ever blocking, reads its lines with a
deadline, logs its standard error (and stops it when it writes too much) and, when done,
kills its whole process group. Whatever the bot does, each call returns within its deadline
or raises :class:`BotError`, whose ``reason`` is one of
:data:`~chicago_poker.formats.bot_protocol.TERMINATIONS`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import selectors
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Final

from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.formats.bot_protocol import MAX_LINE_BYTES

__all__ = ["EXIT_WAIT", "STDERR_LIMIT", "BotError", "BotProcess", "read_lines"]

LOGGER: Final = logging.getLogger("chicago_poker.bots")
"""Where the bots' standard error goes, a line a record, named by the bot's label."""

STDERR_LIMIT: Final = 1 << 20
"""The most a bot may write to its standard error over its life (1 MiB): more is a flood."""

EXIT_WAIT: Final = 0.5
"""How long (seconds) a bot may take to exit when told to quit, or after closing its output."""

_CHUNK: Final = 1 << 16


class BotError(ChicagoPokerError):
    """A bot broke the protocol or its limits: why (a termination reason), and what it did."""

    def __init__(self, reason: str, detail: str) -> None:
        """Create the fault; ``reason`` is a key of ``TERMINATIONS``."""
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


class BotProcess:
    """A running bot: its process group, its pipes and what it has written so far."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        label: str = "bot",
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
        stderr_limit: int = STDERR_LIMIT,
    ) -> None:
        """Start ``argv`` in a new session, its three standard streams piped.

        Raises:
            BotError: ``failed-to-start``: the command cannot be run.
        """
        self.label = label
        self.started = time.monotonic()
        self._process = _popen(argv, env, cwd)
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        self._in = self._process.stdin.fileno()
        self._out = self._process.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._pending = bytearray()  # written by us, not yet taken by the pipe
        self._partial = bytearray()  # read from the bot, not yet a whole line
        self._lines: deque[bytes] = deque()
        self._eof = False
        self._broken = False  # the bot closed its input
        self._closed = False
        self._watch_stderr(stderr_limit)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self._out, selectors.EVENT_READ, self)

    def _watch_stderr(self, limit: int) -> None:
        """Start the thread that logs the bot's standard error and counts it against ``limit``."""
        self.stderr_bytes = 0
        self._stderr_limit = limit
        self.flooded = False
        self._stderr = threading.Thread(
            target=self._drain_stderr, name=f"stderr of {self.label}", daemon=True
        )
        self._stderr.start()

    @property
    def pid(self) -> int:
        """The process id, which is also its process group's id."""
        return self._process.pid

    def send(self, line: str) -> None:
        """Write ``line`` and a newline, without blocking: what the pipe cannot take yet waits.

        What waits is written while :meth:`read_line` waits for the bot. A bot that has
        closed its input is not an error here: it shows when it cannot answer.
        """
        if self._broken or self._closed:
            return
        self._pending += line.encode("utf-8") + b"\n"
        self._flush()

    def _flush(self) -> None:
        while self._pending and not self._broken:
            try:
                written = os.write(self._in, self._pending)
            except BlockingIOError:
                return
            except OSError:  # BrokenPipeError: the bot closed its input or exited
                self._broken = True
                self._pending.clear()
                return
            del self._pending[:written]

    def read_line(self, deadline: float, what: str = "an answer") -> bytes:
        """The bot's next line (without its newline), waiting until ``deadline`` at most.

        ``deadline`` is a time of :func:`time.monotonic`.

        Raises:
            BotError: ``time-forfeit`` (``slow-start`` is the caller's to name), ``exited``,
                ``crashed``, ``stderr-flood`` or ``line-too-long``.
        """
        result = read_lines({0: (self, deadline)}, what)[0]
        if isinstance(result, BotError):
            raise result
        return result

    def _take(self) -> bytes | BotError | None:
        """A line already read, a fault, or None: nothing yet."""
        if self.flooded:
            return BotError("stderr-flood", f"over {self._stderr_limit} bytes on standard error")
        if self._lines:
            return self._lines.popleft()
        if self._eof:
            return self._ended()
        return None

    def _read_ready(self) -> None:
        """Read what the bot has written, into whole lines."""
        try:
            data = os.read(self._out, _CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._eof = True
            return
        self._partial += data
        while (end := self._partial.find(b"\n")) >= 0:
            self._lines.append(bytes(self._partial[:end]))
            del self._partial[: end + 1]
        if len(self._partial) > MAX_LINE_BYTES:
            self._partial.clear()
            self._lines.append(_TOO_LONG)

    def _ended(self) -> BotError:
        """The fault of a bot whose output closed: how its process ended."""
        try:
            code = self._process.wait(EXIT_WAIT)
        except subprocess.TimeoutExpired:
            return BotError("exited", "closed its output but kept running")
        if self.flooded:
            return BotError("stderr-flood", f"over {self._stderr_limit} bytes on standard error")
        if code == 0:
            return BotError("exited", "exited with status 0")
        if code < 0:
            return BotError("crashed", f"killed by signal {-code}")
        return BotError("crashed", f"exited with status {code}")

    def _drain_stderr(self) -> None:
        """Log the bot's standard error a line at a time; stop the bot past the limit."""
        stream = self._process.stderr
        assert stream is not None
        partial = b""
        while chunk := stream.read(_CHUNK):
            self.stderr_bytes += len(chunk)
            if self.stderr_bytes > self._stderr_limit:
                self.flooded = True
                self.kill()
                break
            *lines, partial = (partial + chunk).split(b"\n")
            for line in lines:
                LOGGER.info("%s: %s", self.label, line[:1000].decode("utf-8", "replace"))
            partial = partial[-4096:]
        with contextlib.suppress(OSError, ValueError):
            while stream.read(_CHUNK):  # after a flood: drained, never logged, until its end
                pass

    def kill(self) -> None:
        """Kill the bot's whole process group at once (SIGKILL)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signal.SIGKILL)

    def close(self, line: str | None = None) -> int | None:
        """End the bot: send ``line`` (such as the quit message), let it exit, then kill.

        The bot has :data:`EXIT_WAIT` seconds to exit; then its process group is killed, so
        that no child it started lives on. Its exit status, or None if it was killed.
        """
        if self._closed:
            return self._process.returncode
        code = self._let_exit(line)
        self.kill()  # the group: children the bot started included
        if code is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(EXIT_WAIT)
        self._closed = True
        self.selector.close()
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._stderr.join(EXIT_WAIT)
        return code

    def _let_exit(self, line: str | None) -> int | None:
        """Send ``line``, if any, and wait :data:`EXIT_WAIT` for the bot to exit: its status.

        None if it has not exited; without a line it is not waited for.
        """
        if line is not None and not self.flooded:
            self.send(line)
            end = time.monotonic() + EXIT_WAIT
            while self._pending and not self._broken and time.monotonic() < end:
                self._wait_writable(end)
        try:
            return self._process.wait(EXIT_WAIT if line is not None else 0)
        except subprocess.TimeoutExpired:
            return None

    def _wait_writable(self, end: float) -> None:
        with selectors.DefaultSelector() as selector:
            selector.register(self._in, selectors.EVENT_WRITE)
            selector.select(max(0.0, end - time.monotonic()))
        self._flush()


def _popen(
    argv: Sequence[str], env: Mapping[str, str] | None, cwd: str | None
) -> subprocess.Popen[bytes]:
    """Start ``argv`` in a new session, its three standard streams piped, unbuffered.

    Raises:
        BotError: ``failed-to-start``: the command cannot be run.
    """
    try:
        return subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group, which kill() ends whole
            env=None if env is None else dict(env),
            cwd=cwd,
            bufsize=0,
        )
    except (OSError, ValueError) as error:
        raise BotError("failed-to-start", f"{' '.join(argv)}: {error}") from None


_TOO_LONG: Final = b"\x00too long"
"""Stands in the lines for one over :data:`MAX_LINE_BYTES`: a byte no JSON line starts with."""


def read_lines(
    waiting: Mapping[int, tuple[BotProcess, float]], what: str = "an answer"
) -> dict[int, bytes | BotError]:
    """The next line of each bot of ``waiting`` (key: its seat), each by its own deadline.

    The bots are waited for together, so that each is timed from its own request, never
    from another's answer. A bot that misses its deadline, ends or floods gets a
    :class:`BotError` in place of its line.
    """
    results: dict[int, bytes | BotError] = {}
    pending = dict(waiting)
    selector: selectors.BaseSelector | None = None
    try:
        while True:
            _collect(pending, results, what)
            if not pending:
                break
            if len(pending) == 1:
                ((bot, deadline),) = pending.values()
                _wait(bot, bot.selector, deadline)
            else:
                if selector is None:
                    selector = _selector(pending)
                for bot, _ in pending.values():
                    bot._flush()  # input still waiting for a pipe: retried at every turn
                _wait(None, selector, min(deadline for _, deadline in pending.values()))
    finally:
        if selector is not None:
            selector.close()
    return results


def _collect(
    pending: dict[int, tuple[BotProcess, float]],
    results: dict[int, bytes | BotError],
    what: str,
) -> None:
    """Move each bot whose line, fault or deadline has come from ``pending`` to ``results``."""
    for seat, (bot, deadline) in list(pending.items()):
        taken = bot._take()
        if taken is None and time.monotonic() >= deadline:
            taken = BotError("time-forfeit", f"did not send {what} by its deadline")
        if taken is not None:
            if taken == _TOO_LONG:
                taken = BotError("line-too-long", f"a line over {MAX_LINE_BYTES} bytes")
            results[seat] = taken
            del pending[seat]


def _selector(pending: dict[int, tuple[BotProcess, float]]) -> selectors.BaseSelector:
    """A selector that watches the output of every bot of ``pending``."""
    selector = selectors.DefaultSelector()
    for bot, _ in pending.values():
        selector.register(bot._out, selectors.EVENT_READ, bot)
    return selector


def _wait(single: BotProcess | None, selector: selectors.BaseSelector, deadline: float) -> None:
    """Wait until a bot of ``selector`` writes, or ``deadline``; read what they wrote.

    A single bot with input still waiting for the pipe is watched for writing too.
    """
    writing = single is not None and bool(single._pending) and not single._broken
    if writing and single is not None:
        selector.register(single._in, selectors.EVENT_WRITE, single)
    try:
        ready = selector.select(max(0.0, min(deadline - time.monotonic(), 0.25)))
    finally:
        if writing and single is not None:
            selector.unregister(single._in)
    for key, events in ready:
        bot: BotProcess = key.data
        if events & selectors.EVENT_WRITE:
            bot._flush()
        if events & selectors.EVENT_READ:
            bot._read_ready()
