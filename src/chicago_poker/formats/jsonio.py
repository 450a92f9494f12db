"""JSON first: states, views, commands and events as JSON-ready data, and back.

:func:`to_json` turns a :class:`~chicago_poker.core.state.GameState`, a seat's
:class:`~chicago_poker.core.views.PlayerView`, a command or an event (plain or redacted), or a list
of them (such as the legal commands), into JSON-ready data: dicts, lists, strings, integers,
booleans and None, which ``json.dumps`` writes as it is. One reader per kind turns such data
back into the object, equal to the one written: :func:`state_from_json`,
:func:`view_from_json`, :func:`command_from_json`, :func:`commands_from_json`,
:func:`event_from_json`, :func:`seen_command_from_json` and :func:`seen_event_from_json`.

The JSON of a command or event is exactly that of a game log line
(:mod:`chicago_poker.formats.log`), made by the same converter
(:mod:`chicago_poker.formats.converter`): an object with its class name as ``type`` first, cards
and tiles as their text forms (``"9R"``, ``"Speakeasy#1"``), enumerations by value, sets as
sorted lists. The JSON Schemas of these forms ship with the package
(:mod:`chicago_poker.formats.schemas`).

>>> from chicago_poker.core.cards import parse_card, parse_tile
>>> from chicago_poker.core.commands import PlayGangster
>>> data = to_json(PlayGangster(0, parse_card("9R"), parse_tile("Speakeasy#1")))
>>> data
{'type': 'PlayGangster', 'player': 0, 'card': '9R', 'business': 'Speakeasy#1'}
>>> command_from_json(data) == PlayGangster(0, parse_card("9R"), parse_tile("Speakeasy#1"))
True

The readers check the form of the data, not the rules: a state read back is exactly the one
written, but a state made up by hand may be one no game can reach.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias, TypeVar, overload

import cattrs

from chicago_poker.core.commands import Command
from chicago_poker.core.errors import (
    ArgumentTypeError,
    ChicagoPokerError,
    JSONFormatError,
    LogFormatError,
    short_repr,
)
from chicago_poker.core.events import Event
from chicago_poker.core.redacted_commands import SeenCommand
from chicago_poker.core.redacted_events import SeenEvent
from chicago_poker.core.state import GameState
from chicago_poker.core.views import PlayerView
from chicago_poker.formats.converter import (
    COMMANDS_BY_NAME,
    EVENTS_BY_NAME,
    SEEN_COMMANDS_BY_NAME,
    SEEN_EVENTS_BY_NAME,
    converter,
    format_exception,
    json_type,
    path_first,
    record_fields,
    structure,
    without_none,
)

__all__ = [
    "JSONObject",
    "Serializable",
    "command_from_json",
    "commands_from_json",
    "event_from_json",
    "seen_command_from_json",
    "seen_event_from_json",
    "state_from_json",
    "to_json",
    "view_from_json",
]

JSONObject: TypeAlias = dict[str, Any]
"""A JSON object as Python data: string keys, values of the JSON types."""

Serializable: TypeAlias = GameState | PlayerView | SeenCommand | SeenEvent
"""What :func:`to_json` takes, alone or in a list: a state, a view, a command or an event."""

_T = TypeVar("_T")

_UNSTRUCTURE_AS: Final[Mapping[type, Any]] = {
    **dict.fromkeys(SEEN_COMMANDS_BY_NAME.values(), SeenCommand),
    **dict.fromkeys(SEEN_EVENTS_BY_NAME.values(), SeenEvent),
    GameState: GameState,
    PlayerView: PlayerView,
}
"""What :func:`to_json` unstructures each class it takes as: commands and events as tagged."""


@functools.cache
def _unstructure_hook(tp: Any) -> Callable[[Any], JSONObject]:
    """The converter's hook for ``tp``, looked up once, on first use rather than at import."""
    hook: Callable[[Any], JSONObject] = converter.get_unstructure_hook(tp)
    return hook


@overload
def to_json(obj: Serializable) -> JSONObject: ...


@overload
def to_json(obj: Sequence[Serializable]) -> list[JSONObject]: ...


