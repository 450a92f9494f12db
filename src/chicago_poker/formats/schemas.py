"""JSON Schemas (draft 2020-12) of the game log and of the JSON forms, built from the classes.

Each schema is generated from the attrs classes it describes: their fields, types, defaults,
and their attribute docstrings as descriptions. The package ships them in its ``schema``
directory (:data:`SCHEMA_DIR`), one file per entry of :data:`SCHEMAS`:

- ``game-log.schema.json``: one line of a game log (:mod:`chicago_poker.formats.log`);
- ``game-state.schema.json``: a :class:`~chicago_poker.core.state.GameState`;
- ``player-view.schema.json``: a :class:`~chicago_poker.core.views.PlayerView`;
- ``command.schema.json``: a command; its ``$defs`` also hold ``SeenCommand`` (plain or
  redacted) and ``Commands`` (a list of commands, such as the legal ones);
- ``event.schema.json``: an event; its ``$defs`` also hold ``SeenEvent`` (plain or redacted);
- ``bot-protocol.schema.json``: a message of the bot protocol, ``chicago-poker-bot/1``;
- ``match-results.schema.json``: a line of a match's results file
  (:mod:`chicago_poker.formats.match_results`).

The JSON they describe is that of :func:`chicago_poker.formats.jsonio.to_json` and of the log lines.
A test fails when a file is out of date; regenerate them all with
``python -m chicago_poker.formats.schemas``.

>>> from chicago_poker.formats.schemas import SCHEMAS
>>> sorted(SCHEMAS)  # doctest: +NORMALIZE_WHITESPACE
['bot-protocol.schema.json', 'command.schema.json', 'event.schema.json',
 'game-log.schema.json', 'game-state.schema.json', 'match-results.schema.json',
 'player-view.schema.json']
"""

from __future__ import annotations

import ast
import enum
import inspect
import json
import os
import textwrap
import types
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

import attrs

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    BusinessTile,
    Card,
    GangsterCard,
    SpecialCard,
    full_deck,
)
from chicago_poker.core.errors import ArgumentTypeError, InvalidArgumentError, short_repr
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.views import PlayerView
from chicago_poker.formats.bot_protocol import BOT_MESSAGES, ENGINE_MESSAGES, PROTOCOL, TERMINATIONS
from chicago_poker.formats.converter import record_fields
from chicago_poker.formats.log import (
    COMMAND_TYPES,
    EVENT_TYPES,
    FORMAT_NAME,
    FORMAT_VERSION,
    HEADER_KEYS,
    REDACTED_COMMAND_TYPES,
    REDACTED_EVENT_TYPES,
    LogEntry,
    LogHeader,
    LogKind,
    RedactedLogEntry,
    converter,
    without_none,
)
from chicago_poker.formats.match_results import RESULTS_SCHEMA_NAME, results_schema

__all__ = [
    "SCHEMAS",
    "SCHEMA_DIR",
    "SCHEMA_PATH",
    "command_schema",
    "event_schema",
    "log_schema",
    "schema_text",
    "state_schema",
    "view_schema",
    "write_schemas",
]

SCHEMA_DIR: Final = Path(__file__).parent / "schema"
"""The directory of the schema files shipped with the package."""

SCHEMA_PATH: Final = SCHEMA_DIR / "game-log.schema.json"
"""The JSON Schema of a line of a game log, as shipped with the package."""

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"


def log_schema() -> dict[str, Any]:
    """The JSON Schema of a line of a game log.

    A line is a ``Header`` or an ``Entry`` (see ``$defs``); the format also requires the
    header on line 1 only, which a schema of single lines cannot say.
    """
    defs, _ = _log_line_defs()
    defs["Entry"] = _entry_schema()
    return _union_document(
        f"Chicago Poker game log, version {FORMAT_VERSION}: one line",
        "Line 1 of a log is a Header; every further line is an Entry, or a RedactedEntry "
        "in a log of kind redacted (only there may a card be null).",
        ("Header", "Entry", "RedactedEntry"),
        defs,
    )


