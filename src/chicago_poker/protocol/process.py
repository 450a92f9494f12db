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
import re
import selectors
import subprocess
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final

import orjson

from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.formats.bot_protocol import MAX_LINE_BYTES, STDERR_LIMIT
from chicago_poker.protocol.reaping import Descendants, become_subreaper

__all__ = [
    "EXIT_WAIT",
    "STDERR_LIMIT",
    "BotError",
    "BotProcess",
    "read_lines",
    "show_bot_output",
]

LOGGER: Final = logging.getLogger("chicago_poker.bots")
"""Where the bots' standard error and ``info`` messages go, a line a record, named by the
bot's label (``-v`` shows them)."""


def show_bot_output() -> None:
    """Show the bots' standard error and ``info`` messages on this process's standard error.

    What ``-v`` does: each line as the bot writes it, after the bot's label. Once a process.
    """
    if not any(getattr(each, "_bots_shown", False) for each in LOGGER.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        handler._bots_shown = True  # type: ignore[attr-defined]  # marks ours, to add it once
        LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.INFO)


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
        log_dir: str | Path | None = None,
    ) -> None:
        """Start ``argv`` in a new session, its three standard streams piped.

        ``stderr_limit`` is the most it may write to its standard error in a game (from one
        :meth:`new_game` to the next). ``log_dir``, if given, keeps its standard error and a
        trace of its lines there (:meth:`log_paths`).

        Raises:
            BotError: ``failed-to-start``: the command cannot be run.
        """
        self.label = label
        self.started = time.monotonic()
        become_subreaper()
        self.descendants = Descendants()
        self._process = _popen(argv, self.descendants.environment(env), cwd)
        self.descendants.watch(self._process.pid)
        self._trace, self._stderr_log = _open_logs(log_dir, label, self._process.pid)
        self.infos = 0
        """The ``info`` messages the bot has written."""
        self.last_info: dict[str, Any] | None = None
        """The bot's latest ``info`` message."""
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
        self._pidfd = _pidfd(self._process.pid)
        if self._pidfd is not None:  # its exit wakes a wait, whoever holds its output
            self.selector.register(self._pidfd, selectors.EVENT_READ, self)

    def _watch_stderr(self, limit: int) -> None:
        """Start the thread that logs the bot's standard error and counts it against ``limit``."""
        self.stderr_bytes = 0
        """Bytes written to standard error in this game."""
        self._stderr_lock = threading.Lock()
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

    def new_game(self) -> None:
        """A game begins: the standard error limit counts from here."""
        with self._stderr_lock:
            self.stderr_bytes = 0
        self._note("#", "new game")

    def _note(self, direction: str, line: str | bytes) -> None:
        """Trace one line: the seconds since the start, the direction (``>`` sent, ``<`` read)."""
        trace = self._trace
        if trace is not None:
            text = line if isinstance(line, str) else line.decode("utf-8", "replace")
            trace.write(f"{time.monotonic() - self.started:.6f} {direction} {text}\n")

    def send(self, line: str) -> None:
        """Write ``line`` and a newline, without blocking: what the pipe cannot take yet waits.

        What waits is written while :meth:`read_line` waits for the bot. A bot that has
        closed its input is not an error here: it shows when it cannot answer.
        """
        if self._broken or self._closed:
            return
        if self._trace is not None:
            for each in line.split("\n"):
                self._note(">", each)
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
            return BotError(
                "stderr-flood", f"over {self._stderr_limit} bytes on standard error in a game"
            )
        if self._lines:
            return self._lines.popleft()
        if not self._eof and self._process.poll() is not None:
            self._drain()  # it exited: what it wrote before is still to read
            if self._lines:
                return self._lines.popleft()
            self._eof = True  # a child of it may hold the pipe open: the bot has ended
        if self._eof:
            return self._ended()
        return None

    def _drain(self) -> None:
        """Read everything the pipe holds now, without waiting."""
        while not self._eof:
            before = len(self._partial) + len(self._lines)
            self._read_ready()
            if len(self._partial) + len(self._lines) == before:
                return

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
        self._take_lines()

    def _take_lines(self) -> None:
        """Move the whole lines read into :attr:`_lines`, and a line too long as one."""
        while (end := self._partial.find(b"\n")) >= 0:
            line = bytes(self._partial[:end])
            del self._partial[: end + 1]
            self._note("<", line)
            if not (_INFO.match(line) and self._info(line)):
                self._lines.append(line)
        if len(self._partial) > MAX_LINE_BYTES:
            self._partial.clear()
            self._lines.append(_TOO_LONG)

    def _info(self, line: bytes) -> bool:
        """Take an ``info`` line: logged, kept as :attr:`last_info`; False if it is not one."""
        try:
            message = orjson.loads(line)
        except orjson.JSONDecodeError:
            return False
        if not isinstance(message, dict) or message.get("type") != "info":
            return False
        self.infos += 1
        self.last_info = message
        if LOGGER.isEnabledFor(logging.INFO):
            LOGGER.info("%s: info: %s", self.label, line[:1000].decode("utf-8", "replace"))
        return True

    def _ended(self) -> BotError:
        """The fault of a bot whose output closed, or whose process ended: how it ended."""
        try:
            code = self._process.wait(EXIT_WAIT)
        except subprocess.TimeoutExpired:
            return BotError("exited", "closed its output but kept running")
        if self.flooded:
            return BotError(
                "stderr-flood", f"over {self._stderr_limit} bytes on standard error in a game"
            )
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
            with self._stderr_lock:
                self.stderr_bytes += len(chunk)
                flooded = self.stderr_bytes > self._stderr_limit
            if flooded:
                self.flooded = True
                self.kill()
                break
            if self._stderr_log is not None:
                with contextlib.suppress(OSError, ValueError):
                    self._stderr_log.write(chunk)
            *lines, partial = (partial + chunk).split(b"\n")
            for line in lines:
                LOGGER.info("%s: %s", self.label, line[:1000].decode("utf-8", "replace"))
            partial = partial[-4096:]
        with contextlib.suppress(OSError, ValueError):
            while stream.read(_CHUNK):  # after a flood: drained, never logged, until its end
                pass

    def kill(self) -> None:
        """Kill the bot and every process it started, at once (SIGKILL).

        Its process group, and on Linux every descendant, including those that left the
        group (see :class:`~chicago_poker.protocol.reaping.Descendants`).
        """
        self.descendants.kill()

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
        if self._pidfd is not None:
            os.close(self._pidfd)
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._stderr.join(EXIT_WAIT)
        self.descendants.kill()  # any started while it exited
        for log in (self._trace, self._stderr_log):
            if log is not None:
                log.close()
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


