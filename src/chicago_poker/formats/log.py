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

This module is the log's public face: it gathers the names of the modules that make the log,
each of which holds one part of it:

- :mod:`~chicago_poker.formats.header`: line 1, :class:`LogHeader` and :class:`LogKind`;
- :mod:`~chicago_poker.formats.entries`: the lines after it, :class:`LogEntry` and
  :class:`RedactedLogEntry`, and :func:`redact_entries`;
- :mod:`~chicago_poker.formats.reader`: :func:`read_log`;
- :mod:`~chicago_poker.formats.writer`: :func:`write_log` and :func:`entries_to_lines`;
- :mod:`~chicago_poker.formats.converter`: the cattrs converter that reads and writes each
  command and event, shared with :mod:`~chicago_poker.formats.jsonio`;
- :mod:`~chicago_poker.formats.json_checks`: the checks of the JSON text of every line.

A line that does not follow the format raises :class:`~chicago_poker.core.errors.LogFormatError`
(a ``ValueError``), one of the library's errors, whose message names the line and the field.
"""

from __future__ import annotations

from chicago_poker.core.errors import LogFormatError
from chicago_poker.formats.converter import (
    COMMAND_TYPES,
    COMMANDS_BY_NAME,
    EVENT_TYPES,
    EVENTS_BY_NAME,
    REDACTED_COMMAND_TYPES,
    REDACTED_EVENT_TYPES,
    SEEN_COMMANDS_BY_NAME,
    SEEN_EVENTS_BY_NAME,
    converter,
    format_exception,
    json_type,
    path_first,
    same_events,
    structure,
    without_none,
)
from chicago_poker.formats.entries import (
    LogEntry,
    RedactedLogEntry,
    dump_command,
    dump_entry,
    dump_event,
    dump_seen,
    load_command,
    load_entry,
    load_event,
    load_redacted_entry,
    redact_entries,
)
from chicago_poker.formats.header import (
    FORMAT_NAME,
    FORMAT_VERSION,
    HEADER_KEYS,
    LogHeader,
    LogKind,
    Provenance,
    dump_header,
    load_header,
    release_numbers,
)
from chicago_poker.formats.json_checks import MAX_INTEGER_DIGITS, MAX_LINE_BYTES, check_unique_keys
from chicago_poker.formats.reader import (
    CanonicalLine,
    LogItem,
    PendingEntry,
    read_lazily,
    read_log,
)
from chicago_poker.formats.writer import entries_to_lines, write_log

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
