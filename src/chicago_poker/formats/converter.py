"""The converter of the JSON forms: commands, events, states and views as JSON data, and back.

One cattrs converter serves the game log (:mod:`chicago_poker.formats.log`) and the JSON of
single objects (:mod:`chicago_poker.formats.jsonio`), so that a command or an event has one
JSON form wherever it travels: an object with its class name as ``type`` first, cards and
tiles as their text forms (``"9R"``, ``"Speakeasy#1"``), enumerations by value, tuples and
frozensets as lists.

>>> from chicago_poker.core.commands import Command, PlayGangster
>>> from chicago_poker.core.cards import parse_card, parse_tile
>>> converter.unstructure(PlayGangster(0, parse_card("9R"), parse_tile("Speakeasy#1")), Command)
{'type': 'PlayGangster', 'player': 0, 'card': '9R', 'business': 'Speakeasy#1'}

Reading is strict: :func:`structure` reads a tagged command or event and refuses anything
else with a :class:`~chicago_poker.core.errors.LogFormatError` that names the field. The
hooks of each class are generated the first time the class is read or written, not at import.
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs
import cattrs
import orjson
from cattrs.cols import namedtuple_dict_structure_factory, namedtuple_dict_unstructure_factory
from cattrs.preconf.json import make_converter

from chicago_poker.core.cards import (
    BusinessTile,
    Card,
    GangsterCard,
    SpecialCard,
    card_order,
    parse_card,
    parse_tile,
)
from chicago_poker.core.commands import Command
from chicago_poker.core.errors import ChicagoPokerError, LogFormatError
from chicago_poker.core.events import Event
from chicago_poker.core.redacted_commands import RedactedCommand, SeenCommand
from chicago_poker.core.redacted_events import RedactedEvent, SeenEvent
from chicago_poker.core.views import PlayerView
from chicago_poker.formats.json_checks import keys_phrase

__all__ = [
    "COMMANDS_BY_NAME",
    "COMMAND_TYPES",
    "EVENTS_BY_NAME",
    "EVENT_TYPES",
    "LEAN_ERRORS",
    "REDACTED_COMMAND_TYPES",
    "REDACTED_EVENT_TYPES",
    "SEEN_COMMANDS_BY_NAME",
    "SEEN_EVENTS_BY_NAME",
    "STRUCTURED_CACHE",
    "clear_structured",
    "converter",
    "events_json",
    "format_exception",
    "json_type",
    "lean_hook",
    "path_first",
    "record_fields",
    "same_events",
    "structure",
    "without_none",
]

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


def _register_writers(conv: cattrs.Converter) -> None:
    """Teach ``conv`` to write cards and tiles as their names, and frozensets as arrays."""
    for card_class in (GangsterCard, SpecialCard, BusinessTile):
        conv.register_unstructure_hook(card_class, str)
    conv.register_unstructure_hook_func(lambda tp: tp == Card, str)
    conv.register_unstructure_hook_factory(_is_frozenset, _unstructure_frozenset)


def _make_converter(*, detailed: bool = True) -> cattrs.Converter:
    """The format's converter; ``detailed=False`` makes one that says less when data is wrong.

    Both read and write the same data alike: only their errors differ. Without the details,
    cattrs generates shorter hooks, which do not gather every problem of an object.
    """
    conv = make_converter(forbid_extra_keys=True, detailed_validation=detailed)
    _register_writers(conv)
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
    # A view is a named tuple: an object of its fields, as an attrs class is, not an array.
    conv.register_unstructure_hook_factory(_is(PlayerView), namedtuple_dict_unstructure_factory)
    conv.register_structure_hook_factory(_is(PlayerView), _structure_record)
    return conv


def _structure_record(cls: Any, conv: cattrs.BaseConverter) -> Callable[[Any, Any], Any]:
    """The hook that reads the named tuple ``cls`` from the object of its fields.

    Keys it does not name are refused, as the converter refuses them for attrs classes.
    """
    return namedtuple_dict_structure_factory(cls, conv, "from_converter", True)


def record_fields(cls: Any) -> tuple[tuple[str, Any], ...] | None:
    """The fields of a class the JSON forms write as an object, with their types; else None.

    Such a class is an attrs class, or a named tuple such as
    :class:`~chicago_poker.core.views.PlayerView`: both are written as the object of their
    fields.

    >>> record_fields(PlayerView)[:2]
    (('seat', int | None), ('options', <class 'chicago_poker.core.rules.RuleOptions'>))
    >>> record_fields(int) is None
    True
    """
    if not isinstance(cls, type):
        return None
    if attrs.has(cls):
        return tuple((field.name, field.type) for field in attrs.fields(attrs.resolve_types(cls)))
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        hints = typing.get_type_hints(cls)
        return tuple((name, hints[name]) for name in cls._fields)
    return None


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
"""The cattrs converter of the JSON forms, the log's and :mod:`~chicago_poker.formats.jsonio`'s.

``converter.unstructure(command, Command)`` gives the JSON object of a command with its
``type`` tag; ``converter.structure(obj, Command)`` reads one back (likewise with ``Event``).
Cards and tiles are their text forms, enumerations their values, tuples and frozensets lists
(frozensets sorted, cards in display order), the rule options
(:class:`~chicago_poker.core.rules.RuleOptions`) an object.
"""


def format_exception(exc: BaseException, tp: type | None) -> str:
    """What is wrong with data that did not structure as ``tp``, path first, in one line."""
    if isinstance(exc, ChicagoPokerError):
        return str(exc)
    if isinstance(exc, TypeError) and str(exc).startswith("expected "):
        return str(exc)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return keys_phrase("unknown", sorted(exc.extra_fields))
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
    """The structure hook of each class from the converter without details (see lean_hook)."""

    def __missing__(self, cls: type) -> Callable[[Any, type], Any]:
        hook = self[cls] = lean_hook(cls)
        return hook


_LEAN_HOOKS: Final = _LeanHooks()


def structure(value: object, by_name: Mapping[str, type], path: str) -> Any:
    """Structure a tagged command or event; raise LogFormatError naming the field.

    ``by_name`` holds the classes that may be read here by name, such as
    ``COMMANDS_BY_NAME``. Commands and events are immutable and recur (a seat's draw, the
    start of its action phase), so each is read once from its JSON text and kept, at most
    :data:`STRUCTURED_CACHE` of them (:func:`clear_structured` empties the cache).
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


def clear_structured() -> None:
    """Forget the commands and events read so far (see :func:`structure`)."""
    _STRUCTURED.clear()


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
    return _structure_in_detail(fields, cls, tag, path)


def _structure_in_detail(fields: dict[str, Any], cls: type, tag: object, path: str) -> Any:
    """An object of ``cls`` from ``fields``, or an error that gathers each of their problems."""
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
    return orjson.dumps(raw) == events_json(events)


def events_json(events: Sequence[Event]) -> bytes:
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


LEAN_ERRORS: Final = (cattrs.BaseValidationError, cattrs.errors.CattrsError)
"""What the converter without details raises besides the errors of the hooks."""


@functools.cache
def lean_hook(cls: type) -> Callable[[Any, type], Any]:
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