def _log_line_defs() -> tuple[dict[str, Any], _SchemaBuilder]:
    """The ``$defs`` a line of a log needs, and the builder that made them.

    They are the cards, commands, events, the header and a redacted entry.
    """
    defs = _card_defs()
    builder = _SchemaBuilder(defs)
    _add_commands(defs, builder)
    _add_events(defs, builder)
    defs["Header"] = _header_schema(builder)
    defs["RedactedEntry"] = _redacted_entry_schema(builder)
    return defs, builder


def _header_schema(builder: _SchemaBuilder) -> dict[str, Any]:
    """The schema of line 1 of a log: :class:`LogHeader`."""
    return {
        "description": _first_paragraph(LogHeader),
        "type": "object",
        "properties": {
            "format": {"const": FORMAT_NAME},
            "version": {"const": FORMAT_VERSION},
            "engine": {"type": "string", "description": _attribute_docs(LogHeader)["engine"]},
            "options": builder.ref(RuleOptions, tag=False),
            "players": {"type": "array", "items": {"type": "string"}},
            "provenance": _provenance_schema(),
            "kind": {"enum": [kind.value for kind in LogKind]},
            "viewer": {"type": ["integer", "null"], "minimum": 0},
        },
        "required": sorted(HEADER_KEYS),
        "additionalProperties": False,
    }


def _provenance_schema() -> dict[str, Any]:
    """The schema of the header's provenance: a seed, and any other scalars."""
    return {
        "type": "object",
        "description": _attribute_docs(LogHeader)["provenance"],
        "properties": {"seed": {"type": "integer"}},
        "additionalProperties": {"type": ["string", "number", "boolean", "null"]},
    }


def _actor_schema() -> dict[str, Any]:
    return {
        "type": ["integer", "null"],
        "minimum": 0,
        "description": "The seat that gave the command, or null for chance.",
    }


def _entry_schema() -> dict[str, Any]:
    """The schema of an entry of a full or commands log: :class:`LogEntry`."""
    return {
        "description": _first_paragraph(LogEntry),
        "type": "object",
        "properties": {
            "command": {"$ref": "#/$defs/Command"},
            "actor": _actor_schema(),
            "events": {"type": "array", "items": {"$ref": "#/$defs/Event"}},
        },
        "required": ["command", "actor"],
        "additionalProperties": False,
    }


def _redacted_entry_schema(builder: _SchemaBuilder) -> dict[str, Any]:
    """The schema of an entry of a redacted log: :class:`RedactedLogEntry`."""
    return {
        "description": _first_paragraph(RedactedLogEntry)
        + " Only in a log of kind redacted, whose hidden cards are null.",
        "type": "object",
        "properties": {
            "command": {"oneOf": [{"$ref": "#/$defs/Command"}, *_redacted_commands(builder)]},
            "actor": _actor_schema(),
            "events": {
                "type": "array",
                "items": {"oneOf": [{"$ref": "#/$defs/Event"}, *_redacted_events(builder)]},
            },
        },
        "required": ["command", "actor", "events"],
        "additionalProperties": False,
    }


def state_schema() -> dict[str, Any]:
    """The JSON Schema of a :class:`~chicago_poker.core.state.GameState`, as ``to_json`` writes."""
    return _class_schema(GameState, "Chicago Poker game state")


def view_schema() -> dict[str, Any]:
    """The JSON Schema of a :class:`~chicago_poker.core.views.PlayerView`, as ``to_json`` writes."""
    return _class_schema(PlayerView, "Chicago Poker player view")


def command_schema() -> dict[str, Any]:
    """The JSON Schema of a command, with its ``type`` tag, as ``to_json`` and logs give it.

    Its ``$defs`` also hold ``SeenCommand``, a command as a seat sees it (plain or redacted,
    hidden cards null), and ``Commands``, a list of commands such as the legal ones.
    """
    defs = _card_defs()
    builder = _SchemaBuilder(defs)
    _add_commands(defs, builder)
    defs["SeenCommand"] = {
        "description": "A command as one seat sees it: plain, or redacted (hidden cards null).",
        "oneOf": [{"$ref": "#/$defs/Command"}, *_redacted_commands(builder)],
    }
    defs["Commands"] = {
        "description": "A list of commands, such as the legal commands of a state.",
        "type": "array",
        "items": {"$ref": "#/$defs/Command"},
    }
    return _document("Chicago Poker command", "Command", defs)


