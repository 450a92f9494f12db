"""Game logs: commands and events as JSON, in a versioned JSON Lines file.

A log is a text file of JSON objects, one per line. Line 1 is a header (:class:`LogHeader`):
the format name and version, the engine version that wrote it, the options and players, where
the game came from, and what the log holds. Every further line is one entry
(:class:`LogEntry`): a command, the seat that gave it (``null`` for chance) and the events it
caused. Commands and events are written with a ``type`` tag; cards and tiles as their text
forms (``"9R"``, ``"Speakeasy#1"``), enumerations by value.

>>> from chicago_poker.core.commands import PlayGangster
>>> from chicago_poker.core.cards import parse_card, parse_tile
>>> dump_command(PlayGangster(0, parse_card("9R"), parse_tile("Speakeasy#1")))
'{"type":"PlayGangster","player":0,"card":"9R","business":"Speakeasy#1"}'

The format is described, with an example, in ``docs/log-format.md``; its JSON Schema
(:func:`chicago_poker.formats.schemas.log_schema`) ships with the package as
``schema/game-log.schema.json``.
"""

from __future__ import annotations

import enum
import functools
import itertools
import json
import math
import os
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, Final, NoReturn, TypeAlias, cast

import attrs
import cattrs
import orjson
from attrs import field, frozen
from cattrs.preconf.json import make_converter

import chicago_poker
from chicago_poker.core.apply import apply
from chicago_poker.core.cards import (
    BusinessTile,
    Card,
    GangsterCard,
    SpecialCard,
    card_order,
    parse_card,
    parse_tile,
)
from chicago_poker.core.commands import ChanceCommand, Command, StartGame
from chicago_poker.core.errors import (
    ArgumentTypeError,
    ChicagoPokerError,
    InvalidArgumentError,
    SavedGameError,
    short_repr,
)
from chicago_poker.core.events import Event
from chicago_poker.core.history import Entry, RecordedGame
from chicago_poker.core.redacted_commands import (
    RedactedCommand,
    RedactedStartGame,
    SeenCommand,
    redact_command,
)
from chicago_poker.core.redacted_events import RedactedEvent, SeenEvent, redact
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState

__all__ = [
    "COMMANDS_BY_NAME",
    "COMMAND_TYPES",
    "EVENTS_BY_NAME",
    "EVENT_TYPES",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "HEADER_KEYS",
    "MAX_INTEGER_DIGITS",
    "MAX_LINE_BYTES",
    "REDACTED_COMMAND_TYPES",
    "REDACTED_EVENT_TYPES",
    "SEEN_COMMANDS_BY_NAME",
    "SEEN_EVENTS_BY_NAME",
    "CanonicalLine",
    "LogEntry",
    "LogFormatError",
    "LogHeader",
    "LogItem",
    "LogKind",
    "PendingEntry",
    "Provenance",
    "RedactedLogEntry",
    "check_unique_keys",
    "converter",
    "dump_command",
    "dump_entry",
    "dump_event",
    "dump_header",
    "dump_seen",
    "entries_to_lines",
    "format_exception",
    "json_type",
    "load_command",
    "load_entry",
    "load_event",
    "load_header",
    "load_redacted_entry",
    "path_first",
    "read_lazily",
    "read_log",
    "redact_entries",
    "release_numbers",
    "same_events",
    "structure",
    "without_none",
    "write_log",
]

FORMAT_NAME: Final = "chicago-poker-log"
"""The value of the header's ``format`` key."""

FORMAT_VERSION: Final = 1
"""The version of the format this module writes and reads.

Raise it whenever a command or event changes in a way that old logs no longer read (the
schema file test notices every change of the classes).
"""

MAX_LINE_BYTES: Final = 1 << 20
"""The longest line of a log: 1 MiB of UTF-8, its line end included.

The writer refuses to write a longer line, and the reader refuses to read one.
"""

MAX_INTEGER_DIGITS: Final = 640
"""The most digits of an integer in a header (a seed in the provenance, say).

Every Python reads integers of 640 digits from text, whatever its limit on such conversions
(``sys.set_int_max_str_digits`` accepts no lower limit), so every reader can read them.
"""

COMMAND_TYPES: Final[tuple[type, ...]] = typing.get_args(Command)
"""Every command class, in the order of the :data:`~chicago_poker.core.commands.Command` union."""

EVENT_TYPES: Final[tuple[type, ...]] = typing.get_args(Event)
"""Every event class, in the order of the :data:`~chicago_poker.core.events.Event` union."""

REDACTED_COMMAND_TYPES: Final[tuple[type, ...]] = typing.get_args(RedactedCommand)
"""Every redacted command class (:mod:`chicago_poker.core.views`); only in redacted logs."""

REDACTED_EVENT_TYPES: Final[tuple[type, ...]] = typing.get_args(RedactedEvent)
"""Every redacted event class (:mod:`chicago_poker.core.views`); only in redacted logs."""

COMMANDS_BY_NAME: Final = {cls.__name__: cls for cls in COMMAND_TYPES}
"""Every command class by its JSON ``type`` (the readers of logs and of JSON use them)."""

EVENTS_BY_NAME: Final = {cls.__name__: cls for cls in EVENT_TYPES}
"""Every event class by its JSON ``type``."""

SEEN_COMMANDS_BY_NAME: Final = {
    **COMMANDS_BY_NAME,
    **{cls.__name__: cls for cls in REDACTED_COMMAND_TYPES},
}
"""Every command class, plain or redacted, by its JSON ``type``."""

SEEN_EVENTS_BY_NAME: Final = {
    **EVENTS_BY_NAME,
    **{cls.__name__: cls for cls in REDACTED_EVENT_TYPES},
}
"""Every event class, plain or redacted, by its JSON ``type``."""

_CHANCE_TYPES: Final = typing.get_args(ChanceCommand)

Provenance: TypeAlias = dict[str, str | int | float | bool | None]
"""Where a game came from: ``{"seed": 2004}`` for a seeded dealer, ``{}`` if unknown.

Keys other than ``seed`` are free (such as ``"table"`` or ``"date"``); values are JSON scalars.
A redacted log never holds ``seed``: its viewer could recompute every hidden card from it.
"""


class LogFormatError(ChicagoPokerError, ValueError):
    """A log, or a line of one, that does not follow the log format.

    The message names the line (when known) and the field at fault, such as
    ``line 3: $.command.card: '16R' is not a card: gangster values run from 1 to 15``.
    """

    line: int | None
    """The line number (from 1) of the faulty line, if known."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        """Create the error; ``line`` is prefixed to the message."""
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


class LogKind(enum.Enum):
    """What a log holds."""

    FULL = "full"
    """Every command with every event it caused, hidden information included."""

    COMMANDS = "commands"
    """Commands only, chance outcomes included, as recorded at a table; no events."""

    REDACTED = "redacted"
    """What one seat (the header's ``viewer``) may know of the game."""


@frozen
class LogHeader:
    """Line 1 of a log: what the log is and which game it records."""

    engine: str
    """The ``chicago_poker.__version__`` that wrote the log."""

    options: RuleOptions
    """The rule options of the game; the same as those of its StartGame command."""

    players: tuple[str, ...]
    """The players' names by seat; the same as those of its StartGame command."""

    provenance: Provenance = field(factory=dict, hash=False)
    """Where the game came from: ``{"seed": 2004}``, or ``{}`` if unknown."""

    kind: LogKind = LogKind.FULL
    """What the log holds: every event, commands only, or one seat's view."""

    viewer: int | None = None
    """The seat whose view a redacted log shows; None for other kinds."""

    version: int = FORMAT_VERSION
    """The format version."""

    line: int | None = field(default=None, eq=False, kw_only=True)
    """The line the header was read from, or None if it was not read from a log."""


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
        return _actor(self.command)

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
        return _actor(self.command)


LogItem: TypeAlias = LogHeader | LogEntry | RedactedLogEntry
"""What :func:`read_log` yields: the header, then the entries (redacted ones in a redacted log)."""

_REDACTED_CHANCE_TYPES: Final = tuple(
    cls for cls in REDACTED_COMMAND_TYPES if not any(f.name == "player" for f in attrs.fields(cls))
)


_ALL_CHANCE_TYPES: Final = (*_CHANCE_TYPES, *_REDACTED_CHANCE_TYPES)


def _actor(command: SeenCommand) -> int | None:
    if isinstance(command, _ALL_CHANCE_TYPES):
        return None
    player: int = command.player  # type: ignore[union-attr]  # every player command has one
    return player


# --- the converter -----------------------------------------------------------------------


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, not {json_type(value)}")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, not {json_type(value)}")
    return value


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, not {json_type(value)}")
    return value