def _pidfd(pid: int) -> int | None:
    """A file descriptor that becomes readable when process ``pid`` exits (Linux), or None."""
    opener = getattr(os, "pidfd_open", None)
    if opener is None:
        return None
    try:
        descriptor: int = opener(pid)
    except OSError:
        return None
    return descriptor


def _open_logs(
    log_dir: str | Path | None, label: str, pid: int
) -> tuple[IO[str] | None, IO[bytes] | None]:
    """The bot's trace and standard error files in ``log_dir``, named by its label and pid."""
    if log_dir is None:
        return None, None
    folder = Path(log_dir)
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{_SLUG.sub('-', label).strip('-')[:60]}-{pid}"
    trace = (folder / f"{stem}.trace").open("w", encoding="utf-8", buffering=1)
    trace.write(f"# {label}, pid {pid}, started {time.strftime('%Y-%m-%dT%H:%M:%S%z')}\n")
    trace.write("# seconds since start, > sent to the bot, < read from it, # a note\n")
    return trace, (folder / f"{stem}.stderr").open("wb", buffering=0)


_SLUG: Final = re.compile(r"[^A-Za-z0-9._]+")
_INFO: Final = re.compile(rb'\s*\{\s*"type"\s*:\s*"info"')
"""How an ``info`` line starts: only such lines are parsed on the way in."""

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
    """Move each bot whose line, fault or deadline has come from ``pending`` to ``results``.

    At the deadline the pipe is read once more before a time forfeit: an answer already in
    it when the referee looks is the bot's in time, whether or not the wait saw it come. The
    referee looks as soon as it runs after the deadline, so its own wait for the processor
    never costs a bot its game (the wait's wake-up and the bot's write race otherwise).
    """
    for seat, (bot, deadline) in list(pending.items()):
        taken = bot._take()
        if taken is None and time.monotonic() >= deadline:
            bot._drain()
            taken = bot._take()
        if taken is None and time.monotonic() >= deadline:
            taken = BotError("time-forfeit", f"did not send {what} by its deadline")
        if taken is not None:
            if taken == _TOO_LONG:
                taken = BotError("line-too-long", f"a line over {MAX_LINE_BYTES} bytes")
            results[seat] = taken
            del pending[seat]


def _selector(pending: dict[int, tuple[BotProcess, float]]) -> selectors.BaseSelector:
    """A selector that watches the output, and the exit, of every bot of ``pending``."""
    selector = selectors.DefaultSelector()
    for bot, _ in pending.values():
        selector.register(bot._out, selectors.EVENT_READ, bot)
        if bot._pidfd is not None:
            selector.register(bot._pidfd, selectors.EVENT_READ, bot)
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
        if events & selectors.EVENT_READ and key.fd == bot._out:
            bot._read_ready()  # (the exit's descriptor needs no reading: _take sees it)