def event_schema() -> dict[str, Any]:
    """The JSON Schema of an event, with its ``type`` tag, as ``to_json`` and logs give it.

    Its ``$defs`` also hold ``SeenEvent``, an event as a seat sees it (plain or redacted,
    hidden cards null).
    """
    defs = _card_defs()
    builder = _SchemaBuilder(defs)
    _add_events(defs, builder)
    defs["SeenEvent"] = {
        "description": "An event as one seat sees it: plain, or redacted (hidden cards null).",
        "oneOf": [{"$ref": "#/$defs/Event"}, *_redacted_events(builder)],
    }
    return _document("Chicago Poker event", "Event", defs)


def _message(kind: str, description: str, **properties: Any) -> dict[str, Any]:
    """The schema of one bot protocol message of type ``kind``.

    A message may carry fields this version does not define, which its reader ignores (the
    protocol's forward-compatibility rule): the schema leaves messages, and the objects the
    protocol itself defines in them, open. The game data they carry (commands, views,
    log entries) is the log format's, and as closed as there.
    """
    return {
        "description": description,
        "type": "object",
        "properties": {"type": {"const": kind}, **properties},
        "required": ["type", *properties],
    }


def bot_protocol_schema() -> dict[str, Any]:
    """The JSON Schema of a message of the bot protocol, ``chicago-poker-bot/1``.

    A message is an ``EngineMessage`` (the referee's) or a ``BotMessage`` (the bot's); an
    ``entry`` carries a line of the seat's redacted log, a ``new_game`` its header.
    """
    defs, builder = _log_line_defs()
    builder.ref(PlayerView, tag=False)
    engine = _engine_messages(builder)
    _add_messages(defs, "Engine", "A message from the referee to a bot.", engine, ENGINE_MESSAGES)
    bot = _bot_messages()
    _add_messages(defs, "Bot", "A message from a bot to the referee.", bot, BOT_MESSAGES)
    return _union_document(
        f"Chicago Poker bot protocol, {PROTOCOL}: one message",
        "One line of a bot's standard input (EngineMessage) or output (BotMessage).",
        ("EngineMessage", "BotMessage"),
        defs,
    )


def _add_messages(
    defs: dict[str, Any],
    side: str,
    description: str,
    messages: dict[str, dict[str, Any]],
    names: tuple[str, ...],
) -> None:
    """Add each message of one ``side`` to ``defs`` as ``{side}_{type}``, their union too."""
    for name in names:
        defs[f"{side}_{name}"] = messages[name]
    defs[f"{side}Message"] = {
        "description": description,
        "oneOf": [{"$ref": f"#/$defs/{side}_{name}"} for name in names],
    }


def _engine_messages(builder: _SchemaBuilder) -> dict[str, dict[str, Any]]:
    """The schema of each message the referee sends, by its type."""
    return {
        "hello": _engine_hello(),
        "option": _message("option", "Sets one of the bot's options.", name=_text(), value={}),
        "isready": _message("isready", "Asks for ready once the options are set."),
        "ping": _message("ping", "Asks for a pong with the same id.", id=_request_id()),
        "new_game": _new_game_message(builder),
        "entry": _message(
            "entry",
            "The next line of the seat's redacted log.",
            entry={"$ref": "#/$defs/RedactedEntry"},
        ),
        "act": _act_message(),
        "game_over": _game_over_message(),
        "quit": _message("quit", "The bot must exit."),
    }


def _engine_hello() -> dict[str, Any]:
    """The schema of the referee's ``hello``: the protocol, the engine and its settings."""
    return _message(
        "hello",
        "The referee's greeting, first of all.",
        protocol={"const": PROTOCOL},
        engine=_open_object(name=_text(), version=_text()),
        options={
            "type": "object",
            "description": "The referee's settings: max_line_bytes, latency_ms, stderr_limit "
            "(the bytes a bot may write to its standard error in one game).",
        },
    )