def _structure_card(value: object, _: object) -> Card:
    if type(value) is not str:
        raise TypeError(f'expected a card such as "9R", not {json_type(value)}')
    return parse_card(value)


def _structure_gangster(value: object, _: type) -> GangsterCard:
    if type(value) is not str:
        raise TypeError(f'expected a gangster card such as "9R", not {json_type(value)}')
    return GangsterCard.parse(value)


def _structure_tile(value: object, _: type) -> BusinessTile:
    if type(value) is not str:
        raise TypeError(f'expected a tile such as "Speakeasy#1", not {json_type(value)}')
    return parse_tile(value)


def json_type(value: object) -> str:
    """The JSON type of a value read from JSON, for messages: ``"a string"``, ``"null"``..."""
    match value:
        case None:
            return "null"
        case bool():
            return "a boolean"
        case int() | float():
            return "a number"
        case str():
            return "a string"
        case list() | tuple():
            return "an array"
        case dict():
            return "an object"
    return type(value).__name__


def _is_frozenset(tp: object) -> bool:
    return typing.get_origin(tp) is frozenset or tp is frozenset


def _unstructure_frozenset(tp: Any) -> Callable[[frozenset[Any]], list[Any]]:
    args = typing.get_args(tp)
    item = args[0] if args else Any
    card_items = item in (GangsterCard, SpecialCard) or item == Card

    def unstructure(value: frozenset[Any]) -> list[Any]:
        items = sorted(value, key=card_order) if card_items else sorted(value)
        return [converter.unstructure(each, item) for each in items]

    return unstructure


def _make_converter(*, detailed: bool = True) -> cattrs.Converter:
    """The format's converter; ``detailed=False`` makes one that says less when data is wrong.

    Both read and write the same data alike: only their errors differ. Without the details,
    cattrs generates shorter hooks, which do not gather every problem of an object.
    """
    conv = make_converter(forbid_extra_keys=True, detailed_validation=detailed)
    for card_class in (GangsterCard, SpecialCard, BusinessTile):
        conv.register_unstructure_hook(card_class, str)
    conv.register_unstructure_hook_func(lambda tp: tp == Card, str)
    conv.register_unstructure_hook_factory(_is_frozenset, _unstructure_frozenset)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(GangsterCard, _structure_gangster)
    conv.register_structure_hook(BusinessTile, _structure_tile)
    conv.register_structure_hook_func(lambda tp: tp == Card, _structure_card)
    conv.register_structure_hook_func(_is_optional, _structure_optional(conv))
    for union in (Command, Event, SeenCommand, SeenEvent):
        conv.register_unstructure_hook_factory(_is(union), _unstructure_tagged(conv, union))
        conv.register_structure_hook_factory(_is(union), _structure_tagged(conv, union))
    return conv


def _is(union: Any) -> Callable[[Any], bool]:
    """The predicate of the hooks of ``union``: the type is ``union`` itself."""
    return lambda tp: tp == union


def without_none(tp: Any) -> Any:
    """The union ``tp`` without None (``Card | None`` gives ``Card``)."""
    args = tuple(arg for arg in typing.get_args(tp) if arg is not type(None))
    return args[0] if len(args) == 1 else typing.Union[args]  # noqa: UP007 - built from a tuple


def _is_optional(tp: object) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in (
        typing.get_args(tp)
    )


def _structure_optional(conv: cattrs.Converter) -> Callable[[object, Any], Any]:
    """Read ``X | None``: null is None (a hidden card of a redacted log), else an ``X``."""

    def structure(value: object, tp: Any) -> Any:
        return None if value is None else conv.structure(value, without_none(tp))

    return structure


def _unstructure_tagged(
    conv: cattrs.Converter, union: Any
) -> Callable[[Any], Callable[[Any], dict[str, Any]]]:
    """The factory of the hook that unstructures the members of ``union``, ``type`` tag first.

    The tag is the class name. cattrs calls the factory the first time ``union`` is
    unstructured, so that a program pays for the code cattrs generates for each class only
    if it writes commands or events; each class's own hook is then looked up once, since
    writing and validating logs unstructure every event.
    """

    def factory(_: Any) -> Callable[[Any], dict[str, Any]]:
        hooks = {cls: conv.get_unstructure_hook(cls) for cls in typing.get_args(union)}

        def unstructure(value: Any) -> dict[str, Any]:
            cls = type(value)
            return {"type": cls.__name__, **hooks[cls](value)}

        return unstructure

    return factory


def _structure_tagged(
    conv: cattrs.Converter, union: Any
) -> Callable[[Any], Callable[[Any, Any], Any]]:
    """The factory of the hook that structures a member of ``union`` by its ``type`` tag.

    Like cattrs' tagged union strategy (``configure_tagged_union``) with this converter's
    ``forbid_extra_keys``: the tag is read and removed, and the class of that name structures
    the rest. It is built the first time ``union`` is structured, as is its unstructuring
    hook, and without registering anything on the converter then: a registration would empty
    the converter's cache of the hooks it has already generated.
    """

    def factory(_: Any) -> Callable[[Any, Any], Any]:
        by_tag = {
            cls.__name__: (cls, conv.get_structure_hook(cls)) for cls in typing.get_args(union)
        }

        def structure(value: Any, _: Any) -> Any:
            fields = value.copy()
            cls, hook = by_tag[fields.pop("type")]
            return hook(fields, cls)

        return structure

    return factory


converter: Final = _make_converter()
"""The cattrs converter of the format (JSON-friendly).

``converter.unstructure(command, Command)`` gives the JSON object of a command with its
``type`` tag; ``converter.structure(obj, Command)`` reads one back (likewise with ``Event``).
Cards and tiles are their text forms, enumerations their values, tuples and frozensets lists
(frozensets sorted, cards in display order), :class:`RuleOptions` an object.
"""


def format_exception(exc: BaseException, tp: type | None) -> str:
    """What is wrong with data that did not structure as ``tp``, path first, in one line."""
    if isinstance(exc, ChicagoPokerError):
        return str(exc)
    if isinstance(exc, TypeError) and str(exc).startswith("expected "):
        return str(exc)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return _keys("unknown", sorted(exc.extra_fields))
    if isinstance(exc, KeyError):
        return "required key missing"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "expected one of " + ", ".join(json.dumps(member.value) for member in tp)
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple and Ellipsis not in args:
        return f"expected an array of {len(args)} items"
    return cattrs.v.format_exception(exc, tp)


