"""The lines after a log's header: entries, each a command with the events it caused.

An entry (:class:`LogEntry`) is a command, the seat that gave it (``null`` for chance) and
the events it caused; in a log of kind ``commands`` it has no events. An entry of a redacted
log (:class:`RedactedLogEntry`) shows a command and its events as one seat sees them:
:func:`redact_entries` makes them from a game's entries. Each entry is one line of JSON:

>>> from chicago_poker.core.commands import PlayGangster
>>> from chicago_poker.core.cards import parse_card, parse_tile
>>> dump_command(PlayGangster(0, parse_card("9R"), parse_tile("Speakeasy#1")))
'{"type":"PlayGangster","player":0,"card":"9R","business":"Speakeasy#1"}'

Every ``dump_`` function reads its text back as the reader would, and refuses what the
reader refuses, with the reader's message; every ``load_`` function reads with every check of
the format.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

import attrs
import orjson
from attrs import field, frozen

from chicago_poker.core.apply import apply
from chicago_poker.core.commands import ChanceCommand, Command
from chicago_poker.core.errors import ArgumentTypeError, LogFormatError, short_repr
from chicago_poker.core.events import Event
from chicago_poker.core.history import Entry
from chicago_poker.core.redacted_commands import SeenCommand, redact_command
from chicago_poker.core.redacted_events import SeenEvent, redact
from chicago_poker.core.state import GameState
from chicago_poker.formats.converter import (
    COMMANDS_BY_NAME,
    EVENTS_BY_NAME,
    REDACTED_COMMAND_TYPES,
    SEEN_COMMANDS_BY_NAME,
    SEEN_EVENTS_BY_NAME,
    converter,
    json_type,
    structure,
)
from chicago_poker.formats.json_checks import (
    at_line,
    check_keys,
    check_line_number,
    check_size,
    check_text,
    dumps,
    loads,
)

__all__ = [
    "LogEntry",
    "RedactedLogEntry",
    "actor_of",
    "check_viewer_type",
    "dump_command",
    "dump_entry",
    "dump_event",
    "dump_seen",
    "entry_head",
    "entry_text",
    "entry_with_events",
    "load_command",
    "load_entry",
    "load_event",
    "load_redacted_entry",
    "redact_entries",
]


@frozen
class LogEntry:
    """One line after the header: a command, who gave it, and the events it caused."""

    command: Command
    """The command, of a player or of chance."""

    events: tuple[Event, ...] | None
    """The events it caused, automatic ones included; None in a log of kind ``commands``."""

    line: int | None = field(default=None, eq=False, kw_only=True)
    """The line the entry was read from, or None if it was not read from a log."""

    @property
    def actor(self) -> int | None:
        """The seat that gave the command, or None for chance."""
        return actor_of(self.command)

    @classmethod
    def of(cls, entry: Entry | LogEntry) -> LogEntry:
        """The log entry of an entry of :attr:`Game.history <chicago_poker.Game.history>`."""
        if isinstance(entry, LogEntry):
            return entry
        return cls(entry.command, entry.events)


@frozen
class RedactedLogEntry:
    """An entry of a redacted log: a command and its events as the header's viewer sees them.

    Hidden cards are None: the command and events are those of :mod:`chicago_poker.core.views`
    (``Redacted...`` forms, see :func:`~chicago_poker.redact` and
    :func:`~chicago_poker.redact_command`) where something is hidden, the plain ones
    where nothing is.
    """

    command: SeenCommand
    """The command, of a player or of chance, as the viewer sees it."""

    events: tuple[SeenEvent, ...]
    """The events it caused, automatic ones included, as the viewer sees them."""

    line: int | None = field(default=None, eq=False, kw_only=True)
    """The line the entry was read from, or None if it was not read from a log."""

    @property
    def actor(self) -> int | None:
        """The seat that gave the command, or None for chance."""
        return actor_of(self.command)


_CHANCE_TYPES: Final = typing.get_args(ChanceCommand)

_REDACTED_CHANCE_TYPES: Final = tuple(
    cls for cls in REDACTED_COMMAND_TYPES if not any(f.name == "player" for f in attrs.fields(cls))
)


_ALL_CHANCE_TYPES: Final = (*_CHANCE_TYPES, *_REDACTED_CHANCE_TYPES)


def actor_of(command: SeenCommand) -> int | None:
    """The seat that gives ``command``, plain or redacted, or None for chance."""
    if isinstance(command, _ALL_CHANCE_TYPES):
        return None
    player: int = command.player  # type: ignore[union-attr]  # every player command has one
    return player


def dump_command(command: Command) -> str:
    """The JSON text of a command, with its type tag.

    Raises:
        LogFormatError: :func:`load_command` would refuse the text (a field of the wrong
            type, say); the message is the reader's.
        ArgumentTypeError: ``command`` is not a command.
    """
    return _dump_checked(command, "command", COMMANDS_BY_NAME, Command)


def load_command(text: str | bytes) -> Command:
    """Read a command from its JSON text.

    Raises:
        LogFormatError: The text is not the JSON of a command; the message names the field.
        ArgumentTypeError: ``text`` is not a string or bytes.
    """
    check_text(text, "text")
    result: Command = structure(loads(text, None), COMMANDS_BY_NAME, "$")
    return result


def dump_event(event: Event) -> str:
    """The JSON text of an event, with its type tag.

    Raises:
        LogFormatError: :func:`load_event` would refuse the text; the message is the reader's.
        ArgumentTypeError: ``event`` is not an event.
    """
    return _dump_checked(event, "event", EVENTS_BY_NAME, Event)


def dump_seen(item: SeenCommand | SeenEvent) -> str:
    """The JSON text of a command or event as a seat sees it: plain, or its redacted form.

    >>> from chicago_poker.core.redacted_events import RedactedCardDrawn
    >>> dump_seen(RedactedCardDrawn(1, None))
    '{"type":"RedactedCardDrawn","player":1,"card":null}'

    Raises:
        LogFormatError: A redacted log's reader would refuse the text.
        ArgumentTypeError: ``item`` is not a command or event, plain or redacted.
    """
    if type(item).__name__ in SEEN_EVENTS_BY_NAME:
        return _dump_checked(item, "item", SEEN_EVENTS_BY_NAME, SeenEvent)
    return _dump_checked(item, "item", SEEN_COMMANDS_BY_NAME, SeenCommand)


def _dump_checked(item: object, argument: str, by_name: Mapping[str, type], union: Any) -> str:
    """The JSON text of ``item``, read back as the reader reads it (it raises what it would)."""
    if by_name.get(type(item).__name__) is not type(item):
        what = "a command" if by_name.keys() & COMMANDS_BY_NAME.keys() else "an event"
        if by_name is SEEN_EVENTS_BY_NAME or by_name is SEEN_COMMANDS_BY_NAME:
            what = "a command or event"
        raise ArgumentTypeError(f"{argument} must be {what}, not {short_repr(item)}")
    text = dumps(converter.unstructure(item, union))
    structure(orjson.loads(text), by_name, "$")
    return text


def load_event(text: str | bytes) -> Event:
    """Read an event from its JSON text.

    Raises:
        LogFormatError: The text is not the JSON of an event; the message names the field.
        ArgumentTypeError: ``text`` is not a string or bytes.
    """
    check_text(text, "text")
    result: Event = structure(loads(text, None), EVENTS_BY_NAME, "$")
    return result


def _entry_object(entry: LogEntry | RedactedLogEntry) -> dict[str, Any]:
    if isinstance(entry, RedactedLogEntry):
        return {
            "command": converter.unstructure(entry.command, SeenCommand),
            "actor": entry.actor,
            "events": [converter.unstructure(event, SeenEvent) for event in entry.events],
        }
    obj: dict[str, Any] = {
        "command": converter.unstructure(entry.command, Command),
        "actor": entry.actor,
    }
    if entry.events is not None:
        obj["events"] = [converter.unstructure(event, Event) for event in entry.events]
    return obj


def dump_entry(entry: LogEntry | RedactedLogEntry | Entry, *, engine_made: bool = False) -> str:
    """The JSON line (without newline) of an entry.

    The line is read back as the reader reads it, and refused if the reader would refuse it;
    with ``engine_made`` (the entry is the engine's own, or redacted from it, as a game
    between bots streams it), only its size is checked, as
    :func:`~chicago_poker.formats.writer.entries_to_lines` checks the lines of a game's history.

    >>> from chicago_poker.core.commands import DrawCard
    >>> from chicago_poker.core.events import DrawRequested
    >>> entry = LogEntry(DrawCard(1), (DrawRequested(1),))
    >>> print(dump_entry(entry))  # doctest: +ELLIPSIS
    {"command":{"type":"DrawCard","player":1},"actor":1,"events":[{"type":"DrawRequested",...}]}

    Raises:
        LogFormatError: :func:`load_entry` (:func:`load_redacted_entry` for a
            :class:`RedactedLogEntry`) would refuse the line; the message is the reader's.
        ArgumentTypeError: ``entry`` is not an entry.
    """
    if not isinstance(entry, LogEntry | RedactedLogEntry | Entry):
        raise ArgumentTypeError(f"entry must be an entry of a log, not {short_repr(entry)}")
    text = entry_text(entry)
    if engine_made:
        check_size(text, None)
    else:
        _load_entry(loads(text, None), None, redacted=isinstance(entry, RedactedLogEntry))
    return text


def entry_text(entry: LogEntry | RedactedLogEntry | Entry) -> str:
    """The JSON line of an entry, unchecked (:func:`dump_entry` checks it)."""
    if isinstance(entry, RedactedLogEntry):
        return dumps(_entry_object(entry))
    return dumps(_entry_object(LogEntry.of(entry)))


def load_entry(text: str | bytes, *, line: int | None = None) -> LogEntry:
    """Read an entry from its JSON line (text, or UTF-8 bytes).

    Raises:
        LogFormatError: The line is not an entry; the message names the line and the field.
        ArgumentTypeError: ``text`` is not a string or bytes.
        InvalidArgumentError: ``line`` is not a line number (from 1) or None.
    """
    check_text(text, "text")
    check_line_number(line)
    entry = _load_entry(loads(text, line), line, redacted=False)
    assert isinstance(entry, LogEntry)
    return entry


def load_redacted_entry(text: str | bytes, *, line: int | None = None) -> RedactedLogEntry:
    """Read an entry of a redacted log: hidden cards may be null, in the ``Redacted`` forms.

    Raises:
        LogFormatError: The line is not an entry of a redacted log (such an entry needs its
            events); the message names the line and the field.
        ArgumentTypeError: ``text`` is not a string or bytes.
        InvalidArgumentError: ``line`` is not a line number (from 1) or None.
    """
    check_text(text, "text")
    check_line_number(line)
    entry = _load_entry(loads(text, line), line, redacted=True)
    assert isinstance(entry, RedactedLogEntry)
    return entry


def _load_entry(obj: object, line: int | None, *, redacted: bool) -> LogEntry | RedactedLogEntry:
    command, raw_events = entry_head(obj, line, redacted=redacted)
    return entry_with_events(command, raw_events, line, redacted=redacted)


_ENTRY_KEYS: Final = frozenset({"command", "actor", "events"})


def entry_head(obj: object, line: int | None, *, redacted: bool) -> tuple[Any, list[Any] | None]:
    """Read an entry's command and actor; return the command and the events still as JSON.

    The events are checked to be an array here, and structured by :func:`entry_with_events`.
    """
    try:
        if type(obj) is not dict:
            raise LogFormatError(f"$: expected an entry object, not {json_type(obj)}")
        if obj.keys() != _ENTRY_KEYS:
            check_keys(obj, required={"command", "actor"}, optional={"events"})
        commands = SEEN_COMMANDS_BY_NAME if redacted else COMMANDS_BY_NAME
        command = structure(obj["command"], commands, "$.command")
        _check_actor(obj["actor"], command)
        raw = _raw_events(obj, redacted=redacted)
    except LogFormatError as error:
        raise at_line(error, line) from error.__cause__
    return command, raw


def _check_actor(actor: object, command: Any) -> None:
    """The actor of an entry: the seat that gives its command, or null for chance."""
    if actor is not None and type(actor) is not int:
        raise LogFormatError(f"$.actor: expected a seat or null, not {json_type(actor)}")
    expected = actor_of(command)
    if actor != expected:
        wanted = "null, for chance" if expected is None else str(expected)
        raise LogFormatError(f"$.actor: {actor} does not match the command: {wanted}")


def _raw_events(obj: dict[str, Any], *, redacted: bool) -> list[Any] | None:
    """The events of an entry, still as JSON: an array, or None when a log may leave them out."""
    raw: list[Any] | None = obj.get("events")
    if raw is None:
        if "events" in obj:
            raise LogFormatError("$.events: expected an array, not null")
        if redacted:
            raise LogFormatError("$: an entry of a redacted log needs its events")
    elif type(raw) is not list:
        raise LogFormatError(f"$.events: expected an array, not {json_type(raw)}")
    return raw


def entry_with_events(
    command: Any, raw: list[Any] | None, line: int | None, *, redacted: bool
) -> LogEntry | RedactedLogEntry:
    """The entry of a command read by :func:`entry_head`, with its events structured."""
    by_name = SEEN_EVENTS_BY_NAME if redacted else EVENTS_BY_NAME
    try:
        events = (
            None
            if raw is None
            else tuple(
                structure(each, by_name, f"$.events[{index}]") for index, each in enumerate(raw)
            )
        )
    except LogFormatError as error:
        raise at_line(error, line) from error.__cause__
    if redacted:
        assert events is not None
        return RedactedLogEntry(command, events, line=line)
    return LogEntry(command, events, line=line)


def redact_entries(
    entries: Iterable[Entry | LogEntry], viewer: int | None
) -> Iterator[RedactedLogEntry]:
    """The entries of a game as ``viewer`` sees them (None: a spectator).

    Every command and event is redacted with :func:`~chicago_poker.redact_command` and
    :func:`~chicago_poker.redact` against the state before it (the entries are replayed
    with :func:`chicago_poker.core.apply.apply`), so they must hold their events.

    Raises:
        LogFormatError: An entry has no events, or ``viewer`` is neither None nor a seat
            number.
    """
    check_viewer_type(viewer)
    state: GameState | None = None
    for index, raw in enumerate(entries):
        entry = LogEntry.of(raw)
        if entry.events is None:
            raise LogFormatError(f"entry {index} has no events, which a redacted log needs")
        command = redact_command(state, entry.command, viewer)
        seen: list[SeenEvent] = []
        for event in entry.events:
            seen.append(redact(state, event, viewer))
            state = apply(state, event)
        yield RedactedLogEntry(command, tuple(seen))


def check_viewer_type(viewer: object) -> None:
    """Refuse a ``viewer`` that is neither a seat number nor None (a spectator)."""
    if viewer is not None and (type(viewer) is not int or viewer < 0):
        raise LogFormatError(
            f"viewer: {short_repr(viewer)} is not a seat: a redacted log is shown to a seat "
            "number from 0, or None for a spectator"
        )
