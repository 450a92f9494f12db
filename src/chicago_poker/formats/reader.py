"""Reading a game log: the header, then each entry, with every check of the format.

:func:`read_log` reads a log lazily, line by line, and yields the header and then each entry
with its line number; the first line that does not follow the format raises a
:class:`~chicago_poker.core.errors.LogFormatError` that names it. :func:`read_lazily` reads
the same lines for the validator, which needs less: an entry's events only when they differ
from the engine's (:class:`PendingEntry`), and nothing but the command of a line written
exactly as the writer writes it (:class:`CanonicalLine`).
"""

from __future__ import annotations

import functools
import os
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeAlias, cast

import orjson

from chicago_poker.core.commands import Command, StartGame
from chicago_poker.core.errors import (
    ArgumentTypeError,
    ChicagoPokerError,
    LogFormatError,
    short_repr,
)
from chicago_poker.core.events import Event
from chicago_poker.core.redacted_commands import RedactedStartGame
from chicago_poker.formats.converter import (
    COMMANDS_BY_NAME,
    LEAN_ERRORS,
    STRUCTURED_CACHE,
    clear_structured,
    events_json,
    lean_hook,
)
from chicago_poker.formats.entries import (
    LogEntry,
    RedactedLogEntry,
    actor_of,
    entry_head,
    entry_with_events,
)
from chicago_poker.formats.header import LogHeader, LogKind, load_header, with_upgrade_hint
from chicago_poker.formats.json_checks import ASCII_SAFE_CHARS, check_size, loads

__all__ = [
    "CanonicalLine",
    "LoadedEntry",
    "LogItem",
    "PendingEntry",
    "clear_structure_cache",
    "read_lazily",
    "read_log",
    "read_pending",
]

LogItem: TypeAlias = LogHeader | LogEntry | RedactedLogEntry
"""What :func:`read_log` yields: the header, then the entries (redacted ones in a redacted log)."""


def read_log(lines: Iterable[str | bytes]) -> Iterator[LogItem]:
    """Read a log line by line: yield the header, then every entry, each with its line number.

    ``lines`` may be an open file (text, or binary holding UTF-8) or any iterable of strings;
    trailing newlines are ignored. Reading is lazy: an error surfaces when its line is reached.

    Raises:
        LogFormatError: A line does not follow the format (not JSON, a key twice in an
            object, an unknown type or key, a wrong type, a header of another format or
            version, entries that contradict the header, a line over 1 MiB); the message
            names the line and the field, and says to upgrade chicago-poker when the log is
            newer than this one reads.
        ArgumentTypeError: ``lines`` is a string, bytes or a path rather than lines (open
            the file first).
    """
    _check_lines_type(lines)
    return _read_items(lines)


def _check_lines_type(lines: object) -> None:
    """Refuse a path or a string given where the lines of a log belong."""
    if isinstance(lines, str | bytes | os.PathLike) or not isinstance(lines, Iterable):
        raise ArgumentTypeError(
            f"lines must be the lines of a log, such as an open file, not {short_repr(lines)}"
            + (": open the file first" if isinstance(lines, str | os.PathLike) else "")
        )


def _read_items(lines: Iterable[str | bytes]) -> Iterator[LogItem]:
    for item in read_lazily(lines):
        if isinstance(item, LogHeader):
            yield item
        else:
            assert isinstance(item, PendingEntry)  # canonical lines were not asked for
            yield item.load()


class PendingEntry(typing.NamedTuple):
    """An entry read up to its events, which :meth:`load` structures.

    The validator compares the events of a full log with the engine's as JSON first, and
    structures them (with every check of the format) only when they differ.
    """

    header: LogHeader
    """The header of the log the entry is in."""
    command: Any
    """The entry's command, structured (a command, or a redacted one)."""
    events: list[Any] | None
    """The entry's events as JSON data, not yet structured; None in a commands log."""
    line: int
    """The entry's line number in the log, from 1."""

    def load(self) -> LogEntry | RedactedLogEntry:
        """The entry, with its events structured (raises LogFormatError if they are not)."""
        redacted = self.header.kind is LogKind.REDACTED
        try:
            return entry_with_events(self.command, self.events, self.line, redacted=redacted)
        except LogFormatError as error:
            raise with_upgrade_hint(error, self.header.engine) from error.__cause__