class _StructureHooks(dict[type, Callable[[Any, type], Any]]):
    """The structure hook of each command and event class, looked up on first use."""

    def __missing__(self, cls: type) -> Callable[[Any, type], Any]:
        hook = self[cls] = converter.get_structure_hook(cls)
        return hook


_STRUCTURE_HOOKS: Final = _StructureHooks()
"""The structure hook of each command and event class, looked up once, when first needed."""


class _LeanHooks(dict[type, Callable[[Any, type], Any]]):
    """The structure hook of each class from the converter without details (see _lean_hook)."""

    def __missing__(self, cls: type) -> Callable[[Any, type], Any]:
        hook = self[cls] = _lean_hook(cls)
        return hook


_LEAN_HOOKS: Final = _LeanHooks()


def structure(value: object, by_name: Mapping[str, type], path: str) -> Any:
    """Structure a tagged command or event; raise LogFormatError naming the field.

    ``by_name`` holds the classes that may be read here by name, such as
    ``COMMANDS_BY_NAME``. Commands and events are immutable and recur (a seat's draw, the
    start of its action phase), so each is read once from its JSON text and kept, at most
    :data:`STRUCTURED_CACHE` of them (:func:`clear_structure_cache` empties the cache).
    """
    if type(value) is not dict:
        return _structure(value, by_name, path)
    key = (id(by_name), orjson.dumps(value))
    found = _STRUCTURED.get(key)
    if found is None:
        found = _structure(value, by_name, path)
        if len(_STRUCTURED) < STRUCTURED_CACHE:
            _STRUCTURED[key] = found
    return found


STRUCTURED_CACHE: Final = 8_192
"""The most commands and events :func:`structure` keeps by their JSON text."""

_STRUCTURED: Final[dict[tuple[int, bytes], Any]] = {}


def clear_structure_cache() -> None:
    """Forget the commands, events and lines read so far (for benchmarks that start afresh)."""
    _STRUCTURED.clear()
    _SEEN_LINES.clear()


def _structure(value: object, by_name: Mapping[str, type], path: str) -> Any:
    tag = value.get("type") if type(value) is dict else None
    cls = by_name.get(tag) if type(tag) is str else None
    if cls is None:
        raise _untyped(value, tag, by_name, path)
    assert isinstance(value, dict)
    fields = {key: item for key, item in value.items() if key != "type"}
    try:
        # First without gathering the details of errors: data this refuses is read again, in
        # detail, below, whose message is the one reported.
        return _LEAN_HOOKS[cls](fields, cls)
    except Exception:  # whatever it refuses is read again in detail below
        pass
    try:
        # The class's own hook, after reading the tag, does what the tagged union's does.
        return _STRUCTURE_HOOKS[cls](fields, cls)
    except cattrs.ClassValidationError as error:
        problems = cattrs.transform_error(error, path=path, format_exception=format_exception)
        raise LogFormatError(f"{tag}: " + "; ".join(path_first(p) for p in problems)) from error
    except (ChicagoPokerError, TypeError, ValueError) as error:
        raise LogFormatError(f"{path}: {format_exception(error, None)}") from error


def _untyped(value: object, tag: object, by_name: Mapping[str, type], path: str) -> LogFormatError:
    """The error for a value that is no object, or has no type, or a type not in ``by_name``."""
    commands = by_name is COMMANDS_BY_NAME or by_name is SEEN_COMMANDS_BY_NAME
    what, a_what = ("command", "a command") if commands else ("event", "an event")
    if not isinstance(value, dict):
        return LogFormatError(f"{path}: expected {a_what} object, not {json_type(value)}")
    if tag is None:
        return LogFormatError(f'{path}: the {what} has no "type"')
    return LogFormatError(
        f"{path}.type: {tag!r} is not {a_what} type; the {what}s are " + ", ".join(by_name)
    )


def _first_unstructure_event(event: Event) -> dict[str, Any]:
    """Look the converter's hook of events up, keep it as ``_unstructure_event``, and use it.

    Looked up on first use, not at import: that generates the code of every event class's
    hook, which a program that never writes or checks an event need not pay for.
    """
    global _unstructure_event
    _unstructure_event = converter.get_unstructure_hook(Event)
    data: dict[str, Any] = _unstructure_event(event)
    return data


_unstructure_event: Callable[[Event], dict[str, Any]] = _first_unstructure_event
"""The converter's hook that unstructures an event with its tag (once first used)."""


def same_events(raw: list[Any], events: Sequence[Event]) -> bool:
    """Whether the JSON events of an entry are exactly those a log writes for ``events``.

    Compared as JSON text, so that equal means equal types too (``true`` is not ``1``, nor
    ``1.0``): events that pass need no structuring, which is most of the cost of reading them.
    Events written differently (other key order) fail here and are structured instead.
    """
    return orjson.dumps(raw) == _events_json(events)


def _events_json(events: Sequence[Event]) -> bytes:
    """The JSON array of ``events`` exactly as a log writes it.

    The converter's hook of events does the same, one call deeper: this runs for every
    entry that the validator checks, so it calls each class's own hook itself.
    """
    hooks = _UNSTRUCTURE_HOOKS
    return orjson.dumps(
        [{"type": type(each).__name__, **hooks[type(each)](each)} for each in events]
    )


class _UnstructureHooks(dict[type, Callable[[Any], dict[str, Any]]]):
    """The unstructure hook of each event class (without its tag), looked up on first use."""

    def __missing__(self, cls: type) -> Callable[[Any], dict[str, Any]]:
        hook = self[cls] = converter.get_unstructure_hook(cls)
        return hook


_UNSTRUCTURE_HOOKS: Final = _UnstructureHooks()


def path_first(problem: str) -> str:
    """Turn cattrs' ``message @ $.path`` into ``$.path: message``."""
    message, at, where = problem.rpartition(" @ ")
    return f"{where}: {message}" if at else problem


# --- commands, events, entries and headers -------------------------------------------------


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
    _check_text(text, "text")
    result: Command = structure(_loads(text, None), COMMANDS_BY_NAME, "$")
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
    text = _dumps(converter.unstructure(item, union))
    structure(orjson.loads(text), by_name, "$")
    return text


def load_event(text: str | bytes) -> Event:
    """Read an event from its JSON text.

    Raises:
        LogFormatError: The text is not the JSON of an event; the message names the field.
        ArgumentTypeError: ``text`` is not a string or bytes.
    """
    _check_text(text, "text")
    result: Event = structure(_loads(text, None), EVENTS_BY_NAME, "$")
    return result


def _check_text(text: object, argument: str) -> None:
    if not isinstance(text, str | bytes):
        raise ArgumentTypeError(
            f"{argument} must be JSON text (a string or UTF-8 bytes), not {short_repr(text)}"
        )


def _check_line_number(line: object) -> None:
    if line is not None and (type(line) is not int or line < 1):
        raise InvalidArgumentError(
            f"line must be a line number from 1, or None, not {short_repr(line)}"
        )


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
    between bots streams it), only its size is checked, as :func:`entries_to_lines` checks
    the lines of a game's history.

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
    text = _dump_entry(entry)
    if engine_made:
        _check_size(text, None)
    else:
        _load_entry(_loads(text, None), None, redacted=isinstance(entry, RedactedLogEntry))
    return text


def _dump_entry(entry: LogEntry | RedactedLogEntry | Entry) -> str:
    if isinstance(entry, RedactedLogEntry):
        return _dumps(_entry_object(entry))
    return _dumps(_entry_object(LogEntry.of(entry)))