def _new_game_message(builder: _SchemaBuilder) -> dict[str, Any]:
    """The schema of ``new_game``: the seat, the rules, the clock and the log's header."""
    return _message(
        "new_game",
        "A game begins; the header is line 1 of the seat's redacted log.",
        game=_count(),
        seat={"type": "integer", "minimum": 0},
        players={"type": "array", "items": _text()},
        rules=builder.ref(RuleOptions, tag=False),
        clock=_open_object(
            move_ms={"type": ["integer", "null"], "minimum": 0},
            game_ms={"type": ["integer", "null"], "minimum": 0},
            increment_ms=_count(),
            latency_ms=_count(),
        ),
        seed={"type": "integer", "minimum": 0, "description": "For the bot's randomness."},
        header={"$ref": "#/$defs/Header"},
    )


def _act_message() -> dict[str, Any]:
    """The schema of ``act``: a request for a move, with the view, the legal commands, the clock."""
    return _message(
        "act",
        "Asks the seat to choose one of its legal commands.",
        id=_request_id(),
        entries={**_count(), "description": "How many entries the seat has been sent."},
        view={
            "anyOf": [{"$ref": "#/$defs/PlayerView"}, {"type": "null"}],
            "description": "The seat's view; null for a bot that asked for none.",
        },
        legal={"type": "array", "items": {"$ref": "#/$defs/Command"}, "minItems": 1},
        clock=_open_object(
            move_ms=_count(), remaining_ms={"type": ["integer", "null"]}, increment_ms=_count()
        ),
    )


def _game_over_message() -> dict[str, Any]:
    """The schema of ``game_over``: the winner, and why the game ended."""
    return _message(
        "game_over",
        "The game ended; termination says why, seat whose fault it was (or null).",
        winner={"type": ["integer", "null"]},
        termination={"enum": list(TERMINATIONS)},
        seat={"type": ["integer", "null"]},
        detail=_text(),
    )


def _bot_messages() -> dict[str, dict[str, Any]]:
    """The schema of each message a bot sends, by its type."""
    return {
        "hello": _bot_hello(),
        "ready": _message("ready", "The bot is ready to play."),
        "pong": _message("pong", "The answer to a ping.", id=_request_id()),
        "move": _message(
            "move",
            "The answer to an act: its id and one of its legal commands.",
            id=_request_id(),
            command={"$ref": "#/$defs/Command"},
        ),
        "info": _info_message(),
    }


def _info_message() -> dict[str, Any]:
    """The schema of ``info``: what the bot is thinking, at any time, every field optional."""
    info = _message("info", "What the bot is thinking: traced and logged, never a fault.")
    info["properties"].update(
        id={**_request_id(), "description": "The act it is thinking about, if any."},
        text={"type": "string", "description": "Free text."},
        iterations={"type": "integer", "minimum": 0},
        depth={"type": "integer", "minimum": 0},
        score={"type": "number", "description": "The bot's estimate, on a scale of its own."},
        seconds={"type": "number", "minimum": 0, "description": "Time spent so far."},
    )
    return info


def _bot_option() -> dict[str, Any]:
    """The schema of an option a bot takes: its type, and its default."""
    return {
        "type": "object",
        "properties": {
            "type": {"enum": ["integer", "number", "string", "boolean"]},
            "default": {},
        },
        "required": ["type"],
    }


def _bot_hello() -> dict[str, Any]:
    """The schema of the bot's ``hello``: its name, its author and the options it takes."""
    option = _bot_option()
    hello = _message(
        "hello",
        "The bot's answer to the referee's hello.",
        protocol={"const": PROTOCOL},
        name=_text(),
        author=_text(),
        options={"type": "object", "additionalProperties": option},
    )
    hello["properties"]["view"] = {  # optional: true when left out
        "type": "boolean",
        "description": "Whether the bot wants its view in each act (else null); true if absent.",
    }
    return hello


def _count() -> dict[str, Any]:
    return {"type": "integer", "minimum": 0}


def _request_id() -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "description": "A request's id."}


def _text() -> dict[str, Any]:
    return {"type": "string"}


def _open_object(**properties: dict[str, Any]) -> dict[str, Any]:
    """An object with these properties, all required, and perhaps others (ignored)."""
    return {"type": "object", "properties": properties, "required": list(properties)}