def read_lazily(
    lines: Iterable[str | bytes], *, canonical: bool = False
) -> Iterator[LogHeader | PendingEntry | CanonicalLine | LoadedEntry]:
    """Read a log's header, then its entries up to their events (see :class:`PendingEntry`).

    With ``canonical``, an entry line of a full or commands log whose command is written as
    the writer writes it comes as a :class:`CanonicalLine`, with only the command read, and
    an entry line of a redacted log comes read in full, as a :class:`LoadedEntry`.
    :func:`read_log` reads through this; the validator uses it to skip structuring the
    events of an entry that the engine writes identically.

    Raises:
        LogFormatError: The header, or an entry up to its events, is not in the format.
    """
    header: LogHeader | None = None
    number = 0
    with_events = fast = seen = False
    for number, raw in enumerate(lines, start=1):
        if header is None:
            header = load_header(raw, line=number)
            fast = canonical and header.kind is not LogKind.REDACTED
            seen = canonical and header.kind is LogKind.REDACTED
            with_events = header.kind is LogKind.FULL
            yield header
            continue
        if fast and number > 2 and type(raw) is bytes and raw.startswith(_ENTRY_START):
            if len(raw) > ASCII_SAFE_CHARS:  # check_size's own first test, without a call
                check_size(raw, number)
            at = raw.find(_ACTOR_KEY, _COMMAND_AT, _CANONICAL_COMMAND_BYTES)
            known = _canonical_command(raw[_COMMAND_AT:at]) if at > 0 else None
            if known is not None:
                # tuple.__new__ makes the named tuple without the Python call of its __new__.
                yield _new_tuple(CanonicalLine, (header, *known, with_events, raw, at, number))
                continue
        if seen and number > 2 and len(raw) <= _RECURRING_LINE:
            yield _seen_entry(header, raw, number)
            continue
        yield read_pending(header, raw, number)
    if header is None:
        raise LogFormatError("the log is empty: line 1 must be a header", line=1)
    if number == 1:
        raise LogFormatError("the log has no entries: line 2 must be StartGame", line=2)


_RECURRING_LINE: Final = 512
"""Lines of a redacted log up to this long are kept once read: a seat's draw, another's deal
and many more recur word for word (:func:`_seen_entry`)."""

_SEEN_LINES: Final[dict[tuple[str | bytes, int], tuple[Any, tuple[Any, ...]]]] = {}


def clear_structure_cache() -> None:
    """Forget the commands, events and lines read so far (for benchmarks that start afresh)."""
    clear_structured()
    _SEEN_LINES.clear()


class LoadedEntry(typing.NamedTuple):
    """An entry of a redacted log already read in full: :meth:`load` gives it."""

    entry: RedactedLogEntry
    """The entry."""

    @property
    def command(self) -> Any:
        """The entry's command."""
        return self.entry.command

    def load(self) -> RedactedLogEntry:
        """The entry."""
        return self.entry


def _seen_entry(header: LogHeader, raw: str | bytes, number: int) -> LoadedEntry:
    """A line of a redacted log, read in full once for all the lines that are the same text.

    Its command and events depend on its text and the log's number of seats alone, so a line
    read before needs no reading again (every check of the format was made then).
    """
    key = (raw, len(header.players))
    found = _SEEN_LINES.get(key)
    if found is None:
        entry = read_pending(header, raw, number).load()
        assert isinstance(entry, RedactedLogEntry)
        if len(_SEEN_LINES) < STRUCTURED_CACHE and not isinstance(entry.command, _START_TYPES):
            _SEEN_LINES[key] = (entry.command, entry.events)
    else:
        entry = RedactedLogEntry(found[0], found[1], line=number)
    # tuple.__new__ makes the named tuple without the Python call of its __new__.
    loaded: LoadedEntry = _new_tuple(LoadedEntry, (entry,))
    return loaded


def read_pending(header: LogHeader, raw: str | bytes, number: int) -> PendingEntry:
    """Read the entry on line ``number`` up to its events, with every check of the format."""
    try:
        return _pending_entry(header, raw, number)
    except LogFormatError as error:
        raise with_upgrade_hint(error, header.engine) from error.__cause__


def _pending_entry(header: LogHeader, raw: str | bytes, number: int) -> PendingEntry:
    redacted = header.kind is LogKind.REDACTED
    command, events = entry_head(loads(raw, number), number, redacted=redacted)
    if number == 2 or isinstance(command, _START_TYPES):
        _check_start(header, command, number)
    commands_only = header.kind is LogKind.COMMANDS
    if (events is not None) is commands_only:
        raise LogFormatError(
            "a log of kind commands has no events"
            if commands_only
            else f"a log of kind {header.kind.value} needs the events",
            line=number,
        )
    return PendingEntry(header, command, events, number)