def load_entry(text: str | bytes, *, line: int | None = None) -> LogEntry:
    """Read an entry from its JSON line (text, or UTF-8 bytes).

    Raises:
        LogFormatError: The line is not an entry; the message names the line and the field.
        ArgumentTypeError: ``text`` is not a string or bytes.
        InvalidArgumentError: ``line`` is not a line number (from 1) or None.
    """
    _check_text(text, "text")
    _check_line_number(line)
    entry = _load_entry(_loads(text, line), line, redacted=False)
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
    _check_text(text, "text")
    _check_line_number(line)
    entry = _load_entry(_loads(text, line), line, redacted=True)
    assert isinstance(entry, RedactedLogEntry)
    return entry


def _load_entry(obj: object, line: int | None, *, redacted: bool) -> LogEntry | RedactedLogEntry:
    command, raw_events = _entry_head(obj, line, redacted=redacted)
    return _entry_with_events(command, raw_events, line, redacted=redacted)


_ENTRY_KEYS: Final = frozenset({"command", "actor", "events"})


def _entry_head(obj: object, line: int | None, *, redacted: bool) -> tuple[Any, list[Any] | None]:
    """Read an entry's command and actor; return the command and the events still as JSON.

    The events are checked to be an array here, and structured by :func:`_entry_with_events`.
    """
    try:
        if type(obj) is not dict:
            raise LogFormatError(f"$: expected an entry object, not {json_type(obj)}")
        if obj.keys() != _ENTRY_KEYS:
            _check_keys(obj, required={"command", "actor"}, optional={"events"})
        commands = SEEN_COMMANDS_BY_NAME if redacted else COMMANDS_BY_NAME
        command = structure(obj["command"], commands, "$.command")
        _check_actor(obj["actor"], command)
        raw = _raw_events(obj, redacted=redacted)
    except LogFormatError as error:
        raise _at_line(error, line) from error.__cause__
    return command, raw


def _check_actor(actor: object, command: Any) -> None:
    """The actor of an entry: the seat that gives its command, or null for chance."""
    if actor is not None and type(actor) is not int:
        raise LogFormatError(f"$.actor: expected a seat or null, not {json_type(actor)}")
    expected = _actor(command)
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


def _entry_with_events(
    command: Any, raw: list[Any] | None, line: int | None, *, redacted: bool
) -> LogEntry | RedactedLogEntry:
    """The entry of a command read by :func:`_entry_head`, with its events structured."""
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
        raise _at_line(error, line) from error.__cause__
    if redacted:
        assert events is not None
        return RedactedLogEntry(command, events, line=line)
    return LogEntry(command, events, line=line)


def _header_object(header: LogHeader) -> dict[str, Any]:
    return {
        "format": FORMAT_NAME,
        "version": header.version,
        "engine": header.engine,
        "options": converter.unstructure(header.options, RuleOptions),
        "players": list(header.players),
        "provenance": dict(header.provenance),
        "kind": header.kind.value,
        "viewer": header.viewer,
    }


def dump_header(header: LogHeader) -> str:
    """The JSON line (without newline) of a header.

    Raises:
        LogFormatError: The reader would refuse the header (such as a provenance seed that is
            not an integer, or NaN); the message is the reader's, naming the field.
        ArgumentTypeError: ``header`` is not a :class:`LogHeader`.
    """
    if not isinstance(header, LogHeader):
        raise ArgumentTypeError(f"header must be a LogHeader, not {short_repr(header)}")
    return _header_line(header, None)


def _header_line(header: LogHeader, line: int | None) -> str:
    """The header's line, checked as the reader checks it (and its size, as every line's)."""
    obj = _header_object(header)
    _load_header(obj, line)
    text = _dumps_header(obj)
    _check_size(text, line)
    return text


def load_header(text: str | bytes, *, line: int | None = 1) -> LogHeader:
    """Read a header from its JSON line (text, or UTF-8 bytes).

    Raises:
        LogFormatError: The line is not a header of this format and version (the message says
            to upgrade chicago-poker if the log is newer than this one reads).
    """
    _check_text(text, "text")
    _check_line_number(line)
    return _load_header(_loads_header(text, line), line)


HEADER_KEYS: Final = frozenset(
    {"format", "version", "engine", "options", "players", "provenance", "kind", "viewer"}
)
"""The keys of a header line, all required."""


def _load_header(obj: object, line: int | None) -> LogHeader:
    """The header of a JSON object, with every check of the format.

    The one check of a header: the reader applies it to what it parses, and the writer to the
    object it is about to write (:func:`dump_header`), so that whatever the reader would
    refuse, the writer refuses first, with the same message.
    """
    try:
        header = _header_of(obj)
    except LogFormatError as error:
        raise _at_line(error, line) from error.__cause__
    return attrs.evolve(header, line=line)


def _header_of(obj: object) -> LogHeader:
    """The header of a JSON object, its format and version checked first."""
    if not isinstance(obj, dict):
        raise LogFormatError(f"$: expected a header object, not {json_type(obj)}")
    if obj.get("format") != FORMAT_NAME:
        raise LogFormatError(
            f"$.format: {short_repr(obj.get('format'))} is not {FORMAT_NAME!r}: "
            "not a Chicago Poker log"
        )
    _check_version(obj.get("version"), obj.get("engine"))
    try:
        return _header_fields(obj)
    except LogFormatError as error:
        raise _with_upgrade_hint(error, obj.get("engine")) from error.__cause__


def _check_version(version: object, engine: object) -> None:
    """The format version must be the one this module reads; say what to do if not."""
    if type(version) is int and version == FORMAT_VERSION:
        return
    ours = f"this chicago-poker ({chicago_poker.__version__}) reads version {FORMAT_VERSION}"
    by = ""
    if type(engine) is str and len(engine) <= _MAX_ENGINE_CHARS:
        by = f"; the log was written by chicago-poker {engine}"
    if type(version) is int and version > FORMAT_VERSION:
        raise LogFormatError(
            f"$.version: version {version} is not supported: it is newer than {ours}{by}; "
            "upgrade chicago-poker to read this log"
        )
    raise LogFormatError(
        f"$.version: version {short_repr(version)} is not supported: {ours}, and no version "
        f"of chicago-poker writes version {short_repr(version)}{by}"
    )


_MAX_ENGINE_CHARS: Final = 40
"""Engine versions are quoted in messages up to this length."""

_VERSION: Final = re.compile(r"(\d+(?:\.\d+)*)(?:[-_.]?(dev|a|b|rc)[-_.]?(\d*))?", re.IGNORECASE)
"""The release numbers of a version, and the pre-release or development stage after them."""

_STAGES: Final = {"dev": -1, "a": 0, "b": 1, "rc": 2}
"""The order of the stages before a release (PEP 440); the release itself comes after them."""


def release_numbers(version: str) -> tuple[int, ...] | None:
    """The release numbers at the start of a version, without trailing zeros; None if none.

    ``0.2.0rc1`` and ``0.2.0.dev0`` give ``(0, 2)``, as ``0.2`` and ``0.2.0`` do.

    >>> release_numbers("0.1.0"), release_numbers("0.2.0.dev0"), release_numbers("abc")
    ((0, 1), (0, 2), None)
    """
    key = _version_key(version)
    return None if key is None else key[0]