SCHEMAS: Final[Mapping[str, Callable[[], dict[str, Any]]]] = MappingProxyType(
    {
        "game-log.schema.json": log_schema,
        "game-state.schema.json": state_schema,
        "player-view.schema.json": view_schema,
        "command.schema.json": command_schema,
        "event.schema.json": event_schema,
        "bot-protocol.schema.json": bot_protocol_schema,
        RESULTS_SCHEMA_NAME: results_schema,
    }
)
"""Each schema file shipped in :data:`SCHEMA_DIR`, by name, with the function that builds it."""


def schema_text(name: str = "game-log.schema.json") -> str:
    """The text of the schema file ``name`` (a key of :data:`SCHEMAS`): indented JSON.

    Raises:
        InvalidArgumentError: ``name`` is not a schema file of :data:`SCHEMAS`.
    """
    build = SCHEMAS.get(name) if isinstance(name, str) else None
    if build is None:
        raise InvalidArgumentError(
            f"name must be one of {', '.join(SCHEMAS)}, not {short_repr(name)}"
        )
    return json.dumps(build(), indent=2, ensure_ascii=False) + "\n"


def write_schemas(directory: str | os.PathLike[str] | None = None) -> tuple[Path, ...]:
    """Write every schema file into ``directory`` (by default :data:`SCHEMA_DIR`).

    Run after changing a command, an event, the state or a view:
    ``python -m chicago_poker.formats.schemas``. Returns the paths written.

    Raises:
        ArgumentTypeError: ``directory`` is not a path or None.
    """
    if directory is not None and not isinstance(directory, str | os.PathLike):
        raise ArgumentTypeError(f"directory must be a path or None, not {short_repr(directory)}")
    target = SCHEMA_DIR if directory is None else Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SCHEMAS:
        path = target / name
        path.write_text(schema_text(name), encoding="utf-8")
        written.append(path)
    return tuple(written)


# --- building blocks ------------------------------------------------------------------------


def _card_defs() -> dict[str, Any]:
    """The ``$defs`` of cards and tiles by their text forms."""
    return {
        "Card": {
            "description": "A card by its text form: value and colour letter, or special name.",
            "enum": [str(card) for card in full_deck()],
        },
        "GangsterCard": {
            "description": "A gangster card by its text form, value and colour letter.",
            "enum": [str(card) for card in GANGSTER_CARDS],
        },
        "BusinessTile": {
            "description": "A business tile by its text form, kind, '#' and number.",
            "enum": [str(tile) for tile in BUSINESS_TILES],
        },
    }


def _add_commands(defs: dict[str, Any], builder: _SchemaBuilder) -> None:
    defs["Command"] = {
        "description": "A command; the type tag names its class.",
        "oneOf": [builder.ref(cls, tag=True) for cls in COMMAND_TYPES],
    }


def _add_events(defs: dict[str, Any], builder: _SchemaBuilder) -> None:
    defs["Event"] = {
        "description": "An event; the type tag names its class.",
        "oneOf": [builder.ref(cls, tag=True) for cls in EVENT_TYPES],
    }


def _redacted_commands(builder: _SchemaBuilder) -> list[dict[str, Any]]:
    return [builder.ref(cls, tag=True) for cls in REDACTED_COMMAND_TYPES]


def _redacted_events(builder: _SchemaBuilder) -> list[dict[str, Any]]:
    return [builder.ref(cls, tag=True) for cls in REDACTED_EVENT_TYPES]


def _class_schema(cls: type, title: str) -> dict[str, Any]:
    """The schema of one class (untagged), with what it refers to in ``$defs``."""
    defs = _card_defs()
    _SchemaBuilder(defs).ref(cls, tag=False)
    return _document(title, cls.__name__, defs)


def _document(title: str, top: str, defs: dict[str, Any]) -> dict[str, Any]:
    """A schema document whose instances are ``$defs/top``."""
    return {
        "$schema": _DRAFT,
        "title": title,
        "description": defs[top]["description"],
        "$ref": f"#/$defs/{top}",
        "$defs": dict(sorted(defs.items())),
    }


def _union_document(
    title: str, description: str, tops: tuple[str, ...], defs: dict[str, Any]
) -> dict[str, Any]:
    """A schema document whose instances are any of ``$defs/top`` for each of ``tops``."""
    return {
        "$schema": _DRAFT,
        "title": title,
        "description": description,
        "anyOf": [{"$ref": f"#/$defs/{top}"} for top in tops],
        "$defs": dict(sorted(defs.items())),
    }