# A line as dump_entry writes it: {"command":COMMAND,"actor":ACTOR,"events":[EVENT,...]}, with
# no space, or without ,"events":[...] in a log of kind commands.
_ENTRY_START: Final = b'{"command":'
_COMMAND_AT: Final = len(_ENTRY_START)
_ACTOR_KEY: Final = b',"actor":'
_CANONICAL_COMMAND_BYTES: Final = 256
"""Commands are looked for in this many bytes at the start of a line; this bounds the cache."""


_new_tuple: Final = cast(Callable[..., Any], tuple.__new__)


class CanonicalLine(typing.NamedTuple):
    """An entry line that may be exactly what the writer writes; only its command read.

    ``raw`` is ``{"command":``, the JSON of ``command``, and from index ``at`` the rest. The
    line is the canonical line of an entry when that rest is exactly ``actor`` followed by the
    events as :func:`~chicago_poker.formats.entries.dump_entry` writes them
    (:meth:`written_with`). Reading such a line in full gives this command, the actor it needs
    and those events, so an entry that passes needs nothing more read. Any other line is read
    in full by :meth:`pending`.
    """

    header: LogHeader
    """The header of the log the line is in."""
    command: Command
    """The command read from the line."""
    actor: bytes
    """``,"actor":`` and the JSON of the seat that gives ``command`` (null for chance)."""
    with_events: bool
    """Whether the log's entries carry their events (a full log)."""
    raw: bytes
    """The line as read."""
    at: int
    """The index in ``raw`` where the JSON of the command ends."""
    line: int
    """The line number in the log, from 1."""

    def written_with(self, events: Sequence[Event]) -> bool:
        """Whether the line is exactly the canonical line of the command with ``events``."""
        if self.with_events:
            rest = b"".join((self.actor, b',"events":', events_json(events), b"}"))
        else:
            rest = self.actor + b"}"
        raw, at = self.raw, self.at
        end = at + len(rest)
        return raw.startswith(rest, at) and (end == len(raw) or raw[end:] == b"\n")

    def pending(self) -> PendingEntry:
        """The entry read in full, with every check of the format (raises LogFormatError)."""
        return read_pending(self.header, self.raw, self.line)


@functools.lru_cache(maxsize=8192)
def _canonical_command(text: bytes) -> tuple[Command, bytes] | None:
    """The command whose JSON is ``text`` and its actor as in ``CanonicalLine.actor``.

    None if ``text`` is not the JSON of a command exactly as
    :func:`~chicago_poker.formats.entries.dump_command` writes it, or is StartGame, whose
    place in the log is checked on the full path. Cached: commands recur, and reading one
    from its JSON depends on the text alone; the cache holds at most 8192 short texts (the
    games of 50 logs of 4 players write about 5,200 distinct ones).
    """
    try:
        obj = orjson.loads(text)
        if type(obj) is not dict or orjson.dumps(obj) != text:  # written another way, ...
            return None  # ... or with a key twice
        tag = obj.pop("type", None)
        cls = COMMANDS_BY_NAME.get(tag) if type(tag) is str else None
        if cls is None or cls is StartGame:
            return None
        command: Command = lean_hook(cls)(obj, cls)
    # Whatever the hook refuses (a key missing or unknown, a value of the wrong type) is read
    # again in full, which reports it.
    except (*LEAN_ERRORS, ChicagoPokerError, KeyError, TypeError, ValueError):
        return None
    actor = actor_of(command)
    return command, _ACTOR_KEY + (b"null" if actor is None else str(actor).encode())


_START_TYPES: Final = (StartGame, RedactedStartGame)


def _check_start(header: LogHeader, command: Any, line: int) -> None:
    """StartGame is the first entry, the only one, and agrees with the header."""
    if line == 2:
        if not isinstance(command, _START_TYPES):
            raise LogFormatError("the first entry must be the StartGame command", line=line)
        if command.players != header.players or command.options != header.options:
            raise LogFormatError(
                "StartGame's players and options differ from the header's", line=line
            )
    elif isinstance(command, _START_TYPES):
        raise LogFormatError("StartGame can only be the first entry", line=line)