def _version_key(version: str) -> tuple[tuple[int, ...], int, int] | None:
    """A version's place among releases: its numbers, then its stage (PEP 440's order).

    ``0.2.0.dev0`` < ``0.2.0a1`` < ``0.2.0rc1`` < ``0.2.0``; a post-release or a local version
    counts as its release. None for a version that does not start with release numbers.
    """
    match = _VERSION.match(version)
    if match is None or len(match.group(1)) > _MAX_ENGINE_CHARS:
        return None
    numbers = [int(part) for part in match.group(1).split(".")]
    while numbers and numbers[-1] == 0:  # 0.2 is 0.2.0
        numbers.pop()
    stage = match.group(2)
    if stage is None:
        return tuple(numbers), len(_STAGES), 0
    return tuple(numbers), _STAGES[stage.lower()], int(match.group(3) or 0)


def _newer_engine(engine: object) -> bool:
    """Whether ``engine`` names a version of chicago-poker newer than this one."""
    if type(engine) is not str:
        return False
    theirs, ours = _version_key(engine), _version_key(chicago_poker.__version__)
    return theirs is not None and ours is not None and theirs > ours


def _with_upgrade_hint(error: LogFormatError, engine: object) -> LogFormatError:
    """``error``, saying to upgrade if the log was written by a newer chicago-poker.

    A newer release may write things this one does not know without a new format version
    (such as a new option); the reader cannot tell, so it says what may help.
    """
    if not _newer_engine(engine):
        return error
    message = str(error)
    if error.line is not None:
        message = message.removeprefix(f"line {error.line}: ")
    assert isinstance(engine, str)
    return LogFormatError(
        f"{message} (the log was written by chicago-poker {engine}, newer than this one, "
        f"{chicago_poker.__version__}: upgrading chicago-poker may read it)",
        line=error.line,
    )


def _header_fields(obj: dict[str, Any]) -> LogHeader:
    """The fields of a header object whose format and version are checked."""
    _check_keys(obj, required=HEADER_KEYS, optional=set())
    _check_json(obj, "$")
    engine = _field(obj, "engine", str)
    options = _field(obj, "options", RuleOptions)
    players = _field(obj, "players", tuple[str, ...])
    provenance = _provenance_field(obj["provenance"])
    kinds = [kind.value for kind in LogKind]
    if obj["kind"] not in kinds:
        raise LogFormatError(f"$.kind: {short_repr(obj['kind'])} is not one of {', '.join(kinds)}")
    kind = LogKind(obj["kind"])
    _check_provenance(provenance, kind)
    viewer = _viewer_field(obj["viewer"], kind, len(players))
    return LogHeader(engine, options, players, dict(provenance), kind, viewer)


def _provenance_field(provenance: object) -> dict[str, Any]:
    """The provenance of a header: scalars, and the dealer's seed an integer."""
    if not isinstance(provenance, dict) or not all(
        value is None or isinstance(value, str | int | float | bool)
        for value in provenance.values()
    ):
        raise LogFormatError("$.provenance: expected an object of strings, numbers or null")
    if "seed" in provenance and type(provenance["seed"]) is not int:
        raise LogFormatError(
            f"$.provenance.seed: expected an integer, not {short_repr(provenance['seed'])}"
        )
    return provenance


def _viewer_field(viewer: object, kind: LogKind, players: int) -> int | None:
    """The viewer of a header: a seat or null in a redacted log, and only there."""
    if kind is LogKind.REDACTED:
        if viewer is not None and (type(viewer) is not int or not 0 <= viewer < players):
            raise LogFormatError(
                "$.viewer: a redacted log names the seat it is shown to, or null for a spectator"
            )
        return viewer
    if viewer is not None:
        raise LogFormatError(f"$.viewer: only a redacted log has a viewer, not a {kind.value} one")
    return None


class _LongInteger:
    """An integer of a header with more than :data:`MAX_INTEGER_DIGITS` digits, left as text."""

    def __repr__(self) -> str:
        return f"an integer of more than {MAX_INTEGER_DIGITS} digits"


_INTEGER_BOUND: Final = 10**MAX_INTEGER_DIGITS


def _check_json(value: object, path: str) -> None:
    """Refuse what a header may not hold, naming the field.

    That is a number JSON has no text for (NaN, an infinity), an integer of more than
    :data:`MAX_INTEGER_DIGITS` digits, a string that cannot be written in UTF-8 (a lone
    surrogate), a key that is not a string, or a value of no JSON type. The reader meets the
    first three as ``NaN``, ``1e999``, a long integer or an escaped surrogate.
    """
    check = _JSON_CHECKS.get(type(value))
    if check is None:
        raise LogFormatError(f"{path}: {short_repr(value)} is not a JSON value")
    check(value, path)


def _check_json_string(value: str, path: str) -> None:
    """Refuse a lone surrogate, which UTF-8 cannot write."""
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            raise LogFormatError(
                f"{path}: the string holds {value[error.start]!r} at index {error.start}, "
                "a lone surrogate, which is not a character and cannot be written in UTF-8"
            ) from None


def _check_json_integer(value: int, path: str) -> None:
    if abs(value) >= _INTEGER_BOUND:
        _refuse_long_integer(value, path)


def _refuse_long_integer(value: object, path: str) -> NoReturn:
    raise LogFormatError(
        f"{path}: an integer of more than {MAX_INTEGER_DIGITS} digits; a log holds "
        f"integers of at most {MAX_INTEGER_DIGITS} digits"
    )


def _check_json_float(value: float, path: str) -> None:
    if not math.isfinite(value):
        raise LogFormatError(f"{path}: {value!r} is not a number JSON can hold")


def _check_json_object(value: dict[object, object], path: str) -> None:
    for key, item in value.items():
        if type(key) is not str:
            raise LogFormatError(f"{path}: the key {short_repr(key)} is not a string")
        _check_json(key, f"{path} (a key)")
        _check_json(item, _key_path(path, key))


def _check_json_array(value: Sequence[object], path: str) -> None:
    for index, item in enumerate(value):
        _check_json(item, f"{path}[{index}]")


def _check_json_scalar(value: object, path: str) -> None:
    """None and booleans: always JSON."""


# The check of each JSON type, by the value's exact class (a subclass is no JSON value).
_JSON_CHECKS: Final[dict[type, Callable[[Any, str], None]]] = {
    type(None): _check_json_scalar,
    bool: _check_json_scalar,
    str: _check_json_string,
    int: _check_json_integer,
    _LongInteger: _refuse_long_integer,
    float: _check_json_float,
    dict: _check_json_object,
    list: _check_json_array,
    tuple: _check_json_array,
}


def _key_path(path: str, key: str) -> str:
    """The path of ``key`` in the object at ``path``: ``$.a.b``, or ``$.a["odd key"]``."""
    if key.isidentifier() and len(key) <= _MAX_ENGINE_CHARS:
        return f"{path}.{key}"
    return f"{path}[{short_repr(key)}]"


def _field(obj: dict[str, Any], key: str, tp: Any) -> Any:
    try:
        return converter.structure(obj[key], tp)
    except cattrs.ClassValidationError as error:
        problems = cattrs.transform_error(error, path=f"$.{key}", format_exception=format_exception)
        raise LogFormatError("; ".join(path_first(p) for p in problems)) from error
    except (cattrs.IterableValidationError, ChicagoPokerError, TypeError, ValueError) as error:
        raise LogFormatError(f"$.{key}: {format_exception(error, tp)}") from error


def _keys(what: str, keys: Sequence[str]) -> str:
    """``unknown key: x`` or ``missing keys: a, b``."""
    return f"{what} {'key' if len(keys) == 1 else 'keys'}: {', '.join(keys)}"