class _SchemaBuilder:
    """Build the schemas of attrs classes, named tuples and their field types into ``$defs``."""

    def __init__(self, defs: dict[str, Any]) -> None:
        self.defs = defs

    def ref(self, cls: type, *, tag: bool) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # reserve the name against recursion
            self.defs[name] = self.record_schema(cls, tag=tag)
        return {"$ref": f"#/$defs/{name}"}

    def record_schema(self, cls: type, *, tag: bool) -> dict[str, Any]:
        """The schema of a class written as the object of its fields (:func:`record_fields`)."""
        fields = record_fields(cls)
        assert fields is not None  # type_schema sends only such classes here
        defaults = _defaults(cls)
        docs = _attribute_docs(cls)
        properties: dict[str, Any] = {}
        required: list[str] = []
        if tag:
            properties["type"] = {"const": cls.__name__}
            required.append("type")
        for name, tp in fields:
            properties[name] = self.field_schema(
                tp, defaults.get(name, attrs.NOTHING), docs.get(name)
            )
            if name not in defaults:
                required.append(name)
        return {
            "description": _first_paragraph(cls),
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }

    def field_schema(self, tp: Any, default: object, doc: str | None) -> dict[str, Any]:
        """The schema of one field: its type, its docstring and its default value."""
        schema = self.type_schema(tp)
        if doc is not None:
            schema = {**schema, "description": doc}
        # attrs types Factory as a function, but at run time it is a class.
        if default is not attrs.NOTHING and not isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            schema["default"] = converter.unstructure(default)
        return schema

    def type_schema(self, tp: Any) -> dict[str, Any]:
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is str:
            return {"type": "string"}
        if tp is type(None):
            return {"type": "null"}
        if tp == Card:
            return {"$ref": "#/$defs/Card"}
        if tp in (GangsterCard, BusinessTile):
            return {"$ref": f"#/$defs/{tp.__name__}"}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"enum": [member.value for member in tp]}
        if record_fields(tp) is not None:
            return self.ref(tp, tag=False)
        return self.generic_schema(tp)

    def _union_schema(self, tp: Any, args: tuple[Any, ...]) -> dict[str, Any]:
        """The schema of the union ``tp`` of ``args``: a card, an optional value, or any of them."""
        if type(None) in args:
            return {"anyOf": [self.type_schema(without_none(tp)), {"type": "null"}]}
        if set(args) == {GangsterCard, SpecialCard}:
            return {"$ref": "#/$defs/Card"}
        return {"anyOf": [self.type_schema(arg) for arg in args]}

    def generic_schema(self, tp: Any) -> dict[str, Any]:
        """The schema of a tuple, a frozenset or a union."""
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": self.type_schema(args[0])}
        if origin is tuple:
            return {
                "type": "array",
                "prefixItems": [self.type_schema(arg) for arg in args],
                "items": False,
                "minItems": len(args),
            }
        if origin is frozenset:
            return {"type": "array", "items": self.type_schema(args[0]), "uniqueItems": True}
        if origin in (typing.Union, types.UnionType):
            return self._union_schema(tp, args)
        raise TypeError(f"no JSON Schema for {tp!r}")


def _defaults(cls: type) -> dict[str, object]:
    """The default value of each field of ``cls`` that has one (attrs class or named tuple)."""
    if attrs.has(cls):
        return {
            field.name: field.default
            for field in attrs.fields(cls)
            if field.default is not attrs.NOTHING
        }
    return dict(getattr(cls, "_field_defaults", {}))


def _first_paragraph(cls: type) -> str:
    doc = inspect.getdoc(cls) or ""
    return doc.split("\n\n")[0].replace("\n", " ")


def _attribute_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings of a class (the string after each annotated field)."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    docs: dict[str, str] = {}
    for statement, following in zip(body.body, body.body[1:], strict=False):
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[statement.target.id] = inspect.cleandoc(following.value.value).replace("\n", " ")
    return docs


if __name__ == "__main__":  # pragma: no cover
    for written in write_schemas():
        print(written.name)