def to_json(obj: Serializable | Sequence[Serializable]) -> JSONObject | list[JSONObject]:
    """The JSON-ready data of a state, a view, a command or an event, or of a list of them.

    A command or event is an object with its class name as ``type`` first, as in a game log;
    a state or a view is an object of its fields. A list or tuple gives a list.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=7)
    >>> to_json(game.legal_commands())[:2]  # doctest: +NORMALIZE_WHITESPACE
    [{'type': 'DrawCard', 'player': 0},
     {'type': 'PlayGangster', 'player': 0, 'card': '1R', 'business': 'Brewery#2'}]
    >>> sorted(to_json(game.state))  # doctest: +NORMALIZE_WHITESPACE
    ['businesses', 'discard_pile', 'draw_pile', 'first_player', 'idle_turns', 'last_winner',
     'markers_placed', 'options', 'pending_draws', 'players', 'previous_turn', 'shootout',
     'stalled_turns', 'tile_pile', 'turn', 'vacancies', 'victory', 'winner']

    Raises:
        ArgumentTypeError: ``obj`` is none of these, or a list holds something else.
    """
    if isinstance(obj, list | tuple) and type(obj) not in _UNSTRUCTURE_AS:  # a view is a tuple
        return [_to_json(item, f"obj[{index}]") for index, item in enumerate(obj)]
    return _to_json(obj, "obj")


def _to_json(obj: object, argument: str) -> JSONObject:
    unstructure_as = _UNSTRUCTURE_AS.get(type(obj))
    if unstructure_as is None:
        raise ArgumentTypeError(
            f"{argument} must be a GameState, a PlayerView, a command or an event (plain or "
            f"redacted), or a list of them, not {short_repr(obj)}"
        )
    result: JSONObject = _lists(_unstructure_hook(unstructure_as)(obj))
    return result