def _check_keys(
    obj: dict[str, Any], *, required: set[str] | frozenset[str], optional: set[str]
) -> None:
    missing = sorted(required - obj.keys())
    if missing:
        raise LogFormatError(f"$: {_keys('missing', missing)}")
    extra = sorted(obj.keys() - required - optional)
    if extra:
        raise LogFormatError(f"$: {_keys('unknown', extra)}")


def _at_line(error: LogFormatError, line: int | None) -> LogFormatError:
    if line is None or error.line is not None:
        return error
    return LogFormatError(str(error), line=line)


# Entries are written and read with orjson: they hold small integers, strings, booleans and
# arrays only, and orjson reads them several times faster than the standard library, which
# matters to the validator. The header is written and read with the standard library: read
# once per log, it may hold any JSON number (such as a 128-bit seed), beyond orjson's 64 bits.


def _dumps(obj: object) -> str:
    try:
        return orjson.dumps(obj).decode()
    except orjson.JSONEncodeError as error:  # an integer of over 64 bits, a lone surrogate
        raise LogFormatError(f"cannot be written as JSON: {error}") from error


def _loads(text: str | bytes, line: int | None) -> object:
    """Parse a line of an entry (or a command or event alone): JSON, each key once."""
    _check_size(text, line)
    try:
        obj = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        ended = _without_line_end(text)
        if len(ended) == len(text):
            raise _not_json(text, error, line) from error
        try:  # parsed again without the line end, to say where in the line, not after its end
            obj = orjson.loads(ended)
        except orjson.JSONDecodeError as again:
            raise _not_json(text, again, line) from again
    check_unique_keys(text, obj, line=line)
    return obj


def check_unique_keys(text: str | bytes, obj: object, *, line: int | None = None) -> None:
    """Refuse JSON ``text``, read by orjson as ``obj``, if an object in it names a key twice.

    Readers differ on which value of a repeated key counts, and orjson keeps the last value
    without a word. A line that orjson writes back byte for byte from what it read has no
    repeated key (the written form has none), which is every line this module writes; only
    a line written another way (spaces, escapes, a repeated key) is parsed again, by the
    standard library, which shows every key. The web table reads its requests with it too.

    >>> check_unique_keys('{"a": 1, "a": 2}', {"a": 2})
    Traceback (most recent call last):
    chicago_poker.formats.log.LogFormatError: not JSON this format reads: the key 'a' appears ...

    Raises:
        LogFormatError: a key appears twice in one object; ``line`` prefixes the message.
    """
    if type(obj) is not dict and type(obj) is not list:
        return
    written = orjson.dumps(obj)
    raw = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    if raw.startswith(written) and raw[len(written) :] in _LINE_ENDS:
        return
    ended = _without_line_end(text)
    try:
        json.loads(ended, object_pairs_hook=_unique_keys)
    except _RepeatedKeyError as repeated:
        raise LogFormatError(str(repeated), line=line) from None
    except (ValueError, RecursionError):  # orjson read it: the check was for keys alone
        pass


_LINE_ENDS: Final = (b"", b"\n", b"\r\n")


class _RepeatedKeyError(Exception):
    """A JSON object with a key twice (raised while parsing, without the line)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of ``json.loads`` that refuses a repeated key."""
    obj = dict(pairs)
    if len(obj) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKeyError(
                    f"not JSON this format reads: the key {short_repr(key)} appears twice in "
                    "one object, so readers may differ on its value"
                )
            seen.add(key)
    return obj


def _check_size(text: str | bytes, line: int | None) -> None:
    """Refuse a line over :data:`MAX_LINE_BYTES` (in UTF-8, with a line end of two bytes).

    The one size check of a line, for the writer and the reader alike. A line end is
    counted as two bytes whatever the line has, so that a line written with a line feed still
    fits when a text file turns it into a carriage return and a line feed.
    """
    if len(text) <= _ASCII_SAFE_CHARS:  # fits, whatever its characters and line end
        return
    ended = _without_line_end(text)
    size = len(ended)
    if type(ended) is str and size > _ASCII_SAFE_CHARS:
        assert isinstance(ended, str)
        size = len(ended.encode("utf-8", "surrogatepass"))
    if size + 2 > MAX_LINE_BYTES:
        raise LogFormatError(
            f"the line is longer than {MAX_LINE_BYTES:,} bytes with its line end "
            f"({size + 2:,} bytes of UTF-8)",
            line=line,
        )


_ASCII_SAFE_CHARS: Final = (MAX_LINE_BYTES - 2) // 4
"""Text of at most this many characters fits in a line whatever its characters."""


def _without_line_end(text: str | bytes) -> str | bytes:
    return text.rstrip(b"\r\n") if isinstance(text, bytes) else text.rstrip("\r\n")


def _dumps_header(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _loads_header(text: str | bytes, line: int | None) -> object:
    _check_size(text, line)
    try:
        ended = _without_line_end(text)
        return json.loads(
            ended.decode("utf-8") if isinstance(ended, bytes) else ended,
            object_pairs_hook=_unique_keys,
            parse_int=_header_integer,
        )
    except _RepeatedKeyError as repeated:
        raise LogFormatError(str(repeated), line=line) from None
    except ValueError as error:  # not JSON, or not UTF-8
        raise _not_json(text, error, line) from error
    except RecursionError:
        raise LogFormatError("not JSON: nested too deeply", line=line) from None


def _header_integer(text: str) -> int | _LongInteger:
    """An integer of a header; one of too many digits is left unread, for the header check.

    ``NaN``, ``Infinity`` and numbers such as ``1e999`` are read as floats that the check
    refuses, naming the field, as the writer refuses them.
    """
    if len(text) - text.startswith("-") > MAX_INTEGER_DIGITS:
        return _LongInteger()
    return int(text)


def _not_json(text: str | bytes, error: ValueError, line: int | None) -> LogFormatError:
    """The error for a line that does not parse: empty, not UTF-8 (bytes), or not JSON."""
    if not text.strip():
        return LogFormatError("the line is empty", line=line)
    if isinstance(text, bytes):
        try:
            text.decode("utf-8")
        except UnicodeDecodeError as bad:
            return LogFormatError(
                f"not UTF-8: byte {text[bad.start]:#04x} at column {bad.start + 1}", line=line
            )
    return LogFormatError(f"not JSON: {error}", line=line)


# --- whole logs ------------------------------------------------------------------------------

_Source: TypeAlias = RecordedGame | Iterable[Entry | LogEntry] | Iterable[RedactedLogEntry]


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
    _check_viewer_type(viewer)
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


def entries_to_lines(
    game_or_entries: _Source,
    *,
    provenance: Mapping[str, str | int | float | bool | None] | None = None,
    kind: LogKind = LogKind.FULL,
    viewer: int | None = None,
) -> Iterator[str]:
    """The lines (without newlines) of the log of a game: the header, then one per entry.

    The entries are those of :attr:`Game.history <chicago_poker.players.game.Game.history>`, or
    :class:`LogEntry` objects; the first must be the :class:`StartGame` command, whose players
    and options go into the header. A log of kind ``commands`` leaves out the events. A log of
    kind ``redacted`` shows the game as ``viewer`` sees it (None: a spectator): the entries
    are redacted (:func:`redact_entries`), unless they are :class:`RedactedLogEntry` objects
    already (read from a redacted log), which are written as they are.

    Every line is one the reader reads: the header is checked as the reader checks it, every
    line's size too, and entries given as objects (not the history of a :class:`Game`, which
    the engine made) are read back as :func:`read_log` reads them. A line the reader would
    refuse is refused here first, with the reader's message.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> next(entries_to_lines(game, provenance={"seed": 1}))[:41]
    '{"format":"chicago-poker-log","version":1'
    >>> next(entries_to_lines(game, provenance={"seed": 1}, kind=LogKind.REDACTED, viewer=0))
    Traceback (most recent call last):
    chicago_poker.formats.log.LogFormatError: line 1: $.provenance.seed: a redacted log ...

    Raises:
        LogFormatError: The entries do not start with StartGame, a ``full`` or ``redacted``
            log lacks the events of an entry, a line would be one the reader refuses (such as
            a provenance seed that is not an integer, NaN, or a line over 1 MiB), or the
            provenance of a ``redacted`` log holds the dealer's ``seed`` (the message names
            the line), or ``viewer`` is not a seat of the game or is given for another kind
            of log (the message names ``viewer``).
        ArgumentTypeError: ``kind`` is not a :class:`LogKind`, ``provenance`` not a mapping
            of names, or ``game_or_entries`` not a game or entries.
    """
    _check_log_arguments(game_or_entries, provenance, kind, viewer)
    engine_made = isinstance(game_or_entries, RecordedGame)
    entries = (
        game_or_entries.history if isinstance(game_or_entries, RecordedGame) else game_or_entries
    )
    items = iter(entries)
    first = next(items, None)
    command = _first_command(first, kind, viewer)
    header = LogHeader(
        chicago_poker.__version__,
        command.options,
        command.players,
        dict(provenance or {}),
        kind,
        viewer,
    )
    yield _header_line(header, 1)
    everything = itertools.chain([first], items)
    yield from _checked_entry_lines(attrs.evolve(header, line=1), everything, engine_made)


def _checked_entry_lines(
    header: LogHeader, entries: Iterator[Any], engine_made: bool
) -> Iterator[str]:
    """The lines of the entries, from line 2, each checked as the reader would check it."""
    for number, text in enumerate(_entry_lines(entries, header.kind, header.viewer), start=2):
        if engine_made:
            _check_size(text, number)
        else:
            _pending(header, text, number).load()  # the reader's every check of an entry
        yield text


def _check_log_arguments(
    game_or_entries: object,
    provenance: object,
    kind: LogKind,
    viewer: int | None,
) -> None:
    """The checks of :func:`entries_to_lines` that need no entry."""
    _check_kind(kind)
    _check_viewer_type(viewer)
    if viewer is not None and kind is not LogKind.REDACTED:
        raise LogFormatError(f"viewer: only a redacted log has a viewer, not a {kind.value} one")
    if provenance is not None and not isinstance(provenance, Mapping):
        raise ArgumentTypeError(
            f"provenance must be a mapping of names to JSON scalars, not {short_repr(provenance)}"
        )
    if isinstance(game_or_entries, str | bytes) or not isinstance(
        game_or_entries, RecordedGame | Iterable
    ):
        raise ArgumentTypeError(
            f"game_or_entries must be a Game or its entries, not {short_repr(game_or_entries)}"
        )


def _first_command(
    first: Entry | LogEntry | RedactedLogEntry | None, kind: LogKind, viewer: int | None
) -> StartGame | RedactedStartGame:
    """The StartGame command of the first entry, which the header is made from."""
    if first is None:
        raise LogFormatError("a log starts with the StartGame command; there are no entries")
    command = first.command
    if not isinstance(command, StartGame | RedactedStartGame):
        raise LogFormatError("a log starts with the StartGame command")
    if isinstance(first, RedactedLogEntry) and kind is not LogKind.REDACTED:
        raise LogFormatError(f"redacted entries cannot make a {kind.value} log")
    if viewer is not None and not 0 <= viewer < len(command.players):
        raise LogFormatError(
            f"viewer: {viewer} is not a seat of this game: a redacted log is shown to a seat "
            f"from 0 to {len(command.players) - 1}, or None for a spectator"
        )
    return command


def _entry_lines(entries: Iterator[Any], kind: LogKind, viewer: int | None) -> Iterator[str]:
    """The lines of the entries of a log, from the first (StartGame), not yet checked."""
    first = next(entries)
    everything = itertools.chain([first], entries)
    if kind is LogKind.REDACTED:
        yield from _redacted_lines(everything, isinstance(first, RedactedLogEntry), viewer)
    else:
        yield from _full_lines(everything, kind)


def _redacted_lines(entries: Iterator[Any], redacted: bool, viewer: int | None) -> Iterator[str]:
    """The lines of a redacted log's entries: redacted already, or redacted here."""
    if redacted:
        for entry in entries:
            if not isinstance(entry, RedactedLogEntry):
                raise LogFormatError("a redacted log cannot mix redacted and full entries")
            yield _dump_entry(entry)
    else:
        full = (entry for entry in entries if not isinstance(entry, RedactedLogEntry))
        for entry in redact_entries(full, viewer):
            yield _dump_entry(entry)


def _full_lines(entries: Iterator[Any], kind: LogKind) -> Iterator[str]:
    """The lines of the entries of a full log, or of a commands log (without the events)."""
    for index, raw in enumerate(entries):
        if isinstance(raw, RedactedLogEntry):
            raise LogFormatError("a log cannot mix redacted and full entries")
        entry = LogEntry.of(raw)
        if kind is LogKind.COMMANDS:
            entry = LogEntry(entry.command, None)
        elif entry.events is None:
            raise LogFormatError(f"entry {index} has no events, which a full log needs")
        yield _dump_entry(entry)


def _check_kind(kind: object) -> None:
    if not isinstance(kind, LogKind):
        raise ArgumentTypeError(
            f"kind must be a LogKind (such as LogKind.FULL), not {short_repr(kind)}"
        )


def _check_viewer_type(viewer: object) -> None:
    if viewer is not None and (type(viewer) is not int or viewer < 0):
        raise LogFormatError(
            f"viewer: {short_repr(viewer)} is not a seat: a redacted log is shown to a seat "
            "number from 0, or None for a spectator"
        )


def _check_provenance(provenance: Mapping[str, object], kind: LogKind) -> None:
    """A redacted log may not carry the seed: the dealer's seed replays every hidden card."""
    if kind is LogKind.REDACTED and "seed" in provenance:
        raise LogFormatError(
            '$.provenance.seed: a redacted log cannot hold the provenance key "seed": with the '
            "dealer's seed, its viewer could recompute every hidden card; leave the seed out"
        )


def write_log(
    game_or_entries: _Source,
    file: IO[str],
    *,
    provenance: Mapping[str, str | int | float | bool | None] | None = None,
    kind: LogKind = LogKind.FULL,
    viewer: int | None = None,
) -> None:
    """Write the log of a game to a text file, one line each (see :func:`entries_to_lines`).

    A full or commands-only log of a :class:`Game` holds what
    :meth:`Game.from_log <chicago_poker.players.game.Game.from_log>` needs to go on with the
    game's dealer: the provenance gets the dealer's ``seed`` (and ``seed_from``,
    :meth:`Game.dealer_provenance <chicago_poker.players.game.Game.dealer_provenance>`), and a
    provenance that gives another seed is refused. A redacted log never holds the seed.
    Entries given without their game (``game.history``) are written as they are.

    Open the file with ``encoding="utf-8"``: names may hold any character. Nothing is written
    if the header or the first entry (StartGame, which holds the players' names) cannot be
    made, such as a ``redacted`` log whose provenance holds a seed, or a name so long that the
    line would be over 1 MiB; a later entry that cannot be written stops the log there.

    Raises:
        LogFormatError: As :func:`entries_to_lines`.
        ArgumentTypeError: ``file`` is not an open text file (a path, say), or an argument
            as :func:`entries_to_lines`.
        SavedGameError: the provenance gives a ``seed`` (or ``seed_from``) other than the
            game's dealer's, or no seed gives the dealer's next deal (see
            :meth:`Game.dealer_provenance <chicago_poker.players.game.Game.dealer_provenance>`).
    """
    if isinstance(file, str | bytes | os.PathLike) or not callable(getattr(file, "write", None)):
        raise ArgumentTypeError(
            f"file must be a text file open for writing, not {short_repr(file)}: "
            'open it first, with open(path, "w", encoding="utf-8")'
        )
    if isinstance(game_or_entries, RecordedGame) and kind is not LogKind.REDACTED:
        provenance = _with_dealer(game_or_entries, provenance)
    lines = entries_to_lines(game_or_entries, provenance=provenance, kind=kind, viewer=viewer)
    first = list(itertools.islice(lines, 2))  # the header and StartGame, made before writing
    for text in itertools.chain(first, lines):
        file.write(text + "\n")


def _with_dealer(
    game: RecordedGame, provenance: Mapping[str, str | int | float | bool | None] | None
) -> dict[str, str | int | float | bool | None]:
    """``provenance`` with what resumes ``game`` with its dealer; refused if it says otherwise."""
    given = dict(provenance or {})
    for key, value in game.dealer_provenance().items():
        if key in given and given[key] != value:
            raise SavedGameError(
                f"write_log: the provenance's {key} is {short_repr(given[key])}, but this game's "
                f"dealer has {key} {value}: the log would resume another game; leave it out, "
                "write_log writes it"
            )
        given[key] = value
    return given


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
            return _entry_with_events(self.command, self.events, self.line, redacted=redacted)
        except LogFormatError as error:
            raise _with_upgrade_hint(error, self.header.engine) from error.__cause__


def read_lazily(
    lines: Iterable[str | bytes], *, canonical: bool = False
) -> Iterator[LogHeader | PendingEntry | CanonicalLine | LoadedEntry]:
    """Read a log's header, then its entries up to their events (see :class:`PendingEntry`).

    With ``canonical``, an entry line of a full or commands log whose command is written as
    this module writes it comes as a :class:`CanonicalLine`, with only the command read, and
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
            if len(raw) > _ASCII_SAFE_CHARS:  # _check_size's own first test, without a call
                _check_size(raw, number)
            at = raw.find(_ACTOR_KEY, _COMMAND_AT, _CANONICAL_COMMAND_BYTES)
            known = _canonical_command(raw[_COMMAND_AT:at]) if at > 0 else None
            if known is not None:
                # tuple.__new__ makes the named tuple without the Python call of its __new__.
                yield _new_tuple(CanonicalLine, (header, *known, with_events, raw, at, number))
                continue
        if seen and number > 2 and len(raw) <= _RECURRING_LINE:
            yield _seen_entry(header, raw, number)
            continue
        yield _pending(header, raw, number)
    if header is None:
        raise LogFormatError("the log is empty: line 1 must be a header", line=1)
    if number == 1:
        raise LogFormatError("the log has no entries: line 2 must be StartGame", line=2)


_RECURRING_LINE: Final = 512
"""Lines of a redacted log up to this long are kept once read: a seat's draw, another's deal
and many more recur word for word (:func:`_seen_entry`)."""

_SEEN_LINES: Final[dict[tuple[str | bytes, int], tuple[Any, tuple[Any, ...]]]] = {}


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
        entry = _pending(header, raw, number).load()
        assert isinstance(entry, RedactedLogEntry)
        if len(_SEEN_LINES) < STRUCTURED_CACHE and not isinstance(entry.command, _START_TYPES):
            _SEEN_LINES[key] = (entry.command, entry.events)
    else:
        entry = RedactedLogEntry(found[0], found[1], line=number)
    # tuple.__new__ makes the named tuple without the Python call of its __new__.
    loaded: LoadedEntry = _new_tuple(LoadedEntry, (entry,))
    return loaded


def _pending(header: LogHeader, raw: str | bytes, number: int) -> PendingEntry:
    """Read the entry on line ``number`` up to its events, with every check of the format."""
    try:
        return _pending_entry(header, raw, number)
    except LogFormatError as error:
        raise _with_upgrade_hint(error, header.engine) from error.__cause__


def _pending_entry(header: LogHeader, raw: str | bytes, number: int) -> PendingEntry:
    redacted = header.kind is LogKind.REDACTED
    command, events = _entry_head(_loads(raw, number), number, redacted=redacted)
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
    """An entry line that may be exactly what :func:`dump_entry` writes; only its command read.

    ``raw`` is ``{"command":``, the JSON of ``command``, and from index ``at`` the rest. The
    line is the canonical line of an entry when that rest is exactly ``actor`` followed by the
    events as :func:`dump_entry` writes them (:meth:`written_with`). Reading such a line in
    full gives this command, the actor it needs and those events, so an entry that passes
    needs nothing more read. Any other line is read in full by :meth:`pending`.
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
            rest = b"".join((self.actor, b',"events":', _events_json(events), b"}"))
        else:
            rest = self.actor + b"}"
        raw, at = self.raw, self.at
        end = at + len(rest)
        return raw.startswith(rest, at) and (end == len(raw) or raw[end:] == b"\n")

    def pending(self) -> PendingEntry:
        """The entry read in full, with every check of the format (raises LogFormatError)."""
        return _pending(self.header, self.raw, self.line)


@functools.lru_cache(maxsize=8192)
def _canonical_command(text: bytes) -> tuple[Command, bytes] | None:
    """The command whose JSON is ``text`` and its actor as in ``CanonicalLine.actor``.

    None if ``text`` is not the JSON of a command exactly as :func:`dump_command` writes it, or
    is StartGame, whose place in the log is checked on the full path. Cached: commands recur,
    and reading one from its JSON depends on the text alone; the cache holds at most 8192
    short texts (the games of 50 logs of 4 players write about 5,200 distinct ones).
    """
    try:
        obj = orjson.loads(text)
        if type(obj) is not dict or orjson.dumps(obj) != text:  # written another way, ...
            return None  # ... or with a key twice
        tag = obj.pop("type", None)
        cls = COMMANDS_BY_NAME.get(tag) if type(tag) is str else None
        if cls is None or cls is StartGame:
            return None
        command: Command = _lean_hook(cls)(obj, cls)
    # Whatever the hook refuses (a key missing or unknown, a value of the wrong type) is read
    # again in full, which reports it.
    except (*_LEAN_ERRORS, ChicagoPokerError, KeyError, TypeError, ValueError):
        return None
    actor = _actor(command)
    return command, _ACTOR_KEY + (b"null" if actor is None else str(actor).encode())


_LEAN_ERRORS: Final = (cattrs.BaseValidationError, cattrs.errors.CattrsError)
"""What the converter without details raises besides the errors of the hooks."""


@functools.cache
def _lean_hook(cls: type) -> Callable[[Any, type], Any]:
    """The structure hook of a command class, from the converter without details.

    A canonical line's command is read with it: data it refuses is read again, in full, by
    the detailed converter, whose message is the one reported. So the messages stay those of
    the format, and the many distinct commands of a log (a gangster card, a seat and a
    business each) are read without gathering the details of errors that do not happen.
    """
    return _lean_converter().get_structure_hook(cls)


@functools.cache
def _lean_converter() -> cattrs.Converter:
    return _make_converter(detailed=False)


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