def _lists(value: Any) -> Any:
    """``value`` with every tuple a list: the converter leaves tuples of mixed types as tuples.

    ``json.dumps`` writes both as arrays, but JSON-ready data has lists only, so that data
    read with ``json.loads`` equals the data written.
    """
    if isinstance(value, dict):
        return {key: _lists(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_lists(item) for item in value]
    return value


def state_from_json(data: object) -> GameState:
    """The :class:`~chicago_poker.core.state.GameState` of its JSON data (from :func:`to_json`).

    Raises:
        JSONFormatError: ``data`` is not the JSON of a state; the message names the field.
    """
    return _read_class(data, GameState)


def view_from_json(data: object) -> PlayerView:
    """The :class:`~chicago_poker.core.views.PlayerView` of its JSON data (from :func:`to_json`).

    Raises:
        JSONFormatError: ``data`` is not the JSON of a view; the message names the field.
    """
    return _read_class(data, PlayerView)


def command_from_json(data: object) -> Command:
    """The command of its JSON data, as :func:`to_json` and game logs write it.

    Raises:
        JSONFormatError: ``data`` is not the JSON of a command; the message names the field.
    """
    command: Command = _read_tagged(data, COMMANDS_BY_NAME, "$")
    return command


def commands_from_json(data: object) -> tuple[Command, ...]:
    """The commands of a JSON list, such as that of the legal commands of a state.

    >>> from chicago_poker.players.game import Game
    >>> from chicago_poker.core.legal import legal_commands
    >>> state = Game.new(["Al", "Bugs"], seed=7).state
    >>> commands_from_json(to_json(legal_commands(state))) == legal_commands(state)
    True

    Raises:
        JSONFormatError: ``data`` is not a list of commands; the message names the item.
    """
    if type(data) is not list:
        raise JSONFormatError(f"$: expected an array of commands, not {json_type(data)}")
    return tuple(
        _read_tagged(item, COMMANDS_BY_NAME, f"$[{index}]") for index, item in enumerate(data)
    )


def event_from_json(data: object) -> Event:
    """The event of its JSON data, as :func:`to_json` and game logs write it.

    Raises:
        JSONFormatError: ``data`` is not the JSON of an event; the message names the field.
    """
    event: Event = _read_tagged(data, EVENTS_BY_NAME, "$")
    return event


def seen_command_from_json(data: object) -> SeenCommand:
    """A command as a seat sees it: plain, or redacted (``RedactedPlayGangster``, say).

    Raises:
        JSONFormatError: ``data`` is not the JSON of a command, plain or redacted.
    """
    command: SeenCommand = _read_tagged(data, SEEN_COMMANDS_BY_NAME, "$")
    return command


def seen_event_from_json(data: object) -> SeenEvent:
    """An event as a seat sees it: plain, or redacted (``RedactedCardDrawn``, say).

    >>> seen_event_from_json({"type": "RedactedCardDrawn", "player": 1, "card": None})
    RedactedCardDrawn(player=1, card=None)

    Raises:
        JSONFormatError: ``data`` is not the JSON of an event, plain or redacted.
    """
    event: SeenEvent = _read_tagged(data, SEEN_EVENTS_BY_NAME, "$")
    return event


# --- reading --------------------------------------------------------------------------------


def _read_tagged(data: object, by_name: Mapping[str, type], path: str) -> Any:
    """A command or event, read as a game log reads one; errors become JSONFormatError."""
    try:
        return structure(data, by_name, path)
    except LogFormatError as error:
        raise JSONFormatError(str(error)) from error


def _read_class(data: object, cls: type[_T]) -> _T:
    name = cls.__name__
    if type(data) is not dict:
        raise JSONFormatError(f"{name}: $: expected an object, not {json_type(data)}")
    try:
        _check_arrays(data, cls, "$")
        return converter.structure(data, cls)
    except _ArrayError as error:
        raise JSONFormatError(f"{name}: {error}") from None
    except cattrs.ClassValidationError as error:
        problems = cattrs.transform_error(error, path="$", format_exception=format_exception)
        raise JSONFormatError(f"{name}: " + "; ".join(path_first(p) for p in problems)) from error
    except (ChicagoPokerError, TypeError, ValueError) as error:  # as the log's reader does
        raise JSONFormatError(f"{name}: $: {format_exception(error, None)}") from error


class _ArrayError(Exception):
    """A set or tuple that is not a JSON array, or a set with an item twice."""


def _check_arrays(value: object, tp: Any, path: str) -> None:
    """Refuse, at ``path``, a set or tuple that is not an array, or a set with a repeat.

    The converter would read a string as the tuple of its characters, an object as the
    tuple of its keys, and a set from an array with an item twice: an equal round trip needs
    each set written once, as :func:`to_json` writes it.
    """
    if value is None:
        return
    fields = record_fields(tp)
    if fields is not None:
        if type(value) is dict:
            _check_fields(value, fields, path)
        return
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        _check_arrays(value, without_none(tp), path)
    if origin is not tuple and origin is not frozenset:
        return
    if type(value) is not list:
        raise _ArrayError(f"{path}: expected an array, not {json_type(value)}")
    _check_items(value, origin, args, path)


def _check_fields(value: dict[str, Any], fields: tuple[tuple[str, Any], ...], path: str) -> None:
    """:func:`_check_arrays` for each field of a class (:func:`record_fields`) an object gives."""
    for name, tp in fields:
        if name in value:
            _check_arrays(value[name], tp, f"{path}.{name}")


def _check_items(value: list[Any], origin: Any, args: tuple[Any, ...], path: str) -> None:
    """:func:`_check_arrays` for each item of an array read as a tuple or a frozenset."""
    if origin is tuple and Ellipsis not in args:
        if len(value) != len(args):
            raise _ArrayError(f"{path}: expected an array of {len(args)} items, not {len(value)}")
        items = args
    else:
        items = (args[0],) * len(value)
    for index, (item, item_type) in enumerate(zip(value, items, strict=False)):
        _check_arrays(item, item_type, f"{path}[{index}]")
    if origin is frozenset:
        _check_repeats(value, path)


def _check_repeats(items: list[Any], path: str) -> None:
    seen: set[object] = set()
    for index, item in enumerate(items):
        key = _hashable(item)
        if key in seen:
            raise _ArrayError(
                f"{path}[{index}]: {short_repr(item)} is there twice; a set holds each item once"
            )
        seen.add(key)


def _hashable(value: object) -> object:
    """``value`` with its lists as tuples, to be put in a set (keys and JSON types kept)."""
    if isinstance(value, list):
        return tuple(_hashable(item) for item in value)
    if isinstance(value, dict):
        return tuple((key, _hashable(item)) for key, item in value.items())
    return (type(value), value)
